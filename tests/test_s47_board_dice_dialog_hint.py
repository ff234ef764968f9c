"""The dice dialog leaves the status line under the board whole (s47 review 3, item 6): centred
in the window, its bottom edge cut the top of the letters of "Dice at the table: Tarn rolls 1d20
for Course (run) — type or click its face in the dialog". It now sits above the line when it
fits there."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.dialog import window_shadow
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from tests.layout_boxes import drawn_boxes
from tests.ui_driver import top
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_dice_dialog_stays_above_the_status_line(lang, size):
    app = scene_window("dice-at-table", lang, size)
    dialog = top(app, FaceDialogScreen)
    board = app.find(BoardScreen)
    assert dialog is not None and board is not None
    shadow = window_shadow(app.manager, "#dice_dialog")
    window = dialog.window.rect
    status = drawn_boxes(app, "status")
    assert status and not any(window.inflate(2 * shadow, 2 * shadow).colliderect(r) for r in status), (window, status)
    assert window.bottom + shadow <= board.hud.status_rect.top
    assert window.top - shadow >= 0 and app.screen.get_rect().contains(window)
