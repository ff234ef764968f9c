"""Text on the board: the UI font, outlined labels, fighters' initials.

Every label goes through `glyphs.drawable` (the fonts lack arrows and the like).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

import pygame

from arena_game.render import palette
from arena_game.render.glyphs import drawable, window_font_file

Colour = tuple[int, int, int]


class Measures(Protocol):
    """A font that measures words (pygame's, or pygame_gui's)."""

    def size(self, text: str) -> tuple[int, int]: ...


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font (Arena Sans: Noto Sans with arrows, `glyphs.window_font_file`) at a pixel size."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _font(size, bold)
    try:
        f.size(" ")
    except pygame.error:  # made before a pygame.quit(): a window closed and another opened since
        _font.cache_clear()
        f = _font(size, bold)
    return f


@lru_cache(maxsize=64)  # the keys' sizes (11 to 20, both weights) besides the board's labels
def _font(size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(str(window_font_file(bold=bold)), max(6, size))


def edge_offsets(width: int) -> tuple[tuple[int, int], ...]:
    """Where an outline's copies of a text go: the four neighbours for a one-pixel edge, a
    round brush of radius `width` beyond that (the corners of a thick edge filled in)."""
    if width <= 1:
        return ((-1, 0), (1, 0), (0, -1), (0, 1))
    return tuple((dx, dy) for dx in range(-width, width + 1) for dy in range(-width, width + 1)
                 if (dx, dy) != (0, 0) and dx * dx + dy * dy <= width * width + 1)


def outlined(surf: pygame.Surface, label: str, centre: tuple[int, int], size: int,
             colour: Colour = palette.WHITE, edge: Colour = palette.BLACK, width: int = 1,
             fit: int | None = None) -> None:
    """Bold text centred on `centre`, outlined in `edge` (black by default, `width` px) so it
    reads on any ground; squeezed to `fit` px wide (its outline left out) when it is wider."""
    f = font(size, bold=True)
    label = drawable(label)
    fg, bg = _fitted(f.render(label, True, colour), fit), _fitted(f.render(label, True, edge), fit)
    rect = fg.get_rect(center=centre)
    for dx, dy in edge_offsets(width):
        surf.blit(bg, rect.move(dx, dy))
    surf.blit(fg, rect)


def _fitted(text: pygame.Surface, width: int | None) -> pygame.Surface:
    """A rendered text squeezed across to `width` px when it is wider (its height kept)."""
    if width is None or text.get_width() <= width:
        return text
    return pygame.transform.smoothscale(text, (max(1, width), text.get_height()))


def draw_label(surface: pygame.Surface, sq: tuple[int, int], text: str, tile: int, origin: tuple[int, int] = (0, 0),
               colour: Colour | str = palette.WHITE, size: int | None = None, corner: bool = False) -> None:
    """Short outlined text on a square: centred, or in its bottom-right corner (obstacle heights)."""
    c = pygame.Color(colour)
    f = font(size or max(12, tile // 2), bold=True)
    text = drawable(text)
    fg = f.render(text, True, (c.r, c.g, c.b))
    bg = f.render(text, True, palette.SHADOW)
    rect = pygame.Rect(origin[0] + sq[0] * tile, origin[1] + sq[1] * tile, tile, tile)
    box = fg.get_rect()
    if corner:
        box.bottomright = (rect.right - 2, rect.bottom - 1)
    else:
        box.center = rect.center
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, 2)):
        surface.blit(bg, box.move(dx, dy))
    surface.blit(fg, box)


INITIALS_AT = (0, -1)  # where `initials` sits in a sprite token (its outline reaches past the glyphs)


def initials_size(tile: int) -> int:
    """The initials' font size on a `tile` px square: 11 px under 40 px squares (a larger
    one covered the end of a bow's glyph there), from 40 px up about a third of the square,
    at most 24 px."""
    return 11 if tile < 40 else min(24, round(tile * 0.36))


@lru_cache(maxsize=256)
def initials(name: str, tile: int) -> pygame.Surface:
    """A fighter's two initials, white outlined in black, as drawn at the top-left of a sprite
    token: no wider than the token, squeezed across if need be (on 14 px squares the 11 px
    font's "Ta" ran past the token's edge and was cut: it read "T="), in a font grown with the
    square (about a third of it from 40 px squares up: at a quarter they stood 9 px high on 1920×1080's
    40 px squares, s47 review 3, item 13)."""
    label = font(initials_size(tile), bold=True)
    fg = _fitted(label.render(name[:2], True, palette.WHITE), tile - 2)
    bg = _fitted(label.render(name[:2], True, palette.BLACK), tile - 2)
    surf = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    for at in ((0, 1), (2, 1), (1, 0), (1, 2)):
        surf.blit(bg, at)
    surf.blit(fg, (1, 1))
    return surf


def reset_caches() -> None:
    """Forget cached fonts and text (a pygame.quit() invalidates them)."""
    _font.cache_clear()
    initials.cache_clear()


# -- where text was drawn (the layout tests read it) ---------------------------------------

TextBox = tuple[str, pygame.Rect, int, pygame.Rect]
"""What a drawn text is (a short name), where it lies, its font size, and the panel it belongs in."""

_boxes: list[TextBox] | None = None
_words: list[str] = []


def record_text_boxes(on: bool = True) -> None:
    """Start (or stop) noting every text box drawn through `note_text` (layout tests)."""
    global _boxes
    _boxes = [] if on else None
    if on:
        _words.clear()


def note_text(what: str, rect: pygame.Rect, size: int, panel: pygame.Rect, words: str = "") -> None:
    """Note a text drawn at `rect` in a `size` font, meant to lie inside `panel` (and what it says)."""
    if _boxes is not None:
        _boxes.append((what, pygame.Rect(rect), size, pygame.Rect(panel)))
        if words:
            _words.append(words)


def noted_words() -> list[str]:
    """What the texts noted since `record_text_boxes()` say (the one-language tests)."""
    return list(_words)


def text_boxes() -> list[TextBox]:
    """The text boxes noted since `record_text_boxes()`, emptied by this call."""
    global _boxes
    out = list(_boxes or [])
    if _boxes is not None:
        _boxes = []
    return out


DESIGN_SIZE = (1280, 720)
"""The window the screens were laid out for: their text is drawn at its sizes there."""


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than in the 1280×720 design the window's text is drawn (never smaller):
    the most the whole design grows by and still fits the window, the smaller of its width's
    and its height's ratios. A square or tall window (900×900, 1080×1920) grows it no more
    than its width allows: grown with its height alone, the text outgrew the rows and buttons
    the width left it (a team's name cut, a button over another)."""
    return max(1.0, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


NO_LINE_START = frozenset(":;!?%»·)]—")
"""A word starting with one of these never starts a line: it stays after the word before it
(French "tuer :", a " · " list broken after its dot, not before, the " — " between a square
and what it says)."""
_DOT_AT_END = re.compile(r"[ \u00a0\u202f]+·\Z")
"""The separator of a " · " list left at the end of a line where the list breaks: left out
(`wrap_words`), so a line neither ends nor starts with a lone dot."""
NO_LINE_END = frozenset(("(", "[", "«"))
"""A word that is only one of these never ends a line: it goes down with the word after it."""
_SQUARE = re.compile(r"\([−-]?\d+,\Z")
"""The first half of a square, "(3," of "(3, 4)", ending a word (alone or held to the words
before it by no-break spaces, "1\u00a0square\u00a0»\u00a0(5,"): never left at a line's end."""
_HOLD = re.compile("([\u00a0\u202f])")
"""A no-break space: U+00A0, or the narrow U+202F."""
COUNT_WORD = re.compile(r"(?<![\w.,\u00a0\u202f])(\d+) (?=[^\W\d_])")
"""A count and the word after it ("6 squares", "2 cases", "32 PV"): one piece wherever text is
wrapped (`breakable_words`, `held_counts`); a status line broke "… (2" / "cases, Magie)", a card
"B is 6" / "squares away" (s50). A die's face after its die ("d20 12"), a sum, and a value held
to its name by a no-break space ("Esq\u00a0(dodge)\u00a03 Course…": the next item) are not counts."""
_COUNT_END = re.compile(r"(?<![\w.,\u00a0\u202f])\d+\Z")
"""A piece ending with a count (`COUNT_WORD`'s first half)."""
_LETTER = re.compile(r"[^\W\d_]")
_TAG = re.compile(r"(<[^>]*>)")


def held_counts(html_text: str) -> str:
    """pygame_gui HTML with each count held to its word by a no-break space (`COUNT_WORD`), as
    `wrap_words` holds them: its tags left as they are."""
    pieces = _TAG.split(html_text)
    pieces[0::2] = [COUNT_WORD.sub("\\1\u00a0", piece) for piece in pieces[0::2]]
    return "".join(pieces)


def breakable_words(para: str) -> list[str]:
    """The pieces a line of `para` may break between: its words, split at plain spaces only
    (a no-break space, U+00A0 or the narrow U+202F, holds its neighbours together), a word
    starting with closing punctuation or a dash joined to the one before it, a lone opening
    bracket, the first half of a square "(x, y)" and a count (`COUNT_WORD`) to the one after it."""
    out: list[str] = []
    glue_next = count = False
    for word in para.split(" "):
        if out and (glue_next or word[:1] in NO_LINE_START or (count and _LETTER.match(word))):
            out[-1] += " " + word
        else:
            out.append(word)
        glue_next = word in NO_LINE_END or _SQUARE.search(word) is not None
        count = _COUNT_END.search(word) is not None
    return out


def _broken_at_held_spaces(word: str, f: pygame.font.Font, width: int) -> list[str]:
    """The last resort for one piece wider than `width` on its own (a long roll term held
    together by no-break spaces, a narrow card): rows of it broken at its no-break spaces
    before a word or an opening bracket only (a figure stays with its label and with what it
    says, "12% less"; a sign and an "=" with what follows them); what cannot be broken so stays whole."""
    bits = _HOLD.split(word)  # word, space, word, space, …
    groups = [("", bits[0])]  # the bits a row may start with, each with the ones after it up to the next
    for after, space, bit in zip(bits[0::2], bits[1::2], bits[2::2], strict=False):
        if ((bit[:1].isalpha() or bit[:1] in "([") and after not in NO_LINE_END
                and after not in ("=", "+", "−", "-", "—") and not after[-1:].isdigit() and after[-1:] != "%"):
            groups.append((space, bit))
        else:
            groups[-1] = (groups[-1][0], groups[-1][1] + space + bit)
    rows: list[str] = []
    line = ""
    for space, group in groups:
        trial = line + space + group if line else group
        if line and f.size(trial)[0] > width:
            rows.append(line)
            line = group
        else:
            line = trial
    return rows + [line]


def wrap_words(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Lines of `text` that fit `width` pixels in font `f` (explicit newlines kept), broken
    only where `breakable_words` allows; a piece wider than the whole line is broken at its
    no-break spaces rather than overflow (`_broken_at_held_spaces`). Where a " · " list
    breaks, its dot is left out: a line ends with an item, the next starts with one."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in breakable_words(para):
            trial = f"{line} {word}" if line else word
            if line and f.size(trial)[0] > width:
                out.append(_DOT_AT_END.sub("", line))
                line = word
            else:
                line = trial
            if line == word and f.size(word)[0] > width:  # wider than the line on its own
                *rows, line = _broken_at_held_spaces(word, f, width)
                out += [_DOT_AT_END.sub("", row) for row in rows]
        out.append(line)
    return out


def cut_to_fit(words: str, f: Measures, room: int) -> str:
    """`words` as they fit `room` px in `f` (a pygame or pygame_gui font): whole, else cut with
    "…" — a list's row ran past its edge, cut in the middle of a word (s61 audit)."""
    if f.size(words)[0] <= room:
        return words
    while len(words) > 1 and f.size(f"{words}…")[0] > room:
        words = words[:-1]
    return f"{words.rstrip()}…"
