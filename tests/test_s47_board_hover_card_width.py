"""A hover card is as wide as its longest line, up to a cap, before it wraps (s47 review 3,
item 4): at 420 px the French circle-attack card wrapped its title, its share line and its
order line, ten lines over board rows 9–14, where the English card took seven."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.glyphs import drawable
from arena_game.render.text import font, record_text_boxes, text_boxes
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _card(lang: str, size: tuple[int, int]):
    app = scene_window("circle", lang, size)
    board = app.find(BoardScreen)
    record_text_boxes(True)
    app.draw()
    drawn = [(rect, px) for what, rect, px, _ in text_boxes() if what == "hover_card"]
    record_text_boxes(False)
    assert len(drawn) == 1
    return board, *drawn[0], board.card_text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_circle_attack_card_wraps_at_most_one_of_its_facts(lang, size):
    board, box, px, words = _card(lang, size)
    paragraphs = drawable(words).split("\n")
    # the card in its shape on the board (s51: this one, with no free spot near its square, is
    # drawn over the side panel, `test_s51_board_card_aside`)
    width = hover_card.wrap_width(hover_card.inset(board.viewport, board.hud.scale), board.hud.scale)
    lines = len(hover_card.card_lines(words, px, width))
    assert len(paragraphs) <= lines <= len(paragraphs) + 1 <= 6, (lines, paragraphs)  # one formula may wrap
    assert hover_card.card(words, px, width, board.card_refused).get_width() <= width
    assert board.viewport.contains(box) or box.left >= board.viewport.right


def test_a_card_wraps_past_its_cap_and_is_no_wider_than_its_longest_line():
    room = pygame.Rect(0, 0, 900, 560)
    cap = hover_card.wrap_width(room, 1.0)
    assert 480 <= cap <= int(0.65 * room.w)
    short = hover_card.card("Square (6, 2)\nshort line", 14, cap, False)
    assert short.get_width() < 200  # as narrow as what it says
    long = hover_card.card("title\n" + "word " * 80, 14, cap, False)
    assert long.get_width() <= cap and long.get_height() > 4 * font(14).get_linesize()
