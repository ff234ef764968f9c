"""s53: the mouse wheel over the log scrolls the log and leaves the board's zoom alone. Over
any side panel the wheel zoomed the board as well ("around the board's middle when the mouse
is off it"): scrolling back through a long log sent the board out of sight."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import board
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _wheel(app, pos, monkeypatch, up: int = 1) -> None:
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)  # where the pointer is (headless: nowhere)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(frames=2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=up, flipped=False, precise_x=0.0, precise_y=float(up)))
    app.run(frames=3)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_s53_the_wheel_over_the_log_scrolls_it_and_leaves_the_board_as_it_was(size, lang, monkeypatch):
    app = scene_window("walk", lang, size)
    b = board(app)
    b.hud.append_lines([f"— {n} —" for n in range(80)])  # a long match's log: a scroll bar
    app.run(frames=4)
    log = b.hud.log_box
    assert log.scroll_bar is not None
    at_end = log.scroll_bar.start_percentage
    tile, origin = b.camera.tile, tuple(b.camera.origin)
    for _ in range(3):
        _wheel(app, log.rect.center, monkeypatch)
    assert log.scroll_bar.start_percentage < at_end  # the log went back
    assert (b.camera.tile, tuple(b.camera.origin)) == (tile, origin)  # the board did not move
    _wheel(app, b.hud.sheet_box.rect.center, monkeypatch)
    assert b.camera.tile == tile
    _wheel(app, b.viewport.center, monkeypatch)  # over the board the wheel still zooms
    assert b.camera.tile > tile
