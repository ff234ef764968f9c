"""Invariants of runs (R4) on random small maps: whatever legal choices are made, every
step of the path turns at most 45°, lands on free floor, and the maluses match the end."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arena_game.core.geometry import step_direction, turn_between
from arena_game.core.queries import declared_options, run_reach, run_step_options
from arena_game.core.rules.running_reach import run_reach as rules_run_reach
from arena_game.core.terrain import Terrain
from tests.builders import play, random_rows, squares_of, tiny_match


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), labyrinth=st.booleans())
def test_r4_4_random_runs_keep_every_rule(seed, labyrinth):
    rng = random.Random(seed)
    rows = random_rows(rng, 7, 6, ".......#O~")
    free = squares_of(rows)
    if len(free) < 3:
        return
    a_at, z_at, y_at = rng.sample(free, 3)
    state, dice = tiny_match(
        "\n".join(rows),
        {"a": {"team": "red", "at": a_at, "attributes": {"physique": 3}},
         "z": {"team": "blue", "at": z_at}, "y": {"team": "blue", "at": y_at}},
        labyrinth=labyrinth, seed=seed,  # seeded dice: flights, rolls and tackles all vary
    )
    declared = []
    while options := declared_options(state, declared):
        runnable = sorted(sq for sq, why in options.items() if why is None)
        # mostly runnable squares; sometimes one where the run will be stopped (R4.6)
        declared.append(rng.choice(runnable if runnable and rng.random() < 0.85 else sorted(options)))
    if not declared:
        return
    state, events = play(state, dice, {"kind": "run_start", "declared": declared})
    run = state.budget.run
    while not run.finished:
        steps = [sq for sq, why in run_step_options(state).items() if why is None]
        reach = run_reach(state)
        assert set(steps) == {sq for sq, d in reach.items() if d == 1}
        assert list(reach.items()) == list(rules_run_reach(state).items())  # the query reads it off `run_search`
        if not steps or rng.random() < 0.15:
            state, more = play(state, dice, {"kind": "run_stop"})
        else:
            state, more = play(state, dice, {"kind": "run_step", "to": rng.choice(sorted(steps))})
        events += more
        run = state.budget.run
    limit = 2 if labyrinth else 1
    path = run.path
    for a, b, c in zip(path, path[1:], path[2:], strict=False):
        assert turn_between(step_direction(a, b), step_direction(b, c)) <= limit
    for sq in path[1:]:
        assert state.board.terrain(sq) is Terrain.FLOOR
    assert state.fighters["a"].position == path[-1]
    (ended,) = [e for e in events if e.type == "run_ended"]
    assert ended.path == path
    if run.granted is not None:
        assert ended.squares_left == run.granted - run.moved
    malus = {"voluntary_stop": 1, "forced_stop": 5, "tackled": 1}
    added = [e for e in events if e.type == "modifier_added"]
    if ended.reason in malus and ended.squares_left:
        assert [(e.value, e.turns) for e in added] == [(-ended.squares_left, malus[ended.reason])]
    else:
        assert added == []
