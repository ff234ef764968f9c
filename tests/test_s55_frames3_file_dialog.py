"""Ctrl+O's file dialog is made a part a frame (s55): pygame_gui's window, its face (a
window-sized picture: background, border, shadow) and that face taken as the window's image
each in a frame of their own (the three in one frame: 8–19 ms at 1920×1080), as the rules
window is (`PartedWindow`); the dialog looks as before, its parts made after."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens.dialog import LoadDialogScreen
from tests.heavy_parts import parts_each_frame, record_heavy_parts
from tests.ui_driver import open_app, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ctrl():
    return ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1280, 720), "en")])
def test_s55_the_file_dialogs_window_face_and_image_each_take_a_frame(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(_ctrl(), size=size, lang=lang)
    for _ in range(3):
        app.step()
    done = record_heavy_parts(monkeypatch, size)  # the heavy parts of this frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="o", scancode=0))
    frames: list[list[str]] = []
    app.step()
    frames.append(done[:])
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None and dialog.building
    frames += parts_each_frame(app, dialog, done)
    monkeypatch.undo()
    assert dialog.window is not None and dialog.window.visible
    made = [part for frame in frames for part in frame]
    assert sorted(set(made)) == ["face", "image", "window"], frames
    assert made.count("window") == 1 and made.index("window") < made.index("face") < made.index("image")
    assert frames[0] == [], "the frame of Ctrl+O made a heavy part"
    assert all(len(set(frame)) <= 1 for frame in frames), frames
