"""Speed of the running queries (R4): prints figures, asserts nothing.

    .venv/bin/python bench/bench_run.py

Targets (issue 3): on a 64×64 open map, `run_reach` with 15 squares left under 5 ms
median, `run_probability_map` under 50 ms; the same printed for the largest shipped map.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arena_game.core import ScriptedDice, start_match  # noqa: E402
from arena_game.core.board import Board  # noqa: E402
from arena_game.core.rules.running_chances import run_probability_map  # noqa: E402
from arena_game.core.rules.running_reach import run_distribution, run_reach  # noqa: E402
from arena_game.core.settings import DEFAULT_SETTINGS  # noqa: E402
from arena_game.core.sheets import FighterSheet, Team  # noqa: E402
from arena_game.core.state import MatchState, RunProgress  # noqa: E402
from arena_game.core.terrain import Terrain  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402


def median_ms(fn: Callable[[], object], repeat: int = 40) -> tuple[float, float]:
    """Median and best time of `fn` in milliseconds (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def match_on(board: Board, runner_at: tuple[int, int], opponents: list[tuple[int, int]], physique: int) -> MatchState:
    runner = FighterSheet(id="runner", name="Runner", team="red", pv=20, attributes={"physique": physique},
                          skills={"course": 5})
    foes = [FighterSheet(id=f"foe{i}", name=f"Foe {i}", team="blue", pv=20) for i in range(len(opponents))]
    teams = [Team(id="red", name="Red", fighters=[runner]), Team(id="blue", name="Blue", fighters=foes)]
    placements = {"runner": runner_at, **{f"foe{i}": sq for i, sq in enumerate(opponents)}}
    order = ["runner", *placements.keys() - {"runner"}]
    state, _ = start_match(board, teams, placements, DEFAULT_SETTINGS, ScriptedDice([]), sorted(order, key=order.index))
    return state


def under_way(state: MatchState, left: int) -> MatchState:
    """The runner has run 1 square east and has `left` squares left (a rolled run)."""
    s = state.clone()
    f = s.active
    x, y = f.position
    s.budget.moved = "run"
    s.budget.run = RunProgress(declared=[(x + 1, y)], granted=left + 1, path=[(x, y), (x + 1, y)])
    f.position = (x + 1, y)
    return s


def open_board(n: int) -> Board:
    rows = [[Terrain.WALL if x in (0, n - 1) or y in (0, n - 1) else Terrain.FLOOR for x in range(n)] for y in range(n)]
    return Board.from_rows(rows, name=f"open {n}×{n}")


def report(name: str, state: MatchState) -> None:
    t0 = time.perf_counter()
    run_probability_map(state)  # the first call on a board builds its tables (cached)
    first = (time.perf_counter() - t0) * 1000
    dist = run_distribution(state)
    print(f"\n{name}: {state.board.width}×{state.board.height}, runner at {state.active.position}, "
          f"granted squares {min(dist)}–{max(dist)}")
    s15 = under_way(state, 15)
    med, best = median_ms(lambda: run_reach(s15))
    print(f"  run_reach, 15 squares left     : median {med:7.2f} ms  (best {best:.2f})  "
          f"{len(run_reach(s15))} squares   target < 5 ms")
    med, best = median_ms(lambda: run_probability_map(state), repeat=20)
    print(f"  run_probability_map            : median {med:7.2f} ms  (best {best:.2f})  "
          f"{len(run_probability_map(state))} squares   target < 50 ms")
    med, best = median_ms(lambda: run_probability_map(state, count_tackles=True), repeat=20)
    print(f"  run_probability_map (tackles)  : median {med:7.2f} ms  (best {best:.2f})")
    print(f"  first query on the board       : {first:7.2f} ms  (builds the board's step tables once)")


def main() -> None:
    board = open_board(64)
    foes = [(40, 30), (36, 36), (28, 26), (10, 10)]
    # Physique 55 + Course 5: the roll grants 12 to 15 squares (R4.2: 61–80 → 12–15).
    report("open map, runner granted up to 15 squares", match_on(board, (32, 32), foes, physique=55))
    report("open map, ordinary runner (Physique 3, Course 5)", match_on(board, (32, 32), foes, physique=3))
    maps = sorted((ROOT / "maps").glob("*.toml"), key=lambda p: -(lambda b: b.width * b.height)(load_map(p)))
    big = load_map(maps[0])
    spawns = [sq for squares in big.spawns.values() for sq in squares]
    start = spawns[0]
    others = [sq for sq in spawns[1:] if abs(sq[0] - start[0]) > 2][:3]
    report(f"largest shipped map {maps[0].name}", match_on(big, start, others, physique=55))


if __name__ == "__main__":
    main()
