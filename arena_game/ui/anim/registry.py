"""Which animation each core event type gets: handlers registered per event class (pure).

A handler is `handler(choreographer, event, rest_of_batch)`; it schedules motions and
effects on the choreographer's timeline. Register one with `@animates(EventClass)` in an
`on_*.py` module. An event type with nothing to show is listed in `SILENT` with the reason;
`tests/test_anim_registry.py` checks that every event type of `core/events.py` is in exactly
one of the two, so a new or renamed event cannot lose its animation unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, get_args

from arena_game.core import events as ev

if TYPE_CHECKING:
    from arena_game.ui.anim.choreography import Choreographer

E = TypeVar("E")
Handler = Callable[["Choreographer", Any, list[ev.Event]], None]

HANDLERS: dict[type, Handler] = {}

# event type → why it draws nothing (another event of the same action shows it)
SILENT: dict[type, str] = {
    ev.TurnEnded: "the next TurnStarted banner shows the change of turn",
    ev.ModifierExpired: "the fighter panel drops the modifier; no motion on the board",
    ev.TackleChecked: "its DiceRolled shows the roll and Tackled shows a tackle that lands",
    ev.ActionRefused: "the engine never emits it (scenario runs record expected refusals)",
}


def event_types() -> tuple[type, ...]:
    """Every event class of the core's `Event` union."""
    union = get_args(ev.Event)[0]
    return tuple(get_args(union))


def animates(event_type: type[E]) -> Callable[[Callable[[Choreographer, E, list[ev.Event]], None]],
                                               Callable[[Choreographer, E, list[ev.Event]], None]]:
    """Register the decorated function as the animation of `event_type` (one handler per type)."""
    def register(handler: Callable[[Choreographer, E, list[ev.Event]], None]) -> Callable[[Choreographer, E, list[ev.Event]], None]:
        if event_type in HANDLERS or event_type in SILENT:
            raise ValueError(f"{event_type.__name__} already has an animation (or is listed as silent)")
        HANDLERS[event_type] = handler
        return handler
    return register


def handler_for(event: object) -> Handler | None:
    """The animation of an event (None for a silent one)."""
    return HANDLERS.get(type(event))
