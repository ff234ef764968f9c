"""`arena-game check` as a map designer feels it: CPU time of one map's whole check (load,
validation, design analysis: `mapcheck.check_map`) per kind of map, with the analysis of
an older commit (default 3ac0932, before it was made fast) run beside it in the same
process, map for map, round after round, so both see the same machine at the same moments.

Maps: every shipped map; open maps of 32², 64² and 128² (bench_window's generated boards:
pillars, ponds and lava, spawns down two edges, 504 of them at 128²); a 128² maze with 40
crates in its corridors (each a jump that shortens a path), as a native map and as a Tiled
map (`.tmj` with the shipped tileset); a 128² water- and lava-heavy map with 4 teams. The
generators and seeds are those of `tests/test_s45_check_warnings.py`, which proves the
findings unchanged. Last, `arena-game check` run as a command (a new process: Python's
start and the imports included) on the largest shipped map and on the 128² maze.

Targets: every shipped map ≤ 300 ms; every 128² map ≤ 1 s (whole check, and the command).

    .venv/bin/python bench/bench_check.py [--quick] [--rounds N] [--baseline COMMIT | --baseline none]
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, machine_note, print_rows  # noqa: E402

SHIPPED_MS = 300.0
LARGE_MS = 1000.0
BASELINE = "3ac0932"  # the analysis before one search per board (a walk per crate, 9 searches per map)
# The old analysis walks the whole map once per floor square beside a crate: on the wet
# 4-team map (582 jumps) one check took 110 s of CPU (measured once, 2026-12-05), so it
# is not run beside that map (a bench prints only what it measured).
NO_BASELINE = "128×128 water and lava, 4 teams"
TILE_GIDS = {".": 1, "#": 2, "O": 3, "x": 4, "~": 5, "L": 6, "%": 7, "_": 8}  # arena-tiles.tsj ids + 1


def tiled_text(name: str, rows: list[list[str]], labyrinth: bool) -> str:
    """A Tiled map (`.tmj`, CSV layer, spawns as point objects) of a default-legend grid,
    on the shipped tileset `arena-tiles.tsj`."""
    h, w = len(rows), len(rows[0])
    data = [TILE_GIDS.get(sym, 1) for row in rows for sym in row]  # a spawn digit is floor
    spawns = [{"id": i + 1, "name": f"spawn {sym}", "type": "", "point": True, "rotation": 0, "visible": True,
               "x": x * 64 + 32, "y": y * 64 + 32, "width": 0, "height": 0,
               "properties": [{"name": "team", "type": "int", "value": int(sym)}]}
              for i, (x, y, sym) in enumerate((x, y, s) for y, row in enumerate(rows) for x, s in enumerate(row) if s.isdigit())]
    doc = {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "infinite": False, "compressionlevel": -1, "width": w, "height": h,
        "tilewidth": 64, "tileheight": 64, "nextlayerid": 3, "nextobjectid": len(spawns) + 1,
        "properties": [{"name": "name", "type": "string", "value": name},
                       {"name": "labyrinth", "type": "bool", "value": labyrinth}],
        "tilesets": [{"firstgid": 1, "source": "arena-tiles.tsj"}],
        "layers": [
            {"id": 1, "name": "terrain", "type": "tilelayer", "x": 0, "y": 0, "width": w, "height": h,
             "opacity": 1, "visible": True, "data": data},
            {"id": 2, "name": "spawns", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1, "visible": True,
             "draworder": "topdown", "objects": spawns},
        ],
    }
    return json.dumps(doc)


def map_files(folder: Path) -> list[tuple[str, Path]]:
    """(kind, file) of every map the bench checks, the generated ones written to `folder`."""
    from arena_game.resources import maps_dir, shipped_maps
    from tests.test_s45_check_warnings import map_text, maze_rows, open_rows, wet_rows

    out = [(f"shipped {p.name}", p) for p in shipped_maps()]
    generated = [
        ("32×32 open", open_rows(32), False, 2),
        ("64×64 open", open_rows(64), False, 2),
        ("128×128 open, 504 spawns", open_rows(128), False, 2),
        ("128×128 maze, 40 crates", maze_rows(128, seed=3, crates=40, loops=60), True, 2),
        (NO_BASELINE, wet_rows(128, seed=13, teams=4, spawns=12), False, 4),
    ]
    for i, (kind, rows, labyrinth, teams) in enumerate(generated):
        path = folder / f"map{i}.toml"
        path.write_text(map_text(kind, rows, labyrinth, teams), encoding="utf-8")
        out.append((kind, path))
    for name in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(maps_dir() / name, folder / name)
    tmj = folder / "maze.tmj"
    tmj.write_text(tiled_text("maze", generated[3][1], True), encoding="utf-8")
    out.append(("128×128 maze, 40 crates, Tiled .tmj", tmj))
    return out


def baseline_check(commit: str) -> tuple[Callable[..., object] | None, str]:
    """`check_map` as it was at `commit` (its mapcheck.py and fairness.py, the rest of this
    checkout), or None and why not."""
    sources = {}
    for name in ("mapcheck", "fairness"):
        done = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:arena_game/design/{name}.py"],
                              capture_output=True, text=True)
        if done.returncode != 0:
            return None, f"no baseline: {commit} not found ({done.stderr.strip()[:80]})"
        sources[name] = done.stdout
    # registered under names of their own (dataclasses look their module up while it runs)
    fairness = sys.modules[f"fairness_{commit}"] = types.ModuleType(f"fairness_{commit}")
    exec(compile(sources["fairness"], f"{commit}:fairness.py", "exec"), fairness.__dict__)
    mapcheck = sys.modules[f"mapcheck_{commit}"] = types.ModuleType(f"mapcheck_{commit}")
    here = sys.modules.get("arena_game.design.fairness")
    sys.modules["arena_game.design.fairness"] = fairness  # the old module imports the old figures
    try:
        exec(compile(sources["mapcheck"], f"{commit}:mapcheck.py", "exec"), mapcheck.__dict__)
    finally:
        if here is not None:
            sys.modules["arena_game.design.fairness"] = here
        else:
            del sys.modules["arena_game.design.fairness"]
    return mapcheck.check_map, f"baseline: the analysis of commit {commit}, run beside, map for map"


def cpu_of(fn: Callable[[], object]) -> float:
    """CPU time of this process spent in one call, in ms."""
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def command_ms(path: Path) -> float:
    """CPU time (user + system) of `arena-game check PATH` as a new process, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "arena_game", "check", str(path)], cwd=ROOT, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000


def target_of(kind: str) -> float | None:
    if kind.startswith("shipped"):
        return SHIPPED_MS
    return LARGE_MS if kind.startswith("128×128") else None


def run(rounds: int, baseline: str | None) -> list[Row]:
    """Every figure of this bench."""
    from arena_game.design.mapcheck import check_map
    from arena_game.formats.mapfile import load_map

    old, note = baseline_check(baseline) if baseline else (None, "no baseline (--baseline none)")
    print(note, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        maps = map_files(Path(tmp))
        for _, path in maps:  # the loaders imported (Tiled's on first use) before any timing
            load_map(path)
        new_ms: dict[str, list[float]] = {kind: [] for kind, _ in maps}
        old_ms: dict[str, list[float]] = {kind: [] for kind, _ in maps}
        for r in range(rounds):
            for kind, path in maps:
                runs: list[tuple[str, Callable[[], object]]] = [("new", partial(check_map, path, 3))]
                if old is not None and kind != NO_BASELINE:
                    runs.append(("old", partial(old, path, 3)))
                if r % 2:
                    runs.reverse()  # each goes first every other round
                for who, fn in runs:
                    (new_ms if who == "new" else old_ms)[kind].append(cpu_of(fn))
        rows = []
        for kind, _ in maps:
            med, target = statistics.median(new_ms[kind]), target_of(kind)
            rows.append(Row("check", f"{kind}: whole check (median of {len(new_ms[kind])})", med, "ms CPU",
                            f"≤ {target:.0f}" if target else "", med <= target if target else None))
            if old_ms[kind]:
                was = statistics.median(old_ms[kind])
                rows.append(Row("check", f"  {baseline} beside it (median of {len(old_ms[kind])}), old ÷ new {was / med:.1f}×",
                                was, "ms CPU"))
        largest = max((p for kind, p in maps if kind.startswith("shipped")),
                      key=lambda p: (lambda b: b.width * b.height)(load_map(p)))
        maze = next(p for kind, p in maps if kind.startswith("128×128 maze") and p.suffix == ".toml")
        for label, path, target in ((f"largest shipped map ({largest.name})", largest, None),
                                    ("128×128 maze", maze, LARGE_MS)):
            ms = statistics.median(command_ms(path) for _ in range(max(1, min(rounds, 3))))
            rows.append(Row("check", f"`arena-game check` command, {label}: start to exit", ms, "ms CPU",
                            f"≤ {target:.0f}" if target else "", ms <= target if target else None))
    return rows


def main() -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="2 rounds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--baseline", default=BASELINE, help="a commit, or 'none'")
    ap.add_argument("--json", action="store_true", help="the rows as one JSON line (run_all.py)")
    args = ap.parse_args()
    print(f"map check bench on {machine_note()}")
    rounds = 2 if args.quick else max(1, args.rounds)
    print_rows(run(rounds, None if args.baseline == "none" else args.baseline), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
