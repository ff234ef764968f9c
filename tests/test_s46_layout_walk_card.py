"""R2.1: the walk legend says "refused (the card says why)": hovering any square a walk click
would be refused on gives the core's refusal on the hover card, edged as a refusal: a square
two away as well as a hatched neighbour, a far fighter's (its name and PV kept)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import board, click_square, hover_square, open_app, press_key, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

FIGHTERS = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (5, 1)}}


def _walking(lang: str):
    app = open_app(ui_match("......\n......\n......", FIGHTERS), lang=lang)
    press_key(app, pygame.K_1)
    assert board(app).mode.name == "walk"
    return app


@pytest.mark.parametrize("lang, why", [("en", "R2.1: (3, 1) is not adjacent to (1, 1)"),
                                       ("fr", "la case (3, 1) n'est pas voisine de (1, 1)")])
def test_r2_1_hovering_a_square_two_away_in_walk_mode_says_why_a_click_there_is_refused(lang, why):
    app = _walking(lang)
    hover_square(app, (3, 1))
    card = board(app).card_text
    assert why in card and board(app).card_refused
    click_square(app, (3, 1))  # the click is refused for the very reason the card gave
    assert why in board(app).hud.status_text


def test_r2_1_a_far_fighters_card_keeps_its_name_and_says_why_it_cannot_be_walked_to():
    app = _walking("en")
    hover_square(app, (5, 1))
    card = board(app).card_text
    assert card.startswith("Square (5, 1): floor — B, ") and "R2.1: (5, 1) is not adjacent to (1, 1)" in card
    assert board(app).card_refused


def test_r2_1_an_allowed_step_and_the_walkers_own_square_are_no_refusal():
    app = _walking("en")
    for sq in ((2, 1), (1, 1)):
        hover_square(app, sq)
        assert "not allowed" not in board(app).card_text.lower() and not board(app).card_refused
