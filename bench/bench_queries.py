"""The core queries the window asks on a click, at 64×64 (and 128×128 for scale).

A 4 vs 4 match on a generated map (walls, pillars, water, lava) with the active fighter
holding a teleport potion, mana and a bow, so every query has work to do. Each query is
timed in CPU time (min / median / p99 over calls on fresh copies of the state: answers
are kept per state, so the figure is the first time a state is asked), and the
first run query on a new board (which builds the board's run tables) separately.
Targets at 64×64: every query ≤ 2 ms (median), the run tables' build ≤ 20 ms.

    .venv/bin/python bench/bench_queries.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, cpu_ms, machine_note, print_rows, spread  # noqa: E402

QUERY_MS = 2.0
TABLE_MS = 20.0
QUERIES = (
    "available_actions", "walk_options", "swim_chances", "jump_targets", "run_probability_map",
    "teleport_targets", "attack_targets", "attack_range_squares", "push_options", "taunt_options",
    "circle_attack_squares",
)


def match_on(n: int, seed: int = 5):
    """A fresh board each call (so its tables are built anew), 4 vs 4, the runner in the middle."""
    from arena_game.core import ScriptedDice
    from arena_game.core.board import Board
    from arena_game.core.rules.turns import start_match
    from arena_game.core.settings import DEFAULT_SETTINGS
    from arena_game.core.sheets import FighterSheet, Team
    from arena_game.core.terrain import Terrain

    rng = random.Random(seed)
    rows = [[Terrain.WALL if x in (0, n - 1) or y in (0, n - 1) else Terrain.FLOOR for x in range(n)] for y in range(n)]
    for _ in range(n * n // 16):
        x, y = rng.randrange(1, n - 1), rng.randrange(1, n - 1)
        rows[y][x] = rng.choice((Terrain.PILLAR, Terrain.PILLAR, Terrain.WATER, Terrain.LAVA))
    mid = n // 2
    spots = [(mid, mid), (mid + 2, mid + 1), (mid - 3, mid + 2), (mid + 1, mid - 3),
             (mid + 1, mid), (mid + 6, mid - 2), (mid - 5, mid - 5), (mid - 1, mid + 7)]
    for x, y in spots:
        rows[y][x] = Terrain.FLOOR
    board = Board.from_rows(rows, name=f"queries {n}×{n}")
    bow = {"name": "Arc", "family": "bow", "range": 8, "damage": "1d8"}
    sheets = [FighterSheet.model_validate({
        "id": f"f{i}", "name": f"F{i}", "team": "red" if i < 4 else "blue", "pv": 20, "mana": 12,
        "teleport_potions": 1, "attributes": {"magie": 6, "physique": 4}, "skills": {"course": 3}, "weapon": bow,
    }) for i in range(8)]
    teams = [Team(id="red", name="Red", fighters=sheets[:4]), Team(id="blue", name="Blue", fighters=sheets[4:])]
    placements = {s.id: spots[i] for i, s in enumerate(sheets)}
    state, _ = start_match(board, teams, placements, DEFAULT_SETTINGS, ScriptedDice([]), [s.id for s in sheets])
    return state


def rows_for(n: int, repeat: int, judged: bool) -> list[Row]:
    """Each query's spread on one state, and the first run query on fresh boards."""
    from arena_game.core import queries

    # the board is made before the timing starts (`partial` binds it), the tables on the first call
    firsts = [cpu_ms(partial(queries.run_probability_map, match_on(n, seed))) for seed in range(1, 6)]
    _, med, worst = spread(firsts)
    rows = [Row("queries", f"{n}×{n} run tables built + first run_probability_map (median of 5 boards, "
                f"worst {worst:.2f})", med, "ms CPU", f"≤ {TABLE_MS:.0f}" if judged else "",
                med <= TABLE_MS if judged else None)]
    state = match_on(n)
    for name in QUERIES:
        fn = getattr(queries, name)
        fn(state)  # tables of this board built already
        # each call on a fresh copy of the state: `queries` keeps its answers per state, and
        # the figure is the first asking (a click); the copy is made before the timing
        samples = [cpu_ms(partial(fn, state.clone())) for _ in range(repeat)]
        lo, med, p99 = spread(samples)
        rows.append(Row("queries", f"{n}×{n} {name}: median (min {lo:.2f}, p99 {p99:.2f})", med, "ms CPU",
                        f"≤ {QUERY_MS:.0f}" if judged else "", med <= QUERY_MS if judged else None))
    return rows


def run(quick: bool = False) -> list[Row]:
    """Every figure of this bench."""
    repeat = 10 if quick else 40
    return rows_for(64, repeat, True) + rows_for(128, max(5, repeat // 4), False)


def main() -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true", help="the rows as one JSON line (run_all.py)")
    args = ap.parse_args()
    print(f"core queries bench on {machine_note()}")
    print_rows(run(args.quick), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
