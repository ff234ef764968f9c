"""Captions of the animations, drawn with pygame: floating labels over fighters, banners,
dice rolls and the crowd's reaction; the UI font and outlined text they are made of.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from arena_game.render import palette
from arena_game.render.glyphs import drawable
from arena_game.render.text import note_text
from arena_game.ui.anim.cover import covered
from arena_game.ui.anim.fit import (
    BANNER_STEPS,
    LABEL_VARIANTS,
    SMALLEST,
    STACK_STEPS,
    label_variant,
    two_rows,
)
from arena_game.ui.anim.homing import NO_HOME, home
from arena_game.ui.anim.measure import OUTLINE, rows_size, ruler, text_size, ui_font
from arena_game.ui.anim.measure import reset as reset_measures
from arena_game.ui.anim.pacing import TUMBLING
from arena_game.ui.anim.spots import INITIALS_GAP, LABEL_GAP, initials_box
from arena_game.ui.anim.spots import SPOTS as _SPOTS
from arena_game.ui.anim.spots import astray as _astray
from arena_game.ui.anim.spots import free_spot as _free_spot
from arena_game.ui.anim.spots import near_own as _near_own
from arena_game.ui.anim.stacks import (
    _PLACED as _PLACED,  # (the stacks' places, named here as before the split)
)
from arena_game.ui.anim.stacks import (
    _PLACED_SOFT,
    _STACK_SHAPE,
    OverEdge,
    _stack_ids,
    place_fitted,
    stack_shown,
)
from arena_game.ui.anim.stacks import STACK_LINES as STACK_LINES
from arena_game.ui.anim.stacks import held_places as held_places
from arena_game.ui.anim.stacks import place_stack as place_stack
from arena_game.ui.anim.timeline import Effect

ToScreen = Callable[[float, float], tuple[float, float]]
Colour = tuple[int, int, int]


def font(size: int) -> pygame.font.Font:
    """The UI font at a pixel size (`measure.ui_font`: one of a few fonts, set to this size: use
    it before asking for another)."""
    return ui_font(size)


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit())."""
    text_surface.cache_clear()
    _stacked_rows.cache_clear()
    dice_text.cache_clear()
    dice_size.cache_clear()
    _pill.cache_clear()
    reset_measures()
    _LABEL_PLACES.clear()
    _PLACED_SOFT.clear()
    _NO_FIT.clear()
    NO_HOME.clear()
    _SPOTS.clear()
    _STACK_SHAPE.clear()
    _AHEAD.clear()


@lru_cache(maxsize=128)  # a few captions show at a time; a session's thousands would fill 512 (~16 MiB)

def text_surface(text: str, size: int, colour: Colour, outline: bool = True) -> pygame.Surface:
    """Rendered text with a dark outline so it reads over any terrain (cached); glyphs the font
    lacks or draws badly (a minus like a hyphen) swapped first (`drawable`)."""
    text = drawable(text)
    f = font(size)
    try:
        fg = f.render(text, True, colour)
    except pygame.error:  # a font made before a pygame.quit(): make it again
        reset_measures()
        f = font(size)
        fg = f.render(text, True, colour)
    if not outline:
        return fg
    w, h = fg.get_size()
    out = pygame.Surface((w + OUTLINE, h + OUTLINE), pygame.SRCALPHA)
    shadow = f.render(text, True, palette.CAPTION_OUTLINE)
    o, mid = OUTLINE, OUTLINE // 2  # the words shifted to the outline's corners and sides' middles
    for dx, dy in ((0, 0), (o, 0), (0, o), (o, o), (mid, 0), (0, mid), (o, mid), (mid, o)):
        out.blit(shadow, (dx, dy))
    out.blit(fg, (mid, mid))
    return out


def text_rows(rows: tuple[str, ...], size: int, colour: Colour) -> pygame.Surface:
    """Outlined rows of text (`text_surface`), each centred under the one before, their
    outlines' margins overlapping (`measure.rows_size`); one row is `text_surface`'s own."""
    return text_surface(rows[0], size, colour) if len(rows) == 1 else _stacked_rows(rows, size, colour)


@lru_cache(maxsize=16)  # a label on two rows: the few that found no free place at one (one row: `text_surface`'s cache)
def _stacked_rows(rows: tuple[str, ...], size: int, colour: Colour) -> pygame.Surface:
    imgs = [text_surface(row, size, colour) for row in rows]
    out = pygame.Surface(rows_size(rows, size), pygame.SRCALPHA)
    y = 0
    for img in imgs:
        out.blit(img, ((out.get_width() - img.get_width()) // 2, y))
        y += img.get_height() - OUTLINE
    return out


@lru_cache(maxsize=32)  # the lines of the three rolls shown, each settled and tumbling

def dice_text(words: str, size: int, width: int) -> pygame.Surface:
    """A roll's line (`text_surface`), on as many lines as `width` pixels need: a small window's
    board is narrower than a roll's breakdown even at the smallest size (`draw_dice`)."""
    one = text_surface(words, size, palette.DICE_LINE)
    if one.get_width() <= width:
        return one
    rows = [text_surface(part, size, palette.DICE_LINE) for part in dice_lines(words, size, width)]
    out = pygame.Surface((max(r.get_width() for r in rows), sum(r.get_height() for r in rows)), pygame.SRCALPHA)
    y = 0
    for r in rows:
        out.blit(r, (0, y))
        y += r.get_height()
    return out


def dice_lines(words: str, size: int, width: int, make: bool = True) -> list[str]:
    """The lines a roll's words take in `width` pixels; its total stays with its "=" (a line
    never ends on it). `make`: `measure.ruler`'s."""
    from arena_game.render.text import wrap_words

    return wrap_words(drawable(words).replace(" = ", "\u00a0=\u00a0"), ruler(size, make), max(1, width - 4))


@lru_cache(maxsize=64)  # measured again each frame the rolls show, in each shape tried

def dice_size(words: str, size: int, width: int, make: bool = False) -> tuple[int, int]:
    """The size of `dice_text(words, size, width)`, measured (`measure.text_size`, `make`), not drawn."""
    one = text_size(words, size, make)
    if one[0] <= width:
        return one
    rows = [text_size(part, size, make) for part in dice_lines(words, size, width, make)]
    return max(w for w, _ in rows), sum(h for _, h in rows)


@lru_cache(maxsize=16)  # panels are sized to their text: a bigger cache only fills over a session

def panel_surface(w: int, h: int, alpha: int = 175) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*palette.PANEL, alpha))
    pygame.draw.rect(s, palette.PANEL_EDGE, s.get_rect(), 2, border_radius=6)
    return s


def _plate(box: pygame.Rect, soft: Sequence[pygame.Rect], usual: int = 175) -> int:
    """A roll's or banner's panel opacity: lighter (`LIGHT_PLATE`) where it covers a pillar or
    crate (`soft`), none of its places being free of them."""
    return int(usual * LIGHT_PLATE) if box.collidelist(soft) >= 0 else usual


def blit_alpha(surface: pygame.Surface, img: pygame.Surface, pos: tuple[float, float], alpha: float) -> None:
    img.set_alpha(max(0, min(255, int(alpha * 255))))
    surface.blit(img, (int(pos[0]), int(pos[1])))
    img.set_alpha(255)


def fade(p: float, fade_in: float = 0.1, fade_out: float = 0.25) -> float:
    """Opacity for an effect at progress p: quick fade in, fade out at the end."""
    if p < fade_in:
        return p / fade_in
    if p > 1 - fade_out:
        return max(0.0, (1 - p) / fade_out)
    return 1.0


def label_sizes(tile: float, big: bool = False) -> tuple[int, int]:
    """A floating label's font size and its sub-line's, grown with the tile within readable
    bounds (a sub-line stayed 13 px on 54 px squares at 1920×1080)."""
    size = int(min(38, max(20, tile * 0.48))) if big else int(min(30, max(17, tile * 0.42)))
    return size, int(min(22, max(13, tile * 0.3)))


def draw_labels(surface: pygame.Surface, labels: list[tuple[Effect, float]], to_screen: ToScreen,
                tile: float, room: pygame.Rect | None = None,
                under: Callable[[list[pygame.Rect]], None] | None = None,
                tokens: Sequence[pygame.Rect] = (), held: Sequence[pygame.Rect] = (),
                soft: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Labels alive together never overlap, and stacked ones read in the order things happened,
    top down: a later label that would cover an earlier one (over the same fighter or a
    neighbour) goes under it, and the stack rises so its newest label keeps the place over the
    fighter. A label whose place would cover another fighter's token (`tokens`: their boxes),
    or that sits nearer another fighter than its own, goes beside or under its own fighter.
    A label keeps the place it had in the frame before (beside its fighter, wherever the
    fighter is now) while that place stays free: it does not jump from one side of its
    fighter to the other when a neighbour fades or a token hops (s47 review4, major 2).
    Drawn in that order too, inside `room` (the surface's clip when None); returns their
    boxes. `under` is called with those boxes once they are laid, before any is painted (the
    demo draws its name tags there: under the labels, and kept off them). `held`: the boxes of
    the dice and banners already on screen (`held_places`), which keep their place: the labels
    go round them like round an earlier label (a roll's line dropped ~26 px when a label came).
    `soft`: boxes a new label had better leave in sight (the board's marked squares: a run's
    discs, pillars), avoided where a place beside its fighter covers no token. A new label
    left astray by all that (far from its fighter, or nearer another) or on a token's
    initials is laid again near its fighter (`homing.home`)."""
    stage = _stage(surface, room)
    held = list(held)
    ordered = sorted(labels, key=lambda ep: ep[0].start)  # stable: same start keeps queue order
    kept: dict[int, _Laid] = {}  # the labels back in their last place, laid first: the others go round them
    for n, (e, p) in enumerate(ordered):
        item = _kept_place(surface, e, p, to_screen, tile, [it.box for it in kept.values()] + held, stage, tokens, soft)
        if item is not None:
            kept[n] = item
    laid: list[_Laid] = []
    above: dict[int, set[int]] = {}  # a label → the earlier ones its first place ran into
    for n, (e, p) in enumerate(ordered):
        if n in kept:
            laid.append(kept[n])
            continue
        others = [it.box for it in laid] + [kept[k].box for k in kept if k > n] + held  # held last: no label's hits
        item = _lay(surface, e, p, to_screen, tile, others, stage, tokens, soft)
        above[len(laid)] = {i for i in item.hits if i < len(laid)}
        laid.append(item)
    _chronological(laid, above, stage, fixed={i for i in range(len(laid)) if i in kept})
    for n, item in enumerate(laid):  # a stack laid again may have come down onto a token, or
        if n in kept or item.e.at is None:  # a label gone up over a neighbour: beside its own fighter
            continue
        cx, cy = to_screen(*item.e.at)
        if item.box.collidelist(tokens) >= 0 or not _near_own(item.box, cx, cy, tokens):
            others = [it.box for it in laid if it is not item] + held
            aside = _aside(item.box, cx, cy, tile, stage, others, tokens)
            if aside is not None and soft and aside.collidelist(soft) >= 0 and aside.collidelist(tokens) < 0:
                # off a token onto a pillar (s51: the lava film's "Dead" at 800×560): one covering neither
                clear = _aside(aside, cx, cy, tile, stage, others, tokens, soft)
                aside = clear if clear is not None and clear.collidelist(tokens) < 0 else aside
            if aside is not None:
                item.box = aside
    initials = [initials_box(t, tile) for t in tokens]
    for n, item in enumerate(laid):  # one that still reads as no one's (or another's): home to its fighter
        at = None if n in kept or item.e.at is None else to_screen(*item.e.at)
        if at is not None and (_astray(item.box, *at, tile, tokens) or item.box.collidelist(initials) >= 0):
            e, p = ordered[n]
            mates = [it.box for it in laid if it is not item and it.e.data.get("fighter") == e.data.get("fighter")]
            laid[n] = home(item, _label_key(e), at, tile, [it.box for it in laid if it is not item],
                           held, stage, tokens, soft, mates, _layer(surface, e, p, to_screen, tile, stage, tokens, soft))
    _remember(laid, to_screen)
    if under is not None:
        under([item.box for item in laid])
    for item in laid:  # one still over a pillar or crate on a lighter pill: the scenery reads through it
        item.light = bool(soft) and item.box.collidelist(soft) >= 0
        _paint(surface, item, stage)
    return [item.box for item in laid]


def _layer(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float, stage: pygame.Rect,
           tokens: Sequence[pygame.Rect], soft: Sequence[pygame.Rect]) -> Callable[[Sequence[pygame.Rect] | None, int], _Laid]:
    """`_lay` for `e` as `homing.home` asks: laid round some labels (`placed`), or only shaped
    (`placed` None: its size in a shape of `fit.LABEL_VARIANTS`)."""
    def lay(placed: Sequence[pygame.Rect] | None, shape: int = 0) -> _Laid:
        if placed is None:
            return _lay(surface, e, p, to_screen, tile, (), stage, (), variant=shape)
        return _lay(surface, e, p, to_screen, tile, placed, stage, tokens, soft)
    return lay


_LABEL_PLACES: dict[tuple[object, ...], tuple[int, int, float, float, int, int, bool]] = {}
"""Each floating label's last place: its size and where it was from its fighter (x, and y
less its rise, so a kept label still pops up), the tokens it covered, its shape
(`fit.LABEL_VARIANTS`) and whether it hangs under another of its fighter's labels (`homing`),
by what it says and when it began (a label may follow its fighter)."""


def _label_key(e: Effect) -> tuple[object, ...]:
    return (e.text, str(e.data.get("sub", "")), e.start)


def _remember(laid: Sequence[_Laid], to_screen: ToScreen) -> None:
    """The labels' places this frame (`_kept_place` tries them first in the next)."""
    _LABEL_PLACES.clear()  # the labels gone are forgotten
    live = {_label_key(item.e) for item in laid}
    for memo in (_NO_FIT, NO_HOME):
        for key in [k for k in memo if k not in live]:
            del memo[key]
    for item in laid:
        if item.e.at is not None:
            cx, cy = to_screen(*item.e.at)
            _LABEL_PLACES[_label_key(item.e)] = (item.box.w, item.box.h, item.box.x - cx,
                                                 item.box.y - cy + item.rise, item.cost, item.variant, item.stacked)


def _kept_place(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
                placed: Sequence[pygame.Rect], stage: pygame.Rect, tokens: Sequence[pygame.Rect],
                soft: Sequence[pygame.Rect] = ()) -> _Laid | None:
    """`e` laid in its place of the frame before, moved with its fighter, if that place is
    still free: inside `stage`, clear of the `placed` labels, nearer its fighter than any
    other (or hung under another of its fighter's labels, `homing.home`), covering little
    more of the `tokens` than it did (a hop beside it does not move it) and none of their
    initials (a token hopping back under it); None if it had no place or that place is taken.
    A label that pops up into a pillar or crate (`soft`) stops rising at its edge."""
    last = _LABEL_PLACES.get(_label_key(e))
    if last is None or e.at is None:
        return None
    w, h, dx, dy, cost, variant, stacked = last
    cx, cy = to_screen(*e.at)
    item = _lay(surface, e, p, to_screen, tile, (), stage, (), variant=variant)  # its lines and rise, placed below
    box = pygame.Rect(round(cx + dx), round(cy + dy - item.rise), w, h)
    under = [r.inflate(0, 8) for r in placed if r.inflate(0, 8).colliderect(box)]
    if under and max(r.bottom for r in under) - box.top <= KEPT_SLACK:
        # popping up into the label over it by a few pixels: it stops rising there rather than
        # being laid again on the other side of its fighter (s51: the lava film's "Dead")
        box.top = max(r.bottom for r in under)
    lift = [r for r in soft if r.colliderect(box) and r.bottom - box.top <= RISE_MORE * tile]
    if lift and not any(r.colliderect(box.move(0, max(r.bottom for r in lift) - box.top)) for r in soft if r not in lift):
        # its place was found flush under it at the label's first frame: it rises no farther
        # (s52: the circle's "−5 PV" popped up onto the pillar at (7, 11))
        box.top = max(r.bottom for r in lift)
    if (item.box.size != (w, h) or not stage.contains(box)
            or any(r.inflate(0, 8).colliderect(box) for r in placed)
            or not (stacked or _near_own(box, cx, cy, tokens)) or covered(box, tokens) > cost + w * h // 4
            or box.collidelist([initials_box(t, tile) for t in tokens]) >= 0):  # a token hopped under it
        return None
    item.box, item.hits, item.cost, item.stacked = box, set(), min(cost, covered(box, tokens)), stacked
    return item


KEPT_SLACK = 8  # px a kept label may stop short of its rise, held under the label over it
RISE_MORE = 0.2  # tiles a label rises after its first frame (`_lay`'s `rise`): the most a pillar stops it short


class _Laid:
    """A label laid out: its box, lines (their rows: rendered when painted) and opacity (and
    what its first place hit)."""

    def __init__(self, e: Effect, box: pygame.Rect, rows: tuple[str, ...], sub_rows: tuple[str, ...] | None,
                 alpha: float, size: int, sub_size: int, words: str, hits: set[int], rise: float = 0.0) -> None:
        self.e, self.box, self.rows, self.sub_rows, self.alpha = e, box, rows, sub_rows, alpha
        self.size, self.sub_size, self.words, self.hits = size, sub_size, words, hits
        self.rise = rise  # how far over its fighter it floats now (it pops up)
        self.cost = 0  # how much of the tokens its place covers (`covered`), the most a kept place may
        self.variant = 0  # its shape (`fit.LABEL_VARIANTS`): a kept place keeps it too
        self.light = False  # painted on a lighter pill: over a pillar or crate (`draw_labels`)
        self.stacked = False  # hung under another of its fighter's labels, with no place near it (`homing.home`)

    @property
    def main(self) -> pygame.Surface:
        """Its main line, rendered (cached)."""
        return text_rows(self.rows, self.size, self.e.colour)

    @property
    def small(self) -> pygame.Surface | None:
        """Its sub-line, rendered (cached); None without one."""
        return None if self.sub_rows is None else text_rows(self.sub_rows, self.sub_size, palette.CAPTION_SUB)


def _lay(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
         placed: Sequence[pygame.Rect] = (), stage: pygame.Rect | None = None,
         tokens: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = (), variant: int = 0) -> _Laid:
    """Where one floating label goes, moved up clear of the `placed` ones, inside `stage`;
    off the other fighters' `tokens` where a place beside or under its own fighter allows,
    then off the `soft` boxes (marked squares) where one covering no token does; when none
    does at its usual size, in the first of its smaller shapes (`fit.LABEL_VARIANTS`: a step
    smaller, on two short rows) that finds such a place (s52: the tackle's "−2 to all rolls"
    was wider than the row between two pillars at 1366×768). `variant`: that shape."""
    if e.at is None:
        raise ValueError("a label needs a square")
    cx, cy = to_screen(*e.at)
    if stage is None:
        stage = surface.get_clip()  # the board's viewport (a clip, or the whole of a subsurface)
    size, sub_size = label_sizes(tile, e.data.get("big", False))
    sub = e.data.get("sub", "")
    # its lines are measured, not rendered: only the shape it takes is drawn (`_paint`)
    rows: tuple[str, ...] = (e.text,)
    sub_rows: tuple[str, ...] | None = (sub,) if sub else None
    while True:  # never wider than the board: a smaller font first
        width = max(text_size(e.text, size, True)[0], text_size(sub, sub_size, True)[0] if sub else 0) + 2 * PILL_PAD
        if width <= stage.w or (size <= 11 and sub_size <= 11):
            break
        size, sub_size = max(11, size - 1), max(11, sub_size - 1)
    if variant:
        size, sub_size, wrap, pad = label_variant(size, sub_size, variant)
        sub_widest = bool(sub) and text_size(sub, sub_size)[0] > text_size(e.text, size)[0]
        if wrap == 2 or (wrap and not sub_widest):
            rows = two_rows(e.text)
        if sub and (wrap == 2 or (wrap and sub_widest)):
            sub_rows = two_rows(sub)
        width = max(rows_size(rows, size)[0], rows_size(sub_rows, sub_size)[0] if sub_rows else 0) + 2 * pad
    # Pops up quickly, then holds still so stacked labels stay apart.
    rise = min(tile * 0.5, 36) + min(tile * RISE_MORE, 14) * (1 - (1 - min(1.0, p * 5)) ** 2)
    alpha = fade(p, 0.06, 0.3)
    height = rows_size(rows, size)[1] + (rows_size(sub_rows, sub_size)[1] - OUTLINE if sub_rows else 0)
    box = pygame.Rect(int(cx - width / 2), int(cy - rise - height), width, height)
    hits: set[int] = set()
    while (i := next((i for i, r in enumerate(placed) if r.inflate(0, 8).colliderect(box)), None)) is not None:
        hits.add(i)
        box.bottom = placed[i].top - LABEL_GAP
    if not stage.contains(box):  # near the board's edge: pushed back inside, beside its fighter
        box.clamp_ip(stage)
        while (hit := next((r for r in placed if r.inflate(0, 8).colliderect(box)), None)) is not None \
                and hit.bottom + LABEL_GAP + box.h <= stage.bottom:
            box.top = hit.bottom + LABEL_GAP
    if box.collidelist(tokens) >= 0 or not _near_own(box, cx, cy, tokens):
        # on a token (its own included: pushed down onto it by the board's top), or gone up
        # over a neighbour's (film 7: Kael's "−5 PV" read as Oruk's): beside its own fighter
        aside = _aside(box, cx, cy, tile, stage, placed, tokens)
        if aside is not None:
            box, hits = aside, set()  # out of the stack over its fighter
        if variant and (box.collidelist(tokens) >= 0 or not _near_own(box, cx, cy, tokens)):
            # a smaller shape with no place beside its fighter: the nearest free one (s52: the
            # circle's "−5 PV" at 800×560, on two rows, fits between the crates right of Kael)
            free = _free_spot(box, cx, cy, tile, stage, placed, tokens, soft)
            if free is not None:
                box, hits = free, set()
    if soft and box.collidelist(soft) >= 0 and box.collidelist(tokens) == -1:
        # over a run's discs or a pillar: a place beside its fighter that covers neither a token
        # nor as much of them (s48 review 2, item 3: "by Nyssa" sat on the run-so-far discs)
        aside = _aside(box, cx, cy, tile, stage, placed, tokens, soft)
        if aside is not None and aside.collidelist(tokens) == -1:
            box, hits = aside, set()
    item = _Laid(e, box, rows, sub_rows, alpha, size, sub_size, f"{e.text} {sub}", hits, rise)
    item.cost, item.variant = covered(box, tokens), variant
    if not soft or variant or box.collidelist(soft) < 0:
        return item
    q = max(4, round(tile / 2))  # to half a tile: a label rising beside it does not make it try again
    around = (tuple((r.x // q, r.y // q, r.w // q, r.h // q) for r in placed),
              tuple((r.x // q, r.y // q) for r in tokens), tuple(stage), round(cx / q), round(cy / q))
    if _NO_FIT.get(_label_key(e)) != around:  # (no shape fitted here in the frame before: not tried again)
        tried: dict[int, _Laid | None] = {}

        def fits(shape: int) -> _Laid | None:
            if shape not in tried:
                other = _lay(surface, e, p, to_screen, tile, placed, stage, tokens, soft, shape)
                tried[shape] = other if other.box.collidelist(soft) < 0 and other.box.collidelist(tokens) < 0 \
                    and _near_own(other.box, cx, cy, tokens) else None
            return tried[shape]

        # the mildest change first (a step smaller: enough most often), then the smallest shapes, on
        # one row and on two: when neither finds a place no other will (a frame of the tackle at
        # 800×560 tried all seven: +5 ms)
        if fits(1) is not None or any(fits(shape) is not None for shape in SMALLEST):
            for shape in range(1, len(LABEL_VARIANTS)):  # no free place at its size: the mildest change that has one
                found = fits(shape)
                if found is not None:
                    return found
        _NO_FIT[_label_key(e)] = around
    # none: where it is, in the shape that covers the least of them there, moved a little
    best, least = item, covered(box, soft)
    near, on_tokens = _near_own(box, cx, cy, tokens), covered(box, tokens)
    for shape in range(len(LABEL_VARIANTS)):
        other = item if not shape else _lay(surface, e, p, to_screen, tile, (), stage, (), variant=shape)
        here = pygame.Rect((0, 0), other.box.size)
        here.midtop = box.midtop
        here = _nudge(here.clamp(stage), cx, cy, tile, stage, placed, tokens, soft)
        if (covered(here, soft) < least and covered(here, tokens) <= on_tokens
                and not any(r.inflate(0, 8).colliderect(here) for r in placed)
                and (not near or _near_own(here, cx, cy, tokens))):
            best, least = other, covered(here, soft)
            best.box, best.hits, best.cost = here, item.hits, covered(here, tokens)
    return best


NUDGE = 0.25  # tiles: the most a label with no free place moves to cover less of a pillar or crate


def _nudge(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect, placed: Sequence[pygame.Rect],
           tokens: Sequence[pygame.Rect], soft: Sequence[pygame.Rect]) -> pygame.Rect:
    """`box` (a label with no free place in any shape) moved by at most `NUDGE` of a tile, flush
    against the pillars and crates it covers, where it covers less of them, no more of the
    tokens, no label (`placed`), stays in `stage` and no farther from its fighter at (`cx`, `cy`)
    than from any other (s52: the tackle's "−2 to all rolls" at 800×560 came 3 px over the
    pillar at (7, 11))."""
    reach = max(2, round(tile * NUDGE))
    hit = [r for r in soft if r.colliderect(box)]
    dxs = {0} | {d for r in hit for d in (r.right - box.left, r.left - box.right) if abs(d) <= reach}
    dys = {0} | {d for r in hit for d in (r.bottom - box.top, r.top - box.bottom) if abs(d) <= reach}
    best, least, tokens_now = box, covered(box, soft), covered(box, tokens)
    near = _near_own(box, cx, cy, tokens)
    for dx, dy in sorted(((x, y) for x in dxs for y in dys), key=lambda d: (abs(d[0]) + abs(d[1]), d)):
        cand = box.move(dx, dy)
        if (covered(cand, soft) < least and stage.contains(cand) and covered(cand, tokens) <= tokens_now
                and not any(r.inflate(0, 8).colliderect(cand) for r in placed)
                and (_near_own(cand, cx, cy, tokens) or not near)):
            best, least = cand, covered(cand, soft)
    return best


_NO_FIT: dict[tuple[object, ...], tuple[object, ...]] = {}
"""The labels no smaller shape found a free place for, with what was round them then (the
labels laid, the tokens, the room, the fighter's place): not tried again while that stays
(a label laid anew each frame tried its seven smaller shapes each frame)."""


def _aside(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect,
           placed: Sequence[pygame.Rect], tokens: Sequence[pygame.Rect],
           soft: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """A place for a label of `box`'s size beside (right, then left), under or above its
    fighter at (`cx`, `cy`), inside `stage` and clear of the `placed` labels, that covers less
    of the `tokens` than `box` does (nothing if it can), a token's pixel weighing as much as
    `SOFT_WEIGHT` of the `soft` boxes'; None if there is none."""
    half = tile * 0.5 + LABEL_GAP
    spots = [
        (cx + half, cy - box.h / 2),  # right of the token
        (cx - half - INITIALS_GAP * tile - box.w, cy - box.h / 2),  # left of it, off its initials by more
        (cx - box.w / 2, cy + tile * 0.95),  # under it and its name tag
        (cx + half, cy - half - box.h),  # above, to the right
        (cx - half - box.w, cy - half - box.h),  # above, to the left
        (cx + half, cy + half),  # under, to the right
        (cx - half - box.w, cy + half),  # under, to the left
    ]

    # a place nearer another fighter than its own misreads whose label it is: costs more than any cover
    far = (box.w * box.h + 1) * (SOFT_WEIGHT if soft else 1)
    marks = list(soft)  # all of them for `_free_spot`, which looks farther (given only the near
    # ones, it put the tackle's "−2 à tous les jets" on the crate at (12, 5) at 1366×768, s51 review)
    if soft:  # only the marks the spots can reach are weighed (a large map marks hundreds of squares)
        reach = pygame.Rect(int(cx - half - box.w), int(cy - half - box.h - tile), int(2 * (half + box.w)),
                            int(2 * (half + box.h + tile) + tile))
        soft = [r for r in soft if r.colliderect(reach)]

    def weight(r: pygame.Rect, marked: Sequence[pygame.Rect] = soft) -> int:
        return covered(r, tokens) * SOFT_WEIGHT + covered(r, marked) if marks else covered(r, tokens)

    # the label's own place weighed with all the marks: pushed up over the dice held on screen it
    # may be out of the spots' reach, its crate unseen (s51: the circle's "−6 PV" on (7, 5))
    here = weight(box, marks)
    best, best_cost = None, here + (0 if _near_own(box, cx, cy, tokens) else far)
    for x, y in spots:
        for dy in (0.0, -tile * 0.5, tile * 0.5):
            cand = pygame.Rect(int(x), int(y + dy), box.w, box.h)
            if not stage.contains(cand) or any(r.inflate(0, 8).colliderect(cand) for r in placed):
                continue
            cost = weight(cand) + (0 if _near_own(cand, cx, cy, tokens) else far)
            if cost < best_cost:
                best, best_cost = cand, cost
            if cost == 0:
                return best
    if marks and best_cost > 0:  # every place beside its fighter covers a mark: the nearest that covers none
        return _free_spot(box, cx, cy, tile, stage, placed, tokens, marks) or best
    return best


def _chronological(laid: Sequence[_Laid], above: dict[int, set[int]], stage: pygame.Rect,
                   fixed: frozenset[int] | set[int] = frozenset()) -> None:
    """Each stack of labels (those whose places ran into each other) laid again top down in
    the order they came, its lowest edge kept (the newest label sits over its fighter); a
    stack with a `fixed` label in it (kept in its last place) is left as it is."""
    group = list(range(len(laid)))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i, hits in above.items():
        for j in hits:
            group[root(i)] = root(j)
    stacks: dict[int, list[int]] = {}
    for i in range(len(laid)):
        stacks.setdefault(root(i), []).append(i)
    for members in stacks.values():
        if len(members) < 2 or fixed.intersection(members):
            continue
        bottom = max(laid[i].box.bottom for i in members)
        for i in reversed(members):  # the newest lowest, the earliest on top
            laid[i].box.bottom = bottom
            bottom = laid[i].box.top - LABEL_GAP
        shift = stage.top - min(laid[i].box.top for i in members)
        if shift > 0:  # the stack's top past the board's: all of it down
            for i in members:
                laid[i].box.move_ip(0, shift)


PILL_PAD = 6  # the dark pill's margin beside a label's text
LIGHT_PLATE = 0.6  # a caption's plate over a pillar or crate: this share of its usual darkness (the outlined words still read)
SOFT_WEIGHT = 4  # a token's covered pixel against a marked square's (`_aside`)


@lru_cache(maxsize=32)
def _pill(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, palette.CAPTION_BACK, s.get_rect(), border_radius=min(h // 2, 12))
    return s


def _paint(surface: pygame.Surface, item: _Laid, stage: pygame.Rect | None = None) -> None:
    """A laid-out label on a see-through dark pill (an orange word on orange lava reads), a
    lighter one (`LIGHT_PLATE`) over a pillar or crate it found no place off (`item.light`)."""
    box, main, small, alpha = item.box, item.main, item.small, item.alpha
    back = _pill(box.w, box.h)  # its box: two labels laid `LABEL_GAP` apart keep that gap (s60)
    back.set_alpha(max(0, min(255, int(alpha * 255 * (LIGHT_PLATE if item.light else 1.0)))))
    surface.blit(back, (box.left, box.top))
    back.set_alpha(255)
    cx, top = box.centerx, box.top
    blit_alpha(surface, main, (cx - main.get_width() / 2, top), alpha)
    if small:
        blit_alpha(surface, small, (cx - small.get_width() / 2, top + main.get_height() - OUTLINE), alpha)
    _note(surface, "anim_label", box, item.size if not small else min(item.size, item.sub_size), item.words, stage)


def _stage(surface: pygame.Surface, room: pygame.Rect | None) -> pygame.Rect:
    """Where captions go on `surface`: its clip (the board's viewport), within `room` if given."""
    clip = surface.get_clip()
    return clip if room is None else room.clip(clip)


def _note(surface: pygame.Surface, what: str, box: pygame.Rect, size: int, words: str = "",
          stage: pygame.Rect | None = None) -> None:
    """Tell the layout tests where a caption went (in window pixels; its panel: where captions
    go, the board's viewport less its column and row numbers)."""
    dx, dy = surface.get_abs_offset()
    note_text(what, box.move(dx, dy), size, (surface.get_clip() if stage is None else stage).move(dx, dy), words)


def draw_banners(surface: pygame.Surface, banners: list[tuple[Effect, float]],
                 avoid: Sequence[pygame.Rect] = (), room: pygame.Rect | None = None,
                 clear: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Turn and round banners, stacked where they cover no token (`avoid`) and above all no
    words (`clear`: labels, dice), then the least of the pillars and crates (`soft`): a
    tighter, smaller banner (`fit.BANNER_STEPS`) where that one covers none (s52: the lava
    film's round banner on a crate's corner), else on a lighter panel; inside `room` (the
    surface's clip when None), or over the board's top or bottom edge as the rolls' lines
    (`draw_dice`); their boxes."""
    if not banners:
        return []
    sw, sh = surface.get_size()
    stage = _stage(surface, room)  # the board: a banner never spills past its sides
    shown = stack_shown("banners", banners)
    made: dict[int, list[_BannerShape]] = {}

    def parts(k: int) -> list[_BannerShape]:
        if k not in made:
            made[k] = [_banner_shape(e, p, sh, stage, *BANNER_STEPS[k]) for e, p in shown]
        return made[k]

    edge = over_edge_room(surface, stage, soft)
    k, boxes = place_fitted(stage, lambda k: ([(w, h) for _, _, w, h, _ in parts(k)], 8), len(BANNER_STEPS),
                            avoid, clear, ("banners", _stack_ids("banners", banners)), soft, edge)
    clip, panel, soft = _over_the_edge(surface, boxes, edge, stage, soft)
    top = BANNER_STEPS[k][1] // 2 - 2  # the title's margin over it: 8 px in the usual shape
    for (e, p, w, h, size), at in zip(parts(k), boxes, strict=True):  # only the shape taken is drawn
        sub = e.data.get("sub", "")
        title = text_surface(e.text, size, e.colour)
        subimg = text_surface(sub, _sub_size(size), palette.BANNER_SUB) if sub else None
        alpha = fade(p, 0.12, 0.25)
        blit_alpha(surface, panel_surface(int(w), int(h), _plate(at, soft)), at.topleft, alpha)
        blit_alpha(surface, title, (at.centerx - title.get_width() / 2, at.top + top), alpha)
        if subimg:
            blit_alpha(surface, subimg, (at.centerx - subimg.get_width() / 2, at.top + top + title.get_height()), alpha)
        _note(surface, "banner", at, size if subimg is None else _sub_size(size), f"{e.text} {sub}", panel)
    surface.set_clip(clip)
    return boxes


def over_edge_room(surface: pygame.Surface, stage: pygame.Rect, soft: Sequence[pygame.Rect]) -> OverEdge | None:
    """The room round the board the rolls' lines and banners may take (`stacks.OverEdge`): the
    `surface` (the board's part of the window) beyond its clip (the board, `BoardView.anim_layer`),
    the board's numbers (its clip less the captions' `stage`) covered the least, with the `soft`
    boxes; None when the clip is the whole surface (a board zoomed far out, or larger than it)."""
    clip, whole = surface.get_clip(), surface.get_rect()
    if clip == whole:
        return None
    numbers = [pygame.Rect(clip.left, clip.top, clip.w, stage.top - clip.top),
               pygame.Rect(clip.left, clip.top, stage.left - clip.left, clip.h)]
    return OverEdge(clip, whole, [*soft, *(r for r in numbers if r.w > 0 and r.h > 0)])


def _over_the_edge(surface: pygame.Surface, boxes: Sequence[pygame.Rect], edge: OverEdge | None,
                   stage: pygame.Rect, soft: Sequence[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect, Sequence[pygame.Rect]]:
    """A stack's `boxes` over the board's edge (`place_fitted`'s `edge`): the surface's clip
    widened to its room to draw them. The clip to put back after, the panel they lie in (the
    layout tests') and the boxes their plates keep off."""
    clip = surface.get_clip()
    if edge is None or all(clip.contains(b) for b in boxes):
        return clip, stage, soft
    surface.set_clip(edge.room)
    return clip, edge.room, edge.soft


_BannerShape = tuple[Effect, float, int, int, int]
"""A banner in one of its shapes (`_banner_shape`): its effect and progress, its box's width and
height, its title's font size."""


def _sub_size(size: int) -> int:
    """A banner's sub-line's font size under a title in `size` px."""
    return max(11, int(size * 0.5))


def banner_sizes(sh: int) -> list[int]:
    """The font sizes a turn's or round's banner on a `sh` px high board is measured at, in each
    of its shapes (`_banner_shape`, a board as wide as its words), its title's and its
    sub-line's: the sizes `measure.keep_ruler` makes fonts for ahead (not the small banners',
    rarer: a font kept is ~0.6 MiB)."""
    titles = [max(20, int(int(sh * 0.06) * scale)) for scale, _ in BANNER_STEPS]
    return list(dict.fromkeys(size for title in titles for size in (title, _sub_size(title))))


def _banner_shape(e: Effect, p: float, sh: int, stage: pygame.Rect, scale: float, margin: int) -> _BannerShape:
    """A banner at `scale` of its usual size, with `margin` over and under its words, measured
    (`measure.text_size`), not drawn: its box never wider than the board (a smaller font). A
    board crowded with pillars tries every shape (`fit.BANNER_STEPS`) in the frame a turn
    starts, and drawing the words of each made a 64² map's turn start miss 16.7 ms (s59)."""
    small = e.data.get("small", False) and not e.data.get("final", False)
    size = max(20, int(int(sh * (0.035 if small else 0.06)) * scale))
    sub = e.data.get("sub", "")
    while True:  # a smaller font before a banner wider than the board
        title = text_size(e.text, size)
        subimg = text_size(sub, _sub_size(size)) if sub else None
        w = max(title[0], subimg[0] if subimg else 0) + 60
        if w <= stage.w or size <= 12:
            break
        size -= 2
    h = title[1] + (subimg[1] if subimg else 0) + margin
    return e, p, min(stage.w, w), h, size


def _die_face(size: int, die: int, face: int | None, crit: str | None) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    bg = palette.DIE_FACE if crit is None else (palette.DIE_SUCCESS if crit == "success" else palette.DIE_FAILURE)
    pygame.draw.rect(s, bg, s.get_rect(), border_radius=max(3, size // 6))
    pygame.draw.rect(s, palette.DIE_EDGE, s.get_rect(), 2, border_radius=max(3, size // 6))
    t = text_surface("?" if face is None else str(face), int(size * 0.5), palette.DIE_TEXT, outline=False)
    s.blit(t, t.get_rect(center=(size // 2, int(size * 0.4))))
    d = text_surface(f"d{die}", max(8, int(size * 0.24)), palette.DIE_KIND, outline=False)
    s.blit(d, d.get_rect(midbottom=(size // 2, size)))
    return s


def draw_dice(surface: pygame.Surface, rolls: list[tuple[Effect, float]],
              avoid: Sequence[pygame.Rect] = (), room: pygame.Rect | None = None,
              clear: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """The dice rolling now, stacked where they cover no token (`avoid`) and above all no
    label (`clear`), then the least of the pillars and crates (`soft`): a tighter stack
    (`fit.STACK_STEPS`) where that one covers none, else on lighter panels; inside `room` (the
    surface's clip when None), or over the board's top or bottom edge where no place on it keeps
    off the tokens (`over_edge_room`); their boxes."""
    if not rolls:
        return []
    sw, sh = surface.get_size()
    stage = _stage(surface, room)  # the board: a roll's line never spills past its sides
    shown = stack_shown("dice", rolls)
    made: dict[int, _DiceShape] = {}

    def shape(k: int) -> _DiceShape:
        if k not in made:
            made[k] = _DiceShape(shown, max(14, int(sh * 0.026)), stage, *STACK_STEPS[k])
        return made[k]

    edge = over_edge_room(surface, stage, soft)
    k, boxes = place_fitted(stage, lambda k: (shape(k).sizes, shape(k).gap), len(STACK_STEPS), avoid, clear,
                            ("dice", _stack_ids("dice", rolls)), soft, edge)
    clip, panel, soft = _over_the_edge(surface, boxes, edge, stage, soft)
    made_k = shape(k)
    size, die_px, width, pad = made_k.size, made_k.die_px, made_k.width, made_k.pad
    for (e, p), line, at in zip(shown, made_k.lines, boxes, strict=True):
        alpha = fade(p, 0.06, 0.2)
        tumbling = p < TUMBLING
        face = None if tumbling else e.data["face"]
        words = f"{e.data['who']} — {e.text}"
        if tumbling:  # a tumbling die shows changing faces while it rolls
            face = 1 + int(p * 97) % e.data["die"]
            if e.data.get("rolling"):
                words = f"{e.data['who']} — {e.data['rolling']}"
                line = dice_text(words, size, width)  # (cached: drawn in the box measured for it)
        die = _die_face(die_px, e.data["die"], face, None if tumbling else e.data.get("critical"))
        if tumbling:
            die = pygame.transform.rotate(die, p * 1400)
        x0, y, w, h = at
        blit_alpha(surface, panel_surface(int(w), int(h), _plate(at, soft)), (x0, y), alpha)
        blit_alpha(surface, die, (x0 + 8 + die_px / 2 - die.get_width() / 2, y + pad / 2 + die_px / 2 - die.get_height() / 2), alpha)
        blit_alpha(surface, line, (x0 + die_px + 22, y + h / 2 - line.get_height() / 2), alpha)
        _note(surface, "dice", at, size, words, panel)
    surface.set_clip(clip)
    return boxes


_AHEAD: set[tuple[object, ...]] = set()
"""The rolls' stacks (their effects' ids, the room) and shapes `measure_ahead` has measured."""


def measure_ahead(surface: pygame.Surface, rolls: Sequence[Effect], room: pygame.Rect | None = None) -> None:
    """Measure the lines of the rolls shown with those about to show (`rolls`, in order) in one
    more of their tighter shapes (`fit.STACK_STEPS`), one a frame, so that the frame a roll shows
    in finds them measured: there `place_fitted` may try every shape (s54: with the deadly squares
    kept in sight, the lava push's second roll tried three, +3 ms in a 15 ms frame)."""
    shown = [(e, 0.0) for e in rolls][-STACK_LINES["dice"]:]
    stage = _stage(surface, room)
    key = (tuple(id(e) for e, _ in shown), tuple(stage))
    k = next((k for k in range(1, len(STACK_STEPS)) if (key, k) not in _AHEAD), None)
    if k is None:
        return
    if len(_AHEAD) > 64:  # the stacks of earlier actions
        _AHEAD.clear()
    _AHEAD.add((key, k))
    _DiceShape(shown, max(14, int(surface.get_height() * 0.026)), stage, *STACK_STEPS[k])


class _DiceShape:
    """The rolls' lines in one shape (`fit.STACK_STEPS`): their font `steps` smaller than
    `size` (never below 11 px), `pad` px over and under each die, `gap` px between lines;
    measured (`place_fitted` tries several), drawn only when asked for its `lines`."""

    def __init__(self, shown: list[tuple[Effect, float]], size: int, stage: pygame.Rect,
                 steps: int, pad: int, gap: int) -> None:
        size, make = max(11, size - steps), not steps  # (a font made for the usual shape's size only)
        while True:  # a smaller font before a line wider than the board, then more lines
            die_px = int(size * 1.9)
            width = stage.w - die_px - 36  # a line's room beside its die
            if max(text_size(f"{e.data['who']} — {e.text}", size, make)[0] for e, _ in shown) <= width or size <= 11:
                break
            size -= 1
        self.size, self.die_px, self.width, self.pad, self.gap = size, die_px, width, pad, gap
        self._words = [f"{e.data['who']} — {e.text}" for e, _ in shown]
        settled = [dice_size(words, size, width, make) for words in self._words]
        # while a die tumbles its line hides the face and total (`rolling`), in the settled line's box;
        # a box holds its line while the die tumbles too ("d20 … + … = …" may take more lines than
        # the settled one: the second hung below the box, over the board, s50 window2)
        rolling = [dice_size(f"{e.data['who']} — {e.data['rolling']}", size, width, make) if e.data.get("rolling") else one
                   for (e, _), one in zip(shown, settled, strict=True)]
        self.sizes = [(die_px + max(one[0], r[0]) + 36, max(die_px, one[1], r[1]) + pad)
                      for one, r in zip(settled, rolling, strict=True)]

    @property
    def lines(self) -> list[pygame.Surface]:
        """The settled lines, drawn (cached)."""
        return [dice_text(words, self.size, self.width) for words in self._words]


def draw_crowd(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
               keep: Sequence[pygame.Rect] = (), room: pygame.Rect | None = None) -> None:
    """The crowd's reaction to a taunt (R7): cheering heads and a shout, or jeers; its words
    above the `keep` boxes (the skip hint's strip) they would run into. The heads stand along
    the foot of `room` (the captions' room: the viewport less the row numbers' strip, which
    they covered the last row's number in) or of the viewport."""
    stage = surface.get_clip()  # the board's viewport: the crowd stays on it
    stand = stage if room is None else room.clip(stage) or stage
    sh = stage.h
    cheer = e.data.get("cheer", False)
    alpha = fade(p, 0.1, 0.25)
    heads = 22
    base_y = stage.bottom - sh * 0.04
    for i in range(heads):
        x = stand.left + stand.w * (i + 0.5) / heads
        phase = i * 1.7
        jump = abs(math.sin(p * 14 + phase)) * sh * (0.022 if cheer else 0.004)
        head_colour, body_colour = palette.CROWD_CHEER if cheer else palette.CROWD_JEER
        col = head_colour
        r = max(6, int(sh * 0.014))
        y = base_y - jump
        pygame.draw.circle(surface, col, (int(x), int(y)), r)
        body = pygame.Rect(0, 0, r * 2 + 4, r * 2)
        body.midtop = (int(x), int(y + r - 2))
        pygame.draw.rect(surface, body_colour, body, border_radius=r // 2)
        if cheer:  # arms up
            pygame.draw.line(surface, col, (x - r, y + r), (x - r - 4, y - r), 3)
            pygame.draw.line(surface, col, (x + r, y + r), (x + r + 4, y - r), 3)
    if cheer and e.at is not None:
        cx, cy = to_screen(*e.at)
        for i in range(14):  # confetti over the taunting fighter
            a = i * 2.4
            x = cx + math.cos(a) * tile * (0.3 + 0.9 * p)
            y = cy - tile * 0.4 + math.sin(a) * tile * 0.4 + tile * 1.2 * p * p
            pygame.draw.rect(surface, ((i * 70) % 255, 200, (i * 40) % 255), (int(x), int(y), 5, 8))
    size = max(20, int(sh * 0.045))
    title = text_surface(e.text, size, e.colour)
    sub = text_surface(e.data.get("sub", ""), max(14, int(size * 0.5)), palette.BANNER_SUB)
    y = base_y - sh * 0.06 - title.get_height() - sub.get_height()
    words = pygame.Rect(0, int(y), max(title.get_width(), sub.get_width()), title.get_height() + sub.get_height())
    words.centerx = stage.centerx
    for k in sorted(keep, key=lambda r: -r.top):  # the lowest first: the words go up past each in turn
        if words.colliderect(k):
            words.bottom = k.top - 4
    y = words.top
    blit_alpha(surface, title, (stage.centerx - title.get_width() / 2, y), alpha)
    blit_alpha(surface, sub, (stage.centerx - sub.get_width() / 2, y + title.get_height()), alpha)
    _note(surface, "crowd", pygame.Rect(stage.centerx - max(title.get_width(), sub.get_width()) // 2, int(y),
                                        max(title.get_width(), sub.get_width()), title.get_height() + sub.get_height()), size,
          f"{e.text} {e.data.get('sub', '')}")
