"""Running (Course, R4): declare, roll, run square by square, stop, tackles.

A run has two phases in the core:

1. `run_start` (action `RunStart`): the declared squares are checked (R4.1, R4.4, R4.9,
   R9.1) before any die; the first step may be a flight (R3); then the run roll
   `1d20 + Physique + Course` gives the squares (R4.2). The runner is still on their start
   square.
2. `run_step` (action `RunStep`): the runner advances one square at a time, along the
   declared squares first (R4.1), then on freely chosen squares (R4.3, R4.4, R4.9) until
   the squares are used; `run_stop` (R4.5) stops it on any square; it is stopped by
   itself (R4.6) when no legal square is left, or by a tackle (R4.7).

The run's one melee attack (R4.8, action `RunAttack`) is resolved by the combat rules on
any square of the run, the declared ones included; the run keeps its `RunProgress` in
the turn budget so the attack can read `moved`, and an unfinished run goes on after it.

Readings made here (docs/rules-reference.md, R4):
- Opponents beside the START square are a flight (R3): one d4 before the roll when the
  declared squares leave them, and no tackle roll for them in this run. A tackle die
  (R4.7) is rolled only when moving on from a square reached during the run.
- `run.declared_must_be_free` (default): a declared square that is occupied, not walkable
  (wall, water, obstacle) or a diagonal cut by R2.2 is refused before the roll like any
  illegal move. Off: it is accepted and the run is stopped before it (R4.6).
- `run.heading_reference`: R4.4 measures each step against the step before it (default)
  or against the run's first step.
- A failed flight spends the run (R3.1): it ends before the roll
  (`RunEnded(reason="flee_failed")`, budget `moved="run"`), with no malus and no attack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arena_game.core.actions import RunStart, RunStep, RunStop
from arena_game.core.errors import IllegalAction, counted
from arena_game.core.events import Moved, RunEnded, RunRolled, RunStarted, TackleChecked, Tackled
from arena_game.core.geometry import (
    DIRECTION_INDEX,
    DIRECTIONS,
    Square,
    fmt,
    is_adjacent,
    step_direction,
)
from arena_game.core.kept import Kept
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import move_refusal, require, turn_refusal
from arena_game.core.rules.movement import (
    dead_square_refusal,
    enter_square,
    flee_check,
    fleeing_from,
    open_steps,
    step_allowed,
    step_refusal,
)
from arena_game.core.rules.run_headings import (
    Step,
    heading_reference,
    heading_refusal,
    max_turn,
)
from arena_game.core.rules.suicide import suicide_allowed
from arena_game.core.settings import RunSettings
from arena_game.core.state import FighterState, MatchState, RunProgress

# -- the run table (R4.2) --------------------------------------------------------------


def run_squares(total: int, st: RunSettings) -> int:
    """R4.2: the squares a run roll total gives, from the table in the settings.

    Above `above_table_base` (50): the top row's squares + 1 per started
    `above_table_step` (5) points (51–55 → 10, 56–60 → 11…). A total in a gap of a
    game master's table takes the row below it; below the first bounded row, 0.
    """
    if total > st.above_table_base:
        extra = -(-(total - st.above_table_base) // st.above_table_step)  # started steps
        return st.table[-1].squares + extra
    granted = 0
    for row in st.table:
        if row.low is not None and total < row.low:
            break
        granted = row.squares
    return granted


# -- declaring (R4.1) ------------------------------------------------------------------


def _declared_square_refusal(
    state: MatchState, f: FighterState, ref: Step | None, origin: Square, sq: Square
) -> IllegalAction | None:
    """Why `sq` cannot be declared after origin: adjacency, map, R4.4 (against `ref`),
    R9.1, and with `run.declared_must_be_free` R4.9 and R2.2."""
    if not is_adjacent(origin, sq):
        return IllegalAction(
            "R4.1", f"the declared square {fmt(sq)} is not adjacent to {fmt(origin)}",
            code="declared_not_adjacent", fields={"square": sq, "origin": origin},
        )
    if not state.board.inside(sq):
        return IllegalAction(
            "R13", f"the declared square {fmt(sq)} is outside the map", code="declared_outside", fields={"square": sq},
        )
    if (err := heading_refusal(state, ref, origin, sq)) is not None:
        return err
    if state.settings.run.declared_must_be_free:
        return _as_run_refusal(step_refusal(state, f, origin, sq))
    if state.board.terrain(sq).dead:
        return dead_square_refusal(state, f, sq)
    return None


def _as_run_refusal(err: IllegalAction | None) -> IllegalAction | None:
    """A step's refusal as a run's: squares a runner passes must be free and walkable (R4.9)."""
    if err is None or err.rule not in ("R2.1", "R2.3", "R2.4", "R13"):
        return err
    return IllegalAction("R4.9", err.reason, code=err.code, fields=err.fields)


def _prefix_refusal(state: MatchState, f: FighterState, declared: Sequence[Square]) -> IllegalAction | None:
    n = state.settings.run.declared_squares
    if len(declared) > n:
        return IllegalAction(
            "R4.1", f"a run declares {counted(n, 'square', 'squares')} before the roll, not {len(declared)}",
            code="declared_count", fields={"n": n, "declared": len(declared)},
        )
    path = [f.position]
    for sq in declared:
        if (err := _declared_square_refusal(state, f, heading_reference(state, path), path[-1], sq)) is not None:
            return err
        path.append(sq)
    return None


def declared_options(
    state: MatchState, declared_so_far: Sequence[Square], fighter: FighterState | None = None
) -> dict[Square, IllegalAction | None]:
    """R4.1, R4.4: the squares that may be declared next after `declared_so_far`.

    Each key is a legal declaration; its value is None when the runner can run through
    it as things stand, else (only with `run.declared_must_be_free` off) why the run
    would be stopped there (R4.6: occupied, not walkable, R2.2). Empty when the
    declaration is complete or its prefix is illegal.
    """
    f = fighter or state.active
    declared: list[Square] = [(sq[0], sq[1]) for sq in declared_so_far]
    if len(declared) >= state.settings.run.declared_squares or _prefix_refusal(state, f, declared):
        return {}
    path = [f.position, *declared]
    origin = path[-1]
    squares = _declarable(state, f, heading_reference(state, path), origin)
    if state.settings.run.declared_must_be_free:
        return dict.fromkeys(squares)  # each one checked free and walkable already
    return {sq: step_refusal(state, f, origin, sq) for sq in squares}


def _declarable(state: MatchState, f: FighterState, ref: Step | None, origin: Square) -> list[Square]:
    """The neighbours of `origin` that `_declared_square_refusal` accepts, in its order,
    the heading checked on plain numbers (bots and the window ask this for every square)."""
    squares = _heading_squares(state, ref, origin)
    if state.settings.run.declared_must_be_free:
        return open_steps(state, f, origin, squares)
    if suicide_allowed(state, f):
        return squares
    terrain = state.board.terrain
    return [sq for sq in squares if not terrain(sq).dead]


def _heading_squares(state: MatchState, ref: Step | None, origin: Square) -> list[Square]:
    """The squares around `origin` on the map that a run may step on to after the reference
    step `ref` (R4.4: `heading_allowed`), in `neighbours`' order."""
    heading = -1 if ref is None else DIRECTION_INDEX[step_direction(*ref)]
    board = state.board
    w, h = board.width, board.height
    x, y = origin
    out = []
    for dx, dy in _steps_within(heading, max_turn(state)):
        if 0 <= x + dx < w and 0 <= y + dy < h:
            out.append((x + dx, y + dy))
    return out


_STEPS_WITHIN: Kept[tuple[int, int], tuple[tuple[int, int], ...]] = Kept(256)


def _steps_within(heading: int, limit: int) -> tuple[tuple[int, int], ...]:
    """The `DIRECTIONS` (in order) turning at most `limit` × 45° from the direction of index
    `heading` (every one when `heading` is -1: the first step is free), kept."""
    key = (heading, limit)
    got = _STEPS_WITHIN.get(key)
    if got is None:
        got = _STEPS_WITHIN.keep(key, tuple(
            step for d, step in enumerate(DIRECTIONS)
            if heading < 0 or min((d - heading) % 8, (heading - d) % 8) <= limit
        ))
    return got


def declaration_refusal(state: MatchState, f: FighterState, declared: Sequence[Square]) -> IllegalAction | None:
    """R4.1: why these declared squares are not a legal declaration, if so.

    Exactly `run.declared_squares` (3) squares, each adjacent to the one before (the
    first to the runner), on the map, not a dead square (R9.1), turning at most 45° (R4.4;
    the first step is free), and by default free and walkable (R4.9, R2.2). Fewer squares are accepted only when
    no square at all could be declared after the last one (`declared_options` is empty:
    the map's edge, dead squares or R4.4 leave nothing), never to shorten a run.
    """
    if (err := _prefix_refusal(state, f, declared)) is not None:
        return err
    n = state.settings.run.declared_squares
    if len(declared) < n:
        options = declared_options(state, declared, f)
        if options:
            nxt = next(iter(options))
            return IllegalAction(
                "R4.1", f"a run declares {counted(n, 'square', 'squares')} before the roll: {len(declared)} declared and {fmt(nxt)} could follow",
                code="declared_too_few", fields={"n": n, "declared": len(declared), "square": nxt},
            )
    return None


# -- refusals for the second phase (R4.3) ------------------------------------------------


def run_continue_refusal(state: MatchState, f: FighterState) -> IllegalAction | None:
    """Why `f` has no run to go on with or stop now (R4.3, R4.5), if so."""
    if (err := turn_refusal(state, f)) is not None:
        return err
    run = state.budget.run
    if run is None:
        return IllegalAction(
            "R4.3", f"{f.sheet.name} is not running: a run starts by declaring its squares",
            code="not_running", fields={"fighter": f.sheet.name},
        )
    if run.finished:
        end = run.end_reason or "over"
        return IllegalAction(
            "R4.3", f"{f.sheet.name}'s run is over ({end.replace('_', ' ')})",
            code="run_over", fields={"fighter": f.sheet.name, "end": end},
        )
    if run.granted is None:
        return IllegalAction("R4.2", "the run has not been rolled yet", code="run_not_rolled")
    return None


def run_continue_open(state: MatchState, f: FighterState) -> bool:
    """`run_continue_refusal(...) is None`, without building the refusal (compared by the same test)."""
    run = state.budget.run
    return f.asleep_turns <= 0 and not f.fallen and run is not None and not run.finished and run.granted is not None


def declared_ahead(run: RunProgress) -> list[Square]:
    """R4.1: the declared squares the runner has not run yet (they run them first, in order)."""
    return list(run.declared[run.moved:]) if run.moved < len(run.declared) else []


def run_step_refusal(state: MatchState, f: FighterState, to: Square) -> IllegalAction | None:
    """Why `f` may not run on to `to` now, if so (R4.1, R4.3, R4.4, R4.9, R2.2, R9.1)."""
    if (err := run_continue_refusal(state, f)) is not None:
        return err
    run = state.budget.run
    assert run is not None
    origin = run.path[-1]
    ahead = declared_ahead(run)
    if ahead and to != ahead[0]:
        return IllegalAction(
            "R4.1", f"the run goes along its declared squares first: the next one is {fmt(ahead[0])}",
            code="run_step_not_declared", fields={"square": ahead[0]},
        )
    if not is_adjacent(origin, to):
        return IllegalAction(
            "R4.3", f"{fmt(to)} is not adjacent to the runner at {fmt(origin)}",
            code="run_step_not_adjacent", fields={"square": to, "origin": origin},
        )
    if (err := heading_refusal(state, heading_reference(state, run.path), origin, to)) is not None:
        return err
    return _as_run_refusal(step_refusal(state, f, origin, to))


def run_next_squares(state: MatchState, f: FighterState, run: RunProgress) -> list[Square]:
    """The squares the runner could run on to next (R4.1, R4.4, R4.9), ignoring squares left."""
    origin = run.path[-1]
    ahead = declared_ahead(run)
    if ahead:
        return [ahead[0]] if step_allowed(state, f, origin, ahead[0]) else []
    return open_steps(state, f, origin, _heading_squares(state, heading_reference(state, run.path), origin))


# -- the run itself ----------------------------------------------------------------------


def run_start(r: Resolution, action: RunStart) -> None:
    """R4.1, R4.2: check the declared squares, flee (R3), roll; the runner then advances
    square by square (`run_step`), along the declared squares first."""
    state = r.state
    f = state.active
    st = r.settings.run
    declared: list[Square] = [(sq[0], sq[1]) for sq in action.declared]
    require(move_refusal(state, f, "run"))
    require(declaration_refusal(state, f, declared))
    b = state.budget
    b.moved = "run"
    run = RunProgress(declared=list(declared), path=[f.position])
    b.run = run
    r.emit(RunStarted(fighter=f.id, declared=list(declared)))
    # R3: the declared squares are the path known before the roll; opponents beside the
    # start square that it leaves are fled from (one d4), and never tackle them afterwards.
    run.tackle_checked.extend(o.id for o in fleeing_from(state, f, declared))
    if not flee_check(r, f, declared, "run"):
        _end_run(r, f, run, "flee_failed")
        return
    roll = r.check_roll(f, "run", (st.attribute, st.skill), "run")
    run.granted = run_squares(roll.total, st)
    r.emit(RunRolled(fighter=f.id, total=roll.total, squares=run.granted))
    _check_run_goes_on(r, f, run)


def run_step(r: Resolution, action: RunStep) -> None:
    """R4.1, R4.3: run on by one square: the next declared one, then a free choice turning
    at most 45° (R4.4)."""
    f = r.state.active
    to = (action.to[0], action.to[1])
    require(run_step_refusal(r.state, f, to))
    run = r.state.budget.run
    assert run is not None
    _run_along(r, f, run, [to])


def run_stop(r: Resolution, action: RunStop) -> None:
    """R4.5: stop before the squares are used; malus = squares left on all rolls, 1 turn."""
    f = r.state.active
    require(run_continue_refusal(r.state, f))
    run = r.state.budget.run
    assert run is not None
    _end_run(r, f, run, "voluntary_stop")


def end_unfinished_run(r: Resolution) -> None:
    """End-turn hook: a run left unfinished at the end of the turn is a voluntary stop (R4.5)."""
    state = r.state
    run = state.budget.run
    if run is None or run.finished or run.granted is None or not state.order:
        return
    f = state.active
    if f.alive:
        _end_run(r, f, run, "voluntary_stop")


def _run_along(r: Resolution, f: FighterState, run: RunProgress, squares: Sequence[Square]) -> None:
    """Run along `squares` one at a time, up to the squares granted (R4.6, R4.7, R4.9).

    A `Moved(mode="run")` is emitted for each stretch run without a die or a decision
    in between, so the window can animate each stretch before the next roll.
    """
    state = r.state
    assert run.granted is not None
    segment = [f.position]
    for to in squares:
        if run.moved >= run.granted:
            break
        if not step_allowed(state, f, f.position, to):
            _flush(r, f, segment)
            _end_run(r, f, run, "forced_stop")
            return
        if _tackled(r, f, run, segment):
            return
        run.path.append(to)
        segment.append(to)
        if state.board.terrain(to).dead:  # only under magic, or where the table allows it (R9)
            _flush(r, f, segment)
            enter_square(r, f, to)
            _end_run(r, f, run, "died")
            return
        f.position = to
    _flush(r, f, segment)
    _check_run_goes_on(r, f, run)


def _check_run_goes_on(r: Resolution, f: FighterState, run: RunProgress) -> None:
    """End the run when its squares are used (completed) or no legal square is left (R4.6)."""
    assert run.granted is not None
    if run.moved >= run.granted:
        _end_run(r, f, run, "completed")
    elif not run_next_squares(r.state, f, run):
        _end_run(r, f, run, "forced_stop")


def _flush(r: Resolution, f: FighterState, segment: list[Square]) -> None:
    if len(segment) > 1:
        r.emit(Moved(fighter=f.id, path=list(segment), mode="run"))
        del segment[:-1]


def _tackled(r: Resolution, f: FighterState, run: RunProgress, segment: list[Square]) -> bool:
    """R4.7: moving on from a square beside opponents: 1d8 per opponent not yet checked."""
    if len(run.path) < 2:
        return False  # the start square: a flight (R3), not a tackle
    origin = f.position
    st = r.settings.run
    passing = [
        o for o in r.state.awake_opponents_of(f)
        if is_adjacent(o.position, origin) and o.id not in run.tackle_checked
    ]
    if not passing:
        return False
    _flush(r, f, segment)
    for o in passing:
        run.tackle_checked.append(o.id)
        roll = r.plain_roll(f, "tackle", st.tackle_die, against=o.id)
        tackled = roll.face in st.tackle_faces
        r.emit(TackleChecked(fighter=f.id, opponent=o.id, tackled=tackled))
        if tackled:
            r.emit(Tackled(fighter=f.id, by=o.id, at=origin))
            _end_run(r, f, run, "tackled")
            return True
    return False


_STOP_MALUS = {
    # reason: (source of the malus, rule, settings field with its duration)
    "voluntary_stop": ("voluntary_stop", "R4.5", "voluntary_stop_turns"),
    "forced_stop": ("forced_stop", "R4.6", "forced_stop_turns"),
    "tackled": ("tackle", "R4.7", "tackle_malus_turns"),
}


def _end_run(r: Resolution, f: FighterState, run: RunProgress, reason: Any) -> None:
    """Close the run: RunEnded with the full path, then the malus for the squares left."""
    left = run.squares_left
    run.finished = True
    run.end_reason = reason
    r.state.budget.move_spent = True
    r.emit(RunEnded(fighter=f.id, path=list(run.path), reason=reason, squares_left=left))
    if reason in _STOP_MALUS and f.alive:
        source, rule, turns_field = _STOP_MALUS[reason]
        r.add_modifier(f, source, rule, "all", -left, getattr(r.settings.run, turns_field))


__all__ = [  # the headings are R4.4's own module; these names stay importable from here
    "declaration_refusal", "declared_ahead", "declared_options", "heading_reference", "heading_refusal",
    "max_turn", "run_continue_refusal", "run_next_squares", "run_squares", "run_step_refusal",
]

HANDLERS: dict[str, Callable[[Resolution, Any], None]] = {
    "run_start": run_start,
    "run_step": run_step,
    "run_stop": run_stop,
}
END_TURN_HOOKS: list[Callable[[Resolution], None]] = [end_unfinished_run]
