"""The rules window's opening spreads its heavy parts over frames (s55): pygame_gui's window,
its face (a window-sized picture: background, border, shadow), that face copied into the
window's image and the veil each take a frame of their own, none of them the frame of F1 or
the frame that shows the window (in one frame they took it to 14–21 ms at 1920×1080). The
window looks as pygame_gui's own makes it."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIWindow

from arena_game.ui.backdrop import Veil
from arena_game.ui.screens.rules import RulesScreen
from arena_game.ui.strings import text
from tests.heavy_parts import parts_each_frame, record_heavy_parts
from tests.ui_driver import open_app, tap_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ctrl():
    return ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en"), ((1280, 720), "fr")])
def test_s55_the_rules_windows_heavy_parts_each_take_a_frame_of_their_own(size, lang, monkeypatch):
    app = open_app(_ctrl(), size=size, lang=lang)
    for _ in range(3):
        app.step()
    done = record_heavy_parts(monkeypatch, size)  # the heavy parts of this frame
    real_paint = Veil._paint

    def paint(self, sz):
        done.append("veil")
        real_paint(self, sz)

    monkeypatch.setattr(Veil, "_paint", paint)
    frames: list[list[str]] = []
    tap_key(app, pygame.K_F1)
    frames.append(done[:])
    rules = top(app, RulesScreen)
    assert rules is not None and rules.building
    frames += parts_each_frame(app, rules, done)
    window = rules.window
    assert window is not None and window.visible
    made = [part for frame in frames for part in frame]
    assert sorted(made) == ["face", "image", "veil", "window"], frames  # each once
    assert frames[0] == [], "the frame of F1 made a heavy part"
    assert frames[-1] == [], "the frame that shows the window made a heavy part"
    assert all(len(frame) <= 1 for frame in frames), frames

    monkeypatch.undo()  # the same picture as pygame_gui's own window at the same place
    plain = UIWindow(rules.centred(900, 680), app.manager,
                     window_display_title=text("rules_title", lang), object_id=ObjectID("#rules_window"), visible=0)
    assert window.image is not None and plain.image is not None
    assert window.image.get_size() == plain.image.get_size()
    assert pygame.image.tobytes(window.image, "RGBA") == pygame.image.tobytes(plain.image, "RGBA")
    plain.kill()
