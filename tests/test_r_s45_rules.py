"""S45 audit of the rules core against docs/rules-reference.md (R0–R13): the clauses found untested
or wrong, each with scripted dice, asserting the exact events and state."""

from __future__ import annotations

import pytest

from arena_game.core import IllegalAction, apply, queries
from arena_game.core.settings import MovementSettings, RulesSettings
from tests.builders import play, tiny_match, types

JUMPERS = {
    "a": {"team": "red", "at": (0, 0), "skills": {"acrobatie": 3}, "attributes": {"agilite": 2}},
    "b": {"team": "blue", "at": (1, 0), "height_cm": 175},  # difficulty 17: a total of 12 + 5
}


def _refused(state, dice, action, message):
    position = dice.position
    with pytest.raises(IllegalAction) as err:
        apply(state, action, dice)
    assert str(err.value) == message
    assert dice.position == position  # refused before any die
    return err.value


def test_r2_4_a_failed_jump_that_keeps_the_move_is_not_tried_again_the_same_turn():
    """R2.4 Reading off (`movement.jump_fail_spends_move = false`): the failed jumper keeps its
    move (it may walk), but the acrobatics are done: a second jump in the turn was taken, so a
    fighter could roll again and again until it cleared its opponent."""
    settings = RulesSettings(movement=MovementSettings(jump_fail_spends_move=False))
    state, dice = tiny_match("....\n....", JUMPERS, faces=[11, 12], settings=settings)
    state, events = play(state, dice, {"kind": "jump", "over": (1, 0)})
    assert types(events) == ["dice_rolled", "jump_attempted"] and not events[1].success
    message = "R2.4: A has already tried a jump this turn"
    _refused(state, dice, {"kind": "jump", "over": (1, 0)}, message)
    assert str(queries.kind_refusal(state, "jump")) == message
    assert [str(t.refusal) for t in queries.jump_targets(state)] == [message]
    assert "jump" not in queries.open_action_kinds(state)
    state, events = play(state, dice, {"kind": "walk", "to": (0, 1)})  # the move it kept
    assert types(events) == ["moved"] and state.fighters["a"].position == (0, 1)
    assert state.budget.acrobatics  # R2.4: its attacks this turn are still at −15


def test_r2_4_the_default_failed_jump_still_says_the_move_is_spent():
    """Under the default Reading nothing changes: the move is spent (R0.6 says so first)."""
    state, dice = tiny_match("....\n....", JUMPERS, faces=[11])
    state, _ = play(state, dice, {"kind": "jump", "over": (1, 0)})
    _refused(state, dice, {"kind": "jump", "over": (1, 0)}, "R0.6: A has already moved this turn")
