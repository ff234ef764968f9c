"""Every core event type has an animation, or is listed as silent on purpose, and the
handlers are found by event class (a renamed `type` string keeps its animation)."""

from __future__ import annotations

from arena_game.core import events as ev
from arena_game.ui.anim import choreography  # noqa: F401  (registers the handlers)
from arena_game.ui.anim.registry import HANDLERS, SILENT, animates, event_types, handler_for


def test_every_event_type_has_a_handler_or_is_silent_on_purpose():
    types = set(event_types())
    assert len(types) >= 30  # the union was read, not an empty tuple
    missing = sorted(t.__name__ for t in types - set(HANDLERS) - set(SILENT))
    assert missing == [], f"events with no animation and not listed in registry.SILENT: {missing}"
    assert not set(HANDLERS) & set(SILENT)
    assert set(HANDLERS) | set(SILENT) <= types  # nothing registered for a class the core no longer has


def test_every_event_class_defined_in_core_events_is_in_the_union():
    # a class added to events.py but forgotten in the Event union would escape the check above
    defined = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev._Event) and c is not ev._Event}
    assert defined == set(event_types())


def test_handlers_are_found_by_class_not_by_type_string():
    e = ev.Fell(fighter="a")
    assert handler_for(e) is HANDLERS[ev.Fell]
    renamed = e.model_copy(update={"type": "tipped_over"})  # the string no longer names a handler
    assert handler_for(renamed) is HANDLERS[ev.Fell]
    assert handler_for(ev.TurnEnded(fighter="a")) is None


def test_a_second_handler_for_the_same_event_is_refused():
    import pytest

    with pytest.raises(ValueError, match="Fell already has an animation"):
        animates(ev.Fell)(lambda c, e, rest: None)
    with pytest.raises(ValueError, match="TurnEnded already has an animation"):
        animates(ev.TurnEnded)(lambda c, e, rest: None)
