"""s50: the mana line drew "Sielle: mana ‒5 –› 7": the fonts have no arrow, so the window draws
"→" as an en dash and "›", and beside the minus (a figure dash) the two dashes read as one odd
sign. The line says what is left in words: "mana −5 (7 left)" / "mana −5 (reste 7)"."""

from __future__ import annotations

import pytest

from arena_game.core.events import ManaChanged
from arena_game.i18n.narration import describe
from arena_game.render.glyphs import drawable

NAMES = {"s": "Sielle"}


@pytest.mark.parametrize(("lang", "said"), [("en", "Sielle: mana \u20125 (0 left), "),
                                            ("fr", "Sielle : mana \u20125 (reste 0), ")])
def test_s50_the_mana_line_says_what_is_left_without_an_arrow(lang, said):
    shown = drawable(describe(ManaChanged(fighter="s", delta=-5, mana=0, reason="teleport_spell"), NAMES, lang))
    assert shown.startswith(said), shown
    assert "–›" not in shown and "→" not in shown  # (the arrow as the fonts drew it before s54, and now)
