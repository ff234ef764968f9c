"""The match board in a small window (a resize down to 1024×640 and to 800×560, the smallest):
the key to the highlights keeps to its row (on two rows of the smallest font when one does not
fit), the mode's choices stay in the window (their words shortened to the choice and its
chance, all of them in the tooltip, then a smaller font), the status line is never cut (a
smaller font, then two lines), each team's line shows without scrolling; no text over text."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.app import MIN_SIZE
from arena_game.ui.board_view import LEGENDS, legend
from arena_game.ui.hud import short_choice
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import assert_words_whole_and_apart
from tools.window_screenshots import scene_window

SMALL = [MIN_SIZE, (1024, 640)]
BOARD_SCENES = ["walk", "run-declared", "run-under-way", "run-tackled", "swim", "jump", "attack-melee", "attack-ranged",
                "push-lava", "teleport", "taunt", "circle"]


def _resized(scene: str, lang: str, size):
    app = scene_window(scene, lang, (1280, 720))
    app.resize(size)
    app.run(frames=3)
    return app


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", SMALL)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", BOARD_SCENES)
def test_a_board_scene_in_a_small_window_keeps_its_words_whole_and_apart(scene, lang, size):
    app = _resized(scene, lang, size)
    assert_words_whole_and_apart(app)
    b = app.find(BoardScreen)
    window = app.screen.get_rect()
    assert all(window.contains(button.rect) for button in b.hud.choice_buttons.values())
    assert "…" not in b.hud.status_shown  # the whole prompt, never cut with an ellipsis
    if b.legend_rect is not None:
        assert b.legend_rect.right <= b.hud.choices_left and b.legend_rect.bottom <= b.hud.status_rect.top


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r7_the_taunt_styles_fit_the_smallest_window_their_whole_words_in_the_tooltip(lang):
    app = _resized("taunt", lang, MIN_SIZE)
    b = app.find(BoardScreen)
    choices = {c.id: c for c in b.mode.choices(b.ctrl.state, lang)}
    for cid, button in b.hud.choice_buttons.items():
        assert app.screen.get_rect().contains(button.rect)
        assert button.text == short_choice(choices[cid].label) != choices[cid].label  # name and chance
        assert choices[cid].label.split(" · ")[1] in button.tool_tip_text  # the difficulty, in its tooltip
    assert min(b.hud.choice_buttons.values(), key=lambda bt: bt.rect.left).rect.left >= 0
    app.resize((1280, 720))
    app.run(frames=2)
    assert all(bt.text == choices[cid].label for cid, bt in b.hud.choice_buttons.items())  # whole again


def test_short_choice_keeps_the_choice_and_its_chance():
    assert short_choice("Provocation simple · difficulté 25 · 40%") == "Provocation simple · 40%"
    assert short_choice("potion") == "potion" and short_choice("a · b") == "a · b"


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_key_takes_two_rows_of_the_smallest_font_when_one_does_not_fit(lang):
    pygame.font.init()
    for mode in LEGENDS:
        full = legend(mode, lang, 28)
        assert full is not None
        one_row_min = legend(mode, lang, 28, 1)  # narrowed as far as one row goes
        width = max(260, one_row_min.get_width() * 2 // 3)
        got = legend(mode, lang, 28, width)
        assert got is not None and got.get_height() == 28
        assert got.get_width() <= max(width, one_row_min.get_width()), (mode, got.get_width(), width)
        if one_row_min.get_width() > width:
            assert got.get_width() <= width, mode  # two rows that fit


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_teams_line_shows_without_scrolling_in_the_smallest_window(lang):
    app = _resized("taunt", lang, MIN_SIZE)
    b = app.find(BoardScreen)
    b.hud.flush()
    app.run(frames=1)
    assert b.hud.teams_box.scroll_bar is None


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_prompt_takes_a_smaller_font_then_two_lines_not_an_ellipsis(lang):
    app = _resized("taunt", lang, MIN_SIZE)
    b = app.find(BoardScreen)
    hud = b.hud
    prompt = b.mode.prompt(b.ctrl.state, lang)
    assert hud.status_shown == prompt
    long = prompt + " " + prompt[: len(prompt) // 2]
    hud.set_status(long)
    app.draw()
    assert hud.status_shown == long and hud._status_img.get_height() > 20  # two lines of 11 px
    assert hud._status_img.get_width() <= hud.status_rect.w - 16
