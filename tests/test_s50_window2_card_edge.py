"""s50 window2: the walk mode's refusal card at 1920×1080 ran right up to the side panel's
edge, its frame on the panel's. A card keeps a margin (`hover_card.EDGE` px at 1280×720, grown
with the window) from every edge of the board's room."""

from __future__ import annotations

import pytest

from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_boxes
from tools.window_screenshots import scene_window


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", ["walk", "push-lava", "teleport"])
def test_s50_a_hover_card_keeps_a_margin_from_the_board_rooms_edges(scene, lang, size):
    app = scene_window(scene, lang, size)
    b = app.find(BoardScreen)
    cards = drawn_boxes(app, "hover_card")
    assert cards, "the scene shows no hover card"
    edge = round(hover_card.EDGE * b.hud.scale)
    room = b.viewport
    for card in cards:
        assert card.left - room.left >= edge and room.right - card.right >= edge, (card, room)
        assert card.top - room.top >= edge and room.bottom - card.bottom >= edge, (card, room)
