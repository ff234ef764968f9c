"""The run's key matches its board: a square still in reach shows its steps large in its middle,
so the key's "still in reach" swatch shows a sample figure too (s45 review: an empty swatch)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.ui.board_view import _swatch

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def inked(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many pixels of `surface` are `colour` or close to it (the figure's strokes are smoothed)."""
    w, h = surface.get_size()
    return sum(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], colour, strict=True)) < 90
               for x in range(w) for y in range(h))


def middle(surface: pygame.Surface) -> pygame.Surface:
    """The swatch inside its frame (2 px at 28 px a side), where a figure is drawn: a walk's
    frame is navy too (s53), close to the figure's ink."""
    return surface.subsurface(surface.get_rect().inflate(-6, -6))


@pytest.mark.parametrize("sw", [16, 20, 28])
def test_the_still_in_reach_swatch_shows_a_figure_like_its_squares(sw):
    pygame.init()
    swatch = _swatch("reach", 0, sw)
    assert inked(middle(swatch), palette.REACH_TEXT[:3]) >= 12  # the figure's strokes, in the squares' ink
    assert inked(middle(_swatch("move", 0, sw)), palette.REACH_TEXT[:3]) == 0  # a swatch without one: none
