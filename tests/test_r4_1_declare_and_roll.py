"""R4.1 declaring the first squares, R4.2 the run roll and its table, R3 flight on the first step."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import Moved, RunEnded, RunRolled, RunStarted
from arena_game.core.rules.running import run_squares
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.i18n.narration import dice_line
from tests.builders import play, run, steps, tiny_match, types

OPEN = """
..........
..........
..........
..........
"""


def _runner(faces, **sheet):
    return tiny_match(
        OPEN,
        {"a": {"team": "red", "at": (0, 1), **sheet}, "z": {"team": "blue", "at": (9, 3)}},
        faces=faces,
    )


def test_r4_1_declare_roll_then_run_the_declared_squares_one_by_one():
    state, dice = _runner([12])  # 12 → 3 squares
    state, events = play(state, dice, {"kind": "run_start", "declared": [(1, 1), (2, 1), (3, 1)]})
    assert types(events) == ["run_started", "dice_rolled", "run_rolled"]
    assert events[0] == RunStarted(fighter="a", declared=[(1, 1), (2, 1), (3, 1)])
    assert dice_line(events[1]) == "Course : d20 12 + Physique 0 + Course 0 = 12"
    assert events[2] == RunRolled(fighter="a", total=12, squares=3)
    assert state.fighters["a"].position == (0, 1)  # still on its start square after the roll
    state, events = play(state, dice, *steps((1, 1), (2, 1), (3, 1)))
    assert types(events) == ["moved", "moved", "moved", "run_ended"]
    assert [e.path for e in events[:3]] == [[(0, 1), (1, 1)], [(1, 1), (2, 1)], [(2, 1), (3, 1)]]
    assert events[0] == Moved(fighter="a", path=[(0, 1), (1, 1)], mode="run")
    assert events[3] == RunEnded(
        fighter="a", path=[(0, 1), (1, 1), (2, 1), (3, 1)], reason="completed", squares_left=0
    )
    a = state.fighters["a"]
    assert a.position == (3, 1)
    assert a.modifiers == []
    run = state.budget.run
    assert run is not None and run.finished and run.granted == 3 and run.moved == 3
    assert state.budget.moved == "run"
    assert state.active.id == "a"  # the turn goes on: the run's attack (R4.8) may follow


def test_r4_2_roll_adds_physique_course_and_modifiers():
    state, dice = _runner([9], attributes={"physique": 4}, skills={"course": 3})
    state.fighters["a"].modifiers.append(
        __import__("arena_game.core.state", fromlist=["Modifier"]).Modifier("fatigue", "R4.5", "all", -2, 9)
    )
    state, events = play(state, dice, {"kind": "run_start", "declared": [(1, 1), (2, 1), (3, 1)]})
    assert dice_line(events[1]) == "Course : d20 9 + Physique 4 + Course 3 − 2 (malus : fatigue) = 14"
    assert events[2] == RunRolled(fighter="a", total=14, squares=3)


def test_r4_1_fewer_granted_than_declared_stops_on_the_last_granted_square():
    state, dice = _runner([4])  # ≤ 4 → 1 square
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)])[:2])
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "run_ended"]
    assert events[3].path == [(0, 1), (1, 1)]
    assert events[4].reason == "completed" and events[4].squares_left == 0
    assert state.fighters["a"].position == (1, 1)
    with pytest.raises(IllegalAction, match="R4.3"):  # the run is over on its last granted square
        play(state, dice, *steps((2, 1)))


@pytest.mark.parametrize(
    "declared, rule, words",
    [
        ([(1, 1), (2, 1)], "R4.1", "declares 3 squares before the roll: 2 declared"),
        ([(1, 1), (2, 1), (3, 1), (4, 1)], "R4.1", "not 4"),
        ([(1, 1), (3, 1), (4, 1)], "R4.1", "(3, 1) is not adjacent to (1, 1)"),
        ([(0, 0), (0, -1), (0, -2)], "R13", "outside the map"),
        ([(1, 1), (2, 1), (2, 2)], "R4.4", "right angle"),
        ([(1, 1), (2, 1), (1, 1)], "R4.4", "step back"),
    ],
)
def test_r4_1_bad_declarations_refused_before_any_die(declared, rule, words):
    state, dice = _runner([12])
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_start", "declared": declared})
    assert e.value.rule == rule
    assert words in str(e.value)
    assert dice.position == 0  # no die rolled
    assert state.budget.run is None and state.fighters["a"].position == (0, 1)


def test_r4_1_fewer_squares_only_when_nothing_can_be_declared_after():
    # Heading west into the corner: after (0, 0) no square west, north-west or south-west is on the map.
    state, dice = tiny_match(
        "......\n......\n", {"a": {"team": "red", "at": (2, 0)}, "z": {"team": "blue", "at": (5, 1)}},
        faces=[12],
    )
    state, events = play(state, dice, *run([(1, 0), (0, 0)]))
    assert types(events)[:3] == ["run_started", "dice_rolled", "run_rolled"]
    assert state.fighters["a"].position == (0, 0)
    assert events[-2] == RunEnded(  # R4.6: no legal square beyond the declared ones
        fighter="a", path=[(2, 0), (1, 0), (0, 0)], reason="forced_stop", squares_left=1
    )
    assert (events[-1].rule, events[-1].value, events[-1].turns) == ("R4.6", -1, 5)


def test_r4_1_run_refused_after_a_walk():
    state, dice = _runner([12])
    with pytest.raises(IllegalAction, match="R0.6: A has already moved this turn"):
        play(state, dice, {"kind": "walk", "to": (1, 1)}, {"kind": "run_start", "declared": [(2, 1), (3, 1), (4, 1)]})


def test_r4_1_run_refused_in_water():
    state, dice = tiny_match(
        ".~...\n.....\n", {"a": {"team": "red", "at": (1, 0)}, "z": {"team": "blue", "at": (4, 1)}}
    )
    with pytest.raises(IllegalAction, match="R2.3"):
        play(state, dice, {"kind": "run_start", "declared": [(2, 0), (3, 0), (4, 0)]})


def test_r3_flight_on_the_first_step_before_the_roll():
    # z stands beside a's start; the first step leaves it: one d4 (2 → success), then the run roll.
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (1, 1)}, "z": {"team": "blue", "at": (0, 1)}}, faces=[2, 12]
    )
    state, events = play(state, dice, *run([(2, 1), (3, 1), (4, 1)]))
    assert types(events) == [
        "run_started", "dice_rolled", "flee_checked", "dice_rolled", "run_rolled", "moved", "moved", "moved",
        "run_ended",
    ]
    assert events[2].success and events[2].opponents == ["z"]
    assert state.fighters["a"].position == (4, 1)


def test_r3_failed_flight_ends_the_run_before_the_roll():
    state, dice = tiny_match(
        OPEN, {"a": {"team": "red", "at": (1, 1)}, "z": {"team": "blue", "at": (0, 1)}}, faces=[1]
    )
    state, events = play(state, dice, {"kind": "run_start", "declared": [(2, 1), (3, 1), (4, 1)]})
    assert types(events) == ["run_started", "dice_rolled", "flee_checked", "run_ended"]
    assert events[3] == RunEnded(fighter="a", path=[(1, 1)], reason="flee_failed", squares_left=0)
    assert state.fighters["a"].position == (1, 1)
    assert state.fighters["a"].modifiers == []
    assert state.budget.move_spent and state.budget.run.granted is None
    assert state.budget.moved == "run"  # the turn's move was the run (R0.6)
    with pytest.raises(IllegalAction, match="R4.3"):
        play(state, dice, {"kind": "run_step", "to": (2, 1)})
    with pytest.raises(IllegalAction, match="R4.8: the run must be rolled"):
        play(state, dice, {"kind": "run_attack", "target": "z"})


# -- R4.2: every row of the table, at its boundaries ---------------------------------------

TABLE_CASES = [
    (-3, 1), (0, 1), (4, 1), (5, 2), (9, 2), (10, 3), (14, 3), (15, 4), (19, 4), (20, 5),
    (24, 5), (25, 6), (29, 6), (30, 7), (35, 7), (39, 7), (40, 8), (44, 8), (45, 9), (50, 9),
    (51, 10), (55, 10), (56, 11), (60, 11), (61, 12), (66, 13),
]


@pytest.mark.parametrize("total, squares", TABLE_CASES)
def test_r4_2_table_rows_and_boundaries(total, squares):
    assert run_squares(total, DEFAULT_SETTINGS.run) == squares


@pytest.mark.parametrize("total, squares", [(4, 1), (5, 2), (29, 6), (30, 7), (39, 7), (40, 8), (50, 9), (51, 10), (56, 11)])
def test_r4_2_the_engine_grants_the_table_squares(total, squares):
    # Physique carries the total above 20: d20 face 1 + bonus (total − 1).
    bonus = total - 1
    state, dice = tiny_match(
        "." * 16 + "\n" + "." * 16 + "\n",
        {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": bonus}},
         "z": {"team": "blue", "at": (15, 1)}},
        faces=[1],
    )
    state, events = play(state, dice, {"kind": "run_start", "declared": [(1, 0), (2, 0), (3, 0)]})
    rolled = [e for e in events if e.type == "run_rolled"][0]
    assert rolled == RunRolled(fighter="a", total=total, squares=squares)
    state, _ = play(state, dice, *steps(*[(x, 0) for x in range(1, min(squares, 15) + 1)]))
    progress = state.budget.run
    assert progress.granted == squares
    assert progress.moved == min(15, squares) and progress.finished
