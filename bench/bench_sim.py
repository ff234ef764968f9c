"""Simulation speed: full 4 vs 4 bot matches on the classic arena.

Prints matches per second on one core (one process) and with 2 worker processes, and
the scaling from 1 to 2 jobs. Target: at least 10 full matches per second per core.

    .venv/bin/python bench/bench_sim.py [--matches N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena_game.bots.match import MatchSetup  # noqa: E402
from arena_game.design.simulation.report import build_report  # noqa: E402
from arena_game.design.simulation.runner import run_series  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import find_map  # noqa: E402

TEAMS = Path(__file__).with_name("teams-4v4.toml")
TARGET = 10.0


def main() -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=40, help="round cap (draw beyond)")
    ap.add_argument("--profile", action="store_true", help="cProfile one process and print the top")
    args = ap.parse_args()
    setup = MatchSetup(load_map(find_map("arene-classique")), tuple(load_teams(TEAMS)), round_cap=args.rounds)
    print(f"4 vs 4 on {setup.board.name}, {args.matches} matches, round cap {args.rounds}, "
          f"{os.cpu_count()} CPU(s) on this machine")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run_series(setup, args.matches, seed=1, jobs=1)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return 0
    rates = {}
    for jobs in (1, 2):
        cpu0 = time.process_time()
        t0 = time.perf_counter()
        recs = run_series(setup, args.matches, seed=1, jobs=jobs)
        dt = time.perf_counter() - t0
        cpu = time.process_time() - cpu0
        rates[jobs] = args.matches / dt
        rep = build_report(setup, recs, 1)
        extra = f", {args.matches / cpu:.1f} per CPU-second" if jobs == 1 else ""
        print(f"  jobs={jobs}: {rates[jobs]:6.1f} matches/s wall{extra}  ({dt:.2f} s; "
              f"mean {rep['rounds']['mean']} rounds, {rep['draws']['count']} draws, "
              f"{sum(rep['deaths_by_cause'].values())} deaths)")
        if jobs == 1:
            per_cpu = args.matches / cpu
    # One process keeps one core busy: its CPU time is the per-core figure, and it does
    # not depend on what else the (shared) machine is running.
    print(f"matches per second per core: {per_cpu:.1f} (target ≥ {TARGET:.0f}: "
          f"{'met' if per_cpu >= TARGET else 'NOT met'})")
    print(f"scaling 1 → 2 jobs (wall): ×{rates[2] / rates[1]:.2f} (ideal ×2.00; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
