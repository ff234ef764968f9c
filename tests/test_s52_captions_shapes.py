"""A caption with no free place at its usual size (s52): a label takes a smaller shape that fits
the gap between two pillars (never below the window's smallest text), three rolls a tighter stack
that fits the band between two rows of crates and keep it, and what must still cover scenery sits
on a lighter plate that lets it read."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim import captions, spots
from arena_game.ui.anim.captions import draw_dice, draw_labels
from arena_game.ui.anim.fit import MIN_TEXT, two_rows
from arena_game.ui.anim.timeline import Effect

pytestmark = pytest.mark.usefixtures("fresh_pygame")

TILE = 40


def _to_screen(x: float, y: float) -> tuple[float, float]:
    return x * TILE, y * TILE


def _label() -> Effect:
    return Effect("label", 0.0, 2.0, at=(10.5, 8.5), text="−2 to all rolls", data={"sub": "tackled, R4.7, 1 turn"})


def _drawn(surface: pygame.Surface, labels: list, **kw) -> list[tuple[pygame.Rect, int]]:
    record_text_boxes(True)
    try:
        draw_labels(surface, labels, _to_screen, TILE, **kw)
        return [(rect, size) for what, rect, size, *_ in text_boxes() if what == "anim_label"]
    finally:
        record_text_boxes(False)


def test_s52_a_label_wider_than_the_gap_between_pillars_takes_a_smaller_shape():
    pygame.font.init()
    surface = pygame.Surface((800, 600))
    captions.reset_caches()
    ((usual, _),) = _drawn(surface, [(_label(), 0.5)])
    captions.reset_caches()
    band = pygame.Rect(0, 0, usual.w - 10, 600)  # round the fighter, 10 px narrower than the label
    band.centerx = int(10.5 * TILE)
    soft = [pygame.Rect(0, 0, band.left, 600), pygame.Rect(band.right, 0, 800 - band.right, 600)]
    own = pygame.Rect(10 * TILE, 8 * TILE, TILE, TILE + 14)
    ((box, size),) = _drawn(surface, [(_label(), 0.5)], tokens=[own], soft=soft)
    assert box.collidelist(soft) < 0, (box, band)
    assert not box.colliderect(own) and size >= MIN_TEXT
    assert spots.near_own(box, 10.5 * TILE, 8.5 * TILE, [own])


def test_s52_a_label_with_no_place_off_scenery_sits_on_a_lighter_plate():
    """The whole board is a crate: the label covers it whatever its shape, on a pill the crate
    shows through more than the usual one."""
    pygame.font.init()
    pixels = []
    for soft in ([], [pygame.Rect(0, 0, 800, 600)]):
        captions.reset_caches()
        surface = pygame.Surface((800, 600))
        surface.fill((250, 250, 250))
        ((box, _),) = _drawn(surface, [(_label(), 0.5)], soft=soft)
        pixels.append(surface.get_at((box.left + 2, box.centery))[0])  # in the pill's margin, off the words
    usual, light = pixels
    assert light > usual + 30, pixels


def _rolls() -> list[tuple[Effect, float]]:
    words = ["Kael — Esquive (dodge): d20 7 + Agilité (agility) 5 + Esquive (dodge) 4 = 16",
             "Brakka — Hit location: d20 5", "Brakka — Damage (circle): d6 6 + second d6 5 = 11"]
    return [(Effect("dice", 0.0, 2.0, text=w.split(" — ")[1], data={"who": w.split(" — ")[0], "die": 20, "face": 7,
                                                                     "total": 7, "critical": None}), 0.5)
            for w in words]


def test_s52_three_rolls_take_a_tighter_stack_between_two_rows_of_crates_and_keep_it():
    """The band between the crates is 10 px shorter than the usual stack of three rolls."""
    pygame.font.init()
    surface = pygame.Surface((700, 525))
    rolls = _rolls()
    usual = draw_dice(surface, rolls)
    height = usual[-1].bottom - usual[0].top
    top = 200
    crates = [pygame.Rect(0, 0, 700, top), pygame.Rect(0, top + height - 10, 700, 525 - top - height + 10)]
    rolls = _rolls()  # new lines: laid afresh
    boxes = draw_dice(surface, rolls, soft=crates)
    assert not [b for b in boxes if b.collidelist(crates) >= 0], (boxes, crates)
    assert [b.top for b in boxes] == sorted(b.top for b in boxes)  # still in the order they came
    assert draw_dice(surface, rolls, soft=crates) == boxes  # the next frame: the same place and shape


def test_s52_two_rows_cuts_a_line_near_its_middle_never_after_a_number_nor_before_a_gloss():
    """A wrapped label read "−5" over "PV" at 800×560."""
    assert two_rows("−2 à tous les jets") == ("−2 à tous", "les jets")
    assert two_rows("−5 PV") == ("−5 PV",)
    assert two_rows("−6 PV (HP)") == ("−6 PV (HP)",)
    assert two_rows("torse · reste 19 PV") == ("torse ·", "reste 19 PV")
    assert two_rows("Tackled!") == ("Tackled!",)
