"""The house-rules pages read as one form (s48 review, item 7): paging moved the values sideways
(x ≈ 456–536 at 1280×720 EN, each page's column as wide as its own longest explanation), short
pages were stretched with 85–100 px between rules, and the faint band alternated over the whole
page, so a rule of one Reading was banded or not by where it fell. Now the values stand in one
column on every page, rules stay close (the rest of the room under the last one) and the band
alternates within each rule: its second, fourth… Reading. At 1280×720, 1920×1080 and 800×560
(where the pages scroll), in both languages."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIImage, UILabel, UITextBox

from arena_game.render.text import font, ui_scale
from arena_game.ui.house_draft import page_groups
from arena_game.ui.screens.house_rules import text_box_height
from tests.ui_driver import house_rules_pages, open_app

SIZES = [(1280, 720), (1920, 1080), (800, 560)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_house_rules_values_and_marks_stand_in_the_same_column_on_every_page(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang=lang, size=size)
    values, marks = set(), set()
    for panel in house_rules_pages(app):
        box = panel.page_box.get_container()
        texts = [el for el in box.elements if isinstance(el, UITextBox)]
        for text, value in zip(texts, panel.keys_of, strict=True):
            if value.rect.y > text.rect.y:  # the hit-location table: typed on a line of its own
                continue
            values.add(value.rect.x - box.rect.x)
            marks.add(panel.marks[panel.keys_of[value]].rect.x - box.rect.x)
    assert len(values) == 1, sorted(values)
    assert len(marks) == 1, sorted(marks)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_house_rules_stay_close_on_a_short_page_and_are_banded_within_each_rule(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    k = ui_scale(size)
    app = open_app(None, lang=lang, size=size)
    for page, panel in enumerate(house_rules_pages(app)):
        box = panel.page_box.get_container()
        headings = [el.rect for el in box.elements if isinstance(el, UILabel) and el not in panel.marks.values()]
        texts = [el for el in box.elements if isinstance(el, UITextBox)]
        bands = [el.rect for el in box.elements if isinstance(el, UIImage)]
        widgets = list(panel.keys_of)
        groups = page_groups(page)
        assert len(headings) == len(groups), page
        n = 0
        for g, (rule, fields) in enumerate(groups):
            rows = []
            for i in range(len(fields)):
                text, value = texts[n], widgets[n]
                row = text.rect.union(value.rect).union(panel.marks[panel.keys_of[value]].rect)
                under = [band for band in bands if band.colliderect(text.rect)]
                # banded by its place in its rule: the first Reading (a rule's only one too) plain
                assert len(under) == i % 2, (page, rule, i, len(under))
                if rows:  # Readings of a rule close together …
                    assert row.top - rows[-1].bottom <= round(14 * k), (page, rule, i)
                rows.append(row)
                n += 1
            if g + 1 < len(groups):  # … and the next rule's heading 30 px or so under them, not 85–100
                assert headings[g + 1].top - rows[-1].bottom <= round(32 * k), (page, rule, headings[g + 1].top - rows[-1].bottom)
        assert n == len(texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_house_rules_explanation_box_is_as_tall_as_the_lines_it_shows(tmp_path, monkeypatch, size, lang):
    # pygame_gui wraps 8–11 px inside a box, the plan 12: with one column for all the pages, the
    # French "une Poussée continue dans l'eau (non : l'eau l'arrête comme un mur)" at 800×560 was
    # planned on two lines and shown on one, an empty line under it
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    small = font(round(14 * ui_scale(size)))
    app = open_app(None, lang=lang, size=size)
    for page, panel in enumerate(house_rules_pages(app)):
        for text in (el for el in panel.page_box.get_container().elements if isinstance(el, UITextBox)):
            lines = len(text.text_box_layout.layout_rows)
            assert text.rect.h in (text_box_height(small, lines), round(30 * ui_scale(size))), (page, text.html_text, lines)
