"""`arena-game check` says exactly what it said before it was made fast: every finding (code,
severity, data, squares, English and French sentence), every figure (`--json`'s `figures`:
distances, fairness, corridor share, the jumps that shorten a path) and the `reach`
overlay (`walk_first`) of a set of varied maps, compared with what the analysis found
before (recorded from commit 3ac0932, square by square searches with one walk per jump).

The maps: the shipped ones, the purpose-built faulty ones of `tests/data/maps`, and maps
generated here with fixed seeds (open with pillars, ponds and lava; mazes with crates;
water- and lava-heavy with three teams; crates everywhere). The generators are shared with
`bench/bench_check.py`.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from arena_game.design.mapcheck import MapReport, check_map, walk_first
from arena_game.formats.mapfile import load_map
from arena_game.resources import shipped_maps

BAD = Path(__file__).parent / "data" / "maps"

# -- generated maps (fixed seeds) ------------------------------------------------------


def _frame(n: int) -> list[list[str]]:
    return [["#" if x in (0, n - 1) or y in (0, n - 1) else "." for x in range(n)] for y in range(n)]


def map_text(name: str, rows: list[list[str]], labyrinth: bool = False, teams: int = 2) -> str:
    """A native map file (default legend) of the grid `rows`."""
    grid = "\n".join("".join(r) for r in rows)
    return f'name = "{name}"\nlabyrinth = {str(labyrinth).lower()}\nteams = {teams}\ngrid = """\n{grid}\n"""\n'


def open_rows(n: int, seed: int = 7) -> list[list[str]]:
    """`bench_window.generated_setup`'s board: walls round, ~6 % pillars, ponds and lava
    (the same draws), spawns down the west and east edges, two columns a side."""
    rng = random.Random(seed)
    rows = _frame(n)
    for _ in range(n * n // 16):
        x, y = rng.randrange(4, n - 4), rng.randrange(1, n - 1)
        rows[y][x] = rng.choice(("O", "O", "~", "L"))
    for y in range(1, n - 1):
        rows[y][1] = rows[y][2] = "1"
        rows[y][n - 2] = rows[y][n - 3] = "2"
    return rows


def maze_rows(n: int, seed: int = 3, crates: int = 0, loops: int = 0) -> list[list[str]]:
    """A maze of 1-wide corridors (depth-first carving) with `loops` walls opened and
    `crates` obstacles in its corridors; team 1 in the top-left corner, team 2 bottom-right."""
    rng = random.Random(seed)
    rows = [["#"] * n for _ in range(n)]
    top = n - 2 if n % 2 == 0 else n - 1  # cells on odd squares 1 … top - 1
    start = (1, 1)
    rows[1][1] = "."
    stack, seen = [start], {start}
    while stack:
        x, y = stack[-1]
        options = [(x + dx, y + dy, dx, dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                   if 1 <= x + dx < top and 1 <= y + dy < top and (x + dx, y + dy) not in seen]
        if not options:
            stack.pop()
            continue
        nx, ny, dx, dy = rng.choice(options)
        rows[y + dy // 2][x + dx // 2] = rows[ny][nx] = "."
        seen.add((nx, ny))
        stack.append((nx, ny))
    walls = [(x, y) for y in range(1, top) for x in range(1, top) if rows[y][x] == "#"
             and ((rows[y][x - 1] == rows[y][x + 1] == ".") or (rows[y - 1][x] == rows[y + 1][x] == "."))]
    for x, y in rng.sample(walls, min(loops, len(walls))):
        rows[y][x] = "."
    floor = [(x, y) for y in range(1, top) for x in range(1, top) if rows[y][x] == "."]
    for x, y in rng.sample(floor[10:-10], min(crates, max(0, len(floor) - 20))):
        rows[y][x] = "x"
    b = top - 1
    for team, corner in (("1", ((1, 1), (1, 2), (1, 3), (2, 1), (3, 1))),
                         ("2", ((b, b), (b, b - 1), (b, b - 2), (b - 1, b), (b - 2, b)))):
        for x, y in corner:
            if rows[y][x] == ".":
                rows[y][x] = team
    return rows


def wet_rows(n: int, seed: int = 11, teams: int = 2, spawns: int = 4) -> list[list[str]]:
    """Water- and lava-heavy: lakes, a lava river with bridges, acid pools and holes, crates,
    pillars and wall stubs; `teams` slots of `spawns` spawns each, clustered round the map."""
    rng = random.Random(seed)
    rows = _frame(n)

    def blob(sym: str, cx: int, cy: int, r: int) -> None:
        for y in range(max(1, cy - r), min(n - 1, cy + r + 1)):
            for x in range(max(1, cx - r), min(n - 1, cx + r + 1)):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r + rng.randrange(-r, r + 1):
                    rows[y][x] = sym

    for _ in range(n // 6):
        blob("~", rng.randrange(1, n - 1), rng.randrange(1, n - 1), rng.randrange(2, max(3, n // 10)))
    x = rng.randrange(n // 3, 2 * n // 3)
    for y in range(1, n - 1):
        x = min(n - 3, max(2, x + rng.choice((-1, 0, 0, 1))))
        if y % 13:  # every 13th row a bridge
            rows[y][x] = rows[y][x + 1] = "L"
    for _ in range(n // 8):
        blob(rng.choice(("%", "_", "L")), rng.randrange(1, n - 1), rng.randrange(1, n - 1), rng.randrange(1, 4))
    for _ in range(n * n // 40):
        rows[rng.randrange(1, n - 1)][rng.randrange(1, n - 1)] = rng.choice(("x", "x", "O", "#"))
    anchors = [(3, 3), (n - 4, n - 4), (n - 4, 3), (3, n - 4), (n // 2, 3), (n // 2, n - 4)]
    for slot in range(teams):
        ax, ay = anchors[slot]
        cluster = [(x, y) for y in range(ay - 2, ay + 3) for x in range(ax - 2, ax + 3) if 0 < x < n - 1 and 0 < y < n - 1]
        for x, y in cluster[:spawns]:
            rows[y][x] = str(slot + 1)
    return rows


def crate_rows(n: int, seed: int = 5, share: float = 0.15) -> list[list[str]]:
    """Open floor strewn with crates (`share` of the squares) and a few wall squares: a jump
    from almost every square."""
    rng = random.Random(seed)
    rows = _frame(n)
    for y in range(1, n - 1):
        for x in range(1, n - 1):
            r = rng.random()
            rows[y][x] = "x" if r < share else "#" if r < share + 0.03 else "."
    for i in range(6):
        rows[2 + i][2] = "1"
        rows[n - 3 - i][n - 3] = "2"
    return rows


# name → (grid rows, labyrinth flag, team slots)
GENERATED: dict[str, tuple[list[list[str]], bool, int]] = {
    "open-48": (open_rows(48), False, 2),
    "open-32-flagged": (open_rows(32, seed=9), True, 2),
    "open-128": (open_rows(128), False, 2),
    "maze-41-crates-unflagged": (maze_rows(41, seed=3, crates=12, loops=8), False, 2),
    "maze-128-crates": (maze_rows(128, seed=3, crates=40, loops=60), True, 2),
    "wet-64": (wet_rows(64, seed=11), False, 2),
    "wet-48-three-teams": (wet_rows(48, seed=13, teams=3, spawns=5), False, 3),
    "crates-40": (crate_rows(40, seed=5), False, 2),
}


def write_generated(folder: Path, name: str) -> Path:
    """The generated map `name` as a native map file in `folder`."""
    rows, labyrinth, teams = GENERATED[name]
    path = folder / f"{name}.toml"
    path.write_text(map_text(name, rows, labyrinth, teams), encoding="utf-8")
    return path


# -- what the analysis says, as plain data -----------------------------------------------


def said(report: MapReport, walked_first: dict) -> dict:
    """Everything `check` reports of a map (findings with their data and sentences, the
    figures) and the reach overlay, as JSON-ready data (floats exact)."""
    return {
        "findings": [{"code": f.code, "severity": f.severity, "fields": repr(f.fields), "squares": [list(s) for s in f.squares],
                      "en": f.text("en"), "fr": f.text("fr")} for f in report.findings],
        "figures": report.figures,
        "walk_first": sorted([list(sq), who] for sq, who in walked_first.items()),
    }


def digest(data: dict) -> str:
    """A short fingerprint of `said`'s data."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def analysed(path: Path) -> dict:
    """`said` of the map at `path`, checked for a team of 3 (the shipped teams)."""
    return said(check_map(path, team_size=3), walk_first(load_map(path)))


MAP_FILES = [*(p for p in shipped_maps()), *(p for p in sorted(BAD.glob("*.toml")) if p.name != "broken.toml")]


# Recorded from the analysis before it was made fast (commit 3ac0932): each map's fingerprint
# of `said` without the sentences (the catalog words them: a rewording is not a change of
# finding), and its finding codes in order, so a failure says at a glance what moved. A map
# file changed on purpose (a shipped or faulty map redrawn) is recorded again with `said`.
EXPECTED: dict[str, tuple[str, list[str]]] = {
    "arene-classique.toml": ("4223045fdc2f4fcc", []),
    "arene-inondee.tmj": ("4c7b4369465540e1", []),
    "fosse-de-lave.toml": ("864678a8666b6d86", []),
    "labyrinthe.toml": ("37116a2445b7b966", []),
    "marais-acides.toml": ("dc2555e2055dce16", []),
    "tutoriel.toml": ("ab8aeae493dd397f", []),
    "arene-inondee-natif.toml": ("4c7b4369465540e1", []),
    "centre-and-corner.toml": ("8cc2c9be45f79828", ['lopsided-spawns']),
    "dead-by-spawn.toml": ("6ab3fc1b54b8a7b3", ['dead-square-by-spawn', 'dead-square-by-spawn', 'lopsided-spawns', 'too-few-spawns']),
    "diagonal-pillars.toml": ("80f434af979d3869", ['lopsided-spawns', 'too-few-spawns']),
    "diagonal-walls.toml": ("4409f0c8c2464dec", ['unreachable-pocket', 'lopsided-spawns', 'too-few-spawns']),
    "lopsided.toml": ("e21084ed68d70497", ['dead-square-by-spawn', 'dead-square-by-spawn', 'dead-square-by-spawn', 'dead-square-by-spawn', 'lopsided-spawns', 'too-few-spawns']),
    "maze-no-flag.toml": ("92c1bf54038e5380", ['lopsided-spawns', 'too-few-spawns', 'maze-without-flag']),
    "open-with-flag.toml": ("a2891981504f9c84", ['too-few-spawns', 'flag-on-open-map']),
    "pocket.toml": ("ee91d83a9194e2d8", ['unreachable-pocket', 'lopsided-spawns', 'too-few-spawns']),
    "sealed.toml": ("b238576c26d25c12", ['sealed-teams', 'too-few-spawns']),
    "swim-only.toml": ("369e85191f79a210", ['no-walk-path', 'too-few-spawns']),
    "symmetric.toml": ("dd7b2cba546354fd", ['too-few-spawns']),
    "unequal.toml": ("fb2e79ee454e1d85", ['unequal-distance', 'lopsided-spawns', 'too-few-spawns']),
    "walled-spawn.toml": ("c71d79966272afb1", ['trapped-spawn']),
    "open-48": ("d89e8e3aefac9327", []),
    "open-32-flagged": ("6339a3d161ce4fe4", ['flag-on-open-map']),
    "open-128": ("8d914ddd5e8451f7", []),
    "maze-41-crates-unflagged": ("336d19ad5d1c8e3d", ['unreachable-pocket', 'unreachable-pocket', 'unreachable-pocket', 'unreachable-pocket', 'sealed-teams', 'unequal-spawns', 'maze-without-flag']),
    "maze-128-crates": ("b55ba86500d7a777", ['unreachable-pocket', 'unreachable-pocket', 'no-walk-path', 'lopsided-spawns', 'unequal-spawns']),
    "wet-64": ("83e7be7fedb9d965", ['unequal-distance', 'lopsided-spawns']),
    "wet-48-three-teams": ("05298ab40929b26b", ['unequal-distance', 'lopsided-spawns']),
    "crates-40": ("880f268821966ee9", []),
}


def _fingerprint(data: dict) -> str:
    bare = {**data, "findings": [{k: v for k, v in f.items() if k not in ("en", "fr")} for f in data["findings"]]}
    return digest(bare)


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_check_findings_and_figures_unchanged_on_shipped_and_faulty_maps(path):
    data = analysed(path)
    assert ([f["code"] for f in data["findings"]], _fingerprint(data)) == (EXPECTED[path.name][1], EXPECTED[path.name][0])
    assert all(f["en"] and f["fr"] for f in data["findings"])  # every finding still has its sentence


@pytest.mark.parametrize("name", list(GENERATED))
def test_check_findings_and_figures_unchanged_on_generated_maps(name, tmp_path):
    data = analysed(write_generated(tmp_path, name))
    assert ([f["code"] for f in data["findings"]], _fingerprint(data)) == (EXPECTED[name][1], EXPECTED[name][0])
    assert all(f["en"] and f["fr"] for f in data["findings"])


def test_the_map_set_covers_every_finding_and_jumps():
    # The set is only a guard if the analysis has something to say on it: every design
    # finding code, jumps that shorten a path, and maps of 128 squares a side.
    codes = {c for _, found in EXPECTED.values() for c in found}
    assert codes >= {"unreachable-pocket", "sealed-teams", "no-walk-path", "trapped-spawn", "dead-square-by-spawn",
                     "unequal-distance", "lopsided-spawns", "too-few-spawns", "unequal-spawns", "maze-without-flag",
                     "flag-on-open-map"}
    assert set(EXPECTED) == {p.name for p in MAP_FILES} | set(GENERATED)
    assert max(len(rows) for rows, _, _ in GENERATED.values()) == 128
