"""What the active fighter may still do this turn (R0.6), shared by every rule family."""

from __future__ import annotations

from typing import Literal

from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import is_adjacent
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

MoveMode = Literal["walk", "run", "swim", "jump"]


def turn_refusal(state: MatchState, f: FighterState) -> IllegalAction | None:
    """Why `f` can do nothing but end their turn (fallen or asleep), if so."""
    if f.asleep_turns > 0:
        return IllegalAction(
            "R10.1", f"{f.sheet.name} has fainted and can do nothing", code="asleep", fields={"fighter": f.sheet.name},
        )
    if f.fallen:
        return IllegalAction(
            "R5.2", f"{f.sheet.name} is on the ground: this turn is spent standing up", code="fallen", fields={"fighter": f.sheet.name},
        )
    return None


def move_refusal(state: MatchState, f: FighterState, mode: MoveMode) -> IllegalAction | None:
    """Why `f` may not start a move of this kind now (R0.6, R2.3), if so."""
    if (err := turn_refusal(state, f)) is not None:
        return err
    b = state.budget
    if b.moved is not None or b.move_spent:
        return IllegalAction(
            "R0.6", f"{f.sheet.name} has already moved this turn", code="already_moved", fields={"fighter": f.sheet.name},
        )
    if mode == "jump" and b.acrobatics:  # R2.4: a failed jump may leave the move (Reading off), never a retry
        return IllegalAction(
            "R2.4", f"{f.sheet.name} has already tried a jump this turn", code="jump_once", fields={"fighter": f.sheet.name},
        )
    in_water = state.board.terrain(f.position) is Terrain.WATER
    if mode != "swim" and in_water:
        return IllegalAction(
            "R2.3", f"{f.sheet.name} is in the water: a fighter in the water moves by swimming", code="in_water_swims", fields={"fighter": f.sheet.name},
        )
    if b.acted:
        if mode == "walk" and state.settings.turns.walk_then_action:
            return None
        if mode == "swim":
            return IllegalAction(
                "R2.3", "a fighter who acted this turn cannot swim: swimming leaves no action", code="swim_after_action",
            )
        if mode == "jump":
            return IllegalAction("R0.6", "the jump comes before the action, not after it", code="jump_after_action")
        if mode == "run":
            return IllegalAction("R0.6", "a run cannot follow an action in the same turn", code="run_after_action")
        return IllegalAction(
            "R0.6", f"{f.sheet.name} has already acted this turn", code="already_acted", fields={"fighter": f.sheet.name},
        )
    return None


def move_open(state: MatchState, f: FighterState, mode: MoveMode) -> bool:
    """`move_refusal(...) is None`, without building the refusal (every bot decision asks it
    for each move; a test compares both on every budget)."""
    if f.asleep_turns > 0 or f.fallen:
        return False
    b = state.budget
    if b.moved is not None or b.move_spent or (mode == "jump" and b.acrobatics):
        return False
    if mode != "swim" and state.board.terrain(f.position) is Terrain.WATER:
        return False
    if b.acted:
        return mode == "walk" and state.settings.turns.walk_then_action
    return True


def action_open(state: MatchState, f: FighterState) -> bool:
    """`action_refusal(...) is None`, without building the refusal (compared by the same test)."""
    if f.asleep_turns > 0 or f.fallen:
        return False
    b = state.budget
    return not b.acted and b.moved != "swim" and b.moved != "run"


def action_refusal(state: MatchState, f: FighterState) -> IllegalAction | None:
    """Why `f` may not take their one action now (R0.6), if so."""
    if (err := turn_refusal(state, f)) is not None:
        return err
    b = state.budget
    if b.acted:
        return IllegalAction(
            "R0.6", f"{f.sheet.name} has already acted this turn", code="already_acted", fields={"fighter": f.sheet.name},
        )
    if b.moved == "swim":
        return IllegalAction("R2.3", "a swimmer performs no action in a turn spent swimming", code="action_after_swim")
    if b.moved == "run":
        return IllegalAction("R4.8", "after a run the only action is the run's own melee attack", code="action_after_run")
    return None


def nothing_left(state: MatchState) -> bool:
    """True when the active fighter can only end their turn (for `turns.auto_end_turn`)."""
    f = state.active
    b = state.budget
    if b.run is not None:
        if not b.run.finished:
            return False  # the running rules decide when a run is over
        # R4.8: after the run only its melee attack may be left, on an adjacent opponent.
        from arena_game.core.rules.attack import run_attack_refusal  # attack imports budget

        return all(
            run_attack_refusal(state, f, o.id) is not None
            for o in state.opponents_of(f) if is_adjacent(o.position, f.position)
        )
    if b.moved == "run":
        return False
    modes: tuple[MoveMode, ...] = ("walk", "swim", "jump", "run")
    if any(move_open(state, f, m) for m in modes):
        return False
    return not action_open(state, f)


def require(err: IllegalAction | None) -> None:
    """Raise the refusal, if there is one."""
    if err is not None:
        raise err
