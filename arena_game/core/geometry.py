"""Grid geometry: squares, Chebyshev distance (R0.8), directions and headings (R4.4)."""

from __future__ import annotations

from arena_game.core.kept import Kept

Square = tuple[int, int]
"""A square as (x, y): x the column from the left, y the row from the top, both from 0."""

# The 8 directions, clockwise from north. Index arithmetic on this tuple gives the
# heading change between two steps in 45° units.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
)
DIRECTION_INDEX: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}


def chebyshev(a: Square, b: Square) -> int:
    """Distance on the grid, a diagonal step counting as 1 (R0.8)."""
    dx = a[0] - b[0]  # plain comparisons: half the cost of max() and abs() on every search step
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


_NEIGHBOURS: Kept[Square, tuple[Square, ...]] = Kept(65536)


def neighbours(sq: Square) -> tuple[Square, ...]:
    """The 8 adjacent squares, diagonals included (R1.1), clockwise from north (one frozen
    tuple per square, built once: every search asks it for every square it walks)."""
    got = _NEIGHBOURS.get(sq) if type(sq) is tuple else None  # (a square read from a file may be a list)
    if got is None:
        x, y = sq
        got = tuple((x + dx, y + dy) for dx, dy in DIRECTIONS)
        if type(sq) is tuple:
            _NEIGHBOURS.keep(sq, got)
    return got


def step_direction(a: Square, b: Square) -> tuple[int, int]:
    """Unit direction of a single step from a to b (b adjacent to a)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))


def is_adjacent(a: Square, b: Square) -> bool:
    """True when b is one of the 8 squares around a (Chebyshev distance 1)."""
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return -1 <= dx <= 1 and -1 <= dy <= 1 and (dx != 0 or dy != 0)


def turn_between(d1: tuple[int, int], d2: tuple[int, int]) -> int:
    """Heading change between two step directions, in 45° units (0..4)."""
    diff = abs(DIRECTION_INDEX[d1] - DIRECTION_INDEX[d2]) % 8
    return min(diff, 8 - diff)


def corner_squares(a: Square, b: Square) -> tuple[Square, Square] | None:
    """For a diagonal step a→b, the two squares orthogonally adjacent to both (R2.2)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) != 1 or abs(dy) != 1:
        return None
    return (a[0] + dx, a[1]), (a[0], a[1] + dy)


def fmt(sq: Square) -> str:
    """A square as players read it in messages: (x, y)."""
    return f"({sq[0]}, {sq[1]})"
