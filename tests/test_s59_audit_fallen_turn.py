"""A fallen fighter's turn says what is left to do: its prompt names Stand up, its key and that
it takes the whole turn (R5.2), not "Pick an action in the bar" over a bar greyed but for Stand
up and End turn; and its floating label says what standing up cost, not "Stands up / up again"
(s59 audit)."""

from __future__ import annotations

import pytest

from arena_game.core.events import StoodUp
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from arena_game.ui.keys import binding, keys_label
from arena_game.ui.modes import IdleMode, default_mode
from tests.builders import play, tiny_match

GRID = """
##########
#........#
#........#
##########
"""


def bruna_down():
    """Aldric's critical push throws Bruna three squares and down; her turn comes."""
    state, dice = tiny_match(GRID, {"aldric": {"team": "red", "at": (2, 1)}, "bruna": {"team": "blue", "at": (3, 1)}},
                             faces=[20, 3])
    state, _ = play(state, dice, {"kind": "push", "target": "bruna"}, {"kind": "end_turn"})
    assert state.active.id == "bruna" and state.active.fallen
    return state, dice


@pytest.mark.parametrize("lang, stand", [("en", "Stand up"), ("fr", "Se relever")])
def test_s59_a_fallen_fighter_s_prompt_names_stand_up_its_key_and_its_rule(lang, stand):
    state, _ = bruna_down()
    mode = default_mode(state)
    assert isinstance(mode, IdleMode)
    line = mode.prompt(state, lang)
    assert "Bruna" in line and stand in line and f"({keys_label(binding('stand', 'board'), lang)})" in line, line
    assert "R5.2" in line, line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_stand_up_label_says_it_took_the_turn(lang):
    state, dice = bruna_down()
    after, events = play(state, dice, {"kind": "stand_up"})
    assert any(isinstance(e, StoodUp) for e in events)
    queue = AnimationQueue(clock=FakeClock(), lang=lang)
    queue.push(events, state)
    (label,) = [e for e in queue._timeline.effects if e.kind == "label" and e.data.get("fighter") == "bruna"]
    assert "R5.2" in label.data["sub"], label.data["sub"]
