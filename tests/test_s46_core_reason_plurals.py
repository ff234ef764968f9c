"""A refusal's English reason (the exception's message, read in logs and by developers) puts
its counts in the right number: "1 square", never "1 squares"."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.errors import counted
from arena_game.core.settings import DEFAULT_SETTINGS
from tests.builders import play, tiny_match


def test_counted_uses_the_singular_for_one_only():
    assert counted(1, "square", "squares") == "1 square"
    assert counted(0, "square", "squares") == "0 squares"
    assert counted(2, "fighter", "fighters") == "2 fighters"


def test_r4_1_a_one_square_declaration_reads_in_the_singular():
    one = DEFAULT_SETTINGS.model_copy(update={"run": DEFAULT_SETTINGS.run.model_copy(update={"declared_squares": 1})})
    state, dice = tiny_match("....\n....", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (3, 1)}},
                             faces=[12], settings=one)
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_start", "declared": [(1, 0), (2, 0)]})
    assert str(e.value) == "R4.1: a run declares 1 square before the roll, not 2"
