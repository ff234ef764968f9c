"""A token's PV bar says how much is left by its colour too: more than half, more than a
quarter, less. The three colours step down in lightness, not only in hue: the old green and
yellow were one lightness (78 and 79 L*, 76 and 81 to a deuteranope), the same colour to a
red–green colour-blind player."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness

STEP = 15  # L* between two colours of the bar, at least


@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_the_pv_bars_colours_get_darker_as_pv_runs_out(simulate):
    seen = [lightness(simulate(palette.pv_colour(f))) for f in (0.9, 0.4, 0.2)]
    steps = [a - b for a, b in zip(seen, seen[1:], strict=False)]
    assert all(step >= STEP for step in steps), [round(v, 1) for v in seen]
    assert seen[-1] - lightness(palette.PV_BACK) >= STEP  # the shortest bar still shows on its dark back


def test_the_old_green_and_yellow_were_one_lightness():
    old_high, old_mid = (80, 220, 90), (240, 190, 40)
    assert abs(lightness(old_high) - lightness(old_mid)) < 2
    assert abs(lightness(deuteranopia(old_high)) - lightness(deuteranopia(old_mid))) < STEP


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("tile", [35, 54])
def test_a_drawn_pv_bar_shows_each_band_at_its_lightness(tile):
    from dataclasses import replace

    from arena_game.render.tokens import draw_pv_bar, fighter_tokens
    from tests.builders import tiny_match

    pygame.init()
    state, _ = tiny_match("...", {"a": {"team": "x", "at": (0, 0)}})
    tok = fighter_tokens(state)[0]
    seen = []
    for pv in (0.9, 0.4, 0.2):
        surface = pygame.Surface((tile, tile))
        surface.fill((196, 178, 140))
        draw_pv_bar(surface, replace(tok, pv=pv), (0, 0), tile)
        at = (tile // 8 + 1, tile - max(3, tile // 9) + max(2, tile // 12) // 2)  # the bar's left end
        seen.append(lightness(deuteranopia(tuple(surface.get_at(at))[:3])))
    assert seen[0] - seen[1] >= STEP and seen[1] - seen[2] >= STEP, [round(v, 1) for v in seen]
