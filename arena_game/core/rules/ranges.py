"""Ranges (R1) and line of sight (R1.6).

Line of sight, the algorithm (R1.6 Reading, switched by `combat.line_of_sight`):
the segment joins the CENTRES of the shooter's and the target's squares. Every square
whose interior that segment crosses, strictly between the two, is looked at (a
"supercover" walk of the grid, exact in integers). A wall or a pillar blocks; an
obstacle blocks when it is taller than the shooter (`height_cm`); fighters, water and
dead squares never block. Where the segment passes exactly through a grid corner it
touches the two squares beside that corner only at a point: it is blocked there only
when BOTH of them block (a shot does not squeeze between two walls meeting at a
corner), and one blocking square alone lets it through. The walk is symmetric, so
A sees B exactly when B sees A (for shooters of the same height).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.kept import Kept
from arena_game.core.sheets import FighterSheet, Weapon, WeaponFamily
from arena_game.core.terrain import Terrain

RangeClass = Literal["in_range", "beyond_range", "no_line_of_sight", "adjacent_ranged", "out_of_range"]
"""How a target stands for the equipped weapon: in range; beyond range (firearm, −8, R1.3);
no line of sight (R1.6); adjacent to a ranged weapon (−8, R1.7); out of range (refused)."""


def weapon_range(sheet: FighterSheet, weapon: Weapon | None = None) -> int:
    """R1.1–R1.5: how far the weapon reaches, in squares (Chebyshev, R0.8)."""
    if weapon is None:  # the equipped weapon's: kept per sheet (every range query asks it)
        got = _REACHES.get(id(sheet))
        if got is None or got[0] is not sheet:
            got = _REACHES.keep(id(sheet), (sheet, _weapon_range(sheet, sheet.weapon)))
        return got[1]
    return _weapon_range(sheet, weapon)


_REACHES: Kept[int, tuple[FighterSheet, int]] = Kept(4096)  # id(sheet) → (the sheet, its reach)


def _weapon_range(sheet: FighterSheet, w: Weapon) -> int:
    if w.family in (WeaponFamily.MELEE, WeaponFamily.TWO_HANDED):
        return 1  # R1.1
    if w.family is WeaponFamily.BOW:
        return sheet.attribute("physique") + w.range  # R1.2
    if w.family is WeaponFamily.FIREARM:
        return sheet.attribute("sensoriel") + w.range  # R1.3
    return sheet.attribute("physique")  # R1.5 throw


def spell_range(sheet: FighterSheet) -> int:
    """R1.4: spells and summonings reach Magie squares (R6.2 teleport spell)."""
    return sheet.attribute("magie")


def sight_cells(a: Square, b: Square) -> list[tuple[Square, ...]]:
    """The squares strictly between a and b that the centre-to-centre segment crosses.

    Each item is one square, or a pair of squares where the segment passes exactly
    through their shared corner (blocked only when both block, see the module doc).
    """
    x, y = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ix = iy = 0
    cells: list[tuple[Square, ...]] = []
    while ix < nx or iy < ny:
        # Compare where the segment next crosses a vertical vs a horizontal grid line.
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            cells.append(((x + sx, y), (x, y + sy)))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif decision < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        if (x, y) != b:
            cells.append(((x, y),))
    return cells


def sight_blocker_terrain(board: Board, sq: Square, shooter_height: int) -> bool:
    """R1.6: walls and pillars block; an obstacle blocks when taller than the shooter."""
    t = board.terrain(sq)
    if t in (Terrain.WALL, Terrain.PILLAR):
        return True
    return t is Terrain.OBSTACLE and board.height_at(sq) > shooter_height


def sight_blocker(board: Board, a: Square, b: Square, shooter_height: int) -> Square | None:
    """The first square that blocks the line of sight a→b (R1.6), or None when it is clear."""
    for cell in sight_cells(a, b):
        blocking = [sq for sq in cell if sight_blocker_terrain(board, sq, shooter_height)]
        if len(blocking) == len(cell):
            return blocking[0]
    return None


def blocking_grid(board: Board, shooter_height: int) -> bytes:
    """1 for each square that blocks sight for a shooter of this height (row-major),
    kept with the board (the highlights ask for it on every refresh)."""
    return board_table(board, ("sight", shooter_height), lambda b: bytes(
        1 if sight_blocker_terrain(b, sq, shooter_height) else 0 for sq in b.squares()
    ))


def sight_clear(grid: bytes | bytearray, width: int, a: Square, b: Square) -> bool:
    """`sight_blocker(...) is None`, fast, on a `blocking_grid` (hot loop of the highlights).

    The squares the walk looks at depend only on the step from `a` to `b` and the grid's
    width: they are read off `sight_walk` (a property test keeps it in step with `sight_cells`).
    """
    singles, corners = sight_walk(width, b[0] - a[0], b[1] - a[1])
    base = a[1] * width + a[0]
    for d in singles:
        if grid[base + d]:
            return False
    for d, e in corners:  # noqa: SIM110 - a plain loop: a generator costs more on this hot path
        if grid[base + d] and grid[base + e]:
            return False
    return True


Walk = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
"""A `sight_walk`: the offsets of the single squares, and the pairs beside a corner."""


class _Walks(dict[tuple[int, int, int], Walk]):
    """The kept walks, emptied when they would hold more than `most` offsets (a walk is as long
    as the shot: bounded by offsets, the table stays a few MiB on the largest maps)."""

    __slots__ = ("most", "offsets")

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        self.offsets = 0

    def keep(self, key: tuple[int, int, int], walk: Walk) -> Walk:
        """Keep `walk` under `key` (emptying the table first when it is full); return it."""
        size = 1 + len(walk[0]) + 2 * len(walk[1])
        if self.offsets + size > self.most:
            self.clear()
            self.offsets = 0
        self[key] = walk
        self.offsets += size
        return walk


_WALKS = _Walks(250_000)  # every walk on a 20 × 15 arena: about 24,000


def sight_walk(width: int, dx: int, dy: int) -> Walk:
    """The squares `sight_cells` looks at from a square to the one `dx`, `dy` away, as offsets
    in a row-major grid `width` wide: the single squares, and the pairs beside a corner the
    segment passes exactly through (blocked only when both block). Kept: a board's shots
    repeat the same few steps."""
    key = (width, dx, dy)
    got = _WALKS.get(key)
    if got is None:
        singles: list[int] = []
        corners: list[tuple[int, int]] = []
        for cell in sight_cells((0, 0), (dx, dy)):
            if len(cell) == 1:
                singles.append(cell[0][1] * width + cell[0][0])
            else:
                (px, py), (qx, qy) = cell
                corners.append((py * width + px, qy * width + qx))
        got = _WALKS.keep(key, (tuple(singles), tuple(corners)))
    return got


@dataclass(frozen=True)
class RangeCheck:
    """A target square classed for the weapon, with the blocker when sight is blocked."""

    cls: RangeClass
    distance: int
    reach: int
    blocker: Square | None = None


def classify_target(
    board: Board, sheet: FighterSheet, origin: Square, target: Square, line_of_sight: bool = True
) -> RangeCheck:
    """Class `target` for `sheet`'s equipped weapon from `origin` (R1.1–R1.7)."""
    family = sheet.weapon.family
    dist = chebyshev(origin, target)
    reach = weapon_range(sheet)
    key = (family, dist, reach)
    got = _CLASSED.get(key)
    if got is None:
        cls = range_class(family, dist, reach)
        got = _CLASSED.keep(key, (_range_check(cls, dist, reach), needs_sight(family, cls)))
    check, sight = got
    if line_of_sight and sight and not sight_clear(
        blocking_grid(board, sheet.height_cm), board.width, origin, target,
    ):  # the fast walk first; the blocker (for the refusal) only when there is one
        blocker = sight_blocker(board, origin, target, sheet.height_cm)
        if blocker is not None:
            return RangeCheck("no_line_of_sight", dist, reach, blocker)
    return check


# (family, distance, reach) → the check without a blocker, and whether it needs sight (R1.6)
_CLASSED: Kept[tuple[WeaponFamily, int, int], tuple[RangeCheck, bool]] = Kept(4096)
_CHECKS: Kept[tuple[str, int, int], RangeCheck] = Kept(4096)


def _range_check(cls: RangeClass, dist: int, reach: int) -> RangeCheck:
    """`RangeCheck(cls, dist, reach)` without a blocker: a frozen value, one per triple (the
    attack queries class every fighter for every decision)."""
    key = (cls, dist, reach)
    got = _CHECKS.get(key)
    if got is None:
        got = _CHECKS.keep(key, RangeCheck(cls, dist, reach))
    return got


def range_class(family: WeaponFamily, dist: int, reach: int) -> RangeClass:
    """R1.1–R1.5, R1.7: the class of a target `dist` squares away, line of sight aside."""
    if not family.ranged:
        return "in_range" if dist == 1 else "out_of_range"
    if dist == 1:
        return "adjacent_ranged"  # R1.7
    if dist > reach and family is not WeaponFamily.FIREARM:
        return "out_of_range"  # R1.2, R1.5: never beyond
    return "in_range" if dist <= reach else "beyond_range"


def needs_sight(family: WeaponFamily, cls: RangeClass) -> bool:
    """R1.6: ranged shots at a distance need a line of sight (melee and contact do not)."""
    return family.ranged and cls in ("in_range", "beyond_range")
