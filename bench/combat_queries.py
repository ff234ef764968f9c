"""Benchmark of the combat queries the window calls on each state change (prints figures).

    .venv/bin/python bench/combat_queries.py

A 128×128 arena (the map size limit) with pillars, a firearm (the widest highlight:
every square is classed, line of sight included) and 12 fighters.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena_game.core import queries  # noqa: E402
from tests.builders import tiny_match  # noqa: E402


def arena(size: int) -> str:
    rows = []
    for y in range(size):
        row = "".join(
            "O" if (x % 9 == 4 and y % 7 == 3) else "#" if (x in (0, size - 1) or y in (0, size - 1)) else "."
            for x in range(size)
        )
        rows.append(row)
    return "\n".join(rows)


def timed(label: str, fn, repeat: int = 3) -> None:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    size = len(out) if hasattr(out, "__len__") else 1
    print(f"{label:<48} {best * 1000:9.1f} ms  ({size} items)")


def main() -> None:
    musket = {"name": "Mousquet", "family": "firearm", "range": 6, "damage": "2d6"}
    for size in (20, 128):  # the shipped maps are about 20×15; 128 is the size limit
        fighters = {"a": {"team": "red", "at": (size // 2, size // 2), "weapon": musket,
                          "attributes": {"sensoriel": 4}, "teleport_potions": 1}}
        for i in range(11):
            fighters[f"f{i}"] = {"team": "blue" if i % 2 else "red", "at": (1 + i, 1 + (i % 3))}
        state, _ = tiny_match(arena(size), fighters)
        print(f"-- {size}×{size} arena, 12 fighters, firearm")
        timed("attack_range_squares", lambda s=state: queries.attack_range_squares(s))
        timed("attack_targets with exact forecasts", lambda s=state: queries.attack_targets(s, include_allies=True))
        timed("teleport_targets (potion)", lambda s=state: queries.teleport_targets(s).potion)
        timed("available_actions", lambda s=state: queries.available_actions(s))


if __name__ == "__main__":
    main()
