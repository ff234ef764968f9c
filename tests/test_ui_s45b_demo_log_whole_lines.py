"""The demo's log band shows whole entries, never the second half of a wrapped one (s45 review:
one action after the R4.4 refusal the band read "angle (90°) (right angles are allowed only on
a labyrinth map)", with no beginning)."""

from __future__ import annotations

import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import noted_words, record_text_boxes, text_boxes
from arena_game.ui import showcase

pytestmark = pytest.mark.usefixtures("fresh_pygame")

REFUSAL = ("Refused — R4.4 (Course (run): no right angle): a run turns at most 45° per step: (4, 3) » (4, 2) "
           "after (3, 3) » (4, 3) is a right angle (90°), allowed only on a labyrinth map")


def shown(film: showcase.Film) -> str:
    import pygame

    record_text_boxes()
    try:
        film._draw_log(pygame.Surface(film.size))
        assert all(what == "demo_log" for what, *_ in text_boxes())
        return "".join(noted_words()).replace(" ", "")
    finally:
        record_text_boxes(False)


STEP = "Tarn makes a Course (run): (4, 3) » (5, 3)"


@pytest.mark.parametrize("size, entries", [
    *[(size, entries) for size in [(1280, 720), (1920, 1080), (960, 540)] for entries in [
        [("Tarn declares a Course (run)", False), (REFUSAL, True), (STEP, False)],
        [(STEP, False), (REFUSAL, True)]]],
    # too long for the band's font: a smaller one, still whole
    *[(size, [(STEP, False), (REFUSAL + " " + REFUSAL, True)]) for size in [(1280, 720), (1920, 1080)]],
])
def test_demo_log_band_shows_only_whole_entries_the_newest_always(size, entries):
    import pygame

    pygame.init()
    pygame.display.set_mode((8, 8))
    sc = load_scenario(ordered_files(demo_dir())[1])
    film = showcase.Film(sc, "en", size)
    film.log = list(entries)
    text = shown(film)
    whole = ["".join(e for e, _ in entries[k:]).replace(" ", "") for k in range(len(entries))]
    assert text in whole, text  # the last k entries, each whole, the newest always among them
