"""Every demo film's caption fits its column or band (s47 review4, major 1: the French film 7
caption "Attaque circulaire :" was kept whole at a font where it is 382 px wide in a 305 px
column, and drawn cut off as "Attaque circulair")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui import showcase

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_demo_caption_line_fits_its_column(lang: str, size: tuple[int, int]) -> None:
    pygame.init()
    files = ordered_files(demo_dir())
    over = []
    for i, path in enumerate(files, 1):
        film = showcase.Film(load_scenario(path), lang, size, fps=10, step=(i, len(files)))
        for _ in film.prepare():
            pass
        band = film.layout.caption
        edge, pad = film._column_margins() if film.layout.beside else (0, max(12, band.w // 60))
        step = [box for what, box, _ in film._caption_boxes if what == "demo_step"]
        lines = [box for what, box, _ in film._caption_boxes if what == "demo_caption"]
        assert lines, path.name
        for box in lines:  # inside the band, short of its right padding, clear of the step counter
            if box.right > band.w - pad or box.left < edge or box.collidelist(step) >= 0:
                over.append((path.name, box, band.w - pad))
    assert over == []


def test_a_held_term_wider_than_the_column_makes_its_font_smaller() -> None:
    pygame.init()
    files = ordered_files(demo_dir())
    film = showcase.Film(load_scenario(files[6]), "fr", (1280, 720), fps=10, step=(7, len(files)))
    edge, pad = film._column_margins()
    avail = film.layout.caption.w - pad - edge - pad // 2
    size, lines = showcase.drained(film._side_caption_search())
    f = showcase.font(size, bold=True)
    assert "circulaire" in film.caption
    assert max(f.size(line)[0] for line in lines) <= avail
    assert any("Attaque circulaire" in line for line in lines)  # the term stays whole, smaller
