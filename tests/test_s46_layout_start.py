"""The start screen's map info box is as tall as its text (two lines sat in a 104 px box), the
map's preview taking the room it leaves; a map with a longer text gets a taller box."""

from __future__ import annotations

import pytest

from arena_game.render.text import ui_scale
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import open_app, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_map_info_box_holds_its_text_without_empty_lines_and_the_preview_takes_the_rest(lang, size):
    app = open_app(None, lang=lang, size=size)
    start = top(app, StartScreen)
    assert start is not None
    k = ui_scale(size)
    info = start.info
    assert info.scroll_bar is None  # all of its text in sight
    assert info.rect.h <= 80 * k  # two lines of text, not a 104 px box
    laid = info.text_box_layout.layout_rect.h  # the text's own height, as pygame_gui laid it out
    assert info.rect.h - laid <= 24 * k, (info.rect.h, laid)  # its padding, no empty line
    assert start.preview_rect.bottom < info.rect.top and info.rect.top - start.preview_rect.bottom <= 16 * k


def test_a_longer_map_text_gets_a_taller_box_not_a_scroll_bar():
    app = open_app(None, lang="en", size=(1280, 720))
    start = top(app, StartScreen)
    assert start is not None
    short = start.info.rect.h
    start._fit_info("<b>A map</b><br>" + "A long description of the map that goes on and on. " * 6)
    assert start.info.rect.h > short and start.info.scroll_bar is None
    assert start.preview_rect.bottom < start.info.rect.top
