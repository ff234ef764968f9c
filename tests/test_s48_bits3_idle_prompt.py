"""s48 review 2, item 8: the idle status line says when End turn is the only action left."""

from __future__ import annotations

from arena_game.core.queries import available_actions
from arena_game.ui.keys import binding, keys_label
from arena_game.ui.modes import IdleMode, default_mode
from tests.builders import play, tiny_match

GRID = """
......
......
......
"""
FIGHTERS = {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 1)}}


def walked_and_attacked():
    """Fighter a walks next to b and attacks it (a miss: every die shows 1): its turn has nothing left but End turn."""
    state, dice = tiny_match(GRID, FIGHTERS, faces=[1] * 8)
    state, _ = play(state, dice, {"kind": "walk", "to": (1, 1)}, {"kind": "attack", "target": "b"})
    return state


def test_idle_prompt_names_end_turn_and_its_key_when_no_other_action_is_open():
    state = walked_and_attacked()
    assert [k for k, err in available_actions(state).items() if err is None] == ["end_turn"]  # the greyed bar
    mode = default_mode(state)
    assert isinstance(mode, IdleMode)
    for lang, act in (("en", "End turn"), ("fr", "Fin du tour")):
        line = mode.prompt(state, lang)
        assert act in line and f"({keys_label(binding('end', 'board'), lang)})" in line, line
        assert "bar" not in line and "barre" not in line, line  # not "pick an action in the bar"


def test_idle_prompt_asks_for_an_action_while_one_is_open():
    state, dice = tiny_match(GRID, FIGHTERS, faces=[1] * 8)
    fresh = IdleMode().prompt(state, "en")
    state, _ = play(state, dice, {"kind": "walk", "to": (1, 1)})  # the attack is still open
    assert IdleMode().prompt(state, "en") == fresh
    assert "End turn" not in fresh and IdleMode().prompt(state, "fr") != IdleMode().prompt(walked_and_attacked(), "fr")
