"""s50, leftovers of the hover-card reviews: a card went nine or ten rows from its square on a long
leader line (the run card for (6, 2)) while a narrower card was free four squares off, and the
French push-lava card covered the crate at (15, 2) while a free spot lay five squares below.
The nearest free spot within `card_room.MOST` squares, in the card's shape or a narrower one,
is taken (`card_room.nearest_free`)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import card_room, hover_card
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.board_draw import shown_highlights
from tests.layout_boxes import drawn_box, pillars_and_crates, squares_under
from tools.window_screenshots import scene_window

SIZES = [(1280, 720), (1920, 1080)]


def _under(board: BoardScreen, card: pygame.Rect) -> list:
    """What the card covers of the marked squares, pillars, crates and fighters (the hovered aside)."""
    marked = {h.square for h in shown_highlights(board) if h.kind in hover_card.MARKED}
    fighters = {f.position for f in board.ctrl.state.fighters.values() if f.alive}
    return squares_under(board, card, (set(pillars_and_crates(board)) | marked | fighters) - {board.hover})


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", ["run-declared", "push-lava"])
def test_s50_the_card_sits_near_its_square_over_nothing(scene, lang, size):
    # run-declared: the card went 9 rows down; push-lava FR: it covered the crate at (15, 2)
    # (1920) or (14, 2) (1280)
    app = scene_window(scene, lang, size)
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    square = board.camera.square_rect(board.hover)
    off = card_room.squares_off(card, square, square.h)
    assert off <= card_room.MOST, (card, square, off)
    assert not _under(board, card), card
    assert drawn_box(app, "hover_card") == card  # the next frames keep it there


def test_s50_a_narrower_card_near_beats_the_wide_one_far():
    """Rows 0–10 marked but columns 11–19 of rows 0–2: the wide card is free only under the band,
    eight rows off; one as wide as the free corner sits four squares off."""
    t = 40
    room = pygame.Rect(0, 0, 20 * t, 15 * t)
    cursor = pygame.Rect(6 * t, 2 * t, t, t)
    marks = [pygame.Rect(x * t, y * t, t, t) for x in range(20) for y in range(11)
             if not (x >= 11 and y <= 2) and (x, y) != (6, 2)]
    found = card_room.nearest_free([(12 * t, 2 * t), (9 * t, 3 * t)], cursor, room, room, t, [marks])
    assert found is not None
    shape, box, score = found
    assert shape == 1 and box.collidelist(marks) == -1 and not box.colliderect(cursor), box
    assert box.left == 11 * t and card_room.squares_off(box, cursor, t) == 4 and score == 4 + card_room.SHAPE_COST
    alone = card_room.nearest_free([(12 * t, 2 * t)], cursor, room, room, t, [marks])
    assert alone is None  # the wide card's only free spots are eight rows off, past MOST


def test_s50_blocked_cells_see_every_box_even_off_the_grid():
    t = 40
    room = pygame.Rect(5, 7, 20 * t, 15 * t)
    crate = pygame.Rect(5 + 7 * t + 13, 7 + 4 * t + 9, 10, 10)  # a small figure inside a square
    blocked = card_room.Blocked(room, (5, 7), t, [[crate]])
    assert not blocked.free(pygame.Rect(5 + 7 * t, 7 + 4 * t, t, t))
    assert not blocked.free(pygame.Rect(5 + 7 * t + 20, 7 + 4 * t + 15, 3 * t, t))  # off the grid, over it
    assert blocked.free(pygame.Rect(5 + 8 * t, 7 + 4 * t, 3 * t, t))  # beside it
    assert blocked.free(pygame.Rect(5, 7, 7 * t, 4 * t))
