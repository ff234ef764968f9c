"""Layout of every gallery scene (issue 13): no two text boxes overlap, each lies inside its
panel or the board, none is drawn under 11 px at 1280×720; at 1920×1080 nothing is smaller."""

from __future__ import annotations

import pytest

from tests.layout_boxes import assert_words_whole_and_apart, boxes, widget_html
from tools.window_screenshots import SCENES, scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang, size", [("fr", (1280, 720)), ("en", (1280, 720)), ("fr", (1920, 1080))])
@pytest.mark.parametrize("scene", list(SCENES))
def test_no_text_over_text_nor_out_of_its_panel_nor_under_11_px_nor_cut(scene, lang, size):
    app = scene_window(scene, lang, size)
    shown = boxes(app)
    assert shown, "the scene shows no text at all"
    assert_words_whole_and_apart(app, shown)


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_kind_of_mark_on_the_board_has_its_legend_item(scene):
    """An overlay without a key is a puzzle: each highlight kind the board shows is in the legend
    drawn beside it (swim, teleport, push arrows, circle picks, declared run squares…)."""
    from arena_game.ui.board_view import legend_kinds
    from arena_game.ui.screens import board_table
    from arena_game.ui.screens.board import BoardScreen

    app = scene_window(scene, "en", (1280, 720))
    board = app.find(BoardScreen)
    if board is None or board.ctrl is None or board.anim.busy or board_table.asking(board):
        return  # no marks drawn (pieces moving, a die asked at the table)
    shown = {h.kind for h in board.current_highlights()}
    missing = shown - legend_kinds(board.mode.name)
    assert not missing, (board.mode.name, missing)
    if shown:
        assert board.legend_rect is not None


@pytest.mark.parametrize("scene", list(SCENES))
def test_titles_in_widget_text_grow_with_the_window(scene):
    """pygame_gui's `<font size=N>` is a fixed pixel size: on a large window a title would be
    smaller than the text under it. Every sized run of text is sized from the window height."""
    import re

    app = scene_window(scene, "fr", (1920, 1080))
    fixed = [html for html in widget_html(app) if re.search(r"<font[^>]*\bsize=", html)]
    assert not fixed, fixed


def test_text_grows_with_the_window_height():
    small = {what: size for what, _, size, _ in boxes(scene_window("attack-ranged", "en", (1280, 720)))}
    large = {what: size for what, _, size, _ in boxes(scene_window("attack-ranged", "en", (1920, 1080)))}
    drawn = ("status", "legend", "hover_card")
    assert all(large[w] > small[w] for w in drawn), (small, large)


def test_labels_on_squares_are_never_under_11_px_whatever_the_zoom():
    from arena_game.render.marks import SIZES

    assert all(SIZES[name](tile) >= 11 for name in SIZES for tile in range(8, 129))
