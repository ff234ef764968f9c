"""s59 audit: the taunt's crowd stood along the viewport's whole foot and its heads covered the
last row's number in the board's left strip ("14" in arene-classique at 1920×1080, French). The
heads now stand along the captions' room, the viewport less the row numbers' strip."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.anim.draw import draw_effects
from arena_game.ui.anim.timeline import Effect

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("cheer", [True, False])
def test_r7_the_crowd_leaves_the_row_numbers_strip_clear(cheer):
    surface = pygame.Surface((600, 400))
    surface.fill((0, 0, 0))
    room = pygame.Rect(40, 30, 560, 370)  # the row numbers take the 40 px on the left

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (x * 40, y * 40)

    crowd = Effect(kind="crowd", start=0.0, duration=1.0, at=(7.5, 5.5), text="The crowd cheers!",
                   data={"sub": "+1 PR", "cheer": cheer})
    draw_effects(surface, [(crowd, 0.5)], to_screen, 40, room=room)
    strip = pygame.Rect(0, 0, room.left, 400)
    inked = [(x, y) for x in range(strip.w) for y in range(strip.h) if surface.get_at((x, y))[:3] != (0, 0, 0)]
    assert not inked, inked[:5]
    # the crowd is drawn at all: heads along the room's foot
    foot = pygame.Rect(room.left, 330, room.w, 70)
    assert any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(foot.left, foot.right, 2)
               for y in range(foot.top, foot.bottom, 2))
