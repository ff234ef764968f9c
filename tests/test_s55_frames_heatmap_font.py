"""The balance heatmaps draw their words in the window's font (s55): Arena Sans
(`render.glyphs.window_font_file`), which has the arrows pygame_gui's Noto Sans lacks; the
heatmaps drew in Noto Sans, an arrow in a title as an empty box."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from arena_game.design.simulation import heatmap
from arena_game.render.glyphs import missing_glyphs, window_font_file


def test_s55_the_heatmaps_font_is_the_windows():
    font = heatmap.ui_font(heatmap.TITLE_FONT)
    assert Path(font.path) == window_font_file()  # type: ignore[union-attr]
    assert missing_glyphs("→ ← ↔", window_font_file()) == set()


def test_s55_a_heatmap_title_draws_its_arrow_as_a_glyph_not_a_box():
    """The title's arrow inks other pixels than a character the font has no glyph for."""
    font = heatmap.ui_font(heatmap.TITLE_FONT)

    def ink(text: str) -> bytes:
        img = Image.new("L", (60, 30), 0)
        ImageDraw.Draw(img).text((4, 4), text, font=font, fill=255)
        return img.tobytes()

    assert ink("→") != ink("\uffff")  # U+FFFF: no font has it, drawn as the font's empty box
    picture = heatmap.framed(Image.new("RGBA", (96, 64), (0, 0, 0, 255)), "stood → died", 3, "squares")
    assert picture.size[1] == heatmap.TITLE_H + 64 + heatmap.SCALE_H
