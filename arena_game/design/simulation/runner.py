"""Play a series of bot matches, in parallel worker processes when asked.

Each match's seed depends only on the series seed and the match's index, and results
are put back in index order, so the report is the same whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from arena_game.bots.match import MatchRecord, MatchSetup, match_seed, play_bot_match

Progress = Callable[[int, int], None]

_WORKER_SETUP: MatchSetup | None = None


def _init_worker(setup: MatchSetup) -> None:
    global _WORKER_SETUP  # one set-up per worker process, sent once
    _WORKER_SETUP = setup


def _play_chunk(series_seed: int, indices: list[int]) -> list[MatchRecord]:
    assert _WORKER_SETUP is not None
    return [play_bot_match(_WORKER_SETUP, match_seed(series_seed, i), i) for i in indices]


def run_series(
    setup: MatchSetup, matches: int, seed: int, jobs: int = 1, progress: Progress | None = None
) -> list[MatchRecord]:
    """Play `matches` matches (indices 0..matches-1) and return their records in order."""
    setup.check()
    done = 0
    records: list[MatchRecord] = []
    if jobs <= 1 or matches <= 1:
        for i in range(matches):
            records.append(play_bot_match(setup, match_seed(seed, i), i))
            done += 1
            if progress:
                progress(done, matches)
        return records
    # Small chunks keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(8, matches // (jobs * 6)))
    chunks = [list(range(s, min(s + size, matches))) for s in range(0, matches, size)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(setup,)) as ex:
        pending: set[Future[list[MatchRecord]]] = {ex.submit(_play_chunk, seed, c) for c in chunks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                got = fut.result()
                records.extend(got)
                done += len(got)
                if progress:
                    progress(done, matches)
    records.sort(key=lambda r: r.index)
    return records
