"""A hover card far from its square is tied to it, and keeps off pillars and crates when it can
(s48 review 2, item 2): the run card for (6, 2) sat 7 rows off with only the text "Square (6, 2)"
to say which square it spoke of, among squares framed alike; cards covered the pillars and
crates that line of sight and paths are explained by (the teleport card, the crate at (16, 10))."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box, pillars_and_crates, squares_under
from tools.window_screenshots import scene_window

T = 40
FLOOR = (200, 180, 140)


def _sq(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(x * T, y * T, T, T)


def _card(marks: list[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    pygame.font.init()
    hover_card.reset_caches()
    s = pygame.Surface((20 * T, 15 * T))
    s.fill(FLOOR)
    cursor = _sq(6, 2)
    box = hover_card.draw(s, "Square (6, 2): 88% chance to get there", cursor, s.get_rect(), 1.0, False,
                          marks=[m for m in marks if m != cursor])
    assert box is not None
    return s, box, cursor


def test_a_card_far_off_its_square_has_a_dark_cased_line_to_it():
    # rows 0-6 marked: the card goes under them, far from (6, 2)
    s, box, cursor = _card([_sq(x, y) for x in range(20) for y in range(7)])
    assert box.top >= cursor.bottom + 2 * T, box
    x = next(x for x in (cursor.left, cursor.right) if box.left < x < box.right)
    gap = range(cursor.bottom + 4, box.top - 4)
    column = [tuple(s.get_at((x, y)))[:3] for y in gap]
    assert all(c != FLOOR for c in column), "no line between the card and its square"
    casing = [tuple(s.get_at((x + dx, gap[len(gap) // 2])))[:3] for dx in (-2, 2)]
    assert all(c == palette.SHADOW for c in casing), casing
    assert hover_card.CARD_EDGE in column  # in the card's own edge colour


def test_a_card_beside_its_square_draws_no_line():
    s, box, cursor = _card([])
    assert not hover_card.far_off(box, cursor)
    drawn = [(x, y) for x in range(0, s.get_width(), 2) for y in range(0, s.get_height(), 2)
             if tuple(s.get_at((x, y)))[:3] != FLOOR and not box.collidepoint(x, y)]
    assert not drawn, drawn[:5]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_teleport_card_leaves_the_crates_and_pillars_in_sight(lang):
    app = scene_window("teleport", lang, (1280, 720))
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    solid = pillars_and_crates(board)
    under = squares_under(board, card, solid)
    assert len(solid) > 5 and not under, under
