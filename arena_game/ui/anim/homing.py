"""A floating label's way home: a place near its fighter for a label the usual search left
astray (farther than `spots.FREE_REACH` tiles, or nearer another fighter) or on a token's
initials (s53: at 800×560 the French circle's "−6 PV" floated 6 tiles over Oruk, above the
rolls held on screen, the tackle's "−2 à tous les jets" sat nearer Oruk than Tarn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from arena_game.ui.anim.cover import covered, covered_all
from arena_game.ui.anim.fit import SMALLEST
from arena_game.ui.anim.spots import LABEL_GAP, astray, far, free_spot
from arena_game.ui.anim.stacks import place_stack

if TYPE_CHECKING:
    from arena_game.ui.anim.captions import _Laid

Lay = Callable[[Sequence[pygame.Rect] | None, int], "_Laid"]
"""A label laid round some labels (its shape the usual search's), or only shaped (None: its
size in a shape of `fit.LABEL_VARIANTS`, `captions._layer`)."""

NO_HOME: dict[tuple[object, ...], tuple[object, ...]] = {}
"""The labels `home` found no place for, with the boxes round them then: not searched again
while those stay (each frame would)."""


def home(item: _Laid, key: tuple[object, ...], at: tuple[float, float], tile: float,
         others: Sequence[pygame.Rect], held: Sequence[pygame.Rect], stage: pygame.Rect,
         tokens: Sequence[pygame.Rect], soft: Sequence[pygame.Rect], mates: Sequence[pygame.Rect], lay: Lay) -> _Laid:
    """`item` (a label of its fighter centred at `at`, known as `key`) laid again (`lay`), or at
    the nearest free place (`spots.free_spot`) in its mildest shape, round the `others` labels:
    off the scenery (`soft`) before over it (on the lighter plate), and in each case round the
    `held` rolls and banners before over their place (they keep it while it is free: laid after
    the labels, they go round them, when they find a place clear of them, `room_for`); else
    right under one of its fighter's own labels (`mates`: a stack reads as one fighter's, the
    later label under the earlier). `item` as it was when none is."""
    cx, cy = at
    around = tuple(map(tuple, (*others, *held, *tokens)))
    if NO_HOME.get(key) == around:  # none found in the frame before, round the same boxes
        return item
    rounds = [[*others, *held], list(others)] if held else [list(others)]

    def moves(box: pygame.Rect, placed: list[pygame.Rect]) -> bool:  # laid over the held lines: they find
        return placed is rounds[0] or room_for(held, [*others, box], stage)  # a place clear of every label

    laid = [lay(placed, 0) for placed in rounds]  # (each laid and shaped once: a search costs ~1 ms)
    shapes = {shape: lay(None, shape).box.size for shape in (0, *SMALLEST)}
    for marks in ((soft, ()) if soft else ((),)):
        for again, placed in zip(laid, rounds, strict=True):
            if at_home(again.box, cx, cy, tile, tokens) and again.box.collidelist(marks) < 0 and moves(again.box, placed):
                return again
            for shape, size in shapes.items():
                spot = free_spot(pygame.Rect((0, 0), size), cx, cy, tile, stage, placed, tokens, marks)
                if spot is not None and moves(spot, placed):
                    shaped = lay(None, shape)
                    shaped.box, shaped.hits, shaped.cost = spot, set(), 0
                    return shaped
    for placed in rounds:  # else under one of its fighter's labels, over the fewest pillars and crates
        for mate in mates:
            under = [pygame.Rect((0, 0), item.box.size) for _ in range(3)]
            under[0].midtop, under[1].topleft, under[2].topright = ((mate.centerx, mate.bottom + LABEL_GAP),
                                                                    (mate.left, mate.bottom + LABEL_GAP),
                                                                    (mate.right, mate.bottom + LABEL_GAP))
            fits = [r for r in (r.clamp(stage) for r in under) if stage.contains(r) and r.collidelist(tokens) < 0
                    and not far(r, cx, cy, tile) and not any(q.inflate(0, 8).colliderect(r) for q in placed)
                    and moves(r, placed)]
            if fits:
                item.box = min(fits, key=lambda r: covered(r, soft))
                item.hits, item.cost, item.stacked = set(), 0, True
                return item
    NO_HOME[key] = around
    return item


def room_for(held: Sequence[pygame.Rect], labels: Sequence[pygame.Rect], stage: pygame.Rect) -> bool:
    """Whether the `held` rolls and banners, stacked anew (`stacks.place_stack`), find a place in
    `stage` clear of the `labels`: a label that takes their place must not leave them under it."""
    if not held:
        return True
    ordered = sorted(held, key=lambda r: r.top)
    gap = max(0, min((b.top - a.bottom for a, b in zip(ordered, ordered[1:], strict=False)), default=6))
    again = place_stack(stage, [r.size for r in ordered], (), gap, labels)
    return covered_all(again, labels) == 0


def at_home(box: pygame.Rect, cx: float, cy: float, tile: float, tokens: Sequence[pygame.Rect]) -> bool:
    """A label at `box` reads as its fighter's (centred at `cx`, `cy`), covering no token."""
    return box.collidelist(tokens) < 0 and not astray(box, cx, cy, tile, tokens)
