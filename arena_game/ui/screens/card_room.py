"""Free room near a hovered square for its hover card, in a few card shapes (`hover_card.draw`).

`hover_card.placed` tries spots level with the square or centred on it; on a crowded board every
one of them can cover something while a narrower card, or one shifted sideways, covers nothing a
few squares off. It then sent the card nine or ten rows away on a long leader line (the run card
for (6, 2), s50), or left it over a crate (the French push-lava card at (15, 2), 1920 × 1080).
Here the room is cut into cells of a square (the board's grid), each marked when anything a
card keeps off lies on it, and a summed-area table answers "is this box free?" in four looks:
every cell-aligned spot of every shape is weighed, nearest first, once per hovered square.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from operator import add

import pygame

MOST = 6
"""How many squares off a free spot may be (`hover_card.FAR`): past that a card covers something
near its square rather than sit across the board."""
SHAPE_COST = 1
"""What each narrower shape costs, in squares off: a free spot beside the square in the widest
shape beats a narrower card's, which is taller and wraps the same words on more lines."""
CELLS_ACROSS, CELLS_DOWN = 64, 40
"""At most this many cells across and down the room: on a large map fitted to the window a
square is a few pixels and the grid would hold tens of thousands of cells."""


class Blocked:
    """The room's cells, each marked when a box lies on it, as a summed-area table."""

    def __init__(self, room: pygame.Rect, origin: tuple[int, int], cell: int,
                 groups: Sequence[Sequence[pygame.Rect]]) -> None:
        # the grid starts on a square's corner left of / above the room: cells are squares
        self.cell = cell
        self.x0 = origin[0] - -(-(origin[0] - room.left) // cell) * cell
        self.y0 = origin[1] - -(-(origin[1] - room.top) // cell) * cell
        self.cols = -(-(room.right - self.x0) // cell)
        self.rows = -(-(room.bottom - self.y0) // cell)
        grid = [bytearray(self.cols) for _ in range(self.rows)]
        for group in groups:
            for box in group:
                c = box.clip(room)
                if c.w <= 0 or c.h <= 0:
                    continue
                left, right = (c.left - self.x0) // cell, (c.right - 1 - self.x0) // cell
                for y in range((c.top - self.y0) // cell, (c.bottom - 1 - self.y0) // cell + 1):
                    grid[y][left:right + 1] = b"\x01" * (right - left + 1)
        sat = [[0] * (self.cols + 1)]
        for row in grid:  # the row's running sums added to the row above's (C loops, not one a cell)
            sat.append(list(map(add, sat[-1], accumulate(row, initial=0))))
        self.sat = sat

    def free(self, box: pygame.Rect) -> bool:
        """Whether no marked cell lies under `box` (a box inside the room)."""
        return self.free_at(box.left, box.top, box.w, box.h)

    def free_at(self, x: int, y: int, w: int, h: int) -> bool:
        """`free` for the box at (`x`, `y`) of `w` × `h` px (no `Rect` made: a search asks it
        for hundreds of spots)."""
        c = self.cell
        x0, x1 = (x - self.x0) // c, (x + w - 1 - self.x0) // c + 1
        y0, y1 = (y - self.y0) // c, (y + h - 1 - self.y0) // c + 1
        s = self.sat
        return s[y1][x1] - s[y0][x1] - s[y1][x0] + s[y0][x0] == 0


def squares_off(box: pygame.Rect, cursor: pygame.Rect, tile: int) -> float:
    """How far `box` is from the hovered `cursor`, in squares (0 when they touch)."""
    dx = max(box.left - cursor.right, cursor.left - box.right, 0)
    dy = max(box.top - cursor.bottom, cursor.top - box.bottom, 0)
    return max(dx, dy) / tile


def nearest_free(sizes: Sequence[tuple[int, int]], cursor: pygame.Rect, clear: pygame.Rect,
                 room: pygame.Rect, tile: int, groups: Sequence[Sequence[pygame.Rect]],
                 last_top: int | None = None) -> tuple[int, pygame.Rect, float] | None:
    """The free spot nearest the hovered `cursor` over all the card `sizes` (widest first, each
    narrower one `SHAPE_COST` squares dearer) inside `clear` (the room less the number strips),
    covering none of the `groups` of boxes nor the cursor, at most `MOST` squares off; as
    (which size, box, its score: squares off plus the shape's cost), or None. A spot in the `last_top` row (the last card's, for the square
    hovered before, up to `MOST` + 3 squares off) counts as beside the square: moving along a
    band, the card keeps its row."""
    cell = max(tile, -(-room.w // CELLS_ACROSS), -(-room.h // CELLS_DOWN))
    blocked = Blocked(room, cursor.topleft, cell, [*groups, [cursor]])
    best: tuple[float, float, int, pygame.Rect] | None = None
    for i, (w, h) in enumerate(sizes):
        if w > clear.w or h > clear.h:
            continue
        reach = (MOST + 1) * tile  # only spots at most MOST squares off are looked at
        xs = _steps(blocked.x0, cell, max(clear.left, cursor.left - w - reach), min(clear.right, cursor.right + w + reach) - w)
        ys = _steps(blocked.y0, cell, max(clear.top, cursor.top - h - reach), min(clear.bottom, cursor.bottom + h + reach) - h)
        if last_top is not None and clear.top <= last_top <= clear.bottom - h:
            ys.append(last_top)
        # a spot's distance from the square (`squares_off`) and, for a tie, its middle's from the
        # square's (the nearer the better) are a column's and a row's: worked out once each
        cols = [(x, max(x - cursor.right, cursor.left - x - w, 0), abs(x + w // 2 - cursor.centerx)) for x in xs]
        for y in ys:
            dy, ay = max(y - cursor.bottom, cursor.top - y - h, 0), abs(y + h // 2 - cursor.centery)
            for x, dx, ax in cols:
                off = max(dx, dy) / tile
                if y == last_top and off <= MOST + 3:  # as `hover_card.placed` keeps the last row
                    off = 0.0
                score = off + SHAPE_COST * i
                if off > MOST or (best is not None and (score, ax + ay) >= best[:2]):
                    continue
                if blocked.free_at(x, y, w, h):
                    best = (score, ax + ay, i, pygame.Rect(x, y, w, h))
    return None if best is None else (best[2], best[3], best[0])


def _steps(origin: int, cell: int, low: int, high: int) -> list[int]:
    """The cell edges from `low` to `high` (the grid from `origin`), and both ends."""
    if high < low:
        return []
    first = origin + -(-(low - origin) // cell) * cell
    return sorted({low, high, *range(first, high + 1, cell)})


Found = tuple[int, pygame.Rect, float] | None
_FOUND: dict[tuple, Found] = {}


def kept(key: tuple, find: Callable[[], Found]) -> Found:
    """`find()` once per `key` (what the search looked at): the hover frames of one square, with
    the same boxes about, search once."""
    if key not in _FOUND:
        if len(_FOUND) > 16:
            _FOUND.clear()
        _FOUND[key] = find()
    return _FOUND[key]


def reset() -> None:
    """Forget the spots found (`hover_card.reset_caches`)."""
    _FOUND.clear()
