"""The house-rules panel's rows read across (s46 review, item 18: the values stood 650 px from
the left at 1280×720 and 1070 px at 1920×1080, after explanations of 150–460 px, on rows with
nothing to follow): the explanations' column is as wide as the pages' longest one (up to a cap;
the same on every page since s48, review item 7), each value stands right after it, and every
other Reading of a rule lies on a faint band. At both sizes, in both languages, on every page: no
explanation cut, none over its value, no value over its mark."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIImage, UITextBox

from arena_game.render.text import ui_scale
from arena_game.ui.house_draft import page_groups
from arena_game.ui.screens.house_rules import HouseRulesScreen
from tests.ui_driver import house_rules_pages, open_app


def _rows(panel: HouseRulesScreen) -> list[tuple[UITextBox, pygame.Rect, pygame.Rect]]:
    """Each Reading of the page shown: its explanation's box, its value's and its mark's rectangles."""
    assert panel.page_box is not None
    texts = [el for el in panel.page_box.get_container().elements if isinstance(el, UITextBox)]
    values = list(panel.keys_of)
    assert len(texts) == len(values)
    return [(text, value.rect, panel.marks[panel.keys_of[value]].rect) for text, value in zip(texts, values, strict=True)]


def _words_end(text: UITextBox) -> int:
    """Where the explanation's longest line of words ends on the screen."""
    return text.rect.x + max(chunk.right for row in text.text_box_layout.layout_rows for chunk in row.items)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_house_rules_value_stands_right_after_the_page_s_explanations(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    k = ui_scale(size)
    app = open_app(None, lang=lang, size=size)
    lefts, widest = set(), 0
    for page, panel in enumerate(house_rules_pages(app)):
        rows = _rows(panel)
        widest = max(widest, *(_words_end(text) for text, _, _ in rows))
        for text, value, mark in rows:
            if value.y > text.rect.y:  # a table typed on a line of its own, under its explanation
                continue
            assert text.scroll_bar is None, (page, text.html_text)  # its words whole, not scrolled
            assert text.rect.right <= value.left <= text.rect.right + round(16 * k), (page, text.html_text)
            assert value.right <= mark.left <= value.right + round(16 * k), (page, text.html_text)
            lefts.add(value.left)
    # the fields follow the longest line of the pages' explanations, not the window's far side
    assert max(lefts) - widest <= round(40 * k), (lefts, widest)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_other_house_rules_reading_lies_on_a_band_under_its_words_value_and_mark(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang=lang, size=size)
    for page, panel in enumerate(house_rules_pages(app)):
        assert panel.page_box is not None
        box = panel.page_box.get_container()
        bands = [el.rect for el in box.elements if isinstance(el, UIImage)]
        rows = _rows(panel)
        in_rule = [i for _, fields in page_groups(page) for i in range(len(fields))]  # a Reading's place in its rule
        assert len(bands) == sum(i % 2 for i in in_rule), page
        for i, (text, value, mark) in zip(in_rule, rows, strict=True):
            under = [band for band in bands if band.colliderect(text.rect)]
            if i % 2:
                assert len(under) == 1 and under[0].contains(text.rect.union(value)), (page, i)
                assert under[0].left <= mark.left and under[0].right >= mark.left + 60, (page, i)
                # drawn under the row: made before its words (pygame_gui draws a layer's widgets in order)
                assert box.elements.index(next(el for el in box.elements if el.rect == under[0])) < box.elements.index(text)
            else:
                assert not under, (page, i)
        if not bands:  # no rule of two Readings on the page
            continue
        picture = app.screen
        band_colour = picture.get_at((bands[0].x + 2, bands[0].centery))
        outside = picture.get_at((bands[0].x + 2, bands[0].bottom + 1))
        assert 0 < sum(band_colour[:3]) - sum(outside[:3]) <= 45, (band_colour, outside)  # faint, not a bar
