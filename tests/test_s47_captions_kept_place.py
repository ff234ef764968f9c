"""A roll's lines placed off a floating label went to the board's side while the label showed,
then jumped back to the top the frame it faded: the same lines now stay where they are while
that place covers nothing."""

from __future__ import annotations

import pygame

from arena_game.ui.anim.captions import place_stack

STAGE = pygame.Rect(0, 0, 800, 600)
SIZES = [(300, 40), (300, 40)]


def test_a_stack_moved_off_a_label_stays_there_when_the_label_fades():
    label = pygame.Rect(300, 0, 200, 120)  # over the top centre, the stack's first place
    showing = (1, 2)
    first = place_stack(STAGE, SIZES, [], clear=[label], kept=("dice", showing))
    assert not any(box.colliderect(label) for box in first)
    after = place_stack(STAGE, SIZES, [], clear=[], kept=("dice", showing))
    assert after == first  # not back at the top centre
    # other lines are placed afresh: the top centre again
    fresh = place_stack(STAGE, SIZES, [], clear=[], kept=("dice", (3,)))
    assert fresh[0].centerx == STAGE.centerx and fresh[0].top == STAGE.top + 8


def test_a_kept_place_that_now_covers_a_label_or_a_token_is_left():
    showing = (7,)
    first = place_stack(STAGE, SIZES, [], kept=("banners", showing))
    token = first[0].inflate(-10, -10)
    moved = place_stack(STAGE, SIZES, [token], kept=("banners", showing))
    assert moved != first and not any(box.colliderect(token) for box in moved)
