"""Token initials grow with the square (s47 review 3, item 13): at a quarter of the square they
stood about 9 px high on 1920×1080's 40 px squares, smaller than any other text of the window."""

from __future__ import annotations

import pytest

from arena_game.render.text import initials

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ink_height(tile: int) -> int:
    return initials("Tarn", tile).get_bounding_rect(min_alpha=128).h - 2  # less the outline


@pytest.mark.parametrize("tile", [40, 53, 64])
def test_initials_stand_at_least_a_quarter_of_the_square_high(tile):
    assert _ink_height(tile) >= tile // 4, (tile, _ink_height(tile))


def test_initials_stay_inside_the_token_and_never_under_11_px():
    for tile in (14, 20, 37, 40, 80, 128):
        img = initials("Brakka", tile)
        assert img.get_width() <= tile
    assert _ink_height(14) >= 7
