"""The smallest window (800×560): a roll's line wraps inside the board instead of running
off both its edges (it was cut at the window's edge), and a mode's choice buttons are never
covered by the key to its highlights (the circle split's −1 / +1 were)."""

from __future__ import annotations

import pytest

from tests.layout_boxes import assert_words_whole_and_apart, boxes
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SMALL = (800, 560)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", ["circle-playing", "push-playing"])
def test_a_rolls_line_wraps_inside_the_board_of_the_smallest_window(scene, lang):
    app = scene_window(scene, lang, SMALL)
    dice = [(rect, room) for what, rect, _size, room in boxes(app) if what == "dice"]
    assert dice, "the scene shows a roll"
    assert all(room.contains(rect) for rect, room in dice), dice
    assert any(rect.h > 40 for rect, _ in dice)  # on two lines: one would not fit at 11 px
    assert_words_whole_and_apart(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_circle_splits_buttons_are_never_under_the_key_in_the_smallest_window(lang):
    from tools.window_screenshots import _board

    app = scene_window("circle-split", lang, SMALL)
    assert set(_board(app).hud.choice_buttons) == {"less", "more", "halving", "deal"}
    assert_words_whole_and_apart(app)


def test_a_wrapped_rolls_line_keeps_its_total_with_its_equals_sign():
    import pygame

    from arena_game.ui.anim.captions import dice_lines, dice_text

    pygame.font.init()
    words = "Tarn — Poussée (résistance) : d20 6 + Physique 5 + Corps à corps 3 = 14"
    for width in range(160, 420, 7):
        assert dice_text(words, 12, width).get_width() <= width
        lines = dice_lines(words, 12, width)
        assert len(lines) > 1 and lines[-1].endswith("=\u00a014")
        assert not any(line.rstrip().endswith("=") for line in lines)
