"""s52, item 2: during a run the key to the highlights left of "Stop the Course" is drawn at the
window's small text at least (the log's, 12 px at 1280×720 grown with the window), on two rows
of the key's whole row when one does not fit: it took 13 px at 1920×1080 and two rows of 11 px
at 1280×720. It covers nothing (inside its row, left of the choices) and is not cut."""

from __future__ import annotations

import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.board_view import LEGEND_READABLE, legend_sized
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.board_draw import shown_highlights, shown_kinds
from tools.window_screenshots import _board_window, demo_match


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s52_the_run_key_beside_the_stop_button_is_readable_and_whole(lang, size):
    app = _board_window(demo_match("tackle", 2), lang, size)  # a square run, tackle risks and a run attack ahead
    app.run(frames=2)
    board = app.find(BoardScreen)
    assert board.mode.name == "run_go" and board.hud.choice_buttons  # "Stop the Course" beside the key
    record_text_boxes(True)
    try:
        app.draw()
        noted = [(rect, px) for kind, rect, px, _panel in text_boxes() if kind == "legend"]
    finally:
        record_text_boxes(False)
    least = round(LEGEND_READABLE * board.hud.scale)
    row = board.hud.legend_row
    room = board.hud.legend_right - row.left - 10
    hl = shown_highlights(board)
    key, px = legend_sized(board.mode.name, lang, row.h - 6, room, shown_kinds(board, hl, board.version),
                           least=least, tall=row.h - 2)
    assert key is not None and px >= least, (px, least)
    assert key.get_width() <= room  # whole: never cut nor hidden
    assert noted and noted[0][1] == px and noted[0][0].size == key.get_size()
    rect = board.legend_rect
    assert rect is not None and rect.right <= board.hud.choices_left
    assert row.top <= rect.top and rect.bottom <= board.hud.status_rect.top  # off the board and the status line
    assert rect.top >= board.viewport.bottom
