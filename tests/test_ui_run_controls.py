"""Run controls that say what they do (issue 13): one stop key (Enter) named in the prompt and
on its button, a confirm before E throws run squares away (R4.5), the run attack offered
once a tackle has ended the run (R4.7, R4.8)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import board, click_square, open_app, press_key, ui_match

WIDE = """
..........
..........
..........
"""

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _running(faces: list[int], lang: str = "en"):
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 0)},
                           "c": {"team": "blue", "at": (5, 0)}}, faces=faces)
    app = open_app(ctrl, lang=lang)
    press_key(app, pygame.K_2)
    for sq in ((1, 1), (2, 1), (3, 1)):
        click_square(app, sq)
    return app


@pytest.mark.parametrize("lang, key", [("en", "Enter"), ("fr", "Entrée")])
def test_r4_5_the_prompt_names_the_stop_key_its_button_shows(lang, key):
    app = _running([20, 2], lang)
    assert board(app).mode.name == "run_go"
    prompt = board(app).hud.status_text
    assert key in prompt and " S " not in prompt
    assert key in board(app).hud.choice_buttons["stop"].text


def test_r4_5_e_with_run_squares_left_asks_first_then_ends_the_turn():
    app = _running([20, 2])
    run = board(app).ctrl.state.budget.run
    left = run.granted - run.moved
    assert left >= 2
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "a"  # not yet: the squares would be lost
    assert "E again" in board(app).hud.status_text and f"{left} run squares" in board(app).hud.status_text
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id != "a"


def test_r4_5_another_key_between_the_two_es_cancels_the_confirm():
    app = _running([20, 2])
    press_key(app, pygame.K_e)
    press_key(app, pygame.K_f)  # fit the board: the confirm is off
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "a"


def test_r4_7_r4_8_after_a_tackle_the_prompt_offers_the_run_attack_not_a_stop():
    app = _running([20, 2, 1])
    click_square(app, (5, 1))  # leaving (4, 1) beside c: the d8 shows 1, tackled
    run = board(app).ctrl.state.budget.run
    assert run.finished and run.end_reason == "tackled"
    prompt = board(app).hud.status_text
    assert "tackled" in prompt and "run attack (R4.8)" in prompt and "Enter to stop" not in prompt


@pytest.mark.parametrize("lang, words", [("en", "no action played yet"), ("fr", "aucune action jouée")])
def test_19_6_undo_on_a_fresh_match_says_nothing_was_played_not_that_dice_were_rolled(lang, words):
    app = open_app(ui_match(WIDE, {"a": {"team": "red", "at": (0, 1)},
                            "b": {"team": "blue", "at": (9, 2)}}), lang=lang)
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert words in board(app).hud.status_text
    assert words in board(app).hud.buttons["undo"].refusal


def test_the_stop_button_is_drawn_frame_after_frame():
    from arena_game.ui.screens.base import BACKGROUND

    app = _running([20, 2])
    button = board(app).hud.choice_buttons["stop"]
    reused = board(app).widgets.reused
    app.run(frames=3)  # the widgets kept between frames: the key row is not painted over them
    assert board(app).widgets.reused > reused
    inside = button.rect.inflate(-8, -8)
    colours = {app.screen.get_at((x, inside.centery))[:3] for x in range(inside.left, inside.right, 3)}
    assert colours - {BACKGROUND}, "the stop button is not on screen"
