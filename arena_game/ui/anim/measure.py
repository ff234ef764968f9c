"""The captions' fonts, and the size of their outlined text without rendering it: a label
tries its smaller shapes (`fit.LABEL_VARIANTS`) by their sizes only, with a font set to each
size rather than one made for it, and only the shape it takes is drawn (s52: a font made costs
~1.5 ms on its first words; a crowded label's trials made four and drew each: the frame it
appeared in went past 16 ms).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import cache, lru_cache

import pygame

from arena_game.render.glyphs import drawable, window_font_file

OUTLINE = 4  # px an outlined text is wider and taller than its words (`captions.text_surface`)

_FONTS: OrderedDict[int, pygame.font.Font] = OrderedDict()
"""The captions' fonts by the size each is set to, the least recently used first: at most
`FONTS` are made; past that the least used one is set to the size asked (the same widths,
heights and pixels as a font made at that size, its glyphs made again: ~0.1 ms a line)."""
FONTS = 1
"""One font set from size to size: a font made costs ~1.5 ms, glyphs made again after a change
of size ~0.1 ms a line (s52, CPU time per frame: with 4 or 16 fonts the tackle's p99 at
1366×768 was 12 ms, with one 9; the circle attack's worst frame 17-22 ms, with one 11-14)."""
_RULER: list[pygame.font.Font] = []
"""The font that measures at the sizes no font of `_FONTS` is set to, set to each in turn."""
_KEPT: dict[int, pygame.font.Font] = {}
"""Fonts of their own for the sizes the banners are measured and drawn at (`keep_ruler`), which
`ruler` and `ui_font` take first: set from size to size, a font makes its glyphs again at each
(~0.1–0.4 ms a line), and a turn's banner is measured in five shapes in the frame the turn ends
in (s59: the slowest frame of a 64² map's)."""
KEPT_GLYPHS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '-–—:!?,.()éèêàâçîôûùëïÉÈÀ"
"""The letters a kept ruler measures once when made, so that a banner's words find them made."""


def ui_font(size: int) -> pygame.font.Font:
    """The UI font at a pixel size (at least 6): Noto Sans Bold as shipped with pygame_gui (as
    the window's widgets), else pygame's bundled font. Use it before asking for another size:
    it may be set to that one."""
    size = max(6, size)
    if not pygame.font.get_init():
        pygame.font.init()
    if size in _KEPT:  # (its glyphs made: `_FONTS`'s would be made again at this size)
        return _KEPT[size]
    if size in _FONTS:
        _FONTS.move_to_end(size)
        return _FONTS[size]
    sizes_set = _sizes_set()
    font = _FONTS.popitem(last=False)[1] if len(_FONTS) >= FONTS and sizes_set else None
    if font is not None:
        try:
            font.point_size = size
        except pygame.error:  # made before a pygame.quit(): all made again
            _FONTS.clear()
            font = None
    if font is None:
        while len(_FONTS) >= (FONTS if sizes_set else 16):  # (a font per size when sizes cannot be set)
            _FONTS.popitem(last=False)
        font = _new_font(size)
    _FONTS[size] = font
    return font


def ruler(size: int, make: bool = False) -> pygame.font.Font:
    """A font to measure words at `size` px with (at least 6): `ui_font`'s when one is set to
    that size or `make`, else one of its own set to it: a size only measured neither makes a
    font (its first words cost ~1.5 ms) nor resets the one that draws. Use it before asking
    for another size."""
    size = max(6, size)
    if make or size in _FONTS or not _sizes_set():
        return ui_font(size)
    if size in _KEPT:
        return _KEPT[size]
    try:
        if _RULER and _RULER[0].point_size != size:
            _RULER[0].point_size = size
    except pygame.error:  # made before a pygame.quit(): made again
        _RULER.clear()
    if not _RULER:
        _RULER.append(_new_font(size))
    return _RULER[0]


@cache  # the SDL_ttf the process loaded: asked once
def _sizes_set() -> bool:
    """Whether a font's size can be changed (SDL_ttf 2.0.18 and later: pygame-ce refuses it on
    an older one), asked of a font rather than read from the version."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        _new_font(12).point_size = 13
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def keep_ruler(sizes: Sequence[int]) -> bool:
    """Make a font of its own (`_KEPT`) for the first of `sizes` without one, its glyphs of
    `KEPT_GLYPHS` measured (~2 ms: the board's quiet frames make them one a frame); False
    when every one has its font (or a font's size cannot be set: `ruler` makes none)."""
    if not _sizes_set():
        return False
    size = next((max(6, s) for s in sizes if max(6, s) not in _KEPT), None)
    if size is None:
        return False
    _KEPT[size] = _new_font(size)
    _KEPT[size].size(KEPT_GLYPHS)
    return True


def _new_font(size: int) -> pygame.font.Font:
    return pygame.font.Font(str(window_font_file(bold=True)), size)


@lru_cache(maxsize=256)  # a few labels' lines at a few sizes each; a session's would fill it
def text_size(text: str, size: int, make: bool = False) -> tuple[int, int]:
    """The width and height of `text` drawn outlined at `size` px (`captions.text_surface`);
    `make`: measured with the font that draws, set to that size (it is to be drawn at it: `ruler`)."""
    text = drawable(text)
    try:
        w, h = ruler(size, make).size(text)
    except pygame.error:  # a font made before a pygame.quit(): make it again
        reset()
        w, h = ruler(size, make).size(text)
    return w + OUTLINE, h + OUTLINE


def rows_size(rows: tuple[str, ...], size: int) -> tuple[int, int]:
    """The width and height of outlined `rows` centred one under the other (`captions.text_rows`)."""
    sizes = [text_size(row, size) for row in rows]
    if len(sizes) == 1:
        return sizes[0]
    return max(w for w, _ in sizes), sum(h - OUTLINE for _, h in sizes) + OUTLINE


def reset() -> None:
    """Forget the font and the sizes (they die with pygame.quit())."""
    _FONTS.clear()
    _RULER.clear()
    _KEPT.clear()
    text_size.cache_clear()
