"""A blade stays in the fight (`BotStyle.blade_stays`; docs/bots.md, "Where the maze's losses come
from"): a fighter whose square the enemies likely finish it on weighs an escaping teleport (R6).
A blade that teleports out leaves its friends there two against one; with the switch, in a
labyrinth, a blade weighs no escaping teleport (a bow or gun still does)."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack, Teleport
from arena_game.core.state import MatchState
from tests.builders import tiny_match

AXE = {"name": "Hache", "family": "melee", "damage": "2d6"}
BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}


def _cornered(weapon: dict[str, object], family: str, labyrinth: bool = True) -> MatchState:
    """Our fighter a on 4 PV with a potion, an enemy axe beside it whose blow likely kills it, a
    sound friend far off (as tests/test_s50_bot_press.py's cornered bow), at round 5."""
    state, _ = tiny_match("..........\n" * 4, {
        "a": {"team": "red", "at": (1, 1), "pv": 22, "teleport_potions": 1, "weapon": weapon,
              "skills": {"weapons": {family: 4}}},
        "b": {"team": "blue", "at": (2, 1), "pv": 10, "skills": {"weapons": {"melee": 4}}, "weapon": AXE},
        "d": {"team": "red", "at": (9, 3), "pv": 30},
    }, labyrinth=labyrinth)
    state.fighters["a"].pv = 4
    state.round = 5
    return state


def _level(stays: bool) -> BotStyle:
    return replace(LEVEL_STYLES["strong"], blade_stays=stays)


def test_s52_the_level_s_cornered_blade_teleports_out_by_potion() -> None:
    assert not LEVEL_STYLES["strong"].blade_stays
    chosen = Bot(random.Random(0), _level(False)).choose(_cornered(AXE, "melee"))
    assert isinstance(chosen, Teleport) and chosen.means == "potion"


def test_s52_with_the_switch_the_cornered_blade_strikes() -> None:
    assert Bot(random.Random(0), _level(True)).choose(_cornered(AXE, "melee")) == Attack(target="b")


def test_s52_a_cornered_bow_still_teleports_out() -> None:
    assert isinstance(Bot(random.Random(0), _level(True)).choose(_cornered(BOW, "bow")), Teleport)


def test_s52_scoped_to_labyrinths_the_blade_teleports_elsewhere() -> None:
    assert isinstance(Bot(random.Random(0), _level(True)).choose(_cornered(AXE, "melee", labyrinth=False)), Teleport)
