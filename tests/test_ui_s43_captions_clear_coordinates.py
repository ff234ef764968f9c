"""An animation's captions (a roll's line, a banner, a floating label) keep off the column and
row numbers along the board's edges: a roll's line was laid at the top of the board, over half
of the column numbers (circle-playing and push-playing in the gallery, at every size)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.board_view import coordinate_strips, draw_coordinates
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import boxes
from tools.window_screenshots import scene_window

CAPTIONS = ("dice", "banner", "anim_label")


def _strips(board: BoardScreen) -> list[pygame.Rect]:
    cam = board.view.camera
    ox, oy = int(cam.origin[0]), int(cam.origin[1])
    w, h = board.view.board.width * cam.tile, board.view.board.height * cam.tile
    left, top = coordinate_strips(board.view.board, cam.tile)
    return [pygame.Rect(ox, oy, w, top), pygame.Rect(ox, oy, left, h)]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 560)])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", ["circle-playing", "push-playing"])
def test_a_rolls_line_never_covers_the_boards_column_or_row_numbers(scene, lang, size):
    app = scene_window(scene, lang, size)
    board = app.find(BoardScreen)
    assert board is not None and board.anim.busy
    captions = [(what, rect) for what, rect, _, _ in boxes(app) if what in CAPTIONS]
    assert any(what == "dice" for what, _ in captions)
    strips = _strips(board)
    over = [(what, rect, strip) for what, rect in captions for strip in strips if rect.colliderect(strip)]
    assert not over, over


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("tile", [20, 35, 54, 80, 128])
def test_the_coordinate_strips_hold_every_number_drawn(tile):
    """`coordinate_strips` is where `draw_coordinates` draws: no number's pixel lies outside."""
    from tools.window_screenshots import demo_match

    pygame.init()
    board = demo_match("circle").state.board
    surf = pygame.Surface((board.width * tile, board.height * tile))
    ground = (40, 80, 120)  # neither the numbers' colour nor their black outline
    surf.fill(ground)
    draw_coordinates(surf, board, tile)
    left, top = coordinate_strips(board, tile)
    mask = pygame.mask.from_threshold(surf, ground, (1, 1, 1, 255))
    mask.invert()  # every pixel a number (or its outline) drew
    inside = pygame.mask.Mask(surf.get_size())
    inside.draw(pygame.mask.Mask((surf.get_width(), top), fill=True), (0, 0))
    inside.draw(pygame.mask.Mask((left, surf.get_height()), fill=True), (0, 0))
    outside = mask.count() - mask.overlap_area(inside, (0, 0))
    assert mask.count() > 0 and outside == 0, outside
