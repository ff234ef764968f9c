"""Kiting bows (`BotStyle.kite`, on in the strong level; docs/bots.md, "The maze again"): a bow
or gun does not end its turn where an enemy blade walks and strikes it next turn, at any round."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.brain import LEVEL_STYLES
from arena_game.core import apply
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}


def _bow_after_its_turn(style):
    """A bow two squares from an enemy blade in a corridor, late in the match (the caution has
    faded by round 20): where it ends its turn."""
    state, dice = tiny_match(
        "..............",
        {"c": {"team": "red", "at": (6, 0), **BOW}, "a": {"team": "red", "at": (13, 0)},
         "e": {"team": "blue", "at": (4, 0)}},
        labyrinth=True,
    )
    state.round = 25
    bot = Bot(random.Random(0), style)
    shots = 0
    while state.active.id == "c":
        action = bot.choose(state)
        shots += action.kind == "attack"
        state, _ = apply(state, action, dice)
    return state.fighters["c"].position, shots


def test_the_strong_bow_shoots_and_steps_out_of_the_blades_walk_and_strike():
    (x, _), shots = _bow_after_its_turn(LEVEL_STYLES["strong"])
    assert shots == 1 and x >= 7  # the blade at 4 walks to 5 at best: not beside it


def test_without_kiting_the_bow_stays_where_the_blade_reaches_it():
    (x, _), shots = _bow_after_its_turn(replace(LEVEL_STYLES["strong"], kite=0.0))
    assert shots == 1 and x == 6
