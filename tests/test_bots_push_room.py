"""A push weighed with the step after it (`BotStyle.push_room`, on in the strong level): R5.1
moves the pushed one square back, so a fighter held by a blade can push it away and then
walk out of its reach without the flight roll (R3.1) it would risk walking away from it."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.geometry import chebyshev
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}
GRID = ".........\n.........\n........."


def _held_bow(faces=None):
    """A bow with a blade beside it in the open, its friend far behind."""
    return tiny_match(GRID, {"c": {"team": "red", "at": (4, 1), **BOW}, "a": {"team": "red", "at": (0, 1)},
                             "e": {"team": "blue", "at": (5, 1), "attributes": {"physique": 2}}}, faces=faces)


def test_r5_1_a_held_bow_pushes_the_blade_back_and_steps_out_of_its_reach():
    state, dice = _held_bow(faces=[15, 3])  # the push's opposed d20s: the bow wins (R5.1)
    bot = Bot(random.Random(0), LEVEL_STYLES["strong"])
    kinds = []
    while state.active.id == "c":
        action = bot.choose(state)
        kinds.append(action.kind)
        state, _ = apply(state, action, dice)
    c, e = state.fighters["c"].position, state.fighters["e"].position
    assert kinds == ["push", "walk", "end_turn"]
    assert e == (6, 1) and chebyshev(c, e) == 3  # a walk and a blow away no more (R2.1)


def test_without_the_push_room_the_push_is_worth_a_little_room_only():
    state, _ = _held_bow()
    assert LEVEL_STYLES["strong"].push_room
    bot = Bot(random.Random(0), replace(LEVEL_STYLES["strong"], push_room=False))
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    assert bot.choose(state).kind != "push"
