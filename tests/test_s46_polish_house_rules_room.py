"""The house-rules pages use the window's room (s45 review: 150–250 px empty between a page's last
row and the keys' help at 1280x720 and 1920x1080): a short page's rows are spaced to fill it,
evenly, every row whole inside the page and none over another — up to a limit, the rest left
under the last rule (s48 review, item 7: stretched, its rules stood 85–100 px apart); a page too
tall for its room (800x560) still scrolls, its rows as close as before."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine

from arena_game.render.text import ui_scale
from arena_game.ui.house_draft import PAGES
from arena_game.ui.screens.house_rules import HouseRulesScreen, page_plan
from tests.ui_driver import house_rules_pages, open_app


def page_widgets(panel: HouseRulesScreen) -> list[pygame.Rect]:
    """The screen boxes of the page's headings, explanations, values and marks."""
    assert panel.page_box is not None
    return [el.rect for el in panel.page_box.get_container().elements
            if isinstance(el, UILabel | UITextBox | UIButton | UITextEntryLine)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_short_house_rules_page_is_spaced_to_its_room(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang=lang, size=size)
    for page, panel in enumerate(house_rules_pages(app)):
        view = panel.page_view()
        assert view is not None
        boxes = page_widgets(panel)
        assert all(view.contains(box) for box in boxes), f"page {page}: a row cut"
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), f"page {page}: text over text"
        empty = view.bottom - max(box.bottom for box in boxes)
        _, spaced_most = page_plan(page, size[0] - 48, ui_scale(size), lang, room=10_000)
        spaced = max(box.bottom for box in boxes) - view.top
        # filled, or spaced as far as a page is (its last row's gaps are not in `spaced`)
        assert empty <= view.h // 6 or spaced >= spaced_most - round(12 * ui_scale(size)), \
            f"page {page}: {empty} px empty under the last row of {view.h}"


def test_a_page_taller_than_its_room_keeps_its_rows_close():
    k = ui_scale((800, 560))
    for page in range(len(PAGES)):
        close = page_plan(page, 752, k, "fr")
        assert page_plan(page, 752, k, "fr", room=200) == close  # taller than 200 px: nothing to spread
