"""Colour codes through a deuteranope's eyes (`render.colour_vision`), measured on squares drawn
as the window draws them (the floor sprite, then the marks): the run's chance bands below
"sure" step down in lightness by 12 L* or more (60 % and 30 % were two close khakis, 10 % and
< 10 % two close olives), the "may be declared next" frame is no band's colour (it was the
60 % band's khaki), and the "in range" veil is no floor (a grey-beige 8 L* from it)."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS
from arena_game.render.sprites import SpriteBook

TILES = (35, 53)  # a square at 1280×720 and at 1920×1080


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@lru_cache(maxsize=4)
def _floor(tile: int) -> pygame.Surface:
    s = pygame.Surface((tile, tile))
    s.blit(SpriteBook(tile, use_user_folder=False).terrain(Terrain.FLOOR, 0), (0, 0))
    return s


def _drawn(h: Highlight, tile: int) -> pygame.Surface:
    layer = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in LOOKS[h.kind].marks:
        mark(layer, pygame.Rect(0, 0, tile, tile), h, tile)
    out = _floor(tile).copy()
    out.blit(layer, (0, 0))
    return out


def _mean(s: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    c = pygame.transform.average_color(s, rect)
    return (c[0], c[1], c[2])


def _seen(s: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    return deuteranopia(_mean(s, rect))


def _fill_area(tile: int) -> pygame.Rect:
    return pygame.Rect(tile // 8, tile * 5 // 8, tile // 4, tile // 4)  # below the flag, left of a label


@pytest.mark.parametrize("tile", TILES)
def test_r4_2_the_chance_bands_below_sure_step_down_12_l_for_a_deuteranope(tile):
    seen = [lightness(_seen(_drawn(Highlight((0, 0), "chance", band=band), tile), _fill_area(tile)))
            for band in range(1, len(palette.CHANCE_BANDS))]
    steps = [a - b for a, b in zip(seen, seen[1:], strict=False)]
    assert all(step >= 12 for step in steps), [round(v, 1) for v in seen]


@pytest.mark.parametrize("tile", TILES)
def test_r4_1_the_may_be_declared_next_frame_is_bluer_than_every_band_for_a_deuteranope(tile):
    """Blue against yellow is what a deuteranope keeps: the frame's ink is far bluer than any
    band's fill (the green frame turned the 60 % band's khaki)."""
    line = deuteranopia(palette.MOVE_LINE[:3])
    for band in range(len(palette.CHANCE_BANDS)):
        fill = _seen(_drawn(Highlight((0, 0), "chance", band=band), tile), _fill_area(tile))
        assert (line[2] - line[0]) - (fill[2] - fill[0]) >= 60, (band, line, fill)
    framed = _drawn(Highlight((0, 0), "option"), tile)
    inset = 2  # `outline(..., inset=4)`: the frame runs 2 px inside the square's edge
    assert tuple(framed.get_at((tile // 2, inset))[:3]) == palette.MOVE_LINE[:3]


@pytest.mark.parametrize("tile", TILES)
def test_r1_in_range_is_10_l_darker_and_bluer_than_the_floor_for_a_deuteranope(tile):
    inside = pygame.Rect(tile // 4, tile // 4, tile // 2, tile // 2)
    veil = _seen(_drawn(Highlight((0, 0), "inrange", joined=255), tile), inside)
    floor = _seen(_floor(tile), inside)
    assert lightness(floor) - lightness(veil) >= 10, (veil, floor)
    assert (veil[2] - veil[0]) - (floor[2] - floor[0]) >= 40, (veil, floor)  # blue-grey, not grey-beige
