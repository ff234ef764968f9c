"""Floating labels keep off the fighters' tokens where there is room (s45 review, item 12:
"Tackled! / by Nyssa" sat on Nyssa's token, "-2 all rolls" hid Tarn's, "Turn skipped"
covered Oruk's): beside or under their own fighter instead, never over another label."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui import showcase
from arena_game.ui.anim import captions
from arena_game.ui.anim.timeline import Effect
from tests.builders import demo_step

pytestmark = pytest.mark.usefixtures("fresh_pygame")
TILE = 44


def _token(x: int, y: int) -> pygame.Rect:
    """A token's box as `AnimationQueue.token_boxes` gives it: its square and its name tag under it."""
    return pygame.Rect(x * TILE, y * TILE, TILE, int(TILE * 1.45))


def _label(at: tuple[float, float], text: str, start: float = 0.0) -> tuple[Effect, float]:
    return Effect("label", start, 2.0, at=at, text=text, colour=palette.LABEL_RED, data={"sub": "by Nyssa"}), 0.5


def test_r4_7_a_label_over_a_fighter_with_a_foe_above_goes_beside_it():
    pygame.init()
    screen = pygame.Surface((800, 500))
    tokens = [_token(6, 4), _token(6, 3)]  # Tarn, and Nyssa right above him
    (box,) = captions.draw_labels(screen, [_label((6.5, 4.5), "Tackled!")], lambda x, y: (x * TILE, y * TILE),
                                  TILE, tokens=tokens)
    assert box.collidelist(tokens) < 0, box
    assert abs(box.centery - 4.5 * TILE) < 2 * TILE  # still by its fighter


def test_labels_pushed_down_by_the_boards_top_go_beside_their_fighter_not_on_it():
    pygame.init()
    screen = pygame.Surface((800, 500))
    tokens = [_token(6, 1)]  # a fighter on the top row: the stack above it has no room
    alive = [_label((6.5, 1.5), "Tackled!", 0.0), _label((6.5, 1.5), "−2 all rolls", 0.1)]
    boxes = captions.draw_labels(screen, alive, lambda x, y: (x * TILE, y * TILE), TILE, tokens=tokens)
    assert all(b.collidelist(tokens) < 0 for b in boxes), boxes
    assert not boxes[0].colliderect(boxes[1])


def test_r4_7_the_tackle_films_labels_never_cover_a_token():
    pygame.init()
    pygame.display.set_mode((8, 8))
    sc = demo_step("03-tackle.toml")
    film = showcase.Film(sc, "en", (1280, 720), fps=10)
    draw = film.draw
    covered: list[tuple[int, pygame.Rect]] = []
    seen = 0

    def watched(surface, queue, state):
        nonlocal seen
        record_text_boxes()
        draw(surface, queue, state)
        ox, oy = film.origin
        tokens = [pygame.Rect(r.x, r.y, film.tile, film.tile)  # the token itself, not its tag
                  for r in queue.token_boxes(lambda x, y: (ox + x * film.tile, oy + y * film.tile), film.tile)]
        labels = [box for what, box, _, _ in text_boxes() if what == "anim_label"]
        seen += len(labels)
        covered.extend((i, lb) for i, lb in enumerate(labels) if lb.collidelist(tokens) >= 0)

    film.draw = watched  # type: ignore[method-assign]
    for _ in film.frames():
        pass
    assert seen > 20 and covered == []
