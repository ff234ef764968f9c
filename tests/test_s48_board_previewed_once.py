"""The squares a hovered square's preview marks (`board_draw.previewed`: a push's arrow and
landings) are picked out of the highlights once while they stay the same, not in every hover
frame: a potion teleport marks ~15,000 squares on a 128² map, walked each frame (~1 ms). They
are picked out again when the list or its length changes."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from arena_game.render.highlight import Highlight
from arena_game.ui.screens import board_draw

T = 40


class Counted(list):
    """A list of highlights that counts how many times it is gone over."""

    walks = 0

    def __iter__(self):
        self.walks += 1
        return super().__iter__()


def _board() -> SimpleNamespace:
    camera = SimpleNamespace(square_rect=lambda sq: pygame.Rect(sq[0] * T, sq[1] * T, T, T))
    ground = SimpleNamespace(inside=lambda sq: 0 <= sq[0] < 100 and 0 <= sq[1] < 100)
    return SimpleNamespace(camera=camera, ctrl=SimpleNamespace(state=SimpleNamespace(board=ground)))


def _area(n: int, *more: Highlight) -> Counted:
    return Counted([Highlight((x, y), "move") for x in range(n) for y in range(n)] + list(more))


def test_the_previewed_squares_are_picked_out_of_the_highlights_once_while_they_stay_the_same():
    tip = "Push Oruk: 1 square → (5, 6)"
    hl = _area(60, Highlight((4, 6), "arrow", to=(5, 6)), Highlight((5, 6), "landing", tip=tip))
    board = _board()
    for hover in [(4, 6), (4, 6), (3, 3), (4, 6), (4, 6)]:  # five hover frames over the same highlights
        boxes = board_draw.previewed(board, hl, hover, tip if hover == (4, 6) else "")
        if hover == (4, 6):
            arrow = pygame.Rect(4 * T, 6 * T, 2 * T, T)
            assert boxes == [arrow, pygame.Rect(5 * T, 6 * T, T, T), pygame.Rect(5 * T, 6 * T, T, T)]
        else:
            assert boxes == []
    assert hl.walks == 1
    # picked out again for highlights added to the same list, and for a new list
    hl.append(Highlight((1, 1), "arrow", to=(2, 1)))
    assert board_draw.previewed(board, hl, (1, 1), "") == [pygame.Rect(T, T, 2 * T, T)]
    other = _area(2, Highlight((0, 0), "arrow", to=(0, 1)))
    assert board_draw.previewed(board, other, (0, 0), "") == [pygame.Rect(0, 0, T, 2 * T)]
