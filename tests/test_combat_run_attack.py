"""R4.8 attack while running: −8 to hit, + squares moved before the attack as damage."""

from fractions import Fraction as F

import pytest

from arena_game.core import IllegalAction, queries
from arena_game.core.events import Damaged
from arena_game.i18n.narration import dice_line
from tests.builders import play, run, tiny_match, types

GRID = """
........
........
........
"""


def runner(b_at, faces, a=None, more=None):
    fighters = {
        "a": {"team": "red", "at": (0, 1), **(a or {})},
        "b": {"team": "blue", "at": b_at},
        **(more or {}),
    }
    return tiny_match(GRID, fighters, faces=faces)


RUN_EAST = run([(1, 1), (2, 1), (3, 1)])  # declare, roll, then a step per declared square


def test_r4_8_seed_example_a_4_square_run_then_a_hit_deals_plus_4():
    # run roll 15 → 4 squares; attack 18 − 8 = 10 against dodge 5; bras; d6 2 + 4 = 6
    state, dice = runner((5, 1), [15, 18, 5, 12, 2])
    state, events = play(state, dice, *RUN_EAST, {"kind": "run_step", "to": (4, 1)})
    assert state.budget.run.finished and state.budget.run.moved == 4
    state, events = play(state, dice, {"kind": "run_attack", "target": "b"})
    assert types(events) == ["dice_rolled", "dice_rolled", "attacked", "dice_rolled", "dice_rolled", "damaged"]
    assert dice_line(events[0]) == "Attaque : d20 18 + Dextérité 0 + Compétence d'arme (mêlée) 0 − 8 (malus : attaque en Course) = 10"
    assert events[2].mode == "run" and events[2].hit
    assert dice_line(events[4]) == "Dégâts : d6 2 + localisation (bras) 0 + 4 (bonus : 4 cases de Course) = 6"
    assert events[5] == Damaged(fighter="b", amount=6, location="bras", pv=14, by="a")
    assert state.budget.run.attacked


def test_r4_8_mid_run_attack_then_the_run_goes_on():
    # run roll 20 → 5 squares; after 3, attack b beside the path (+3), then run on (tackle d8 5)
    state, dice = runner((4, 2), [20, 15, 4, 12, 3, 5])
    state, _ = play(state, dice, *RUN_EAST)
    assert not state.budget.run.finished
    state, events = play(state, dice, {"kind": "run_attack", "target": "b"})
    assert events[-1] == Damaged(fighter="b", amount=6, location="bras", pv=14, by="a")
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 1)}, {"kind": "run_step", "to": (5, 1)})
    assert "tackle_checked" in types(events)
    assert state.fighters["a"].position == (5, 1)
    assert events[-1].type == "run_ended" and events[-1].reason == "completed"
    with pytest.raises(IllegalAction, match=r"^R4\.8: a run allows only one attack"):
        play(state, dice, {"kind": "run_attack", "target": "b"})
    with pytest.raises(IllegalAction, match=r"^R0\.6: A has already acted this turn"):
        play(state, dice, {"kind": "attack", "target": "b"})


def test_r4_8_run_attack_refusals():
    state, dice = runner((1, 1), [])
    with pytest.raises(IllegalAction, match=r"^R4\.8: A is not running this turn"):
        play(state, dice, {"kind": "run_attack", "target": "b"})
    state, dice = runner((5, 1), [15])
    state, _ = play(state, dice, *RUN_EAST)
    with pytest.raises(IllegalAction, match=r"^R4\.8: B at \(5, 1\) is not adjacent"):
        play(state, dice, {"kind": "run_attack", "target": "b"})
    bow = {"name": "Arc", "family": "bow", "range": 3}
    state, dice = runner((4, 1), [15], a={"weapon": bow})
    state, _ = play(state, dice, *RUN_EAST)
    with pytest.raises(IllegalAction, match=r"^R4\.8: the run's attack is a melee attack; Arc is a ranged weapon"):
        play(state, dice, {"kind": "run_attack", "target": "b"})


def test_r4_8_no_attack_for_a_run_that_was_never_rolled():
    # b beside the start: the first step is a flight (R3); the d4 shows 1, the run ends unrolled
    state, dice = runner((0, 2), [1])
    state, events = play(state, dice, RUN_EAST[0])
    assert events[-1].reason == "flee_failed"
    with pytest.raises(IllegalAction, match=r"^R4\.8: the run must be rolled before its attack"):
        play(state, dice, {"kind": "run_attack", "target": "b"})


def test_r4_8_run_attack_forecast_includes_minus_8_and_the_squares_moved():
    state, dice = runner((4, 2), [20])
    state, _ = play(state, dice, *RUN_EAST)
    [t] = queries.run_attack_targets(state)
    assert t.target == "b" and t.refusal is None
    assert [m.value for m in t.modifiers] == [-8]
    assert t.forecast.hit == F(66, 400)  # a − 8 > d: a − d ≥ 9
    assert min(t.forecast.damage_if_hit) == 1 + 3  # d6 1 + 3 squares, no location bonus
