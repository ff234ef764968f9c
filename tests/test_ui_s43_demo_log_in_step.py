"""The demo's log line for an event shows once the animation has played that event, never
ahead of it (as the match window's log does, `test_ui_results_in_step.py`): the lava film told
"Oruk pushes Tarn" while the dice still rolled and "Tarn dies" before the push was drawn (its
lines were spread evenly over the animation's time, not tied to what it had played)."""

from __future__ import annotations

import pytest

from arena_game.core.events import Died, Pushed
from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui import showcase
from arena_game.ui.anim import AnimationQueue

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_demo_tells_a_push_and_a_death_only_once_the_animation_has_played_them(monkeypatch, lang):
    import pygame

    from arena_game.core.match import Match
    from arena_game.i18n.narration import describe

    pygame.init()
    pygame.display.set_mode((8, 8))
    queues: list[AnimationQueue] = []

    class Watched(AnimationQueue):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            queues.append(self)

    monkeypatch.setattr(showcase, "AnimationQueue", Watched)
    sc = next(load_scenario(p) for p in ordered_files(demo_dir()) if "lava" in p.name)
    events = Match(sc.setup()).play(sc.actions[0])
    film = showcase.Film(sc, lang, (640, 480), fps=10)
    names = film.names
    told = {type(ev): describe(ev, names, lang, held_terms=True).strip() for ev in events if isinstance(ev, (Pushed, Died))}
    index = {type(ev): k for k, ev in enumerate(events)}
    assert set(told) == {Pushed, Died}
    first_seen: dict[type, tuple[int, bool]] = {}
    for _frame in film.frames():
        queue = queues[0]
        shown = [line for line, _ in film.log]
        for kind, line in told.items():
            if line in shown and kind not in first_seen:
                first_seen[kind] = (queue.reached, queue.busy)
        if len(first_seen) == len(told):
            break
    assert set(first_seen) == {Pushed, Died}
    for kind, (reached, _busy) in first_seen.items():
        assert reached > index[kind], (kind.__name__, reached, index[kind])  # its animation played to its end
    assert first_seen[Pushed][1]  # the push is told while Tarn still sinks, not at the very end
