"""The hover card leaves every marked square in sight when a free place exists (s48 review,
item 2): beside the run's (6, 2) every spot near the square covered chance squares (EN: (8, 2)
to (10, 3); FR, below it: nine squares of rows 4–5), while rows 8–12 of the board were empty.
Spots a few squares farther off are tried then, nearest first; a card does not go far to
spare a crate, and neighbouring hovers keep the card where it was."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.board_draw import shown_highlights
from tests.layout_boxes import drawn_box
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

T = 40


def _sq(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(x * T, y * T, T, T)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_run_card_covers_no_marked_square_of_the_declared_run(lang, size):
    app = scene_window("run-declared", lang, size)
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    marked = {h.square for h in shown_highlights(board) if h.kind in hover_card.MARKED} - {board.hover}
    under = sorted(sq for sq in marked if card.colliderect(board.camera.square_rect(sq)))
    assert len(marked) > 20 and not under, under


def _band(rows: range) -> list[pygame.Rect]:
    return [_sq(x, y) for x in range(20) for y in rows]


def test_a_card_goes_a_few_squares_off_to_leave_a_band_of_marks_in_sight():
    room = pygame.Rect(0, 0, 20 * T, 15 * T)
    cursor = _sq(6, 2)
    marks = [r for r in _band(range(0, 6)) if r != cursor]  # rows 0–5 marked, the rest free
    box, cost = hover_card.placed((12 * T, 2 * T), cursor, room, marks=marks)
    assert box.collidelist(marks) == -1, box
    assert 6 * T <= box.top <= 6 * T + 6, box  # just under the band: not farther than it must


def test_a_card_goes_farther_off_to_spare_a_mark_but_not_a_crate():
    room = pygame.Rect(0, 0, 8 * T, 15 * T)  # as wide as the card: it goes above or below the square
    cursor = _sq(3, 7)
    near = [_sq(0, 9), _sq(0, 5)]  # under every spot beside the square (or a square off), none next to it
    box, cost = hover_card.placed((8 * T, 2 * T), cursor, room, sights=near)
    assert (box.top, cost) == (cursor.bottom + 6, 1)  # a crate covered: the card stays beside the square
    box, cost = hover_card.placed((8 * T, 2 * T), cursor, room, marks=near)
    assert box.collidelist(near) == -1 and box.top == cursor.bottom + 6 + 2 * T, box  # two squares off
    assert cost == 1  # free, a square farther off than the spots beside it


def test_neighbouring_hovers_along_the_band_keep_the_card_in_one_row_clear_of_the_marks():
    room = pygame.Rect(0, 0, 20 * T, 15 * T)
    marks = _band(range(0, 6))
    tops, covering = set(), []
    for x in range(4, 9):
        cursor = _sq(x, 2)
        others = [r for r in marks if r != cursor]
        box = hover_card.place((12 * T, 2 * T), cursor, room, marks=others)
        tops.add(box.top)
        covering += [x] if box.collidelist(others) >= 0 else []
    assert len(tops) == 1 and not covering, (tops, covering)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hovering_along_the_run_s_chance_squares_keeps_the_card_in_one_row_over_none_of_them(lang):
    """Square by square along the band (the mouse moving over the chances a player compares),
    the card covers no marked square, and a card not beside its square stays in one row: it
    went from under the band to over it and back at (9, 2) when only the spots near each
    square were weighed."""
    from tests.ui_driver import hover_square

    app = scene_window("run-declared", lang, (1280, 720))
    board = app.find(BoardScreen)
    tops, under = set(), []
    for sq in [(6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 3), (9, 3), (8, 3), (7, 4), (6, 4)]:
        hover_square(app, sq)
        assert board.hover == sq
        card = drawn_box(app, "hover_card")
        cursor = board.camera.square_rect(sq)
        if not card.colliderect(cursor.inflate(2 * cursor.w + 12, 2 * cursor.h + 12)):  # not beside it
            tops.add(card.top)
        marked = {h.square for h in shown_highlights(board) if h.kind in hover_card.MARKED} - {sq}
        under += [(sq, m) for m in marked if card.colliderect(board.camera.square_rect(m))]
    assert len(tops) == 1 and not under, (tops, under)
