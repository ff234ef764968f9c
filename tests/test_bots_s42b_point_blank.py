"""A bow's point-blank shot (R1.7: a bow or gun shoots a foe beside it, at −8): an enemy bow
walks a square to touch a fighter at a corridor's bend and shoots, though no square it
reaches in one step sees that fighter's square in range (docs/bots.md, "Point-blank shots")."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.actions import EndTurn, Walk
from arena_game.core.queries import RANGE_CODES, open_action_kinds, range_grid
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}
BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"},
       "skills": {"weapons": {"bow": 4}}, "attributes": {"physique": 3}}

# A bend: the bow on (3, 2) does not see (2, 0) past the wall (2, 1); it walks to (3, 1), beside
# (2, 0) across the wall's corner, and shoots it point-blank.
BEND = """
....
###.
###.
"""


def _bot(**changes: object) -> Bot:
    """The strong level, with `changes`."""
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], **changes))  # type: ignore[arg-type]


def test_r1_7_an_enemy_bow_shoots_point_blank_from_a_step_away():
    fighters = {"a": {"team": "red", "at": (1, 0), **BLADE}, "e": {"team": "blue", "at": (3, 2), **BOW}}
    state, _ = tiny_match(BEND, fighters, order=["a", "e"])
    e, w = state.fighters["e"], 4
    here, step = range_grid(state, e, (3, 2)), range_grid(state, e, (3, 1))
    assert RANGE_CODES[here[0 * w + 2]] == "no_line_of_sight"
    assert RANGE_CODES[step[0 * w + 2]] == "adjacent_ranged"
    seen = Context(_bot(point_blank=True), state, open_action_kinds(state))
    blind = Context(_bot(), state, open_action_kinds(state))
    malus = state.settings.combat.ranged_adjacent_malus
    assert 0 < seen.danger.tempo_at((2, 0)) == seen.odds.expected_hit(e, seen.me, malus) < seen.odds.incoming("e")
    assert blind.danger.tempo_at((2, 0)) == 0  # in range or beyond it only: the shot beside it missed
    assert seen.danger.tempo_at((1, 0)) == blind.danger.tempo_at((1, 0)) == 0
    assert seen.value((2, 0), can_act=True) < blind.value((2, 0), can_act=True)


def test_r1_7_a_blade_does_not_step_beside_a_bow_that_shoots_first():
    fighters = {"a": {"team": "red", "at": (1, 0), **BLADE}, "e": {"team": "blue", "at": (3, 2), **BOW}}
    state, _ = tiny_match(BEND, fighters, order=["a", "e"])
    assert _bot().choose(state) == Walk(to=(2, 0))  # the strong level as shipped
    assert _bot(point_blank=True).choose(state) == EndTurn()
