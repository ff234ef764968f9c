"""s54: Ctrl+O's file dialog showed in a frame that also made its last rows and painted the veil
over the window (20–36 ms CPU at 1920×1080, `bench_window`'s "load a save"): the frame it shows
in now makes no widget and paints no veil; it opens all the same, dimming the screen under it."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton

from arena_game.ui.backdrop import Veil
from arena_game.ui.screens.dialog import LoadDialogScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s54_the_frame_the_load_dialog_shows_in_makes_no_row_and_paints_no_veil(size, tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    saves.mkdir()
    for i in range(40):  # as bench_window's player folder: more rows than the list shows
        (saves / f"match-{i:02}.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = scene_window("walk", "en", size)
    made: list[str] = []
    real_button, real_paint = UIButton.__init__, Veil._paint

    def button(self, *a, **kw):
        made.append("button")
        real_button(self, *a, **kw)

    def paint(self, *a, **kw):
        made.append("veil")
        real_paint(self, *a, **kw)

    monkeypatch.setattr(UIButton, "__init__", button)
    monkeypatch.setattr(Veil, "_paint", paint)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="o",
                                         scancode=pygame.KSCAN_O))
    app.run(frames=1)  # the frame of the key: the dialog's screen entered, its parts to come
    screen = app.top
    assert isinstance(screen, LoadDialogScreen)
    for _ in range(100):
        made.clear()
        app.run(frames=1)
        if not screen.building:
            break
    assert not screen.building and screen.window is not None and screen.window.visible
    assert made == []  # the rows and the veil were made in the frames before
    assert screen.veil is not None and screen.veil.visible  # the screen under it dimmed
