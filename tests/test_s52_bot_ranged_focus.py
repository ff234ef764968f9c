"""The enemy's bow first (`BotStyle.ranged_focus`; docs/bots.md, "Where the maze's losses come
from"): a blade beside an enemy blade and an enemy bow strikes the blade, whose dodge is lower (R0.4:
the blow's exact forecast is worth more there), though the bow, once it steps back, shoots at full
odds (beside a foe it shoots at R1.7's −8). With the switch damage on an enemy bow or gun is worth
more in a labyrinth, and the blade strikes the bow."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.options import damage_worth
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import team_turns, tiny_match

BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}
AXE = {"name": "Grande hache", "family": "two_handed", "damage": "2d6"}
SWORD = {"name": "Épée", "family": "melee", "damage": "1d8+1"}
# A corridor along the top row with a side square at (2, 1): our sword a on (2, 0) between the
# enemy axe e on (1, 0) and the enemy bow b on (3, 0) (the shipped roster's sheets: the bow dodges
# better), our axe f in the side square. Every scripted face a 1: a's blow misses, nobody dies.
GRID = ".....\n##.##"


def _scene(labyrinth: bool = True) -> tuple[MatchState, object]:
    state, dice = tiny_match(GRID, {
        "a": {"team": "red", "at": (2, 0), "weapon": SWORD, "pv": 26,
              "attributes": {"physique": 5, "agilite": 4, "dexterite": 5},
              "skills": {"corps_a_corps": 3, "esquive": 3, "weapons": {"melee": 4}}},
        "f": {"team": "red", "at": (2, 1), "weapon": AXE, "pv": 30},
        "e": {"team": "blue", "at": (1, 0), "weapon": AXE, "pv": 30, "attributes": {"physique": 6, "agilite": 3},
              "skills": {"corps_a_corps": 4, "esquive": 2, "weapons": {"two_handed": 4}}},
        "b": {"team": "blue", "at": (3, 0), "weapon": BOW, "pv": 22,
              "attributes": {"agilite": 5, "dexterite": 5, "sensoriel": 4},
              "skills": {"esquive": 4, "weapons": {"bow": 4}}},
    }, faces=[1] * 40, order=["a", "f", "e", "b"], labyrinth=labyrinth)
    state.round = 10
    return state, dice


def _level(ranged_focus: float) -> BotStyle:
    return replace(LEVEL_STYLES["strong"], ranged_focus=ranged_focus)


def _first(style: BotStyle, labyrinth: bool = True) -> object:
    state, dice = _scene(labyrinth)
    return team_turns(state, dice, Bot(random.Random(0), style), most=1)[0]


def test_s52_the_level_strikes_the_enemy_blade_beside_it_not_the_bow() -> None:
    assert LEVEL_STYLES["strong"].ranged_focus == 0.0
    assert _first(_level(0.0)) == ("a", Attack(target="e"))


def test_s52_with_the_switch_the_blade_strikes_the_enemy_bow() -> None:
    for weight in (0.5, 1.0):
        assert _first(_level(weight)) == ("a", Attack(target="b")), weight


def test_s52_damage_on_a_bow_is_worth_the_switch_s_share_more_and_on_a_blade_the_same() -> None:
    state, _ = _scene()
    plain = Context(Bot(random.Random(0), _level(0.0)), state, open_action_kinds(state))
    more = Context(Bot(random.Random(0), _level(1.0)), state, open_action_kinds(state))
    bow, axe = state.fighters["b"], state.fighters["e"]
    assert damage_worth(more, bow, 3.0, 0.0) == 2 * damage_worth(plain, bow, 3.0, 0.0) > 0
    assert damage_worth(more, axe, 3.0, 0.0) == damage_worth(plain, axe, 3.0, 0.0) > 0


def test_s52_scoped_to_labyrinths_the_blade_strikes_the_axe_elsewhere() -> None:
    assert _first(_level(1.0), labyrinth=False) == ("a", Attack(target="e"))
