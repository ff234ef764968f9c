"""Bot-vs-bot speed and memory: what a designer running `simulate` waits for.

- 4 vs 4 on `arene-classique`: matches per CPU-second in one process for `simulate`'s quick
  level (`--level fast`, target ≥ 20) and for its default, `strong`, the matches of each
  level interleaved with a baseline (the bot before issue 20, `bench/legacy_bot/`, frozen),
  so a busy machine shows as a slower baseline; and the CPU time per match (min / median / p99).
  A series of 100 matches per level, as `simulate` plays by default, on one board loaded for
  the bench (its first matches fill the tables kept with the board, as in `simulate`).
- Fighter sweep: 8, 16 and 32 fighters on a generated open arena, both levels interleaved:
  CPU per match and per action, and how the cost per match grows with the fighters (printed, no target).
- `arena-game simulate --jobs 2` against `--jobs 1`: the real command in a process of its
  own, wall and CPU time (its workers' included) of both, on simulate's default series (100
  matches, the two runs alternated twice) at the default level (`strong`) and at `fast`, and
  on a balance series at `fast` (1,000 matches, once each): target ×1.8 (wall) where two cores are free. The start (Python, the rules), the
  report and the heatmaps are the same in both runs and cannot be shared, so they cap a short
  series' speed-up; the bench prints that part. The command runs with its bytecode cached,
  as an installed package does. This machine is shared: the figure is only judged when two
  CPUs stood idle in the 2 s before and the other processes used under 0.2 CPU while the
  series played (/proc/stat, less the bench's own CPU; the load average, a minute late, is
  printed beside it). `--jobs-only` runs just this part.
- Memory: the peak resident memory (VmHWM) of each worker process, read from /proc while
  the command runs (target < 100 MiB).

    .venv/bin/python bench/bench_sim.py [--matches N] [--quick] [--rates-only] [--jobs-only] [--profile [LEVEL]]
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import math
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Row, busy_cores, cpu_ticks, machine_note, print_rows, rss_mib, spread  # noqa: E402

from arena_game.bots.match import MatchSetup, match_seed, play_bot_match  # noqa: E402
from arena_game.bots.style import QUICK_LEVEL, SIMULATE_LEVEL  # noqa: E402
from arena_game.core.board import Board  # noqa: E402
from arena_game.core.sheets import Team  # noqa: E402
from arena_game.core.terrain import Terrain  # noqa: E402
from arena_game.design.simulation.runner import quiet_collector, run_series  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import find_map  # noqa: E402

TEAMS = Path(__file__).with_name("teams-4v4.toml")
RATE_TARGET = 20.0
SCALING_TARGET = 1.8
WORKER_MIB = 100.0
SERIES = 100  # matches per level in the rate rows: simulate's default series (its first matches fill the board's tables)


def classic_setup(rounds: int = 40) -> MatchSetup:
    """4 vs 4 on the shipped classic arena."""
    return MatchSetup(load_map(find_map("arene-classique")), tuple(load_teams(TEAMS)), round_cap=rounds,
                      bot_level=QUICK_LEVEL)


def sweep_setup(per_team: int, rounds: int = 40) -> MatchSetup:
    """`per_team` against `per_team` on a generated 24×24 arena (walls round, four pillars),
    the 4v4 fighters repeated with new ids."""
    n = 24
    rows = [[Terrain.WALL if x in (0, n - 1) or y in (0, n - 1) else Terrain.FLOOR for x in range(n)] for y in range(n)]
    for x, y in ((8, 8), (15, 8), (8, 15), (15, 15)):
        rows[y][x] = Terrain.PILLAR
    west = tuple((x, y) for x in (1, 2) for y in range(2, 22))
    east = tuple((x, y) for x in (22, 21) for y in range(2, 22))
    board = Board.from_rows(rows, name=f"sweep {n}×{n}", spawns={"1": west, "2": east})
    base = load_teams(TEAMS)
    teams = []
    for t in base:
        fighters = [
            f.model_copy(update={"id": f"{f.id}{k}", "name": f"{f.name} {k}"})
            for k in range(-(-per_team // len(t.fighters))) for f in t.fighters
        ][:per_team]
        teams.append(Team(id=t.id, name=t.name, colour=t.colour, fighters=fighters))
    return MatchSetup(board, tuple(teams), round_cap=rounds, bot_level=QUICK_LEVEL)


BASELINE = "baseline"  # the bot before issue 20 (bench/legacy_bot), a frozen reference


def _baseline_bots(setup: MatchSetup, seed: int) -> dict[str, Any]:
    from legacy_bot import Bot as OldBot

    rng = random.Random(seed)
    return {t.id: OldBot(random.Random(rng.getrandbits(63))) for t in setup.teams}


def interleaved(setup: MatchSetup, levels: tuple[str, ...], matches: int) -> dict[str, tuple[list[float], int]]:
    """Per level (or BASELINE): the CPU milliseconds of each match and the actions played,
    match i of every level played one after the other, so all see the machine alike; with the
    collector as `simulate` has it (`quiet_collector`), for every level alike."""
    out: dict[str, tuple[list[float], int]] = {lv: ([], 0) for lv in levels}
    with quiet_collector():
        _interleave(setup, levels, matches, out)
    return out


def _interleave(setup: MatchSetup, levels: tuple[str, ...], matches: int,
                out: dict[str, tuple[list[float], int]]) -> None:
    for i in range(matches):
        for lv in levels:
            seed = match_seed(1, i)
            bots = _baseline_bots(setup, seed) if lv == BASELINE else None
            one = setup if lv == BASELINE else dataclasses.replace(setup, bot_level=lv)
            t0 = time.process_time()
            rec = play_bot_match(one, seed, i, bots=bots)
            times, actions = out[lv]
            times.append((time.process_time() - t0) * 1000)
            out[lv] = (times, actions + rec.actions)


def per_match(setup: MatchSetup, matches: int) -> tuple[list[float], int]:
    """CPU milliseconds of each match at the setup's level, played one after the other here; and actions played."""
    return interleaved(setup, (setup.bot_level,), matches)[setup.bot_level]


def rate_rows(matches: int) -> list[Row]:
    """Matches per CPU-second and the spread of one match's CPU time (4v4, classic arena),
    `simulate`'s level and strong interleaved with the baseline."""
    levels = (QUICK_LEVEL, SIMULATE_LEVEL, BASELINE)
    got = interleaved(classic_setup(), levels, matches)
    rows = []
    base_rate = matches / (sum(got[BASELINE][0]) / 1000)
    for lv in levels:
        times, actions = got[lv]
        lo, med, p99 = spread(times)
        rate = matches / (sum(times) / 1000)
        name = "baseline (bot before issue 20)" if lv == BASELINE else lv
        if lv == QUICK_LEVEL:
            name += " (simulate --level fast)"
        elif lv == SIMULATE_LEVEL:
            name += " (simulate's default)"
        target = lv == QUICK_LEVEL  # the speed target's level: simulate's quick one
        rows += [
            Row("sim", f"4v4 classic, {name}: matches per CPU-s ({matches})", rate, "/s",
                f"≥ {RATE_TARGET:.0f}" if target else "", (rate >= RATE_TARGET) if target else None),
            Row("sim", "  ÷ baseline, same moments", rate / base_rate, "×"),
            Row("sim", "  CPU per match min", lo, "ms"),
            Row("sim", "  CPU per match median", med, "ms"),
            Row("sim", "  CPU per match p99", p99, "ms"),
            Row("sim", "  CPU per action (mean)", sum(times) / max(1, actions), "ms"),
        ]
    return rows


def sweep_rows(matches: int) -> list[Row]:
    """CPU per match and per action with 8, 16 and 32 fighters, and the growth exponent, per level."""
    levels = (QUICK_LEVEL, SIMULATE_LEVEL)
    firsts: dict[str, tuple[int, float]] = {}
    rows = []
    for per_team in (4, 8, 16):
        got = interleaved(sweep_setup(per_team), levels, matches)
        fighters = 2 * per_team
        for lv in levels:
            times, actions = got[lv]
            _, med, _ = spread(times)
            growth = ""
            if lv not in firsts:  # the growth is measured from the smallest count
                firsts[lv] = (fighters, med)
            else:
                f0, m0 = firsts[lv]
                growth = f" (∝ fighters^{math.log(med / m0) / math.log(fighters / f0):.2f})"
            rows.append(Row("sim", f"sweep {fighters} fighters, {lv}: CPU per match median{growth}", med, "ms"))
            rows.append(Row("sim", f"sweep {fighters} fighters, {lv}: CPU per action", sum(times) / max(1, actions), "ms"))
    return rows


BYTECODE = Path(tempfile.gettempdir()) / "arena-bench-bytecode"


def installed_env() -> dict[str, str]:
    """The environment of the command as an installed package runs: with its modules'
    bytecode cached (pip compiles it at install; a checkout run with PYTHONDONTWRITEBYTECODE
    would compile every module at every start, a tenth of a second of a short series), kept
    out of the source tree."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
    return env


def simulate_once(matches: int, jobs: int, level: str = SIMULATE_LEVEL) -> tuple[float, float, float]:
    """`arena-game simulate arene-classique --matches N --jobs J --level L`, the real command in a
    process of its own: (wall s, CPU s of it and its workers, the largest worker's peak
    resident memory in MiB, read from /proc while it runs; 0 with one job)."""
    import subprocess
    import threading

    cmd = [sys.executable, "-m", "arena_game", "simulate", "arene-classique", "--matches", str(matches),
           "--jobs", str(jobs), "--level", level, "--seed", "1", "--no-progress", "--json"]
    peak = 0.0
    done = threading.Event()

    def watch(pid: int) -> None:
        nonlocal peak
        while not done.wait(0.05):
            try:
                with open(f"/proc/{pid}/task/{pid}/children") as fh:
                    kids = fh.read().split()
                for kid in kids:
                    with open(f"/proc/{kid}/status") as fh:
                        for line in fh:
                            if line.startswith("VmHWM:"):  # the worker's peak resident memory
                                peak = max(peak, int(line.split()[1]) / 1024)
            except OSError:
                continue

    with tempfile.TemporaryDirectory() as out:
        before = os.times()
        t0 = time.perf_counter()
        proc = subprocess.Popen([*cmd, "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env=installed_env())
        watcher = threading.Thread(target=watch, args=(proc.pid,), daemon=True)
        watcher.start()
        _, err = proc.communicate()
        wall = time.perf_counter() - t0
        done.set()
        after = os.times()
    if proc.returncode != 0:
        raise RuntimeError(f"simulate --jobs {jobs} failed: {err.decode()[-500:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, peak


def jobs_rows(matches: int, rounds: int = 2, level: str = SIMULATE_LEVEL) -> list[Row]:
    """The `simulate` command with 1 and 2 workers on a series of `matches`, alternated
    `rounds` times (the better wall time of each): wall and CPU time of both, their ratio,
    the load around them, worker memory."""
    free = os.cpu_count() or 1
    load_before = os.getloadavg()
    best: dict[int, tuple[float, float, float]] = {}
    worker = 0.0
    simulate_once(1, 1)  # the bytecode written, the files in the page cache
    quiet = cpu_ticks()
    time.sleep(2)
    idle_before = free - (busy_cores(quiet, cpu_ticks()) or 0.0)
    ticks0, t0, ours0 = cpu_ticks(), time.perf_counter(), os.times()
    for _ in range(rounds):
        for jobs in (1, 2):
            wall, cpu, peak = simulate_once(matches, jobs, level)
            worker = max(worker, peak)
            if jobs not in best or wall < best[jobs][0]:
                best[jobs] = (wall, cpu, peak)
    ticks1, ours1 = cpu_ticks(), os.times()
    busy = busy_cores(ticks0, ticks1)
    # what the rest of the machine used while the series played: all busy CPU less the bench's own
    mine = (ours1.children_user - ours0.children_user + ours1.children_system - ours0.children_system
            + ours1.user - ours0.user + ours1.system - ours0.system) / (time.perf_counter() - t0)
    others = None if busy is None else max(0.0, busy - mine)
    load_after = os.getloadavg()
    ratio = best[1][0] / best[2][0]
    if others is None:  # no /proc/stat: the load average, a minute late
        two_free = load_before[0] <= free - 2 + 0.5  # the load after counts this bench's own two workers
        load = f"load {load_before[0]:.1f} before, {load_after[0]:.1f} after, on {free} CPUs"
    else:
        two_free = idle_before >= 1.8 and others <= 0.2
        load = (f"{idle_before:.1f} of {free} CPUs idle before, other processes {others:.2f} CPU during "
                f"(load average {load_before[0]:.1f} / {load_after[0]:.1f}, a minute late)")
    note = f"judged: two cores were free, {load}" if two_free else f"not judged: {load}"
    # What one worker cannot share: starting Python and the rules (imports), the report and
    # the heatmaps; the same in both runs, so it caps a short series' speed-up (Amdahl).
    serial = max(0.0, 2 * best[2][0] - best[1][0])
    return [
        Row("sim", f"simulate --jobs 1 ({matches} matches, {level}): wall, CPU {best[1][1]:.1f} s", best[1][0], "s"),
        Row("sim", f"simulate --jobs 2 ({matches} matches, {level}): wall, CPU {best[2][1]:.1f} s (all processes)",
            best[2][0], "s"),
        Row("sim", f"simulate --jobs 2 CPU ÷ --jobs 1 CPU ({matches} matches, {level}: the cost of the workers)",
            best[2][1] / best[1][1], "×"),
        Row("sim", f"  what two workers cannot share ({matches} matches, {level}: 2 × jobs-2 wall − jobs-1 wall)",
            serial, "s"),
        Row("sim", f"simulate --jobs 2 ÷ --jobs 1 ({matches} matches, {level}: wall speed-up)", ratio, "×",
            f"≥ {SCALING_TARGET} ({note})", (ratio >= SCALING_TARGET) if two_free else None),
        Row("sim", f"simulate --jobs 2 ({matches} matches, {level}): a worker's peak resident memory", worker, "MiB",
            f"< {WORKER_MIB:.0f}", worker < WORKER_MIB),
    ]


def scaling_rows(quick: bool = False) -> list[Row]:
    """`--jobs 2` against `--jobs 1` on simulate's default series (100 matches, at the default
    level and at `fast`) and on a balance series at `fast` (1,000 matches: what a designer deciding on a map runs, and where the
    wait is worth two cores); `--quick`: 40 matches only."""
    here = [Row("sim", "this process: resident memory", rss_mib(), "MiB")]
    if quick:
        return jobs_rows(40) + here
    return (jobs_rows(100) + jobs_rows(100, level=QUICK_LEVEL) + jobs_rows(1000, rounds=1, level=QUICK_LEVEL)
            + here)


def run(quick: bool = False, matches: int | None = None) -> list[Row]:
    """Every figure of this bench."""
    return rate_rows(matches or (10 if quick else SERIES)) + sweep_rows(2 if quick else 4) + scaling_rows(quick)


def main() -> int:
    """Print the figures (or a profile)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=None)
    ap.add_argument("--quick", action="store_true", help="fewer matches (a rough figure)")
    ap.add_argument("--profile", nargs="?", const=QUICK_LEVEL, metavar="LEVEL",
                    help="cProfile 10 matches of LEVEL (default: simulate's) in one process and print the top")
    ap.add_argument("--json", action="store_true", help="the rows as one JSON line (run_all.py)")
    ap.add_argument("--jobs-only", action="store_true", help="only simulate --jobs 2 against --jobs 1")
    ap.add_argument("--rates-only", action="store_true", help="only the 4v4 rates (levels interleaved with the baseline)")
    args = ap.parse_args()
    print(f"bot-vs-bot bench on {machine_note()}")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run_series(dataclasses.replace(classic_setup(), bot_level=args.profile), 10, seed=1, jobs=1)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        return 0
    if args.rates_only:
        print_rows(rate_rows(args.matches or (10 if args.quick else SERIES)), args.json)
        return 0
    if args.jobs_only:
        rows = jobs_rows(args.matches) if args.matches else scaling_rows(args.quick)
        print_rows(rows, args.json)
        return 0
    print_rows(run(args.quick, args.matches), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
