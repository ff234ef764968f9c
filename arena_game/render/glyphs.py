"""Text the window's fonts can draw.

The UI font is Noto Sans (shipped with pygame_gui, SIL Open Font License), the board's
labels' too. It has none of the arrows, ≤ ≥, ▸ nor the dice emoji that
the core's messages and the shared log templates use (the terminal shows those fine), so
every text on its way into the window goes through `drawable`, which swaps them for
glyphs the font does have. `missing_glyphs` is what tests check with.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from arena_game.resources import ui_fonts_dir

# glyph the fonts lack → what the window shows instead (same meaning, in the fonts)
SUBSTITUTES: dict[str, str] = {
    # an arrow of two glyphs the fonts have: "»" alone read as a closing quote in French
    # ("Match sur « La Fosse » … (6, 6) » (5, 6)")
    "→": "–›",
    "←": "‹–",
    "↔": "‹–›",
    "↓": "v",
    "↑": "^",
    "⇒": "–›",
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


def ui_font_paths() -> list[Path]:
    """The font files the window draws text with (the theme's faces, the board's labels' too).
    pygame's own freesansbold only measures the action bar's labels (`hud`): it draws nothing."""
    data = ui_fonts_dir()
    assert data is not None, "pygame_gui is a dependency: its fonts are the window's"
    faces = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf"]
    return [data / f for f in faces]


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
