"""Where the animation's stacked captions go: the rolls' lines and the banners, laid one under
the other in the board's room where they cover no words, then no token, then the fewest pillars
and crates, in the tightest of their shapes that needs to (`place_fitted`); a stack keeps its
place from one frame to the next while that place stays free (no jumps).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate, pairwise
from operator import add
from typing import NamedTuple

import pygame

from arena_game.ui.anim.cover import covered_all
from arena_game.ui.anim.timeline import Effect

_PLACED: dict[str, tuple[object, list[pygame.Rect]]] = {}
"""Each stack's last place (`place_stack`'s `kept`): the dice's and the banners'."""
_PLACED_SOFT: dict[str, int] = {}
"""How much of the pillars and crates each stack's place covered when it was found."""


def _kept_lines(name: str, showing: object, sizes: Sequence[tuple[int, int]] | None,
                stage: pygame.Rect | None) -> list[pygame.Rect]:
    """The boxes the stack `name` gave, in the frame before, to each line it `shows` now (ids),
    when every one of them was there (at the same size, in the same `stage`, when given); []
    for a new line or none kept."""
    last = _PLACED.get(name)
    if last is None or not isinstance(showing, tuple):
        return []
    key, boxes = last
    if not isinstance(key, tuple) or len(key) != 3:
        return []
    was, was_sizes, was_stage = key
    if not isinstance(was, tuple) or not all(i in was for i in showing):
        return []
    at = [was.index(i) for i in showing]
    if stage is not None and was_stage != tuple(stage):
        return []
    if sizes is not None and [was_sizes[k] for k in at] != list(sizes):
        return []
    return [pygame.Rect(boxes[k]) for k in at]


STACK_LINES = {"dice": 3, "banners": 2}
"""How many of their latest effects the dice and the banners show at a time."""


def stack_shown(name: str, effects: list[tuple[Effect, float]]) -> list[tuple[Effect, float]]:
    """The effects the stack `name` ("dice", "banners") shows: its latest ones."""
    return effects[-STACK_LINES[name]:]


def _stack_ids(name: str, effects: list[tuple[Effect, float]]) -> tuple[int, ...]:
    """What the stack `name` shows, by the ids of its effects (`place_stack`'s `kept`)."""
    return tuple(id(e) for e, _ in stack_shown(name, effects))


def held_places(name: str, effects: list[tuple[Effect, float]]) -> list[pygame.Rect]:
    """Where the stack `name` ("dice", "banners") drew the lines it shows of `effects` in the
    frame before (`place_stack`'s `kept`): places the labels then leave free, so those lines
    keep them while they are read; [] when a line is new or none shows."""
    return _kept_lines(name, _stack_ids(name, effects), None, None)


def place_stack(stage: pygame.Rect, sizes: Sequence[tuple[int, int]], avoid: Sequence[pygame.Rect],
                gap: int = 6, clear: Sequence[pygame.Rect] = (), kept: tuple[str, object] | None = None,
                soft: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Boxes of `sizes` stacked in `stage`: centred at its top, bottom or middle, then against
    its right or left side there — the first place that covers nothing of `clear` (words: the
    floating labels, the captions already placed) nor of `avoid` (tokens), else the one that
    covers the least of `clear`, then of `avoid`: a roll's line never goes over a "−6 PV" label
    when a place beside it is free (s46 review, item 4). `kept` (a stack's name, and what it
    shows, a tuple of ids): the same lines stay where they were while that place covers nothing,
    rather than going back to the top when a label beside them fades, a jump from one frame to
    the next; so do the lines left when others of the stack end (the tackle's second roll
    dropped a row when the first one's line faded, s48 review 2, item 3). `soft` (the pillars
    and crates): covered the least after the words and tokens (s51 review: the tackle's roll
    sat on the crates at (7, 5) and (12, 5)); a kept place stays while it covers no more of them
    than when it was found."""
    if not sizes:
        return []
    if kept is not None:
        name, showing = kept
        again = _kept_lines(name, showing, sizes, stage)
        if again and covered_all(again, clear) == 0 and covered_all(again, avoid) == 0 \
                and covered_all(again, soft) <= _PLACED_SOFT.get(name, 0):
            _PLACED[name] = ((showing, tuple(sizes), tuple(stage)), again)
            return again
        placed = place_stack(stage, sizes, avoid, gap, clear, soft=soft)
        _PLACED[name] = ((showing, tuple(sizes), tuple(stage)), placed)
        _PLACED_SOFT[name] = covered_all(placed, soft)
        return placed
    total = sum(h for _, h in sizes) + gap * (len(sizes) - 1)
    tops = [stage.top + 8, stage.bottom - 8 - total]
    tops += [stage.top + 8 + (stage.h - 16 - total) * k // 8 for k in range(1, 8)]
    spots = [(top, 0) for top in tops] + [(top, side) for top in tops for side in (1, -1)]
    if soft:  # then right under or over each box to keep clear: between a row of crates and one of
        # pillars (s51: the lava film's rolls sat on its crates at the top, then on its pillars)
        boxes = (*soft, *avoid, *clear)  # (their rows first: the squares of a board share few)
        edges = {top for top in {r.bottom for r in boxes} | {r.top - total for r in boxes}
                 if stage.top + 8 <= top <= stage.bottom - 8 - total}
        spots += [(top, side) for side in (0, 1, -1) for top in sorted(edges)]
    # every place's cost is weighed (a 64² map's pillars and crates give hundreds of places: one
    # at a time, a new roll's frame spent 7 ms on them); the first cheapest wins, as the first
    # place covering nothing did when the places were tried in turn
    low, high = min(top for top, _ in spots), max(top for top, _ in spots) + total
    downs = list(accumulate((h + gap for _, h in sizes[:-1]), initial=0))  # each line's top under the stack's
    xs = {side: [_line_x(stage, w, side) for w, _ in sizes] for side in (0, 1, -1)}
    weighed = []
    bands = _bands(soft)
    for group in (list(clear), list(avoid), None):  # the words first, then the tokens, then the pillars
        costs = [0] * len(spots)
        for k, (w, h) in enumerate(sizes):
            sums = {side: _column_sums(group, xs[side][k], w, low, high) if group is not None
                    else _band_sums(bands, xs[side][k], w, low, high) for side in xs}
            above, below = downs[k] - low, downs[k] + h - low
            costs = list(map(add, costs, [sums[side][top + below] - sums[side][top + above] for top, side in spots]))
        weighed.append(costs)
    places = list(zip(*weighed, strict=True))
    top, side = spots[min(range(len(spots)), key=places.__getitem__)]
    return [pygame.Rect(x, top + down, w, h) for x, down, (w, h) in zip(xs[side], downs, sizes, strict=True)]


def _line_x(stage: pygame.Rect, w: int, side: int) -> int:
    """Where a stack's line `w` px wide starts in the `stage`: centred (`side` 0), against its
    right edge (1) or its left (-1); a line nearly as wide as the stage stays in it."""
    x = stage.centerx - w // 2 if side == 0 else (stage.right - 8 - w if side > 0 else stage.left + 8)
    return max(stage.left, min(x, stage.right - w))


def _column_sums(boxes: list[pygame.Rect], x: int, w: int, low: int, high: int) -> list[int]:
    """The pixels of `boxes` under the column from `x` to `x + w`, summed from row `low` down to
    each row up to `high`: under a line of the column from y to y + h lie
    sums[y + h - low] - sums[y - low] pixels (as `covered_all` counts them)."""
    step = [0] * (high - low + 1)  # each row's pixels under the boxes, less the row above's
    right = x + w
    for k in pygame.Rect(x, low, w, high - low).collidelistall(boxes):
        left, top, across, down = boxes[k]
        if across <= 0 or down <= 0:  # collides when its size is negative, covers nothing (`covered`)
            continue
        # (conditional expressions, not min and max: a 64² map's pillars are ~190 boxes a column)
        end, bottom = left + across, top + down
        across = (end if end < right else right) - (left if left > x else x)
        step[(top if top > low else low) - low] += across
        step[(bottom if bottom < high else high) - low] -= across
    return list(accumulate(accumulate(step), initial=0))


Band = tuple[int, int, list[int], list[int], list[int]]
"""A band of rows (from y, to y) and, across it, where the boxes' coverage changes (xs,
sorted), the pixels covered left of each x and how many boxes cover the row right of it."""
_BANDS: dict[tuple[tuple[int, ...], ...], list[Band]] = {}
"""`_bands` by the boxes it was given: the pillars and crates stay from frame to frame."""


def _bands(boxes: Sequence[pygame.Rect]) -> list[Band]:
    """The pillars' and crates' coverage band by band of rows, made once for a set of boxes:
    `_band_sums` weighs a column on it from a few bands (a 64² map's ~190 pillars a column,
    summed box by box for each of a banner's five shapes and three sides: ~2 ms of the frame
    a turn ends in, s59)."""
    key = tuple(map(tuple, boxes))
    if key in _BANDS:
        return _BANDS[key]
    solid = [(x, y, x + w, y + h) for x, y, w, h in key if w > 0 and h > 0]  # (none other covers a pixel)
    rows = sorted({y for _, top, _, bottom in solid for y in (top, bottom)})
    at = {y: k for k, y in enumerate(rows)}
    edges: list[list[tuple[int, int]]] = [[] for _ in rows[1:]]  # each band's boxes' left and right edges
    for left, top, right, bottom in solid:  # (a pillar spans a band or two: not every box for every band)
        for k in range(at[top], at[bottom]):
            edges[k] += ((left, 1), (right, -1))
    bands = []
    for (start, end), across in zip(pairwise(rows), edges, strict=True):
        if not across:
            continue
        across.sort()
        xs: list[int] = []
        under: list[int] = []
        many: list[int] = []  # (a box's edges: the coverage grows by how many cover each px)
        total = count = 0
        for x, d in across:
            if xs and xs[-1] == x:
                count += d
                many[-1] = count
                continue
            if xs:
                total += count * (x - xs[-1])
            count += d
            xs.append(x)
            under.append(total)
            many.append(count)
        bands.append((start, end, xs, under, many))
    if len(_BANDS) >= 4:
        _BANDS.clear()
    _BANDS[key] = bands
    return bands


def _band_sums(bands: list[Band], x: int, w: int, low: int, high: int) -> list[int]:
    """`_column_sums` of the boxes `bands` were made of (`_bands`), for a column `w` > 0 px wide."""
    step = [0] * (high - low + 1)
    right = x + w
    for start, end, xs, under, many in bands:
        if end <= low or start >= high:
            continue
        k, j = bisect_right(xs, x) - 1, bisect_right(xs, right) - 1
        across = ((under[j] + many[j] * (right - xs[j])) if j >= 0 else 0) \
            - ((under[k] + many[k] * (x - xs[k])) if k >= 0 else 0)
        if across:
            step[(start if start > low else low) - low] += across
            step[(end if end < high else high) - low] -= across
    return list(accumulate(accumulate(step), initial=0))


_STACK_SHAPE: dict[str, int] = {}
"""The shape each stack's lines were last laid in (`place_fitted`)."""

Shape = tuple[list[tuple[int, int]], int]  # a stack's lines' sizes and the gap between them


class OverEdge(NamedTuple):
    """Room round a board shorter than its part of the window, for a stack that covers a token
    wherever it lies on the board (s60: on a board of three rows the rolls' lines covered both
    fighters, empty floor above and below it)."""

    board: pygame.Rect  # the board's box, its numbers included
    room: pygame.Rect  # the board's part of the window: the stack stays in it
    soft: Sequence[pygame.Rect]  # covered the least there, after the words and tokens: the board's numbers too


def over_edge(stage: pygame.Rect, edge: OverEdge, sizes: Sequence[tuple[int, int]], gap: int) -> pygame.Rect:
    """The band a stack of `sizes` may take over the board's top and bottom edges: the `stage`'s
    columns, from the stack's height (and its margin) above the board to as much below it."""
    reach = sum(h for _, h in sizes) + gap * (len(sizes) - 1) + 16
    return pygame.Rect(stage.left, edge.board.top - reach, stage.w, edge.board.h + 2 * reach).clip(edge.room)


def place_fitted(stage: pygame.Rect, shape: Callable[[int], Shape], shapes: int, avoid: Sequence[pygame.Rect],
                 clear: Sequence[pygame.Rect], kept: tuple[str, object],
                 soft: Sequence[pygame.Rect] = (), edge: OverEdge | None = None) -> tuple[int, list[pygame.Rect]]:
    """`place_stack` for a stack that may be drawn in `shapes` shapes (`shape(k)`, the usual one
    first, made only when tried): the shape and place it had in the frame before while that
    place stays free (`place_stack`'s `kept`); else its usual shape's best place, or when that
    covers a pillar or crate (`soft`), the first tighter shape whose place covers none and no
    more words (`clear`) nor tokens (`avoid`) (s52: the circle attack's three rolls were 15 px
    taller than the band between the crates at (7, 5) and (7, 9) at 1280×720). When that place
    still covers a token and `edge` gives room round the board, the stack goes over the board's
    top or bottom edge (`over_edge`) where it covers no token and no more words. The shape's
    index and the boxes."""
    name, showing = kept
    was = _STACK_SHAPE.get(name, 0)
    if was < shapes:
        sizes, gap = shape(was)
        rooms = [(stage, soft)] if edge is None else [(stage, soft), (over_edge(stage, edge, sizes, gap), edge.soft)]
        for room, marks in rooms:
            again = _kept_lines(name, showing, sizes, room)
            if again and covered_all(again, clear) == 0 and covered_all(again, avoid) == 0 \
                    and covered_all(again, marks) <= _PLACED_SOFT.get(name, 0):
                _PLACED[name] = ((showing, tuple(sizes), tuple(room)), again)
                return was, again
    sizes, gap = shape(0)
    pick, boxes = 0, place_stack(stage, sizes, avoid, gap, clear, soft=soft)
    if soft and covered_all(boxes, soft):
        words, tokens = covered_all(boxes, clear), covered_all(boxes, avoid)
        for k in range(1, shapes):
            tighter, tighter_gap = shape(k)
            there = place_stack(stage, tighter, avoid, tighter_gap, clear, soft=soft)
            if covered_all(there, soft) == 0 and covered_all(there, clear) <= words and covered_all(there, avoid) <= tokens:
                pick, boxes, sizes, gap = k, there, tighter, tighter_gap
                break
    room, marks = stage, soft
    band = over_edge(stage, edge, sizes, gap) if edge is not None and covered_all(boxes, avoid) else None
    if edge is not None and band is not None and (band.top < edge.board.top or band.bottom > edge.board.bottom):
        # (a board as tall as its part of the window, a 64² map's, has no floor above or below)
        there = place_stack(band, sizes, avoid, gap, clear, soft=edge.soft)
        if covered_all(there, avoid) == 0 and covered_all(there, clear) <= covered_all(boxes, clear):
            room, marks, boxes = band, edge.soft, there
    _PLACED[name] = ((showing, tuple(sizes), tuple(room)), boxes)
    _PLACED_SOFT[name] = covered_all(boxes, marks)
    _STACK_SHAPE[name] = pick
    return pick, boxes
