"""s57 audit, defect 1: a chance band reads as itself on every ground a chance square lies on.

The bands were one see-through tint over sand and water alike: over the darker water they
turned darker, the swim's 30 % band there at the 10 % band's lightness on sand (50 and 49 L*
to a deuteranope), so a swim showing both grounds (its shore squares are sand) read one band as
another. Measured on squares drawn as the window draws them (the ground, then the chance look),
in normal vision and through the deuteranopia simulation: each band is ≥ 10 L* lighter than
the next one, on whichever grounds the two lie."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS
from arena_game.render.sprites import SpriteBook

VISIONS = {"normal": lambda c: c, "deuteranopia": deuteranopia}
TILES = (35, 53)  # a square at 1280×720 and at 1920×1080
GROUNDS = (Terrain.FLOOR, Terrain.WATER)  # where a run or a swim marks its chances (walkable floor, water)
APART = 10


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@lru_cache(maxsize=4)
def _book(tile: int) -> SpriteBook:
    return SpriteBook(tile, use_user_folder=False)


def _ground(terrain: Terrain, tile: int, sprite: bool, frame: int) -> pygame.Surface:
    s = pygame.Surface((tile, tile))
    if sprite:
        s.blit(_book(tile).terrain(terrain, frame), (0, 0))
    else:
        s.fill(palette.TERRAIN[terrain])
    return s


def _band_seen(band: int, terrain: Terrain, tile: int, sprite: bool, frame: int, vision: str) -> float:
    """L* of a chance square's fill (its middle, the figure left out) in `vision`."""
    h = Highlight((0, 0), "chance", band=band, ground=terrain)
    layer = pygame.Surface((tile, tile), pygame.SRCALPHA)
    LOOKS["chance"].marks[0](layer, pygame.Rect(0, 0, tile, tile), h, tile)  # the fill, no figure
    out = _ground(terrain, tile, sprite, frame)
    out.blit(layer, (0, 0))
    c = pygame.transform.average_color(out, pygame.Rect(tile // 8, tile // 8, tile * 3 // 4, tile * 3 // 4))
    return lightness(VISIONS[vision]((c[0], c[1], c[2])))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize(("tile", "sprite"), [(35, True), (53, True), (35, False)], ids=["sprite35", "sprite53", "plain"])
def test_s57_each_band_is_10_lightness_from_the_next_on_any_two_grounds(vision, tile, sprite):
    frames = range(_book(tile).terrain_frames(Terrain.WATER)) if sprite else range(1)
    seen = {(band, t, f): _band_seen(band, t, tile, sprite, f if t is Terrain.WATER else 0, vision)
            for band in range(len(palette.CHANCE_BANDS)) for t in GROUNDS for f in frames}
    for band in range(len(palette.CHANCE_BANDS) - 1):
        lighter = min(v for (b, _t, _f), v in seen.items() if b == band)
        darker = max(v for (b, _t, _f), v in seen.items() if b == band + 1)
        assert lighter - darker >= APART, (band, {k: round(v, 1) for k, v in seen.items() if k[0] in (band, band + 1)})


@pytest.mark.usefixtures("fresh_pygame")
def test_s57_the_swims_chance_squares_are_tinted_for_their_own_ground():
    """The swim scene marks chances on water and on its sand shore, each with its ground."""
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    board = scene_window("swim", "en", (1280, 720)).find(BoardScreen)
    chances = [h for h in board.current_highlights() if h.kind == "chance"]
    grounds = {h.square: h.ground for h in chances}
    assert grounds == {h.square: board.ctrl.state.board.terrain(h.square) for h in chances}
    assert set(grounds.values()) == {Terrain.FLOOR, Terrain.WATER}
