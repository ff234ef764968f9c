"""Bots: only legal actions, full matches that always end, the same choices for the same seed."""

import random

import pytest

from arena_game.bots import Bot, MatchSetup, play_bot_match
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.match import SetupProblem, match_seed
from arena_game.core import apply
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, shipped_maps
from tests.builders import tiny_match

TEAMS = tuple(load_teams(default_teams_path()))


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_r0_6_bots_play_only_legal_actions_on_every_shipped_map(path):
    board = load_map(path)
    # As many fighters a side as the map's smallest spawn side holds (every map can host a match).
    room = min(len(sq) for sq in board.spawns.values())
    teams = tuple(t.model_copy(update={"fighters": t.fighters[:room]}) for t in TEAMS)
    setup = MatchSetup(board, teams, round_cap=12)
    for i in range(3):
        rec = play_bot_match(setup, match_seed(7, i), i)
        assert rec.refused == []
        assert rec.actions > 0
        assert rec.rounds <= 12
        assert rec.winner is not None or rec.capped


def test_bot_match_is_deterministic_for_a_seed():
    setup = MatchSetup(load_map(shipped_maps()[0]), TEAMS, round_cap=8)
    a = play_bot_match(setup, 1234, 0)
    b = play_bot_match(setup, 1234, 0)
    assert a == b
    c = play_bot_match(setup, 1235, 0)
    assert c.stood != a.stood or c.first_contact != a.first_contact


def test_teams_rotate_through_spawn_sides():
    setup = MatchSetup(load_map(shipped_maps()[0]), TEAMS)
    assert setup.slot_assignment(0) == {"lions": "1", "vipers": "2"}
    assert setup.slot_assignment(1) == {"lions": "2", "vipers": "1"}


def test_setup_refuses_a_map_with_too_few_spawns(tmp_path):
    p = tmp_path / "small.toml"
    p.write_text('name = "small"\ngrid = """\n#####\n#1.2#\n#####\n"""\n', encoding="utf-8")
    with pytest.raises(SetupProblem, match="1 square"):
        MatchSetup(load_map(p), TEAMS).check()


def test_r2_1_bot_walks_next_to_a_near_enemy_attacks_then_ends_its_turn():
    state, dice = tiny_match(
        """
......
......
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1)}},
    )
    bot = Bot(random.Random(1))
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    kinds = []
    for _ in range(4):
        act = bot.choose(state)
        kinds.append(act.kind)
        if act.kind == "walk":
            assert max(abs(act.to[0] - 2), abs(act.to[1] - 1)) == 1  # now beside b
        state, _ = apply(state, act, dice)
        if act.kind == "end_turn":
            break
    assert kinds == ["walk", "attack", "end_turn"]


def test_r4_1_bot_runs_towards_a_far_enemy():
    state, dice = tiny_match(
        """
............
............
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (11, 1)}},
    )
    act = Bot(random.Random(1)).choose(state)
    assert act.kind == "run_start"
    assert len(act.declared) == 3
    assert [sq[0] for sq in act.declared] == [1, 2, 3]  # straight at the enemy
    new, _ = apply(state, act, dice)  # and the engine accepts it
    assert new.budget.run is not None


def test_r0_6_bot_ends_a_turn_it_cannot_use():
    state, dice = tiny_match(
        """
#.#
#.#
""",
        {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (1, 1)}},
    )
    bot = Bot(random.Random(1))
    # Boxed in with no action available: the only sensible choice is to end the turn.
    acts = []
    for _ in range(3):
        act = bot.choose(state)
        acts.append(act.kind)
        state, _ = apply(state, act, dice)
        if act.kind == "end_turn":
            break
    assert acts[-1] == "end_turn"
