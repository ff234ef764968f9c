"""Where a caption may go: the free place nearest its fighter that still reads as that
fighter's (`free_spot`, `near_own`), the places found row by row from the spans the boxes to
keep clear bar rather than by testing each place against each box (`open_spots`; s52: a crowded
label's search built and tested ~3,000 boxes a try, four tries in a frame: +2 ms)."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from itertools import repeat

import pygame

from arena_game.render.text import INITIALS_AT, initials_size


def open_spots(rows: Iterable[tuple[int, Sequence[int]]], w: int, h: int,
               walls: Sequence[pygame.Rect]) -> list[tuple[int, int]]:
    """The places (x, y) of a `w`×`h` box (both > 0) that collide with none of the `walls`
    (as `pygame.Rect.colliderect` has it: an empty wall collides with nothing), out of `rows`:
    each a y and its xs, sorted."""
    spans = sorted((min(r.left, r.right) - w, max(r.left, r.right), min(r.top, r.bottom), max(r.top, r.bottom))
                   for r in walls if r.w and r.h)  # by their starts: a box at x collides with one on its row when lo < x < hi
    found: list[tuple[int, int]] = []
    for y, xs in rows:
        i = 0
        for lo, hi in [(lo, hi) for lo, hi, top, bottom in spans if y < bottom and y + h > top]:
            end = bisect_right(xs, lo)  # the xs before it and past every one before it are open
            if end > i:
                found.extend(zip(xs[i:end], repeat(y)))
            i = max(i, bisect_left(xs, hi))
        found.extend(zip(xs[i:], repeat(y)))
    return found


def near_own(box: pygame.Rect, cx: float, cy: float, tokens: Sequence[pygame.Rect], ties: bool = False) -> bool:
    """Whether a label at `box` reads as its fighter's (at `cx`, `cy`): every other fighter's
    token centre is farther from the label than its own fighter's centre (a label as near two
    fighters, over both, could be either's: film 6 stacked two "+5 Dextérité" over Oruk and Kael);
    `ties`: or as far."""
    own = gap(box, cx, cy)  # a token's box is its disc and the name tag under it: the disc's centre
    return all(gap(box, t.centerx, t.top + t.w / 2) > own or (ties and gap(box, t.centerx, t.top + t.w / 2) == own)
               for t in tokens if not t.collidepoint(cx, cy))


def gap(box: pygame.Rect, x: float, y: float) -> float:
    """How far the point (`x`, `y`) is from `box` (0 inside it)."""
    dx = max(box.left - x, 0.0, x - box.right)
    dy = max(box.top - y, 0.0, y - box.bottom)
    return math.hypot(dx, dy)


FREE_REACH = 3.0  # tiles: how far from its fighter's square `free_spot` looks for a place
LABEL_GAP = 4  # px between labels stacked over the same fighter or neighbours (`captions.draw_labels`)


def astray(box: pygame.Rect, cx: float, cy: float, tile: float, tokens: Sequence[pygame.Rect]) -> bool:
    """Whether a label at `box` fails to read as its fighter's (centred at `cx`, `cy`): farther
    from its square than `FREE_REACH` tiles (across or down), or nearer another fighter
    (`near_own`; as near both, as under two fighters side by side, reads as theirs) (s52: the
    French circle's "−6 PV" floated 7 tiles over Oruk at 800×560, over the rolls)."""
    return far(box, cx, cy, tile) or not near_own(box, cx, cy, tokens, ties=True)


def far(box: pygame.Rect, cx: float, cy: float, tile: float) -> bool:
    """Whether `box` is farther than `FREE_REACH` tiles (across or down) from the square centred
    at (`cx`, `cy`)."""
    return max(box.left - cx, cx - box.right, box.top - cy, cy - box.bottom) - tile / 2 > FREE_REACH * tile


# Tiles a label left of a token keeps from its square past `LABEL_GAP`: the initials at its
# top-left start at its edge, and the push's caption 3 px from "Ta" read as one line (the push in
# French at 1920x1080, seen in session 52).
INITIALS_GAP = 0.15


def beside_initials(token: pygame.Rect, tile: float) -> pygame.Rect:
    """The band left of a token's initials (`initials_box`) a label keeps clear (`INITIALS_GAP`)."""
    ini = initials_box(token, tile)
    width = LABEL_GAP + round(INITIALS_GAP * tile)
    return pygame.Rect(ini.left - width, ini.top, width, ini.h)


def initials_box(token: pygame.Rect, tile: float) -> pygame.Rect:
    """Where a token's initials are drawn (`render.text.initials`: the top-left of its square, a
    token's box being its square and the name tag under it), at most: from its square's top (an
    accent's outline may reach a pixel over it) down their line, as wide as two wide letters
    ("WW"), never past the square."""
    size = initials_size(int(tile))
    line = int(size * 1.5) + 1  # the initials' outlined line (17 px at 11 px, 31 at 20)
    return pygame.Rect(token.x + INITIALS_AT[0], token.y, min(token.w, int(size * 2.2) + 1), line + INITIALS_AT[1])


def free_spot(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect,
              placed: Sequence[pygame.Rect], tokens: Sequence[pygame.Rect],
              soft: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The place nearest its fighter at (`cx`, `cy`) for a label of `box`'s size that covers
    no token and none of the `soft` boxes, inside `stage`, clear of the `placed` labels and
    nearer its own fighter than any other (`near_own`), at most `FREE_REACH` tiles from the
    fighter's square (half-tile steps); None if there is none. The spots beside a fighter may
    all cover a pillar (s51: the lava film's "Dead" at 800×560 sat on (8, 5), then on (8, 5)
    and (11, 5)); a place a little farther off covers none. Besides the grid, the places
    flush against each box to keep clear are tried: the one free place may be narrower than a
    step (s52: "Tacle !" fits between the pillars at (7, 3) and (12, 3) at 800×560 by 3 px)."""
    key = (box.size, cx, cy, tile, tuple(stage), *(tuple(map(tuple, rs)) for rs in (placed, tokens, soft)))
    if key not in SPOTS:  # (each label tries it in several shapes, and again in the frames after)
        if len(SPOTS) >= 64:
            SPOTS.clear()
        SPOTS[key] = _search_spot(box, cx, cy, tile, stage, placed, tokens, soft)
    found = SPOTS[key]
    return None if found is None else pygame.Rect(found)


SPOTS: dict[tuple[object, ...], pygame.Rect | None] = {}
"""`free_spot`'s answers by what it was asked: the same while the fighters and labels stay."""


def _search_spot(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect,
                 placed: Sequence[pygame.Rect], tokens: Sequence[pygame.Rect],
                 soft: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """`free_spot` searched."""
    step = max(4, round(tile / 2))
    reach = round(FREE_REACH * tile)
    x0, y0 = round(cx), round(cy)
    area = pygame.Rect(x0 - reach - box.w, y0 - reach - box.h, 2 * reach + box.w + 1, 2 * reach + box.h + 1)
    soft = [r for r in soft if r.colliderect(area)]
    shy = [r for r in (beside_initials(t, tile) for t in tokens) if r.colliderect(area)]  # off their initials
    near = [r for r in (*soft, *tokens, *shy) if r.colliderect(area)]
    xs = set(range(area.left, area.right, step)) | {x for r in near for x in (r.right, r.left - box.w)}
    ys = set(range(area.top, area.bottom, step)) | {y for r in near for y in (r.bottom, r.top - box.h)}
    xs |= {x for r in placed if r.colliderect(area) for x in (r.right + 5, r.left - box.w - 5)}  # (their 4 px
    ys |= {y for r in placed if r.colliderect(area) for y in (r.bottom + 5, r.top - box.h - 5)}  # margin round them)
    w, h = box.size  # (a label's box is never empty)
    walls = [*tokens, *shy, *soft, *(q.inflate(8, 8) for q in placed)]  # (side by side: the pills touched)
    xs_in = [x for x in sorted(xs) if area.left <= x < area.right and stage.left <= x <= stage.right - w]
    ys_in = [y for y in sorted(ys) if area.top <= y < area.bottom and stage.top <= y <= stage.bottom - h]
    found = _nearest_open([(y, xs_in) for y in ys_in], box.size, cx, cy, tokens, walls)
    if found is None and stage.w >= w and stage.h >= h:
        # then the spots just over the board's edge pushed back inside it: the grid's steps may miss
        # the one place left, between the edge and a token (s51: the circle's "−6 PV" left of Oruk)
        edge = stage.inflate(2 * step, 2 * step)
        found = _nearest_open(_pushed_rows(xs, ys, w, h, area, stage, edge, xs_in, ys_in), box.size, cx, cy, tokens, walls)
    return found


def _nearest_open(rows: list[tuple[int, list[int]]], size: tuple[int, int], cx: float, cy: float,
                  tokens: Sequence[pygame.Rect], walls: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """`free_spot`'s pick among places by `rows` (`spots.open_spots`) for a box of `size`."""
    # the free ones (found row by row), the nearest first; then centred over or under
    free = [pygame.Rect((x, y), size) for x, y in open_spots(rows, *size, walls)]
    free.sort(key=lambda r: (gap(r, cx, cy), abs(r.centerx - cx), r.x, r.y))
    # nearer its own fighter than any other; else no nearer another (a wide label over two
    # fighters side by side, as near one as the other: the places beside them were no better)
    tie = None
    for r in free:
        if near_own(r, cx, cy, tokens):
            return r
        if tie is None and near_own(r, cx, cy, tokens, ties=True):
            tie = r
    return tie


def _pushed_rows(xs: set[int], ys: set[int], w: int, h: int, area: pygame.Rect, stage: pygame.Rect,
                 edge: pygame.Rect, xs_in: list[int], ys_in: list[int]) -> list[tuple[int, list[int]]]:
    """`free_spot`'s places of a `w`×`h` box at `xs`, `ys` in `area` over `stage`'s side but
    inside `edge`, clamped into `stage`, by rows: a place past a side lands flush against it,
    so the ones in from both sides (`xs_in`, `ys_in`) come with the sides' own."""
    def sides(vs: set[int], low: int, high: int, lo: int, hi: int, start: int, end: int) -> set[int]:
        return {low if v < low else high for v in vs if start <= v < end and lo <= v <= hi and not low <= v <= high}

    x_out = sides(xs, stage.left, stage.right - w, edge.left, edge.right - w, area.left, area.right)
    y_out = sides(ys, stage.top, stage.bottom - h, edge.top, edge.bottom - h, area.top, area.bottom)
    every_x = sorted(x_out.union(xs_in))
    rows = {y: every_x for y in y_out}
    for y in ys_in:
        rows.setdefault(y, sorted(x_out))
    return sorted(rows.items())
