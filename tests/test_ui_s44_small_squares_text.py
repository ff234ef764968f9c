"""On small squares (14 px: the lesson's board in the smallest window) a token's initials and
the board's row numbers stay whole and in their place: the initials' 11 px font drew "Ta"
wider than the token, cut at its edge (it read "T="); the row number "10" ran past column 0
into column 1. Too wide, they are squeezed across (their height kept), not cut."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import font, initials, initials_size
from arena_game.ui.board_view import coordinate_labels, coordinate_strips, draw_coordinates

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GROUND = (40, 80, 120)  # neither the numbers' colour nor their black outline


def _board():
    from tools.window_screenshots import demo_match

    return demo_match("circle").state.board  # 20 columns, 15 rows: rows "10" to "14"


@pytest.mark.parametrize("tile", [12, 14, 16, 18, 20])
@pytest.mark.parametrize("name", ["Tarn", "Oruk", "Wim", "Mo"])
def test_a_tokens_initials_are_no_wider_than_the_token(name, tile):
    pygame.init()
    assert initials(name, tile).get_width() <= tile


def test_initials_that_fit_are_drawn_as_ever():
    pygame.init()
    for tile in (35, 54, 64):
        assert initials("Ta", tile).get_width() == font(initials_size(tile), bold=True).size("Ta")[0] + 2


@pytest.mark.parametrize("tile", [12, 14, 16, 18, 21, 35, 54])
def test_the_row_numbers_stay_in_column_0(tile):
    pygame.init()
    board = _board()
    labels = coordinate_labels(board, tile)
    across = labels[0][1][0]  # the "0" of the corner: the row numbers' centre
    rows = [(text, box) for text, (x, y), box in labels if x == across]
    assert any(text == "10" for text, _ in rows)
    assert all(box.left >= 0 and box.right <= tile for _, box in rows), (tile, rows)
    left, _top = coordinate_strips(board, tile)
    assert left <= tile + 1
    surf = pygame.Surface((board.width * tile, board.height * tile))
    surf.fill(GROUND)
    draw_coordinates(surf, board, tile)
    column_1 = [(x, y) for x in range(tile, 2 * tile) for y in range(tile, board.height * tile)
                if tuple(surf.get_at((x, y)))[:3] != GROUND]
    assert not column_1, (tile, column_1[:5])  # no ink of a row number past column 0


def test_the_row_numbers_of_large_squares_keep_their_place():
    pygame.init()
    for tile in (35, 54):
        size = max(11, tile // 4)
        labels = coordinate_labels(_board(), tile)
        assert labels[0][1][0] == size // 2 + 3
