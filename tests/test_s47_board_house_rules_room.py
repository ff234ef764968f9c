"""A house-rules explanation takes the row's room before it wraps (s47 review 3, item 8): the
French "« pendant N tours » compte les tours du combattant, ou des tours de table entiers" took
two lines while 200 px (1280×720) or 400 px (1920×1080) of its row stayed empty right of the
marks."""

from __future__ import annotations

import html

import pytest
from pygame_gui.elements import UITextBox

from arena_game.render.text import font, ui_scale
from arena_game.ui.screens.house_rules import TEXT_BOX_SIDES
from tests.ui_driver import house_rules_pages, open_app


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_explanation_wraps_only_when_its_row_has_no_room_for_it(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    k = ui_scale(size)
    small = font(round(14 * k))
    app = open_app(None, lang=lang, size=size)
    wrapped = []
    for page, panel in enumerate(house_rules_pages(app)):
        box = panel.page_box.get_container()
        texts = [el for el in box.elements if isinstance(el, UITextBox)]
        values = list(panel.keys_of)
        for text, value in zip(texts, values, strict=True):
            if len(text.text_box_layout.layout_rows) < 2 or value.rect.y > text.rect.y:
                continue
            mark = panel.marks[panel.keys_of[value]].rect
            spare = box.rect.right - (mark.left + round(300 * k))  # what the row leaves right of its marks' column
            missing = small.size(html.unescape(text.html_text))[0] + TEXT_BOX_SIDES + 2 - text.rect.w
            if missing <= spare:
                wrapped.append((page, text.html_text, missing, spare))
    assert not wrapped, wrapped
