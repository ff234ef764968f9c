"""The hover card leaves the squares next to the hovered one in sight when it can (s47 review 3,
item 12): beside the run's (6, 2) it covered the band square (7, 2) and the pillar at (7, 3).
Every square with a figure or mark of its own counts as worth seeing, and when each spot beside
the square covers one, the card may sit a square farther off."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

T = 40


def _sq(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(x * T, y * T, T, T)


def test_a_card_sits_a_square_off_when_every_spot_beside_the_square_covers_a_mark():
    room = pygame.Rect(0, 0, 20 * T, 15 * T)
    cursor = _sq(8, 7)
    near = [_sq(8 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    box = hover_card.place((6 * T, 2 * T), cursor, room, sights=near)
    assert box.collidelist(near) == -1, box
    assert box.left == cursor.right + 6 + T  # the first farther spot: right of it, a square off


def test_the_marks_worth_seeing_are_a_squares_own_not_the_areas():
    hl = [Highlight((1, 1), "chance", "88%"), Highlight((2, 1), "move"), Highlight((3, 1), "landing", "40%"),
          Highlight((4, 1), "inrange")]
    rects = hover_card.marked(hl, lambda sq: _sq(*sq), pygame.Rect(0, 0, 10 * T, 10 * T))
    assert rects == [_sq(1, 1), _sq(3, 1)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_run_card_leaves_the_squares_next_to_the_hovered_one_in_sight(lang):
    app = scene_window("run-declared", lang, (1280, 720))
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    x, y = board.hover
    state = board.ctrl.state
    near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    worth = {h.square for h in board.current_highlights() if h.kind in hover_card.MARKED}
    worth |= {sq for sq in near if state.board.inside(sq) and state.board.terrain(sq).name not in ("FLOOR", "WALL")}
    covered = [sq for sq in near if sq in worth and card.colliderect(board.camera.square_rect(sq))]
    assert not covered, covered
