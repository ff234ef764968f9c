"""Input modes answer every click, key and choice with one typed `Result` (no pygame needed)."""

from __future__ import annotations

import typing

import pytest

from arena_game.core.actions import Jump, RunAttack, RunStart, RunStep, Walk
from arena_game.core.queries import run_attack_targets, run_reach
from arena_game.ui.modes import (
    MODE_FOR_BUTTON,
    REDRAW,
    UNUSED,
    CircleMode,
    IdleMode,
    PlayAction,
    PlayRoute,
    Refused,
    Result,
    RunDeclareMode,
    RunGoMode,
    SwitchMode,
    WalkMode,
)
from tests.builders import play, tiny_match

RESULTS = typing.get_args(Result)
GRID = """
......
......
......
"""
FIGHTERS = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}}
KEYS = ["confirm", "next_choice", "erase", "back", "walk", "x"]  # commands of the key table (arena_game.ui.keys)


@pytest.mark.parametrize("name", sorted(MODE_FOR_BUTTON))
def test_every_mode_answers_every_square_key_and_choice_with_one_typed_result(name):
    state, _ = tiny_match(GRID, FIGHTERS)
    for y in range(3):
        for x in range(6):
            mode = MODE_FOR_BUTTON[name]()
            assert isinstance(mode.click(state, (x, y)), RESULTS)
    mode = MODE_FOR_BUTTON[name]()
    for key in KEYS:
        assert isinstance(mode.key(state, key), RESULTS)
    for choice in [c.id for c in mode.choices(state, "en")] + ["nothing-of-the-kind"]:
        assert isinstance(mode.choose(state, choice), RESULTS)


def test_r2_1_a_walk_click_plays_the_walk_and_escape_switches_to_idle():
    state, _ = tiny_match(GRID, FIGHTERS)
    assert WalkMode().click(state, (1, 0)) == PlayAction(Walk(to=(1, 0)))
    assert WalkMode().click(state, (1, 1)) is UNUSED  # its own square
    escape = WalkMode().key(state, "back")
    assert isinstance(escape, SwitchMode) and isinstance(escape.mode, IdleMode)
    assert IdleMode().key(state, "back") is UNUSED  # nothing to step back from: the screen leaves


def test_r4_1_declaring_redraws_until_the_last_square_then_plays_run_start():
    state, _ = tiny_match(GRID, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (5, 2)}})
    mode = RunDeclareMode()
    squares = [(1, 1), (2, 1), (3, 1)][: state.settings.run.declared_squares]
    for sq in squares[:-1]:
        assert mode.click(state, sq) is REDRAW
    assert mode.click(state, squares[-1]) == PlayAction(RunStart(declared=squares))
    refused = RunDeclareMode().click(state, (5, 0))  # not next to the runner
    assert isinstance(refused, Refused) and refused.error.rule.startswith("R4")


def test_r4_3_a_click_far_along_a_run_is_a_route_of_single_steps():
    state, dice = tiny_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}},
                             faces=[20])
    n = state.settings.run.declared_squares
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(i, 0) for i in range(1, n + 1)]})
    mode = RunGoMode()
    far = max(run_reach(state).items(), key=lambda kv: kv[1])[0]
    route = mode.click(state, far)
    assert isinstance(route, (PlayRoute, PlayAction))
    if isinstance(route, PlayRoute):
        assert all(isinstance(step, RunStep) for step in route.steps) and route.steps[-1] == RunStep(to=far)


def test_r2_4_jump_click_plays_the_jump_and_r8_1_circle_order_redraws():
    state, _ = tiny_match(GRID, FIGHTERS)
    assert MODE_FOR_BUTTON["jump"]().click(state, (2, 1)) == PlayAction(Jump(over=(2, 1)))
    circle = CircleMode()
    assert circle.click(state, (2, 1)) is REDRAW and circle.order == [(2, 1)]
    assert isinstance(circle.click(state, (5, 2)), Refused)
    assert circle.key(state, "erase") is REDRAW and circle.order == []


def test_r4_8_a_run_attack_is_decided_from_the_cores_run_attack_targets():
    """A click on an opponent out of the run attack's reach is a run step (the core plays or
    refuses it), not an attack; one beside the runner is the run's attack (the core plays or refuses it)."""
    state, dice = tiny_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}},
                             faces=[20])
    n = state.settings.run.declared_squares
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(i, 0) for i in range(1, n + 1)]})
    far = RunGoMode().click(state, (5, 2))
    assert not (isinstance(far, PlayAction) and isinstance(far.action, RunAttack))
    beside, dice = tiny_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 1)}},
                              faces=[4, 20])  # the flee check (R2.3), then the run roll
    beside, _ = play(beside, dice, {"kind": "run_start", "declared": [(i, 0) for i in range(1, n + 1)]})
    assert [t.target for t in run_attack_targets(beside)] == ["b"]
    assert RunGoMode().click(beside, (1, 1)) == PlayAction(RunAttack(target="b"))

