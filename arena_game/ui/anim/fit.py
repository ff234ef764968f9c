"""Smaller shapes of a caption, tried when its place at the usual size covers a pillar or a crate
(s52): a floating label a step smaller or on two short rows, a roll's or a banner's line a step
tighter. The smallest text any of them reaches is `MIN_TEXT`, the project's smallest readable size.
"""

from __future__ import annotations

import re
from typing import NamedTuple

MIN_TEXT = 11  # px: the window's smallest text (the key's, the status line's: `LEGEND_MIN_FONT`)
MIN_LABEL = 13  # px: a floating label's main line at its smallest (its sub-line: `MIN_TEXT`)


class LabelShape(NamedTuple):
    """A floating label's shape: how many steps smaller, how many of its lines go on two rows
    (0, its widest or both), its pill's margin beside the words in px."""

    steps: int
    wrap: int
    pad: int


LABEL_VARIANTS = (LabelShape(0, 0, 6), LabelShape(1, 0, 6), LabelShape(0, 1, 6), LabelShape(1, 1, 6),
                  LabelShape(2, 0, 6), LabelShape(2, 0, 3), LabelShape(1, 2, 6), LabelShape(2, 2, 3))
"""A floating label's shapes, the usual one first."""
SMALLEST = (5, 7)
"""The smallest of those shapes on one row and on two: where neither fits, none does."""


def label_variant(size: int, sub_size: int, variant: int) -> tuple[int, int, int, int]:
    """A label's main and sub-line sizes in the shape `variant` (`LABEL_VARIANTS`), how many of
    its lines go on two rows and its pill's margin: each step takes 2 px off the main line, 1 off
    the sub-line, never below `MIN_LABEL` and `MIN_TEXT` (nor above the usual sizes)."""
    steps, wrap, pad = LABEL_VARIANTS[variant]
    return (min(size, max(MIN_LABEL, size - 2 * steps)), min(sub_size, max(MIN_TEXT, sub_size - steps)), wrap, pad)


def two_rows(text: str) -> tuple[str, ...]:
    """`text` cut at the space nearest its middle (after a comma first, if one is as near), or
    whole when it has no space to cut at: a number keeps its word ("−5 PV" stays one row), a
    French "·", ":" or "!" the word before it, a gloss in brackets its term."""
    words = text.split(" ")
    spaces, at = [], 0
    for before, after in zip(words[:-1], words[1:], strict=True):
        at += len(before)
        if not NUMBER.fullmatch(before) and after[:1] not in KEEP_WITH_BEFORE:
            spaces.append(at)
        at += 1
    if not spaces:
        return (text,)
    middle = len(text) / 2
    cut = min(spaces, key=lambda i: (abs(i - middle) - (3 if text[i - 1] == "," else 0), i))
    return (text[:cut], text[cut + 1:])


NUMBER = re.compile(r"[−+\-]?\d[\d.,]*")
KEEP_WITH_BEFORE = "·:;!?»("  # and a gloss its term: "PV (HP)"


class StackShape(NamedTuple):
    """A stack of rolls' shape: font steps smaller, a line's margin over and under its die, the
    gap between lines."""

    steps: int
    margin: int
    gap: int


STACK_STEPS = (StackShape(0, 10, 6), StackShape(0, 6, 3), StackShape(1, 6, 3), StackShape(2, 4, 3))
"""The rolls' shapes, the usual one first. A tighter stack fits the band between two rows of
crates."""

BANNER_STEPS = ((1.0, 20), (1.0, 10), (0.9, 10), (0.8, 10), (0.72, 10))
"""The banners' shapes, the usual one first: (font scale, margin over and under the words)."""
