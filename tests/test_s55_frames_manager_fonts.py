"""A widget manager made the window's way (`arena_game.ui.app.new_manager`) has every font its
theme names loaded before a widget needs one (s55): pygame_gui otherwise warns ("Finding font
with id: noto_sans_italic_aa_13 that is not already loaded") and loads it inside the frame that
draws the widget."""

from __future__ import annotations

import warnings

import pygame
import pytest
from pygame_gui.core import ObjectID

from arena_game.formats.scenario import load_scenario, play
from arena_game.render.glyphs import FONT_NAME
from arena_game.resources import find_scenario
from arena_game.ui.app import STYLES, new_manager, scaled_theme
from arena_game.ui.hud import SheetBox
from arena_game.ui.panels_html import sheet_html

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_s55_every_font_the_scaled_theme_names_is_preloaded_in_every_style(scale):
    pygame.init()
    pygame.display.set_mode((640, 480))
    manager = new_manager((1280, 720), scale=scale)
    fonts = manager.get_theme().get_font_dictionary()
    sizes = {int(b["font"]["size"]) for b in scaled_theme(None, scale).values()
             if isinstance(b, dict) and isinstance(b.get("font"), dict) and "size" in b["font"]}
    assert {13, 14} <= sizes if scale == 1.0 else {20, 21} <= sizes  # the text boxes' and buttons' sizes
    missing = [(size, style) for size in sorted(sizes) for style in STYLES
               if not fonts.check_font_preloaded(fonts.create_font_id(size, FONT_NAME, "bold" in style, "italic" in style))]
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s55_a_sheet_box_built_on_the_windows_manager_loads_no_font_in_its_frame(lang):
    pygame.init()
    pygame.display.set_mode((1280, 720))
    manager = new_manager((1280, 720), lang=lang)
    state = play(load_scenario(find_scenario("lessons/07-circle-attack"))).state
    html = sheet_html(state, lang, next(iter(state.fighters)))
    assert "<i>" in html  # the sheet's italic words: the font the s51 test's own manager lacked
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        box = SheetBox(html, pygame.Rect(0, 0, 300, 2000), manager, object_id=ObjectID("#sheet"))
        manager.update(0.016)
        manager.draw_ui(pygame.display.get_surface())
    box.kill()
    assert [str(w.message) for w in seen if "not already loaded" in str(w.message)] == []
