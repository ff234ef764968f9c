"""A push's labels say what the rule did, with the rule: a failed push "holds firm (R5.1)" (it
said "Poussée (push) fails / push failed"), a critical push's fall "stands up next turn (R5.2)"
(it said "Down / fallen") (s59 audit: the sub-lines said their main line again)."""

from __future__ import annotations

import pytest

from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from tests.anim_scenes import ARENA, _pusher
from tests.builders import play


def labels(faces: list[int], lang: str) -> dict[str, str]:
    """The labels of Aldric's push on Bruna with these dice: main line → sub-line."""
    state, dice = _pusher(ARENA, faces)
    _after, events = play(state, dice, {"kind": "push", "target": "bruna"})
    queue = AnimationQueue(clock=FakeClock(), lang=lang)
    queue.push(events, state)
    return {e.text: e.data["sub"] for e in queue._timeline.effects if e.kind == "label"}


@pytest.mark.parametrize("lang, failed", [("en", "Poussée (push) fails"), ("fr", "Poussée ratée")])
def test_s59_a_failed_push_says_the_target_held_with_its_rule(lang, failed):
    sub = labels([3, 15], lang)[failed]
    assert "R5.1" in sub, sub


@pytest.mark.parametrize("lang, down", [("en", "Down"), ("fr", "À terre")])
def test_s59_a_fall_says_when_the_fighter_gets_up_with_its_rule(lang, down):
    sub = labels([20, 3], lang)[down]
    assert "R5.2" in sub, sub
