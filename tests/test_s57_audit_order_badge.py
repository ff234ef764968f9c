"""s57 audit, defect 2: a circle attack's order badge is whole, its number inside it.

The badge's disc reached the square's right edge, where a target's white corner arm runs: the
arm ran into the disc's white rim and at 1280×720 the badge read as cut off 2–3 px, its number
with it. Measured on the gallery's circle scenes at both window sizes (the badge on the screen),
and on a target's square drawn alone at every size a board or the key draws one."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, badge_centre, badge_radius

SIZES = [(1280, 720), (1920, 1080)]


def _white(c) -> bool:
    return min(c[0], c[1], c[2]) >= 235


def _rim_stands_clear(s: pygame.Surface, centre: tuple[int, int], radius: int, square: pygame.Rect) -> bool:
    """The pixel right of the badge's rim, on its middle row, is in the square and not white:
    the white rim is not run into by a white corner arm, nor by the square's edge."""
    beside = (centre[0] + radius + 1, centre[1])
    return square.collidepoint(beside) and not _white(s.get_at(beside))


def _figure(tile: int, label: str) -> list[tuple[int, int]]:
    """The pixels the badge's number adds over the badge, on a square at (0, 0)."""
    r, h = pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "order", label)
    marks = LOOKS["order"].marks
    bare, drawn = pygame.Surface((tile, tile)), pygame.Surface((tile, tile))
    bare.fill((196, 178, 140))
    drawn.fill((196, 178, 140))
    for mark in marks[:-1]:
        mark(bare, r, h, tile)
        mark(drawn, r, h, tile)
    marks[-1](drawn, r, h, tile)
    return [(x, y) for x in range(tile) for y in range(tile) if drawn.get_at((x, y)) != bare.get_at((x, y))]


def _inside_disc(pixels: list[tuple[int, int]], centre: tuple[int, int], radius: int) -> bool:
    """Every pixel of a figure inside the disc's inside, its rim left out."""
    return bool(pixels) and all((x - centre[0]) ** 2 + (y - centre[1]) ** 2 <= (radius - 1) ** 2 for x, y in pixels)


@pytest.mark.parametrize("tile", range(20, 81))  # a key's swatch (≥ 20 px) to a large board's square
def test_s57_the_badge_stands_clear_of_a_targets_corner_arm(tile):
    """A target's frame and corner arms, then the pick's frame and badge, as the board stacks them."""
    pygame.font.init()
    s = pygame.Surface((tile, tile))
    s.fill((196, 178, 140))
    r = pygame.Rect(0, 0, tile, tile)
    for kind, label in (("target", "43%"), ("order", "2")):
        for mark in LOOKS[kind].marks:
            mark(s, r, Highlight((0, 0), kind, label, band=2), tile)
    assert _rim_stands_clear(s, badge_centre(r, tile), badge_radius(tile), r)
    assert _inside_disc(_figure(tile, "2"), badge_centre(r, tile), badge_radius(tile))


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", SIZES, ids=["1280", "1920"])
@pytest.mark.parametrize("scene", ["circle", "circle-split"])
def test_s57_the_circle_scenes_badges_are_whole_in_the_window(scene, size):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window(scene, "en", size)
    board = app.find(BoardScreen)
    tile = board.camera.tile
    orders = [h for h in board.current_highlights() if h.kind == "order"]
    assert orders
    for h in orders:
        square = board.camera.square_rect(h.square)
        centre, radius = badge_centre(square, tile), badge_radius(tile)
        disc = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius + 1, 2 * radius + 1)
        assert square.contains(disc) and app.screen.get_rect().contains(disc), (h.square, disc)
        assert _rim_stands_clear(app.screen, centre, radius, square), h.square
        figure = [(square.left + x, square.top + y) for x, y in _figure(tile, h.label)]
        assert _inside_disc(figure, centre, radius), h.label
        assert all(app.screen.get_rect().collidepoint(p) for p in figure), h.label
