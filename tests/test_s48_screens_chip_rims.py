"""A target's chance chip (its `tag` beside it) tells its band by more than its figure. Seen
through the deuteranopia simulation, the chips' only band cue was a one-pixel rim round the
dark pill: "34%" and "26%" read as the same chip but for the number. The band's rim is now
thickened outside the pill, 2 px on 35 px squares (1280×720), 3 px from 48 px (1920×1080),
and the rims of neighbouring bands stay ≥ 9 L* apart for a deuteranope, light to dark as the
chance falls (the squares' chance fills read the same way)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, tag_layout

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SAND = palette.TERRAIN[palette.Terrain.FLOOR]
TOWARDS = [(0, 1), (0, -1), (1, 0), (-1, 0)]


def _tag(tile: int, band: int, towards: tuple[int, int], label: str = "34%") -> tuple[pygame.Surface, pygame.Rect]:
    """A tag drawn on a sand square, and where its pill is."""
    pygame.init()
    s = pygame.Surface((tile, tile))
    s.fill(SAND)
    to = (5 + towards[0], 5 + towards[1])
    for mark in LOOKS["tag"].marks:
        mark(s, pygame.Rect(0, 0, tile, tile), Highlight((5, 5), "tag", label, band=band, to=to), tile)
    layout = tag_layout(label, tile, towards)
    assert layout is not None
    return s, layout[0]


def _rim_across(box: pygame.Rect, side: str, depth: int) -> list[tuple[int, int]]:
    """The pixels from the pill's edge outwards, `depth` of them, across the middle of `side`."""
    x, y = box.centerx, box.centery
    return {"top": [(x, box.top - i) for i in range(depth)], "bottom": [(x, box.bottom - 1 + i) for i in range(depth)],
            "left": [(box.left - i, y) for i in range(depth)], "right": [(box.right - 1 + i, y) for i in range(depth)]}[side]


@pytest.mark.parametrize("tile, depth", [(35, 2), (53, 3)])
@pytest.mark.parametrize("towards", TOWARDS)
@pytest.mark.parametrize("band", range(len(palette.CHANCE_BANDS)))
def test_r1_a_chips_band_rim_is_thicker_than_a_hairline_on_every_side(tile, depth, towards, band):
    s, box = _tag(tile, band, towards)
    for side in ("top", "bottom", "left", "right"):
        seen = {tuple(s.get_at(p))[:3] for p in _rim_across(box, side, depth)}
        assert seen == {palette.CHANCE_BANDS[band]}, (side, seen)


@pytest.mark.parametrize("tile", [35, 53])
def test_r1_neighbouring_bands_chips_differ_in_lightness_for_a_deuteranope(tile):
    rims = []
    for band in range(len(palette.CHANCE_BANDS)):
        s, box = _tag(tile, band, (0, 1))
        ring = [p for side in ("top", "bottom", "left", "right") for p in _rim_across(box, side, 2)]
        rims.append(sum(lightness(deuteranopia(tuple(s.get_at(p))[:3])) for p in ring) / len(ring))
    steps = [a - b for a, b in zip(rims, rims[1:], strict=False)]
    assert all(step >= 9 for step in steps), [round(v, 1) for v in rims]
