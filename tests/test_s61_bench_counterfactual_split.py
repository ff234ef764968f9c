"""`bench/bench_counterfactual.py --split`/`--out`: each row says who plays the plan and whom it
pushes, the push's odds, and whether the pushed foe stands beside a wounded friend."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_counterfactual import _guards, _odds, _open_plans, _who  # noqa: E402

from arena_game.bots import Bot  # noqa: E402
from tests.builders import tiny_match  # noqa: E402

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}
GRID = ".........\n.........\n........."


def _push_plan(friend_pv: int):
    """The push plan of a bow held by a blade, a friend of the bow (at `friend_pv` of 20) beside the blade."""
    state, _ = tiny_match(GRID, {"c": {"team": "red", "at": (4, 1), **BOW},
                                 "a": {"team": "red", "at": (6, 2), "pv": 20},
                                 "e": {"team": "blue", "at": (5, 1)}})
    state.fighters["a"].pv = friend_pv
    assert state.active.id == "c"
    plans = _open_plans(Bot.at_level("strong", random.Random(0)), state, ("push", "push_water"))
    assert [p.action.target for p in plans] == ["e"]
    return state, plans[0]


def test_a_bow_pushing_a_blade_is_labelled_and_its_odds_are_the_forecasts():
    state, plan = _push_plan(20)
    assert _who(Bot.at_level("strong", random.Random(0)), state, plan) == "bow pushes blade"
    moved, fell = _odds(state, plan)
    assert 0 < fell < moved < 1  # R5.1: an opposed roll; R5.2: a critical among its wins


def test_a_push_guards_a_friend_only_when_that_friend_is_at_half_its_pv_or_less():
    assert not _guards(*_push_plan(11))
    assert _guards(*_push_plan(10))
