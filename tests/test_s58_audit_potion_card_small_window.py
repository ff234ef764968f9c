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


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("map_name", "size"), [("arene-classique", MIN_SIZE), ("labyrinthe", (1920, 1080))])
def test_s58_the_floor_under_a_box_is_reckoned_as_square_by_square(map_name, size):
    import random

    from arena_game.ui.screens.board_draw import ground_area_under, ground_under, squares_under

    app = open_app(MatchController(setup_for_map(map_name, None, 0)), size=size, lang="en")
    screen = board(app)
    ground, rect = screen.ctrl.state.board, screen.camera.square_rect
    rng = random.Random(58)
    boxes = [pygame.Rect(rng.randint(-40, size[0]), rng.randint(-40, size[1]), rng.randint(0, 500), rng.randint(0, 160))
             for _ in range(400)]
    for box in boxes:
        floor = [sq for sq in squares_under(screen, box) if ground.terrain(sq) != Terrain.WALL]
        assert ground_under(screen, box) == len(floor), box
        assert ground_area_under(screen, box) == sum(box.clip(rect(sq)).w * box.clip(rect(sq)).h for sq in floor), box
    assert sum(ground_area_under(screen, box) > 0 for box in boxes) > 100  # most boxes lie over some floor
