"""Tokens a stranger can read (issue 13): a second team cue besides the colour — the first
team's tokens are round, the second team's framed by a square — and a circle-attack pick is
a numbered badge in the corner, the picked fighter still seen."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.render.marks import draw_highlight
from arena_game.render.tokens import FighterToken, token_image

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GREY = "#808080"  # the same colour for both: only the shape may tell the teams apart


def test_second_team_tokens_have_a_square_frame_the_first_team_none():
    pygame.init()
    first = token_image(FighterToken((0, 0), "Tarn", GREY, slot=0), 48, None)
    second = token_image(FighterToken((0, 0), "Oruk", GREY, slot=1), 48, None)
    corner = (4, 4)  # outside a round token, on the square frame
    assert first.get_at(corner).a == 0
    assert second.get_at(corner).a == 255


def test_a_circle_pick_badge_leaves_the_token_centre_clear():
    pygame.init()
    surf = pygame.Surface((48, 48), pygame.SRCALPHA)
    draw_highlight(surf, Highlight((0, 0), "order", "1"), 48)
    assert surf.get_at((24, 24)).a == 0  # the middle, where the token is, is not covered
    assert surf.get_at((48 - 10, 10)).a > 0  # the badge in the top-right corner
