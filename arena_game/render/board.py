"""The board renderer: one drawing of a board, its highlights and its fighters, for every caller
(the window, `arena-game render`, animation strips and GIFs, heatmaps, the start screen, the demo).

    picture(board, tile, book=None, highlights=(), fighters=(), time_ms=0, heights=False) -> Surface
        The whole picture in one call: terrain, highlights under the fighters, fighters,
        highlights over them (python-chess's `chess.svg.board(board, fill=…, arrows=…)`).

The layers, for callers that cache them (the window redraws only what changed):

    draw_board(surface, board, book, tile, origin=(0, 0), time_ms=0, *, heights=False, grid=True)
        Terrain: the sprites (`time_ms` picks the frame of water, lava and acid), or plain
        palette colours when `book` is None. `heights` writes obstacle heights (cm).
    marks.draw_highlights(surface, marks.arranged(highlights, taken, board.inside), tile, origin,
                          over_tokens=False)   (render.marks: areas joined, targets' tags placed)
    tokens.draw_fighters(surface, fighter_tokens(state), tile, book, origin, time_ms)   (render.tokens)
    text.draw_label(surface, square, text, tile, origin, colour)   short text on a square

Highlights are `render.highlight.Highlight` values built from core queries: the drawing never
decides what is legal. Square (x, y) is drawn at origin + (x·tile, y·tile).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, arranged, draw_highlights
from arena_game.render.text import draw_label
from arena_game.render.tokens import FighterToken, draw_fighters, draw_pv_bars_over

if TYPE_CHECKING:
    from PIL import Image

    from arena_game.render.sprites import SpriteBook

Point = tuple[int, int]


def square_rect(sq: Square, tile: int, origin: Point = (0, 0)) -> pygame.Rect:
    """The pixel rectangle of a square."""
    return pygame.Rect(origin[0] + sq[0] * tile, origin[1] + sq[1] * tile, tile, tile)


def square_at(pixel: Point, tile: int, origin: Point, board: Board) -> Square | None:
    """The square under a pixel, or None off the board."""
    x, y = (pixel[0] - origin[0]) // tile, (pixel[1] - origin[1]) // tile
    return (x, y) if board.inside((x, y)) and pixel[0] >= origin[0] and pixel[1] >= origin[1] else None


def terrain_phase(sq: Square, t: Terrain) -> int:
    """How many frames a square's animation is ahead of its neighbours': a pool ripples instead of
    blinking; water only by row, so its wave lines stay joined from square to square."""
    return sq[1] if t is Terrain.WATER else sq[0] + 2 * sq[1]


def draw_board(surface: pygame.Surface, board: Board, book: SpriteBook | None, tile: int,
               origin: Point = (0, 0), time_ms: int = 0, *, heights: bool = False, grid: bool = True) -> None:
    """Every square's terrain (sprites, or palette colours without a sprite book), a faint grid."""
    if book is None:
        draw_plain_terrain(surface, board, tile, origin)
    else:
        sized = book if book.tile == tile else book.resized(tile)
        for sq in board.squares():
            t = board.terrain(sq)
            surface.blit(sized.terrain_at(t, time_ms, terrain_phase(sq, t)), square_rect(sq, tile, origin))
        if grid:
            draw_grid(surface, board.width, board.height, tile, origin)
    if heights:
        for sq, cm in board.heights.items():
            draw_label(surface, sq, str(cm), tile, origin, size=max(11, tile // 4), corner=True)


def draw_grid(surface: pygame.Surface, width: int, height: int, tile: int, origin: Point = (0, 0)) -> None:
    """The faint lines between squares, each pixel blended once: one row of squares' lines
    stamped down the board, then the bottom edge (a board-sized see-through layer cost 3–4 ms
    at 64 px squares, most of a new match's terrain)."""
    ox, oy = origin
    right = width * tile
    row = pygame.Surface((right + 1, tile), pygame.SRCALPHA)
    pygame.draw.line(row, palette.SPRITE_GRID, (0, 0), (right, 0))
    for x in range(width + 1):
        pygame.draw.line(row, palette.SPRITE_GRID, (x * tile, 0), (x * tile, tile - 1))
    surface.blits([(row, (ox, oy + y * tile)) for y in range(height)], doreturn=False)
    edge = pygame.Surface((right + 1, 1), pygame.SRCALPHA)
    edge.fill(palette.SPRITE_GRID)
    surface.blit(edge, (ox, oy + height * tile))


def draw_plain_terrain(surface: pygame.Surface, board: Board, tile: int, origin: Point = (0, 0)) -> None:
    """Terrain without sprites: palette colours with a simple mark per terrain."""
    P = palette
    for sq in board.squares():
        t = board.terrain(sq)
        r = square_rect(sq, tile, origin)
        surface.fill(P.TERRAIN[t], r)
        thin, mid = max(1, tile // 16), max(1, tile // 14)
        if t is Terrain.PILLAR:
            pygame.draw.circle(surface, P.PILLAR_STONE, r.center, int(tile * 0.42))
            pygame.draw.circle(surface, P.PILLAR_EDGE, r.center, int(tile * 0.42), mid)
        elif t is Terrain.OBSTACLE:
            box = r.inflate(-tile // 4, -tile // 4)
            pygame.draw.rect(surface, P.CRATE, box)
            pygame.draw.rect(surface, P.CRATE_EDGE, box, mid)
            pygame.draw.line(surface, P.CRATE_EDGE, box.topleft, box.bottomright, thin)
            pygame.draw.line(surface, P.CRATE_EDGE, box.topright, box.bottomleft, thin)
        elif t is Terrain.WALL:
            pygame.draw.rect(surface, P.WALL_MORTAR, r, thin)
            pygame.draw.line(surface, P.WALL_MORTAR, (r.left, r.centery), (r.right, r.centery), 1)
        elif t is Terrain.WATER:
            for k in (0.35, 0.7):
                yy = r.top + int(tile * k)
                for left in (r.left + tile // 8, r.left + tile // 2):
                    pygame.draw.arc(surface, P.WATER_WAVE, (left, yy - tile // 8, tile * 3 // 8, tile // 4), 0, 3.14, 1)
        elif t in (Terrain.LAVA, Terrain.ACID):
            glow = P.LAVA_GLOW if t is Terrain.LAVA else P.ACID_GLOW
            for cx, cy in ((0.3, 0.3), (0.7, 0.55), (0.4, 0.75)):
                pygame.draw.circle(surface, glow, (r.left + int(tile * cx), r.top + int(tile * cy)), max(1, tile // 10))
        elif t is Terrain.HOLE:
            pygame.draw.rect(surface, P.HOLE_RIM, r.inflate(-2, -2), max(1, tile // 12))
        if t in (Terrain.FLOOR, Terrain.PILLAR, Terrain.OBSTACLE):
            pygame.draw.rect(surface, P.FLOOR_GRID, r, 1)


def picture(board: Board, tile: int, book: SpriteBook | None = None, highlights: Iterable[Highlight] = (),
            fighters: Iterable[FighterToken] = (), time_ms: int = 0, *, heights: bool = False) -> pygame.Surface:
    """The board, its highlights and its fighters as one opaque surface (width·tile × height·tile):
    legal areas drawn whole, targets' figures beside them (`marks.arranged`)."""
    tokens = list(fighters)
    marks = arranged(highlights, {tok.square for tok in tokens}, board.inside)
    surface = pygame.Surface((board.width * tile, board.height * tile), pygame.SRCALPHA)
    draw_board(surface, board, book, tile, time_ms=time_ms, heights=heights)
    draw_highlights(surface, marks, tile)
    draw_fighters(surface, tokens, tile, book, time_ms=time_ms)
    draw_highlights(surface, marks, tile, over_tokens=True)
    draw_pv_bars_over(surface, tokens, {h.square for h in marks if LOOKS[h.kind].over_tokens}, tile)
    return surface


def to_image(surface: pygame.Surface) -> Image.Image:
    """A surface as a Pillow RGBA image (for PNGs and GIFs)."""
    from PIL import Image

    return Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA"))


def map_highlights(board: Board, *, spawns: bool = False, hazards: bool = False,
                   walk_first: dict[Square, str] | None = None, colours: dict[str, str] | None = None) -> list[Highlight]:
    """A map's own highlights (no match needed): spawn rings numbered by team slot, dead squares
    (R2.5), and `walk_first` (square → the team slot that walks there first, or "tie", from
    `design.mapcheck.walk_first`) in stripes per team. `colours`: team slot → colour
    (palette.TEAM_SLOTS in slot order by default)."""
    slots = sorted(board.spawns)
    colour = colours or {t: palette.TEAM_SLOTS[i % len(palette.TEAM_SLOTS)] for i, t in enumerate(slots)}
    band = {t: i for i, t in enumerate(slots)}
    out: list[Highlight] = []
    for sq, who in (walk_first or {}).items():
        if who in band:
            out.append(Highlight(sq, "walk_first", band=band[who], colour=colour[who]))
        else:
            out.append(Highlight(sq, "walk_tie"))
    if hazards:
        out += [Highlight(sq, "hazard") for sq in board.squares() if board.terrain(sq).dead]
    if spawns:
        out += [Highlight(sq, "spawn", label=t, colour=colour[t]) for t in slots for sq in board.spawns[t]]
    return out
