"""R8.2 with `combat.circle_split = "player"`: the bots give their own split of the damage."""

import itertools
import random

import pytest

from arena_game.bots.brain import Bot
from arena_game.bots.splits import best_split, non_increasing
from arena_game.core.actions import CircleSplit
from arena_game.core.settings import RulesSettings
from tests.builders import play
from tests.test_combat_circle import ring

PLAYER = RulesSettings.model_validate({"combat": {"circle_split": "player"}})
ORDER = [(1, 2), (3, 1), (2, 0)]  # d (blue), c (red: the attacker's ally), b (blue)


@pytest.mark.parametrize(("total", "parts"), [(0, 1), (5, 3), (13, 3), (9, 4)])
def test_r8_2_every_non_increasing_split_is_weighed_once(total, parts):
    brute = {s for s in itertools.product(range(total + 1), repeat=parts)
             if sum(s) == total and all(a >= b for a, b in itertools.pairwise(s))}
    found = list(non_increasing(total, parts))
    assert len(found) == len(set(found)) and set(found) == brute


def test_r8_2_the_bot_kills_a_weak_foe_and_spares_its_ally():
    # attack 19, every dodge 1: d, c and b hit; damage 6 + 6 + 1 = 13
    state, dice = ring([19, 1, 1, 1, 12, 6, 6], settings=PLAYER, d={"team": "blue", "at": (1, 2), "pv": 4})
    state, _ = play(state, dice, {"kind": "circle_attack", "order": ORDER})
    # d first (4 PV), then the ally c, then b: the kill takes 4, and c can get no less than b
    # after it, so every split that kills d and gives c what b gets is worth the same (12): the
    # halving split [7, 3, 3] is one and is kept on the tie
    assert best_split(state) == CircleSplit(split=[7, 3, 3])
    assert Bot.at_level("strong", random.Random(0)).choose(state) == best_split(state)


def test_r8_2_with_the_ally_last_the_bot_gives_it_nothing():
    state, dice = ring([19, 1, 1, 1, 12, 6, 6], settings=PLAYER)
    state, _ = play(state, dice, {"kind": "circle_attack", "order": [(1, 2), (2, 0), (3, 1)]})  # d, b, then c
    assert best_split(state) == CircleSplit(split=[13, 0, 0])  # the first of the splits worth 13 found
    state, _ = play(state, dice, {"kind": "circle_split", "split": [13, 0, 0]})
    assert [state.fighters[f].pv for f in "dbc"] == [7, 20, 20]
