"""The demo's board takes the room the window has (s45 review: on the 20×15 maps at 1920×1080 it
used about half the width, under a caption band and a log band): in a wide window the caption
and the log go in a column beside the map, every film of the demo alike, and the squares are
larger; the caption, the log and the name tags stay inside their places, none over another."""

from __future__ import annotations

import itertools

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side
from arena_game.ui.showcase import wrap

pytestmark = pytest.mark.usefixtures("fresh_pygame")

DEMO = [load_scenario(p) for p in ordered_files(demo_dir())]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_demo_board_uses_the_window_width_on_a_20_by_15_map(size, lang):
    pygame.init()
    pygame.display.set_mode((8, 8))
    walk = DEMO[0]  # 20×15, a refusal at its second action
    assert (walk.board.width, walk.board.height) == (20, 15)
    film = WholeMapFilm(walk, lang, size, fps=10, step=(1, len(DEMO)), beside=side_by_side(DEMO, size))
    board = pygame.Rect(film.origin, (walk.board.width * film.tile, walk.board.height * film.tile))
    assert board.w >= 0.7 * size[0], board  # was 1020 of 1920, 660 of 1280
    assert film.tile >= 45 * size[1] // 720  # was 51 at 1080 px high, 33 at 720
    assert film.stage.contains(board)
    assert not board.colliderect(film.layout.caption) and not board.colliderect(film.layout.log)
    record_text_boxes()
    try:
        for frame_no, _ in enumerate(itertools.islice(film.frames(), 0, 90)):
            boxes = text_boxes()
            for what, box, _size, place in boxes:
                assert place.contains(box), (frame_no, what, box, place)  # nothing cut
            for (wa, a, *_), (wb, b, *_) in itertools.combinations(boxes, 2):
                assert not a.colliderect(b), (frame_no, wa, a, wb, b)  # no text over text
        assert any(refused for _, refused in film.log)  # the refusal's frames were looked at
    finally:
        record_text_boxes(False)


def test_every_film_of_a_demo_has_the_same_layout_and_a_small_window_keeps_the_bands():
    pygame.init()
    for size in [(1280, 720), (1920, 1080)]:
        beside = side_by_side(DEMO, size)
        films = [WholeMapFilm(sc, "en", size, beside=beside) for sc in DEMO]
        assert {f.layout.beside for f in films} == {True}  # the 12×5 run map too: no caption jumping
    small = WholeMapFilm(DEMO[0], "en", (800, 560), beside=side_by_side(DEMO, (800, 560)))
    assert not small.layout.beside and small.tile >= 26  # a column would leave the map smaller


def test_a_log_line_never_splits_a_square_or_an_amount():
    pygame.init()
    from arena_game.ui.showcase import font

    for width in range(120, 400, 7):
        for line in wrap("Oruk pousse Tarn : (6, 6) » (5, 6) et Sielle perd 7 PV (torse) » 15 PV", font(30), width):
            assert not line.endswith(("(6,", "(5,", " 15", " 7")) and not line.startswith(("6)", "PV")), (width, line)
