"""Every gallery scene in the smallest window (800×560), in English and in French: no text
under 11 px, none out of its panel, none over another, none cut. The layout check knows
clipping (`tests/layout_boxes.py`): a widget counts by what shows of it, so the rows a list
or a scroll box has scrolled out of sight are not "text over text"; but a word the window's
edge, a panel or a view that does not scroll that way cuts is still a defect."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.app import MIN_SIZE
from tests.layout_boxes import assert_words_whole_and_apart, boxes, clipped_widgets
from tools.window_screenshots import SCENES, scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SMALL = (800, 560)


def test_the_smallest_window_is_800_by_560():
    assert tuple(MIN_SIZE) == SMALL


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_gallery_scene_keeps_its_words_whole_and_apart_in_the_smallest_window(scene, lang):
    app = scene_window(scene, lang, SMALL)
    assert app.screen.get_size() == SMALL
    shown = boxes(app)
    assert shown, "the scene shows no text at all"
    assert_words_whole_and_apart(app, shown)


def _widget(app, text: str):
    from tests.layout_boxes import _widgets, _words

    return next(el for el in _widgets(app) if _words(el) == text)


def test_a_lists_rows_scrolled_out_of_sight_are_not_text_over_the_widgets_below():
    """The start screen's map list shows four rows at 800×560 (three before s50): the fifth, out
    of sight under the list's clip, was read as lying over the "Teams" label and its button."""
    app = scene_window("start", "en", SMALL)
    hidden = _widget(app, "Les Marais acides (the acid marshes)")
    assert hidden.visible and hidden.rect.colliderect(_widget(app, "Teams").rect)  # where it would be
    shown = [what for what, _, _, _ in boxes(app)]
    assert sum(what.endswith("#item_list_item") for what in shown) >= 4 + 1  # four maps, one teams
    assert all(rect.h > 0 for _, rect, _, _ in boxes(app))
    assert not clipped_widgets(app)
    assert_words_whole_and_apart(app)


def test_a_scroll_boxs_rows_below_its_view_are_not_out_of_the_window():
    """The house rules' rows past the scroll box's view (and past the window's bottom) are
    scrolled out, not cut: only what shows of them counts."""
    app = scene_window("house-rules", "en", SMALL)
    below = [el for el in _rows(app) if el.rect.top >= SMALL[1]]
    assert below, "the scene has rows below the window to scroll to"
    window = app.screen.get_rect()
    assert all(window.contains(rect) for _, rect, _, _ in boxes(app))
    assert_words_whole_and_apart(app)


def _rows(app):
    from tests.layout_boxes import _has_text, _widgets

    return [el for el in _widgets(app) if _has_text(el) and "scrolling_container" in el.most_specific_combined_id]


def test_a_row_half_scrolled_out_of_its_view_counts_by_what_shows():
    app = scene_window("house-rules", "en", SMALL)
    box = app.top.page_box  # type: ignore[union-attr]
    view = box.view
    row = next(el for el in _rows(app) if el.rect.bottom > view.bottom)
    box.scroll_into_view(pygame.Rect(row.rect.x, row.rect.y - view.h // 2 - 8, 1, 1))
    app.run(frames=2)
    seen = [(what, rect) for what, rect, _, _ in boxes(app) if "scrolling_container" in what]
    assert seen and all(view.contains(rect) for _, rect in seen)
    assert not clipped_widgets(app)


def test_a_word_the_windows_edge_cuts_is_still_a_defect():
    app = scene_window("house-rules", "en", SMALL)
    back = _widget(app, app.top.back.text)  # type: ignore[union-attr]
    back.set_relative_position((SMALL[0] - back.rect.w // 2, back.relative_rect.y))
    app.run(frames=1)
    cut = clipped_widgets(app)
    assert [text for _, text, _, _, _ in cut] == [back.text]  # by the window-wide panel, or the window
    with pytest.raises(AssertionError):
        assert_words_whole_and_apart(app)


def test_a_word_a_scroll_view_cuts_across_the_way_it_scrolls_is_still_a_defect():
    """The house rules' box scrolls up and down only: a row pushed past its right edge is cut
    for good (no bar brings it into sight)."""
    app = scene_window("house-rules", "en", SMALL)
    view = app.top.page_box.view  # type: ignore[union-attr]
    row = next(el for el in _rows(app) if view.contains(el.rect) and el.rect.w < view.w // 2)
    row.set_relative_position((view.w - row.rect.w // 2, row.relative_rect.y))
    app.run(frames=1)
    cut = [(text, by) for _, text, _, _, by in clipped_widgets(app)]
    assert len(cut) == 1 and "view_container" in cut[0][1], cut


@pytest.mark.parametrize("scene, part", [("dice-at-table", "#dice_dialog"), ("rules", "#rules_window"),
                                         ("tutorial", "#lesson_panel")])
def test_the_check_reads_a_dialogs_widgets_and_a_lessons_board(scene, part):
    """A dialog's window (the dice at the table, the rules) and a lesson's board are what the
    check reads of those scenes: it read none of their widgets (only the board's own drawn
    texts, dimmed behind the dialog)."""
    app = scene_window(scene, "fr", SMALL)
    shown = [what for what, _, _, _ in boxes(app)]
    assert any(part in what for what in shown), shown
    if scene == "tutorial":
        assert sum(what.startswith("UIButton") for what in shown) >= 10  # the action bar
    assert_words_whole_and_apart(app)


def test_the_rules_column_scrolled_off_is_not_cut():
    """The rules open on R4.4: the pieces above it are scrolled out of the column (a container
    with a bar of its own), not cut by it."""
    app = scene_window("rules", "en", SMALL)
    from tests.layout_boxes import _widgets

    pieces = [el for el in _widgets(app) if "#rules_piece" in el.most_specific_combined_id]
    assert any(el.rect.bottom < el.ui_container.get_container().get_rect().top for el in pieces)
    assert not clipped_widgets(app)
