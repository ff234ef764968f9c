"""A roll's line already on screen keeps its place while it is read (s48 review 2, item 3): in
the live tackle, "Tarn — Tackle by Nyssa: d8 1" dropped ~26 px when the first roll's line faded
and the "−2 to all rolls" label came: the labels were laid first, the dice round them, and a
stack that lost a line was laid again from the top."""

from __future__ import annotations

import pygame

from arena_game.ui.anim import captions
from arena_game.ui.anim.timeline import Effect
from tests.layout_boxes import effects_frame


def _roll(who: str, face: int) -> Effect:
    return Effect(kind="dice", start=0.0, duration=2.0, text=f"Tackle by {who}: d8 {face}",
                  data={"who": "Tarn", "die": 8, "face": face})


def test_a_roll_line_keeps_its_place_when_the_one_above_ends_and_a_label_comes_over_it():
    pygame.font.init()
    captions._PLACED.clear()
    surface = pygame.Surface((800, 600))
    first, second = _roll("Oruk", 3), _roll("Nyssa", 1)
    before = effects_frame(surface, [(first, 0.8), (second, 0.8)])["dice"]
    assert len(before) == 2
    kept = before[1]
    # the first roll's line ends; a label comes over a fighter right under the second one's line
    label = Effect(kind="label", start=1.0, duration=1.0, at=((kept.centerx) / 40, (kept.bottom + 50) / 40),
                   text="−2 to all rolls", data={"sub": "tackled, R4.7, 1 turn"})
    after = effects_frame(surface, [(second, 0.9), (label, 0.3)])
    assert after["dice"] == [kept], (after["dice"], kept)
    assert after["anim_label"][0].collidelist(after["dice"]) == -1, after


def test_a_new_label_leaves_the_run_s_discs_in_sight_when_a_place_beside_its_fighter_is_free():
    """"Tackled! / by Nyssa" sat on the run-so-far discs at (4, 2) and (5, 2), left of Tarn."""
    pygame.font.init()
    captions._LABEL_PLACES.clear()
    surface = pygame.Surface((800, 600))
    tarn = pygame.Rect(240, 240, 40, 58)  # the token and its name tag (`token_boxes`)
    discs = [pygame.Rect(x, y, 40, 40) for x in range(80, 720, 40) for y in (160, 200)]  # the rows above
    label = Effect(kind="label", start=0.0, duration=1.0, at=(6.5, 6.5), text="Tackled!", data={"sub": "by Nyssa"})
    (box,) = captions.draw_labels(surface, [(label, 0.5)], lambda x, y: (x * 40, y * 40), 40, tokens=[tarn], soft=discs)
    assert box.collidelist(discs) == -1 and box.collidelist([tarn]) == -1, box
