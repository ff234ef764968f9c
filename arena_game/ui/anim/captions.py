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
from arena_game.resources import ui_font_file
from arena_game.ui.anim.cover import covered, covered_all
from arena_game.ui.anim.pacing import TUMBLING
from arena_game.ui.anim.timeline import Effect

ToScreen = Callable[[float, float], tuple[float, float]]
Colour = tuple[int, int, int]


@lru_cache(maxsize=16)

def font(size: int) -> pygame.font.Font:
    """The UI font at a pixel size: Noto Sans Bold as shipped with pygame_gui (as the window's
    widgets), else pygame's bundled font."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = ui_font_file("NotoSans-Bold.ttf")
    return pygame.font.Font(str(path) if path is not None else None, max(6, size))


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit())."""
    font.cache_clear()
    text_surface.cache_clear()
    dice_text.cache_clear()
    _pill.cache_clear()
    _LABEL_PLACES.clear()
    _PLACED_SOFT.clear()


@lru_cache(maxsize=128)  # a few captions show at a time; a session's thousands would fill 512 (~16 MiB)

def text_surface(text: str, size: int, colour: Colour, outline: bool = True) -> pygame.Surface:
    """Rendered text with a dark outline so it reads over any terrain (cached); glyphs the font
    lacks or draws badly (a minus like a hyphen) swapped first (`drawable`)."""
    text = drawable(text)
    f = font(size)
    try:
        fg = f.render(text, True, colour)
    except pygame.error:  # a font made before a pygame.quit(): make it again
        font.cache_clear()
        f = font(size)
        fg = f.render(text, True, colour)
    if not outline:
        return fg
    w, h = fg.get_size()
    out = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    shadow = f.render(text, True, palette.CAPTION_OUTLINE)
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(shadow, (dx, dy))
    out.blit(fg, (2, 2))
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


def dice_lines(words: str, size: int, width: int) -> list[str]:
    """The lines a roll's words take in `width` pixels; its total stays with its "=" (a line
    never ends on it)."""
    from arena_game.render.text import wrap_words

    return wrap_words(drawable(words).replace(" = ", "\u00a0=\u00a0"), font(size), max(1, width - 4))


@lru_cache(maxsize=16)  # panels are sized to their text: a bigger cache only fills over a session

def panel_surface(w: int, h: int, alpha: int = 175) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*palette.PANEL, alpha))
    pygame.draw.rect(s, palette.PANEL_EDGE, s.get_rect(), 2, border_radius=6)
    return s


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


LABEL_GAP = 4  # between labels stacked over the same fighter or neighbours


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
    discs, pillars), avoided where a place beside its fighter covers no token."""
    stage = _stage(surface, room)
    held = list(held)
    ordered = sorted(labels, key=lambda ep: ep[0].start)  # stable: same start keeps queue order
    kept: dict[int, _Laid] = {}  # the labels back in their last place, laid first: the others go round them
    for n, (e, p) in enumerate(ordered):
        item = _kept_place(surface, e, p, to_screen, tile, [it.box for it in kept.values()] + held, stage, tokens)
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
    _remember(laid, to_screen)
    if under is not None:
        under([item.box for item in laid])
    for item in laid:
        _paint(surface, item, stage)
    return [item.box for item in laid]


_LABEL_PLACES: dict[tuple[object, ...], tuple[int, int, float, float, int]] = {}
"""Each floating label's last place: its size and where it was from its fighter (x, and y
less its rise, so a kept label still pops up), by what it says and when it began (a label may follow its fighter)."""


def _label_key(e: Effect) -> tuple[object, ...]:
    return (e.text, str(e.data.get("sub", "")), e.start)


def _remember(laid: Sequence[_Laid], to_screen: ToScreen) -> None:
    """The labels' places this frame (`_kept_place` tries them first in the next)."""
    _LABEL_PLACES.clear()  # the labels gone are forgotten
    for item in laid:
        if item.e.at is not None:
            cx, cy = to_screen(*item.e.at)
            _LABEL_PLACES[_label_key(item.e)] = (item.box.w, item.box.h, item.box.x - cx,
                                                 item.box.y - cy + item.rise, item.cost)


def _kept_place(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
                placed: Sequence[pygame.Rect], stage: pygame.Rect, tokens: Sequence[pygame.Rect]) -> _Laid | None:
    """`e` laid in its place of the frame before, moved with its fighter, if that place is
    still free: inside `stage`, clear of the `placed` labels, nearer its fighter than any
    other, covering little more of the `tokens` than it did (a hop beside it does not move
    it); None if it had no place or that place is taken."""
    last = _LABEL_PLACES.get(_label_key(e))
    if last is None or e.at is None:
        return None
    w, h, dx, dy, cost = last
    cx, cy = to_screen(*e.at)
    item = _lay(surface, e, p, to_screen, tile, (), stage, ())  # its lines and rise, placed below
    box = pygame.Rect(round(cx + dx), round(cy + dy - item.rise), w, h)
    under = [r.inflate(0, 8) for r in placed if r.inflate(0, 8).colliderect(box)]
    if under and max(r.bottom for r in under) - box.top <= KEPT_SLACK:
        # popping up into the label over it by a few pixels: it stops rising there rather than
        # being laid again on the other side of its fighter (s51: the lava film's "Dead")
        box.top = max(r.bottom for r in under)
    if (item.box.size != (w, h) or not stage.contains(box)
            or any(r.inflate(0, 8).colliderect(box) for r in placed)
            or not _near_own(box, cx, cy, tokens) or covered(box, tokens) > cost + w * h // 4):
        return None
    item.box, item.hits, item.cost = box, set(), min(cost, covered(box, tokens))
    return item


KEPT_SLACK = 8  # px a kept label may stop short of its rise, held under the label over it


def _near_own(box: pygame.Rect, cx: float, cy: float, tokens: Sequence[pygame.Rect], ties: bool = False) -> bool:
    """Whether a label at `box` reads as its fighter's (at `cx`, `cy`): every other fighter's
    token centre is farther from the label than its own fighter's centre (a label as near two
    fighters, over both, could be either's: film 6 stacked two "+5 Dextérité" over Oruk and Kael);
    `ties`: or as far."""
    own = _gap(box, cx, cy)  # a token's box is its disc and the name tag under it: the disc's centre
    return all(_gap(box, t.centerx, t.top + t.w / 2) > own or (ties and _gap(box, t.centerx, t.top + t.w / 2) == own)
               for t in tokens if not t.collidepoint(cx, cy))


def _gap(box: pygame.Rect, x: float, y: float) -> float:
    """How far the point (`x`, `y`) is from `box` (0 inside it)."""
    dx = max(box.left - x, 0.0, x - box.right)
    dy = max(box.top - y, 0.0, y - box.bottom)
    return math.hypot(dx, dy)


class _Laid:
    """A label laid out: its box, rendered lines and opacity (and what its first place hit)."""

    def __init__(self, e: Effect, box: pygame.Rect, main: pygame.Surface, small: pygame.Surface | None,
                 alpha: float, size: int, sub_size: int, words: str, hits: set[int], rise: float = 0.0) -> None:
        self.e, self.box, self.main, self.small, self.alpha = e, box, main, small, alpha
        self.size, self.sub_size, self.words, self.hits = size, sub_size, words, hits
        self.rise = rise  # how far over its fighter it floats now (it pops up)
        self.cost = 0  # how much of the tokens its place covers (`covered`), the most a kept place may


def _lay(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
         placed: Sequence[pygame.Rect] = (), stage: pygame.Rect | None = None,
         tokens: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = ()) -> _Laid:
    """Where one floating label goes, moved up clear of the `placed` ones, inside `stage`;
    off the other fighters' `tokens` where a place beside or under its own fighter allows,
    then off the `soft` boxes (marked squares) where one covering no token does."""
    if e.at is None:
        raise ValueError("a label needs a square")
    cx, cy = to_screen(*e.at)
    if stage is None:
        stage = surface.get_clip()  # the board's viewport (a clip, or the whole of a subsurface)
    size, sub_size = label_sizes(tile, e.data.get("big", False))
    sub = e.data.get("sub", "")
    while True:  # never wider than the board: a smaller font first
        main = text_surface(e.text, size, e.colour)
        small = text_surface(sub, sub_size, palette.CAPTION_SUB) if sub else None
        width = max(main.get_width(), small.get_width() if small else 0) + 2 * PILL_PAD
        if width <= stage.w or (size <= 11 and sub_size <= 11):
            break
        size, sub_size = max(11, size - 1), max(11, sub_size - 1)
    # Pops up quickly, then holds still so stacked labels stay apart.
    rise = min(tile * 0.5, 36) + min(tile * 0.2, 14) * (1 - (1 - min(1.0, p * 5)) ** 2)
    alpha = fade(p, 0.06, 0.3)
    height = main.get_height() + (small.get_height() - 4 if small else 0)
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
    if soft and box.collidelist(soft) >= 0 and box.collidelist(tokens) == -1:
        # over a run's discs or a pillar: a place beside its fighter that covers neither a token
        # nor as much of them (s48 review 2, item 3: "by Nyssa" sat on the run-so-far discs)
        aside = _aside(box, cx, cy, tile, stage, placed, tokens, soft)
        if aside is not None and aside.collidelist(tokens) == -1:
            box, hits = aside, set()
    item = _Laid(e, box, main, small, alpha, size, sub_size, f"{e.text} {sub}", hits, rise)
    item.cost = covered(box, tokens)
    return item


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
        (cx - half - box.w, cy - box.h / 2),  # left of it
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


FREE_REACH = 3.0  # tiles: how far from its fighter's square `_free_spot` looks for a place


def _free_spot(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect,
               placed: Sequence[pygame.Rect], tokens: Sequence[pygame.Rect],
               soft: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The place nearest its fighter at (`cx`, `cy`) for a label of `box`'s size that covers
    no token and none of the `soft` boxes, inside `stage`, clear of the `placed` labels and
    nearer its own fighter than any other (`_near_own`), at most `FREE_REACH` tiles from the
    fighter's square (half-tile steps); None if there is none. The spots beside a fighter may
    all cover a pillar (s51: the lava film's "Dead" at 800×560 sat on (8, 5), then on (8, 5)
    and (11, 5)); a place a little farther off covers none."""
    step = max(4, round(tile / 2))
    reach = round(FREE_REACH * tile)
    area = pygame.Rect(round(cx) - reach - box.w, round(cy) - reach - box.h, 2 * (reach + box.w), 2 * (reach + box.h))
    soft = [r for r in soft if r.colliderect(area)]
    grid = [pygame.Rect(round(cx) + dx, round(cy) + dy, box.w, box.h)
            for dx in range(-reach - box.w, reach + 1, step) for dy in range(-reach - box.h, reach + 1, step)]
    inside = [r for r in grid if stage.contains(r)]
    # then the spots just over the board's edge pushed back inside it: the grid's steps may miss
    # the one place left, between the edge and a token (s51: the circle's "−6 PV" left of Oruk)
    edge = stage.inflate(2 * step, 2 * step)
    pushed = [r.clamp(stage) for r in grid if not stage.contains(r) and edge.contains(r)]
    for spots in (inside, pushed if stage.w >= box.w and stage.h >= box.h else []):
        spots.sort(key=lambda r: (_gap(r, cx, cy), abs(r.centerx - cx)))  # the nearest; then centred over or under
        free = [r for r in spots if r.collidelist(tokens) < 0 and r.collidelist(soft) < 0
                and not any(p.inflate(0, 8).colliderect(r) for p in placed)]
        # nearer its own fighter than any other; else no nearer another (a wide label over two
        # fighters side by side, as near one as the other: the places beside them were no better)
        found = next((r for r in free if _near_own(r, cx, cy, tokens)), None) or \
            next((r for r in free if _near_own(r, cx, cy, tokens, ties=True)), None)
        if found is not None:
            return found
    return None


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
SOFT_WEIGHT = 4  # a token's covered pixel against a marked square's (`_aside`)


@lru_cache(maxsize=32)
def _pill(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, palette.CAPTION_BACK, s.get_rect(), border_radius=min(h // 2, 12))
    return s


def _paint(surface: pygame.Surface, item: _Laid, stage: pygame.Rect | None = None) -> None:
    """A laid-out label on a see-through dark pill (an orange word on orange lava reads)."""
    box, main, small, alpha = item.box, item.main, item.small, item.alpha
    back = _pill(box.w, box.h + 2)
    back.set_alpha(max(0, min(255, int(alpha * 255))))
    surface.blit(back, (box.left, box.top))
    back.set_alpha(255)
    cx, top = box.centerx, box.top
    blit_alpha(surface, main, (cx - main.get_width() / 2, top), alpha)
    if small:
        blit_alpha(surface, small, (cx - small.get_width() / 2, top + main.get_height() - 4), alpha)
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
        edges = {top for r in (*soft, *avoid, *clear) for top in (r.bottom, r.top - total)
                 if stage.top + 8 <= top <= stage.bottom - 8 - total}
        spots += [(top, side) for side in (0, 1, -1) for top in sorted(edges)]
    best: list[pygame.Rect] = []
    best_cost = (-1, -1, -1)
    for top, side in spots:  # side: 0 centred, 1 against the right edge, -1 the left
        rects, y = [], top
        for w, h in sizes:
            x = stage.centerx - w // 2 if side == 0 else (stage.right - 8 - w if side > 0 else stage.left + 8)
            x = max(stage.left, min(x, stage.right - w))  # a line nearly as wide as the stage stays in it
            rects.append(pygame.Rect(x, y, w, h))
            y += h + gap
        cost = (covered_all(rects, clear), covered_all(rects, avoid), covered_all(rects, soft))
        if best_cost[0] < 0 or cost < best_cost:
            best, best_cost = rects, cost
        if not any(cost):
            break
    return best


def draw_banners(surface: pygame.Surface, banners: list[tuple[Effect, float]],
                 avoid: Sequence[pygame.Rect] = (), room: pygame.Rect | None = None,
                 clear: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Turn and round banners, stacked where they cover no token (`avoid`) and above all no
    words (`clear`: labels, dice), then the least of the pillars and crates (`soft`), inside
    `room` (the surface's clip when None); their boxes."""
    if not banners:
        return []
    sw, sh = surface.get_size()
    stage = _stage(surface, room)  # the board: a banner never spills past its edges
    parts = []
    for e, p in stack_shown("banners", banners):
        small = e.data.get("small", False) and not e.data.get("final", False)
        size = max(20, int(sh * (0.035 if small else 0.06)))
        sub = e.data.get("sub", "")
        while True:  # a smaller font before a banner wider than the board
            title = text_surface(e.text, size, e.colour)
            subimg = text_surface(sub, max(11, int(size * 0.5)), palette.BANNER_SUB) if sub else None
            w = max(title.get_width(), subimg.get_width() if subimg else 0) + 60
            if w <= stage.w or size <= 12:
                break
            size -= 2
        h = title.get_height() + (subimg.get_height() if subimg else 0) + 20
        w = min(stage.w, w)
        parts.append((p, title, subimg, w, h, size, f"{e.text} {sub}"))
    boxes = place_stack(stage, [(w, h) for _, _, _, w, h, _, _ in parts], avoid, gap=8, clear=clear,
                        kept=("banners", _stack_ids("banners", banners)), soft=soft)
    for (p, title, subimg, w, h, size, words), at in zip(parts, boxes, strict=True):
        alpha = fade(p, 0.12, 0.25)
        blit_alpha(surface, panel_surface(int(w), int(h)), at.topleft, alpha)
        blit_alpha(surface, title, (at.centerx - title.get_width() / 2, at.top + 8), alpha)
        if subimg:
            blit_alpha(surface, subimg, (at.centerx - subimg.get_width() / 2, at.top + 8 + title.get_height()), alpha)
        _note(surface, "banner", at, size if subimg is None else max(11, int(size * 0.5)), words, stage)
    return boxes


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
    label (`clear`), then the least of the pillars and crates (`soft`), inside `room` (the
    surface's clip when None); their boxes."""
    if not rolls:
        return []
    sw, sh = surface.get_size()
    stage = _stage(surface, room)  # the board: a roll's line never spills past its edges
    size = max(14, int(sh * 0.026))
    shown = stack_shown("dice", rolls)
    while True:  # a smaller font before a line wider than the board, then more lines
        die_px = int(size * 1.9)
        width = stage.w - die_px - 36  # a line's room beside its die
        lines = [text_surface(f"{e.data['who']} — {e.text}", size, palette.DICE_LINE) for e, _ in shown]
        # while a die tumbles its line hides the face and total (`rolling`), in the settled line's box
        if max(ln.get_width() for ln in lines) <= width or size <= 11:
            break
        size -= 1
    lines = [dice_text(f"{e.data['who']} — {e.text}", size, width) for e, _ in shown]
    # a box holds its line while the die tumbles too ("d20 … + … = …" may take more lines than
    # the settled one: the second hung below the box, over the board, s50 window2)
    rolling = [dice_text(f"{e.data['who']} — {e.data['rolling']}", size, width) if e.data.get("rolling") else ln
               for (e, _), ln in zip(shown, lines, strict=True)]
    boxes = place_stack(stage, [(die_px + max(ln.get_width(), r.get_width()) + 36,
                                 max(die_px, ln.get_height(), r.get_height()) + 10) for ln, r in zip(lines, rolling, strict=True)],
                        avoid, clear=clear, kept=("dice", _stack_ids("dice", rolls)), soft=soft)
    for (e, p), line, at in zip(shown, lines, boxes, strict=True):
        alpha = fade(p, 0.06, 0.2)
        tumbling = p < TUMBLING
        face = None if tumbling else e.data["face"]
        words = f"{e.data['who']} — {e.text}"
        if tumbling:  # a tumbling die shows changing faces while it rolls
            face = 1 + int(p * 97) % e.data["die"]
            if e.data.get("rolling"):
                words = f"{e.data['who']} — {e.data['rolling']}"
                line = dice_text(words, size, width)  # (cached: made for the box above)
        die = _die_face(die_px, e.data["die"], face, None if tumbling else e.data.get("critical"))
        if tumbling:
            die = pygame.transform.rotate(die, p * 1400)
        x0, y, w, h = at
        blit_alpha(surface, panel_surface(int(w), int(h)), (x0, y), alpha)
        blit_alpha(surface, die, (x0 + 8 + die_px / 2 - die.get_width() / 2, y + 5 + die_px / 2 - die.get_height() / 2), alpha)
        blit_alpha(surface, line, (x0 + die_px + 22, y + h / 2 - line.get_height() / 2), alpha)
        _note(surface, "dice", at, size, words, stage)
    return boxes


def draw_crowd(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
               keep: Sequence[pygame.Rect] = ()) -> None:
    """The crowd's reaction to a taunt (R7): cheering heads and a shout, or jeers; its words
    above the `keep` boxes (the skip hint's strip) they would run into."""
    stage = surface.get_clip()  # the board's viewport: the crowd stays on it
    sh = stage.h
    cheer = e.data.get("cheer", False)
    alpha = fade(p, 0.1, 0.25)
    heads = 22
    base_y = stage.bottom - sh * 0.04
    for i in range(heads):
        x = stage.left + stage.w * (i + 0.5) / heads
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
