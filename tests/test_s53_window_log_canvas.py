"""s53: the log's canvas (the pixels a long log draws on, ~18 MiB at 1920×1080) is made in a
quiet frame ahead of need, not in the frame whose action's lines first need it: there, next
to the action's own work, it took a hot-seat match's frame to 18-22 ms of CPU."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import board as board_screen
from tests.ui_driver import board, open_app, press_key, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _app():
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl, size=(1920, 1080), lang="en")
    return app, board(app).hud


def test_s53_the_log_canvas_is_made_in_a_quiet_frame_before_the_log_needs_it(monkeypatch):
    # a quiet frame makes it only with room left in its CPU time (`CANVAS_ROOM_MS`); a loaded
    # machine can use that room up in any frame, so the room is taken as unbounded here: what
    # is tested is which frames make it, not the time they take
    monkeypatch.setattr(board_screen, "CANVAS_ROOM_MS", float("inf"))
    app, hud = _app()
    box = hud.log_box
    quarter = box.canvas.lines // 4
    hud.append_lines([f"line {n}" for n in range(quarter + 2)])  # past a quarter, short of a third
    app.step()
    assert box.text_box_layout.finalised_surface is not box.canvas.surface  # the text's own surface still
    for _ in range(60):  # quiet frames: the other pieces made ahead come first, one a frame
        if box.canvas.surface is not None:
            break
        app.step()
    made = box.canvas.surface
    assert made is not None
    hud.append_lines([f"more {n}" for n in range(box.canvas.lines // 6)])  # past a third: on the canvas
    app.step()
    assert box.text_box_layout.finalised_surface is made  # the one made ahead, not another
    assert box.text_box_layout.layout_rect.height <= made.get_height()


def test_s53_a_frame_with_input_does_not_make_the_log_canvas(monkeypatch):
    monkeypatch.setattr(board_screen, "CANVAS_ROOM_MS", float("inf"))  # as above: any CPU time
    app, hud = _app()
    box = hud.log_box
    hud.append_lines([f"line {n}" for n in range(box.canvas.lines // 4 + 2)])
    for _ in range(4):
        press_key(app, pygame.K_1, frames=1)  # a key each frame: none is quiet
    assert box.canvas.surface is None
    for _ in range(60):  # then quiet frames
        app.step()
    assert box.canvas.surface is not None
