"""Issue 14 speed: the viewport beside a board narrower than it is filled again only near the
board while the last frame drew nothing farther out; every frame equals one drawn in full."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import board_draw
from tests.ui_driver import (
    board,
    click_button,
    click_square,
    hover_square,
    open_app,
    press_key,
    ui_match,
)

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GRID = "\n" + "\n".join(["...."] * 8) + "\n"  # narrow: fitted to a wide window, background beside it


def _same_as_full_frame(app) -> None:
    """The frame on screen equals the same frame drawn with the whole viewport cleared."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    board(app).strips_clean = None
    board(app).widgets.disturb()
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_board_strips_filled_near_the_board_only_while_nothing_was_drawn_farther_out(monkeypatch):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 6)}}, faces=[6] * 60)
    app = open_app(ctrl, size=(1280, 720))
    press_key(app, pygame.K_ESCAPE)  # the walk put down: each card a short line on the board (walking, it says why not)
    view = board(app)
    covered = view.view.covered()
    assert covered.w < view.viewport.w - 4 * view.camera.tile, "the board must leave room beside it"
    fills: list[pygame.Rect | None] = []
    real = board_draw.fill_around

    def spy(surface, colour, hole, within=None):
        fills.append(None if within is None else pygame.Rect(within))
        real(surface, colour, hole, within)

    monkeypatch.setattr(board_draw, "fill_around", spy)
    # the mouse across the board, its edges included (the hover card leans out beside it
    # there); compared at the end of each path only: a frame drawn in full in between would
    # clear what a frame that filled too little left behind
    banded = 0
    paths = [[(3, 3), (2, 3), (1, 3), (0, 3), (0, 4)], [(0, 0), (3, 0), (3, 7), (2, 7), (1, 6)],
             [(3, 5), (3, 5), (2, 5), (2, 5), (1, 5)], [(0, 7), (1, 7), (2, 2), (2, 2), (1, 1)]]
    for path in paths:
        for sq in path:
            hover_square(app, sq)
            banded += fills[-1] is not None and fills[-1] != view.viewport
        _same_as_full_frame(app)
    assert banded >= 4
    fills.clear()
    for sq in [(0, 4), (0, 5), (0, 6)]:  # a full frame, one that finds the last drawn afresh, one that keeps
        hover_square(app, sq)
    band = fills[-1]
    assert band is not None and band.w < view.viewport.w, "a steady frame fills only the band round the board"
    # an action: the pieces move (the skip hint under the board), the panels change
    click_button(app, view.hud.buttons["walk"])
    click_square(app, (2, 2), frames=1)
    frames = 0
    while view.anim.busy:
        app.step()
        frames += 1
        if frames % 3 == 0:
            _same_as_full_frame(app)
    for sq in [(2, 3), (3, 7), (3, 3), (0, 6)]:
        hover_square(app, sq)
    _same_as_full_frame(app)
    press_key(app, pygame.K_e, frames=1)  # end of turn: the order strip, the sheet and the log change
    for k in range(30):
        app.step()
        if k % 3 == 2:
            _same_as_full_frame(app)


def test_board_strips_filled_in_full_after_a_window_over_the_board():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 6)}})
    app = open_app(ctrl, size=(1280, 720))
    press_key(app, pygame.K_ESCAPE)  # the walk put down: the card a short line (walking, it says why not)
    hover_square(app, (0, 3))
    hover_square(app, (0, 4))  # its card on the board: nothing drawn beside the band
    assert board(app).strips_clean is not None
    press_key(app, pygame.K_F1, frames=3)  # the rules over the board
    assert board(app).strips_clean is None
    press_key(app, pygame.K_ESCAPE, frames=2)
    hover_square(app, (3, 3))
    _same_as_full_frame(app)
