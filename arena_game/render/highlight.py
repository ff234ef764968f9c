"""The highlight vocabulary: what a square can be marked with (no pygame).

Input modes, lessons and map pictures build `Highlight` values out of core queries and
map checks; `render.marks` says how each kind is drawn (one table, every kind with its own
pattern or outline as well as its colour). Modes import this module, so it stays free of
pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple, get_args

from arena_game.core.geometry import Square
from arena_game.core.terrain import Terrain

HighlightKind = Literal[
    # a fighter's options, from core queries
    "move",  # a square to walk/swim/jump/teleport to
    "option",  # a square that may be picked next, drawn over a chance fill (outline only)
    "reach",  # how many steps away (label) while choosing a path
    "blocked",  # refused: the tip says why
    "chance",  # R4 run reach: chance band fill + percentage
    "tackle",  # R4.7 a run square beside an opponent: a tackle d8 may stop the runner there
    "declared",  # R4.1 a declared run square, numbered
    "path",  # a step of a path being built, numbered
    "inrange",  # R1 range classes: in range
    "far",  # beyond range (malus)
    "nolos",  # no line of sight
    "target",  # an attack/push target: chance band outline + forecast pill
    "tag",  # a target's forecast pill on a free square beside it, pointing at it (`to`: the target)
    "order",  # R8 circle attack order, numbered
    "landing",  # where a push or a jump ends
    "arrow",  # a push direction, from `square` to `to`
    "hazard",  # a dead square (R2.5): falling in kills
    "goal",  # a lesson's goal square (where the learner must get)
    # map pictures (arena-game render, heatmaps, the start screen)
    "spawn",  # a team's spawn square, ringed in the team colour, numbered
    "walk_first",  # reached first by one team walking (stripes per team slot, `band`)
    "walk_tie",  # reached by two teams at the same distance
]
KINDS: tuple[HighlightKind, ...] = get_args(HighlightKind)


class Highlight(NamedTuple):
    """One highlighted square. `kind` picks the drawing (colour AND pattern), `label` is drawn in it.

    A named tuple rather than a frozen dataclass: a mode may mark thousands of squares (a
    potion teleport on a large map) and one is made five times faster."""

    square: Square
    kind: HighlightKind
    label: str = ""
    tip: str = ""
    band: int = 0  # chance bands 0 (sure) … 4 (unlikely), like a speed ruler; team slot for walk_first; 1 on a
    # `move` area over most of the ground, drawn lighter (`render.marks.lightened`)
    to: Square | None = None  # arrows (push direction): from `square` to `to`; a tag: the target it is of
    colour: str | None = None  # a team's colour (spawn, walk_first)
    joined: int = 0  # the neighbours of the same area (`render.marks.AREAS`), set by the renderer: `JOINED`
    ground: Terrain = Terrain.FLOOR  # under a chance fill: its tint is the one for this ground (water)


JOINED: dict[tuple[int, int], int] = {
    (0, -1): 1, (1, 0): 2, (0, 1): 4, (-1, 0): 8,  # above, right, below, left
    (1, -1): 16, (1, 1): 32, (-1, 1): 64, (-1, -1): 128}  # the corners: above right, below right…
"""(dx, dy) → the bit of `Highlight.joined` set when the square (x + dx, y + dy) is of the same
area. A corner's bit only when both sides beside it are set (an area's inside corner is framed
there when it is not)."""


def joined_sides(square: Square, area: set[Square] | frozenset[Square]) -> int:
    """`Highlight.joined` for `square` in `area` (the squares of one kind marked together)."""
    x, y = square
    up, right, down, left = (x, y - 1) in area, (x + 1, y) in area, (x, y + 1) in area, (x - 1, y) in area
    bits = up | right << 1 | down << 2 | left << 3
    if up and right and (x + 1, y - 1) in area:
        bits |= 16
    if down and right and (x + 1, y + 1) in area:
        bits |= 32
    if down and left and (x - 1, y + 1) in area:
        bits |= 64
    if up and left and (x - 1, y - 1) in area:
        bits |= 128
    return bits


def marking(squares: Iterable[Square], kind: HighlightKind) -> list[Highlight]:
    """A plain `Highlight` of `kind` on each of `squares`, made as tuples: a potion teleport
    marks ~3,600 squares on a 64² map, and the named tuple's constructor took half as long again."""
    _, *rest = Highlight((0, 0), kind)
    make = tuple.__new__
    return [make(Highlight, (sq, *rest)) for sq in squares]


def joined_area(area: set[Square] | frozenset[Square]) -> dict[Square, int]:
    """`joined_sides` of every square of `area` that shares a side with it (the others: 0).
    Worked out for the whole area at once: a byte a square in one integer, a row of bytes a
    board row (a margin round the area keeps rows apart), each neighbour a shift of it; square by
    square a potion teleport's ~3,600 squares on a 64² map took ~4 ms of its key's frame (s59)."""
    if not area:
        return {}
    x0 = min(x for x, _ in area) - 1
    y0 = min(y for _, y in area) - 1
    across = max(x for x, _ in area) - x0 + 2
    grid = bytearray(across * (max(y for _, y in area) - y0 + 2))
    at = [(sq, (sq[1] - y0) * across + sq[0] - x0) for sq in area]
    for _, i in at:
        grid[i] = 1
    g = int.from_bytes(grid, "little")
    row = 8 * across  # a shift by `row` bits: the square above or below
    up, down = g & (g << row), g & (g >> row)
    right, left = g & (g >> 8), g & (g << 8)
    bits = (up | right << 1 | down << 2 | left << 3  # each byte 0 or 1: its `JOINED` bit in place
            | (up & right & (g << (row - 8))) << 4 | (down & right & (g >> (row + 8))) << 5
            | (down & left & (g >> (row - 8))) << 6 | (up & left & (g << (row + 8))) << 7)
    each = bits.to_bytes(len(grid), "little")
    return {sq: each[i] for sq, i in at if each[i]}
