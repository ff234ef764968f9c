"""R10.1: a sleeping fighter can do nothing — it neither holds an adjacent fighter (no
flight roll, R3.1) nor tackles a runner passing beside it (no d8, R4.7)."""

from arena_game.core.events import Moved
from arena_game.core.rules.running_chances import run_probability_map
from tests.builders import play, run, tiny_match, types


def test_r10_1_walking_away_from_a_sleeper_is_no_flight():
    state, dice = tiny_match(
        "....\n....", {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (0, 0)}}, faces=[1],
    )
    state.fighters["b"].asleep_turns = 2
    state, events = play(state, dice, {"kind": "walk", "to": (2, 0)})
    assert events == [Moved(fighter="a", path=[(1, 0), (2, 0)], mode="walk")]
    assert dice.position == 0  # the scripted 1 that would have failed the flight is unused


def test_r10_1_running_past_a_sleeper_rolls_no_tackle():
    grid = "\n".join(["." * 12] * 5)
    state, dice = tiny_match(
        grid, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}}, faces=[20],
    )
    state.fighters["z"].asleep_turns = 1
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "moved", "moved"]
    assert events[-1] == Moved(fighter="a", path=[(2, 2), (3, 2)], mode="run")


def test_r10_1_probability_map_counts_no_tackle_from_a_sleeper():
    # a corridor: every path to (4, 1) moves on from squares beside z in its alcove
    grid = "###.########\n............\n############"
    fighters = {"a": {"team": "red", "at": (0, 1)}, "z": {"team": "blue", "at": (3, 0)}}
    awake, _ = tiny_match(grid, fighters)
    asleep, _ = tiny_match(grid, fighters)
    asleep.fighters["z"].asleep_turns = 1
    beyond = (4, 1)
    with_tackles = run_probability_map(awake, count_tackles=True)[beyond]
    assert with_tackles < run_probability_map(awake)[beyond]
    assert run_probability_map(asleep, count_tackles=True)[beyond] == run_probability_map(asleep)[beyond]
