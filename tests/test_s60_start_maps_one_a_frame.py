"""The start screen reads the shipped map files for its list one a frame as it is made: read
all in one frame (the session's first opening), that frame took 12-18 ms at 1920×1080."""

from __future__ import annotations

import pygame

from arena_game.ui.screens import start as start_module
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import open_app, tap_key, top, ui_match


def test_the_start_screen_reads_one_map_file_a_frame(monkeypatch):
    ctrl = ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    app = open_app(ctrl, size=(1280, 720), lang="en")
    read: list[int] = []  # the map files read in each frame
    load = start_module.load_map

    def counted(path, *args, **kwargs):
        read[-1] += 1
        return load(path, *args, **kwargs)

    monkeypatch.setattr(start_module, "load_map", counted)
    read.append(0)
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    while start.building:
        read.append(0)
        app.step()
    assert len(start.maps) > 2 and sum(read) >= len(start.maps)  # and the preview's
    assert max(read) == 1
    assert len(start.map_labels) == len(start.maps)
