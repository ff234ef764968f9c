"""The frame of Play draws no terrain: the start screen drew it in a quiet frame (s54).

`bench_window.py --quick --only shipped`: the new match's largest frame, the frame of Play,
reached 16.07 ms once (budget 16.7). It loaded the map and teams, set the match up and drew the
whole board's terrain at the new zoom (3–4 ms at 1920×1080). The start screen now draws the
offered map's terrain in a quiet frame once it is shown (`board_view.warm_terrain`), at the size
the match opens at, and the new match's first frame takes it: the same picture, not drawn again."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui import board_view
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, open_app, tap_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s54_the_frame_of_play_takes_the_terrain_the_start_screen_drew(size, monkeypatch):
    ctrl = ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    app = open_app(ctrl, size=size, lang="en")
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    while start.building:
        app.step()
    for _ in range(3):  # the frames a player spends looking at the start screen
        app.step()
    drawn: list[tuple[int, int]] = []
    real = board_view.terrain_surface

    def counted(b, book, tile):
        drawn.append((b.width, tile))
        return real(b, book, tile)

    monkeypatch.setattr(board_view, "terrain_surface", counted)
    tap_key(app, pygame.K_RETURN)  # Play: the map the screen offers
    screen = board(app)
    assert top(app, StartScreen) is None and screen.view is not None
    assert drawn == [], "the frame of Play drew the terrain"
    monkeypatch.setattr(board_view, "terrain_surface", real)
    taken = screen.view.terrain()
    fresh = real(screen.view.board, screen.view.book, screen.camera.tile)
    assert taken.get_size() == fresh.get_size()
    assert pygame.image.tobytes(taken, "RGB") == pygame.image.tobytes(fresh, "RGB"), "not the board's own picture"


def test_s54_a_terrain_drawn_for_another_map_or_zoom_is_not_taken():
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    a = ui_match("....\n....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 1)}}).state.board
    other = ui_match("......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 1)}}).state.board
    board_view.warm_terrain(a, pygame.Rect(0, 0, 320, 200), None)
    tile = board_view._WARM[0][1]
    assert board_view.taken_warm(other, tile, None) is None  # another map
    assert board_view.taken_warm(a, tile + 1, None) is None  # another zoom
    assert board_view.taken_warm(a, tile, object()) is None  # other sprites
    assert board_view.taken_warm(a, tile, None) is not None  # its own: handed over once
    assert board_view.taken_warm(a, tile, None) is None
