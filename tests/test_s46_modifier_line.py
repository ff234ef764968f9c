"""A modifier's log line keeps its cause after the duration, so a glossed French source
("Provocation simple (simple taunt)") never lands inside another pair of brackets."""

import pytest

from arena_game.core.events import ModifierAdded
from arena_game.i18n.narration import describe

TAUNT = ModifierAdded(fighter="o", source="taunt_simple", rule="R7.2", applies_to="dexterite", value=5, turns=1)
TACKLE = ModifierAdded(fighter="o", source="tackle", rule="R4.7", applies_to="all", value=-3, turns=2)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r7_2_a_taunts_modifier_line_has_no_brackets_in_brackets(lang):
    line = describe(TAUNT, {"o": "Oruk"}, lang)
    depth = 0
    for ch in line:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, line
    assert line.endswith("R7.2")


def test_r4_7_the_modifier_line_reads_value_duration_then_cause():
    assert describe(TACKLE, {"o": "Oruk"}, "en") == "Oruk: −3 to all rolls for 2 turns — tackled, R4.7"
    assert describe(TACKLE, {"o": "Oruk"}, "fr") == "Oruk : −3 à tous les jets pendant 2 tours — tacle, R4.7"
