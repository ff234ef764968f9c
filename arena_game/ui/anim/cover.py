"""How much of a box other boxes cover: the cost that places the animation's captions where
they hide the least (a label beside its fighter, `captions._aside`; dice and banners,
`captions.place_stack`)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame


def covered(box: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    """The pixels of `box` under each of `others`, summed (a pixel under two of them counts twice)."""
    total = 0
    for other in others:
        part = box.clip(other)
        total += part.w * part.h
    return total


def covered_all(boxes: Iterable[pygame.Rect], others: Iterable[pygame.Rect]) -> int:
    """`covered` summed over several `boxes` (a stack of captions)."""
    others = list(others)
    return sum(covered(box, others) for box in boxes)
