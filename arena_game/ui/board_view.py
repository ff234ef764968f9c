"""The window's board: the one board renderer (`arena_game.render`) through a camera, with caches.

Terrain is drawn once per zoom, highlights once per change (the `Highlight` list the input
mode builds out of core queries), fighters every frame (or at the animation's poses). How
things look is `render`'s business: `render.board`, `render.marks`, `render.tokens`,
`render.palette`. `legend` is the key to a mode's highlights shown beside the status line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain
from arena_game.formats.gc_pause import without_gc
from arena_game.render import palette
from arena_game.render.board import draw_board, terrain_phase
from arena_game.render.glyphs import drawable
from arena_game.render.highlight import Highlight, HighlightKind, joined_area
from arena_game.render.marks import (
    AREAS,
    LOOKS,
    QUIET,
    SPILLS,
    draw_arrow_head,
    draw_highlight,
    look_key,
    square_look,
    tags_for,
)
from arena_game.render.text import INITIALS_AT, font, initials, outlined
from arena_game.render.tokens import draw_fighters, draw_pv_bars_over, fighter_tokens, token_of
from arena_game.ui.anim import AnimationQueue, pose_to_draw
from arena_game.ui.anim.draw import draw_token
from arena_game.ui.camera import Camera

if TYPE_CHECKING:  # the sprite book is imported only when sprites load (load_sprites)
    from arena_game.render.sprites import SpriteBook

__all__ = ["INITIALS_AT", "LEGENDS", "BoardView", "draw_highlight", "font", "initials", "legend", "load_sprites"]

OVER_KINDS = frozenset(k for k, look in LOOKS.items() if look.over_tokens)  # drawn above the fighters
_APART = SPILLS | OVER_KINDS  # kinds not drawn into the overlay's squares (`BoardView.overlay`)
REDRAWN_MOST = 512
"""The most squares an overlay draws over the last one (where they differ), rather than over a
fresh copy of the terrain: a square put back costs ~1 µs of Python, a copy of a 64×64 board ~0.5 ms."""


def load_sprites() -> SpriteBook | None:
    """The shipped sprites, or None (plain colours) when they cannot be read."""
    try:
        from arena_game.render.sprites import SpriteBook

        return SpriteBook(64)
    except Exception:  # a broken sprite folder must not stop a match
        return None


def joined_stack(stack: tuple[Highlight, ...], joined: int) -> tuple[Highlight, ...]:
    """A square's highlights with its `AREAS` ones told which sides it shares with its area."""
    return tuple(h._replace(joined=joined) if h.kind in AREAS else h for h in stack) if joined else stack


def screen_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface in the display's pixel format: what `convert` gives, without making a second
    buffer first (3–5 ms less for a board at 1920×1080)."""
    shown = pygame.display.get_surface()
    return pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)


LEAST_NUMBER_SIZE = 9
"""The smallest font of the board's numbers (8–9 px squares): its digits 6 px tall, still read."""


def coordinate_size(tile: int) -> int:
    """The column and row numbers' font size on `tile` px squares: 11 px at least, smaller
    (down to `LEAST_NUMBER_SIZE`) on squares lower than its digits, which stay in the first row."""
    size = max(11, tile // 4)
    while size > LEAST_NUMBER_SIZE and _digits_tall(size) > tile:
        size -= 1
    return size


def coordinate_strips(board: Board, tile: int) -> tuple[int, int]:
    """How wide the row numbers' strip along the board's left edge is and how high the column
    numbers' strip along its top edge is (`draw_coordinates`), in pixels, outlines included."""
    size = coordinate_size(tile)
    centre, widest = _row_numbers(board, tile)
    return centre + (widest + 1) // 2 + 2, font(size, bold=True).get_linesize() + 2


def _row_numbers(board: Board, tile: int) -> tuple[int, int]:
    """Where the row numbers are centred across the board's left edge and how wide the widest
    is drawn (its outline left out): in column 0 whole, squeezed if need be ("10" in a 11 px
    bold font is 13 px wide: on 14 px squares, outlined, it ran a pixel into column 1)."""
    size = coordinate_size(tile)
    f = font(size, bold=True)
    widest = min(max(f.size(str(y))[0] for y in range(board.height)), tile - 3)  # 1 px to spare, 1 px of outline each side
    return min(size // 2 + 3, tile - 1 - (widest + 2 + 1) // 2), widest


def coordinate_labels(board: Board, tile: int) -> list[tuple[str, tuple[int, int], pygame.Rect]]:
    """The numbers `draw_coordinates` draws: (number, its centre, its box outline included).
    On squares narrower than a number (a board zoomed far out: 14 px squares in a lesson at
    800×560) every other column is numbered, or fewer: "10", "11"… ran into one another. The
    column numbers keep inside the first row: on 8 px squares (the 64² map at 1280×720) they ran
    into the second, under the pieces and highlights standing there. A row number squeezed to
    less than two thirds of its width is left out, its digits run together."""
    size = coordinate_size(tile)
    f = font(size, bold=True)
    above, below = _digits_ink(size)  # the digits' ink, not the font's line
    tall = _digits_tall(size)
    if tall > tile:  # no square to hold a number whole
        return []
    half = min(f.get_linesize() // 2, tile - below)
    across, row_w = _row_numbers(board, tile)
    step, step_y = _number_steps(board, tile, f, tall)
    out = [("0", (across, half))]
    out += [(str(x), (x * tile + tile // 2, half)) for x in range(step, board.width, step)]
    out += [(str(y), (across, y * tile + tile // 2)) for y in range(step_y, board.height, step_y)
            if 3 * row_w >= 2 * f.size(str(y))[0]]

    def box(label: str, centre: tuple[int, int]) -> pygame.Rect:
        w = (min(f.size(label)[0], row_w) if centre[0] == across else f.size(label)[0]) + 2
        return pygame.Rect(centre[0] - w // 2, centre[1] + above, w, tall)

    edge = pygame.Rect(0, 0, board.width * tile, board.height * tile)
    labels: list[tuple[str, tuple[int, int], pygame.Rect]] = []
    for label, centre in out:
        at = box(label, centre)
        if not edge.contains(at):  # the last column's or row's number past the board's edge (s60: "63" cut
            inside = at.clamp(edge)  # in half on the 64² map at 8 px): pulled in, or left out where that
            if inside.inflate(6, 6).collidelist([r for *_, r in labels]) >= 0:  # crowds its neighbour
                continue
            centre, at = (centre[0] + inside.x - at.x, centre[1] + inside.y - at.y), inside
        labels.append((label, centre, at))
    return labels


def _number_steps(board: Board, tile: int, f: pygame.font.Font, tall: int) -> tuple[int, int]:
    """Every how many columns and rows a number is drawn: every one while their numbers (outline
    included) keep 3 and 2 pixels apart, else every other one or fewer."""
    widest = max(f.size(str(x))[0] for x in range(board.width)) + 2  # its outline, a pixel each side
    step, step_y = 1, 1
    while widest + 3 > step * tile:  # a gap of 3 pixels at least between two numbers
        step += 1
    while tall + 2 > step_y * tile:
        step_y += 1
    return step, step_y


def _digits_tall(size: int) -> int:
    """How tall the digits' ink is in the numbers' font of `size` px, their outline included."""
    above, below = _digits_ink(size)
    return below - above


@lru_cache(maxsize=16)
def _digits_ink(size: int) -> tuple[int, int]:
    """Where the digits' ink of a number centred on a point (`outlined`) begins and ends,
    their outline included, from that point down (the ink lies a pixel low of the middle)."""
    line = font(size, bold=True).render("0123456789", True, palette.WHITE)
    ink = line.get_bounding_rect()
    return ink.top - line.get_height() // 2 - 1, ink.bottom - line.get_height() // 2 + 1


def draw_coordinates(surf: pygame.Surface, board: Board, tile: int) -> None:
    """Column numbers along the top edge and row numbers along the left edge, as the log
    writes squares ("(x, y)"); drawn once per zoom with the terrain (`coordinate_labels`)."""
    size = coordinate_size(tile)
    for label, centre, box in coordinate_labels(board, tile):
        outlined(surf, label, centre, size, palette.COORDINATE, fit=box.w - 2)


def numbers_outside(board: Board) -> bool:
    """Whether the board's column and row numbers go outside it, in strips above and left of it
    (`outside_labels`), as a chessboard's: when a square of its first row or column is not a
    wall (a map without a wall border, as many Tiled maps), numbers drawn in that row lay under
    the pieces, highlights and tokens standing there. A map walled round keeps them on its walls,
    where nothing of the game goes, and its board the whole viewport (the 64² map at 8 px)."""
    return any(board.terrain((x, 0)) is not Terrain.WALL for x in range(board.width)) \
        or any(board.terrain((0, y)) is not Terrain.WALL for y in range(1, board.height))


STRIP_PAD = 3
"""px between a number's ink (its outline included) and the edges of its strip outside the board."""


def outside_strips(board: Board, tile: int) -> tuple[int, int]:
    """How wide the row numbers' strip left of the board is and how high the column numbers'
    strip above it is (`outside_labels`), in pixels."""
    size = coordinate_size(tile)
    widest = max(font(size, bold=True).size(str(y))[0] for y in range(board.height)) + 2  # its outline
    return widest + 2 * STRIP_PAD, _digits_tall(size) + 2 * STRIP_PAD


def outside_labels(board: Board, tile: int) -> list[tuple[str, tuple[int, int], pygame.Rect]]:
    """The numbers drawn outside the board (`numbers_outside`): (number, its centre, its box
    outline included), from the board's top-left corner: the column numbers' above it, the row
    numbers' left of it. Every column and row numbered while their numbers keep 3 and 2 pixels
    apart, else every other one or fewer; the last column's number pulled in over the board's
    width (or left out where that crowds its neighbour)."""
    size = coordinate_size(tile)
    f = font(size, bold=True)
    above, below = _digits_ink(size)
    tall = below - above
    left, top = outside_strips(board, tile)
    step, step_y = _number_steps(board, tile, f, tall)
    cy, cx = STRIP_PAD - top - above, -left + left // 2
    edge = pygame.Rect(-left, -top, left + board.width * tile, top)
    labels: list[tuple[str, tuple[int, int], pygame.Rect]] = []
    for x in range(0, board.width, step):
        w = f.size(str(x))[0] + 2
        at = pygame.Rect(x * tile + tile // 2 - w // 2, cy + above, w, tall)
        inside = at.clamp(edge)
        if inside.inflate(6, 0).collidelist([r for *_, r in labels]) >= 0:
            continue
        labels.append((str(x), (x * tile + tile // 2 + inside.x - at.x, cy), inside))
    for y in range(0, board.height, step_y):
        w = f.size(str(y))[0] + 2
        labels.append((str(y), (cx, y * tile + tile // 2), pygame.Rect(cx - w // 2, y * tile + tile // 2 + above, w, tall)))
    return labels


def number_strips(board: Board, tile: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The strips of numbers outside the board (`outside_labels`), on the window's ground: the
    column numbers' above it (the corner left of it included) and the row numbers' left of it.
    Opaque, drawn once per zoom and blitted each frame at the board's edges (`BoardView.draw`)."""
    left, top = outside_strips(board, tile)
    size = coordinate_size(tile)
    above = screen_surface((left + board.width * tile, top))
    beside = screen_surface((left, board.height * tile))
    above.fill(palette.BACKGROUND)
    beside.fill(palette.BACKGROUND)
    for label, (x, y), _box in outside_labels(board, tile):
        strip, at = (above, (x + left, y + top)) if y < 0 else (beside, (x + left, y))
        outlined(strip, label, at, size, palette.COORDINATE)
    return above, beside


def terrain_surface(board: Board, book: SpriteBook | None, tile: int) -> pygame.Surface:
    """The whole board drawn at `tile` px squares, its column and row numbers along its edges
    (unless they go outside it, `numbers_outside`)."""
    surf = screen_surface((board.width * tile, board.height * tile))
    draw_board(surf, board, book, tile)
    if not numbers_outside(board):
        draw_coordinates(surf, board, tile)
    return surf


def board_camera(viewport: pygame.Rect | tuple[int, int, int, int], board: Board) -> Camera:
    """A camera on `board` in `viewport`, fitted, leaving room for its numbers where they go
    outside it (`numbers_outside`)."""
    margin = partial(outside_strips, board) if numbers_outside(board) else None
    camera = Camera(tuple(viewport), (board.width, board.height), margin=margin)  # type: ignore[arg-type]
    camera.fit()
    return camera


_WARM: list[tuple[Board, int, object, pygame.Surface, pygame.Surface | None]] = []
"""A board's terrain drawn ahead (`warm_terrain`): the board, the tile, the sprite book, the
picture and a copy of it (the highlights' canvas, `BoardView.overlay`; None till `warm_canvas`)."""


def warm_terrain(board: Board, viewport: pygame.Rect, book: SpriteBook | None) -> None:
    """Draw `board`'s terrain now, at the size a match on it opens at in `viewport`
    (`Camera.fit`), for the new match's first frame to take (`BoardView.terrain`): the start
    screen does it in a quiet frame for the map it offers (s54: 3–4 ms of the 16 ms frame of
    Play at 1920×1080), and its copy in another (`warm_canvas`). One board is kept: the last
    one drawn."""
    camera = board_camera(viewport, board)
    if not (_WARM and _WARM[0][1] == camera.tile and _WARM[0][2] is book and _WARM[0][0] == board):
        _WARM[:] = [(board, camera.tile, book, terrain_surface(board, book, camera.tile), None)]


def canvas_due() -> bool:
    """A terrain is drawn ahead and its copy is not made yet (`warm_canvas`)."""
    return bool(_WARM) and _WARM[0][4] is None


def warm_canvas() -> None:
    """The copy of the terrain drawn ahead (the highlights' canvas: 2–7 ms in Play's frame), made
    in a frame after the drawing's: the window's first start screen drew both into fresh memory
    in one frame (16–19 ms at 1920×1080, s56)."""
    if canvas_due():
        board, tile, book, surf, _ = _WARM[0]
        _WARM[0] = (board, tile, book, surf, surf.copy())


def taken_warm(board: Board, tile: int, book: object) -> pygame.Surface | None:
    """The terrain `warm_terrain` drew for this board, tile and book, handed over once (None if
    it drew another or none): a board loaded again from the same file is the same board."""
    got = taken_warm_canvas(board, tile, book)
    return None if got is None else got[0]


def taken_warm_canvas(board: Board, tile: int, book: object) -> tuple[pygame.Surface, pygame.Surface | None] | None:
    """`taken_warm`, with the copy of the picture made ahead (the highlights' canvas; None if
    `warm_canvas` did not come before)."""
    if not _WARM:
        return None
    was, at, by, surf, canvas = _WARM[0]
    if at != tile or by is not book or (was is not board and was != board):
        return None
    _WARM.clear()
    return surf, canvas


class OverlayPlan(NamedTuple):
    """What an overlay draws (`BoardView.overlay`): each square's highlights under the fighters
    and over them, what each square's look depends on, the sides each shares with its area,
    the highlights drawn past their square (under and over the fighters) and each target's tag."""

    under: dict[Square, tuple[Highlight, ...]]
    top: dict[Square, tuple[Highlight, ...]]
    looks: dict[Square, object]
    joined: dict[Square, int]
    spilling: list[Highlight]
    over_spills: list[Highlight]
    tags: dict[Square, Square]


def _draw_looks(composed: pygame.Surface, plan: OverlayPlan, changed: Iterable[Square], tile: int) -> None:
    """The `changed` squares' looks drawn onto `composed` (their bare terrain under them), and
    the highlights drawn past their square."""
    looks, under, joined = plan.looks, plan.under, plan.joined
    by_look: dict[object, list[Square]] = {}
    for sq in changed:
        by_look.setdefault(looks[sq], []).append(sq)
    for squares in by_look.values():  # one pre-rendered tile per look, blitted in one call
        look = square_look(joined_stack(under[squares[0]], joined.get(squares[0], 0)), tile)
        composed.fblits([(look, (x * tile, y * tile)) for x, y in squares])
    if plan.spilling:  # an arrow reaches past its square: drawn on the whole layer, as it looks
        layer_surface = pygame.Surface(composed.get_size(), pygame.SRCALPHA)
        for h in plan.spilling:
            draw_highlight(layer_surface, h, tile)
        composed.blit(layer_surface, (0, 0))


class BoardView:
    """Draws a match's board, highlights and fighters through a camera, with caches."""

    def __init__(self, board: Board, camera: Camera, book: SpriteBook | None = None) -> None:
        self.board = board
        self.camera = camera
        # a copy of the book of its own (the sprites shared): the token pictures it draws are
        # kept with it and go with this view, the match's, not piled up match after match
        self.book = book.resized(book.tile) if book is not None else None
        self._book_source = book  # (a terrain drawn ahead with it is this view's: `warm_terrain`)
        self._animated: list[tuple[Square, Terrain, int]] = []
        if book is not None:
            for sq in board.squares():
                t = board.terrain(sq)
                if book.terrain_frames(t) > 1:
                    self._animated.append((sq, t, terrain_phase(sq, t)))
        self._animated_kinds = tuple(dict.fromkeys(t for _, t, _ in self._animated))
        self._terrain: pygame.Surface | None = None
        self._terrain_tile = 0
        self._overlay: pygame.Surface | None = None  # terrain with the highlights under the fighters
        self._overlay_key: tuple[int, int, frozenset[Square]] | None = None  # (highlights version, tile, taken) it shows
        self._under: dict[Square, tuple[Highlight, ...]] = {}  # square → its highlights under the fighters
        self._joined: dict[Square, int] = {}  # square → the sides it shares with its area (`marks.AREAS`)
        self.tags: dict[Square, Square] = {}  # a target's square → the square its figure is on (`marks.tags_for`)
        self.label_boxes: list[pygame.Rect] = []  # the floating labels this frame drew, on screen (a hover card keeps off them)
        self._under_looks: dict[Square, object] = {}  # square → what its look depends on
        self._top: dict[Square, pygame.Surface] = {}  # square → its look over the fighters
        self._spilled = False  # the overlay holds a highlight drawn past its square
        self._baked: tuple[object, ...] | None = None  # the animated terrain frames drawn into the overlay
        self._over_spills: list[Highlight] = []  # push arrows: over the fighters and the moving lava
        self._canvas: pygame.Surface | None = None  # a copy of the terrain drawn ahead (`warm_terrain`)
        # the overlay a fresh one replaced and the looks it shows: a mode marking most of the board
        # (a potion teleport) and one marking a few squares, taken in turn, are each drawn over the
        # other's last overlay, only where it differs (`overlay`)
        self._spare: tuple[pygame.Surface, dict[Square, object]] | None = None
        self._strips: tuple[int, tuple[int, int]] = (0, (0, 0))  # (tile, `coordinate_strips` at it)
        self.outside = numbers_outside(board)  # its numbers in strips outside it, drawn once per zoom:
        self._outside_strips: tuple[int, tuple[pygame.Surface, pygame.Surface] | None] = (0, None)  # (tile, them)
        # highlights drawn ahead (`drawn_ahead`): the very list, (tile, taken), its plan and its
        # overlay (None once shown: the plan is kept for the next time they are asked for)
        self._ahead: tuple[Sequence[Highlight], tuple[int, frozenset[Square]], OverlayPlan,
                           pygame.Surface | None] | None = None

    def terrain(self) -> pygame.Surface:
        """The whole board at the current tile size (rebuilt only when the zoom changes; at a
        new match's first frame, taken from `warm_terrain` when it drew this board ahead)."""
        tile = self.camera.tile
        if self._terrain is None or self._terrain_tile != tile:
            got = taken_warm_canvas(self.board, tile, self._book_source) if self._terrain is None else None
            surf, self._canvas = got if got is not None else (None, None)
            self._terrain, self._terrain_tile = surf or terrain_surface(self.board, self.book, tile), tile
        return self._terrain

    def coordinate_boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the row numbers' strip (along the board's left edge) and the column numbers'
        strip (along its top edge) are on the screen now, or left of it and above it when they
        go outside it (`numbers_outside`): a hover card keeps off them. Their size is measured
        once per zoom."""
        tile = self.camera.tile
        left, top = self.strips_size()
        ox, oy = self.camera.origin
        if self.outside:
            return (pygame.Rect(ox - left, oy, left, self.board.height * tile),
                    pygame.Rect(ox - left, oy - top, left + self.board.width * tile, top))
        return (pygame.Rect(ox, oy, left, self.board.height * tile), pygame.Rect(ox, oy, self.board.width * tile, top))

    def strips_size(self) -> tuple[int, int]:
        """How wide the row numbers' strip is and how high the column numbers' strip is, inside
        the board (`coordinate_strips`) or outside it (`outside_strips`), measured once per zoom."""
        tile = self.camera.tile
        if self._strips[0] != tile:
            self._strips = (tile, (outside_strips if self.outside else coordinate_strips)(self.board, tile))
        return self._strips[1]

    def number_strips(self) -> tuple[pygame.Surface, pygame.Surface]:
        """The strips of numbers outside the board at the current zoom (`number_strips`), drawn
        once per zoom."""
        tile = self.camera.tile
        got = self._outside_strips[1]
        if got is None or self._outside_strips[0] != tile:
            got = number_strips(self.board, tile)
            self._outside_strips = (tile, got)
        return got

    def overlay(self, highlights: Sequence[Highlight], version: int,
                taken: frozenset[Square] = frozenset()) -> pygame.Surface:
        """The board with the highlights under the fighters drawn in (one opaque blit a frame,
        not a board-sized alpha blend). Rebuilt when they, the zoom or the fighters' squares
        (`taken`) change, and then only the squares whose look changed are drawn again, each
        from its pre-rendered tile (`render.marks.square_look`); the highlights over the
        fighters are kept per square. Squares of one area are drawn as one (`marks.AREAS`), a
        target's figure beside it when a square there is free (`marks.tags_for`). The very
        `highlights` drawn ahead (`drawn_ahead`) at this zoom and `taken` are taken as drawn."""
        tile = self.camera.tile
        if self._overlay is not None and self._overlay_key == (version, tile, taken):
            return self._overlay
        ahead = self._ahead
        if ahead is not None and ahead[0] is highlights and ahead[1] == (tile, taken):
            plan, drawn = ahead[2], ahead[3]
            if drawn is not None:  # its picture is this overlay now (drawn over later): its plan is kept
                self._ahead = (highlights, (tile, taken), plan, None)
                if self._overlay is not None and self._overlay_key is not None and self._overlay_key[1] == tile \
                        and not self._spilled:
                    self._spare = (self._overlay, self._under_looks)
                return self._kept(plan, drawn, (version, tile, taken))
        else:
            plan = self._planned(highlights, taken)
        return self._composed(plan, (version, tile, taken))

    @without_gc  # (a potion teleport's thousands of looks: each pass walked the growing dicts again)
    def _composed(self, plan: OverlayPlan, key: tuple[int, int, frozenset[Square]]) -> pygame.Surface:
        """`overlay` of `plan`, drawn over the last overlay or its spare where they differ, or
        over a copy of the terrain."""
        tile = key[1]
        looks = plan.looks
        terrain = self.terrain()
        base, old = self._overlay, self._under_looks
        if self._overlay_key is None or self._overlay_key[1] != tile or self._spilled:
            base = None  # drawn at another zoom, or with an arrow past its squares: not drawn over
        spare = self._spare if self._spare is not None and self._spare[0].get_size() == terrain.get_size() else None
        if spare is not None and (base is None or abs(len(looks) - len(spare[1])) < abs(len(looks) - len(old))):
            # the overlay before is nearer these looks (a potion teleport's squares after a walk's:
            # ~3,600 on 64² drawn afresh took ~3 ms more than the few that differ from its last ones)
            self._spare = None if base is None else (base, old)
            base, old = spare
        fresh = base is None or bool(plan.spilling) or abs(len(looks) - len(old)) > REDRAWN_MOST
        changed: Iterable[Square] = looks
        if not fresh:
            changed = [sq for sq, look in looks.items() if old.get(sq) != look]
            gone = [sq for sq in old if sq not in looks]
            fresh = len(changed) + len(gone) > REDRAWN_MOST
        if fresh:  # a copy of the terrain: the one drawn ahead with it, if unused (`warm_terrain`)
            if base is not None:
                self._spare = (base, old)
            composed = self._canvas if self._canvas is not None and self._canvas.get_size() == terrain.get_size() \
                else terrain.copy()
            self._canvas = None
            changed = looks
        else:
            assert base is not None
            composed = base
            composed.blits([(terrain, (x * tile, y * tile), (x * tile, y * tile, tile, tile))
                            for x, y in (*changed, *gone)], doreturn=False)  # the bare squares back first
        _draw_looks(composed, plan, changed, tile)
        return self._kept(plan, composed, key)

    def _kept(self, plan: OverlayPlan, composed: pygame.Surface, key: tuple[int, int, frozenset[Square]]) -> pygame.Surface:
        """`composed`, drawn from `plan`, is the overlay for `key` (version, tile, taken) now."""
        self._spilled = bool(plan.spilling)
        self._under_looks = plan.looks
        self._under = plan.under
        self._joined = plan.joined
        self.tags = plan.tags
        self._top = {sq: square_look(hs, key[1]) for sq, hs in plan.top.items()}
        self._over_spills = plan.over_spills
        self._overlay, self._overlay_key = composed, key
        self._baked = None  # its water and lava show the still frame: drawn again at the next frame
        return composed

    def drawn_ahead(self, highlights: Sequence[Highlight], taken: frozenset[Square]) -> Iterator[None]:
        """`overlay` of `highlights` with the fighters on `taken`, drawn now for a later frame
        that asks for these very highlights at this zoom: its squares worked out, then drawn
        over a copy of the terrain, each part in a call of its own (a quiet frame each;
        `board_ahead`). What was drawn ahead before is let go."""
        self._ahead = None
        tile = self.camera.tile
        plan = self._planned(highlights, taken)
        yield
        if self.camera.tile != tile:  # zoomed meanwhile: the overlay is drawn when asked for
            return
        composed = self.terrain().copy()
        _draw_looks(composed, plan, plan.looks, tile)
        self._ahead = (highlights, (tile, taken), plan, composed)

    def drawn_for(self, highlights: Sequence[Highlight]) -> bool:
        """Whether these very `highlights` were drawn ahead at this zoom (`drawn_ahead`; their
        overlay may have been shown since)."""
        ahead = self._ahead
        return ahead is not None and ahead[0] is highlights and ahead[1][0] == self.camera.tile

    @without_gc
    def _planned(self, highlights: Sequence[Highlight], taken: frozenset[Square]) -> OverlayPlan:
        """What the overlay of `highlights` draws on each square (`overlay`)."""
        under: dict[Square, tuple[Highlight, ...]] = {}
        top: dict[Square, tuple[Highlight, ...]] = {}
        looks: dict[Square, object] = {}  # a square's look: what its drawing depends on
        spilling: list[Highlight] = []
        stacked: list[Square] = []
        areas: dict[str, set[Square]] = {}  # each `AREAS` kind's squares: an area of its own
        over_spills: list[Highlight] = []  # drawn past their square AND over the fighters: each frame
        for h in highlights:  # one pass: a potion teleport on a large map marks thousands of squares
            sq, kind, label, _, band, _, colour, _, ground = h
            if kind in _APART:  # (the usual kinds tested once: ~1 ms less for a teleport's squares)
                if kind not in SPILLS:
                    got = top.get(sq)
                    top[sq] = (h,) if got is None else (*got, h)
                else:
                    (over_spills if kind in OVER_KINDS else spilling).append(h)
            elif sq in under:
                under[sq] += (h,)
                stacked.append(sq)
            else:
                under[sq] = (h,)
                looks[sq] = (kind, label, band, colour, ground)
            if kind in AREAS:
                area = areas.get(kind)
                if area is None:
                    area = areas[kind] = set()
                area.add(sq)
        for sq in stacked:
            looks[sq] = look_key(under[sq])
        joined: dict[Square, int] = {}
        for area in areas.values():  # which sides each square shares with its area: framed on its outer edges only
            for sq, bits in joined_area(area).items():
                joined[sq] = bits
                looks[sq] = (looks[sq], bits)
        tags = self._place_tags(top, under, (*spilling, *over_spills), taken) if top else {}
        return OverlayPlan(under, top, looks, joined, spilling, over_spills, tags)

    def _place_tags(self, top: dict[Square, tuple[Highlight, ...]], under: dict[Square, tuple[Highlight, ...]],
                    arrows: Iterable[Highlight], taken: frozenset[Square]) -> dict[Square, Square]:
        """Each target's figure in `top` moved onto a tag beside it, where a square is free: on
        the board, with no fighter (`taken`), nothing over the fighters, no push arrow pointing
        there and nothing but `marks.QUIET` marks under them (`marks.tags_for`). Returns each
        target's square → its tag's square."""
        tips = {h.to for h in arrows if h.to is not None}
        board = self.board
        tags: dict[Square, Square] = {}

        def free(sq: Square) -> bool:
            return (board.inside(sq) and sq not in taken and sq not in top and sq not in tips
                    and all(h.kind in QUIET for h in under.get(sq, ())))

        for target, bare, tag in tags_for([h for hs in top.values() for h in hs], free):
            top[target.square] = tuple(bare if h is target else h for h in top[target.square])
            top[tag.square] = (tag,)
            tags[target.square] = tag.square
        return tags

    def pointed(self, sq: Square | None) -> Square | None:
        """The square a pointer on `sq` means: a target's, on the tag that shows its figure
        beside it (the tag's square is otherwise inert), else `sq` itself."""
        for target, tag in self.tags.items():
            if tag == sq:
                return target
        return sq

    def bake_animated(self, overlay: pygame.Surface, time_ms: int) -> None:
        """Draw the frame of water and lava showing at `time_ms` into the overlay, with their
        highlights over them, on the squares in view; only when a frame or the view changed
        (a frame shows for `frame_ms`, ~12 window frames), not a hundred blits every frame."""
        if not self._animated or self.book is None:  # only a sprite book animates terrain
            return
        cam = self.camera
        tile = cam.tile
        sized = self.book.resized(tile) if self.book.tile != tile else self.book
        self.book = sized
        key = self.animated_key(time_ms)
        if key is None or key == self._baked:
            return
        seen = key[2]
        x0, y0, x1, y1 = seen
        terrain = self.terrain()
        blits: list[tuple[pygame.Surface, tuple[int, int]] | tuple[pygame.Surface, tuple[int, int], pygame.Rect]] = []
        for sq, t, phase in self._animated:
            if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1:
                at = (sq[0] * tile, sq[1] * tile)
                # over the still board, as before: a sprite's soft edge must not build up frame on frame
                blits.append((terrain, at, pygame.Rect(at, (tile, tile))))
                blits.append((sized.terrain_at(t, time_ms, phase), at))
                if sq in self._under:  # keep the highlight over the moving water
                    blits.append((square_look(joined_stack(self._under[sq], self._joined.get(sq, 0)), tile), at))
        overlay.blits(blits, doreturn=False)
        self._baked = key

    def animated_key(self, time_ms: int) -> tuple[tuple[int, ...], int, tuple[int, int, int, int]] | None:
        """What the water and lava drawn at `time_ms` depend on: their frames' ticks, the zoom and
        the squares in view (None without animated terrain)."""
        if not self._animated or self.book is None:
            return None
        cam = self.camera
        tile = cam.tile
        view = pygame.Rect(cam.view)
        ox, oy = cam.origin
        seen = (max(0, int((view.left - ox) // tile)), max(0, int((view.top - oy) // tile)),
                int((view.right - ox) // tile), int((view.bottom - oy) // tile))  # squares in view, inclusive
        terrain = self.book.manifest.terrain  # the book at any zoom has the same frame times
        return (tuple(time_ms // terrain[t].frame_ms for t in self._animated_kinds), tile, seen)

    def animated_boxes(self) -> list[pygame.Rect]:
        """Where the water and lava are on screen (`bake_animated`): the box round them, if any."""
        if not self._animated:
            return []
        cam = self.camera
        xs = [sq[0] for sq, _, _ in self._animated]
        ys = [sq[1] for sq, _, _ in self._animated]
        return [cam.square_rect((min(xs), min(ys))).union(cam.square_rect((max(xs), max(ys))))]

    def covered(self) -> pygame.Rect:
        """The part of the viewport the board blit paints over with opaque pixels (one pixel in
        from each edge, so a rounded float origin never leaves a gap): the window need not
        clear it first."""
        cam = self.camera
        tile = cam.tile
        x, y = int(cam.origin[0]), int(cam.origin[1])
        left, top = self.strips_size() if self.outside else (0, 0)  # the numbers' strips are opaque too
        board = pygame.Rect(x - left + 1, y - top + 1, self.board.width * tile + left - 2, self.board.height * tile + top - 2)
        return board.clip(pygame.Rect(cam.view))

    def draw(self, screen: pygame.Surface, state: MatchState, highlights: Sequence[Highlight],
             version: int, hover: Square | None, time_ms: int, anim: AnimationQueue | None = None) -> None:
        """Draw the board in the camera's viewport; while `anim` plays, tokens follow its poses."""
        cam = self.camera
        clip = screen.get_clip()
        view = pygame.Rect(cam.view)
        screen.set_clip(view.clip(clip))  # within a part the window draws again (`board_draw.redraw_area`)
        origin = cam.origin
        overlay = self.overlay(highlights, version, frozenset(f.position for f in state.fighters.values() if f.alive))
        self.bake_animated(overlay, time_ms)
        screen.blit(overlay, origin)
        if self.outside:  # before the fighters: a token spilling past the board's edge goes over them
            above, beside = self.number_strips()
            screen.blit(above, (origin[0] - beside.get_width(), origin[1] - above.get_height()))
            screen.blit(beside, (origin[0] - beside.get_width(), origin[1]))
        tile = cam.tile
        if hover is not None:
            r = pygame.Rect(origin[0] + hover[0] * tile, origin[1] + hover[1] * tile, tile, tile)
            pygame.draw.rect(screen, palette.HOVER, r, 2)
        playing = anim is not None and anim.active
        if playing:
            assert anim is not None
            layer, to_screen = self.anim_layer(screen)
            room = self.caption_room(layer)
            anim.draw(layer, to_screen, tile, self.book, layer="ground")
        if anim is not None and anim.busy:
            self.draw_posed_fighters(screen, state, anim)
        else:
            self.draw_fighters(screen, state, time_ms)
        for h in self._over_spills:  # a push's arrow over the pushed token and the lava it points to,
            draw_highlight(screen, h, tile, (int(origin[0]), int(origin[1])))  # under the target's chance
        for sq, look in self._top.items():
            screen.blit(look, (origin[0] + sq[0] * tile, origin[1] + sq[1] * tile))
        if self._top and not (anim is not None and anim.busy):
            on_top = [f for f in state.fighters.values() if f.alive and f.position in self._top]
            draw_pv_bars_over(screen, [token_of(state, f) for f in on_top], self._top, tile,
                              (int(origin[0]), int(origin[1])))
            if self.book is not None:  # a target's outline and corner arms would cut the initials ("Br" read as "3r")
                for f in on_top:
                    at = (origin[0] + f.position[0] * tile + INITIALS_AT[0], origin[1] + f.position[1] * tile + INITIALS_AT[1])
                    screen.blit(initials(f.sheet.name, tile), at)
        for h in self._over_spills:  # the arrow's head over the target's frame, which crossed it, and its initials
            draw_arrow_head(screen, h, tile, (int(origin[0]), int(origin[1])))
        self.label_boxes = []
        if playing:
            assert anim is not None
            dx, dy = layer.get_abs_offset()

            def noted(boxes: list[pygame.Rect]) -> None:
                self.label_boxes = [box.move(dx, dy) for box in boxes]

            anim.draw(layer, to_screen, tile, self.book, layer="over", room=room, under_labels=noted)
        screen.set_clip(clip)

    def anim_layer(self, screen: pygame.Surface) -> tuple[pygame.Surface, Callable[[float, float], tuple[float, float]]]:
        """The viewport as a surface of its own and its board → pixel map; its clip is the board's
        part of the viewport, so captions, dice and banners stay on the board (and centre on it)."""
        view = pygame.Rect(self.camera.view).clip(screen.get_rect())
        ox, oy = self.camera.origin
        tile = self.camera.tile

        def to_screen(x: float, y: float) -> tuple[float, float]:
            return (ox - view.x + x * tile, oy - view.y + y * tile)

        layer = screen.subsurface(view)
        board = pygame.Rect(int(ox) - view.x, int(oy) - view.y, self.board.width * tile, self.board.height * tile)
        stage = board.clip(layer.get_rect())
        if stage.w >= 4 * tile and stage.h >= 3 * tile:  # a board zoomed far out: keep the whole viewport
            layer.set_clip(stage)
        return layer, to_screen

    def caption_room(self, layer: pygame.Surface) -> pygame.Rect:
        """Where the animation's captions (labels, dice, banners) go on `layer` (`anim_layer`):
        its clip less the strips of column and row numbers along the board's edges (or outside
        them: `numbers_outside`), so no caption covers half of them (a roll's line lay over the
        column numbers)."""
        stage = layer.get_clip()
        tile = self.camera.tile
        dx, dy = layer.get_abs_offset()
        ox, oy = int(self.camera.origin[0]) - dx, int(self.camera.origin[1]) - dy
        left, top = (0, 0) if self.outside else self.strips_size()
        x, y = max(stage.left, ox + left), max(stage.top, oy + top)
        room = pygame.Rect(x, y, stage.right - x, stage.bottom - y)
        if room.w < 3 * tile or room.h < 2 * tile:  # a board zoomed far out: the whole of it
            return stage
        return room

    def draw_posed_fighters(self, screen: pygame.Surface, state: MatchState, anim: AnimationQueue) -> None:
        """Tokens where the animation has them (a fighter dying on screen is still drawn)."""
        ox, oy = self.camera.origin
        tile = self.camera.tile

        def to_screen(x: float, y: float) -> tuple[float, float]:
            return (ox + x * tile, oy + y * tile)

        for f in state.fighters.values():
            pose = pose_to_draw(anim, f)
            if pose is None:
                continue
            tok = replace(token_of(state, f), status="ok", active=False)  # the pose tilts and fades it
            draw_token(screen, pose, tok, to_screen, tile, self.book)

    def draw_fighters(self, screen: pygame.Surface, state: MatchState, time_ms: int) -> None:
        """Tokens on their squares, the active one ringed, with PV bars."""
        cam = self.camera
        draw_fighters(screen, fighter_tokens(state), cam.tile, self.book, (int(cam.origin[0]), int(cam.origin[1])), time_ms)


SCALE = -1  # a legend item's band: the five chance bands side by side, each with its threshold
SCALE_MARKS = ("90", "60", "30", "10", "<10")  # the bands' lower bounds (render.marks, ui.modes.chance_band)

# mode name → (title key, [(highlight kind, band, label key, label fields)]): the key shown beside
# the status line while that mode draws these kinds (only the kinds on the board are listed);
# every kind a mode draws has an item (tests/test_ui_layout.py checks it on every gallery scene)
LEGENDS: dict[str, tuple[str, list[tuple[HighlightKind, int, str, dict[str, int]]]]] = {
    "walk": ("legend_walk", [("move", 0, "legend_step", {}), ("blocked", 0, "legend_refused", {})]),
    "attack": ("legend_attack", [("inrange", 0, "legend_in_range", {}), ("far", 0, "legend_far", {}),
                                 ("nolos", 0, "legend_nolos", {}), ("target", SCALE, "legend_hit_scale", {})]),
    "run": ("legend_run", [("chance", SCALE, "legend_reach_scale", {}), ("tackle", 0, "legend_tackle", {}),
                           ("declared", 0, "legend_declared", {}), ("option", 0, "legend_option", {})]),
    "run_go": ("legend_run_go", [("move", 0, "legend_next", {}), ("reach", 0, "legend_reach", {}),
                                 ("path", 0, "legend_path", {}), ("tackle", 0, "legend_tackle", {}),
                                 ("target", SCALE, "legend_run_attack_scale", {})]),
    "swim": ("legend_swim", [("chance", SCALE, "legend_reach_scale", {}), ("declared", 0, "legend_swum", {}),
                             ("move", 0, "legend_reachable", {}), ("path", 0, "legend_path", {}),
                             ("blocked", 0, "legend_refused", {})]),
    "jump": ("legend_jump", [("target", SCALE, "legend_jump_scale", {}), ("landing", 0, "legend_landing", {}),
                             ("blocked", 0, "legend_refused", {})]),
    "teleport": ("legend_teleport", [("move", 0, "legend_reachable", {}), ("blocked", 0, "legend_refused", {})]),
    "push": ("legend_push", [("target", SCALE, "legend_push_scale", {}), ("arrow", 0, "legend_arrow", {}),
                             ("landing", 0, "legend_landing", {}), ("hazard", 0, "legend_deadly", {})]),
    "circle": ("legend_circle", [("target", SCALE, "legend_hit_scale", {}), ("order", 0, "legend_order", {})]),
    # the share of the fighter picked (−1 / +1 change it) in band 0's colours, the others' in band 2's
    "circle_split": ("legend_split", [("target", 2, "legend_split_share", {}), ("target", 0, "legend_split_picked", {}),
                                      ("order", 0, "legend_split_order", {})]),
}
for _title, _items in LEGENDS.values():  # a lesson marks its goal square whatever the mode
    _items.append(("goal", 0, "legend_goal", {}))
LEGEND_FLOOR = palette.TERRAIN[Terrain.FLOOR]  # the swatches are tints over the floor, as on the board


LEGEND_MIN_FONT = 11  # px: the smallest the key's words and marks are drawn, narrowed to fit
LEGEND_READABLE = 12
"""px at 1280×720, grown with the window (`ui_scale`): the window's small text (the log's, theme
"#log"), the smallest the key is drawn while two rows of it fit its row (`legend_sized`)."""
LEGEND_SHORT: dict[str, str] = {"legend_reach": "legend_reach_short", "legend_split_share": "legend_split_share_short",
                               "legend_split_order": "legend_split_order_short"}
"""Shorter words for a key's item (its parenthetical left out: the figures on the squares speak
for themselves), taken when the key is too wide for its row at its normal size, before its font
is made smaller (a lesson's run key beside the stop button went down to 11 px on two rows)."""


@lru_cache(maxsize=16)
def legend_size(height: int) -> int:
    """The legend's font size for a key row `height` pixels high."""
    return max(LEGEND_MIN_FONT, min(20, round(height * 0.5)))


def legend(mode: str, lang: str, height: int, width: int = 10_000,
           kinds: Iterable[HighlightKind] | None = None, light: bool = False,
           least: int = LEGEND_MIN_FONT, tall: int = 0) -> pygame.Surface | None:
    """A key to the highlights of `mode` (None when it has none), as `legend_sized` draws it.
    Kept (not folded into it) as the drawing-only form the tests ask for, most not wanting the size."""
    return legend_sized(mode, lang, height, width, kinds, light, least, tall)[0]


def legend_sized(mode: str, lang: str, height: int, width: int = 10_000,
                 kinds: Iterable[HighlightKind] | None = None, light: bool = False,
                 least: int = LEGEND_MIN_FONT, tall: int = 0) -> tuple[pygame.Surface | None, int]:
    """A one-row key to the highlights of `mode` (None when it has none) and its font size: each
    swatch is the very drawing used on the board, so colour AND pattern match; text from the
    catalog. Only the items of `kinds` (the kinds on the board now; all when None); `light`: the
    board draws its legal area lighter (`render.marks.lightened`), and so does the swatch.
    Narrower than `width` when it can be: its items' shorter words first (`LEGEND_SHORT`), then
    a smaller font down to `least` (the window's small text), then on two rows of `least` in a
    box `tall` px high (the key's whole row; 0: none), then smaller still, down to
    `LEGEND_MIN_FONT`, then on two rows of it. A run's key left of "Stop the Course" took 13 px
    at 1920×1080 and two rows of 11 px at 1280×720 (s52)."""
    shown = None if kinds is None else frozenset(kinds)
    size = legend_size(height)
    box = _legend(mode, lang, height, size, shown, light, False)
    if box is None or box.get_width() <= width:
        return box, size
    short = _has_short_words(mode, shown)
    if short:
        box = _legend(mode, lang, height, size, shown, light, short)
        if box is not None and box.get_width() <= width:
            return box, size
    if size <= LEGEND_MIN_FONT:
        return box, size
    floor = min(size, max(least, LEGEND_MIN_FONT))
    # Each floor: the largest font from it up that fits one row, else two rows of it (in the key's
    # whole row `tall` for the window's small text; in `height` for the smallest).
    floors = ((floor, tall if tall > height else 0), (LEGEND_MIN_FONT, height)) if floor > LEGEND_MIN_FONT \
        else ((LEGEND_MIN_FONT, height),)
    hi = size - 1
    for lo, rows_h in floors:
        if lo <= hi:
            got, narrowed = _narrowed(mode, lang, height, lo, hi, width, shown, light, short)
            if narrowed is not None and narrowed.get_width() <= width:
                return narrowed, got
        two = _legend_two_rows(mode, lang, rows_h, width, shown, light, short, lo) if rows_h else None
        if two is not None:
            return two, lo
        hi = lo - 1
    return _legend(mode, lang, height, LEGEND_MIN_FONT, shown, light, short), LEGEND_MIN_FONT


def _narrowed(mode: str, lang: str, height: int, lo: int, hi: int, width: int,
              kinds: frozenset[HighlightKind] | None, light: bool, short: bool) -> tuple[int, pygame.Surface | None]:
    """The largest font size from `lo` to `hi` whose one-row key fits `width` (`lo` when none
    does) and that key. By halving: three or four keys drawn where stepping down a size at a
    time drew up to ten, each with its fonts loaded (40-80 ms in the frame that first showed a
    mode's key narrowed)."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        probe = _legend(mode, lang, height, mid, kinds, light, short)
        if probe is not None and probe.get_width() <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo, _legend(mode, lang, height, lo, kinds, light, short)


def _has_short_words(mode: str, kinds: frozenset[HighlightKind] | None) -> bool:
    """Whether an item of `mode`'s key shown for `kinds` has shorter words (`LEGEND_SHORT`)."""
    return any(key in LEGEND_SHORT for kind, _band, key, _fields in LEGENDS.get(mode, ("", []))[1]
               if kinds is None or kind in kinds)


@lru_cache(maxsize=1)
def _key_letters() -> str:
    """Every letter the keys' words use, in both languages (their glyphs loaded with a font)."""
    from arena_game.ui.strings import text

    words = list(SCALE_MARKS)
    for title, items in LEGENDS.values():
        for lang in ("fr", "en"):
            words.append(text(title, lang))
            words += [text(key, lang, **fields) for _kind, _band, key, fields in items]
    words += [text(key, lang) for key in LEGEND_SHORT.values() for lang in ("fr", "en")]
    return "".join(sorted(set(drawable("".join(words)))))


def legend_font_sizes(height: int) -> list[int]:
    """Every font size a key `height` pixels high may take, the largest (its first) last."""
    return list(range(LEGEND_MIN_FONT, legend_size(height) + 1))


def warm_legend_font(size: int) -> None:
    """Load a key's fonts at `size` and the glyphs of its words (a font size's first use costs
    1-2 ms, and a narrowed key tries several sizes in one frame: 40-80 ms the first time)."""
    for bold in (False, True):
        font(size, bold=bold).size(_key_letters())


def legend_kinds(mode: str) -> frozenset[HighlightKind]:
    """The highlight kinds the legend of `mode` explains."""
    return frozenset(kind for kind, *_ in LEGENDS.get(mode, ("", []))[1])


SWATCH_FIGURES: dict[HighlightKind, str] = {"reach": "2"}
"""The sample figure a swatch shows where the board's squares of that kind show one (a square
still in reach shows the steps to get there, large in its middle: the key shows a figure too)."""


def _swatch(kind: HighlightKind, band: int, sw: int) -> pygame.Surface:
    """One legend swatch: the board's drawing of `kind` on a floor square of `sw` pixels, with
    its sample figure (`SWATCH_FIGURES`)."""
    tint = pygame.Surface((sw, sw), pygame.SRCALPHA)
    if kind == "arrow":  # an arrow reaches the next square: drawn from the swatch's left edge
        draw_highlight(tint, Highlight((0, 0), kind, to=(1, 0)), sw, origin=(-sw // 2, 0))
    else:
        draw_highlight(tint, Highlight((0, 0), kind, SWATCH_FIGURES.get(kind, ""), band=band), sw)
    swatch = pygame.Surface((sw, sw))
    swatch.fill(LEGEND_FLOOR)
    swatch.blit(tint, (0, 0))  # blended over the floor, as on the board
    return swatch


def _scale(sw: int, size: int) -> pygame.Surface:
    """The five chance bands side by side, each filled as a run's squares are and marked with its
    lower bound (targets outline and label in the same colours). One swatch a band serves a
    swim too: over water a band is tinted to its colour over sand (`marks.chance_fill`; the key
    had a water half for each band while the tints turned other colours there, s47–s56)."""
    f = font(max(LEGEND_MIN_FONT, size - 2), bold=True)
    cell = max(sw, max(f.size(m)[0] for m in SCALE_MARKS) + 6)
    out = pygame.Surface((cell * len(SCALE_MARKS), sw))
    for band, mark in enumerate(SCALE_MARKS):
        r = pygame.Rect(band * cell, 0, cell, sw)
        out.fill(LEGEND_FLOOR, r)
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        layer.fill((*palette.CHANCE_BANDS[band], palette.CHANCE_ALPHA))
        out.blit(layer, r)
        if band == 0:  # the sure band's white edge, as `marks.sure_edge` draws it on the board
            pygame.draw.rect(out, palette.SURE_EDGE, r.inflate(-2, -2), max(1, sw // 24))
        pygame.draw.rect(out, palette.LEGEND_BOX, r, 1)
        outlined(out, mark, r.center, max(LEGEND_MIN_FONT, size - 2))
    return out


def _legend_parts(mode: str, lang: str, sw: int, size: int, kinds: frozenset[HighlightKind] | None,
                  light: bool = False, short: bool = False) -> list[pygame.Surface]:
    """The key's title and its items (swatch and words), each `sw` pixels high; [] without items;
    `short`: the items' shorter words where they have them (`LEGEND_SHORT`)."""
    from arena_game.ui.strings import text

    if mode not in LEGENDS:
        return []
    title, items = LEGENDS[mode]
    items = [item for item in items if kinds is None or item[0] in kinds]
    if not items:
        return []
    f = font(size)
    parts: list[pygame.Surface] = [font(size, bold=True).render(drawable(text(title, lang)), True, palette.LEGEND_TITLE)]
    for kind, band, key, fields in items:
        if light and kind == "move":  # the board's lighter veil over a legal area of most of the ground
            band = 1
        swatch = _scale(sw, size) if band == SCALE else _swatch(kind, band, sw)
        words = text(LEGEND_SHORT.get(key, key) if short else key, lang, **fields)
        label = f.render(drawable(words), True, palette.LEGEND_TEXT)
        item = pygame.Surface((swatch.get_width() + 4 + label.get_width(), max(sw, label.get_height())), pygame.SRCALPHA)
        item.blit(swatch, swatch.get_rect(midleft=(0, item.get_height() // 2)))
        item.blit(label, label.get_rect(midleft=(swatch.get_width() + 4, item.get_height() // 2)))
        parts.append(item)
    return parts


def _two_rows(parts: list[pygame.Surface], width: int) -> list[list[pygame.Surface]] | None:
    """`parts` in order on rows at most `width` wide (with the key's margins); None past two rows."""
    rows: list[list[pygame.Surface]] = [[]]
    x = 12
    for part in parts:
        if rows[-1] and x + part.get_width() > width:
            rows.append([])
            x = 12
        rows[-1].append(part)
        x += part.get_width() + 10
    return rows if len(rows) <= 2 and all(12 + sum(p.get_width() + 10 for p in row) - 10 <= width for row in rows) else None


def _legend_two_rows(mode: str, lang: str, height: int, width: int,
                     kinds: frozenset[HighlightKind] | None, light: bool = False,
                     short: bool = False, size: int = LEGEND_MIN_FONT) -> pygame.Surface | None:
    """The key on two rows of a `size` font (the smallest by default), its items in order, each
    row at most `width` wide (a window too narrow for one row even at 11 px); None when two rows
    cannot hold it. Kept per argument values, however they are passed (one drawing a size)."""
    return _two_rows_kept(mode, lang, height, width, kinds, light, short, size)


@lru_cache(maxsize=32)
def _two_rows_kept(mode: str, lang: str, height: int, width: int, kinds: frozenset[HighlightKind] | None,
                   light: bool, short: bool, size: int) -> pygame.Surface | None:
    row_h = height // 2
    if row_h < font(size).get_height() - 2:  # (an 11 px line's box is 15 px, its letters 12: rows may share their edges)
        return None
    parts = _legend_parts(mode, lang, max(8, row_h - 3), size, kinds, light, short)
    if not parts:
        return None
    rows = _two_rows(parts, width) or _two_rows(parts[1:], width)  # else without its title (the mode's button says it)
    if rows is None:
        return None
    box = pygame.Surface((max(sum(p.get_width() for p in row) + 10 * (len(row) - 1) + 12 for row in rows), height),
                         pygame.SRCALPHA)
    pygame.draw.rect(box, palette.LEGEND_BOX, box.get_rect(), border_radius=4)
    pygame.draw.rect(box, palette.LEGEND_EDGE, box.get_rect(), 1, border_radius=4)
    for k, row in enumerate(rows):
        x = 6
        for part in row:
            box.blit(part, part.get_rect(midleft=(x, k * row_h + row_h // 2 + (height % 2) * k)))
            x += part.get_width() + 10
    return box


@lru_cache(maxsize=64)
def _legend(mode: str, lang: str, height: int, size: int, kinds: frozenset[HighlightKind] | None,
            light: bool = False, short: bool = False) -> pygame.Surface | None:
    sw = height - 6
    parts = _legend_parts(mode, lang, sw, size, kinds, light, short)
    if not parts:
        return None
    width = sum(p.get_width() for p in parts) + 10 * (len(parts) - 1) + 12
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(box, palette.LEGEND_BOX, box.get_rect(), border_radius=4)
    pygame.draw.rect(box, palette.LEGEND_EDGE, box.get_rect(), 1, border_radius=4)
    x = 6
    for part in parts:
        box.blit(part, part.get_rect(midleft=(x, height // 2)))
        x += part.get_width() + 10
    return box
