"""The board, the roster and the log show an event's result only once the animation has
reached it (issue 13): pushed into lava, the fighter is drawn until it has sunk, and only
then does the log say it died and the roster strike it out."""

from __future__ import annotations

import re

import pytest

from arena_game.core.events import Died
from arena_game.i18n.narration import describe
from arena_game.ui.anim import pose_to_draw
from tests.ui_driver import board, open_app, ui_match

LAVA = """
########
#......#
#...LLL#
#......#
########
"""

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _words(html: str) -> str:
    """A log line's words, without its markup (its rule numbers are links)."""
    return re.sub(r"<[^>]+>", "", html)


def test_r5_3_push_into_lava_shows_the_death_when_the_fighter_has_sunk():
    ctrl = ui_match(LAVA, {"aldric": {"team": "rouge", "at": (2, 2)}, "bruna": {"team": "bleu", "at": (3, 2)},
                           "cyra": {"team": "bleu", "at": (1, 1)}}, faces=[15, 3])
    app = open_app(ctrl, anim_speed=1.0)
    screen = board(app)
    screen.apply({"kind": "push", "target": "bruna"})
    death = next(e for e in screen.ctrl.log if isinstance(e, Died))
    said = describe(death, screen.ctrl.names(), "fr").strip()
    assert not screen.ctrl.state.fighters["bruna"].alive  # the rules are done at once
    frames = 0
    seen_drawn_before_said = False
    while screen.anim.busy:
        app.run(frames=1)
        frames += 1
        logged = any(said in _words(line) for line in screen.hud.log_lines)
        struck = "†" in screen.hud.order_box.html_text
        drawn = pose_to_draw(screen.anim, screen.ctrl.state.fighters["bruna"]) is not None
        if drawn:
            seen_drawn_before_said = True
            assert not logged and not struck, f"frame {frames}: the death is told while the token still stands"
        assert logged == struck or not screen.anim.busy
    assert seen_drawn_before_said and frames > 20
    assert any(said in _words(line) for line in screen.hud.log_lines)
    assert "† Bruna" in screen.hud.order_box.html_text or "†" in screen.hud.order_box.html_text


def test_the_log_follows_the_queue_event_by_event():
    ctrl = ui_match(LAVA, {"aldric": {"team": "rouge", "at": (2, 2)}, "bruna": {"team": "bleu", "at": (3, 2)},
                           "cyra": {"team": "bleu", "at": (1, 1)}}, faces=[15, 3])
    app = open_app(ctrl, anim_speed=1.0)
    screen = board(app)
    start = len(screen.hud.log_lines)
    events = screen.apply({"kind": "push", "target": "bruna"})
    counts = []
    while screen.anim.busy:
        counts.append(len(screen.hud.log_lines) - start)
        app.run(frames=1)
    app.run(frames=1)
    assert counts == sorted(counts) and counts[0] < len(events)
    assert len(set(counts)) > 2  # lines come one step at a time, not all at the end
    assert len(screen.hud.log_lines) - start == len(events)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_next_prompt_waits_for_the_animation(lang):
    """While a push is drawn the status line says the action is playing, not the next mode's
    prompt; once the pieces have moved it gives that prompt."""
    from arena_game.ui.strings import text

    ctrl = ui_match(LAVA, {"aldric": {"team": "rouge", "at": (2, 2)}, "bruna": {"team": "bleu", "at": (3, 2)},
                           "cyra": {"team": "bleu", "at": (1, 1)}}, faces=[15, 3])
    app = open_app(ctrl, anim_speed=1.0, lang=lang)
    screen = board(app)
    screen.apply({"kind": "push", "target": "bruna"})
    assert screen.anim.busy
    playing = text("anim_playing", lang)
    seen = 0
    while screen.anim.busy:
        if screen.shown_state is not None:
            assert screen.hud.status_text == playing
            assert not any(b.is_selected for b in screen.hud.buttons.values())  # no next mode yet
            seen += 1
        app.run(frames=1)
    app.run(frames=1)
    assert seen > 10
    assert screen.hud.status_text == screen.mode.prompt(screen.ctrl.state, lang)
    assert [bid for bid, b in screen.hud.buttons.items() if b.is_selected] == [screen.mode.name]
