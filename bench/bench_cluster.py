"""Where balance series scale: matches per second on local Dask workers (1, 2, 4) beside
the local process pool, same series, same seed (the reports are checked identical).

    .venv/bin/python bench/bench_cluster.py [--matches 80] [--map arene-classique]

Wall-clock time is what a designer waits for, so this one bench measures it (not CPU time);
the load average is printed beside it, since other work on the machine slows every row.
A row whose workers outnumber the cores cannot go faster than the cores allow.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time

from distributed import Client, LocalCluster

from arena_game.bots.match import MatchSetup
from arena_game.design.simulation.report import build_report
from arena_game.design.simulation.runner import run_series
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=80)
    ap.add_argument("--map", default="arene-classique")
    args = ap.parse_args()
    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # shutdown chatter
    setup = MatchSetup(load_map(find_map(args.map)), tuple(load_teams(default_teams_path())))
    print(f"{args.matches} matches on {args.map}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    reference = None
    rows: list[tuple[str, int, int | None]] = [("local processes", 1, None), ("local processes", 2, None)]
    rows += [("Dask local workers", w, w) for w in (1, 2, 4)]
    for backend, n, workers in rows:
        start = time.perf_counter()
        if workers is None:
            records = run_series(setup, args.matches, 1, jobs=n)
        else:
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None, silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
                client.wait_for_workers(workers)
                start = time.perf_counter()  # the cluster's start-up is not the series' cost
                records = run_series(setup, args.matches, 1, scheduler=client)
        took = time.perf_counter() - start
        report = json.dumps(build_report(setup, records, 1), sort_keys=True)
        reference = reference or report
        same = "same report" if report == reference else "REPORT DIFFERS"
        print(f"  {backend:20s} {n} worker(s): {args.matches / took:6.1f} matches/s  ({took:5.1f} s, {same}, "
              f"load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
