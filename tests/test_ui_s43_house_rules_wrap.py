"""The house-rules panel in a narrow window: an explanation that wraps is shown whole, its box as
tall as pygame_gui lays its lines (1.25 lines apart) and its lines counted at the width pygame_gui
wraps them. It was cut after its first line, with a scroll bar of its own, on every page at 800x560
and 1080x1920 and on R0 at 900x900."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UITextBox

from tests.ui_driver import house_rules_pages, open_app


def cut_explanations(app) -> list[str]:
    """The explanations on the open page that do not show whole (their box scrolls)."""
    return [el.html_text for el in app.manager.get_sprite_group().sprites()
            if isinstance(el, UITextBox) and "#house_text" in el.get_object_ids()
            and (el.scroll_bar is not None or el.text_box_layout.layout_rect.height > el.text_wrap_rect.height)]


# 860x900 in French: since the rows no longer repeat their rule number (s46) the explanations
# have that column's room, and at 900x900 none wraps any more
@pytest.mark.parametrize(("size", "lang"), [((800, 560), "en"), ((800, 560), "fr"), ((860, 900), "fr"),
                                            ((1080, 1920), "en")])
def test_every_wrapped_explanation_shows_whole_on_every_page(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang=lang, size=size)
    wrapped = 0
    for page, _panel in enumerate(house_rules_pages(app)):
        assert cut_explanations(app) == [], f"page {page}"
        wrapped += sum(1 for el in app.manager.get_sprite_group().sprites()
                       if isinstance(el, UITextBox) and "#house_text" in el.get_object_ids()
                       and len(el.text_box_layout.layout_rows) > 1)
    assert wrapped > 0  # the size makes explanations wrap: the case is met
