"""The refusal card of a greyed choice (the advantaged taunt before a kill) covers no square of
floor when the window has room for it (s48 review, item 13): on a board filling the viewport
it covered the last rows (13–14) on two lines; on one line it sits over the bottom wall."""

from __future__ import annotations

import pytest

from arena_game.core.terrain import Terrain
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_boxes
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_advantaged_taunt_s_refusal_covers_only_the_walls_of_the_board(lang, size):
    app = scene_window("taunt", lang, size)
    board = app.find(BoardScreen)
    cards = drawn_boxes(app, "choice_refusal")
    assert len(cards) == 1
    ground = board.ctrl.state.board
    under = [sq for sq in ground.squares()
             if ground.terrain(sq) != Terrain.WALL and cards[0].colliderect(board.camera.square_rect(sq))]
    assert not under, under
    # in the board's room, or in the key's row of its own when the mode has no key to put there
    # (the English styles' two rows, s56 audit: `board_draw.in_spare_row`)
    spare = board.hud.legend_row if board.hud.key_rows == 2 and board.legend_rect is None else board.viewport
    assert board.viewport.contains(cards[0]) or spare.contains(cards[0])
