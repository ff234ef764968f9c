"""R4.3 free squares after the declared ones, R4.4 at most 45° per step, labyrinth exception."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import Moved, RunEnded
from arena_game.core.settings import RulesSettings
from tests.builders import play, run, steps, tiny_match, types

OPEN = "\n".join(["." * 12] * 9)


def _run(faces, labyrinth=False):
    """a at (2, 4) runs east (3,4) (4,4) (5,4) and has 20 → 5 squares: 2 left to choose."""
    state, dice = tiny_match(
        OPEN,
        {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}},
        faces=faces, labyrinth=labyrinth,
    )
    return play(state, dice, *run([(3, 4), (4, 4), (5, 4)]))[0], dice


@pytest.mark.parametrize("to", [(6, 4), (6, 3), (6, 5)])
def test_r4_4_forward_and_45_degree_steps_allowed(to):
    state, dice = _run([20])
    state, events = play(state, dice, {"kind": "run_step", "to": to})
    assert events == [Moved(fighter="a", path=[(5, 4), to], mode="run")]
    assert state.fighters["a"].position == to
    assert state.budget.run.moved == 4 and not state.budget.run.finished


@pytest.mark.parametrize(
    "to, what",
    [
        ((5, 3), "right angle (90°), allowed only on a labyrinth map"),
        ((5, 5), "right angle (90°)"),
        ((4, 3), "diagonal step back (135°)"),
        ((4, 5), "diagonal step back (135°)"),
        ((4, 4), "step back (180°)"),
    ],
)
def test_r4_4_no_right_angle_or_step_back_in_run(to, what):
    state, dice = _run([20])
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_step", "to": to})
    assert e.value.rule == "R4.4"
    assert str(e.value).startswith(f"R4.4: a run turns at most 45° per step: (5, 4) → ({to[0]}, {to[1]})")
    assert what in str(e.value)


def test_r4_4_heading_follows_the_last_step():
    # After a 45° turn to the north-east, north is a further 45° turn and east is back to straight.
    state, dice = _run([20])
    state, _ = play(state, dice, {"kind": "run_step", "to": (6, 3)})
    state, events = play(state, dice, {"kind": "run_step", "to": (6, 2)})
    assert events[0] == Moved(fighter="a", path=[(6, 3), (6, 2)], mode="run")
    assert events[1] == RunEnded(
        fighter="a", path=[(2, 4), (3, 4), (4, 4), (5, 4), (6, 3), (6, 2)], reason="completed", squares_left=0
    )


def test_r4_4_diagonal_then_right_angle_refused():
    state, dice = _run([20])
    state, _ = play(state, dice, {"kind": "run_step", "to": (6, 3)})  # heading north-east
    with pytest.raises(IllegalAction, match="R4.4.*right angle"):
        play(state, dice, {"kind": "run_step", "to": (5, 2)})  # north-west: 90° from north-east


def test_r4_4_declared_squares_obey_the_heading_rule_too():
    state, dice = tiny_match(OPEN, {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}})
    with pytest.raises(IllegalAction, match="R4.4.*right angle"):
        play(state, dice, {"kind": "run_start", "declared": [(3, 4), (3, 3), (3, 2)]})
    with pytest.raises(IllegalAction, match="R4.4.*diagonal step back"):
        play(state, dice, {"kind": "run_start", "declared": [(3, 4), (4, 3), (3, 3)]})


def test_r4_4_declared_first_step_free_and_45_degree_turns():
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (4, 4)}, "z": {"team": "blue", "at": (11, 0)}}, faces=[12]
    )
    state, events = play(state, dice, *run([(3, 3), (2, 3), (1, 4)]))
    assert [e.path for e in events if e.type == "moved"] == [[(4, 4), (3, 3)], [(3, 3), (2, 3)], [(2, 3), (1, 4)]]


def test_r4_4_labyrinth_allows_right_angles_not_steps_back():
    state, dice = _run([20], labyrinth=True)
    state, events = play(state, dice, {"kind": "run_step", "to": (5, 3)})
    assert events == [Moved(fighter="a", path=[(5, 4), (5, 3)], mode="run")]
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_step", "to": (6, 4)})  # south-east after north: 135°
    assert str(e.value) == (
        "R4.4: a run turns at most 90° per step: (5, 3) → (6, 4) after (5, 4) → (5, 3) "
        "is a diagonal step back (135°)"
    )


def test_r4_4_labyrinth_declaration_with_right_angles():
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}},
        faces=[12], labyrinth=True,
    )
    state, events = play(state, dice, *run([(3, 4), (3, 3), (4, 3)]))
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "moved", "moved", "run_ended"]
    assert state.fighters["a"].position == (4, 3)
    other, other_dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}}, labyrinth=True,
    )
    with pytest.raises(IllegalAction, match="R4.4.*step back"):
        play(other, other_dice, {"kind": "run_start", "declared": [(3, 4), (2, 4), (1, 4)]})


def test_r4_8_run_goes_on_after_a_mid_run_attack():
    # The combat rules mark the attack on the run (and the turn's action); the run goes on.
    state, dice = _run([20])
    state.budget.run.attacked = True
    state.budget.acted = True
    assert state.budget.run.moved == 3  # the bonus damage an attack here would get (R4.8)
    state, events = play(state, dice, {"kind": "run_step", "to": (6, 4)})
    assert events == [Moved(fighter="a", path=[(5, 4), (6, 4)], mode="run")]
    assert state.budget.run.attacked and state.budget.run.moved == 4


# -- R4.4 Reading: the reference heading (run.heading_reference) ------------------------------

CURVE = [(3, 4), (4, 4), (5, 5)]  # east, east, south-east; then south, south-west, west
FIRST_STEP = RulesSettings.model_validate({"run": {"heading_reference": "first_step"}})


def _curving_run(settings=None):
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (2, 4), "attributes": {"physique": 5}}, "z": {"team": "blue", "at": (11, 0)}},
        faces=[20], settings=settings or RulesSettings(),  # 20 + Physique 5 = 25 → 6 squares
    )
    return play(state, dice, *run(CURVE))[0], dice


def test_r4_4_previous_step_reference_lets_a_run_curve_round_45_degrees_at_a_time():
    state, dice = _curving_run()
    state, events = play(state, dice, *steps((5, 6), (4, 7), (3, 7)))  # S, SW, W: back the way it came
    assert events[-1] == RunEnded(
        fighter="a", path=[(2, 4), (3, 4), (4, 4), (5, 5), (5, 6), (4, 7), (3, 7)], reason="completed",
        squares_left=0,
    )


def test_r4_4_first_step_reference_forbids_bending_back():
    state, dice = _curving_run(FIRST_STEP)
    with pytest.raises(IllegalAction) as e:  # south is 90° off the first step (east)
        play(state, dice, *steps((5, 6)))
    assert (e.value.rule, e.value.code) == ("R4.4", "run_off_first_heading")
    assert str(e.value) == (
        "R4.4: a run keeps within 45° of its first step (2, 4) → (3, 4): (5, 5) → (5, 6) is a right angle (90°), "
        "allowed only on a labyrinth map"
    )
    state, events = play(state, dice, *steps((6, 6), (7, 5)))  # SE, then NE: both within 45° of east
    assert events[-1].type == "moved" and state.fighters["a"].position == (7, 5)


def test_r4_4_first_step_reference_applies_to_the_declared_squares():
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}}, settings=FIRST_STEP,
    )
    with pytest.raises(IllegalAction, match="R4.4: a run keeps within 45° of its first step"):
        play(state, dice, {"kind": "run_start", "declared": [(3, 4), (4, 5), (4, 6)]})  # E, SE, S
    assert dice.position == 0
