"""The hover card: beside the cursor, the whole of what a hovered square says — the full
why-not with its rule, or a forecast laid out one fact per line (hit, damage, kill, then
each modifier with its rule). The status line under the board keeps the mode's prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.glyphs import drawable
from arena_game.render.highlight import Highlight
from arena_game.render.text import font, note_text, wrap_words

CARD_BACK = (22, 21, 28)
CARD_EDGE = (150, 140, 110)
CARD_ERROR_EDGE = (214, 110, 96)
PAD = 8


@lru_cache(maxsize=64)
def card(words: str, size: int, width: int, refused: bool) -> pygame.Surface:
    """The card for `words` (lines split on newlines, wrapped to `width`), cached."""
    f = font(size)
    head = font(size, bold=True)
    lines: list[tuple[str, bool]] = []
    for i, para in enumerate(drawable(words).split("\n")):
        for line in wrap_words(para, head if i == 0 else f, width - 2 * PAD):
            lines.append((line, i == 0))
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


def wrap_width(room: pygame.Rect, scale: float) -> int:
    """The widest a card gets before its lines wrap (it is as narrow as its longest line under
    that): up to 640 px at 1280×720, grown with the window, at most two thirds of the board's
    `room`. At 420 px the French circle-attack card wrapped to ten lines and covered six board
    rows (s47 review 3, item 4)."""
    return max(240, min(int(room.w * 0.65), round(640 * scale)))


def place(size: tuple[int, int], cursor: pygame.Rect, room: pygame.Rect,
          avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = (),
          sights: Sequence[pygame.Rect] = (), strips: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a card of `size` goes (`placed`, without what it covers)."""
    return placed(size, cursor, room, avoid, keep, sights, strips)[0]


def placed(size: tuple[int, int], cursor: pygame.Rect, room: pygame.Rect,
           avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = (),
           sights: Sequence[pygame.Rect] = (), strips: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, int]:
    """Where a card of `size` goes beside the hovered square `cursor`, inside the `room` (the
    board's viewport), never over the square nor over the `strips` (the board's column and row
    numbers, which a player reads the card's squares against): right, left, below or above it
    (level with it, or centred on it; then a square farther off), the first that covers none of the `keep` boxes (what the
    card is about: a push's landings, its arrow), the `avoid` boxes (the fighters) nor the
    `sights` (squares worth seeing: hazards, obstacles, water, marked squares), else the one
    covering the least — a `keep` box weighs 100, a fighter 10, a sight next to the square 3,
    one farther off 1. A spot pushed back into the room onto
    the strips is tried again pushed off them (the room less the strips)."""
    w, h = size
    gap, tile = 6, min(cursor.w, cursor.h)
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
    around = cursor.inflate(2 * tile, 2 * tile)
    next_to = [a for a in sights if a.colliderect(around)]  # the sights next to the square weigh 3
    best: pygame.Rect | None = None
    best_cost = -1
    for x, y in spots:
        for area in (room, clear) if clear != room else (room,):
            box = pygame.Rect(x, y, w, h).clamp(area)
            if box.colliderect(cursor) or box.collidelist(strips) != -1:
                continue
            cost = (100 * len(box.collidelistall(keep)) + 10 * len(box.collidelistall(avoid))
                    + len(box.collidelistall(sights)) + 2 * len(box.collidelistall(next_to)))
            if best is None or cost < best_cost:
                best, best_cost = box, cost
            break
        if best_cost == 0:
            break
    if best is None:  # the room is too small for any side: keep it inside, off the numbers if it can
        best = pygame.Rect(cursor.right + gap, cursor.top, w, h).clamp(clear if clear.w >= w and clear.h >= h else room)
        best_cost = 1000
    return best, best_cost


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
         strips: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """Draw the card for a hovered square (never over it nor the `strips` of numbers, off the
    `keep` boxes, then off the `avoid` ones, then off the `sights`); returns where it went
    (None without words)."""
    if not words.strip():
        return None
    size = max(12, round(14 * scale))
    img = card(words, size, wrap_width(room, scale), refused)
    box, cost = placed(img.get_size(), cursor, room, avoid, keep, sights, strips)
    if cost > 0 and img.get_width() > 320 * scale:  # it covers something: narrower (and taller), it may
        narrow = card(words, size, max(240, img.get_width() * 2 // 3), refused)  # cover nothing
        other, other_cost = placed(narrow.get_size(), cursor, room, avoid, keep, sights, strips)
        if other_cost == 0:
            img, box = narrow, other
    surface.blit(img, box)
    note_text("hover_card", box, size, room, words)
    return box


def sights(board: Board, square_rect: Callable[[Square], pygame.Rect], room: pygame.Rect) -> list[pygame.Rect]:
    """The boxes of the squares in the `room` a card had better leave in sight: every square
    that is neither plain floor nor wall (pits, lava, acid, water, crates, pillars)."""
    if _SIGHTS[0] is not board:  # the board is immutable: its sights are found once
        _SIGHTS[:] = [board, [sq for sq in board.squares() if board.terrain(sq) not in (Terrain.FLOOR, Terrain.WALL)]]
    return _boxes_in(room, square_rect, _SIGHTS[1], _SIGHT_BOXES)


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
    if _MARKED[0] is not highlights or _MARKED[1] != len(highlights):
        # the list itself is kept (never an id alone, which a new list may take again)
        _MARKED[:] = [highlights, len(highlights), [h.square for h in highlights if h.kind in MARKED]]
    return _boxes_in(room, square_rect, _MARKED[2], _MARKED_BOXES)


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
    _SIGHTS[:] = [None, []]
    _MARKED[:] = [None, 0, []]
    _SIGHT_BOXES.clear()
    _MARKED_BOXES.clear()
