"""A demo film's first caption in the column: it tries several font sizes, and each font takes
2–3 ms to make the first time, so the frame that drew it took up to 80 ms. `Film.prepare` makes
those fonts a few a frame before the caption is drawn."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import text as render_text
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side
from arena_game.ui.showcase import FONTS_A_FRAME
from tests.builders import demo_steps

pytestmark = pytest.mark.usefixtures("fresh_pygame")

DEMO = demo_steps()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_frame_of_a_films_preparation_makes_more_than_a_few_fonts(size, lang):
    pygame.init()
    pygame.display.set_mode((8, 8))
    beside = side_by_side(DEMO, size)
    for n, sc in enumerate(DEMO, start=1):
        render_text._font.cache_clear()  # the first film of a session: no font made yet
        film = WholeMapFilm(sc, lang, size, fps=10, step=(n, len(DEMO)), beside=beside)
        made = []
        steps = film.prepare()
        while True:
            before = render_text._font.cache_info().misses
            try:
                next(steps)
            except StopIteration:
                break
            made.append(render_text._font.cache_info().misses - before)
        assert film._caption_img is not None
        # the step counter's font and the caption's: at most one more than the fonts made ahead
        assert max(made) <= FONTS_A_FRAME + 1, (sc.path.name, made)
