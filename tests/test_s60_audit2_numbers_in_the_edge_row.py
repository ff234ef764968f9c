"""s60 audit2, item 2: on 8 px squares (the 64×64 map fitted to 1280×720) the column numbers'
11 px digits ran from the first row into the second, where a piece or the active fighter's
frame covered them ("60" under Kael's frame at (61, 1)), and the row numbers, squeezed into
5 px, read as smudges ("56", "58"). The numbers now keep to the board's first row and column
(a smaller font on squares lower than the digits), and a row number squeezed past reading is
left out."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import font
from arena_game.ui.board_view import coordinate_labels, coordinate_size, draw_coordinates
from tests.builders import tiny_board

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GROUND = (40, 80, 120)  # neither the numbers' colour nor their black outline


@pytest.mark.parametrize("tile", range(8, 22))
def test_s60_the_numbers_ink_stays_in_the_first_row_and_column(tile):
    pygame.init()
    board = tiny_board("\n".join("." * 64 for _ in range(64)))
    surf = pygame.Surface((24 * tile, 24 * tile))  # the top left of the board: the rest is alike
    surf.fill(GROUND)
    draw_coordinates(surf, board, tile)
    inside = [(x, y) for x in range(tile, surf.get_width()) for y in range(tile, surf.get_height())
              if tuple(surf.get_at((x, y)))[:3] != GROUND]
    assert not inside, (tile, inside[:5])  # no ink past the first row and column, where pieces stand
    labels = coordinate_labels(board, tile)
    columns = {label for label, (_, y), _ in labels if y == labels[0][1][1]}
    assert {"0", "2", "4", "6", "8"} <= columns, (tile, sorted(columns))  # still numbered
    f = font(coordinate_size(tile), bold=True)
    squeezed = [(label, box.w - 2, f.size(label)[0]) for label, _, box in labels if 3 * (box.w - 2) < 2 * f.size(label)[0]]
    assert not squeezed, (tile, squeezed)  # none squeezed past reading
