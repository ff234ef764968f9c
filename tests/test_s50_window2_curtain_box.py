"""s50 window2: the hand-off curtain's summary box was as wide as its lines, not its title: at
1366×768 "Last turn of Les Vipères d'Onyx (Onyx Vipers):" ran past both sides of a box sized
to "• Kael walks (17, 12) –› (16, 12)" and "• Kael's turn ends". The box holds its title."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens.handoff import HandoffScreen
from tests.layout_boxes import boxes
from tests.ui_driver import open_app, press_key, top


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_curtains_summary_box_holds_its_title(lang, size):
    app = open_app(MatchController(setup_for_map("arene-classique", None, 7)), size=size, lang=lang, handoff=True)
    if top(app, HandoffScreen) is not None:
        press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_e, frames=60)  # a short turn: the title is wider than its lines
    curtain = top(app, HandoffScreen)
    assert curtain is not None and curtain.summary
    shown = boxes(app)
    inside = [(what, rect, room) for what, rect, _, room in shown if what in ("handoff", "handoff_summary")]
    assert len(inside) >= 4
    outside = [(what, rect, room) for what, rect, room in inside if not room.contains(rect)]
    assert not outside, outside
