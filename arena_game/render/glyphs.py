"""Text the window's fonts can draw.

The window's font is Arena Sans (render/fonts/): Noto Sans, shipped with pygame_gui under the
SIL Open Font License, with the arrows it lacks drawn in (`tools/make_window_fonts.py`), for
the widgets and the board's labels alike. It still has none of ≤ ≥, ▸ nor the dice emoji that
the core's messages and the shared log templates use (the terminal shows those fine), so
every text on its way into the window goes through `drawable`, which swaps them for
glyphs the font does have. `missing_glyphs` is what tests check with.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FONTS_DIR = Path(__file__).with_name("fonts")
FONT_NAME = "arena_sans"
"""The window's font's name in the pygame_gui theme (`window_theme_font`)."""
FACES = {(False, False): "Regular", (True, False): "Bold", (False, True): "Italic", (True, True): "BoldItalic"}

# glyph the fonts lack → what the window shows instead (same meaning, in the fonts); the
# arrows (→ ← ↔ ↑ ↓ ⇒) are drawn in Arena Sans: "–›" read as a dash and a quote (s54)
SUBSTITUTES: dict[str, str] = {
    "≤": "<=",
    "≥": ">=",
    "▸": "»",
    "🎲": "",
    # Noto Sans draws U+2212 as its hyphen (5 px at 14 px, "+" is 9): "−8" read as "-8". Its
    # en dash (8 px, low) made "4 − 8" read as a range, like the damage "2–15" above it (s49);
    # its figure dash is a minus: as wide as "+" and "8", level with the bar of "+"
    "−": "\u2012",
}
_TABLE = str.maketrans(SUBSTITUTES)


def drawable(text: str) -> str:
    """`text` with every glyph the UI fonts lack replaced by one they have."""
    return text.translate(_TABLE)


def window_font_file(bold: bool = False, italic: bool = False) -> Path:
    """The window's font file of that weight and slant (Arena Sans: Noto Sans with arrows)."""
    return FONTS_DIR / f"ArenaSans-{FACES[(bold, italic)]}.ttf"


def ui_font_paths() -> list[Path]:
    """The font files the window draws text with (the theme's faces, the board's labels' too).
    pygame's own freesansbold only measures the action bar's labels (`hud`): it draws nothing."""
    return [window_font_file(bold, italic) for bold, italic in FACES]


def window_theme_font(font: dict[str, str]) -> dict[str, str]:
    """A pygame_gui theme's font block drawn in the window's font: its name and files (a block
    naming pygame_gui's Noto Sans, or none, is given Arena Sans; another face stays)."""
    if font.get("name", "noto_sans") != "noto_sans":
        return font
    files = {"regular_path": window_font_file(), "bold_path": window_font_file(bold=True),
             "italic_path": window_font_file(italic=True), "bold_italic_path": window_font_file(True, True)}
    return {**font, "name": FONT_NAME, **{k: str(v) for k, v in files.items()}}


@cache
def _face(path: str) -> object:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 14)


def missing_glyphs(text: str, path: Path | str) -> set[str]:
    """The characters of `text` the font file at `path` has no glyph for (whitespace aside)."""
    import pygame.freetype

    chars = "".join(sorted({c for c in text if not c.isspace()}))
    if not chars:
        return set()
    if not pygame.freetype.get_init():  # a pygame.quit() since: the faces made before are dead
        _face.cache_clear()
    metrics = _face(str(path)).get_metrics(chars)  # type: ignore[attr-defined]
    return {c for c, m in zip(chars, metrics, strict=True) if m is None}
