"""s49, item 2: a hover card leaves the pillars and crates in sight when a spot farther off than
`hover_card.FAR` squares covers nothing. The run card for (6, 2) (the run-declared scene) covered
the crate at (8, 9), nine rows above bare floor; a leader line ties a far card to its square."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box, pillars_and_crates, squares_under
from tools.window_screenshots import scene_window


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_the_run_card_leaves_the_crates_and_pillars_in_sight(lang, size):
    app = scene_window("run-declared", lang, size)
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    solid = pillars_and_crates(board)
    under = squares_under(board, card, solid)
    fighters = [f.name for f in board.ctrl.state.fighters.values() if card.colliderect(board.camera.square_rect(f.position))]
    assert len(solid) > 5 and not under and not fighters, (under, fighters)
    assert card.colliderect(board.viewport) and board.viewport.contains(card)


def test_s49_a_card_goes_past_far_to_a_free_spot_rather_than_over_a_crate():
    """Drawn alone: every spot up to `FAR` squares off covers a crate; rows farther down are bare."""
    pygame.font.init()
    hover_card.reset_caches()
    t = 40
    sq = pygame.Rect(6 * t, 1 * t, t, t)
    room = pygame.Rect(0, 0, 20 * t, 15 * t)
    crates = [pygame.Rect(x * t, y * t, t, t) for x in range(0, 20, 3) for y in range(0, 9)]
    crates = [c for c in crates if not c.colliderect(sq.inflate(2 * t, 2 * t))]
    box, _ = hover_card.placed((300, 60), sq, room, obstacles=crates, sights=crates)
    assert box.collidelist(crates) == -1, box
    assert box.top >= 9 * t  # under the crates' rows
