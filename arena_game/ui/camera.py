"""The board camera: tile size, pan, zoom and screen ↔ square conversion (no drawing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from arena_game.core.geometry import Square

MIN_TILE = 8
MAX_TILE = 128
MAX_BOARD_PIXELS = 8192  # the cached board surface stays under this on each side


@dataclass
class Camera:
    """Where the board sits in its viewport: `tile` pixels per square, `ox, oy` the board's top-left."""

    view: tuple[int, int, int, int]  # viewport x, y, w, h on screen
    board_size: tuple[int, int]  # squares
    tile: int = 32
    ox: float = 0.0
    oy: float = 0.0
    margin: Callable[[int], tuple[int, int]] | None = None
    """The room (left, top) in pixels the board's numbers take outside its left and top edges at
    a tile size (`board_view.numbers_outside`), which `fit` leaves them; None: they take none."""

    def max_tile(self) -> int:
        """Largest tile that keeps the cached board surface reasonable."""
        w, h = self.board_size
        return max(MIN_TILE, min(MAX_TILE, MAX_BOARD_PIXELS // max(1, w, h)))

    def fit(self) -> None:
        """Zoom and centre so the whole board fits the viewport, with its numbers' `margin`."""
        vx, vy, vw, vh = self.view
        w, h = self.board_size
        left = top = 0
        self.tile = self._fitting(vw, vh)
        if self.margin is not None:  # the numbers' room at the board's size without them: no less than at a smaller one
            left, top = self.margin(self.tile)
            self.tile = self._fitting(vw - left, vh - top)
            left, top = self.margin(self.tile)
        self.ox = vx + left + (vw - left - w * self.tile) / 2
        self.oy = vy + top + (vh - top - h * self.tile) / 2

    def _fitting(self, vw: int, vh: int) -> int:
        """The largest tile at which the board fits a `vw` × `vh` room (a 4 px edge round it)."""
        w, h = self.board_size
        return max(MIN_TILE, min(self.max_tile(), (vw - 8) // max(1, w), (vh - 8) // max(1, h)))

    def zoom(self, steps: int, around: tuple[int, int]) -> None:
        """Zoom in (steps > 0) or out around a screen point, keeping that point on the same square."""
        old = self.tile
        new = old
        for _ in range(abs(steps)):
            new = round(new * 1.2) if steps > 0 else round(new / 1.2)
            new = max(MIN_TILE, min(self.max_tile(), new))
        if new == old:
            return
        ax, ay = around
        self.ox = ax - (ax - self.ox) * new / old
        self.oy = ay - (ay - self.oy) * new / old
        self.tile = new
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by a screen offset."""
        self.ox += dx
        self.oy += dy
        self.clamp()

    def show(self, sq: Square) -> None:
        """Pan the least that brings square `sq` wholly into the viewport (the keyboard's cursor)."""
        vx, vy, vw, vh = self.view
        r = self.square_rect(sq)
        dx = max(0, vx - r.left) - max(0, r.right - (vx + vw))
        dy = max(0, vy - r.top) - max(0, r.bottom - (vy + vh))
        if dx or dy:
            self.pan(dx, dy)

    def clamp(self) -> None:
        """Keep at least a quarter of the viewport showing board."""
        vx, vy, vw, vh = self.view
        w, h = self.board_size
        bw, bh = w * self.tile, h * self.tile
        self.ox = min(max(self.ox, vx + vw / 4 - bw), vx + vw * 3 / 4)
        self.oy = min(max(self.oy, vy + vh / 4 - bh), vy + vh * 3 / 4)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The board square under a screen point, or None off the board or outside the viewport."""
        vx, vy, vw, vh = self.view
        if not (vx <= pos[0] < vx + vw and vy <= pos[1] < vy + vh):
            return None
        x = int((pos[0] - self.ox) // self.tile)
        y = int((pos[1] - self.oy) // self.tile)
        w, h = self.board_size
        if 0 <= x < w and 0 <= y < h:
            return (x, y)
        return None

    def square_centre(self, sq: Square) -> tuple[int, int]:
        """Screen point at the centre of a square."""
        return (int(self.ox + sq[0] * self.tile + self.tile // 2), int(self.oy + sq[1] * self.tile + self.tile // 2))

    def square_rect(self, sq: Square) -> pygame.Rect:
        """The square's box on screen."""
        x, y = self.origin
        return pygame.Rect(x + sq[0] * self.tile, y + sq[1] * self.tile, self.tile, self.tile)

    @property
    def origin(self) -> tuple[int, int]:
        """The board's top-left corner on screen, in whole pixels."""
        return (int(round(self.ox)), int(round(self.oy)))
