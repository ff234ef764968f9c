"""Animations in the real window (issue 7): events from the controller play as animations,
input waits meanwhile except the skip (click or Space), V sets the speed."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.events import TurnStarted
from arena_game.core.summary import state_summary
from arena_game.ui.anim import INSTANT
from tests.ui_driver import board, click_square, open_app, pixel, press_key, shot, ui_match

GRID = """
........
........
........
........
"""
RED = (0xC0, 0x39, 0x2B)


pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _close(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def walked_app(frames: int = 2):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl, anim_speed=1.0)
    click_square(app, (3, 1), frames=frames)  # not a walk square: nothing happens
    click_square(app, (2, 1), frames=frames)
    return app


def test_r2_1_a_walk_plays_between_the_squares_while_the_state_is_already_there():
    app = walked_app(frames=1)
    assert board(app).ctrl.state.fighters["a"].position == (2, 1)
    assert board(app).anim.busy
    before = state_summary(board(app).ctrl.state)
    poses = []
    while board(app).anim.busy:
        poses.append(board(app).anim.token_pose("a").x)
        shot(app, f"anim_walk_{len(poses)}") if len(poses) == 10 else None
        app.run(frames=1)
    assert poses[0] < 1.5 < poses[-1] <= 2.0 and poses == sorted(poses)
    assert 20 <= len(poses) <= 45  # about half a second at 60 frames a second
    assert state_summary(board(app).ctrl.state) == before
    assert _close(pixel(app, (2, 1), dy=-0.28), RED)


def test_input_waits_while_an_animation_plays_and_a_click_skips_it():
    app = walked_app(frames=1)
    steps = len(board(app).ctrl.actions)
    click_square(app, (3, 1), frames=1)  # would be a second walk: it only skips the animation
    assert not board(app).anim.busy
    assert len(board(app).ctrl.actions) == steps and board(app).ctrl.state.fighters["a"].position == (2, 1)
    press_key(app, pygame.K_e, frames=1)  # idle again: keys work
    assert board(app).ctrl.state.active.id == "b"


def test_space_skips_and_v_cycles_the_speed():
    app = walked_app(frames=1)
    press_key(app, pygame.K_SPACE, frames=1)
    assert not board(app).anim.busy
    assert board(app).anim.speed == 1.0
    press_key(app, pygame.K_v, frames=1)
    assert board(app).anim.speed == 2.0 and "2×" in board(app).hud._status[0]
    press_key(app, pygame.K_v, frames=1)
    assert board(app).anim.speed == INSTANT and board(app).hud._status[0] == "Vitesse des animations : instantanée"
    press_key(app, pygame.K_e, frames=1)  # b's turn starts: no banner to wait for at instant speed
    assert not board(app).anim.busy and board(app).ctrl.state.active.id == "b"
    press_key(app, pygame.K_v, frames=1)
    assert board(app).anim.speed == 1.0


def test_undo_drops_what_is_playing():
    app = walked_app(frames=1)
    assert board(app).anim.busy
    board(app).undo()
    assert not board(app).anim.busy and board(app).ctrl.state.fighters["a"].position == (1, 1)


def test_highlights_hide_while_pieces_move_and_come_back_after():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl, anim_speed=1.0)
    shown = pixel(app, (2, 2))  # a walk square, highlighted in walk mode
    board(app).anim.push([TurnStarted(fighter="a", round=1)], board(app).ctrl.state)
    app.run(frames=1)
    assert board(app).anim.busy and pixel(app, (2, 2)) != shown
    while board(app).anim.busy:
        app.run(frames=1)
    assert pixel(app, (2, 2)) == shown


def test_the_instant_speed_is_named_in_the_players_language():
    from arena_game.ui.screens.board_draw import speed_label

    assert speed_label(INSTANT, "en") == "instant" and speed_label(INSTANT, "fr") == "instantanée"
    assert speed_label(2.0, "en") == "2×"
