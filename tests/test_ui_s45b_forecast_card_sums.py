"""The attack forecast card adds up as printed (s45 review: "d20 + Dextérité 6 + weapon skill
(firearm) 4 = d20 +2", then "-8 beyond range (R1.3)" on the line after the total it is part of):
each side's line lists its terms, then its modifiers with their rules, then the total, and
the figures before "=" add up to it; signs are "+" and "−" (U+2212), never a hyphen."""

from __future__ import annotations

import re

import pytest

from tests.ui_driver import ui_match

WIDE = """
..........
..........
..........
"""

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def added_up(line: str) -> tuple[int, int]:
    """The sum of the figures of a card's roll line before "=", and the total after it."""
    before, total = line.split("\u00a0=\u00a0d20\u00a0")
    # plain spaces between the terms, but a modifier is held to the term before it
    # (`terms.card_sum`) by a no-break space before its sign
    terms = [term for group in before.split(" d20 ", 1)[1].split(" ")
             for term in re.split("\u00a0(?=[+−]\u00a0)", group)]
    value = 0
    for term in terms:
        bare = re.sub(r"\([^)]*\)", "", term)  # the glosses and the rule: no figure of the sum
        sign, figure = bare[0], re.search(r"\d+", bare)
        assert sign in "+−" and figure is not None, term
        value += int(figure.group()) * (1 if sign == "+" else -1)
    assert total[0] in "+−", total
    return value, int(total[1:]) * (1 if total[0] == "+" else -1)


@pytest.mark.parametrize("lang, malus", [("en", "−\u00a08\u00a0(penalty:\u00a0beyond\u00a0range,\u00a0R1.3)"),
                                         ("fr", "−\u00a08\u00a0(malus\u00a0:\u00a0hors\u00a0de\u00a0portée,\u00a0R1.3)")])
def test_r1_3_attack_card_lists_the_beyond_range_malus_before_the_total_it_adds_to(lang, malus):
    from arena_game.ui.modes import AttackMode

    gun = {"name": "Mousquet", "family": "firearm", "range": 1}
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1), "weapon": gun}, "b": {"team": "blue", "at": (5, 1)}})
    card = next(h.tip for h in AttackMode().highlights(ctrl.state, lang) if h.kind == "target" and h.square == (5, 1))
    rolls = [line for line in card.split("\n") if "\u00a0=\u00a0d20\u00a0" in line]
    assert len(rolls) == 2, card  # the attack and the dodge, each whole on its line
    attack = rolls[0]
    assert malus in attack and attack.index(malus) < attack.index("\u00a0=\u00a0"), attack
    for line in rolls:
        figures, total = added_up(line)
        assert figures == total, line
    assert not re.search(r"-\s?\d", card), card  # "−8", never "-8"
