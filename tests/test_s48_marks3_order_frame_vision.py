"""The circle attack's "picked, in order" frame survives deuteranopia (s48 review 2, item 5):
its violet turned the blue team's own blue (46 vs 44 L*) and read as the token's rim. Its line
must be far in lightness from both teams' inks, with a dark line on each side of it."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import Highlight
from arena_game.render.marks import draw_highlight

# the default teams' inks (Ember Lions, Onyx Vipers) and the map pictures' first two slots
TEAM_RED, TEAM_BLUE = (0xC0, 0x39, 0x2B), (0x24, 0x71, 0xA3)
TEAM_INKS = [TEAM_RED, TEAM_BLUE, pygame.Color(palette.TEAM_SLOTS[0])[:3], pygame.Color(palette.TEAM_SLOTS[1])[:3]]
APART = 25  # L*; the run's chance bands need 15


def _seen(rgb, vision):
    return lightness(vision((rgb[0], rgb[1], rgb[2])))


@pytest.mark.parametrize("vision", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
@pytest.mark.parametrize("tile", [34, 53])
def test_r8_the_order_frame_is_far_in_lightness_from_both_team_inks(vision, tile):
    pygame.init()
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    draw_highlight(s, Highlight((0, 0), "order", "1"), tile)
    # the frame as drawn: the opaque pixels crossed from the square's left edge to its middle
    row = tile // 2
    ink = [tuple(s.get_at((x, row)))[:3] for x in range(tile // 2) if s.get_at((x, row)).a >= 200]
    assert ink, "no frame drawn"
    light = max(ink, key=lambda c: _seen(c, vision))
    for team in TEAM_INKS:
        assert abs(_seen(light, vision) - _seen(team, vision)) >= APART, (light, team)
    # a dark line on the square's side of the light one and on the token's side
    at = [x for x in range(tile // 2) if s.get_at((x, row)).a >= 200 and tuple(s.get_at((x, row)))[:3] == light]
    dark = [x for x in range(tile // 2) if s.get_at((x, row)).a and _seen(tuple(s.get_at((x, row)))[:3], vision) < 20]
    assert dark and min(dark) < min(at) and max(dark) > max(at), (dark, at)
