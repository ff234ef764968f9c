"""The window draws real arrows (s54): "(6, 6) → (5, 6)", not "(6, 6) –› (5, 6)".

Noto Sans, the font pygame_gui ships, has no arrow glyphs, so the window swapped "→" for a dash
and a guillemet ("–›") in the log, the run key, the captions and the help. Its text is now drawn
in Arena Sans (arena_game/render/fonts/, made by tools/make_window_fonts.py: Noto Sans with the
arrows drawn in, under Noto's licence): every widget's font and the board's captions' font."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import UIContainer

from arena_game.render.glyphs import drawable, missing_glyphs, ui_font_paths
from arena_game.render.text import font as caption_font
from tests.layout_boxes import box_rows
from tests.ui_driver import demo_playing

pytestmark = pytest.mark.usefixtures("fresh_pygame")

ARROWS = "→←↔↑↓⇒"


def test_s54_the_window_keeps_its_arrows_and_its_fonts_draw_them():
    assert drawable(f"(6, 6) {ARROWS} (5, 6)") == f"(6, 6) {ARROWS} (5, 6)"
    for path in ui_font_paths():
        assert path.is_file(), path
        assert missing_glyphs(ARROWS, path) == set(), path.name
    licence = ui_font_paths()[0].with_name("OFL.txt")
    assert "SIL OPEN FONT LICENSE" in licence.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s54_the_push_in_the_log_and_every_widget_font_has_the_arrow(lang):
    """After the lava demo's push the log reads "(6, 6) → (5, 6)", and every widget on screen
    (the log's box included) draws in a font file that has "→"."""
    app, board = demo_playing("lava", 0, lang, (1280, 720))
    app.run(frames=400)
    assert not board.anim.active
    shown = " ".join(box_rows(board.hud.log_box))  # the log's rows as laid out
    assert "(6, 6) → (5, 6)" in shown, shown[-400:]
    assert "–›" not in shown
    theme = app.manager.get_theme()
    names = {theme.get_font_info(el.combined_element_ids)["name"] for el in app.manager.get_sprite_group().sprites()
             if hasattr(el, "combined_element_ids") and not isinstance(el, UIContainer)}  # (a container writes nothing)
    assert names == {"arena_sans"}, names
    paths = {str(p) for name in names for p, _ in theme.get_font_dictionary().known_font_paths[name]}
    assert all(missing_glyphs("→", p) == set() for p in paths), paths


@pytest.mark.parametrize(("size", "bold"), [(14, False), (20, True)])
def test_s54_the_captions_font_draws_the_arrow(size, bold):
    """The board's captions' font draws "→" as an arrow, not as the box of a missing glyph (what
    it draws for a private-use character no font has)."""
    pygame.font.init()
    f = caption_font(size, bold)
    arrow, missing = f.render("→", True, (255, 255, 255)), f.render("\ue000", True, (255, 255, 255))
    assert arrow.get_size() != missing.get_size() or pygame.image.tobytes(arrow, "RGBA") != pygame.image.tobytes(missing, "RGBA")
    ink = arrow.get_bounding_rect()
    assert ink.w > 1.3 * ink.h, ink  # long and flat: an arrow, not the upright box of a missing glyph
