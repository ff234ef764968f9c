"""Before/after in one process: the bots of an older commit against the worktree's, match for match.

Exports `--before` (a commit) with its package renamed `arena_before` to a temporary folder,
then plays match i at `--level` with the older code and with this checkout's, one after the
other (the order alternating), so both see the machine alike; prints matches per CPU-second
(process time) of both and their ratio. With `--fighters N` the matches are N against N on
bench_sim's generated 24×24 arena instead of 4 v 4 on arene-classique. The same actions count
on both sides is a quick sign that the choices are unchanged (`bot_digest.py` is the proof).

    .venv/bin/python bench/sim_ab.py --before f67f9c0 [--level fast] [--matches 40] [--fighters 8]
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEAMS = Path(__file__).with_name("teams-4v4.toml")


def export(commit: str, into: Path) -> None:
    """The package of `commit` as `arena_before` in `into` (its shipped maps beside it)."""
    archive = into / "before.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), commit, "arena_game", "maps"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    (into / "arena_game").rename(into / "arena_before")
    for path in (into / "arena_before").rglob("*.py"):
        path.write_text(re.sub(r"\barena_game\b", "arena_before", path.read_text()))


def setup_for(pkg: str, level: str, per_team: int | None) -> tuple[ModuleType, Any]:
    """(the package's bots.match module, its MatchSetup), as bench_sim builds them."""
    bm = importlib.import_module(f"{pkg}.bots.match")
    teams = tuple(importlib.import_module(f"{pkg}.formats.teamfile").load_teams(TEAMS))
    if per_team is None:
        board = importlib.import_module(f"{pkg}.formats.mapfile").load_map(
            importlib.import_module(f"{pkg}.resources").find_map("arene-classique"))
        return bm, bm.MatchSetup(board, teams, round_cap=40, bot_level=level)
    terrain = importlib.import_module(f"{pkg}.core.terrain").Terrain
    team_cls = importlib.import_module(f"{pkg}.core.sheets").Team
    n = 24
    rows = [[terrain.WALL if x in (0, n - 1) or y in (0, n - 1) else terrain.FLOOR for x in range(n)] for y in range(n)]
    for x, y in ((8, 8), (15, 8), (8, 15), (15, 15)):
        rows[y][x] = terrain.PILLAR
    west = tuple((x, y) for x in (1, 2) for y in range(2, 22))
    east = tuple((x, y) for x in (22, 21) for y in range(2, 22))
    board = importlib.import_module(f"{pkg}.core.board").Board.from_rows(
        rows, name="sweep", spawns={"1": west, "2": east})
    out = []
    for t in teams:
        fs = [f.model_copy(update={"id": f"{f.id}{k}", "name": f"{f.name} {k}"})
              for k in range(-(-per_team // len(t.fighters))) for f in t.fighters][:per_team]
        out.append(team_cls(id=t.id, name=t.name, colour=t.colour, fighters=fs))
    return bm, bm.MatchSetup(board, tuple(out), round_cap=40, bot_level=level)


def main() -> int:
    """Print both rates and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="the older commit")
    ap.add_argument("--level", default="fast")
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--fighters", type=int, default=None, help="per side, on the generated arena")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        export(args.before, Path(tmp))
        sys.path[:0] = [tmp, str(ROOT)]
        sides = {"before": setup_for("arena_before", args.level, args.fighters),
                 "now": setup_for("arena_game", args.level, args.fighters)}
        times: dict[str, list[float]] = {k: [] for k in sides}
        actions = dict.fromkeys(sides, 0)
        for bm, setup in sides.values():
            bm.play_bot_match(setup, bm.match_seed(1, 999), 999)  # warm both alike
        load = os.getloadavg()[0]
        for i in range(args.matches):
            for k in (("before", "now") if i % 2 == 0 else ("now", "before")):
                bm, setup = sides[k]
                t0 = time.process_time()
                actions[k] += bm.play_bot_match(setup, bm.match_seed(1, i), i).actions
                times[k].append(time.process_time() - t0)
    rate = {k: args.matches / sum(v) for k, v in times.items()}
    where = "4v4 arene-classique" if args.fighters is None else f"{args.fighters}v{args.fighters} 24×24 arena"
    print(f"{args.level}, {where}, {args.matches} matches each, load {load:.1f} → {os.getloadavg()[0]:.1f}")
    for k in sides:
        print(f"  {k:6s} {rate[k]:6.2f} matches per CPU-s, median {statistics.median(times[k]) * 1000:7.1f} ms, "
              f"{actions[k]} actions")
    print(f"  now ÷ before: ×{rate['now'] / rate['before']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
