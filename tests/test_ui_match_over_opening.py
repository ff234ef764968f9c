"""The match-over panel comes in the frame that ends the last animation, which also writes the
last lines to the log: it is made a part a frame from the next one and shown whole once made
(all in that frame they took 23–40 ms). Its keys count meanwhile."""

from __future__ import annotations

import pygame

from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import board, open_app, top, ui_match

GRID = "......\n......\n......"


def test_the_match_over_panel_is_made_over_frames_and_shown_whole():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    app = open_app(ctrl, size=(1280, 720), lang="en")
    board(app).show_match_over()
    over = top(app, MatchOverScreen)
    assert over is not None and over.building and over.panel is None  # nothing made in the frame that asked
    frames = 0
    while over.building:
        app.step()
        frames += 1
        assert over.panel is not None and (over.panel.visible == (not over.building))
    assert frames > 1 and set(over.buttons) == {"new", "close"} and all(b.visible for b in over.buttons.values())
    pygame.quit()


def test_esc_closes_the_match_over_panel_while_it_is_made():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    app = open_app(ctrl, size=(1280, 720), lang="en")
    board(app).show_match_over()
    app.step()
    assert top(app, MatchOverScreen) is not None and top(app, MatchOverScreen).building
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert app.find(MatchOverScreen) is None and app.top is board(app)
    for _ in range(3):
        app.step()
    pygame.quit()
