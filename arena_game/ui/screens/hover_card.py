"""The hover card: beside the cursor, the whole of what a hovered square says — the full
why-not with its rule, or a forecast laid out one fact per line (hit, damage, kill, then
each modifier with its rule). The status line under the board keeps the mode's prompt.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TypeVar

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.glyphs import drawable
from arena_game.render.highlight import Highlight
from arena_game.render.text import font, note_text, wrap_words
from arena_game.ui.screens import card_room

CARD_BACK = (22, 21, 28)
CARD_EDGE = (150, 140, 110)
CARD_ERROR_EDGE = (214, 110, 96)
PAD = 8

DELAY_MS = 200
"""How long (ms of the window's clock) the pointer rests on a square before its card shows,
as a tooltip waits: a pointer passing over the board no longer has a card placed for every
square it crosses (the spot search, and the side panels redrawn under a card sent aside,
cost a 64² board's hover frames 2–3 ms each). A fifth of a second: at the short end of
tooltip delays, since the card is the forecast a player reads before nearly every click; a
pointer sweeping across the board stays on a square for a frame or a few. The square's own
highlight follows the pointer at once."""


@lru_cache(maxsize=64)
def card_lines(words: str, size: int, width: int) -> tuple[tuple[str, bool], ...]:
    """The card's lines for `words` wrapped to `width` (split on newlines, a count kept with its
    word as wherever text is wrapped, `render.text.COUNT_WORD`), each with whether it is the
    bold first paragraph's; cached: a new hovered square's card is measured in a few widths
    (`_lines`), then drawn in one of them (`card`)."""
    f = font(size)
    head = font(size, bold=True)
    lines: list[tuple[str, bool]] = []
    for i, para in enumerate(drawable(words).split("\n")):
        for line in wrap_words(para, head if i == 0 else f, width - 2 * PAD):
            lines.append((line, i == 0))
    return tuple(lines)


@lru_cache(maxsize=64)
def card(words: str, size: int, width: int, refused: bool) -> pygame.Surface:
    """The card for `words` (`card_lines`), cached."""
    f = font(size)
    head = font(size, bold=True)
    lines = card_lines(words, size, width)
    imgs = [(head if bold else f).render(line, True, palette.WHITE if bold else (226, 220, 204))
            for line, bold in lines]
    w = max(img.get_width() for img in imgs) + 2 * PAD
    h = sum(img.get_height() for img in imgs) + 2 * PAD
    surf = pygame.Surface((w, h))
    surf.fill(CARD_BACK)
    pygame.draw.rect(surf, CARD_ERROR_EDGE if refused else CARD_EDGE, surf.get_rect(), 2)
    y = PAD
    for img in imgs:
        surf.blit(img, (PAD, y))
        y += img.get_height()
    return surf


@lru_cache(maxsize=256)
def card_size(words: str, size: int, width: int) -> tuple[int, int]:
    """The size of `card` for `words` wrapped to `width`, measured, not drawn: a card's spots are
    weighed in several shapes, most never drawn (it goes aside on a crowded board)."""
    f = font(size)
    head = font(size, bold=True)
    sizes = [(head if bold else f).size(line) for line, bold in card_lines(words, size, width)]
    return max(w for w, _ in sizes) + 2 * PAD, sum(h for _, h in sizes) + 2 * PAD


def _lines(words: str, size: int, width: int) -> int:
    """How many lines the card for `words` wrapped to `width` has (`card`)."""
    return len(card_lines(words, size, width))


def wrap_width(room: pygame.Rect, scale: float) -> int:
    """The widest a card gets before its lines wrap (it is as narrow as its longest line under
    that): up to 640 px at 1280×720, grown with the window, at most two thirds of the board's
    `room`. At 420 px the French circle-attack card wrapped to ten lines and covered six board
    rows (s47 review 3, item 4)."""
    return max(240, min(int(room.w * 0.65), round(640 * scale)))


def place(size: tuple[int, int], cursor: pygame.Rect, room: pygame.Rect,
          avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = (),
          sights: Sequence[pygame.Rect] = (), strips: Sequence[pygame.Rect] = (),
          marks: Sequence[pygame.Rect] = (), obstacles: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a card of `size` goes (`placed`, without what it covers)."""
    return placed(size, cursor, room, avoid, keep, sights, strips, marks, obstacles=obstacles)[0]


FAR = 6
"""How many squares farther off than the spots beside the hovered square a card may go to
leave the marked squares in sight (s48 review, item 2: beside the run's (6, 2) every spot
covered band squares, while rows 8–12 of the board were empty)."""
KEEP_COST, FIGHTER_COST, MARK_COST, SIGHT_COST, NEXT_TO_COST, OBSTACLE_COST = 100, 10, 4, 1, 2, 2
"""What covering one box costs a spot: a `keep` box, a fighter, a marked square (a figure of
its own: a chance, a step), another sight (terrain), and more for either next to the square;
an obstacle (pillar, crate) costs `OBSTACLE_COST` more than its sight: it is what line of sight
and paths are explained by (s48 review 2, item 2: cards covered the pillars of a ranged
attack's no-sight pattern)."""


def placed(size: tuple[int, int], cursor: pygame.Rect, room: pygame.Rect,
           avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = (),
           sights: Sequence[pygame.Rect] = (), strips: Sequence[pygame.Rect] = (),
           marks: Sequence[pygame.Rect] = (), last: pygame.Rect | None = None,
           obstacles: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, int]:
    """Where a card of `size` goes beside the hovered square `cursor`, inside the `room` (the
    board's viewport), never over the square nor over the `strips` (the board's column and row
    numbers, which a player reads the card's squares against), and what that costs (what it
    covers there, and how far off it went: 0 for a free spot beside the square).

    Spots right, left, below or above the square (level with it, or centred on it; then a
    square farther off) come first; the first that covers none of the `keep` boxes (what the
    card is about: a push's landings, its arrow), the `avoid` boxes (the fighters), the `marks`
    (squares with a figure of their own) nor the `sights` (hazards, obstacles, water) is taken.
    When each of them covers something, spots 2 to `FAR` squares farther off are tried too,
    nearest first, and the cheapest wins (`KEEP_COST`… weights, plus a point a square farther
    off: a card does not cross the board to spare a crate, but does to leave the marked squares
    in sight). The row of the `last` card (the one shown for the square hovered before) costs
    no more than a spot beside the square, up to `FAR` + 3 squares off: moving along a band of
    marks, the card stays in its row rather than jumping from under the band to over it. A
    spot pushed back into the room onto the strips is tried again pushed off them (the room
    less the strips)."""
    w, h = size
    gap, tile = 6, max(1, min(cursor.w, cursor.h))
    spots = [(cursor.right + gap, cursor.top), (cursor.left - gap - w, cursor.top),
             (cursor.left, cursor.bottom + gap), (cursor.left, cursor.top - gap - h),
             (cursor.right + gap, cursor.bottom - h), (cursor.left - gap - w, cursor.bottom - h),
             (cursor.centerx - w // 2, cursor.bottom + gap), (cursor.centerx - w // 2, cursor.top - gap - h),
             (cursor.right - w, cursor.bottom + gap), (cursor.right - w, cursor.top - gap - h),
             # a square farther off, when every spot beside it covers something: the squares
             # next to the hovered one are the ones a player weighs it against (s47 review 3, item 12)
             (cursor.right + gap + tile, cursor.top), (cursor.left - gap - w - tile, cursor.top),
             (cursor.left, cursor.bottom + gap + tile), (cursor.left, cursor.top - gap - h - tile)]
    clear = off_strips(room, strips)
    areas = (room, clear) if clear != room else (room,)
    around = cursor.inflate(2 * tile, 2 * tile)
    everything = (keep, avoid, marks, sights, obstacles)  # for a spot past FAR (`_farther`)
    # only what the spots can reach is weighed (a large map shows ~1,000 sights)
    reach = cursor.inflate(2 * (w + gap + FAR * tile), 2 * (h + gap + FAR * tile)).clip(room)
    keep, avoid, marks, sights, obstacles = ([boxes[i] for i in reach.collidelistall(boxes)]
                                             for boxes in everything)
    next_to = [a for a in (*marks, *sights) if a.colliderect(around)]

    def cost(box: pygame.Rect) -> int:
        return (KEEP_COST * len(box.collidelistall(keep)) + FIGHTER_COST * len(box.collidelistall(avoid))
                + MARK_COST * len(box.collidelistall(marks)) + SIGHT_COST * len(box.collidelistall(sights))
                + NEXT_TO_COST * len(box.collidelistall(next_to)) + OBSTACLE_COST * len(box.collidelistall(obstacles)))

    def fit(x: int, y: int) -> pygame.Rect | None:
        for area in areas:
            box = pygame.Rect(x, y, w, h).clamp(area)
            if not box.colliderect(cursor) and box.collidelist(strips) == -1:
                return box
        return None

    best: pygame.Rect | None = None
    best_cost = -1

    def weigh(box: pygame.Rect, extra: int = 0) -> int:
        """The box's cost (`extra` for its distance), kept as the best when it is."""
        nonlocal best, best_cost
        c = cost(box) + extra
        if best is None or c < best_cost:
            best, best_cost = box, c
        return c

    for x, y in spots:
        box = fit(x, y)
        if box is not None and weigh(box) == 0:
            return box, 0
    if last is not None and abs(last.centery - cursor.centery) <= (FAR + 3) * tile + (h + last.h) // 2:
        for x in (cursor.left, cursor.centerx - w // 2, cursor.right - w):  # in the last card's row
            box = fit(x, last.top)
            if box is not None and box.top == last.top and weigh(box) == 0:
                return box, 0
    for far in range(2, FAR + 1):  # farther off, nearest first: a free spot there beats any covering one
        d = far * tile
        for x, y in ((cursor.left, cursor.bottom + gap + d), (cursor.left, cursor.top - gap - h - d),
                     (cursor.centerx - w // 2, cursor.bottom + gap + d), (cursor.centerx - w // 2, cursor.top - gap - h - d),
                     (cursor.right - w, cursor.bottom + gap + d), (cursor.right - w, cursor.top - gap - h - d),
                     (cursor.right + gap + d, cursor.top), (cursor.left - gap - w - d, cursor.top)):
            box = fit(x, y)
            # a square farther off costs as much as a crate covered; a free spot wins: the
            # spots still to try are farther off, none can beat it
            if box is not None and weigh(box, far - 1) == far - 1 and best is not None:
                return best, best_cost
    if best is not None and best.collidelist(obstacles) != -1:  # over a pillar or crate: a free
        # spot farther off, if any, is better; looked for once while the same square is hovered
        # with the same boxes to keep off, not in every frame
        key = (size, tuple(cursor), tuple(room), tuple(clear), _fingerprint(everything))
        if key not in _FARTHER:
            if len(_FARTHER) > 8:  # the card and its narrower copy (`draw`) for a square or two
                _FARTHER.clear()
            _FARTHER[key] = _farther(size, cursor, room, fit, everything)
        other = _FARTHER[key]
        if other is not None:
            return pygame.Rect(other), FAR + 1
    if best is None:  # the room is too small for any side: keep it inside, off the numbers if it can
        best = pygame.Rect(cursor.right + gap, cursor.top, w, h).clamp(clear if clear.w >= w and clear.h >= h else room)
        best_cost = 1000
    return best, best_cost


_FARTHER: dict[tuple, pygame.Rect | None] = {}  # what `_farther` found, by what it looked at (`placed`)


def _fingerprint(everything: Sequence[Sequence[pygame.Rect]]) -> tuple:
    """What the boxes a card keeps off are, in short: the few of the `keep` and `avoid` lists
    (a push's landings, the fighters) whole, the long ones (marks, sights, obstacles, made from
    the board and the highlights by `_boxes_in`, the same lists while neither changes) by
    their length and ends."""
    keep, avoid, *long = everything
    return (tuple(map(tuple, keep)), tuple(map(tuple, avoid)),
            tuple((len(g), tuple(g[0]), tuple(g[-1])) if g else () for g in long))


def _farther(size: tuple[int, int], cursor: pygame.Rect, room: pygame.Rect,
             fit: Callable[[int, int], pygame.Rect | None],
             everything: Sequence[Sequence[pygame.Rect]]) -> pygame.Rect | None:
    """The nearest spot past `FAR` squares off the `cursor` (under, over, then beside it) that
    covers nothing at all of `everything` (what a card keeps off, `placed`), tried in steps of
    half the card (a square at least), till the `room`'s edge or `SCAN_MOST` looks at long
    lists; None when every spot tried covers something, or the marked squares cover half the
    room. The leader line ties the card to its square. The run card for (6, 2) covered the
    crate at (8, 9) while rows 12 and 13 were bare, nine squares off (s49)."""
    w, h = size
    gap, tile = 6, max(1, min(cursor.w, cursor.h))
    marks = everything[2]
    if len(marks) * tile * tile > room.w * room.h // 2:  # marked all over: no spot is free
        return None
    # the shortest lists first: most spots are turned down by a fighter or a crate before the
    # thousands of marked squares of a potion teleport are looked at (each list as given: the
    # long ones hold only what shows in the room, `_boxes_in`)
    boxes = sorted(everything, key=len)
    budget = [SCAN_MOST]  # looks at long lists left

    def free(box: pygame.Rect) -> bool:
        for group in boxes:
            if len(group) > 64:  # a long list: a spot's look at it counts against the budget
                budget[0] -= 1
            if box.collidelist(group) != -1:
                return False
        return True

    start = (FAR + 1) * tile
    down = range(start, max(start, room.bottom - cursor.bottom) + 1, max(tile, h // 2))
    up = range(start, max(start, cursor.top - room.top) + 1, max(tile, h // 2))
    side = range(start, max(start, room.w) + 1, max(tile, w // 4))
    xs = (cursor.left, cursor.centerx - w // 2, cursor.right - w)
    tried = heapq.merge(((d, x, cursor.bottom + gap + d) for d in down for x in xs),  # nearest first
                        ((d, x, cursor.top - gap - h - d) for d in up for x in xs),
                        ((d, cursor.right + gap + d, cursor.top) for d in side),
                        ((d, cursor.left - gap - w - d, cursor.top) for d in side), key=lambda t: t[0])
    seen: set[tuple[int, int]] = set()  # spots pushed back into the room land on the same box
    for _, x, y in tried:
        box = fit(x, y)
        if box is None or box.topleft in seen:
            continue
        seen.add(box.topleft)
        if free(box):
            return box
        if budget[0] <= 0:  # pillars and water scattered all over a large map: give up
            return None
    return None


SCAN_MOST = 16
"""How many looks at long lists (more than 64 boxes) `_farther` may take for one hovered square:
the small shipped maps' sights and marks never count; on a large generated map, where pillars
and water are scattered everywhere, it bounds the work of a frame whose pointer moved to a new
square (0.06 ms a new square in a potion teleport on 64², s49)."""


LEADER_EDGE = palette.SHADOW


def far_off(box: pygame.Rect, cursor: pygame.Rect) -> bool:
    """Whether a card at `box` is more than a square from the hovered `cursor` (a spot beside
    it, or a square farther off, is not)."""
    tile = max(1, min(cursor.w, cursor.h))
    dx = max(box.left - cursor.right, cursor.left - box.right, 0)
    dy = max(box.top - cursor.bottom, cursor.top - box.bottom, 0)
    return max(dx, dy) > tile + 6


def draw_leader(surface: pygame.Surface, box: pygame.Rect, cursor: pygame.Rect, colour: palette.RGB,
                square: pygame.Rect | None = None, tokens: Sequence[pygame.Rect] = (),
                obstacles: Sequence[pygame.Rect] = (), marks: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """For a card far off its square (`far_off` the `cursor`: the square and its figure's,
    which the card keeps off): a line from the card's nearest edge to the hovered `square`'s
    (the cursor by default), in the card's edge colour on a dark casing (it reads on sand,
    water and every band), ending at the square's edge (the board's hover frame is round it; a
    frame of its own crossed a push arrow's ring); drawn before the card, which covers the
    line's start. Only the text "Square (6, 2)" tied a card seven rows off to its square, among
    squares framed alike (s48 review 2, item 2); a line to the far side of the square's figure
    stopped a square short of the square, on bare floor (s49: the push-lava card, 1920 × 1080).
    The line crosses none of the `tokens` (the other fighters, the fading labels: `leader_route`);
    when every way crosses one, the square is framed in the card's colour instead
    (`frame_square`): the line went through Brakka's token to Oruk's square (s52); so when
    every way strikes through a figure (the middle of one of the `marks`). Returns the pixels
    it drew over (None: nothing drawn)."""
    if not far_off(box, cursor):
        return None
    sq = cursor if square is None else square
    route = leader_route(box, cursor, sq, tokens, obstacles, marks)
    if route is None:
        return frame_square(surface, sq, colour)
    drawn: list[pygame.Rect] = []
    for width, shade in ((5, LEADER_EDGE), (2, colour)):
        for a, b in pairwise(route):
            drawn.append(pygame.draw.line(surface, shade, a, b, width))
        for x, y in route[1:-1]:  # the bend, whole
            drawn.append(pygame.draw.rect(surface, shade, (x - width // 2, y - width // 2, width, width)))
    return drawn[0].unionall(drawn[1:]) if drawn else None


def _leg(a: tuple[int, int], b: tuple[int, int]) -> pygame.Rect:
    """What a straight leg (across or down) of a leader line from `a` to `b` covers, its casing
    included (a bend's corner is `draw_leader`'s square, also checked by `leader_route`)."""
    if a[0] == b[0]:
        return pygame.Rect(a[0] - 2, min(a[1], b[1]), 5, abs(a[1] - b[1]) + 1)
    return pygame.Rect(min(a[0], b[0]), a[1] - 2, abs(a[0] - b[0]) + 1, 5)


def leader_route(box: pygame.Rect, cursor: pygame.Rect, sq: pygame.Rect, tokens: Sequence[pygame.Rect] = (),
                 obstacles: Sequence[pygame.Rect] = (), marks: Sequence[pygame.Rect] = ()) -> list[tuple[int, int]] | None:
    """The points of the leader line from a card at `box` to the hovered square `sq` (the
    `cursor` holds it and its figure's): straight along a grid line (the square's side), else
    with one bend, down a grid line in the card's span to the square's middle row then into
    its side (or across then into its top or bottom), the shortest whose legs cross none of the
    `tokens` but the hovered square's own nor a figure (the middle of one of the `marks`: a line
    along a row's middle struck through its chances, the run card at 1920×1080, s52) and, of
    those, the fewest `obstacles`; None when each crosses a token or a figure."""
    tile = max(1, min(sq.w, sq.h))
    own = cursor.inflate(-4, -4)
    shrink = -2 * (tile // 3)  # a figure's middle third: a grid line along the square's side misses it
    blockers = [t for t in tokens if not t.colliderect(own)] + [m.inflate(shrink, shrink) for m in marks
                                                                  if not m.colliderect(own)]
    solid = [o for o in obstacles if not o.colliderect(own)]
    routes: list[tuple[int, list[tuple[int, int]]]] = []  # (bends, points)
    if box.top >= cursor.bottom or box.bottom <= cursor.top:  # under or over the square and its figure
        under = box.top >= cursor.bottom
        y0, y1 = (box.top, sq.bottom) if under else (box.bottom - 1, sq.top)
        xs = [x for x in (sq.left, sq.right) if box.left < x < box.right] or [sq.left]
        routes += [(0, [(x, y0), (x, y1)]) for x in xs]
        if box.left < sq.centerx < box.right:
            routes.append((0, [(sq.centerx, y0), (sq.centerx, y1)]))
        for k in range(1, max(2, box.w // tile + 2)):  # a bend: down a grid line, then into the square's side
            for gx, side in ((sq.right + k * tile, sq.right), (sq.left - k * tile, sq.left)):
                if box.left + PAD < gx < box.right - PAD:
                    routes.append((1, [(gx, y0), (gx, sq.centery), (side, sq.centery)]))
    else:
        right = box.left >= cursor.right
        x0, x1 = (box.left, sq.right) if right else (box.right - 1, sq.left)
        ys = [y for y in (sq.top, sq.bottom) if box.top < y < box.bottom] or [sq.top]
        routes += [(0, [(x0, y), (x1, y)]) for y in ys]
        if box.top < sq.centery < box.bottom:
            routes.append((0, [(x0, sq.centery), (x1, sq.centery)]))
        for k in range(1, max(2, box.h // tile + 2)):
            for gy, side in ((sq.bottom + k * tile, sq.bottom), (sq.top - k * tile, sq.top)):
                if box.top + PAD < gy < box.bottom - PAD:
                    routes.append((1, [(x0, gy), (sq.centerx, gy), (sq.centerx, side)]))
    best: tuple[int, list[tuple[int, int]]] | None = None
    for bends, points in routes:
        legs = [_leg(a, b) for a, b in pairwise(points)] + [pygame.Rect(x - 2, y - 2, 5, 5) for x, y in points[1:-1]]
        if any(leg.collidelist(blockers) != -1 for leg in legs):
            continue
        length = sum(leg.w + leg.h - 6 for leg in legs)
        cost = length + tile * bends + 3 * tile * sum(len(leg.collidelistall(solid)) for leg in legs)
        if best is None or cost < best[0]:
            best = (cost, points)
    return None if best is None else best[1]


def obstacles(board: Board, square_rect: Callable[[Square], pygame.Rect], room: pygame.Rect) -> list[pygame.Rect]:
    """The boxes of the pillars and crates in the `room` (the solid squares but walls): what
    line of sight and paths go round, priced higher than other sights (`OBSTACLE_COST`)."""
    squares = board_squares(_OBSTACLES, board, _obstacle)
    return _boxes_in(room, square_rect, squares, _OBSTACLE_BOXES)


_OBSTACLES: list = [None, []]  # the last board and its obstacle squares
_OBSTACLE_BOXES: list = []


def deadly(board: Board, square_rect: Callable[[Square], pygame.Rect], room: pygame.Rect) -> list[pygame.Rect]:
    """The boxes of the dead squares (R2.5: lava, acid, holes) in the `room`: the animation's
    rolls and banners leave them in sight where a place allows (s54: two held rolls hid the
    lava a push was about)."""
    squares = board_squares(_DEADLY, board, _dead)
    return _boxes_in(room, square_rect, squares, _DEADLY_BOXES)


_DEADLY: list = [None, []]  # the last board and its dead squares
_DEADLY_BOXES: list = []


def off_strips(room: pygame.Rect, strips: Sequence[pygame.Rect]) -> pygame.Rect:
    """The `room` less the `strips` of numbers along the board's left edge (a tall strip: the
    room starts right of it) and top edge (a wide one: the room starts under it), where they
    are in the room."""
    left, top = room.left, room.top
    for strip in strips:
        if not strip.colliderect(room):
            continue
        if strip.h > strip.w:
            left = max(left, strip.right)
        else:
            top = max(top, strip.bottom)
    return pygame.Rect(left, top, max(0, room.right - left), max(0, room.bottom - top))


def draw(surface: pygame.Surface, words: str, cursor: pygame.Rect, room: pygame.Rect,
         scale: float, refused: bool, avoid: Sequence[pygame.Rect] = (),
         keep: Sequence[pygame.Rect] = (), sights: Sequence[pygame.Rect] = (),
         strips: Sequence[pygame.Rect] = (), marks: Sequence[pygame.Rect] = (),
         board: object = None, obstacles: Sequence[pygame.Rect] = (),
         square: pygame.Rect | None = None, aside: pygame.Rect | None = None,
         label: str = "") -> pygame.Rect | None:
    """Draw the card for a hovered square (never over it nor the `strips` of numbers, off the
    `keep` boxes, then off the `avoid` ones, then off the `marks` and the `sights`, `placed`);
    returns where it went (None without words). Given the `board` it is on (any key: the
    screen's id), a card for a square next to the last one hovered there keeps to the last
    card's row when it can (`placed`'s `last`). A card more than a square off is tied to its
    square (`square`, when the `cursor` is the square and its figure's) by a leader line
    (`draw_leader`). Given an `aside` box off the board (the side panel's top), a card that
    finds no free spot on the board (`crowded`) goes there instead, headed by `label` (which
    square it is about), its square framed in the card's colour (`draw_aside` draws it, over
    the widgets)."""
    _ASIDE.clear()
    _DRAWN.clear()
    if not words.strip():
        return None
    room = inset(room, scale)
    size = max(12, round(14 * scale))
    wrap = wrap_width(room, scale)  # the card's wrapping width, drawn once its spot is known
    shape = card_size(words, size, wrap)
    key, was, last, used, row, used_row = _LAST
    if board is not None and key == board and was == cursor:
        last, row = used, used_row  # the same square as the frame before: weighed as in its first frame
    elif board is None or key != board or was is None or max(abs(was.centerx - cursor.centerx),
                                                               abs(was.centery - cursor.centery)) > 2 * cursor.h:
        last = row = None  # another board, or a square not next to the last one: no row to keep to
    box, cost = placed(shape, cursor, room, avoid, keep, sights, strips, marks, last, obstacles)
    if cost > 0 and shape[0] > 320 * scale:  # it covers something: narrower (and taller), it may
        narrow = max(240, shape[0] * 2 // 3)  # cover nothing
        other, other_cost = placed(card_size(words, size, narrow), cursor, room, avoid, keep, sights, strips, marks,
                                   last, obstacles)
        if other_cost == 0:
            wrap, box, cost = narrow, other, 0
    if cost > 0:  # it covers something, or went far: a free spot near the square, in another shape?
        wrap, box = _roomier(words, size, scale, wrap, box, cursor, room,
                             (keep, avoid, marks, sights, obstacles), strips, row)
    # the row of the last card off its square, kept through cards beside theirs (`_roomier`)
    _LAST[:] = [board, pygame.Rect(cursor), box, last, box.top if far_off(box, cursor) else row, row]
    edge = CARD_ERROR_EDGE if refused else CARD_EDGE
    if aside is not None and crowded(box, cursor, keep, avoid, obstacles):
        edge = CARD_ERROR_EDGE if refused else ASIDE_EDGE_COLOUR
        # as large as the panel's box at least: no line of what it covers peeks out under it
        inner = aside.inflate(-2 * round(ASIDE_EDGE * scale), -2 * round(ASIDE_EDGE * scale))
        img = aside_card(words, label, size, inner.size, refused)
        spot = img.get_rect(topleft=inner.topleft)
        spot = spot.clamp(surface.get_rect())
        _DRAWN.append(frame_square(surface, square or cursor, edge))
        _ASIDE[:] = [img, spot]
        # it lies in the panel's column, from the top of the box it covers down
        column = pygame.Rect(aside.x, aside.y, aside.w, surface.get_height() - aside.y).clip(surface.get_rect())
        note_text("hover_card", spot, size, column, words)
        return spot
    leader = draw_leader(surface, box, cursor, edge, square, avoid, obstacles, marks)
    _DRAWN.extend([surface.blit(card(words, size, wrap, refused), box)] + ([leader] if leader is not None else []))
    note_text("hover_card", box, size, room, words)
    return box


_DRAWN: list[pygame.Rect] = []
"""The boxes the last `draw` drew over on the board: its card, its leader line or the frame of
its square (not a card sent aside: `draw_aside` draws that over the side panel)."""


def drawn_on_board() -> list[pygame.Rect]:
    """Where the last `draw` drew on the board (`_DRAWN`): what the next frame must draw again
    if it draws the board only in part (`board_draw.redraw_area`)."""
    return list(_DRAWN)


def crowded(box: pygame.Rect, cursor: pygame.Rect, keep: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect],
            obstacles: Sequence[pygame.Rect]) -> bool:
    """Whether a card at `box` found no free spot on the board: it covers what it is about
    (`keep`), a fighter (`avoid`) or a pillar or crate, or sits more than `card_room.MOST`
    squares off its square (s50 review: circle cards over a pillar at every size, a ranged
    attack's card eight rows off on a long leader line)."""
    tile = max(1, min(cursor.w, cursor.h))
    return (card_room.squares_off(box, cursor, tile) > card_room.MOST
            or any(box.collidelist(g) != -1 for g in (keep, avoid, obstacles)))


ASIDE_EDGE_COLOUR = (236, 200, 92)
"""The edge, head and square frame of a card sent aside: brighter than `CARD_EDGE`, which a
frame on sand or a token hardly showed."""
ASIDE_MARK = 3
"""The width (px) of the frame round a square whose card went aside (`frame_square`), on a
dark casing."""


def frame_square(surface: pygame.Surface, square: pygame.Rect, colour: palette.RGB) -> pygame.Rect:
    """Frame the hovered `square` in its card's edge `colour` on a dark casing: the card is off
    the board (`aside_card`), this frame and the card's head tie them. Returns the pixels it drew over."""
    # at most 4 px outside the square: the figures and name tags beside it stay whole
    outer = pygame.draw.rect(surface, LEADER_EDGE, square.inflate(8, 8), ASIDE_MARK + 2)
    return outer.union(pygame.draw.rect(surface, colour, square.inflate(4, 4), ASIDE_MARK))


ASIDE_EDGE = 3
"""The margin (px at 1280×720) between a card sent aside and the edge of the panel's box it covers."""


@lru_cache(maxsize=16)
def aside_card(words: str, label: str, size: int, room: tuple[int, int], refused: bool) -> pygame.Surface:
    """The card for `words` wrapped to the `room`'s width and at least as large as the room,
    for a place off the board, headed by `label` (the square it is about) after a mark
    pointing left, to the board, in the card's edge colour (the colour of the frame round its
    square, `frame_square`)."""
    body = card(words, size, max(120, room[0]), refused)
    edge = CARD_ERROR_EDGE if refused else ASIDE_EDGE_COLOUR
    f = font(size)
    arrow = f.get_height() // 2
    indent = PAD + arrow + PAD // 2  # the head's lines start right of the mark
    lines = wrap_words(drawable(label), f, max(60, room[0] - indent - PAD)) if label.strip() else []
    heads = [f.render(line, True, edge) for line in lines]
    w = max(room[0], body.get_width(), indent + PAD + max((h.get_width() for h in heads), default=0))
    top = PAD + sum(h.get_height() for h in heads) - PAD // 2 if heads else 0  # where the body's text box starts
    surf = pygame.Surface((w, max(room[1], top + body.get_height())))
    surf.fill(CARD_BACK)
    mid = PAD + f.get_height() // 2
    if heads:
        pygame.draw.polygon(surf, edge, [(PAD, mid), (PAD + arrow, mid - arrow // 2 - 2), (PAD + arrow, mid + arrow // 2 + 2)])
    y = PAD
    for head in heads:
        surf.blit(head, (indent, y))
        y += head.get_height()
    body_w, body_h = body.get_size()
    surf.blit(body, (2, top + 2), pygame.Rect(2, 2, body_w - 4, body_h - 4))  # its text, not its frame
    pygame.draw.rect(surf, edge, surf.get_rect(), 2)
    return surf


_ASIDE: list = []
"""The card sent aside by the last `draw` and where it goes (empty: none): drawn by `draw_aside`."""


def draw_aside(surface: pygame.Surface) -> pygame.Rect | None:
    """Draw the card the last `draw` sent off the board (after the widgets it covers); where
    it went, or None when there was none."""
    if not _ASIDE:
        return None
    img, spot = _ASIDE
    _ASIDE.clear()
    surface.blit(img, spot)
    return pygame.Rect(spot)


def went_aside() -> bool:
    """Whether the last `draw` sent its card off the board (`draw_aside` not called yet)."""
    return bool(_ASIDE)


def aside_box() -> pygame.Rect | None:
    """Where `draw_aside` will draw the card the last `draw` sent off the board (None: none)."""
    return pygame.Rect(_ASIDE[1]) if _ASIDE else None


def inset(room: pygame.Rect, scale: float) -> pygame.Rect:
    """The board's `room` less a margin along each edge (6 px at 1280×720, grown with the
    window) that a card keeps from it: clamped to the room, a refusal card at 1920×1080 ran
    up to the side panel's edge, its frame on the panel's (s50 window2)."""
    edge = round(EDGE * scale)
    return room.inflate(-2 * edge, -2 * edge) if room.w > 4 * edge and room.h > 4 * edge else room


EDGE = 6
"""The margin (px at 1280×720) between a card and the edges of the board's room (`inset`)."""


_LAST: list = [None, None, None, None, None, None]
"""The last card's board (a key), hovered square's box, the card's box, the last card `placed` was
given for that square's first frame, the top of the last card off its square (None: none since
the hovered squares were neighbours) and the one given for that first frame (`draw`)."""


def _roomier(words: str, size: int, scale: float, wrap: int, box: pygame.Rect,
             cursor: pygame.Rect, room: pygame.Rect, groups: Sequence[Sequence[pygame.Rect]],
             strips: Sequence[pygame.Rect], row: int | None) -> tuple[int, pygame.Rect]:
    """The card's wrapping width and its box: the card wrapped to `wrap` where `placed` put it, or, when that covers a fighter, a mark, a
    pillar or crate or what the card is about (not only terrain), or sits farther off, the
    nearest spot covering nothing within `card_room.MOST` squares, in the card's shape or a
    narrower one (`card_room.nearest_free`), in the `row` of the last card off its square when
    that is free. Searched once per hovered square and boxes about."""
    keep, avoid, marks, sights, obstacles = groups
    tile = max(1, min(cursor.w, cursor.h))
    # narrower shapes wrap at most one fact more than the card has: a circle-attack card of ten
    # lines covered six rows (s47 review 3, item 4)
    width = card_size(words, size, wrap)[0]
    most = max(len(words.split("\n")) + 1, _lines(words, size, width))
    widths = sorted({w for w in (width, max(240, width * 3 // 4), max(240, width // 2))
                     if w == width or _lines(words, size, w) <= most}, reverse=True)
    clear = off_strips(room, strips)
    key = (words, size, tuple(cursor), tuple(room), tuple(clear), tuple(widths),
           row, _fingerprint((keep, avoid, marks, sights, obstacles)))
    shapes = [card_size(words, size, w) for w in widths]

    def find() -> card_room.Found:
        # only what a spot within MOST squares can reach is marked
        reach = cursor.inflate(2 * (max(w for w, _ in shapes) + (card_room.MOST + 1) * tile),
                               2 * (max(h for _, h in shapes) + (card_room.MOST + 1) * tile))
        near = [[g[i] for i in reach.collidelistall(g)] for g in groups]
        return card_room.nearest_free(shapes, cursor, clear, room, tile, near, row)

    found = card_room.kept(key, find)
    if found is None:
        return wrap, box
    i, spot, score = found
    covers = any(box.collidelist(g) != -1 for g in (keep, avoid, marks, obstacles))
    if covers or score < card_room.squares_off(box, cursor, tile):
        return widths[i], spot
    return wrap, box


def sights(board: Board, square_rect: Callable[[Square], pygame.Rect], room: pygame.Rect) -> list[pygame.Rect]:
    """The boxes of the squares in the `room` a card had better leave in sight: every square
    that is neither plain floor nor wall (pits, lava, acid, water, crates, pillars)."""
    squares = board_squares(_SIGHTS, board, _sight)
    return _boxes_in(room, square_rect, squares, _SIGHT_BOXES)


def _sight(t: Terrain) -> bool:
    return t not in (Terrain.FLOOR, Terrain.WALL)


def _obstacle(t: Terrain) -> bool:
    return t.solid and t is not Terrain.WALL


def _dead(t: Terrain) -> bool:
    return t.dead


def board_squares_found(board: Board) -> Iterator[None]:
    """The squares `sights`, `obstacles` and `deadly` pick out of `board`, found a kind a step
    (`BoardScreen.update`, in quiet frames): each walks every square, ~2 ms on a 64² map, and
    the frame of a match's first hover card found them all (s59: 16 ms). The last board's are
    let go at once: a new match must let its board go (`tests/test_ui_session_memory.py`)."""
    for memo in (_SIGHTS, _OBSTACLES, _DEADLY):
        memo[:] = [None, []]
    return _finding(board)


def _finding(board: Board) -> Iterator[None]:
    for memo, keep in ((_SIGHTS, _sight), (_OBSTACLES, _obstacle), (_DEADLY, _dead)):
        board_squares(memo, board, keep)
        yield


def board_squares(memo: list, board: Board, keep: Callable[[Terrain], bool]) -> list[Square]:
    """The squares of `board` whose terrain `keep` takes, found once per board (it is
    immutable) and kept in `memo` ([board, squares]): `sights`, `obstacles`."""
    if memo[0] is not board:
        memo[:] = [board, [sq for sq in board.squares() if keep(board.terrain(sq))]]
    return memo[1]


Picked = TypeVar("Picked")


def per_list(memo: list, items: Sequence, pick: Callable[[Sequence], Picked]) -> Picked:
    """`pick(items)` made once per list and kept in `memo` ([list, its length, the pick]): the
    board passes the same list of highlights (`shown_highlights`) till they change, and a potion
    teleport on a 128² map marks ~15,000 squares, too many to walk in every hover frame. The
    list itself is kept (never an id alone, which a new list may take again)."""
    if memo[0] is not items or memo[1] != len(items):
        memo[:] = [items, len(items), pick(items)]
    return memo[2]


_SIGHTS: list = [None, []]  # the last board and its sight squares

MARKED = frozenset({"chance", "reach", "landing", "hazard", "target", "order", "declared", "path", "goal"})
"""The highlight kinds a card had better leave in sight: a square's own figure or mark (not the
areas, which cover most of the ground)."""


def marked(highlights: Sequence[Highlight], square_rect: Callable[[Square], pygame.Rect],
           room: pygame.Rect) -> list[pygame.Rect]:
    """The boxes of the squares in the `room` whose highlight says something of its own (a
    chance, a landing, a path's step): worth seeing beside the hovered one. Its squares are
    picked out once per list of highlights (the board passes the same list, `shown_highlights`,
    till they change): a potion teleport on a 128² map marks ~15,000 squares, 0.4 ms a frame."""
    squares = per_list(_MARKED, highlights, lambda hl: [h.square for h in hl if h.kind in MARKED])
    return _boxes_in(room, square_rect, squares, _MARKED_BOXES)


_MARKED: list = [None, 0, []]  # the last highlights, their number and their marked squares


def _boxes_in(room: pygame.Rect, square_rect: Callable[[Square], pygame.Rect], squares: list[Square],
              kept: list) -> list[pygame.Rect]:
    """The on-screen boxes of `squares` that show in the `room` (`sights`, `marked`), kept in
    `kept` with what they were made from (the squares, the room and where square (0, 0) is on
    screen, which fixes every square's box): a hover frame with the camera still makes no box
    again (a 128² map's sights took 0.5 ms a frame)."""
    key = (tuple(room), tuple(square_rect((0, 0))))
    if kept and kept[0] is squares and kept[1] == key:
        return list(kept[2])
    boxes = [r for r in map(square_rect, squares) if r.colliderect(room)]
    kept[:] = [squares, key, boxes]
    return list(boxes)


_SIGHT_BOXES: list = []
_MARKED_BOXES: list = []


def reset_caches() -> None:
    """Forget rendered cards (a pygame.quit() invalidates them) and the squares kept in sight
    (a new match must let the last one's board and highlights go)."""
    card.cache_clear()
    card_size.cache_clear()
    aside_card.cache_clear()
    _ASIDE.clear()
    card_lines.cache_clear()
    _SIGHTS[:] = [None, []]
    _OBSTACLES[:] = [None, []]
    _OBSTACLE_BOXES.clear()
    _DEADLY[:] = [None, []]
    _DEADLY_BOXES.clear()
    _MARKED[:] = [None, 0, []]
    _SIGHT_BOXES.clear()
    _MARKED_BOXES.clear()
    _LAST[:] = [None, None, None, None, None, None]
    _FARTHER.clear()
    card_room.reset()
