"""How each highlight kind is drawn: one table, `LOOKS`, kind → the marks that draw it.

A mark is a small drawing (a fill, an outline, a hatching, a disc, a label…) made by one of
the factories below; a kind's look is the marks it stacks, so no two kinds differ only by
colour (colour-blind players read the pattern). Inks are palette colours, or `BAND` (the
highlight's chance band) or `TEAM` (the highlight's team colour).

    draw_highlight(surface, highlight, tile, origin=(0, 0))
    draw_highlights(surface, highlights, tile, origin=(0, 0), over_tokens=False)
    arranged(highlights, taken, inside)   legal areas joined, targets' figures on tags beside them
    said_once(highlights)                 a push landing's figure left to its target's tag
    lightened(highlights, board)          a legal area over most of the ground drawn lighter
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.glyphs import drawable
from arena_game.render.highlight import Highlight, HighlightKind, joined_sides
from arena_game.render.text import font, outlined

Ink = palette.RGBA | Literal["band", "team"]
BAND: Ink = "band"
TEAM: Ink = "team"
Mark = Callable[[pygame.Surface, pygame.Rect, Highlight, int], None]
"""(surface, the square's rectangle, the highlight, tile size) → draws one part of a look."""


@dataclass(frozen=True)
class Look:
    """How one kind is drawn: its marks in order; `over_tokens` puts it above the fighters
    (targets and circle-attack order, whose numbers must stay readable)."""

    marks: tuple[Mark, ...]
    over_tokens: bool = False


def ink(i: Ink, h: Highlight, alpha: int = 255) -> palette.RGBA:
    """The RGBA colour an ink stands for on highlight `h`."""
    if i == "band":
        return (*palette.CHANCE_BANDS[h.band], alpha)
    if i == "team":
        c = pygame.Color(h.colour or palette.WHITE)
        return (c.r, c.g, c.b, alpha)
    assert not isinstance(i, str)
    return i


def _w(tile: int) -> int:
    return max(2, tile // 16)


WIDTHS: dict[str, Callable[[int], int]] = {
    "hair": lambda t: 1, "thin": lambda t: max(1, _w(t) // 2), "line": _w,
    "bold": lambda t: _w(t) + 1, "halo": lambda t: _w(t) + 2,
}
PLACES: dict[str, Callable[[pygame.Rect, int], tuple[int, int]]] = {
    "centre": lambda r, t: r.center,
    "corner": lambda r, t: (r.right - t // 6, r.bottom - t // 6),
    "low": lambda r, t: (r.centerx, r.bottom - t // 4),
    "high": lambda r, t: (r.centerx, r.top + t // 3),
}
SIZES: dict[str, Callable[[int], int]] = {  # grow with the square, never under 11 px (issue 13) …
    "small": lambda t: max(11, min(20, t // 4)), "medium": lambda t: max(11, min(26, t // 3)),
    "large": lambda t: max(12, min(32, t * 2 // 5)), "huge": lambda t: max(14, t // 2),
}  # … nor past what a zoomed-in square needs (a label at 1920×1080 stayed 10 px high on 53 px squares)


def edge_width(px: int) -> int:
    """How thick a square label's outline is at a font size: 1 px, 2 from 15 px up."""
    return 1 if px < 15 else 2


# -- mark factories ------------------------------------------------------------------------

def fill(i: Ink, alpha: int = 255) -> Mark:
    """The square (less a one-pixel margin) filled with an ink."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        s.fill(ink(i, h, alpha), r.inflate(-2, -2))
    return mark


def chance_fill() -> Mark:
    """`fill` in the chance band's see-through tint for the ground under it (`Highlight.ground`):
    over water `palette.CHANCE_ON_WATER`, which blends to the band's colour over sand, so a band
    reads the same (and as the key's swatch) on either ground."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        tint = palette.CHANCE_ON_WATER[h.band] if h.ground is Terrain.WATER \
            else (*palette.CHANCE_BANDS[h.band], palette.CHANCE_ALPHA)
        s.fill(tint, r.inflate(-2, -2))
    return mark


def area_fill(i: Ink, alpha: int = 255) -> Mark:
    """`fill`, reaching the square's edge on the sides it shares with a square of the same area
    (`Highlight.joined`): the area reads as one veil, not as tiles with gaps between them."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        j = h.joined
        left, top = r.left + (0 if j & 8 else 1), r.top + (0 if j & 1 else 1)
        right, bottom = r.right - (0 if j & 2 else 1), r.bottom - (0 if j & 4 else 1)
        s.fill(ink(i, h, alpha), (left, top, right - left, bottom - top))
    return mark


def area_veil(i: Ink, light: Ink) -> Mark:
    """`area_fill` in `i`, or in `light` on a square of an area drawn lighter (`band` 1,
    `lightened`)."""
    marks = (area_fill(i), area_fill(light))

    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        marks[1 if h.band == 1 else 0](s, r, h, tile)
    return mark


def area_edge(i: Ink, width: str = "line") -> Mark:
    """`outline` (a frame one pixel inside the square) on the sides that are the area's outer
    edges only (`Highlight.joined`), each running on to the square's edge where the frame goes
    on in the next square, and a corner piece at the area's inside corners: one frame round a
    whole area (framed one by one, a teleport's legal squares read as a grid)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        j, w, colour = h.joined, WIDTHS[width](tile), ink(i, h)
        up, right, down, left = not j & 1, not j & 2, not j & 4, not j & 8  # outer sides
        x0, x1 = r.left + (1 if left else 0), r.right - (1 if right else 0)
        y0, y1 = r.top + (1 if up else 0), r.bottom - (1 if down else 0)
        if up:
            s.fill(colour, (x0, r.top + 1, x1 - x0, w))
        if down:
            s.fill(colour, (x0, r.bottom - 1 - w, x1 - x0, w))
        if left:
            s.fill(colour, (r.left + 1, y0, w, y1 - y0))
        if right:
            s.fill(colour, (r.right - 1 - w, y0, w, y1 - y0))
        corner = w + 1  # an inside corner: the two frames beside it meet over it
        for bit, side_a, side_b, x, y in ((16, 1, 2, r.right - corner, r.top), (32, 4, 2, r.right - corner, r.bottom - corner),
                                          (64, 4, 8, r.left, r.bottom - corner), (128, 1, 8, r.left, r.top)):
            if j & side_a and j & side_b and not j & bit:
                s.fill(colour, (x, y, corner, corner))
    return mark


def outline(i: Ink, width: str = "line", inset: int = 2) -> Mark:
    """A rectangle `inset` pixels inside the square, `width` one of WIDTHS."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        pygame.draw.rect(s, ink(i, h), r.inflate(-inset, -inset), WIDTHS[width](tile))
    return mark


def hatch(i: Ink, per_tile: int, cross: bool = False) -> Mark:
    """Diagonal lines (both ways when `cross`), `per_tile` of them across a square."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        inner, colour = r.inflate(-2, -2), ink(i, h)
        for k in range(-inner.h, inner.w, max(5, tile // per_tile)):
            a = (inner.left + max(k, 0), inner.top + max(-k, 0))
            b = (inner.left + min(k + inner.h, inner.w), inner.top + min(inner.h, inner.w - k))
            pygame.draw.line(s, colour, a, b, 2)
            if cross:
                pygame.draw.line(s, colour, (inner.right - (a[0] - inner.left), a[1]),
                                 (inner.right - (b[0] - inner.left), b[1]), 2)
    return mark


def sure_edge(i: Ink) -> Mark:
    """A frame of `i` along the edge of a band-0 ("sure") chance fill, a 24th of the square
    (at least 1 px), nothing on the other bands: the pale sure fill over water read as a
    lighter water square, the frame says it is a mark."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        if h.band == 0:
            pygame.draw.rect(s, ink(i, h), r.inflate(-2, -2), max(1, tile // 24))
    return mark


def dashed(i: Ink) -> Mark:
    """A dashed outline on all four sides ("beyond range")."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        inner, w, colour = r.inflate(-2, -2), _w(tile), ink(i, h)
        dash, gap = max(3, tile // 8), max(6, tile // 5)
        for k in range(2, tile - dash, gap):
            for a, b in (((r.left + k, inner.top + 1), (r.left + k + dash, inner.top + 1)),
                         ((r.left + k, inner.bottom - 2), (r.left + k + dash, inner.bottom - 2)),
                         ((inner.left + 1, r.top + k), (inner.left + 1, r.top + k + dash)),
                         ((inner.right - 2, r.top + k), (inner.right - 2, r.top + k + dash))):
                pygame.draw.line(s, colour, a, b, w)
    return mark


def corners(i: Ink) -> Mark:
    """Arms along the square's four corners, a third of a side long (a reticle)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        arm, w, colour = tile // 3, _w(tile), ink(i, h)
        for cx, cy, sx, sy in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1),
                               (r.left, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
            pygame.draw.line(s, colour, (cx, cy), (cx + sx * arm, cy), w)
            pygame.draw.line(s, colour, (cx, cy), (cx, cy + sy * arm), w)
    return mark


def disc(i: Ink, big: bool, rim: bool) -> Mark:
    """A disc in the middle: a third of the square (`big`) or a dot; `rim` rings it white."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        radius = tile // 3 if big else max(3, tile // 6)
        pygame.draw.circle(s, ink(i, h), r.center, radius)
        if rim:
            pygame.draw.circle(s, (*palette.WHITE, 255), r.center, radius, max(1, _w(tile) // 2))
    return mark


def corner_disc(i: Ink) -> Mark:
    """A small disc rimmed dark in the square's top-right corner, inside a frame `bold` wide
    and clear of a figure in the middle (a lesson's goal: its old disc in the middle sat on the
    square's chance, "55%" read "5●%")."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        radius = max(3, tile // 9)
        inside = 2 + WIDTHS["bold"](tile)  # within the goal's own bold frame, inset 2
        centre = (r.right - inside - radius - 1, r.top + inside + radius)
        pygame.draw.circle(s, ink(i, h), centre, radius)
        pygame.draw.circle(s, (*palette.SHADOW, 255), centre, radius, 1)
    return mark


@lru_cache(maxsize=64)
def step_badge_size(tile: int) -> int:
    """A run-so-far step's disc (`step_badge`) on a `tile` px square: its radius, sized as the
    badge a one-digit figure had (its inked pixels with a margin all round, at least 3 px, a
    12th of the square): the old dot of a sixth of the square read as a stray point."""
    inked = font(SIZES["medium"](tile), bold=True).render("8", True, palette.WHITE).get_bounding_rect()
    margin = max(3, tile // 12)
    half_diagonal = (inked.w * inked.w + inked.h * inked.h) ** 0.5 / 2  # the figure's corners inside the disc
    radius = max((max(inked.w, inked.h) + 1) // 2 + margin, round(half_diagonal) + 1)
    return min(radius, tile // 2 - 1)


def step_badge(i: Ink) -> Mark:
    """A run-so-far step: a disc of `i` (`step_badge_size`, as the legend's swatch), rimmed in a
    dark line so it reads on sand, water or a band. No figure in it: its order is the path
    itself, and the "still in reach" squares beside it count their steps in figures ("1" on
    the run so far then "2", "3" on the reach read as one numbering, s48 review item 12)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        radius = step_badge_size(tile)
        pygame.draw.circle(s, ink(i, h), r.center, radius)
        pygame.draw.circle(s, (*palette.SHADOW, 200), r.center, radius, max(1, _w(tile) // 2))
    return mark


def badge_radius(tile: int) -> int:
    """The radius of a pick's numbered badge (`badge`): a sixth of the square, at least 6 px
    (an 11 px figure inside)."""
    return max(6, tile // 6)


def badge_centre(r: pygame.Rect, tile: int) -> tuple[int, int]:
    """Where a pick's badge sits on the square `r`: low on its right, just above the token's
    PV bar, where no weapon glyph reaches (a sword's or a gun's tip points to the top right,
    an axe's blades and a crossbow's bow spread across the top, a javelin points right at
    mid-height), so the token's weapon stays whole beside the number. Its disc stops a pixel
    short of a target's white corner arm along the square's right edge (`corners`: half its
    `line` width shows inside the square): touching it, the arm ran into its white rim and the
    disc read as cut off there (s57)."""
    radius = badge_radius(tile)
    bar_top = tile - max(3, tile // 9) - 1  # the PV bar's dark back (`tokens.draw_pv_bar`)
    arm = WIDTHS["line"](tile) // 2
    return (r.left + tile - 2 - arm - radius, r.top + bar_top - radius - 1)


def badge(i: Ink) -> Mark:
    """A small rimmed disc low in the square's right side, above the PV bar (`badge_centre`):
    a pick's number beside its token's weapon, never over it."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        centre = badge_centre(r, tile)
        radius = badge_radius(tile)
        pygame.draw.circle(s, ink(i, h), centre, radius)
        pygame.draw.circle(s, (*palette.WHITE, 255), centre, radius, max(1, _w(tile) // 2))
    return mark


def badge_number() -> Mark:
    """The highlight's label in white in its `badge` (≥ 5:1 on the order's purple), its inked
    pixels centred on the disc, at least 11 px high: a figure neither spilling off the disc
    nor onto the PV bar under it."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        if not h.label:
            return
        radius = badge_radius(tile)
        cx, cy = badge_centre(r, tile)
        img = font(max(11, round(radius * 1.7)), bold=True).render(drawable(h.label), True, palette.WHITE)
        inked = img.get_bounding_rect()
        s.blit(img, (cx - inked.x - inked.w // 2, cy - inked.y - inked.h // 2))
    return mark


def corner_flag(i: Ink, edge: Ink) -> Mark:
    """A triangle filling the square's top-left corner, a light core in a thick `edge` (a risk
    on the way, told from every chance band by its edge's and its core's lightness)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        k, d = max(10, tile * 2 // 5), max(2, _w(tile))
        x, y = r.left + 1, r.top + 1
        pygame.draw.polygon(s, ink(edge, h), [(x, y), (x + k, y), (x, y + k)])
        inner = k - round(d * 3.414)  # the core's legs: the edge is `d` px wide on all three sides
        if inner > 2:
            pygame.draw.polygon(s, ink(i, h), [(x + d, y + d), (x + d + inner, y + d), (x + d, y + d + inner)])
    return mark


def tape(i: Ink, edge: Ink, width: str = "halo") -> Mark:
    """A frame of `edge` along the square's inside, `width` one of WIDTHS, dashed with `i`
    (hazard tape: one of its two colours stands out on any ground)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        w = WIDTHS[width](tile)
        inner = r.inflate(-2, -2)
        pygame.draw.rect(s, ink(edge, h), inner, w)
        dash = max(3, tile // 7)
        colour, mid = ink(i, h), w // 2
        top, bottom, left, right = inner.top + mid, inner.bottom - 1 - mid, inner.left + mid, inner.right - 1 - mid
        thick = max(1, w - 2)
        for k in range(dash // 2, inner.w, 2 * dash):
            end = min(k + dash - 1, inner.w - 1)
            pygame.draw.line(s, colour, (inner.left + k, top), (inner.left + end, top), thick)
            pygame.draw.line(s, colour, (inner.right - 1 - k, bottom), (inner.right - 1 - end, bottom), thick)
        for k in range(dash // 2, inner.h, 2 * dash):
            end = min(k + dash - 1, inner.h - 1)
            pygame.draw.line(s, colour, (left, inner.bottom - 1 - k), (left, inner.bottom - 1 - end), thick)
            pygame.draw.line(s, colour, (right, inner.top + k), (right, inner.top + end), thick)
    return mark


def ring(i: Ink) -> Mark:
    """A ring of 3/8 of a square, on a dark under-stroke."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        w = _w(tile)
        pygame.draw.circle(s, (*palette.SHADOW, 200), r.center, tile * 3 // 8 + 1, w + 2)
        pygame.draw.circle(s, ink(i, h), r.center, tile * 3 // 8, w)
    return mark


def pointer(i: Ink) -> Mark:
    """A small downward triangle in the upper half (a landing)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        top = r.top + tile // 4
        pygame.draw.polygon(s, ink(i, h), [(r.centerx - tile // 6, top), (r.centerx + tile // 6, top),
                                           (r.centerx, r.top + tile // 2)])
    return mark


def arrow(i: Ink, head_only: bool = False) -> Mark:
    """An arrow over the token on `square` into the near edge of `to` (a push direction),
    ringed in a dark edge: it stays clear of the landing's own marks (the deadly square's
    dagger sits in its upper middle), and its edge parts it from yellow lava and hazard
    stripes, which a deuteranope sees in the arrow's own hue (s47 review 3, item 3).
    `head_only`: its head and the shaft's last pixels, drawn again over a target's frame."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        if h.to is None:
            return
        start = pygame.Vector2(r.center)
        dx, dy = h.to[0] - h.square[0], h.to[1] - h.square[1]
        steps = max(abs(dx), abs(dy))
        if steps == 0:
            return
        step = pygame.Vector2(dx, dy) / steps * tile  # one square along the push
        end = start + pygame.Vector2(dx, dy) * tile - step * ARROW_SHORT  # the landing's near edge, a little in
        u = (end - start).normalize()
        v = pygame.Vector2(-u.y, u.x)
        start = start + u * (tile * 0.15)  # from over the pushed token, drawn above it
        tip = end - u * (tile * 0.05)
        base = tip - u * (tile * 0.18)
        head = [tip, base + v * (tile * 0.12), base - v * (tile * 0.12)]
        half, edge = (_w(tile) + 1) / 2, arrow_edge(tile) + 0.5  # + 0.5: a whole ring once rasterised
        if head_only:
            start = base - u * (edge + 2)
        else:  # the shaft as a quad: its dark ring as even at its end as on its sides
            back = start - u * edge
            pygame.draw.polygon(s, palette.ARROW_EDGE, [back + v * (half + edge), base + v * (half + edge),
                                                        base - v * (half + edge), back - v * (half + edge)])
        pygame.draw.polygon(s, palette.ARROW_EDGE, grown(head, edge))
        pygame.draw.polygon(s, ink(i, h), [start + v * half, base + u + v * half, base + u - v * half, start - v * half])
        pygame.draw.polygon(s, ink(i, h), head)
    return mark


ARROW_SHORT = 0.4
"""How far short of the landing's middle a push arrow stops, in squares along the push: its tip
goes a twentieth of a square into the landing, clear of the dagger in its upper middle."""


def arrow_edge(tile: int) -> int:
    """How thick the push arrow's dark edge is, in px: 2, 3 from 48 px squares up."""
    return 2 if tile < 48 else 3


def grown(points: Sequence[pygame.Vector2], by: float) -> list[pygame.Vector2]:
    """A triangle grown outward by `by` px on every side (scaled about its incentre)."""
    a, b, c = points
    la, lb, lc = (b - c).length(), (c - a).length(), (a - b).length()
    perimeter = la + lb + lc
    centre = (a * la + b * lb + c * lc) / perimeter
    inradius = abs((b - a).cross(c - a)) / perimeter
    k = (inradius + by) / inradius if inradius > 0 else 1.0
    return [centre + (p - centre) * k for p in points]


def lines(i: Ink, across: bool, down: bool, diagonal: bool = False) -> Mark:
    """Parallel lines on a dark under-stroke: rows (`across`), columns (`down`), both (a grid)
    or diagonals."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        step, width = max(8, tile // 4), max(2, _w(tile) // 2 + 1)
        segs: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for k in range(step // 2, tile, step):
            if across:
                segs.append(((r.left, r.top + k), (r.right - 1, r.top + k)))
            if down:
                segs.append(((r.left + k, r.top), (r.left + k, r.bottom - 1)))
        if diagonal:
            segs += [((r.left + k, r.top), (r.left, r.top + k)) for k in range(step // 2, tile, step)]
            segs += [((r.right - 1, r.top + k), (r.left + k, r.bottom - 1)) for k in range(step // 2, tile, step)]
        for a, b in segs:
            pygame.draw.line(s, (*palette.SHADOW, 170), a, b, width + 2)
        for a, b in segs:
            pygame.draw.line(s, ink(i, h, 160), a, b, width)
    return mark


def team_stripes() -> Mark:
    """`lines` in the team's colour, their direction by team slot (`band`): rows, columns,
    diagonals, grid."""
    looks = (lines(TEAM, True, False), lines(TEAM, False, True), lines(TEAM, False, False, diagonal=True),
             lines(TEAM, True, True))

    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        looks[h.band % len(looks)](s, r, h, tile)
    return mark


def option_room(tile: int) -> int:
    """How wide a figure may be inside the "may be declared next" frame (`option`: a white halo
    inset 1 px, `halo` wide) on a `tile` px square, a pixel's margin each side: the frame drawn
    after a "100%" figure cut its first and last glyph (FR read ")00 %"), and unframed figures
    sized to the whole square ran into their neighbours' ("100 %100 %")."""
    return tile - 2 * (1 + WIDTHS["halo"](tile)) - 2


def _without_percent(words: str) -> str:
    """A chance figure without its "%" (and the space before it, French): the legend says "(%)"."""
    return words.rstrip("%").rstrip(" \u00a0\u202f") or words


def _fitted_px(shown: str, px: int, least: int, limit: int) -> int:
    """The largest font size from `px` down to `least` at which `shown`, outlined, is at most
    `limit` px wide (`least` when none is)."""
    while px > least and font(px, bold=True).size(shown)[0] + 2 * edge_width(px) > limit:
        px -= 1
    return px


CHANCE_SHRINK = 2
"""How many px under its size a chance figure may shrink to keep its "%" inside the option
frame's room; past that it drops the "%" (the legend says "(%)") and keeps its size: the
figures were made to grow with the square (a "100%" at 13 px on a 53 px square read small)."""


def _chance_words(words: str, size: str, tile: int, limit: int) -> str:
    """A chance figure as shown on a `tile` px square whose figures may be `limit` px wide:
    with its "%" when the widest figure ("100%", in the label's own form) fits at most
    `CHANCE_SHRINK` px under the `size`'s font (11 px at least), else without it, for every
    figure alike (so all keep or all lose it: "5 %" beside "30" read as two scales)."""
    widest = drawable("100" + words.lstrip("0123456789"))
    px = SIZES[size](tile)
    least = max(11, px - CHANCE_SHRINK)
    if font(least, bold=True).size(widest)[0] + 2 * edge_width(least) <= limit:
        return words
    return _without_percent(words)


def text(place: str, size: str, colour: palette.RGB | Literal["team"] = palette.WHITE, fixed: str = "",
         edge: palette.RGB = palette.BLACK, room: Callable[[int], int] | None = None) -> Mark:
    """The highlight's label (or `fixed` text), outlined in `edge` (thicker on larger text), at
    one of PLACES; a smaller font (down to 11 px) when it would be wider than the square, or
    than `room(tile)` px (a chance figure: the inside of an option frame, sized as "100%" and
    without its "%" past `CHANCE_SHRINK`, `_chance_words`; a pre-rendered square cuts what spills)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        words = fixed or h.label
        if words:
            c = ink(TEAM, h)[:3] if colour == "team" else colour
            px, shown = SIZES[size](tile), drawable(words)
            limit = tile if room is None else min(tile, room(tile))
            widest = shown
            if room is not None:  # a chance: sized as the widest one, so the board's figures share a size
                words = _chance_words(words, size, tile, limit)
                shown, widest = drawable(words), drawable("100" + words.lstrip("0123456789"))
            px = _fitted_px(widest, px, 11, limit)
            width = font(px, bold=True).size(shown)[0]
            x, y = PLACES[place](r, tile)
            half = (width + 1) // 2 + edge_width(px)
            if 2 * half <= tile:  # a corner's "12" kept whole inside its square
                x = min(max(x, r.left + half), r.right - half)
            outlined(s, words, (x, y), px, c, edge, edge_width(px))
    return mark


def _pill_fit(label: str, tile: int, room: int | None = None) -> tuple[int, pygame.Rect, pygame.Rect, pygame.Surface] | None:
    """A chance pill for a `tile` px square at most `room` px wide (the square less a pixel each
    side by default), its top-left at (0, 0): (font px, the pill, the text's inked pixels in
    it, the figure drawn), the figure drawn once; the font shrinks (to 11 px) and the padding
    with it to keep "100%" inside a 35 px square. None when it fits no more."""
    shown, room = drawable(label), tile - 2 if room is None else room
    for px in range(max(13, min(18, tile * 2 // 7)), 10, -1):
        img = font(px, bold=True).render(shown, True, palette.WHITE)
        ink_box = img.get_bounding_rect()
        pad = 3 if px >= 15 else 2
        side = pad if ink_box.w + 2 * pad + 2 <= room else 1  # "100%" at 11 px: a 1 px margin
        box = pygame.Rect(0, 0, ink_box.w + 2 * side + 2, ink_box.h + 2 * pad)
        if box.w <= room:
            return px, box, ink_box.move(side + 1 - ink_box.x, pad - ink_box.y), img
    return None


def pill_layout(label: str, tile: int) -> tuple[int, pygame.Rect, pygame.Rect] | None:
    """Where a target's chance pill goes in a `tile` px square whose top-left is (0, 0) when it
    stays on its target (no free square beside it, `place_tags`): (font px, the pill, the
    text's inked pixels), low in the square right above the PV bar, so the token's face stays
    clear above it. None when it fits no more (outlined figures)."""
    fit = _pill_fit(label, tile)
    if fit is None:
        return None
    px, box, ink_box, _img = fit
    bottom = tile - max(3, tile // 9) - 1  # the PV bar's dark back starts here
    at = box.copy()
    at.midbottom = (tile // 2, bottom)
    return px, at, ink_box.move(at.topleft)


def pill_radius(box: pygame.Rect, ink_box: pygame.Rect) -> int:
    """A chance pill's corner radius: rounded, but its rim never curving into the figure."""
    return min(box.h // 2, ink_box.left - box.left + 1)


def _draw_pill(s: pygame.Surface, h: Highlight, box: pygame.Rect, ink_box: pygame.Rect, img: pygame.Surface) -> None:
    """The figure `img` in white on the opaque dark pill `box` rimmed with the band colour."""
    radius = pill_radius(box, ink_box)
    pygame.draw.rect(s, (*palette.PILL_FILL, 255), box, border_radius=radius)
    pygame.draw.rect(s, ink(BAND, h), box, 1, border_radius=radius)
    at = img.get_bounding_rect()
    s.blit(img, (ink_box.x - at.x, ink_box.y - at.y))


def pill() -> Mark:
    """The label in white on an opaque dark pill rimmed with the band colour, low in the square
    above the PV bar: the figure reads on any token and ground (≥ 4.5:1), the token's face
    and initials stay in sight above it. Drawn so only when no square beside the target is
    free for it (`place_tags`: then it is a `tag` there and the target's label is empty)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        if not h.label:
            return
        fit = _pill_fit(h.label, tile)
        if fit is None:  # a tiny square: outlined figures only
            outlined(s, h.label, (r.centerx, r.bottom - tile // 4), 11)
            return
        _px, box, ink_box, img = fit
        bottom = tile - max(3, tile // 9) - 1  # the PV bar's dark back starts here
        at = box.copy()
        at.midbottom = (r.left + tile // 2, r.top + bottom)
        _draw_pill(s, h, at, ink_box.move(at.topleft), img)
    return mark


def tail_size(tile: int) -> int:
    """How far a tag's pointer reaches from its pill to the square's edge."""
    return max(3, tile // 10)


def _tag_fit(label: str, tile: int, towards: tuple[int, int]) -> tuple[int, int, pygame.Rect, pygame.Rect, pygame.Surface] | None:
    """`_pill_fit` for a tag pointing `towards` its target, and its pointer's length: beside a
    target left or right of it, the pill leaves room for its pointer across the square, or
    touches the target's edge itself when it cannot ("100%" on a 35 px square)."""
    k = tail_size(tile)
    fit = _pill_fit(label, tile, tile - 2 - k) if towards[0] else _pill_fit(label, tile)
    if fit is None and towards[0]:
        k, fit = 0, _pill_fit(label, tile)
    return None if fit is None else (k, *fit)


def tag_layout(label: str, tile: int, towards: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, list[tuple[int, int]]] | None:
    """A tag in a `tile` px square whose top-left is (0, 0), its target the next square in the
    direction `towards` (one of (0, 1), (0, -1), (1, 0), (-1, 0)): (the pill, the figure's
    inked pixels, the pointer's triangle), the pill against that edge and its pointer touching
    it. None when the figure fits no more."""
    parts = _tag_parts(label, tile, towards)
    return None if parts is None else parts[:3]


def _tag_parts(label: str, tile: int, towards: tuple[int, int]) -> \
        tuple[pygame.Rect, pygame.Rect, list[tuple[int, int]], pygame.Surface] | None:
    """`tag_layout` and the figure drawn (once)."""
    fit = _tag_fit(label, tile, towards)
    if fit is None:
        return None
    k, _px, box, ink_box, img = fit
    mid = tile // 2
    at = box.copy()
    dx, dy = towards
    if dy > 0:
        at.midbottom = (mid, tile - k)
        tip = [(mid - k, at.bottom - 1), (mid + k, at.bottom - 1), (mid, tile - 1)]
    elif dy < 0:
        at.midtop = (mid, k)
        tip = [(mid - k, at.top), (mid + k, at.top), (mid, 0)]
    elif dx > 0:
        at.midright = (tile - max(k, 1), mid)
        tip = [(at.right - 1, mid - k), (at.right - 1, mid + k), (tile - 1, mid)]
    else:
        at.midleft = (max(k, 1), mid)
        tip = [(at.left, mid - k), (at.left, mid + k), (0, mid)]
    return at, ink_box.move(at.topleft), tip if k else [], img


def tag() -> Mark:
    """A target's figure on a free square beside it (`place_tags`): the target's pill in a
    band-coloured rim (`tag_rim`), against the edge the two squares share, and a pointer in the
    band colour from it to that edge, so the token it speaks of keeps its weapon in sight.
    Nothing without a target (`to`)."""
    def mark(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
        if not h.label or h.to is None:
            return
        towards = (max(-1, min(1, h.to[0] - h.square[0])), max(-1, min(1, h.to[1] - h.square[1])))
        parts = _tag_parts(h.label, tile, towards)
        if parts is None:  # a tiny square: outlined figures only
            outlined(s, h.label, r.center, 11)
            return
        box, ink_box, tip, img = parts
        if tip:
            pygame.draw.polygon(s, ink(BAND, h), [(r.left + x, r.top + y) for x, y in tip])
        # the band's rim thickened outside the pill (the free square has room): a one-pixel rim
        # was all that told a deuteranope the bands' chips apart besides their figures
        out = tag_rim(tile)
        clip = s.get_clip()
        s.set_clip(r.clip(clip))
        pygame.draw.rect(s, ink(BAND, h), box.move(r.topleft).inflate(2 * out, 2 * out),
                         border_radius=pill_radius(box, ink_box) + out)
        s.set_clip(clip)
        _draw_pill(s, h, box.move(r.topleft), ink_box.move(r.topleft), img)
    return mark


def tag_rim(tile: int) -> int:
    """How far a tag's band-coloured rim reaches outside its pill (the pill's own rim is one
    pixel inside it): 1 px, 2 from 48 px squares (1920×1080)."""
    return 1 if tile < 48 else 2


# -- how squares go together -------------------------------------------------------------

AREAS: frozenset[HighlightKind] = frozenset({"move", "inrange"})
"""Kinds whose touching squares are drawn as one area (each kind's squares together): one
veil framed along its outer edges (`Highlight.joined`), not a grid of framed squares (a
teleport marks most of the map, a bow's range a good part of it)."""
QUIET: frozenset[HighlightKind] = frozenset({"inrange", "far", "nolos", "blocked"})
"""Kinds a target's tag may lie over: veils and hatchings with nothing to read or to click."""
TAG_SIDES: tuple[tuple[int, int], ...] = ((0, -1), (0, 1), (1, 0), (-1, 0))
"""Where a target's tag goes, the first free of: the square above it, below, right, left."""


def place_tags(highlights: Sequence[Highlight], taken: Container[Square],
               inside: Callable[[Square], bool]) -> list[Highlight]:
    """`highlights` with each target's figure moved off its token onto a free square beside it
    (`tags_for`: on the board, no fighter on it (`taken`), nothing but `QUIET` marks, no push
    arrow pointing there), the rest as it is, in order."""
    if not any(h.kind == "target" and h.label for h in highlights):
        return list(highlights)
    busy = {h.square for h in highlights if h.kind not in QUIET} | {h.to for h in highlights if h.to is not None}
    pairs = tags_for(highlights, lambda sq: sq not in busy and sq not in taken and inside(sq))
    moved = {id(h): bare for h, bare, _tag in pairs}
    return [moved.get(id(h), h) for h in highlights] + [tag_ for _h, _bare, tag_ in pairs]


def tags_for(highlights: Iterable[Highlight], free: Callable[[Square], bool]) -> list[tuple[Highlight, Highlight, Highlight]]:
    """For each target of `highlights` with a figure and a `free` square beside it (the first
    of `TAG_SIDES`, one tag a square): (the target, the target without its figure, the `tag`
    with it on that square, pointing at the target), so the token's weapon stays in sight. A
    target with no such square keeps its figure on its token (`pill`)."""
    used: set[Square] = set()
    out = []
    for h in highlights:
        if h.kind == "target" and h.label:
            spot = tag_square(h.square, lambda sq: sq not in used and free(sq))
            if spot is not None:
                used.add(spot)
                out.append((h, h._replace(label=""), Highlight(spot, "tag", h.label, band=h.band, to=h.square)))
    return out


def tag_square(target: Square, free: Callable[[Square], bool]) -> Square | None:
    """The first square of `TAG_SIDES` round `target` that is `free`, or None."""
    for dx, dy in TAG_SIDES:
        sq = (target[0] + dx, target[1] + dy)
        if free(sq):
            return sq
    return None


def joined_areas(highlights: Iterable[Highlight]) -> list[Highlight]:
    """`highlights` with the squares of each `AREAS` kind told which of their neighbours are of
    the same kind's area (`Highlight.joined`)."""
    marks = list(highlights)
    areas: dict[HighlightKind, set[Square]] = {}
    for h in marks:
        if h.kind in AREAS:
            areas.setdefault(h.kind, set()).add(h.square)
    if not areas:
        return marks
    return [h._replace(joined=joined_sides(h.square, areas[h.kind])) if h.kind in AREAS else h for h in marks]


def arranged(highlights: Iterable[Highlight], taken: Container[Square] = (),
             inside: Callable[[Square], bool] = lambda sq: True) -> list[Highlight]:
    """The highlights as a board draws them: areas joined (`joined_areas`), targets' figures on
    tags beside them (`place_tags`; `taken`: the fighters' squares, `inside`: on the board)."""
    return place_tags(joined_areas(highlights), taken, inside)


def said_once(highlights: Sequence[Highlight]) -> list[Highlight]:
    """`highlights` with each push landing (or deadly landing) that repeats its target's figure
    (both pushes end there: the same forecast, `tip`, and the same chance) left without it: the
    chance is said once, on the target's tag, and the deadly square's hatching, dagger and the
    push arrow over it stay clear (the "66%" drawn twice, once over them, read badly)."""
    said = {(h.tip, h.label) for h in highlights if h.kind == "target" and h.label and h.tip}
    if not said:
        return list(highlights)
    return [h._replace(label="") if h.kind in ("landing", "hazard") and (h.tip, h.label) in said else h
            for h in highlights]


MOST = 0.5
"""A legal area (`move`) covering more than this share of the ground it could cover (the board's
squares that are not solid) is drawn lighter (`lightened`)."""


def lightened(highlights: Sequence[Highlight], board: Board) -> list[Highlight]:
    """`highlights` with a legal area (`move`) that covers most of the ground (`MOST`: a potion
    teleport allows every free floor square) marked `band` 1: drawn with a far lighter veil
    (`MOVE_FILL_LIGHT`), its dark frame round what it leaves out (acid, pits, crates, the
    fighters) saying where the player may not go. The pale veil over nearly all the floor
    washed the map out and told little. A small area (a walk) keeps its veil."""
    legal = sum(1 for h in highlights if h.kind == "move")
    if not legal:
        return list(highlights)
    ground = len(board.cells) - sum(board.cells.count(t) for t in _SOLID)
    if legal <= MOST * ground:
        return list(highlights)
    # made as plain tuples: a named tuple's `_replace` takes three times as long (9 ms for a 64×64 map)
    make = tuple.__new__
    return [make(Highlight, (h[0], h[1], h[2], h[3], 1, h[5], h[6], h[7], h[8])) if h[1] == "move" else h
            for h in highlights]


_SOLID = tuple(t for t in Terrain if t.solid)


def as_shown(highlights: Sequence[Highlight], board: Board) -> list[Highlight]:
    """`highlights` as a board shows them: a figure said once (`said_once`), a legal area over
    most of the ground lighter (`lightened`)."""
    return lightened(said_once(highlights), board)


P = palette
LOOKS: dict[HighlightKind, Look] = {
    "move": Look((area_veil(P.MOVE_FILL, P.MOVE_FILL_LIGHT), area_edge(P.MOVE_EDGE))),
    "option": Look((outline(P.OPTION_SHADOW, "halo"), outline(P.MOVE_LINE, inset=4))),
    # the steps it takes to get there, in the middle and large (the legend says what they are):
    # a small figure in the corner read as a square's coordinate or went unseen
    "reach": Look((fill(P.REACH_FILL), outline(P.REACH_LINE, "hair"),
                   text("centre", "large", P.REACH_TEXT, edge=P.REACH_TEXT_EDGE))),
    "blocked": Look((hatch(P.BLOCKED_HATCH, 4),)),
    # the figure sized to the inside of an option frame, framed or not: the frame (drawn after)
    # stays off it, and neighbours' figures keep a gap between them
    "chance": Look((chance_fill(), sure_edge(P.SURE_EDGE), text("centre", "medium", room=option_room))),
    "tackle": Look((corner_flag(P.TACKLE_FLAG, P.TACKLE_EDGE),)),
    "declared": Look((disc(P.DECLARED_DISC, big=True, rim=True), text("centre", "large"))),
    "path": Look((step_badge(P.PATH_DOT),)),  # a disc the size of a one-figure badge, no figure
    "inrange": Look((area_fill(P.IN_RANGE_FILL), area_edge(P.IN_RANGE_LINE))),
    "far": Look((fill(P.FAR_FILL), hatch(P.FAR_HATCH, 5), dashed(P.FAR_LINE))),
    "nolos": Look((hatch(P.NO_LOS_HATCH, 4, cross=True),)),
    "target": Look((outline(BAND, "bold"), corners((*P.WHITE, 255)), pill()), over_tokens=True),
    "tag": Look((tag(),), over_tokens=True),
    # a double line (dark, light pink, dark) that no team's ink or rim looks like, in any vision
    "order": Look((outline(P.ORDER_EDGE, "halo"), outline(P.ORDER_LINE, inset=4), badge(P.ORDER_DISC), badge_number()),
                  over_tokens=True),
    "landing": Look((outline(P.LANDING_LINE), pointer(P.LANDING_MARK), text("low", "small"))),
    "arrow": Look((arrow(P.ARROW),), over_tokens=True),  # a push's way, never hidden under the pushed token
    "hazard": Look((hatch(P.HAZARD_HATCH, 5), tape(P.HAZARD_LINE, P.HAZARD_EDGE),
                    text("high", "large", P.HAZARD_TEXT, fixed="†"), text("low", "medium"))),
    "goal": Look((outline(P.GOAL_LINE, "bold"), corners(P.GOAL_LINE), corner_disc(P.GOAL_LINE))),
    "spawn": Look((ring(TEAM), text("centre", "huge", "team"))),
    "walk_first": Look((team_stripes(),)),
    "walk_tie": Look((lines(P.WALK_TIE, True, True),)),
}


ARROW_HEAD = arrow(P.ARROW, head_only=True)


def draw_arrow_head(surface: pygame.Surface, h: Highlight, tile: int, origin: tuple[int, int] = (0, 0)) -> None:
    """A push arrow's head drawn again, over the marks drawn after the arrow (the pushed
    target's frame crossed it where it leaves the square); its shaft stays under the target's
    chance."""
    ARROW_HEAD(surface, pygame.Rect(origin[0] + h.square[0] * tile, origin[1] + h.square[1] * tile, tile, tile), h, tile)


def draw_highlight(surface: pygame.Surface, h: Highlight, tile: int, origin: tuple[int, int] = (0, 0)) -> None:
    """One highlight on its square (square (x, y) at origin + (x·tile, y·tile))."""
    r = pygame.Rect(origin[0] + h.square[0] * tile, origin[1] + h.square[1] * tile, tile, tile)
    for mark in LOOKS[h.kind].marks:
        mark(surface, r, h, tile)


def draw_highlights(surface: pygame.Surface, highlights: Iterable[Highlight], tile: int,
                    origin: tuple[int, int] = (0, 0), over_tokens: bool = False) -> None:
    """The highlights of one layer: under the fighters (default) or over them."""
    for h in highlights:
        if LOOKS[h.kind].over_tokens == over_tokens:
            draw_highlight(surface, h, tile, origin)


# -- pre-rendered squares ---------------------------------------------------------------
# The window redraws its highlights whenever the match or the mode changes; drawing every
# mark of every square again (fills, hatchings, text) costs tens of ms on a large map. A
# square's look depends only on its highlights' kind, label, band, colour and ground, so it is
# drawn once per look and tile size and blitted after: the same pixels on the square (a
# test compares), with what a mark draws past the square's edge (a hatching's line ends, a
# label wider than a tiny square) cut off there.

SPILLS: frozenset[HighlightKind] = frozenset({"arrow"})
"""Kinds drawn beyond their own square (an arrow reaches the next one): never pre-rendered."""

LookKey = tuple[tuple[HighlightKind, str, int, str | None, int, tuple[int, int] | None, Terrain], ...]
_SQUARES: dict[tuple[int, LookKey], pygame.Surface] = {}


def look_key(highlights: Iterable[Highlight]) -> LookKey:
    """What the drawing of these highlights on one square depends on, in drawing order (a tag's
    target as a step from its square)."""
    return tuple((h.kind, h.label, h.band, h.colour, h.joined, _step(h), h.ground) for h in highlights)


def _step(h: Highlight) -> tuple[int, int] | None:
    """From `h`'s square to its `to`, if it has one."""
    return None if h.to is None else (h.to[0] - h.square[0], h.to[1] - h.square[1])


def square_look(highlights: tuple[Highlight, ...], tile: int) -> pygame.Surface:
    """The highlights of one square (none of them in `SPILLS`) drawn in order on a transparent
    tile, as `draw_highlight` draws them one after the other on a layer; kept for reuse."""
    key = (tile, look_key(highlights))
    surf = _SQUARES.get(key)
    if surf is None:
        if len(_SQUARES) > 4096:  # a long session zooming through many sizes
            _SQUARES.clear()
        surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for h in highlights:
            draw_highlight(surf, Highlight((0, 0), h.kind, h.label, band=h.band, to=_step(h), colour=h.colour,
                                           joined=h.joined, ground=h.ground), tile)
        _SQUARES[key] = surf
    return surf
