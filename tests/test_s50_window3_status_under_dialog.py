"""A dialog over the board owns the keys: the dimmed status line behind it must not go on
advertising them (s50 review, item 1). Esc on the board said "Esc again: quit the window.";
Ctrl+O then opened the load dialog, and the line behind it still said so, though Esc now
closes the dialog. The line is left empty under the load dialog and the rules window; under
the table's dice dialog it keeps saying which roll is asked (what that dialog is for)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import board_table
from arena_game.ui.screens.dialog import LoadDialogScreen
from arena_game.ui.screens.rules import RulesScreen
from arena_game.ui.strings import text
from tests.layout_boxes import drawn_boxes
from tests.ui_driver import board, open_app, press_key, top, ui_match
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GRID = """
.....
.....
.....
"""


def drawn_status(app) -> list[str]:
    """The status line's words as drawn this frame (none: the line is drawn empty)."""
    drawn = drawn_boxes(app, "status")
    return [board(app).hud.status_shown for _ in drawn]


def quitting_board(lang: str):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl, lang=lang)
    for _ in range(3):  # back out of the mode first, then the board asks for Esc again
        if not board(app).leaving:
            press_key(app, pygame.K_ESCAPE)
    assert board(app).hud.status_text == text("quit_confirm_unsaved", lang)
    assert drawn_status(app)  # the board alone: the line is drawn
    return app


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_load_dialog_hides_the_boards_quit_line(lang):
    app = quitting_board(lang)
    press_key(app, pygame.K_o, mod=pygame.KMOD_CTRL, frames=4)
    assert top(app, LoadDialogScreen) is not None
    assert drawn_status(app) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_rules_window_hides_the_boards_quit_line(lang):
    app = quitting_board(lang)
    press_key(app, pygame.K_F1, frames=4)
    assert top(app, RulesScreen) is not None
    assert drawn_status(app) == []
    press_key(app, pygame.K_ESCAPE, frames=3)  # the rules window closed: the board's line again
    assert top(app, RulesScreen) is None
    assert drawn_status(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_dice_dialog_keeps_the_roll_it_asks_for(lang):
    app = scene_window("dice-at-table", lang, (1280, 720))
    need = board_table.asked(board(app))
    assert need is not None
    assert drawn_status(app) == [board_table.waiting_line(need, board(app).ctrl.names(), lang)]
