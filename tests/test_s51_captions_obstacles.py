"""The animation's captions keep off the pillars and crates where a free place exists (s51 review):
the live tackle's "Tarn — Tackle by Nyssa: d8 1" line covered the crates at (7, 5) and (12, 5) at
1280×720 and its "−2 à tous les jets" label the crate at (12, 5) at 1366×768 (the free place found
for it was checked only against the marks beside Tarn); after a circle attack the damage line stayed
over the pillars at (7, 3) and (12, 3); the demo's rolls crossed the lava film's crates at the
board's top. The dice and banners now weigh the pillars and crates after the words and tokens
(`captions.place_stack`'s `soft`)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim.captions import place_stack
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side
from tests.builders import demo_steps
from tests.layout_boxes import pillars_and_crates
from tests.ui_driver import demo_playing

pytestmark = pytest.mark.usefixtures("fresh_pygame")

Hit = tuple[str, tuple[int, int]]  # (caption kind, square covered)


def _live(stem: str, index: int, lang: str, size: tuple[int, int]) -> list[Hit]:
    """Every (caption kind, pillar or crate it covers), a frame at a time, while the board plays the demo
    `stem`'s action `index` at real speed."""
    app, board = demo_playing(stem, index, lang, size)
    squares = {sq: board.camera.square_rect(sq) for sq in pillars_and_crates(board)}
    hits: list[Hit] = []
    for _ in range(600):
        record_text_boxes(True)
        app.run(frames=1)
        boxes = text_boxes()
        record_text_boxes(False)
        for what, rect, *_ in boxes:
            if what in ("anim_label", "dice", "banner"):
                hits += [(what, sq) for sq, r in squares.items() if r.colliderect(rect)]
        if not board.anim.active:
            break
    assert not board.anim.active, "the animation never ended"
    return hits


def test_s51_the_live_tackles_roll_covers_no_crate_at_1280_by_720():
    hits = _live("tackle", 4, "en", (1280, 720))
    assert [h for h in hits if h[0] == "dice"] == []


def test_s51_the_live_tackles_label_is_kept_off_the_far_crate_at_1366_by_768():
    """No free place reads as Tarn's there (the dice line and Nyssa, Oruk and the pillars round
    him): the label stays beside him, never sent over the crate at (12, 5), three squares off."""
    hits = _live("tackle", 4, "fr", (1366, 768))
    assert not [h for h in hits if h[1] == (12, 5)], hits
    assert [h for h in hits if h[0] == "dice"] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_after_a_circle_attack_no_roll_stays_over_the_top_pillars(lang):
    hits = _live("circle", 0, lang, (1280, 720))
    assert not [h for h in hits if h[1] in ((7, 3), (12, 3))], hits
    assert [h for h in hits if h[0] == "anim_label"] == []  # "−6 PV" not pushed up onto (7, 5)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_lava_films_rolls_cross_no_crate(lang):
    demo = demo_steps()
    n, sc = next((n, sc) for n, sc in enumerate(demo, 1) if "lava" in sc.path.name)
    pygame.init()
    pygame.display.set_mode((8, 8))
    size = (1280, 720)
    film = WholeMapFilm(sc, lang, size, fps=10, step=(n, len(demo)), beside=side_by_side(demo, size))
    (ox, oy), tile = film.origin, film.tile
    squares = [pygame.Rect(ox + x * tile, oy + y * tile, tile, tile) for x, y in sc.board.squares()
               if sc.board.terrain((x, y)).solid and sc.board.terrain((x, y)).name != "WALL"]
    rolls = 0
    record_text_boxes()
    try:
        for k, _ in enumerate(film.frames()):
            for what, box, *_ in text_boxes():
                if what == "dice":
                    rolls += 1
                    assert box.collidelist(squares) < 0, (k, box)
    finally:
        record_text_boxes(False)
    assert rolls > 0


def test_s51_a_stack_takes_the_band_between_a_row_of_crates_and_one_of_pillars():
    """Crates under the board's top, pillars four squares lower, nothing else: the two lines go
    between them (none of the first eighteen places is free), and keep that place next frame."""
    stage = pygame.Rect(0, 0, 800, 600)
    crates = [pygame.Rect(x, 40, 40, 40) for x in (80, 680)]
    pillars = [pygame.Rect(x, 180, 40, 40) for x in (80, 680)] + [pygame.Rect(x, y, 40, 40)
                                                                  for x in (80, 680) for y in range(220, 600, 40)]
    sizes = [(700, 40), (700, 40)]
    boxes = place_stack(stage, sizes, [], soft=crates + pillars, kept=("test_s51", (1, 2)))
    assert boxes and not any(b.collidelist(crates + pillars) >= 0 for b in boxes), boxes
    assert boxes[0].top >= 80 and boxes[-1].bottom <= 180
    assert place_stack(stage, sizes, [], soft=crates + pillars, kept=("test_s51", (1, 2))) == boxes
    assert place_stack(stage, sizes, [], soft=[], kept=("test_s51", (1, 2))) == boxes  # kept: no jump
