"""Kiting bows (`BotStyle.kite`, on in the strong level; docs/bots.md, "The maze again" and
"Kiting ends at round 20"): a bow or gun does not end its turn where an enemy blade walks and
strikes it next turn, until the round by which the bots no longer mind the enemies' reach."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, STALL_ROUNDS
from arena_game.core import apply
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}


def _bow_after_its_turn(style, round_no):
    """A bow two squares from an enemy blade in a corridor at round `round_no`: where it ends
    its turn, and how many shots it took."""
    state, dice = tiny_match(
        "..............",
        {"c": {"team": "red", "at": (6, 0), **BOW}, "a": {"team": "red", "at": (13, 0)},
         "e": {"team": "blue", "at": (4, 0)}},
        labyrinth=True,
    )
    state.round = round_no
    bot = Bot(random.Random(0), style)
    shots = 0
    while state.active.id == "c":
        action = bot.choose(state)
        shots += action.kind == "attack"
        state, _ = apply(state, action, dice)
    return state.fighters["c"].position, shots


def test_the_strong_bow_shoots_and_steps_out_of_the_blades_walk_and_strike():
    # round 19: the caution has all but faded (1/20 of its weight), the kiting has not
    (x, _), shots = _bow_after_its_turn(LEVEL_STYLES["strong"], STALL_ROUNDS - 1)
    assert shots == 1 and x >= 7  # the blade at 4 walks to 5 at best: not beside it


# the strong level with no other reason to keep away from the blade than the kiting
CALM = replace(LEVEL_STYLES["strong"], caution=0.0, ranged_caution=0.0, iso=0.0, tempo=0.0, in_maze=())


def test_the_kiting_alone_takes_the_bow_out_of_reach():
    (x, _), shots = _bow_after_its_turn(CALM, STALL_ROUNDS - 1)
    assert shots == 1 and x >= 7


def test_without_kiting_the_bow_stays_where_the_blade_reaches_it():
    (x, _), shots = _bow_after_its_turn(replace(CALM, kite=0.0), STALL_ROUNDS - 1)
    assert shots == 1 and x == 6


def test_from_the_stall_round_on_the_bow_stands_and_shoots():
    # A bow kiting a blade round a maze's loops ran self-play matches out to the round cap.
    (x, _), shots = _bow_after_its_turn(LEVEL_STYLES["strong"], STALL_ROUNDS)
    assert shots == 1 and x == 6
