"""Roll lines and banners never cover a floating label (s46 review, item 4: in film 7 the line
"Brakka — Damage (circle): d6 6 + d6 #2 5 = 11" hid the end of "−6 PV (HP)"): with every
centred place taken, the stack goes against the board's side rather than over the words. And
the one "how much of this box do those cover" sum the placements share."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render import palette
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui import showcase
from arena_game.ui.anim import captions
from arena_game.ui.anim.cover import covered, covered_all
from arena_game.ui.anim.draw import draw_effects
from arena_game.ui.anim.timeline import Effect

pytestmark = pytest.mark.usefixtures("fresh_pygame")
TILE = 44


def test_covered_sums_the_pixels_each_other_box_hides():
    box = pygame.Rect(0, 0, 100, 50)
    assert covered(box, []) == 0
    assert covered(box, [pygame.Rect(90, 40, 20, 20)]) == 10 * 10
    assert covered(box, [pygame.Rect(200, 0, 10, 10)]) == 0
    # two boxes over the same pixels count them twice: the cost grows with each thing hidden
    assert covered(box, [pygame.Rect(0, 0, 10, 10), pygame.Rect(0, 0, 10, 10)]) == 200
    assert covered_all([box, box.move(0, 100)], iter([pygame.Rect(0, 40, 10, 70)])) == 100 + 100


def _scene() -> tuple[list[tuple[Effect, float]], list[pygame.Rect]]:
    """A "−6 PV (HP)" label near the top left of the board, fighters down its middle column:
    every centred place of a roll's line covers the label or a token."""
    label = Effect("label", 0.0, 2.0, at=(5.0, 2.5), text="−6 PV (HP)", colour=palette.LABEL_RED,
                   data={"sub": "torso · 26 PV (HP) left"})
    roll = Effect("dice", 0.0, 2.0, text="Damage (circle): d6 6 + d6 #2 5 = 11",
                  data={"who": "Brakka", "die": 6, "face": 6})
    banner = Effect("banner", 0.0, 2.0, text="Round 2 — Oruk", colour=palette.LABEL_RED, data={"sub": "team: Blue"})
    tokens = [pygame.Rect(8 * TILE + 10, y * TILE, TILE, int(TILE * 1.45)) for y in range(2, 11)]
    return [(label, 0.5), (roll, 0.9), (banner, 0.5)], tokens


def test_a_roll_line_and_a_banner_never_go_over_a_floating_label():
    pygame.init()
    screen = pygame.Surface((800, 500))
    effects, tokens = _scene()
    record_text_boxes(True)
    draw_effects(screen, effects, lambda x, y: (x * TILE, y * TILE), TILE, tokens=tokens)
    boxes = text_boxes()
    record_text_boxes(False)
    labels = [box for what, box, _, _ in boxes if what == "anim_label"]
    others = [(what, box) for what, box, _, _ in boxes if what in ("dice", "banner")]
    assert len(labels) == 1 and {what for what, _ in others} == {"dice", "banner"}
    assert [(what, box) for what, box in others if box.collidelist(labels) >= 0] == []
    dice, banner = (box for _, box in others)
    assert not dice.colliderect(banner)
    assert all(screen.get_rect().contains(box) for _, box in others)


def test_a_stack_covers_a_token_rather_than_a_label_when_it_must_cover_one():
    stage = pygame.Rect(0, 0, 400, 300)
    label = pygame.Rect(0, 0, 400, 60)  # across the whole top
    tokens = [pygame.Rect(0, 60, 400, 240)]  # and fighters everywhere else
    (box,) = captions.place_stack(stage, [(300, 40)], tokens, clear=[label])
    assert not box.colliderect(label)


def test_no_demo_film_shows_a_roll_or_banner_over_a_floating_label():
    pygame.init()
    pygame.display.set_mode((8, 8))
    over: list[tuple[str, int, str, pygame.Rect]] = []
    labels_seen = 0
    files = ordered_files(demo_dir())
    for i, path in enumerate(files, 1):
        film = showcase.Film(load_scenario(path), "en", (1280, 720), fps=10, step=(i, len(files)))
        record_text_boxes(True)
        for k, _ in enumerate(film.frames()):
            boxes = text_boxes()
            labels = [box for what, box, _, _ in boxes if what == "anim_label"]
            labels_seen += len(labels)
            over += [(path.name, k, what, box) for what, box, _, _ in boxes
                     if what in ("dice", "banner") and box.collidelist(labels) >= 0]
        record_text_boxes(False)
    assert labels_seen > 100 and over == []
