"""MatchState.clone: the copy `apply` works on shares nothing mutable with the original.

The clone is written out field by field (it is on every action's path), so these tests
set every field of every state class to a value that differs from its default and check
the clone has it: a field added to a state class without a value below fails here
("add it to NON_DEFAULT"), and one added below but not copied by `clone` fails too.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any

import pytest

from arena_game.core.dice import DicePosition
from arena_game.core.state import (
    FighterState,
    MatchState,
    Modifier,
    PendingSplit,
    RunProgress,
    TeamState,
    TurnBudget,
)
from tests.builders import tiny_match

STATE_CLASSES = (MatchState, FighterState, TeamState, TurnBudget, RunProgress, Modifier)

# For each state class, a value for each field that is not its default (a new field
# must get one here, and be copied by `clone`).
NON_DEFAULT: dict[type, dict[str, Any]] = {
    MatchState: {
        "order": ["b", "a"], "active_index": 1, "round": 4, "turn_serial": 7,
        "last_turn_serial": {"a": 5, "b": 6}, "winner": "red", "over": True, "lost_for_good": ["b"], "suicide_pending": "a",
        "split_pending": PendingSplit(attacker="a", total=9, hit=("b", "a"), location="torse"),
        "dice": DicePosition(seed=9, scripted=(3, 4), used=1, drawn=2),
    },
    FighterState: {
        "position": (2, 1), "pv": 3, "mana": 4, "alive": False, "fallen": True, "asleep_turns": 2,
        "mana_locked": True, "teleport_potions": 1, "turns_taken": 3,
        "modifiers": [Modifier("taunt", "R7.2", "dexterite", 5, 3)],
    },
    TeamState: {"pr": 3, "taunt_success_done": True, "kills": [("x", 1)]},
    TurnBudget: {
        "moved": "run", "acted": True, "move_spent": True, "acrobatics": True, "fallen_at_start": True,
        "run": RunProgress(declared=[(1, 0)], granted=5, path=[(0, 0), (1, 0)], tackle_checked=["b"],
                           attacked=True, finished=True, end_reason="tackled", data={"left": [1, 2]}),
    },
    RunProgress: {
        "granted": 5, "path": [(0, 0), (1, 0)], "tackle_checked": ["b"], "attacked": True,
        "finished": True, "end_reason": "tackled", "data": {"left": [1, 2]},
    },
    Modifier: {},  # every field is required: the constructor already sets them all
}
# Fields set at construction from the match's own data (board, settings, sheets, ids).
GIVEN = {
    MatchState: {"board", "settings", "fighters", "teams", "budget"},
    FighterState: {"sheet", "id", "team"},  # id and team: the sheet's own
    TeamState: {"id", "name", "colour"},
    RunProgress: {"declared"},
}


def _state() -> MatchState:
    state, _ = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}},
    )
    for name, value in NON_DEFAULT[MatchState].items():
        setattr(state, name, value)
    for name, value in NON_DEFAULT[FighterState].items():
        setattr(state.fighters["a"], name, value)
    for name, value in NON_DEFAULT[TeamState].items():
        setattr(state.teams["red"], name, value)
    for name, value in NON_DEFAULT[TurnBudget].items():
        setattr(state.budget, name, value)
    return state


def _default(f: Any) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


@pytest.mark.parametrize("cls", STATE_CLASSES, ids=lambda c: c.__name__)
def test_every_state_field_has_a_non_default_value_in_this_test(cls):
    for f in fields(cls):
        if f.name in GIVEN.get(cls, set()) or (cls is Modifier) or f.metadata.get("transient"):
            continue
        assert f.name in NON_DEFAULT[cls], f"{cls.__name__}.{f.name}: add it to NON_DEFAULT and copy it in clone()"
        assert NON_DEFAULT[cls][f.name] != _default(f), f"{cls.__name__}.{f.name}: the test value is the default"


def _walk(a: Any, b: Any, where: str) -> None:
    """a == b field by field, and no list, dict or mutable dataclass is shared."""
    assert type(a) is type(b), where
    if isinstance(a, (list, dict)) or (is_dataclass(a) and not a.__dataclass_params__.frozen):
        assert a is not b, f"{where} is shared with the original"
    if isinstance(a, list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _walk(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for k in a:
            _walk(a[k], b[k], f"{where}[{k!r}]")
    elif is_dataclass(a) and type(a) in STATE_CLASSES:
        for f in fields(a):
            if f.metadata.get("transient"):  # worked out per state, never copied
                continue
            assert hasattr(b, f.name), f"{where}.{f.name} was not copied"
            _walk(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    else:
        assert a == b, where


def test_clone_copies_every_field_and_shares_nothing_mutable():
    state = _state()
    _walk(state, state.clone(), "state")


def test_a_clone_starts_without_the_answers_worked_out_for_the_original():
    state = _state()
    state.memo["walk_options"] = {"answer": 1}
    c = state.clone()
    assert c.memo == {} and state.memo == {"walk_options": {"answer": 1}}


def test_clone_shares_the_immutable_parts():
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
    a.position, a.pv, a.alive = (3, 1), 1, True
    a.modifiers[0].value = -9
    a.modifiers.append(Modifier("x", "R0", "all", 1, 1))
    c.teams["red"].kills.append(("y", 2))
    c.teams["red"].pr = 7
    c.budget.acted = False
    assert c.budget.run is not None
    c.budget.run.path.append((1, 0))
    c.budget.run.declared.clear()
    c.budget.run.data["left"].append(3)
    c.order.reverse()
    c.last_turn_serial["b"] = 9
    c.lost_for_good.append("a")
    c.fighters.pop("b")
    assert repr(state) == before


def test_a_clone_of_a_turn_without_a_run_has_no_run():
    state, _ = tiny_match(".....\n", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 0)}})
    c = state.clone()
    assert c.budget.run is None and c == state
