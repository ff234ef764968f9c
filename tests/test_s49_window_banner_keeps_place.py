"""s49, item 2: a banner on screen keeps its place when a roll comes. The dice were laid round the
labels only, so a new roll took the banner's place at the board's top and the banner being read
jumped to the bottom (the banners went round the dice, not the dice round the banners)."""

from __future__ import annotations

import pygame

from arena_game.ui.anim import captions
from arena_game.ui.anim.timeline import Effect
from tests.layout_boxes import effects_frame


def test_s49_a_new_roll_goes_round_the_banner_on_screen():
    pygame.font.init()
    captions.reset_caches()
    captions._PLACED.clear()  # the stacks' last places
    surface = pygame.Surface((800, 600))
    banner = Effect(kind="banner", start=0.0, duration=2.0, text="Round 2 — Kael", data={"sub": "team: Onyx Vipers"})
    roll = Effect(kind="dice", start=0.5, duration=2.0, text="Initiative: d20 12",
                  data={"who": "Kael", "die": 20, "face": 12})
    (before,) = effects_frame(surface, [(banner, 0.3)])["banner"]
    after = effects_frame(surface, [(banner, 0.5), (roll, 0.2)])
    assert after["banner"] == [before], (after["banner"], before)  # read where it was
    assert after["dice"][0].collidelist(after["banner"]) == -1
