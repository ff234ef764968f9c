"""s49, item 3: a tooltip moved off the board leaves the status line and the action bar in sight
where a place beside its widget allows. The greyed "Provocation avantagée" choice's refusal went
under the button, over the status line ("… and Enter to rol") and the first row of actions; it
goes beside the button now, over the log's empty bottom."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.board import BoardScreen
from tests.test_s48_board_tooltips_off_board import _tooltip_over
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_the_greyed_choice_s_tooltip_leaves_the_status_line_and_the_bar_in_sight(lang, size):
    app = scene_window("taunt", lang, size)
    board = app.find(BoardScreen)
    button = next(b for b in board.hud.choice_buttons.values() if getattr(b, "refusal", None))
    tip = _tooltip_over(app, button)
    actions = [b.rect for b in board.hud.buttons.values() if b.visible]
    assert not tip.colliderect(board.hud.status_rect), (tip, board.hud.status_rect)
    assert tip.collidelist(actions) == -1, tip
    assert not tip.colliderect(board.view.covered()) and not tip.colliderect(button.rect)
    assert app.screen.get_rect().contains(tip) and tip.w >= 200  # lines, not a narrow column
