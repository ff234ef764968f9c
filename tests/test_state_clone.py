"""MatchState.clone: the copy `apply` works on shares nothing mutable with the original."""

from dataclasses import fields

from arena_game.core.state import Modifier, RunProgress
from tests.builders import tiny_match


def _state():
    state, _ = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}},
    )
    a = state.fighters["a"]
    a.modifiers.append(Modifier("taunt", "R7.2", "dexterite", 5, 3))
    state.teams["red"].kills.append(("x", 1))
    state.budget.run = RunProgress(declared=[(1, 0)], path=[(0, 0)], data={"left": [1, 2]})
    state.last_turn_serial["a"] = 1
    return state


def test_clone_is_equal_and_shares_the_immutable_parts():
    state = _state()
    c = state.clone()
    assert c == state
    assert c.board is state.board and c.settings is state.settings
    assert c.fighters["a"].sheet is state.fighters["a"].sheet


def test_changing_every_mutable_part_of_a_clone_leaves_the_original_alone():
    state = _state()
    before = repr(state)
    c = state.clone()
    a = c.fighters["a"]
    a.position, a.pv, a.alive = (3, 1), 1, False
    a.modifiers[0].value = -9
    a.modifiers.append(Modifier("x", "R0", "all", 1, 1))
    c.teams["red"].kills.append(("y", 2))
    c.teams["red"].pr = 7
    c.budget.acted = True
    c.budget.run.path.append((1, 0))
    c.budget.run.declared.clear()
    c.budget.run.data["left"].append(3)
    c.order.reverse()
    c.last_turn_serial["b"] = 9
    c.lost_for_good.append("a")
    c.fighters.pop("b")
    assert repr(state) == before


def test_clone_copies_every_field_of_the_state():
    state = _state()
    c = state.clone()
    for f in fields(state):
        assert getattr(c, f.name) == getattr(state, f.name), f.name
