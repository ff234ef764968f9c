from tests.builders import play, tiny_match, types


def test_r2_1_walk_one_square_then_end_turn():
    state, dice = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}},
    )
    state, events = play(state, dice, {"kind": "walk", "to": (1, 1)}, {"kind": "end_turn"})
    assert types(events) == ["moved", "turn_ended", "turn_started"]
    assert state.fighters["a"].position == (1, 1)
    assert state.active.id == "b"
