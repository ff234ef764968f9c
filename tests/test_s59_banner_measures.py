"""s59: the frame a turn ends in measures its banner in five shapes and weighs each place against
a 64² map's pillars; made cheaper with every picture unchanged: the banners' sizes measured with
fonts of their own made in quiet frames (`measure.keep_ruler`), the pillars' coverage summed band
by band of rows (`stacks._bands`), counting what `stacks._column_sums` counts."""

from __future__ import annotations

import random

import pygame
import pytest

from arena_game.ui.anim import captions, measure
from arena_game.ui.anim.captions import _banner_shape, banner_sizes
from arena_game.ui.anim.fit import BANNER_STEPS
from arena_game.ui.anim.stacks import _band_sums, _bands, _column_sums
from arena_game.ui.anim.timeline import Effect

WORDS = ["Turn of Kael the Red", "Round 3", "Tour de Brünhild", "2 action points — move or strike"]


def test_band_sums_count_what_column_sums_count():
    rng = random.Random(59)
    for _ in range(60):
        # overlapping boxes, boxes past the rows summed, boxes of no or a negative size
        boxes = [pygame.Rect(rng.randint(-20, 300), rng.randint(-40, 340), rng.randint(-10, 90), rng.randint(-10, 90))
                 for _ in range(rng.randint(0, 40))]
        bands = _bands(boxes)
        low = rng.randint(-50, 60)
        high = rng.randint(low, 400)
        for _ in range(30):
            x, w = rng.randint(-100, 380), rng.randint(1, 150)
            assert _band_sums(bands, x, w, low, high) == _column_sums(boxes, x, w, low, high)


@pytest.mark.usefixtures("fresh_pygame")
def test_kept_rulers_measure_what_the_shared_ruler_measures():
    pygame.font.init()
    measure.reset()
    captions.reset_caches()
    sizes = banner_sizes(650)
    before = {(words, size): measure.text_size(words, size) for words in WORDS for size in sizes}
    drawn = {(words, size): _pixels(words, size) for words in WORDS for size in sizes}
    measure.reset()
    captions.reset_caches()
    while measure.keep_ruler(sizes):
        pass
    assert set(measure._KEPT) == {max(6, s) for s in sizes}
    assert {(words, size): measure.text_size(words, size) for words in WORDS for size in sizes} == before
    # and the words drawn with them (`measure.ui_font` takes a kept one): the same pixels
    assert {(words, size): _pixels(words, size) for words in WORDS for size in sizes} == drawn


def _pixels(words: str, size: int) -> bytes:
    return pygame.image.tobytes(captions.text_surface(words, size, (250, 200, 90)), "RGBA")


@pytest.mark.usefixtures("fresh_pygame")
def test_banner_sizes_are_the_sizes_a_turns_banner_is_measured_at():
    pygame.font.init()
    measure.reset()
    stage = pygame.Rect(0, 0, 4000, 650)  # (wide: no shape's font made smaller to fit)
    banner = Effect("banner", 0.0, 1.4, text="Turn of Kael", data={"sub": "Round 2"})
    for scale, margin in BANNER_STEPS:
        size = _banner_shape(banner, 0.0, stage.h, stage, scale, margin)[4]
        assert size in banner_sizes(stage.h)
        assert max(11, int(size * 0.5)) in banner_sizes(stage.h)
