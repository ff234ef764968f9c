"""s50, a leftover of the small-window reviews: at 800 × 560 the start screen's map list showed 3
of its 6 maps (it scrolled) over 80 px of bare column: the list was cut to leave room for Play
and Back under the column, which then went to the right column's foot all the same. With the
buttons on the right the maps keep the column's room, whole rows, nothing over anything."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.start import LIST_EDGE, StartScreen
from tests.layout_boxes import assert_words_whole_and_apart
from tools.window_screenshots import scene_window


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_small_start_screen_shows_more_maps_in_its_column(lang):
    app = scene_window("start", lang, (800, 560))
    start = app.find(StartScreen)
    lst = start.map_list
    item = lst.list_item_height
    rows = (lst.rect.h - LIST_EDGE) // item
    assert rows >= 4, (rows, lst.rect)  # 3 before (FR: 5 now)
    assert (lst.rect.h - LIST_EDGE) % item == 0  # whole rows
    assert start.go.rect.left > lst.rect.right  # Play at the right column's foot
    bare = app.screen.get_height() - 24 - start.edit_rules.rect.bottom  # under the column's last control
    assert 0 <= bare < item, bare  # ~80 px before: the list had room for more rows
    assert_words_whole_and_apart(app)
