"""s60 audit: a match played without the mouse. The keys chose an action (1–0), ended the turn
(E) and panned the board, but every square had to be clicked: no walk, run, attack or push
could be played from the keyboard, and nothing said so. Shift+arrows now move a square cursor
(lit, its sheet and card shown, as under the pointer) and Space acts on its square as a click;
the key list (F1, README) says so."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui import keys
from arena_game.ui.camera import Camera
from tests.ui_driver import board, open_app, press_key, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

ARENA = "......\n......\n......"


def _settle(app) -> None:
    screen = board(app)
    for _ in range(600):
        app.step()
        if not screen.anim.busy and screen.shown_state is None:
            return
    raise AssertionError("the animation never ended")


def _shift(app, key: int) -> None:
    press_key(app, key, mod=pygame.KMOD_SHIFT)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s60_a_walk_and_an_attack_played_from_the_keyboard_alone(lang):
    ctrl = ui_match(ARENA, {"aldric": {"team": "rouge", "at": (1, 1)}, "bruna": {"team": "bleu", "at": (3, 1)}},
                    faces=[18, 2, 5, 4] * 3)
    app = open_app(ctrl, lang=lang, size=(1280, 720), anim_speed=1.0)
    screen = board(app)
    press_key(app, pygame.K_1)  # Walk
    _shift(app, pygame.K_RIGHT)
    assert screen.hover == (2, 1)  # from the active fighter's square, one to the right
    press_key(app, pygame.K_SPACE)
    _settle(app)
    assert ctrl.state.fighters["aldric"].position == (2, 1)
    played = len(ctrl.actions)
    press_key(app, pygame.K_SPACE)  # pressed late, as if to skip the walk: the cursor has not moved
    _settle(app)
    assert len(ctrl.actions) == played
    press_key(app, pygame.K_e)  # Aldric's turn ends, then Bruna's
    _settle(app)
    press_key(app, pygame.K_e)
    _settle(app)
    assert ctrl.state.active.id == "aldric"
    press_key(app, pygame.K_5)  # Attack
    _shift(app, pygame.K_RIGHT)
    assert screen.hover == (3, 1)
    press_key(app, pygame.K_SPACE)
    _settle(app)
    assert any(getattr(a, "kind", None) == "attack" for a in ctrl.actions), ctrl.actions


def test_s60_the_cursor_stays_on_the_board_and_in_sight():
    camera = Camera(view=(0, 0, 200, 200), board_size=(20, 20), tile=50)
    camera.show((6, 1))
    assert pygame.Rect(0, 0, 200, 200).contains(camera.square_rect((6, 1)))
    ctrl = ui_match(ARENA, {"aldric": {"team": "rouge", "at": (0, 0)}, "bruna": {"team": "bleu", "at": (5, 2)}})
    app = open_app(ctrl, size=(1280, 720))
    _shift(app, pygame.K_LEFT)
    _shift(app, pygame.K_UP)
    assert board(app).hover == (0, 0)  # the board's edge holds it


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s60_the_key_list_says_how_to_play_without_the_mouse(lang):
    listed = dict(keys.rows(lang))
    shift_arrows = keys.keys_label(keys.binding("cursor_left"), lang)
    assert shift_arrows in listed and ("Space" if lang == "en" else "Espace") in listed[shift_arrows]
