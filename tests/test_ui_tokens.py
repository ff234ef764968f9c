"""Tokens a stranger can read (issue 13): a second team cue besides the colour — the first
team's tokens are round, the second team's framed by a square — and a circle-attack pick is
a numbered badge in the corner, the picked fighter still seen."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.render.marks import badge_centre, draw_highlight
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
    # the badge low on the right, above the PV bar (in the top-right corner it hid a sword's tip)
    assert surf.get_at(badge_centre(pygame.Rect(0, 0, 48, 48), 48)).a > 0
    assert surf.get_at((48 - 10, 10)).a == 0


def _drawn(surf: pygame.Surface) -> list[tuple[int, int]]:
    return [(x, y) for x in range(surf.get_width()) for y in range(surf.get_height()) if surf.get_at((x, y)).a == 255]


@pytest.mark.parametrize("slot", [1, 2, 3])
def test_a_framed_tokens_initials_are_drawn_whole_over_its_frame(slot):
    """'Oruk' in a square frame read 'Dr': the frame's edge was drawn over the O."""
    from arena_game.render.sprites import SpriteBook
    from arena_game.render.text import INITIALS_AT, initials

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    book = SpriteBook(64)
    for tile in (35, 53):
        img = token_image(FighterToken((0, 0), "Oruk", "#2471a3", slot=slot), tile, book)
        label = initials("Oruk", tile)
        wrong = [(x, y) for x, y in _drawn(label)
                 if img.get_at((x + INITIALS_AT[0], y + INITIALS_AT[1]))[:3] != label.get_at((x, y))[:3]]
        assert not wrong, (tile, wrong[:5])


def test_the_active_ring_shows_over_a_framed_token():
    from arena_game.render import palette
    from arena_game.render.sprites import SpriteBook
    from arena_game.render.tokens import draw_fighters

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    tile = 35
    surf = pygame.Surface((tile * 3, tile * 3))
    tok = FighterToken((1, 1), "Kael", "#2471a3", family="thrown", active=True, slot=1)
    draw_fighters(surf, [tok], tile, SpriteBook(64))
    ring = [(x, y) for x in range(tile, 2 * tile) for y in range(tile, 2 * tile) if surf.get_at((x, y))[:3] == palette.ACTIVE_PULSE]
    assert len(ring) > tile * 2  # a ring around the token, not a few pixels peeking past the frame
