"""Draw a Board, highlight overlays and fighter tokens onto a pygame Surface.

Stable interface (the window and `arena-game render` call these):

    draw_board(surface, board, book, tile, origin=(0, 0), time_ms=0, *, heights=False)
        Terrain sprites, square (x, y) at origin + (x*tile, y*tile). `time_ms` picks the
        animation frame of water, lava and acid. `heights=True` writes obstacle heights (cm).
    draw_overlay(surface, squares, style, tile, origin=(0, 0), colour=None)
        Highlights `squares` in one of STYLES. Each style has its own PATTERN (dot, ring,
        hatching, brackets, stripes…) so highlights stay readable without colour;
        `colour` overrides the style's default colour (e.g. a team colour).
    draw_fighters(surface, tokens, book, tile, origin=(0, 0))
        FighterToken list → tokens (team colour + weapon glyph), fallen ones tipped over,
        sleeping ones marked "z", the active one ringed.
    draw_label(surface, square, text, tile, origin=(0, 0), colour=(255, 255, 255))
        Short text centred on a square (spawn numbers, heights).
    fighter_tokens(state) -> list[FighterToken]      from a MatchState
    square_rect(square, tile, origin) -> Rect;  square_at(pixel, tile, origin, board) -> Square | None

The drawing never decides what is legal: callers pass squares from `arena_game.core.queries`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.sheets import WeaponFamily
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain
from arena_game.render.glyphs import drawable
from arena_game.render.sprites import ColourLike, SpriteBook, to_colour

Point = tuple[int, int]

# style → (default colour, pattern). Patterns differ so no highlight relies on colour alone.
STYLES: dict[str, tuple[str, str]] = {
    "move": ("#ffffff", "dot"),  # walk targets
    "run": ("#ffd23f", "dashed"),  # run reach
    "swim": ("#8fe3ff", "ring"),  # swim reach
    "jump": ("#d6b4ff", "diamond"),  # jump landings
    "attack": ("#ff3b3b", "hatch"),  # attack targets
    "push": ("#ff9f1c", "brackets"),  # push targets / landings
    "teleport": ("#c38bff", "diamond_ring"),  # teleport destinations
    "target": ("#ff3b3b", "reticle"),  # chosen target
    "selected": ("#ffffff", "double"),  # the selected square / fighter
    "path": ("#ffd23f", "plus"),  # a declared path
    "hazard": ("#ff3030", "crosshatch"),  # dead squares (R2.5)
    "spawn": ("#ffffff", "ring"),  # team spawns (colour: the team's)
    "reach_a": ("#e74c3c", "stripes_h"),  # squares team A reaches first by walking
    "reach_b": ("#3498db", "stripes_v"),  # squares team B reaches first
    "reach_tie": ("#f1c40f", "grid"),  # both at the same distance
}
_SHADOW = (10, 10, 14)
_pattern_cache: dict[tuple[str, tuple[int, int, int, int], int], pygame.Surface] = {}


def square_rect(sq: Square, tile: int, origin: Point = (0, 0)) -> pygame.Rect:
    """The pixel rectangle of a square."""
    return pygame.Rect(origin[0] + sq[0] * tile, origin[1] + sq[1] * tile, tile, tile)


def square_at(pixel: Point, tile: int, origin: Point, board: Board) -> Square | None:
    """The square under a pixel, or None off the board."""
    x, y = (pixel[0] - origin[0]) // tile, (pixel[1] - origin[1]) // tile
    return (x, y) if board.inside((x, y)) and pixel[0] >= origin[0] and pixel[1] >= origin[1] else None


def draw_board(surface: pygame.Surface, board: Board, book: SpriteBook, tile: int,
               origin: Point = (0, 0), time_ms: int = 0, *, heights: bool = False) -> None:
    """Draw every square's terrain sprite; animated terrain follows `time_ms`."""
    sized = book if book.tile == tile else book.resized(tile)
    for sq in board.squares():
        t = board.terrain(sq)
        # squares a frame apart so a pool ripples instead of blinking; water only by row so
        # its wave lines stay joined from square to square
        phase = sq[1] if t is Terrain.WATER else sq[0] + 2 * sq[1]
        surface.blit(sized.terrain_at(t, time_ms, phase), square_rect(sq, tile, origin))
    if heights:
        for sq, cm in board.heights.items():
            draw_label(surface, sq, str(cm), tile, origin, size=max(10, tile // 4), corner=True)


def _pattern(pattern: str, colour: pygame.Color, tile: int) -> pygame.Surface:
    key = (pattern, (colour.r, colour.g, colour.b, colour.a), tile)
    cached = _pattern_cache.get(key)
    if cached is not None:
        return cached
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    c = (colour.r, colour.g, colour.b, 255)
    soft = (colour.r, colour.g, colour.b, 160)
    w = max(2, tile // 16)
    half = tile // 2
    step = max(6, tile // 5)

    def lines(points: list[tuple[Point, Point]], col: tuple[int, int, int, int], width: int) -> None:
        for a, b in points:  # a dark under-stroke keeps light patterns visible on pale floor
            pygame.draw.line(s, (*_SHADOW, 170), a, b, width + 2)
        for a, b in points:
            pygame.draw.line(s, col, a, b, width)

    if pattern == "dot":
        pygame.draw.circle(s, (*_SHADOW, 200), (half, half), tile // 6 + 2)
        pygame.draw.circle(s, c, (half, half), tile // 6)
        pygame.draw.rect(s, soft, s.get_rect().inflate(-2, -2), 1)
    elif pattern == "ring":
        pygame.draw.circle(s, (*_SHADOW, 200), (half, half), tile * 3 // 8 + 1, w + 2)
        pygame.draw.circle(s, c, (half, half), tile * 3 // 8, w)
    elif pattern in ("diamond", "diamond_ring"):
        r = tile // 4
        pts = [(half, half - r), (half + r, half), (half, half + r), (half - r, half)]
        pygame.draw.polygon(s, (*_SHADOW, 200), pts, w + 2)
        pygame.draw.polygon(s, c, pts, w)
        if pattern == "diamond_ring":
            pygame.draw.circle(s, c, (half, half), tile * 3 // 8, max(1, w // 2))
    elif pattern in ("hatch", "crosshatch"):
        segs: list[tuple[Point, Point]] = [((i, 0), (i - tile, tile)) for i in range(0, 2 * tile, step)]
        if pattern == "crosshatch":
            segs += [((i - tile, 0), (i, tile)) for i in range(0, 2 * tile, step)]
        lines(segs, soft, max(1, w // 2))
        pygame.draw.rect(s, c, s.get_rect(), w)
    elif pattern == "plus":
        k = tile // 5
        lines([((half - k, half), (half + k, half)), ((half, half - k), (half, half + k))], c, w + 1)
    elif pattern in ("brackets", "reticle"):
        if pattern == "reticle":
            k = tile // 6
            lines([((half - k, half), (half + k, half)), ((half, half - k), (half, half + k))], c, max(1, w // 2))
            pygame.draw.circle(s, c, (half, half), tile // 4, max(1, w // 2))
        k = tile // 3
        e = tile - 1 - w // 2
        o = w // 2
        segs = []
        for (x, y), (dx, dy) in (((o, o), (1, 1)), ((e, o), (-1, 1)), ((o, e), (1, -1)), ((e, e), (-1, -1))):
            segs += [((x, y), (x + dx * k, y)), ((x, y), (x, y + dy * k))]
        lines(segs, c, w + 1)
    elif pattern == "double":
        pygame.draw.rect(s, (*_SHADOW, 230), s.get_rect(), w + 2)
        pygame.draw.rect(s, c, s.get_rect().inflate(-2, -2), w)
        pygame.draw.rect(s, c, s.get_rect().inflate(-4 * w, -4 * w), max(1, w // 2))
    elif pattern == "dashed":
        dash = max(4, tile // 8)
        segs = []
        for i in range(0, tile, dash * 2):
            j = min(tile - 1, i + dash)
            segs += [((i, w // 2), (j, w // 2)), ((i, tile - 1 - w // 2), (j, tile - 1 - w // 2)),
                    ((w // 2, i), (w // 2, j)), ((tile - 1 - w // 2, i), (tile - 1 - w // 2, j))]
        lines(segs, c, w)
        pygame.draw.circle(s, soft, (half, half), max(2, tile // 10))
    elif pattern in ("stripes_h", "stripes_v", "grid"):
        segs = []
        step = max(8, tile // 4)
        for i in range(step // 2, tile, step):
            if pattern in ("stripes_h", "grid"):
                segs.append(((0, i), (tile - 1, i)))
            if pattern in ("stripes_v", "grid"):
                segs.append(((i, 0), (i, tile - 1)))
        lines(segs, soft, max(2, w // 2 + 1))
    else:
        raise ValueError(f"unknown overlay pattern {pattern!r}")
    _pattern_cache[key] = s
    return s


def draw_overlay(surface: pygame.Surface, squares: Iterable[Square], style: str, tile: int,
                 origin: Point = (0, 0), colour: ColourLike | None = None) -> None:
    """Highlight squares in a style of STYLES (pattern + colour; `colour` overrides)."""
    default, pattern = STYLES[style]
    patch = _pattern(pattern, to_colour(colour if colour is not None else default), tile)
    for sq in squares:
        surface.blit(patch, square_rect(sq, tile, origin))


_fonts: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = _fonts.get(size)
    if f is None:
        f = _fonts[size] = pygame.font.Font(None, size)
        f.set_bold(True)
    return f


def draw_label(surface: pygame.Surface, sq: Square, text: str, tile: int, origin: Point = (0, 0),
               colour: ColourLike = (255, 255, 255), size: int | None = None, corner: bool = False) -> None:
    """Short outlined text on a square: centred, or in the bottom-right corner."""
    font = _font(size or max(12, tile // 2))
    text = drawable(text)
    fg = font.render(text, True, to_colour(colour))
    bg = font.render(text, True, _SHADOW)
    rect = square_rect(sq, tile, origin)
    box = fg.get_rect()
    if corner:
        box.bottomright = (rect.right - 2, rect.bottom - 1)
    else:
        box.center = rect.center
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, 2)):
        surface.blit(bg, box.move(dx, dy))
    surface.blit(fg, box)


@dataclass(frozen=True)
class FighterToken:
    """What the board needs to draw one fighter."""

    square: Square
    family: WeaponFamily
    colour: str
    label: str = ""
    fallen: bool = False  # R5.2: drawn tipped over
    asleep: bool = False  # R10.1: drawn with a "z"
    active: bool = False  # whose turn it is: ringed


def fighter_tokens(state: MatchState) -> list[FighterToken]:
    """Tokens of the living fighters of a match, in sheet order."""
    active = state.active.id if state.order and 0 <= state.active_index < len(state.order) else None
    out = []
    for f in state.fighters.values():
        if not f.alive:
            continue
        out.append(FighterToken(
            square=f.position, family=f.sheet.weapon.family, colour=state.teams[f.team].colour,
            label=f.sheet.name[:1], fallen=f.fallen, asleep=f.asleep_turns > 0, active=f.id == active,
        ))
    return out


def draw_fighters(surface: pygame.Surface, tokens: Iterable[FighterToken], book: SpriteBook, tile: int,
                  origin: Point = (0, 0)) -> None:
    """Draw fighter tokens (team colour + weapon glyph) with their state marks."""
    for tok in tokens:
        rect = square_rect(tok.square, tile, origin)
        img = book.token(tok.family, tok.colour, tile)
        if tok.fallen:
            img = pygame.transform.rotate(pygame.transform.smoothscale(img, (tile, tile * 2 // 3)), 90)
        surface.blit(img, img.get_rect(center=rect.center))
        if tok.active:
            pygame.draw.circle(surface, _SHADOW, rect.center, tile // 2, max(3, tile // 12) + 2)
            pygame.draw.circle(surface, (255, 255, 255), rect.center, tile // 2 - 1, max(2, tile // 12))
        if tok.asleep:
            draw_label(surface, tok.square, "z", tile, origin, size=max(12, tile // 3), corner=True)
