"""The animation's captions keep off the pillars and crates where no free place fits them at
their usual size (s52): a label takes a smaller shape (a step smaller, on two short rows), the
rolls a tighter stack, a banner a smaller title; what still covers scenery sits on a lighter
plate. Before: the live tackle's "−2 to all rolls" touched the pillar at (7, 3) at 1366×768,
the circle attack's damage line the crates at (7, 9) and (12, 9) at 1280×720 and 1366×768, the
lava film's round banner a crate's corner, and at 800×560 the tackle's second label the pillar
at (7, 11), the French circle's labels (7, 3) and (12, 11)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side
from tests.builders import demo_steps
from tests.test_s51_captions_obstacles import _live

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LANGS = ["en", "fr"]


@pytest.mark.parametrize("lang", LANGS)
def test_s52_the_live_tackles_label_keeps_off_the_pillars_at_1366_by_768(lang):
    """The row between the pillars at (7, 3) and (12, 3) is narrower than "−2 to all rolls"."""
    hits = _live("tackle", 4, lang, (1366, 768))
    assert hits == [], hits


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
@pytest.mark.parametrize("lang", LANGS)
def test_s52_the_circle_attacks_captions_keep_off_the_crates(lang, size):
    """Three rolls are taller than the band between the crates at (7, 5) and (7, 9): a tighter
    stack fits it; the "−5 PV" found flush under the pillar at (7, 11) does not pop up onto it."""
    hits = _live("circle", 0, lang, size)
    assert hits == [], hits


def _film_hits(lang: str, size: tuple[int, int]) -> tuple[list[tuple[str, int]], int]:
    """(caption kind, frame) for every caption over a pillar or crate while the lava film plays,
    and how many banners were drawn."""
    demo = demo_steps()
    n, sc = next((n, sc) for n, sc in enumerate(demo, 1) if "lava" in sc.path.name)
    pygame.init()
    pygame.display.set_mode((8, 8))
    film = WholeMapFilm(sc, lang, size, fps=10, step=(n, len(demo)), beside=side_by_side(demo, size))
    (ox, oy), tile = film.origin, film.tile
    squares = [pygame.Rect(ox + x * tile, oy + y * tile, tile, tile) for x, y in sc.board.squares()
               if sc.board.terrain((x, y)).solid and sc.board.terrain((x, y)).name != "WALL"]
    hits, banners = [], 0
    record_text_boxes()
    try:
        for k, _ in enumerate(film.frames()):
            for what, box, *_ in text_boxes():
                banners += what == "banner"
                if what in ("anim_label", "dice", "banner") and box.collidelist(squares) >= 0:
                    hits.append((what, k))
    finally:
        record_text_boxes(False)
    return hits, banners


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGS)
def test_s52_the_lava_films_round_banner_covers_no_crate(lang, size):
    hits, banners = _film_hits(lang, size)
    assert banners > 0
    assert hits == [], hits


@pytest.mark.parametrize("lang", LANGS)
def test_s52_at_800_by_560_the_tackles_labels_keep_off_the_pillars(lang):
    """Tiles of 21 px: "Tackled!" fits between the pillars at (7, 3) and (12, 3) a step smaller;
    "−2 to all rolls", with no free place near Tarn, no longer reaches the pillar at (7, 11)."""
    hits = _live("tackle", 4, lang, (800, 560))
    assert not [h for h in hits if h[1] in ((7, 3), (12, 3), (7, 11), (12, 11))], hits


def test_s52_at_800_by_560_the_french_circle_labels_keep_off_the_pillars():
    hits = _live("circle", 0, "fr", (800, 560))
    assert not [h for h in hits if h[0] == "anim_label"], hits
