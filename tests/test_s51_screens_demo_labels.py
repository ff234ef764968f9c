"""The demo's floating labels keep off the pillars and crates (s51 review, item 1): the films gave
their labels no marks to avoid, so the lava film's "Dead" sat on the pillar at (8, 5) at 800×560
(and, moved once, on (8, 5) and (11, 5)); the taunt, circle, teleport and tackle films' labels
sat on pillars at every size. A label whose places beside its fighter all cover one now takes
the nearest place that covers none (`spots.free_spot`), still read as its fighter's."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim.captions import draw_labels
from arena_game.ui.anim.timeline import Effect
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side

pytestmark = pytest.mark.usefixtures("fresh_pygame")

DEMO = [load_scenario(p) for p in ordered_files(demo_dir())]


def _labels_on_obstacles(stem: str, lang: str, size: tuple[int, int]) -> list[tuple[int, tuple[int, int]]]:
    """(frame, square) for each pillar or crate a floating label covers in a film's frames."""
    pygame.init()
    pygame.display.set_mode((8, 8))
    n, sc = next((n, sc) for n, sc in enumerate(DEMO, 1) if stem in sc.path.name)
    film = WholeMapFilm(sc, lang, size, fps=10, step=(n, len(DEMO)), beside=side_by_side(DEMO, size))
    board, (ox, oy), tile = sc.board, film.origin, film.tile
    obstacles = {sq: pygame.Rect(ox + sq[0] * tile, oy + sq[1] * tile, tile, tile) for sq in board.squares()
                 if board.terrain(sq).solid and board.terrain(sq).name != "WALL"}
    assert obstacles
    hits = []
    record_text_boxes()
    try:
        for k, _ in enumerate(film.frames()):
            for what, box, *_ in text_boxes():
                if what == "anim_label":
                    hits += [(k, sq) for sq, r in obstacles.items() if r.colliderect(box)]
    finally:
        record_text_boxes(False)
    return hits


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_lava_films_death_label_covers_no_pillar_in_the_smallest_window(lang):
    assert _labels_on_obstacles("lava", lang, (800, 560)) == []


@pytest.mark.parametrize("stem", ["taunt", "circle", "teleport", "tackle"])
def test_s51_the_demos_labels_cover_no_pillar_nor_crate_at_1280_by_720(stem):
    assert _labels_on_obstacles(stem, "en", (1280, 720)) == []


def test_s51_a_label_hemmed_in_by_pillars_takes_the_nearest_free_place_still_its_fighters():
    """Every place beside the fighter (right, left, under, above) covers a pillar: the label
    goes to the nearest one covering none, nearer its own fighter than the other one."""
    pygame.init()
    surface = pygame.Surface((800, 600))
    tile = 40
    surface.set_clip(pygame.Rect(0, 0, 800, 600))

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (x * tile, y * tile)

    me, other = (10, 7), (4, 12)
    pillars = [pygame.Rect(x * tile, y * tile, tile, tile)
               for x, y in [(9, 6), (11, 6), (9, 8), (11, 8), (10, 9), (10, 5), (8, 7), (12, 7), (7, 6), (13, 6),
                            (7, 8), (13, 8)]]
    tokens = [pygame.Rect(x * tile, y * tile, tile, tile + 12) for x, y in (me, other)]
    label = Effect(kind="label", start=0.0, duration=1.0, at=(me[0] + 0.5, me[1] + 0.5), text="Dead",
                   data={"sub": "pushed into the lava (R2.5)"})
    box = draw_labels(surface, [(label, 0.5)], to_screen, tile, tokens=tokens, soft=pillars)[0]
    assert box.collidelist(pillars) < 0 and box.collidelist(tokens) < 0, box
    own = pygame.Vector2((me[0] + 0.5) * tile, (me[1] + 0.5) * tile)
    far = pygame.Vector2((other[0] + 0.5) * tile, (other[1] + 0.5) * tile)
    centre = pygame.Vector2(box.center)
    assert centre.distance_to(own) < centre.distance_to(far)
    assert centre.distance_to(own) < 4 * tile  # near: not sent across the board
