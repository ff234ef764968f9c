"""The next turn's prompt ("Walk: click an adjacent square…") shows once its banner ("Round 1
— Tarn") has played, when a click is taken again: it showed 0.15 s into the banner, which
still held input for 0.65 s, and a click on a square there only ended the banner (s59 audit).
Until then the status line says the action is still being played."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.strings import text
from tests.ui_driver import board, open_app, press_key, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_next_turn_s_prompt_waits_for_its_banner(lang):
    ctrl = ui_match("......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 1)}})
    app = open_app(ctrl, lang=lang, anim_speed=1.0)
    screen = board(app)
    while screen.anim.busy:
        app.step()
    press_key(app, pygame.K_e, frames=1)  # End turn: a's turn ends, b's banner plays
    playing = text("anim_playing", lang)
    busy_frames = 0
    for _ in range(400):
        app.step()
        if not screen.anim.busy:
            break
        busy_frames += 1
        assert screen.hud.status_text == playing, (busy_frames, screen.hud.status_text)
    assert busy_frames > 20 and not screen.anim.busy
    assert screen.ctrl.state.active.id == "b"
    assert screen.hud.status_text == screen.mode.prompt(screen.ctrl.state, lang)  # once input is taken again
