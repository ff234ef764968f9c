"""How much of a box other boxes cover: the cost that places the animation's captions where
they hide the least (a label beside its fighter, `captions._aside`; dice and banners,
`stacks.place_stack`)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame


def covered(box: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    """The pixels of `box` under each of `others`, summed (a pixel under two of them counts twice)."""
    others = others if isinstance(others, list) else list(others)
    total = 0
    for k in box.collidelistall(others):  # the few that touch it (a board marks hundreds of squares)
        part = box.clip(others[k])
        total += part.w * part.h
    return total


def covered_all(boxes: Iterable[pygame.Rect], others: Iterable[pygame.Rect]) -> int:
    """`covered` summed over several `boxes` (a stack of captions)."""
    others = others if isinstance(others, list) else list(others)  # a list not copied for each stack tried
    return sum(covered(box, others) for box in boxes)

