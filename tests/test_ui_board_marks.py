"""What the board shows of a push before it is played (issue 13, after Into the Breach): the
arrow over the pushed token and the lava it points to, the death mark on the landing, and the
hover card beside it never over them."""

from __future__ import annotations

import pytest

from arena_game.render import palette
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _push_lava(size=(1280, 720)):
    app = scene_window("push-lava", "en", size)
    board = app.find(BoardScreen)
    arrow = next(h for h in board.current_highlights() if h.kind == "arrow")
    return app, board, arrow


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r5_push_arrow_is_drawn_over_the_lava_it_points_to(size):
    app, board, arrow = _push_lava(size)
    for frame in range(3):  # the lava's animation repaints its squares every frame
        app.run(frames=1)
        app.draw()
        land = board.camera.square_rect(arrow.to)
        towards = 1 if arrow.to[0] > arrow.square[0] else -1
        xs = range(land.centerx, land.centerx - towards * land.w // 2, -towards)  # from the landing's middle back to the token
        on_line = [app.screen.get_at((x, land.centery))[:3] for x in xs]
        assert palette.ARROW[:3] in on_line, frame


def test_r5_the_push_card_leaves_the_landing_and_its_death_mark_in_sight():
    app, board, arrow = _push_lava()
    hazard = next(h for h in board.current_highlights() if h.kind == "hazard")
    assert hazard.label and "†" not in hazard.label  # the chance on the square; the look adds the †
    card = drawn_box(app, "hover_card")
    assert not card.colliderect(board.camera.square_rect(hazard.square))
    assert not card.colliderect(board.camera.square_rect(arrow.square).union(board.camera.square_rect(arrow.to)))
