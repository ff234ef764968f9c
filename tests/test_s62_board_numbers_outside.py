"""s62 board, defect 1: on a map whose first row or column can hold pieces (no wall border, as
many Tiled maps), the column and row numbers were drawn into that row and column, under the
pieces, highlights and tokens ("0" round a fighter's initials). They are drawn outside the board
now, in strips above and left of it as a chessboard's; a walled map keeps them on its walls."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arena_game.render import palette
from arena_game.ui.board_view import numbers_outside
from arena_game.ui.controller import MatchController, setup_for_map
from tests import ui_driver as d
from tests.builders import tiny_board

pytestmark = pytest.mark.usefixtures("fresh_pygame")

OPEN_FLOOR = "1....2\n1....2\n1....2\n......"  # 6×4, the fighters on the first and last columns
CORRIDOR = "111......222"  # 12×1


def _window(tmp_path: Path, grid: str, size: tuple[int, int]):
    path = tmp_path / "open.toml"
    path.write_text(f'name = "Open"\nlabyrinth = false\ngrid = """\n{grid}\n"""\n', encoding="utf-8")
    app = d.open_app(MatchController(setup_for_map(str(path), None, 3)), size=size, lang="en")
    app.draw()
    return app, d.board(app)


def _number_ink(screen: pygame.Surface, box: pygame.Rect) -> int:
    """Pixels of the numbers' very colour in `box` (no sprite, floor or token uses it)."""
    box = box.clip(screen.get_rect())
    mask = pygame.mask.from_threshold(screen.subsurface(box), palette.COORDINATE, (1, 1, 1, 255))
    return mask.count()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("grid", [OPEN_FLOOR, CORRIDOR])
def test_s62_numbers_of_a_board_without_walls_round_lie_outside_it(tmp_path, grid, size):
    app, screen = _window(tmp_path, grid, size)
    cam, board = screen.camera, screen.view.board
    ox, oy = cam.origin
    on_board = pygame.Rect(ox, oy, board.width * cam.tile, board.height * cam.tile)
    assert _number_ink(app.screen, on_board) == 0  # none under the pieces of the first row and column
    above = pygame.Rect(ox, cam.view[1], on_board.w, oy - cam.view[1])
    left = pygame.Rect(cam.view[0], oy, ox - cam.view[0], on_board.h)
    assert _number_ink(app.screen, above) > 0 and _number_ink(app.screen, left) > 0
    viewport = pygame.Rect(cam.view)
    assert all(viewport.contains(strip) for strip in screen.view.coordinate_boxes())  # fitted with their room
    for x in range(board.width):  # every column numbered, each over its own column
        column = pygame.Rect(ox + x * cam.tile, cam.view[1], cam.tile, oy - cam.view[1])
        assert _number_ink(app.screen, column) > 0, x
    for sq in ((0, 0), (board.width - 1, board.height - 1)):  # a click on a square still selects it
        assert cam.square_at(cam.square_centre(sq)) == sq
    assert cam.square_at((ox - 2, oy + 2)) is None and cam.square_at((ox + 2, oy - 2)) is None


def test_s62_only_a_map_open_at_its_first_row_or_column_takes_numbers_outside():
    walled = tiny_board("#####\n#...#\n#####")
    assert not numbers_outside(walled)
    assert numbers_outside(tiny_board("#.###\n#...#\n#####"))  # a gap in the top wall
    assert numbers_outside(tiny_board("#####\n....#\n#####"))  # in the left one
    assert numbers_outside(tiny_board("....."))
