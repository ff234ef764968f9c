"""A token's PV bar reads on the ground it lies on, for a deuteranope too. The bar's full
green turned a pale khaki 10 L* from the sand to a deuteranope (84 against 74) and its amber
a mustard 7 L* under it: inside their one-pixel dark back, a full bar read as a strip of sand.
Each colour now stands ≥ 15 L* from the sand, in normal vision and through the simulation,
and on every ground a fighter stands on the bar or its dark back stands ≥ 15 L* from it."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.board import picture
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.sprites import SpriteBook
from arena_game.render.tokens import FighterToken
from tests.builders import tiny_board

pytestmark = pytest.mark.usefixtures("fresh_pygame")

APART = 15  # L*
VISIONS = {"normal": lambda c: c, "deuteranopia": deuteranopia}


def _seen(surface: pygame.Surface, points, simulate) -> float:
    """The mean L* of `points` of `surface` as `simulate` sees them."""
    values = [lightness(simulate(tuple(surface.get_at(p))[:3])) for p in points]
    return sum(values) / len(values)


def _bar_and_ground(ground: str, pv: float, tile: int, simulate) -> tuple[float, float, float]:
    """(the bar's L*, its back's, the ground's under the bar's rows on an empty square of the
    same ground) on a sprite board."""
    board = tiny_board(ground * 2)
    book = SpriteBook(tile, use_user_folder=False)
    pic = picture(board, tile, book, [], [FighterToken((0, 0), "Ann", "#c0392b", pv=pv)])
    top, h = tile - max(3, tile // 9), max(2, tile // 12)
    left = tile // 8
    bar = [(left + 1 + i, top + j) for i in range(3) for j in range(h)]
    back = [(left - 1, top + j) for j in range(h)]
    empty = [(tile + x, top + j) for x in range(2, tile - 2) for j in range(h)]  # the square beside it
    return _seen(pic, bar, simulate), _seen(pic, back, simulate), _seen(pic, empty, simulate)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("tile", [35, 54])
@pytest.mark.parametrize("pv", [1.0, 0.4, 0.2])
def test_each_pv_bar_colour_stands_apart_from_the_sand(vision, tile, pv):
    bar, _back, sand = _bar_and_ground(".", pv, tile, VISIONS[vision])
    assert abs(bar - sand) >= APART, (round(bar, 1), round(sand, 1))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("ground", [".", "~"])
@pytest.mark.parametrize("pv", [1.0, 0.4, 0.2])
def test_on_every_ground_a_fighter_stands_on_the_bar_or_its_back_stands_apart(vision, ground, pv):
    bar, back, floor = _bar_and_ground(ground, pv, 35, VISIONS[vision])
    assert bar - back >= APART  # the bar on its dark back
    assert max(abs(bar - floor), abs(back - floor)) >= APART, (round(bar, 1), round(back, 1), round(floor, 1))


def test_the_old_full_bar_was_a_khaki_close_to_the_sand_for_a_deuteranope():
    old_high, sand = (120, 240, 130), palette.TERRAIN[palette.Terrain.FLOOR]
    assert abs(lightness(deuteranopia(old_high)) - lightness(deuteranopia(sand))) < APART
