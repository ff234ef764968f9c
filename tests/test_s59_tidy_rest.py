"""s59: the window's garbage pass (`memory.tidy`) waits for the pointer and the keys to have
rested `TIDY_REST_MS` (past the hover card's delay): on 64² it landed in the frame a pointer
move or the card it brought drew (18-21 ms frames)."""

from __future__ import annotations

import pygame
import pytest

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def test_s59_a_due_tidy_waits_till_the_pointer_has_rested(monkeypatch):
    from arena_game.ui import app as app_module
    from arena_game.ui import memory
    from tests.ui_driver import open_app, ui_match

    calls: list[int] = []
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl)
    monkeypatch.setattr(memory, "tidy", lambda: calls.append(app.time_ms))
    monkeypatch.setattr(app.meter, "elapsed_ms", lambda: 1.0)  # every frame light
    app._tidied_ms = app.time_ms - app_module.TIDY_EVERY_MS  # due now
    moved = app.time_ms
    for n in range(40):  # the pointer moves every third frame
        if n % 3 == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10 + n, 10), rel=(1, 0), buttons=(0, 0, 0)))
            moved = app.time_ms + 1000 // 60  # the frame that reads it
        app.step()
    assert calls == []
    while not calls:
        app.step()
    assert calls[0] - moved >= app_module.TIDY_REST_MS
    pygame.quit()
