"""A sprite override far larger than any square is kept at most `KEPT_SIDE` px a side once
loaded: a 4096×4096 lava picture was kept whole, 64 MiB of memory for a 64 px square (+66 MiB
of resident memory; +3 MiB now)."""

from __future__ import annotations

import pygame
import pytest
from PIL import Image

from arena_game.core.terrain import Terrain
from arena_game.render.sprites import KEPT_SIDE, SpriteBook

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LAVA = (200, 60, 20, 255)


def _override(folder, size: tuple[int, int]) -> SpriteBook:
    Image.new("RGBA", size, LAVA).save(folder / "lava_0.png")
    pygame.init()
    pygame.display.set_mode((8, 8))
    return SpriteBook(tile=64, user_folder=folder)


def test_a_huge_sprite_draws_at_the_tile_size_and_is_kept_no_larger_than_the_cap(tmp_path):
    book = _override(tmp_path, (4096, 4096))
    img = book.terrain(Terrain.LAVA, 0)
    assert img.get_size() == (64, 64) and tuple(img.get_at((32, 32))) == LAVA
    kept = book._raw[book.manifest.terrain[Terrain.LAVA].frames[0]]
    assert kept.get_size() == (KEPT_SIDE, KEPT_SIDE)
    assert book.terrain(Terrain.LAVA, 0) is img  # the square's picture is kept too, made once


def test_a_long_sprite_keeps_its_proportions_and_a_small_one_its_size(tmp_path):
    book = _override(tmp_path, (1024, 512))
    rel = book.manifest.terrain[Terrain.LAVA].frames[0]
    book.terrain(Terrain.LAVA, 0)
    assert book._raw[rel].get_size() == (KEPT_SIDE, KEPT_SIDE // 2)
    small = _override(tmp_path, (96, 96))
    small.terrain(Terrain.LAVA, 0)
    assert small._raw[rel].get_size() == (96, 96)
    assert small.image(rel, 200).get_size() == (200, 200)  # drawn larger than it is: scaled up as before
