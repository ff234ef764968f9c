"""s58: a hover card's spots are weighed in several shapes from its measured size
(`hover_card.card_size`), the card drawn only in the shape that wins: the measure must be the
drawn card's size, or the card would go where it does not fit."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.hover_card import card, card_size

pytestmark = pytest.mark.usefixtures("fresh_pygame")

WORDS = [
    "Walk to (12, 40)\n3 moves · 2 left after",
    "Cannot attack: no line of sight\nA pillar at (7, 5) is in the way (R4.2)\n\nRange 6 squares",
    "Impossible d'attaquer : la cible est hors de portée (6 cases au plus, R4.1) — essayez de vous approcher",
    "Pousser Brakka vers (3, 9)\nLave : mort (R2.5)\nChance 58 %\n  modificateur −1 : flanc\n\nfin",
    "x",
]


@pytest.mark.parametrize("size", [12, 14, 21])
def test_card_size_is_the_drawn_cards(size):
    for words in WORDS:
        for width in (120, 240, 333, 480, 640, 960):
            for refused in (False, True):
                assert card_size(words, size, width) == card(words, size, width, refused).get_size()
