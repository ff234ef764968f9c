"""Run headings (R4.4): at most 45° per step (right angles on a labyrinth map), measured
against the step before or, with `run.heading_reference = "first_step"`, the run's first."""

from __future__ import annotations

from collections.abc import Sequence

from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, fmt, step_direction, turn_between
from arena_game.core.state import MatchState

_TURN_NAMES = {
    1: "a 45° turn", 2: "a right angle (90°)", 3: "a diagonal step back (135°)", 4: "a step back (180°)",
}

Step = tuple[Square, Square]
"""One step of a run: (from, to)."""


def max_turn(state: MatchState) -> int:
    """R4.4: the largest heading change per step, in 45° units (right angles in labyrinths)."""
    st = state.settings.run
    return st.labyrinth_max_turn_45 if state.board.labyrinth else st.max_turn_45


def heading_reference(state: MatchState, path: Sequence[Square]) -> Step | None:
    """R4.4: the step the next one is measured against, for a run along `path` (start
    first): its last step, or its first with `run.heading_reference = "first_step"`.
    None before the first step (the first step is free)."""
    if len(path) < 2:
        return None
    if state.settings.run.heading_reference == "first_step":
        return path[0], path[1]
    return path[-2], path[-1]


def heading_allowed(state: MatchState, ref: Step | None, origin: Square, to: Square) -> bool:
    """`heading_refusal(...) is None`, without building the refusal (searches ask it for
    every neighbour; a test compares both)."""
    return ref is None or turn_between(step_direction(*ref), step_direction(origin, to)) <= max_turn(state)


def heading_refusal(state: MatchState, ref: Step | None, origin: Square, to: Square) -> IllegalAction | None:
    """R4.4: why the step origin→to turns too sharply from the reference step, if so."""
    if ref is None:
        return None
    turn = turn_between(step_direction(*ref), step_direction(origin, to))
    limit = max_turn(state)
    if turn <= limit:
        return None
    hint = ""
    if turn == 2 and not state.board.labyrinth:
        hint = ", allowed only on a labyrinth map"  # one bracket group: "(90°)" comes just before
    if ref[1] != origin:  # measured against the run's first step
        return IllegalAction(
            "R4.4",
            f"a run keeps within {45 * limit}° of its first step {fmt(ref[0])} → {fmt(ref[1])}: "
            f"{fmt(origin)} → {fmt(to)} is {_TURN_NAMES[turn]}{hint}",
            code="run_off_first_heading",
            fields={"max": 45 * limit, "start": ref[0], "first": ref[1], "origin": origin, "to": to, "turn": turn},
        )
    prev = ref[0]
    return IllegalAction(
        "R4.4",
        f"a run turns at most {45 * limit}° per step: {fmt(origin)} → {fmt(to)} after "
        f"{fmt(prev)} → {fmt(origin)} is {_TURN_NAMES[turn]}{hint}",
        code="run_right_angle_off_labyrinth" if hint else "run_turn_too_sharp",
        fields={"max": 45 * limit, "prev": prev, "origin": origin, "to": to, "turn": turn},
    )
