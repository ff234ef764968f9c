"""s53: the window's garbage pass (`memory.tidy`) grows with the match, 4-7 ms and ~1 ms more
handing memory back 90 turns into a hot-seat match: it waits for a quiet frame that has used at
most 5 ms so far (at 8 ms, a tidy frame reached 16.3 ms of CPU)."""

from __future__ import annotations

import pygame
import pytest

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("used", [6.0, 7.5])
def test_s53_a_due_tidy_waits_for_a_frame_with_room_for_a_late_match_pass(monkeypatch, used):
    from arena_game.ui import app as app_module
    from arena_game.ui import memory
    from tests.ui_driver import open_app, ui_match

    calls: list[int] = []
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl)
    monkeypatch.setattr(memory, "tidy", lambda: calls.append(app.time_ms))
    spent = {"ms": used}
    monkeypatch.setattr(app.meter, "elapsed_ms", lambda: spent["ms"])
    app._tidied_ms = app.time_ms - app_module.TIDY_EVERY_MS  # due now
    for _ in range(30):
        app.step()
    assert calls == []  # quiet frames, but each had used `used` ms: a 7 ms pass would take it past 13
    spent["ms"] = 1.0
    app.step()
    assert len(calls) == 1
    pygame.quit()
