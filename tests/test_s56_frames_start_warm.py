"""The start screen draws the offered map's terrain for Play, and the copy of it the highlights
are drawn on, in two frames (s56): the window's first start screen did both into fresh memory in
one frame, its largest (16–19 ms at 1920×1080). Play still takes both."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui import board_view
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import open_app, start_opening_unquiet, tap_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ctrl():
    return ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})


def _warm_each_frame(app, frames: int | None = None, screen: StartScreen | None = None) -> list[str]:
    """What each frame left of the terrain drawn ahead: "" none, "drawn" the picture alone,
    "copied" the picture and its copy; while `screen` is made, or for `frames` frames."""
    seen = []
    while (screen is not None and screen.building) or (frames is not None and len(seen) < frames):
        app.step()
        seen.append("" if not board_view._WARM else "drawn" if board_view._WARM[0][4] is None else "copied")
    return seen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s56_the_start_screen_copies_plays_terrain_a_frame_after_drawing_it(size, monkeypatch):
    app, start = start_opening_unquiet(monkeypatch, size)
    seen = _warm_each_frame(app, screen=start)
    assert "drawn" in seen, "the terrain and its copy were made in one frame"
    assert seen[-1] == "copied"
    assert seen.index("copied") == seen.index("drawn") + 1
    tap_key(app, pygame.K_RETURN)
    screen = app.find(BoardScreen)
    assert screen is not None and screen.view is not None and not board_view._WARM  # Play took both
    app.step()
    fresh = board_view.terrain_surface(screen.view.board, screen.view.book, screen.camera.tile)
    assert pygame.image.tobytes(screen.view.terrain(), "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_s56_another_map_picked_is_drawn_then_copied_in_two_quiet_frames(monkeypatch):
    app = open_app(_ctrl(), size=(1280, 720), lang="en")
    monkeypatch.setattr(StartScreen, "_quiet", lambda self: True)
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    _warm_each_frame(app, screen=start)
    _warm_each_frame(app, frames=20)  # the panels' modules imported in quiet frames, a module a frame
    first = board_view._WARM[0][0]
    other = next(label for label, p in zip(start.map_labels, start.maps, strict=True) if load_name(p) != first.name)
    start.map_list.get_single_selection = lambda: other  # type: ignore[method-assign]
    start.show_info()
    seen = _warm_each_frame(app, frames=3)
    assert seen[:2] == ["drawn", "copied"]
    assert board_view._WARM[0][0].name != first.name


def load_name(path) -> str:
    """The name a map file gives itself."""
    from arena_game.formats.mapfile import load_map

    return load_map(path).name
