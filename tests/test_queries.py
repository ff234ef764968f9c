"""The queries the window draws (walk options with reasons, swim reach, jump targets)."""

from arena_game.core.queries import (
    available_actions,
    jump_targets,
    swim_chances,
    swim_distribution,
    swim_reach,
    walk_options,
)
from tests.builders import play, tiny_match


def test_walk_options_give_a_reason_for_each_illegal_neighbour():
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (0, 1)}}
    state, _ = tiny_match("#~.\n...\n._O", fighters)
    options = {sq: (str(err) if err else None) for sq, err in walk_options(state).items()}
    assert options == {
        (1, 0): "R2.3: the water at (1, 0) is entered by swimming",
        (2, 0): None,
        (2, 1): None,
        (2, 2): "R13: (2, 2) is a pillar",
        (1, 2): "R9.1: the hole at (1, 2) is a deadly square (R2.5): moving into it would be suicide",
        (0, 2): "R2.2: diagonal step blocked by the hole at (1, 2)",
        (0, 1): "R2.1: (0, 1) is occupied by B",
        (0, 0): "R13: (0, 0) is a wall",
    }


def test_walk_options_leave_out_squares_off_the_map_and_follow_the_budget():
    state, dice = tiny_match("..\n..", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 1)}})
    assert set(walk_options(state)) == {(1, 0), (1, 1), (0, 1)}
    state, _ = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert {str(e) for e in walk_options(state).values()} == {"R0.6: A has already moved this turn"}


def test_swim_reach_counts_squares_and_lets_the_last_one_be_on_land():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 2)}}
    state, _ = tiny_match(".~~.\n.~#.\n....", fighters)
    assert swim_reach(state) == {
        (1, 0): 1, (1, 1): 1, (2, 0): 2, (0, 1): 2, (0, 2): 2, (1, 2): 2, (3, 0): 3,
    }
    assert swim_reach(state, limit=1) == {(1, 0): 1, (1, 1): 1}


def test_swim_reach_is_empty_once_moved():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 2)}}
    state, dice = tiny_match(".~~.\n.~#.\n....", fighters)
    state, _ = play(state, dice, {"kind": "walk", "to": (0, 1)})
    assert swim_reach(state) == {}


def test_swim_distribution_is_exact():
    fighters = {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 5}},
                "b": {"team": "blue", "at": (2, 0)}}
    state, _ = tiny_match(".~.", fighters)
    # d20 + 5: totals 6..25 → 0 squares for 6..9, 1 for 10..19, 2 for 20..25.
    assert swim_distribution(state) == {0: 4 / 20, 1: 10 / 20, 2: 6 / 20}


def test_r2_3_swim_chances_leave_out_squares_no_roll_reaches():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 2)}}
    state, _ = tiny_match(".~~.\n.~#.\n....", fighters)
    # d20 + 0: 1 square on 10..19, 2 on a 20; (3, 0) needs 3 squares, so it is not offered
    assert swim_chances(state) == {
        (1, 0): 11 / 20, (1, 1): 11 / 20, (2, 0): 1 / 20, (0, 1): 1 / 20, (0, 2): 1 / 20, (1, 2): 1 / 20,
    }


def test_jump_targets_give_landing_height_to_beat_and_chance():
    fighters = {
        "a": {"team": "red", "at": (0, 0), "skills": {"acrobatie": 3}, "attributes": {"agilite": 2}},
        "b": {"team": "blue", "at": (1, 0), "height_cm": 175},
        "c": {"team": "red", "at": (1, 1)},
    }
    state, _ = tiny_match("....\nx...\n....", fighters)
    targets = [(t.over, t.landing, t.difficulty, t.chance, t.refusal) for t in jump_targets(state)]
    assert targets == [
        ((1, 0), (2, 0), 17, 9 / 20, None),  # faces 12..20
        ((0, 1), (0, 2), 10, 16 / 20, None),  # obstacle 100 cm; faces 5..20
    ]


def test_jump_targets_carry_the_refusal():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)}}
    state, _ = tiny_match("..#", fighters)
    [t] = jump_targets(state)
    assert str(t.refusal) == "R2.4: the landing square (2, 0) is not walkable (wall)"


def test_available_actions_explain_what_is_greyed():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 0)}}
    state, _ = tiny_match("...", fighters)
    out = available_actions(state)
    assert out["end_turn"] is None and out["walk"] is None
    assert str(out["swim"]) == "R2.3: no water next to the fighter"
    assert str(out["jump"]) == "R2.4: no opponent or obstacle to jump over"
    assert str(out["stand_up"]) == "R5.2: A is not on the ground"
