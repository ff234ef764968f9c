"""While the match-over bar is up, the status line under the board agrees with it (s47 review 3,
item 2): the bar's "OK Esc" goes back to the board, so the line must not say "Esc: quit", and
"New match N" is said by the bar and the action bar, not a third time by the line."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import press_key, top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _said_new_match(app, board, over, lang: str) -> int:
    """How many places on screen name the new match: the bar, the action bar, the status line."""
    new = t("ui.act_new", lang).lower()
    words = [b.text for b in over.buttons.values()] if over is not None else []
    words += [b.text for b in board.hud.buttons.values() if b.visible]
    words.append(board.hud.status_text)
    return sum(new in w.lower() for w in words)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_status_line_says_what_esc_does_while_the_match_over_bar_is_up(lang):
    app = scene_window("match-over", lang, (1280, 720))
    wait_while_building(app)
    over = top(app, MatchOverScreen)
    board = app.find(BoardScreen)
    assert over is not None and board is not None
    status = board.hud.status_text
    assert status == t("ui.over_bar_hint", lang)
    assert t("ui.over_hint", lang).split(" · ")[-1] not in status  # not "Esc: quit"
    assert _said_new_match(app, board, over, lang) == 2
    press_key(app, pygame.K_ESCAPE)  # the bar's OK: back to the board, where Esc quits
    assert app.find(MatchOverScreen) is None and app.running
    assert board.hud.status_text == t("ui.over_hint", lang)
