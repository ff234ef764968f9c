"""At 800×560 (the smallest window) the classic arena leaves 32 px of wall and margin under its
floor, and the potion's refusal card (in 12 px, on one line) is 33 px tall: 6 px up from the
viewport's foot, over the buttons, it hid a 5 px strip of the whole last row of floor (s57, s58
audit). Down on the viewport's foot it hides at most the last row's bottom pixel."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.controller import MatchController, setup_for_map
from tests.layout_boxes import drawn_boxes
from tests.ui_driver import board, open_app, press_key


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s58_the_potion_card_keeps_off_the_classic_arenas_floor_at_800x560(lang):
    app = open_app(MatchController(setup_for_map("arene-classique", None, 0)), size=MIN_SIZE, lang=lang)
    screen = board(app)
    state = screen.ctrl.state
    for _ in range(len(state.fighters)):  # to the first fighter who carries no potion
        if screen.ctrl.state.active.sheet.teleport_potions == 0:
            break
        press_key(app, pygame.K_e)
        while screen.anim.busy:
            app.step()
    assert screen.ctrl.state.active.sheet.teleport_potions == 0
    press_key(app, pygame.K_8, frames=3)
    cards = drawn_boxes(app, "choice_refusal")
    assert len(cards) == 1  # the potion, greyed
    card = cards[0]
    ground = screen.ctrl.state.board
    hidden = [(sq, card.clip(screen.camera.square_rect(sq))) for sq in ((x, y) for y in range(ground.height)
                                                                         for x in range(ground.width))
              if ground.terrain(sq) != Terrain.WALL and card.colliderect(screen.camera.square_rect(sq))]
    assert hidden  # 32 px under the floor for a card of 33: its top on the last row's bottom pixel
    assert all(strip.h <= 1 for _, strip in hidden), hidden
    assert screen.viewport.contains(card)
