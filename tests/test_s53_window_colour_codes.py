"""s53: the run key's codes and the chance bands stay apart for a deuteranope.

The 90 and 60 bands read a pale grey and a pale yellow only 6 L* apart; the key's "next square"
(a near-white veil in a dark green frame) turned a beige veil in an olive frame, one more beige
swatch beside the tackle flag's amber and the 90 band. Measured through the deuteranopia
simulation (`render.colour_vision`) on the key's own drawings."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness, over

VISIONS = {"normal": lambda c: c, "deuteranopia": deuteranopia}
SW = 30  # a swatch's side at 1920×1080 (the key row's height less its margins)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((10, 10))
    yield
    pygame.quit()


def _l(rgb) -> float:
    return lightness(deuteranopia(tuple(rgb)[:3]))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("ground", [Terrain.FLOOR, Terrain.WATER])
def test_s53_every_chance_band_is_10_lightness_from_the_next(vision, ground):
    simulate, under = VISIONS[vision], palette.TERRAIN[ground]
    seen = [lightness(simulate(over(band, palette.CHANCE_ALPHA, under))) for band in palette.CHANCE_BANDS]
    steps = [a - b for a, b in zip(seen, seen[1:], strict=False)]
    assert all(step >= 10 for step in steps), [round(v, 1) for v in seen]


def test_s53_the_keys_90_band_has_the_white_edge_the_board_gives_it():
    """The sure band's pattern (`marks.sure_edge`) in the key's scale too, not only its colour."""
    from arena_game.ui.board_view import SCALE_MARKS, _scale

    scale = _scale(SW, 14)
    cell = scale.get_width() // len(SCALE_MARKS)
    for band in range(len(SCALE_MARKS)):
        edge = tuple(scale.get_at((band * cell + 1, SW // 2)))[:3]
        if band == 0:
            assert _l(edge) >= 95, edge
        else:
            assert abs(_l(edge) - _l(over(palette.CHANCE_BANDS[band], palette.CHANCE_ALPHA, palette.TERRAIN[Terrain.FLOOR]))) < 3


def test_s53_the_run_keys_next_square_frame_stays_blue_and_dark_to_a_deuteranope():
    from arena_game.render.marks import WIDTHS
    from arena_game.ui.board_view import LEGENDS, _swatch

    kinds = [k for k, _band, _key, _f in LEGENDS["run_go"][1]]
    assert kinds[:4] == ["move", "reach", "path", "tackle"]  # the key's order: its neighbours
    nxt = _swatch("move", 0, SW)
    frame = deuteranopia(tuple(nxt.get_at((1 + WIDTHS["line"](SW) // 2, SW // 2)))[:3])
    veil = deuteranopia(tuple(nxt.get_at((SW // 2, SW // 2)))[:3])
    assert lightness(veil) - lightness(frame) >= 50
    assert frame[2] - frame[0] >= 60, frame  # blue, where every neighbour's ink is a yellow, beige or grey
    # the other codes' inks, as a deuteranope sees them: none is a dark blue like the frame
    tackle = _swatch("tackle", 0, SW)
    flag = deuteranopia(tuple(tackle.get_at((SW // 8, SW // 8)))[:3])
    sure = deuteranopia(palette.SURE_EDGE[:3])
    reach = deuteranopia(tuple(_swatch("reach", 0, SW).get_at((SW // 4, SW // 4)))[:3])
    for other in (flag, sure, reach, deuteranopia(palette.TERRAIN[Terrain.FLOOR])):
        assert abs(lightness(other) - lightness(frame)) >= 20 or (other[2] - other[0]) < frame[2] - frame[0] - 60, other


def test_s53_the_walk_prompt_names_the_frames_colour():
    """The move frame turned navy: the walk prompt said "framed in green" (s53)."""
    from arena_game.i18n import t

    r, g, b = palette.MOVE_EDGE[:3]
    assert b > 2 * max(r, g)  # a blue
    assert "blue" in t("ui.mode_walk", "en") and "green" not in t("ui.mode_walk", "en")
    assert "bleu" in t("ui.mode_walk", "fr") and "vert" not in t("ui.mode_walk", "fr")
