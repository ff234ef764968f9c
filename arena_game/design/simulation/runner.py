"""Play a series of bot matches: in this process, in local worker processes, or on a Dask
distributed cluster when a scheduler is given (`--scheduler tcp://host:8786` or
`$ARENA_GAME_SCHEDULER`).

Each match's seed depends only on the series seed and the match's index, and results
are put back in index order, so the report is the same whatever the backend and the
number of workers.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

from arena_game.bots.match import MatchRecord, MatchSetup, match_seed, play_bot_match
from arena_game.design.simulation import cluster
from arena_game.design.simulation.cluster import (
    CONNECT_SECONDS,
    ClusterProblem,
    lost,
    quiet_dask,
    unreachable,
)

Progress = Callable[[int, int], None]
SCHEDULER_ENV = "ARENA_GAME_SCHEDULER"

_WORKER_SETUP: MatchSetup | None = None


def local_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system tells it): the
    default number of local workers of `simulate` and `sweep`."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _init_worker(setup: MatchSetup) -> None:
    global _WORKER_SETUP  # one set-up per worker process, sent once
    _WORKER_SETUP = setup


def _play_chunk(series_seed: int, indices: list[int]) -> list[MatchRecord]:
    assert _WORKER_SETUP is not None
    return play_chunk(_WORKER_SETUP, series_seed, indices)


def play_chunk(setup: MatchSetup, series_seed: int, indices: list[int]) -> list[MatchRecord]:
    """Play the matches `indices` of a series (what one worker task does)."""
    with quiet_collector():
        return [play_bot_match(setup, match_seed(series_seed, i), i) for i in indices]


SERIES_GC_THRESHOLD = 20_000  # young objects between two collections (Python's default: 700)


@contextmanager
def quiet_collector() -> Iterator[None]:
    """Bot matches make and drop many small objects (states, events, plans) but few cycles:
    while they play, the cycle collector runs rarely and never walks what was alive before
    (the rules, the board's kept tables), then is put back as it was. A match's garbage is
    freed by reference counting either way; this only saved the passes (~4% of a series)."""
    before = gc.get_threshold()
    mine = gc.get_freeze_count() == 0  # a caller's own frozen objects (the window's) stay frozen
    if mine:
        gc.freeze()
    gc.set_threshold(SERIES_GC_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if mine:
            gc.unfreeze()


def chunks(matches: int, workers: int, largest: int = 8) -> list[list[int]]:
    """Match indices 0..matches-1 cut into tasks for `workers`, largest first, shrinking
    towards single matches: big tasks early cost little to send, and small ones at the
    end keep a worker from idling while the other finishes a long task (the series waits
    for its slowest task)."""
    out: list[list[int]] = []
    start = 0
    while start < matches:
        left = matches - start
        size = max(1, min(largest, left // (workers * 4)))
        out.append(list(range(start, start + size)))
        start += size
    return out


def run_series(
    setup: MatchSetup, matches: int, seed: int, jobs: int = 1, progress: Progress | None = None,
    scheduler: Any = None, meanwhile: Callable[[], None] | None = None,
) -> list[MatchRecord]:
    """Play `matches` matches (indices 0..matches-1) and return their records in order.

    `scheduler`: a Dask scheduler address, or a `distributed.Client` (tests use an in-process
    `LocalCluster`); None plays here (`jobs` 1) or in `jobs` local processes.
    `meanwhile`: work of the caller's own that does not need the records (the report's map
    picture): done while the series plays (local workers: once one has no task left, on its
    free core; a cluster: at once), or after it when it plays here.
    """
    setup.check()
    if scheduler is not None:
        batches = _on_dask(setup, matches, seed, scheduler, meanwhile)
    elif jobs <= 1 or matches <= 1:
        batches = _here(setup, matches, seed, meanwhile)
    else:
        batches = _on_processes(setup, matches, seed, jobs, meanwhile)
    records: list[MatchRecord] = []
    for got in batches:
        records.extend(got)
        if progress:
            progress(len(records), matches)
    records.sort(key=lambda r: r.index)
    return records


def _here(setup: MatchSetup, matches: int, seed: int, meanwhile: Callable[[], None] | None) -> Iterator[list[MatchRecord]]:
    for i in range(matches):
        yield play_chunk(setup, seed, [i])
    if meanwhile:
        meanwhile()


def _on_processes(setup: MatchSetup, matches: int, seed: int, jobs: int,
                  meanwhile: Callable[[], None] | None = None) -> Iterator[list[MatchRecord]]:
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(setup,)) as ex:
        pending: set[Future[list[MatchRecord]]] = {ex.submit(_play_chunk, seed, c) for c in chunks(matches, jobs)}
        while pending:
            if meanwhile is not None and len(pending) < jobs:
                # What this process would do after the series is done once a worker has no
                # task left, on its free core, while the last matches play: the series' wall
                # time is its workers', and this keeps a short series' speed-up from being
                # capped by a fixed tail (docs/bots.md "Speed"); done earlier, it would take
                # CPU from the two workers.
                meanwhile()
                meanwhile = None
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                yield fut.result()
        if meanwhile is not None:  # the last tasks ended together
            meanwhile()


def _on_dask(setup: MatchSetup, matches: int, seed: int, scheduler: Any,
             meanwhile: Callable[[], None] | None = None) -> Iterator[list[MatchRecord]]:
    try:
        from distributed import Client, KilledWorker, as_completed
    except ImportError:
        raise ClusterProblem("no_dask") from None
    # the scheduler or a worker going away, or a worker without the game, in Dask's English words:
    # said with the catalog's (`cluster.lost`); the caller's own work (`meanwhile`) is not the cluster's
    gone = (OSError, CancelledError, KilledWorker, ImportError)
    done = 0
    with quiet_dask():
        own = not isinstance(scheduler, Client)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s") if own else scheduler
        except (OSError, TimeoutError, ValueError) as e:
            raise unreachable(scheduler, e) from None
        try:
            try:
                workers = len(client.scheduler_info().get("workers", {}))
                if not workers:
                    wait_for_a_worker(client, scheduler if own else client.scheduler.address)
                    workers = max(1, len(client.scheduler_info().get("workers", {})))
                remote = client.scatter(setup, broadcast=True)  # sent once to every worker
                futures = [client.submit(play_chunk, remote, seed, c, pure=False) for c in chunks(matches, workers)]
            except gone as e:
                raise lost(e, done, matches) from None
            if meanwhile:
                meanwhile()
            for fut in as_completed(futures):
                try:
                    got = fut.result()
                except gone as e:
                    raise lost(e, done, matches) from None
                done += len(got)
                yield got
        finally:
            if own:
                client.close()


def wait_for_a_worker(client: Any, address: object) -> None:
    """Return once the scheduler has a worker; a `ClusterProblem` (`cluster.no_workers`) when
    none joins within `cluster.WORKER_SECONDS` (tasks sent to a scheduler without workers wait
    for ever)."""
    from distributed.client import WorkerStartTimeoutError

    try:
        client.wait_for_workers(1, timeout=cluster.WORKER_SECONDS)
    except WorkerStartTimeoutError:
        raise ClusterProblem("no_workers", address=str(address), n=cluster.WORKER_SECONDS) from None


def scheduler_from(option: str | None) -> str | None:
    """The scheduler address: the option, else `$ARENA_GAME_SCHEDULER`, else None (local)."""
    return option or os.environ.get(SCHEDULER_ENV) or None
