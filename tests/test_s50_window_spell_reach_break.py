"""s50: the French refusal of a teleport past the spell's reach broke its count from its unit on
the hover card: "… au-delà de la portée du sort (2" / "cases, Magie)". The count and "cases" are
one piece (a no-break space), as in the push card's "1 case –› (5, 6)"."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.render.glyphs import drawable
from arena_game.render.text import font, wrap_words
from tests.test_s50_window_card_counts import greedy


@pytest.mark.usefixtures("fresh_pygame")
def test_s50_the_spell_reach_refusal_keeps_its_count_with_cases():
    pygame.font.init()
    words = drawable("Case (10, 7) : impossible — R6.2 : " + t("refusal.spell_reach", "fr", square="(10, 7)", reach=2))
    assert "2\u00a0cases" in words
    f = font(21)
    spaced = words.replace("2\u00a0cases", "2 cases")  # as it was: the widths that broke it there
    cuts = [w for w in range(200, 1200, 2) if any(line.endswith("(2") for line in greedy(spaced, f, w))]
    assert cuts
    for width in cuts:
        lines = wrap_words(words, f, width)
        assert not any(line.rstrip().endswith("(2") for line in lines), lines
