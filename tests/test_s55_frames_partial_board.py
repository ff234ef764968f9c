"""A frame in which only the pointer moved, or nothing changed, draws the board again only
where it differs from the last frame (s55): the hovered square's frame and its card, the last
ones' places. Every such frame's picture is the picture a whole redraw makes."""

from __future__ import annotations

import random

import pygame
import pytest

from arena_game.resources import shipped_maps
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens import board_draw
from arena_game.ui.screens.board import BoardScreen
from tests.ui_driver import open_app

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _window(size=(1280, 720)):
    app = open_app(MatchController(setup_for_map(str(shipped_maps()[0]), None, 1)), size=size)
    board = app.find(BoardScreen)
    assert board is not None and board.ctrl is not None
    for _ in range(40):  # fonts and canvases warmed in quiet frames
        app.step()
    return app, board


def _pointer(app, board, sq):
    pos = board.camera.square_centre(sq) if sq is not None else (2, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))


def _whole_redraw(app, board) -> bytes:
    """The picture of this very frame drawn again with the whole board (the widgets around it
    as they were), the window's record of the last frame put back after it (the next frame
    goes on as if it had not been made)."""
    kept = board.drawn_scene, app.last_drawn
    board.drawn_scene = None
    app.draw()
    assert board.redrawn is None
    board.drawn_scene, app.last_drawn = kept
    return pygame.image.tobytes(app.screen, "RGB")


def _redraw_of_everything(app, board) -> bytes:
    """The picture of this very frame drawn again from nothing (the board and every widget
    afresh), the window's records put back after it."""
    layer = board.widgets
    kept = board.drawn_scene, app.last_drawn, layer.key, layer.shown
    board.drawn_scene = None
    layer.disturb()
    app.draw()
    board.drawn_scene, app.last_drawn, layer.key, layer.shown = kept
    layer.calm = True
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s55_a_frame_drawn_in_part_is_the_picture_a_whole_redraw_makes(size):
    app, board = _window(size)
    rng = random.Random(5)
    state = board.ctrl.state
    partial = fresh_widgets = 0
    for step in range(160):
        if step in (40, 90):  # run, then teleport: other highlights
            key = pygame.K_2 if step == 40 else pygame.K_8
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key), scancode=0))
        elif step % 7 == 3:
            pass  # idle frames: the pointer still, till the hovered square's card shows
        elif step % 11 == 5:
            _pointer(app, board, None)  # off the board
        else:
            x, y = state.active.position
            _pointer(app, board, (max(0, min(state.board.width - 1, x + rng.randint(-5, 5))),
                                  max(0, min(state.board.height - 1, y + rng.randint(-5, 5)))))
        for rest in range(40 if step % 7 == 3 else 1):
            before = board.widgets.widgets_only
            app.step()
            shown = pygame.image.tobytes(app.screen, "RGB")
            area = board.redrawn
            if board.widgets.widgets_only > before:  # the widgets afresh (a sheet shown), the board as if kept
                fresh_widgets += 1
                assert shown == _redraw_of_everything(app, board), step
            if area is not None:
                partial += 1
                assert shown == _whole_redraw(app, board), (step, area)
            if rest and not board.card_pending:
                break
    assert partial > 60 and fresh_widgets > 5  # most frames drew the board in part (others: new highlights, the pulse)


def test_s55_an_idle_frame_with_the_pointer_off_the_board_draws_none_of_it():
    app, board = _window()
    _pointer(app, board, None)
    app.step()
    app.step()
    calls = []
    view = board.view
    real = view.draw

    def counted(surface, *args, **kw):
        calls.append(surface.get_clip())
        return real(surface, *args, **kw)

    view.draw = counted  # type: ignore[method-assign]
    for _ in range(5):
        app.step()
    ring = board.camera.square_rect(board.ctrl.state.active.position).clip(board.viewport)
    assert len(calls) == 5  # drawn clipped to nothing, or to the active fighter's square when its ring pulsed
    assert all(c.w * c.h == 0 or c == ring for c in calls) and sum(c.w * c.h == 0 for c in calls) >= 3


def test_s55_a_moved_pointer_draws_the_board_again_only_round_both_squares_and_the_cards():
    app, board = _window()
    a, b = (3, 3), (4, 3)
    _pointer(app, board, a)
    app.step()
    while board.card_pending:  # the pointer rests on `a` till its card shows
        app.step()
    app.step()
    _pointer(app, board, b)
    app.step()
    area = board.redrawn
    assert area is not None
    assert area.contains(board.camera.square_rect(a)) and area.contains(board.camera.square_rect(b))
    assert area.w * area.h < board.viewport.w * board.viewport.h // 2


def test_s55_the_first_frame_after_a_full_one_and_after_a_dialog_draws_the_whole_board():
    app, board = _window()
    board.widgets.disturb()
    app.step()  # a frame of the widgets drawn afresh: the whole board
    assert board.redrawn is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    for _ in range(30):
        app.step()
    assert not board.on_top
    assert board_draw.redraw_area(board, ("any",)) is None


@pytest.mark.parametrize("key, mod", [(pygame.K_n, 0), (pygame.K_F1, 0), (pygame.K_o, pygame.KMOD_CTRL)])
def test_s55_under_a_screen_still_made_hidden_the_board_is_drawn_in_part_as_a_whole_redraw_draws_it(key, mod):
    """The start screen (N), the rules (F1) and the load dialog (Ctrl+O) are made a part a
    frame, hidden: the board under them draws no more than what changed, the same picture."""
    app, board = _window()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=pygame.key.name(key), scancode=0))
    app.step()
    partial = 0
    while app.top is not board and app.top.building:
        app.step()
        shown = pygame.image.tobytes(app.screen, "RGB")
        if board.redrawn is not None:
            partial += 1
            assert shown == _whole_redraw(app, board)
    assert partial >= 3
