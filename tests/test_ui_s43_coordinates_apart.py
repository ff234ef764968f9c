"""The board's column numbers never run into one another: on squares narrower than a two-digit
number (the lesson's board in the smallest window, 14 px squares) "10", "11", "12"… were drawn
edge to edge and read "101112131415…"; every other column is numbered there."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.board_view import coordinate_labels, coordinate_strips, draw_coordinates

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GROUND = (40, 80, 120)  # neither the numbers' colour nor their black outline


def _board():
    from tools.window_screenshots import demo_match

    return demo_match("circle").state.board  # 20 columns, 15 rows


def _ink_runs(surf: pygame.Surface, top: int) -> list[tuple[int, int]]:
    """The runs of columns of pixels with ink (a number or its outline) in the top strip."""
    inked = [any(tuple(surf.get_at((x, y)))[:3] != GROUND for y in range(top)) for x in range(surf.get_width())]
    runs, start = [], None
    for x, ink in enumerate([*inked, False]):
        if ink and start is None:
            start = x
        elif not ink and start is not None:
            runs.append((start, x))
            start = None
    return runs


@pytest.mark.parametrize("tile", [12, 14, 16, 18, 21, 35, 54])
def test_the_column_numbers_are_drawn_apart_whatever_the_square(tile):
    pygame.init()
    board = _board()
    surf = pygame.Surface((board.width * tile, board.height * tile))
    surf.fill(GROUND)
    draw_coordinates(surf, board, tile)
    _left, top = coordinate_strips(board, tile)
    widest = max(box.w for _, _, box in coordinate_labels(board, tile))
    runs = _ink_runs(surf, top)
    assert len(runs) >= board.width // 2  # every other column at least
    assert all(b - a <= widest for a, b in runs), (tile, runs)  # no two numbers in one run of ink


@pytest.mark.parametrize("tile", range(8, 64))
def test_the_numbers_boxes_keep_a_gap(tile):
    pygame.init()
    board = _board()
    labels = coordinate_labels(board, tile)
    top_row = sorted((box for _, (x, y), box in labels if y == labels[0][1][1]), key=lambda r: r.x)
    assert all(b.left - a.right >= 2 for a, b in zip(top_row, top_row[1:], strict=False)), tile
    shown = {int(text) for text, (x, y), _ in labels if y == labels[0][1][1]}
    assert shown >= set(range(0, board.width, 2)) or tile < 9  # a column in two at worst


def test_the_lesson_board_in_the_smallest_window_numbers_every_other_column():
    from arena_game.ui.screens.tutorial import LessonScreen
    from tools.window_screenshots import scene_window

    app = scene_window("tutorial", "fr", (800, 560))
    lesson = app.find(LessonScreen)
    assert lesson is not None and lesson.camera.tile < 18
    tops = [text for text, (x, y), _ in coordinate_labels(lesson.view.board, lesson.camera.tile) if y < 12]
    assert "10" in tops and "11" not in tops


@pytest.mark.parametrize("tile", range(8, 64))
def test_the_row_numbers_keep_a_gap_too(tile):
    pygame.init()
    labels = coordinate_labels(_board(), tile)
    rows = sorted((box for text, (x, y), box in labels if x == labels[0][1][0] and text != "0"), key=lambda r: r.y)
    assert all(b.top - a.bottom >= 2 for a, b in zip(rows, rows[1:], strict=False)), tile
