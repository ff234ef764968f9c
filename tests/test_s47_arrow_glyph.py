"""The fonts have no "→": the window drew it as "»", which French reads as a closing quote
("Match sur « La Fosse de lave »" above "(6, 6) » (5, 6)"). It draws "–›" now, an arrow of two
glyphs both fonts have, that no language quotes with. Since s54 the window's fonts (Arena Sans:
Noto Sans with arrows drawn in) draw the arrow itself."""

from __future__ import annotations

import pytest

from arena_game.core.events import Moved
from arena_game.i18n.narration import describe
from arena_game.render.glyphs import drawable, missing_glyphs, ui_font_paths
from arena_game.resources import ui_fonts_dir


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_path_in_the_log_reads_as_an_arrow_not_a_quote(lang):
    line = drawable(describe(Moved(fighter="a", path=[(6, 6), (5, 6), (4, 6)], mode="walk"), {"a": "Oruk"}, lang))
    assert "(6, 6) → (5, 6) → (4, 6)" in line and "»" not in line  # a real arrow since s54


def test_the_arrow_is_drawn_by_every_ui_font():
    for path in ui_font_paths():
        assert missing_glyphs(drawable("→ ← ↔ ⇒"), path) == set()


def test_the_glyph_check_still_answers_after_pygame_quit():
    """A face made before a pygame.quit() (which quits freetype) raised "freetype module quit"
    in every later check: the faces are made again."""
    import pygame

    folder = ui_fonts_dir()  # pygame_gui's Noto Sans: a font without the arrow
    assert folder is not None
    path = folder / "NotoSans-Regular.ttf"
    assert missing_glyphs("→", path) == {"→"}
    pygame.quit()
    assert missing_glyphs("→a", path) == {"→"}
