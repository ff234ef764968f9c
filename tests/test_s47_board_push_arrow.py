"""The push arrow stays apart from the deadly square it points to (s47 review 3, item 3): under
deuteranopia the orange arrow turns the yellow of the lava and of the hazard stripes, and its
head hid the deadly mark's dagger. It is now ringed in a dark edge at least 2 px thick and stops
short of the landing's middle, where the dagger is."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.colour_vision import contrast_ratio, deuteranopia
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, draw_highlight
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LAVA = (236, 120, 30)  # an orange ground: what the lava tile mostly is
NEIGHBOURS = [(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]


def _dagger(tile: int, origin: tuple[int, int]) -> pygame.Surface:
    """The deadly mark's dagger alone (the hazard look's fixed "†"), on a see-through surface."""
    only = pygame.Surface((3 * tile, 3 * tile), pygame.SRCALPHA)
    dagger_mark = LOOKS["hazard"].marks[2]
    dagger_mark(only, pygame.Rect(origin[0] + tile, origin[1] + tile, tile, tile), Highlight((1, 1), "hazard"), tile)
    return only


def _ring_breaks(surface: pygame.Surface, area: pygame.Rect, width: int) -> list[tuple[int, int]]:
    """Arrow-ink pixels with something else than arrow ink or its dark edge within `width` px (a disc)."""
    arrow, edge = palette.ARROW[:3], palette.ARROW_EDGE[:3]
    out = []
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            if surface.get_at((x, y))[:3] != arrow:
                continue
            near = {surface.get_at((x + i, y + j))[:3] for i in range(-width, width + 1) for j in range(-width, width + 1)
                    if i * i + j * j <= width * width and area.collidepoint(x + i, y + j)}
            if near - {arrow, edge}:
                out.append((x, y))
    return out


@pytest.mark.parametrize("tile", [37, 53, 80])
@pytest.mark.parametrize("source", NEIGHBOURS)
def test_r5_the_push_arrow_is_ringed_dark_and_leaves_the_dagger_whole(tile, source):
    alone = pygame.Surface((3 * tile, 3 * tile))
    alone.fill(LAVA)
    draw_highlight(alone, Highlight((1, 1), "hazard", "66%"), tile)
    s = alone.copy()
    draw_highlight(s, Highlight(source, "arrow", to=(1, 1)), tile)
    dagger = _dagger(tile, (0, 0))
    hidden = [(x, y) for x in range(tile, 2 * tile) for y in range(tile, 2 * tile)
              if dagger.get_at((x, y)).a > 0 and s.get_at((x, y)) != alone.get_at((x, y))]
    assert not hidden, hidden[:5]
    assert not _ring_breaks(s, s.get_rect().inflate(-2, -2), 2)


def test_r5_under_deuteranopia_the_arrow_parts_from_its_edge_and_the_edge_from_the_lava_marks():
    arrow, edge = deuteranopia(palette.ARROW[:3]), deuteranopia(palette.ARROW_EDGE[:3])
    assert contrast_ratio(arrow, edge) >= 7
    for mark in (palette.HAZARD_HATCH[:3], palette.HAZARD_LINE[:3], LAVA):
        assert contrast_ratio(edge, deuteranopia(mark)) >= 7, mark


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r5_on_the_lava_board_the_arrow_is_ringed_and_the_dagger_shows_whole(size):
    app = scene_window("push-lava", "en", size)
    board = app.find(BoardScreen)
    arrow = next(h for h in board.current_highlights() if h.kind == "arrow")
    app.draw()
    cam = board.camera
    land = cam.square_rect(arrow.to)
    dagger = _dagger(cam.tile, (0, 0))
    solid = [(x, y) for x in range(land.left, land.right) for y in range(land.top, land.bottom)
             if dagger.get_at((x - land.left + cam.tile, y - land.top + cam.tile)).a == 255]
    hidden = [(x, y) for x, y in solid
              if app.screen.get_at((x, y))[:3] != dagger.get_at((x - land.left + cam.tile, y - land.top + cam.tile))[:3]]
    assert len(solid) > 20 and not hidden, hidden[:5]
    both = cam.square_rect(arrow.square).union(land)
    assert not _ring_breaks(app.screen, both, 2)
