"""The one entry point that changes a match: `apply(state, action, dice)`.

It works on a copy of the state, so the caller's state is never touched; an illegal
action raises `IllegalAction` (naming the rule and the reason) before anything is kept,
and the dice are rewound to where they were.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from arena_game.core.actions import ACTION_ADAPTER, Action
from arena_game.core.dice import Dice
from arena_game.core.errors import IllegalAction, MatchOver
from arena_game.core.events import Event
from arena_game.core.resolution import Resolution
from arena_game.core.rules import (
    budget,
    circle,
    combat,
    movement,
    running,
    suicide,
    swimming,
    turns,
)
from arena_game.core.state import MatchState

Handler = Callable[[Resolution, Any], None]


def _end_turn(r: Resolution, action: Any) -> None:
    for hook in running.END_TURN_HOOKS:
        hook(r)
    if not r.state.over:
        turns.end_turn(r)


HANDLERS: dict[str, Handler] = {
    "end_turn": _end_turn,
    "walk": movement.walk,
    "swim": swimming.swim,
    "jump": movement.jump,
    "stand_up": movement.stand_up,
    **running.HANDLERS,
    **combat.HANDLERS,
    "suicide_verdict": suicide.suicide_verdict,
}


def parse_action(data: Mapping[str, Any] | Action) -> Action:
    """Validate a dict (from a file or the UI) into an action model."""
    if isinstance(data, BaseModel):  # an action already (the common case: checked before the ABC)
        return data
    if isinstance(data, Mapping):
        return ACTION_ADAPTER.validate_python(dict(data))
    return data


def gate_refusal(state: MatchState, kind: str, fighter: str | None) -> IllegalAction | None:
    """What `apply` refuses before an action of `kind` by `fighter` (None: the active one)
    reaches its handler: R9.2 a suicide's verdict awaited, R8.2 a circle split awaited, the
    match over, R0.5 another fighter's turn (the queries ask it too, in the same order)."""
    verdict = kind == "suicide_verdict"  # R9.2: the opponents' word, on anyone's turn
    if not verdict and (err := suicide.pending_refusal(state)) is not None:
        return err
    if kind != "circle_split" and (err := circle.split_pending_refusal(state)) is not None:
        return err  # R8.2: a circle attack's damage awaits its split
    if state.over and not verdict:
        return MatchOver()
    active = state.active
    if fighter is not None and fighter != active.id and not verdict:
        return IllegalAction(
            "R0.5", f"it is {active.sheet.name}'s turn, not {fighter!r}'s",
            code="not_your_turn", fields={"fighter": active.sheet.name, "other": fighter},
        )
    return None


def apply(state: MatchState, action: Action | Mapping[str, Any], dice: Dice) -> tuple[MatchState, list[Event]]:
    """Apply `action` for the active fighter; return the new state and the events.

    Raises `IllegalAction` (the state and the dice unchanged) when the rules forbid it.
    """
    act = parse_action(action)
    budget.require(gate_refusal(state, act.kind, act.fighter))
    handler = HANDLERS.get(act.kind)
    if handler is None:
        raise IllegalAction(
            "R0.6", f"the action {act.kind!r} is not available in this version",
            code="action_unavailable", fields={"kind": act.kind},
        )
    new = state.clone()
    r = Resolution(new, dice)
    mark = dice.checkpoint()
    try:
        handler(r, act)
        _after_action(r, act.kind)
    except BaseException:
        dice.restore(mark)
        raise
    new.dice = dice.where()
    return new, r.events


def _after_action(r: Resolution, kind: str) -> None:
    turns.check_match_end(r)
    state = r.state
    if state.over or kind in ("end_turn", "suicide_verdict") or state.split_pending is not None:
        return
    # A fighter who died by their own move (magic effect, allowed suicide) ends their turn;
    # with `turns.auto_end_turn`, so does one with nothing left to do.
    dead = not state.active.alive
    if dead or (state.settings.turns.auto_end_turn and budget.nothing_left(state)):
        _end_turn(r, None)
