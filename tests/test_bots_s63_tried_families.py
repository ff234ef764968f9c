"""Each rarer family tried once a match where it costs little (`BotStyle.try_bonus`, the strong
level's 3 points, 0.75 in a labyrinth): the team plays its first plain push, water push and
jump of the match when one scores within the bonus of the best plan, then prices them as before
(docs/bots.md "Every family played once a match")."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.actions import EndTurn
from tests.builders import tiny_match

STRONG = LEVEL_STYLES["strong"]
DUEL = "......\n......\n"


def _a_turn(state, dice, bot):
    """a's actions until its turn ends, then b's turn passed."""
    kinds = []
    while state.active.id == "a" and not state.over:
        act = bot.choose(state)
        kinds.append(act.kind)
        state, _ = apply(state, act, dice)
    if not state.over:
        state, _ = apply(state, EndTurn(), dice)
    return state, kinds


def _duel(b_pv: int = 20):
    state, dice = tiny_match(DUEL, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1)}})
    state.fighters["b"].pv = b_pv
    return state, dice


def test_r5_1_the_strong_level_tries_one_plain_push_a_match_then_strikes():
    state, dice = _duel()
    bot = Bot(random.Random(1))
    state, first = _a_turn(state, dice, bot)
    assert first == ["walk", "push", "end_turn"]  # the push scores within 3 of the blow
    assert bot.tried == {"push"}  # the water push and the jump are still to try
    state, second = _a_turn(state, dice, bot)
    assert "push" not in second and "attack" in second  # tried: the blow's price wins again
    bot.new_match()
    assert bot.tried == set()  # a new match tries them again


def test_r5_1_without_the_bonus_the_same_bot_strikes_at_once():
    state, dice = _duel()
    bot = Bot(random.Random(1), replace(STRONG, try_bonus=0.0))
    state, first = _a_turn(state, dice, bot)
    assert first == ["walk", "attack", "end_turn"]
    assert bot.tried == set()


def test_r5_1_a_push_is_not_tried_in_place_of_a_likely_kill():
    state, dice = _duel(b_pv=1)  # any hit kills b: the blow is worth far more than the bonus
    bot = Bot(random.Random(1))
    state, first = _a_turn(state, dice, bot)
    assert "push" not in first and first[:2] == ["walk", "attack"]


def test_the_bonus_is_the_strong_and_deep_levels_only_and_smaller_in_a_labyrinth():
    assert {"push", "push_water", "jump"} == TRIED_FAMILIES
    for level in ("easy", "normal", "fast"):
        assert LEVEL_STYLES[level].try_bonus == 0.0
    for level in ("strong", "deep"):
        style = LEVEL_STYLES[level]
        assert style.try_bonus == 3.0 and style.on_board(True).try_bonus == 0.75
