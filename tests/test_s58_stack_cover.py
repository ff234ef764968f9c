"""s58: a stack's place search weighs every place at once from running sums down its columns
(`stacks._column_sums`); they must count what `cover.covered_all` counts, box for box."""

from __future__ import annotations

import random

import pygame

from arena_game.ui.anim.cover import covered_all
from arena_game.ui.anim.stacks import _column_sums


def test_column_sums_count_what_covered_all_counts():
    rng = random.Random(58)
    for _ in range(40):
        # overlapping boxes, boxes past the rows summed, boxes of no or a negative size
        boxes = [pygame.Rect(rng.randint(-20, 300), rng.randint(-40, 340), rng.randint(-10, 90), rng.randint(-10, 90))
                 for _ in range(rng.randint(0, 40))]
        low, high = rng.randint(0, 60), rng.randint(200, 300)
        for _ in range(30):
            x, w, h = rng.randint(-10, 280), rng.randint(1, 120), rng.randint(1, 40)
            sums = _column_sums(boxes, x, w, low, high)
            y = rng.randint(low, high - h)
            assert sums[y + h - low] - sums[y - low] == covered_all([pygame.Rect(x, y, w, h)], boxes)
