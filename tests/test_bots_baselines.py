"""Baseline players (random, greedy): only legal actions, and the greedy rule as stated."""

import random

import pytest

from arena_game.bots.baselines import GreedyPlayer, RandomPlayer
from arena_game.bots.match import MatchSetup, play_bot_match
from arena_game.core.actions import Attack, Walk
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map
from tests.builders import tiny_match


@pytest.mark.parametrize("player", [RandomPlayer, GreedyPlayer])
def test_baselines_play_a_whole_match_without_a_refused_action(player):
    teams = tuple(load_teams(default_teams_path()))
    setup = MatchSetup(load_map(find_map("arene-classique")), teams, round_cap=12)
    bots = {t.id: player(random.Random(i)) for i, t in enumerate(teams)}
    rec = play_bot_match(setup, seed=4, bots=bots)
    assert rec.refused == [] and rec.actions > 10


GRID = """
#######
#.....#
#.....#
#######
"""


def test_r0_4_greedy_attacks_an_adjacent_enemy():
    state, _ = tiny_match(GRID, {"a": {"team": "x", "at": (1, 1)}, "b": {"team": "y", "at": (2, 1)}})
    assert GreedyPlayer(random.Random(0)).choose(state) == Attack(target="b")


def test_r2_1_greedy_steps_toward_the_nearest_enemy_then_ends_its_turn():
    state, _ = tiny_match(GRID, {"a": {"team": "x", "at": (1, 1)}, "b": {"team": "y", "at": (5, 1)},
                                 "c": {"team": "y", "at": (5, 2)}})
    action = GreedyPlayer(random.Random(0)).choose(state)
    assert isinstance(action, Walk) and action.to[0] == 2
    alone, _ = tiny_match(GRID, {"a": {"team": "x", "at": (1, 1)}, "b": {"team": "y", "at": (2, 2)}})
    assert GreedyPlayer(random.Random(0)).choose(alone) == Attack(target="b")


def test_random_player_picks_among_the_legal_kinds():
    state, _ = tiny_match(GRID, {"a": {"team": "x", "at": (1, 1)}, "b": {"team": "y", "at": (2, 1)}})
    kinds = {RandomPlayer(random.Random(seed)).choose(state).kind for seed in range(40)}
    assert {"walk", "attack", "end_turn"} <= kinds
