"""s60 audit: the board's last column and row numbers drawn whole. On the 64×64 map fitted to a
1280×720 window (8 px squares) the last column's "63" was cut at the board's right edge ("6"
and half a "3"); on the 21 columns of the labyrinth at 9–14 px squares (a small window, a
lesson) "20" ran 3 px past it, and on 21 rows of 8 px the last row number 1 px under the
board. Such a number is pulled in to the edge, or left out when that would crowd its
neighbour (every other number is left out on small squares already)."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from arena_game.ui.board_view import coordinate_labels
from arena_game.ui.controller import setup_for_map
from tests.builders import tiny_board

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _boards():
    yield "64×64", tiny_board("\n".join("." * 64 for _ in range(64)))
    yield "21×21", tiny_board("\n".join("." * 21 for _ in range(21)))
    yield "labyrinthe", setup_for_map("labyrinthe", None, 5).board


@pytest.mark.parametrize("name, board", list(_boards()), ids=lambda v: v if isinstance(v, str) else "")
def test_s60_every_board_number_lies_whole_on_the_board_and_apart(name, board):
    pygame.init()
    for tile in range(8, 64):
        edge = pygame.Rect(0, 0, board.width * tile, board.height * tile)
        labels = coordinate_labels(board, tile)
        cut = [(label, tuple(box)) for label, _, box in labels if not edge.contains(box)]
        assert not cut, (tile, cut)
        columns = sorted(box for label, (_, y), box in labels if y == labels[0][1][1] and label != "0")
        assert all(b.left - a.right >= 3 for a, b in pairwise(columns)), (tile, columns)
