"""A run square's chance figure stays inside the "may be declared next" frame, and a lesson's
goal mark stays off it (s48 review 2, item 1): the option frame, drawn after the figure, ran
through the first and last glyph of "100%" (FR read ")00 %"), unframed figures ran edge to edge
("100 %100 %"), and the goal's disc in the middle read "5●%"."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.render.marks import draw_highlight
from arena_game.ui.modes.base import pct


def _drawn(tile: int, *highlights: Highlight) -> pygame.Surface:
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    for h in highlights:
        draw_highlight(s, h, tile)
    return s


def _changed(a: pygame.Surface, b: pygame.Surface) -> list[tuple[int, int]]:
    return [(x, y) for y in range(a.get_height()) for x in range(a.get_width()) if a.get_at((x, y)) != b.get_at((x, y))]


def _box(points: list[tuple[int, int]]) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _inner(frame: pygame.Surface) -> pygame.Rect:
    """The frame's inner rect: from the square's middle out to the first pixel the frame inks."""
    tile = frame.get_width()
    c = tile // 2
    left = max(x for x in range(c) if frame.get_at((x, c)).a) + 1
    right = min(x for x in range(c, tile) if frame.get_at((x, c)).a)
    top = max(y for y in range(c) if frame.get_at((c, y)).a) + 1
    bottom = min(y for y in range(c, tile) if frame.get_at((c, y)).a)
    return pygame.Rect(left, top, right - left, bottom - top)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("tile", [34, 35, 40, 54])
@pytest.mark.parametrize("chance", [1.0, 0.88, 0.55])
def test_r4_a_chance_figure_lies_inside_the_option_frame_and_off_the_goal_mark(tile, lang, chance):
    pygame.font.init()
    label = pct(chance, lang)
    blank = Highlight((0, 0), "chance", "", band=0)
    figure = Highlight((0, 0), "chance", label, band=0)
    ink = _changed(_drawn(tile, blank), _drawn(tile, figure))
    assert ink, label
    box = _box(ink)
    inner = _inner(_drawn(tile, Highlight((0, 0), "option")))
    assert inner.contains(box), (label, box, inner)
    # framed: every inked pixel of the figure is still the figure's (nothing of the frame over it)
    framed = _drawn(tile, figure, Highlight((0, 0), "option"))
    alone = _drawn(tile, figure)
    assert all(framed.get_at(p) == alone.get_at(p) for p in ink), label
    # a gap to the next square's figure on both sides
    assert box.left >= 2 and box.right <= tile - 2, box
    # the goal mark (lessons) draws nothing on the figure's box
    goal = _drawn(tile, Highlight((0, 0), "goal"))
    over = [(x, y) for x in range(box.left - 1, box.right + 1) for y in range(box.top - 1, box.bottom + 1)
            if goal.get_at((x, y)).a]
    assert not over, (label, over[:5])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("tile", [34, 40, 54, 96])
def test_r4_chance_figures_all_keep_or_all_lose_their_percent(tile, lang):
    """One board, one form: the "%" goes from every figure or from none ("5 %" beside "30" read
    as two scales); a square large enough for "100%" at its size keeps it."""
    pygame.font.init()
    blank = _drawn(tile, Highlight((0, 0), "chance", "", band=1))

    def width(label: str) -> int:
        return _box(_changed(blank, _drawn(tile, Highlight((0, 0), "chance", label, band=1)))).w

    kept = [width(pct(p, lang)) > width(pct(p, lang).rstrip("%\u00a0 ")) for p in (0.05, 0.3, 1.0)]
    assert len(set(kept)) == 1, kept
    if tile >= 96:
        assert kept[0]
