"""The first opening of a screen spreads its work over frames (s55): the rules' text is made a
family a quiet frame of the board before F1 (~15 ms all at once, in the frame of F1), and F1's
frame makes no window; the start screen draws the offered map's terrain for Play while it is
made (the frames after it shows may never be quiet); its team files, map files and preview
each take a frame of their own."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui import board_view, rules_text
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.rules import RulesScreen
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, open_app, start_opening_unquiet, tap_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ctrl():
    return ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s55_the_rules_text_is_made_in_quiet_frames_and_f1s_frame_makes_no_window(lang, monkeypatch):
    rules_text._SECTIONS.pop(lang, None)  # as in a new session
    app = open_app(_ctrl(), size=(1280, 720), lang=lang)
    screen = board(app)
    assert screen.rules_to_warm is not None
    for _ in range(60):  # quiet frames: a family each
        app.step()
    assert screen.rules_to_warm is None and lang in rules_text._SECTIONS
    made: list[str] = []
    real = rules_text.window_markdown
    monkeypatch.setattr(rules_text, "window_markdown", lambda md, lg: made.append(lg) or real(md, lg))
    tap_key(app, pygame.K_F1)
    rules = top(app, RulesScreen)
    assert rules is not None and rules.building
    assert made == [] and rules.window is None  # nor the text nor the window in the key's frame
    while rules.building:
        app.step()
    assert rules.window is not None and "R1" in rules.sections


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s55_the_start_screen_draws_plays_terrain_while_it_is_made(size, monkeypatch):
    app, start = start_opening_unquiet(monkeypatch, size)
    steps = 0
    while start.building:
        app.step()
        steps += 1
    assert board_view._WARM, "no terrain drawn ahead while the start screen was made"
    assert steps >= 10  # teams, maps, preview and terrain: frames of their own
    drawn = []
    real = board_view.terrain_surface
    monkeypatch.setattr(board_view, "terrain_surface", lambda b, book, tile: drawn.append(tile) or real(b, book, tile))
    tap_key(app, pygame.K_RETURN)
    screen = app.find(BoardScreen)
    assert top(app, StartScreen) is None and screen is not None and screen.view is not None
    assert drawn == [], "the frame of Play drew the terrain"
    monkeypatch.setattr(board_view, "terrain_surface", real)
    app.step()  # the new match's overlay: made on the copy drawn ahead, the same picture
    fresh = real(screen.view.board, screen.view.book, screen.camera.tile)
    assert pygame.image.tobytes(screen.view.terrain(), "RGB") == pygame.image.tobytes(fresh, "RGB")
