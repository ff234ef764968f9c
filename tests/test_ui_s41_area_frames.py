"""Legal squares that touch read as one area: a teleport lighting most of the map is one pale
veil framed along its outer edges (between a legal and a non-legal square), not a grid of
framed squares; the frame keeps the dark line a deuteranope reads against the pale fill, and
a lone legal square is drawn as before."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.board import picture
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import JOINED, Highlight, joined_sides
from arena_game.render.marks import LOOKS, WIDTHS, draw_highlight, fill, outline, square_look
from arena_game.render.sprites import SpriteBook
from tests.builders import tiny_board

TILES = (35, 53)


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _seen(c) -> float:
    return lightness(deuteranopia((c[0], c[1], c[2])))


def _mean(s: pygame.Surface, rect: pygame.Rect) -> float:
    values = [_seen(s.get_at((x, y))) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
    return sum(values) / len(values)


def _edge_colour_pixels(s: pygame.Surface, rect: pygame.Rect) -> int:
    edge = palette.MOVE_EDGE[:3]
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(s.get_at((x, y)))[:3] == edge)


def _block(n: int = 5) -> tuple[object, list[Highlight]]:
    """An open n×n floor, every square but a corner notch legal (an L-shaped area's inside corner)."""
    board = tiny_board("\n".join("." * n for _ in range(n)))
    notch = {(n - 1, 0)}
    return board, [Highlight((x, y), "move") for y in range(n) for x in range(n) if (x, y) not in notch]


@pytest.mark.parametrize("tile", TILES)
def test_inside_a_legal_area_no_square_is_framed(tile):
    board, marks = _block()
    pic = picture(board, tile, SpriteBook(tile, use_user_folder=False), marks)
    for sq in [(1, 1), (2, 2), (1, 3), (3, 3)]:  # inside the area: no frame line anywhere on them
        r = pygame.Rect(sq[0] * tile, sq[1] * tile, tile, tile)
        assert _edge_colour_pixels(pic, r) == 0, sq
    # the veil reaches across the boundary between two legal squares (no gap of bare ground)
    bare = picture(board, tile, SpriteBook(tile, use_user_folder=False))
    seam = pygame.Rect(2 * tile - 1, 2 * tile + tile // 4, 2, tile // 2)
    assert _mean(pic, seam) - _mean(bare, seam) >= 8


@pytest.mark.parametrize("tile", TILES)
def test_the_areas_outer_edge_keeps_its_dark_frame_against_the_pale_fill(tile):
    """test_render_colour_codes' measure on the area's edge squares: the frame's rows are ≥ 30 L*
    (deuteranopia) darker than the fill beside them, along the map's edge and the notch alike."""
    board, marks = _block()
    pic = picture(board, tile, SpriteBook(tile, use_user_folder=False), marks)
    width = WIDTHS["line"](tile)
    m = tile // 5
    for sq, side in [((2, 0), "top"), ((0, 2), "left"), ((3, 0), "right"), ((4, 1), "top"), ((2, 4), "bottom")]:
        r = pygame.Rect(sq[0] * tile, sq[1] * tile, tile, tile)
        inside = _mean(pic, pygame.Rect(r.left + m, r.top + m, tile - 2 * m, tile - 2 * m))
        for k in range(1, 1 + width):
            line = {"top": pygame.Rect(r.left + m, r.top + k, tile - 2 * m, 1),
                    "bottom": pygame.Rect(r.left + m, r.bottom - 1 - k, tile - 2 * m, 1),
                    "left": pygame.Rect(r.left + k, r.top + m, 1, tile - 2 * m),
                    "right": pygame.Rect(r.right - 1 - k, r.top + m, 1, tile - 2 * m)}[side]
            assert inside - _mean(pic, line) >= 30, (sq, side, k)


@pytest.mark.parametrize("tile", TILES)
def test_the_frame_runs_unbroken_round_the_area_and_its_inside_corner(tile):
    board, marks = _block()
    pic = picture(board, tile, None, marks)
    width = WIDTHS["line"](tile)
    y = 1 + width // 2  # along the top of the area, squares 0…3: one line, no gap at the seams
    assert all(tuple(pic.get_at((x, y)))[:3] == palette.MOVE_EDGE[:3] for x in range(1 + width, 4 * tile - 1 - width))
    # the notch at (4, 0): the frame turns down along (3, 0)'s right side and on along (4, 1)'s
    # top; (3, 1), under that corner, closes it
    corner = (4 * tile - 1, tile)
    assert tuple(pic.get_at(corner))[:3] == palette.MOVE_EDGE[:3]


def test_a_lone_legal_square_looks_as_before():
    tile = 40
    for marks_old, h in [((fill(palette.MOVE_FILL), outline(palette.MOVE_EDGE)), Highlight((0, 0), "move"))]:
        old = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for mark in marks_old:
            mark(old, pygame.Rect(0, 0, tile, tile), h, tile)
        new = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for mark in LOOKS["move"].marks:
            mark(new, pygame.Rect(0, 0, tile, tile), h, tile)
        assert pygame.image.tobytes(old, "RGBA") == pygame.image.tobytes(new, "RGBA")


def test_joined_sides_set_a_corner_only_between_two_joined_sides():
    area = {(0, 0), (1, 0), (0, 1), (1, 1), (2, 1)}
    assert joined_sides((1, 1), area) == JOINED[(0, -1)] | JOINED[(1, 0)] | JOINED[(-1, 0)] | JOINED[(-1, -1)]
    assert joined_sides((2, 1), area) == JOINED[(-1, 0)]  # (1, 0) is a corner of it, but above it is not legal
    assert joined_sides((5, 5), area) == 0


@pytest.mark.parametrize("joined", range(256))
def test_a_pre_rendered_area_square_is_the_marks_drawn_in_place(joined):
    tile = 24
    h = Highlight((1, 1), "move", joined=joined)
    direct = pygame.Surface((3 * tile, 3 * tile), pygame.SRCALPHA)
    draw_highlight(direct, h, tile)
    tiled = square_look((h,), tile)
    square = direct.subsurface((tile, tile, tile, tile))
    assert pygame.image.tobytes(tiled, "RGBA") == pygame.image.tobytes(square, "RGBA")


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_teleport_scene_shows_the_legal_squares_as_one_area(size):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window("teleport", "en", size)
    b = app.find(BoardScreen)
    legal = {h.square for h in b.current_highlights() if h.kind == "move"}
    assert len(legal) > 100
    state = b.ctrl.state
    inner = [sq for sq in legal if all((sq[0] + dx, sq[1] + dy) in legal for dx, dy in JOINED)
             and state.board.terrain(sq) is Terrain.FLOOR]
    assert len(inner) > 8
    hover = b.hover
    framed = 0
    for sq in inner:
        if sq == hover:
            continue
        r = b.camera.square_rect(sq)
        if b.viewport.contains(r):
            framed += _edge_colour_pixels(app.screen, r)
    assert framed == 0  # no frame inside the area: the grid of frames is gone
    edge = [sq for sq in legal if (sq[0], sq[1] - 1) not in legal and (sq[0], sq[1] - 1) != hover]
    r = b.camera.square_rect(edge[0])
    assert _edge_colour_pixels(app.screen, r) > 0  # its outer edge is framed
