"""Drawing the board: terrain (cached per zoom), highlights (cached per change), fighters.

Terrain and fighter tokens come from `arena_game.render` (sprites); `draw_terrain` is the
plain-colour fallback used when the sprites cannot be loaded. Highlights are drawn from the
`Highlight` list the input mode builds out of core queries; each kind has its own
pattern or outline, not only its own colour, so colour-blind players can tell them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain
from arena_game.render.glyphs import drawable
from arena_game.ui.anim import AnimationQueue, pose_to_draw
from arena_game.ui.anim.draw import blit_posed
from arena_game.ui.camera import Camera
from arena_game.ui.modes import Highlight

if TYPE_CHECKING:  # the sprite book is imported only when sprites load (load_sprites)
    from arena_game.render.sprites import SpriteBook

ON_TOP = frozenset({"target", "order"})  # drawn over the fighter tokens
BANDS = ((40, 170, 80), (150, 200, 60), (235, 205, 50), (240, 135, 40), (215, 60, 50))

_TERRAIN_COLOURS = {
    Terrain.FLOOR: (196, 178, 140),
    Terrain.WALL: (74, 70, 78),
    Terrain.PILLAR: (196, 178, 140),
    Terrain.OBSTACLE: (196, 178, 140),
    Terrain.WATER: (58, 120, 190),
    Terrain.LAVA: (220, 80, 30),
    Terrain.ACID: (110, 190, 40),
    Terrain.HOLE: (20, 18, 22),
}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font (Noto Sans, shipped with pygame_gui) at a pixel size."""
    import pygame_gui

    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = Path(pygame_gui.__file__).parent / "data" / name
    return pygame.font.Font(str(path) if path.exists() else None, max(6, size))


def draw_terrain(surface: pygame.Surface, board: Board, tile: int) -> None:
    """Stand-in terrain: plain squares with a simple mark per terrain (until sprites land)."""
    surface.fill(_TERRAIN_COLOURS[Terrain.FLOOR])
    grid = (170, 152, 116)
    for (x, y) in board.squares():
        t = board.terrain((x, y))
        r = pygame.Rect(x * tile, y * tile, tile, tile)
        if t is not Terrain.FLOOR:
            surface.fill(_TERRAIN_COLOURS[t], r)
        if t is Terrain.PILLAR:
            pygame.draw.circle(surface, (120, 112, 104), r.center, int(tile * 0.42))
            pygame.draw.circle(surface, (90, 84, 80), r.center, int(tile * 0.42), max(1, tile // 14))
        elif t is Terrain.OBSTACLE:
            box = r.inflate(-tile // 4, -tile // 4)
            pygame.draw.rect(surface, (140, 96, 52), box)
            pygame.draw.rect(surface, (92, 60, 30), box, max(1, tile // 14))
            pygame.draw.line(surface, (92, 60, 30), box.topleft, box.bottomright, max(1, tile // 16))
            pygame.draw.line(surface, (92, 60, 30), box.topright, box.bottomleft, max(1, tile // 16))
        elif t is Terrain.WALL:
            pygame.draw.rect(surface, (56, 52, 60), r, max(1, tile // 16))
            pygame.draw.line(surface, (56, 52, 60), (r.left, r.centery), (r.right, r.centery), 1)
        elif t is Terrain.WATER:
            for k in (0.35, 0.7):
                yy = r.top + int(tile * k)
                pygame.draw.arc(surface, (150, 200, 240), (r.left + tile // 8, yy - tile // 8, tile * 3 // 8, tile // 4), 0, 3.14, 1)
                pygame.draw.arc(surface, (150, 200, 240), (r.left + tile // 2, yy - tile // 8, tile * 3 // 8, tile // 4), 0, 3.14, 1)
        elif t in (Terrain.LAVA, Terrain.ACID):
            glow = (255, 190, 60) if t is Terrain.LAVA else (210, 250, 120)
            for cx, cy in ((0.3, 0.3), (0.7, 0.55), (0.4, 0.75)):
                pygame.draw.circle(surface, glow, (r.left + int(tile * cx), r.top + int(tile * cy)), max(1, tile // 10))
        elif t is Terrain.HOLE:
            pygame.draw.rect(surface, (60, 50, 50), r.inflate(-2, -2), max(1, tile // 12))
        if t in (Terrain.FLOOR, Terrain.PILLAR, Terrain.OBSTACLE):
            pygame.draw.rect(surface, grid, r, 1)


def load_sprites() -> SpriteBook | None:
    """The shipped sprites, or None (plain colours) when they cannot be read."""
    try:
        from arena_game.render.sprites import SpriteBook

        return SpriteBook(64)
    except Exception:  # a broken sprite folder must not stop a match
        return None


class BoardView:
    """Draws a match's board, highlights and fighters through a camera, with caches."""

    def __init__(self, board: Board, camera: Camera, book: SpriteBook | None = None) -> None:
        self.board = board
        self.camera = camera
        self.book = book
        self._animated: list[tuple[Square, Terrain, int]] = []
        if book is not None:
            for sq in board.squares():
                t = board.terrain(sq)
                if book.terrain_frames(t) > 1:
                    self._animated.append((sq, t, sq[1] if t is Terrain.WATER else sq[0] + 2 * sq[1]))
        self._terrain: pygame.Surface | None = None
        self._terrain_tile = 0
        self._overlay: pygame.Surface | None = None
        self._overlay_top: pygame.Surface | None = None
        self._overlay_under: pygame.Surface | None = None
        self._under_squares: set[Square] = set()
        self._top_squares: set[Square] = set()
        self._overlay_key: tuple[int, int] | None = None
        self._tokens: dict[tuple[str, int, str, bool], pygame.Surface] = {}

    def terrain(self) -> pygame.Surface:
        """The whole board at the current tile size (rebuilt only when the zoom changes)."""
        tile = self.camera.tile
        if self._terrain is None or self._terrain_tile != tile:
            surf = pygame.Surface((self.board.width * tile, self.board.height * tile)).convert()
            if self.book is not None:
                from arena_game.render.board import draw_board

                draw_board(surf, self.board, self.book, tile)
                grid = (0, 0, 0, 40)
                lines = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                for x in range(self.board.width + 1):
                    pygame.draw.line(lines, grid, (x * tile, 0), (x * tile, surf.get_height()))
                for y in range(self.board.height + 1):
                    pygame.draw.line(lines, grid, (0, y * tile), (surf.get_width(), y * tile))
                surf.blit(lines, (0, 0))
            else:
                draw_terrain(surf, self.board, tile)
            self._terrain, self._terrain_tile = surf, tile
        return self._terrain

    def overlay(self, highlights: Sequence[Highlight], version: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The board with the highlights drawn in, and the highlights to draw over the fighters
        (targets, whose forecast must stay readable). Rebuilt only when they or the zoom change,
        so a frame is one opaque blit of the board, not a board-sized alpha blend."""
        key = (version, self.camera.tile)
        if self._overlay is None or self._overlay_top is None or self._overlay_key != key:
            tile = self.camera.tile
            size = (self.board.width * tile, self.board.height * tile)
            under = pygame.Surface(size, pygame.SRCALPHA)
            over = pygame.Surface(size, pygame.SRCALPHA)
            self._under_squares = set()
            self._top_squares = set()
            for h in highlights:
                top = h.kind in ON_TOP
                draw_highlight(over if top else under, h, tile)
                (self._top_squares if top else self._under_squares).add(h.square)
            composed = self.terrain().copy()
            composed.blit(under, (0, 0))
            self._overlay, self._overlay_under, self._overlay_top, self._overlay_key = composed, under, over, key
        return self._overlay, self._overlay_top

    def covered(self) -> pygame.Rect:
        """The part of the viewport the board blit paints over with opaque pixels (one pixel in
        from each edge, so a rounded float origin never leaves a gap): the window need not
        clear it first."""
        cam = self.camera
        tile = cam.tile
        x, y = int(cam.origin[0]), int(cam.origin[1])
        board = pygame.Rect(x + 1, y + 1, self.board.width * tile - 2, self.board.height * tile - 2)
        return board.clip(pygame.Rect(cam.view))

    def draw(self, screen: pygame.Surface, state: MatchState, highlights: Sequence[Highlight],
             version: int, hover: Square | None, time_ms: int, anim: AnimationQueue | None = None) -> None:
        """Draw the board in the camera's viewport; while `anim` plays, tokens follow its poses."""
        cam = self.camera
        clip = screen.get_clip()
        view = pygame.Rect(cam.view)
        screen.set_clip(view)
        origin = cam.origin
        board, top = self.overlay(highlights, version)
        screen.blit(board, origin)
        tile = cam.tile
        if self._animated and self.book is not None:  # only a sprite book animates terrain
            sized = self.book.resized(tile) if self.book.tile != tile else self.book
            self.book = sized
            for sq, t, phase in self._animated:
                r = pygame.Rect(origin[0] + sq[0] * tile, origin[1] + sq[1] * tile, tile, tile)
                if view.colliderect(r):
                    screen.blit(sized.terrain_at(t, time_ms, phase), r)
                    if sq in self._under_squares and self._overlay_under is not None:  # keep the highlight over the moving water
                        screen.blit(self._overlay_under, r, pygame.Rect(sq[0] * tile, sq[1] * tile, tile, tile))
        if hover is not None:
            r = pygame.Rect(origin[0] + hover[0] * tile, origin[1] + hover[1] * tile, tile, tile)
            pygame.draw.rect(screen, (255, 255, 255), r, 2)
        playing = anim is not None and anim.active
        if playing:
            assert anim is not None
            layer, to_screen = self.anim_layer(screen)
            anim.draw(layer, to_screen, tile, self.book, layer="ground")
        if anim is not None and anim.busy:
            self.draw_posed_fighters(screen, state, anim)
        else:
            self.draw_fighters(screen, state, time_ms)
        for sq in self._top_squares:
            area = pygame.Rect(sq[0] * tile, sq[1] * tile, tile, tile)
            screen.blit(top, (origin[0] + area.x, origin[1] + area.y), area)
        if self.book is not None and self._top_squares and not (anim is not None and anim.busy):
            # a target's outline and corner arms would cut the initials ("Br" read as "3r")
            for f in state.fighters.values():
                if f.alive and f.position in self._top_squares:
                    at = (origin[0] + f.position[0] * tile + INITIALS_AT[0], origin[1] + f.position[1] * tile + INITIALS_AT[1])
                    screen.blit(initials(f.sheet.name, tile), at)
        if playing:
            assert anim is not None
            anim.draw(layer, to_screen, tile, self.book, layer="over")
        screen.set_clip(clip)

    def anim_layer(self, screen: pygame.Surface) -> tuple[pygame.Surface, Callable[[float, float], tuple[float, float]]]:
        """The viewport as a surface of its own (banners centre on the board) and its board → pixel map."""
        view = pygame.Rect(self.camera.view).clip(screen.get_rect())
        ox, oy = self.camera.origin
        tile = self.camera.tile

        def to_screen(x: float, y: float) -> tuple[float, float]:
            return (ox - view.x + x * tile, oy - view.y + y * tile)

        return screen.subsurface(view), to_screen

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
            colour = state.teams[f.team].colour
            token = self.token(f.sheet.name, colour, "ok", False, f.sheet.weapon.family.value)
            blit_posed(screen, token, pose, to_screen, tile)

    def draw_fighters(self, screen: pygame.Surface, state: MatchState, time_ms: int) -> None:
        """Tokens on their squares, the active one ringed, with PV bars."""
        origin = self.camera.origin
        tile = self.camera.tile
        active = None if state.over else state.active.id
        for f in state.fighters.values():
            if not f.alive:
                continue
            colour = state.teams[f.team].colour
            token = self.token(f.sheet.name, colour, f.status(), f.id == active, f.sheet.weapon.family.value)
            x = origin[0] + f.position[0] * tile
            y = origin[1] + f.position[1] * tile
            if f.id == active:
                pulse = 2 + int(2 * abs(((time_ms // 40) % 20) - 10) / 10)
                pygame.draw.circle(screen, (255, 225, 60), (x + tile // 2, y + tile // 2), tile // 2, pulse)
            screen.blit(token, (x, y))
            frac = max(0.0, min(1.0, f.pv / max(1, f.sheet.pv)))
            bar = pygame.Rect(x + tile // 8, y + tile - max(3, tile // 9), int((tile - tile // 4) * frac), max(2, tile // 12))
            pygame.draw.rect(screen, (20, 20, 20), (x + tile // 8 - 1, bar.y - 1, tile - tile // 4 + 2, bar.h + 2))
            pygame.draw.rect(screen, (80, 220, 90) if frac > 0.5 else (240, 190, 40) if frac > 0.25 else (230, 60, 50), bar)

    def token(self, name: str, colour: str, status: str, active: bool, family: str = "melee") -> pygame.Surface:
        """A fighter's token: the sprite (team colour + weapon glyph) with initials, cached per zoom."""
        tile = self.camera.tile
        key = (name + colour + family, tile, status, active)
        surf = self._tokens.get(key)
        if surf is None and self.book is not None:
            surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
            img = self.book.token(family, colour, tile)
            if status == "fallen":  # R5.2: tipped over
                img = pygame.transform.rotate(pygame.transform.smoothscale(img, (tile, tile * 2 // 3)), 90)
            surf.blit(img, img.get_rect(center=(tile // 2, tile // 2)))
            if active:
                pygame.draw.circle(surf, (255, 255, 255), (tile // 2, tile // 2), tile // 2 - 1, max(2, tile // 14))
            surf.blit(initials(name, tile), INITIALS_AT)
            if status == "asleep":
                z = font(max(8, tile // 3), bold=True).render("z", True, (230, 230, 255))
                surf.blit(z, (tile - z.get_width() - 1, 0))
            self._tokens[key] = surf
        if surf is None:
            surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
            c = pygame.Color(colour)
            centre = (tile // 2, tile // 2)
            radius = int(tile * 0.36)
            if status == "fallen":
                body = pygame.Rect(0, 0, int(tile * 0.8), int(tile * 0.45))
                body.center = centre
                pygame.draw.ellipse(surf, c, body)
                pygame.draw.ellipse(surf, (20, 20, 20), body, max(1, tile // 16))
            else:
                pygame.draw.circle(surf, c, centre, radius)
                pygame.draw.circle(surf, (250, 245, 230) if active else (20, 20, 20), centre, radius, max(1, tile // 14))
            label = font(max(8, tile // 3), bold=True).render(name[:2], True, (255, 255, 255))
            surf.blit(label, label.get_rect(center=centre))
            if status == "asleep":
                z = font(max(8, tile // 3), bold=True).render("z", True, (230, 230, 255))
                surf.blit(z, (tile - z.get_width() - 1, 0))
            self._tokens[key] = surf
        return surf


# mode name → (title key, [(highlight kind, band, label key, label fields)]): the legend shown
# beside the status line while that mode draws these kinds (R1 range classes, R4 chance bands)
LEGENDS: dict[str, tuple[str, list[tuple[str, int, str, dict[str, int]]]]] = {
    "attack": ("legend_attack", [("inrange", 0, "legend_in_range", {}), ("far", 0, "legend_far", {}),
                                 ("nolos", 0, "legend_nolos", {})]),
    "run": ("legend_run", [("chance", 0, "legend_at_least", {"p": 90}), ("chance", 1, "legend_at_least", {"p": 60}),
                           ("chance", 2, "legend_at_least", {"p": 30}), ("chance", 3, "legend_at_least", {"p": 10}),
                           ("chance", 4, "legend_below", {"p": 10})]),
}
LEGEND_FLOOR = (186, 184, 178)  # the swatches' ground: the highlights are tints over the floor


@lru_cache(maxsize=16)
def legend(mode: str, lang: str, height: int) -> pygame.Surface | None:
    """A one-row key to the highlights of `mode` (None when it has none): each swatch is the very
    drawing used on the board, so colour AND pattern match; text from the catalog."""
    from arena_game.ui.strings import text

    if mode not in LEGENDS:
        return None
    title, items = LEGENDS[mode]
    f = font(14)
    sw = height - 6
    parts: list[pygame.Surface] = [font(14, bold=True).render(drawable(text(title, lang)), True, (235, 230, 215))]
    for kind, band, key, fields in items:
        tint = pygame.Surface((sw, sw), pygame.SRCALPHA)
        draw_highlight(tint, Highlight((0, 0), kind, band=band), sw)
        swatch = pygame.Surface((sw, sw))
        swatch.fill(LEGEND_FLOOR)
        swatch.blit(tint, (0, 0))  # blended over the floor, as on the board
        label = f.render(drawable(text(key, lang, **fields)), True, (225, 225, 225))
        item = pygame.Surface((sw + 4 + label.get_width(), sw), pygame.SRCALPHA)
        item.blit(swatch, (0, 0))
        item.blit(label, label.get_rect(midleft=(sw + 4, sw // 2)))
        parts.append(item)
    width = sum(p.get_width() for p in parts) + 10 * (len(parts) - 1) + 12
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(box, (30, 30, 36, 255), box.get_rect(), border_radius=4)
    pygame.draw.rect(box, (95, 95, 105, 255), box.get_rect(), 1, border_radius=4)
    x = 6
    for part in parts:
        box.blit(part, part.get_rect(midleft=(x, height // 2)))
        x += part.get_width() + 10
    return box


INITIALS_AT = (0, -1)  # where `initials` sits in a sprite token (its outline reaches past the glyphs)


@lru_cache(maxsize=256)
def initials(name: str, tile: int) -> pygame.Surface:
    """A fighter's two initials, white outlined in black, as drawn at the top-left of a sprite token."""
    label = font(max(8, tile // 4), bold=True)
    fg = label.render(name[:2], True, (255, 255, 255))
    bg = label.render(name[:2], True, (0, 0, 0))
    surf = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    for at in ((0, 1), (2, 1), (1, 0), (1, 2)):
        surf.blit(bg, at)
    surf.blit(fg, (1, 1))
    return surf


def _text_with_outline(surf: pygame.Surface, label: str, centre: tuple[int, int], size: int, colour: tuple[int, int, int] = (255, 255, 255)) -> None:
    f = font(size, bold=True)
    label = drawable(label)  # the board font lacks arrows and the like (render.glyphs)
    fg = f.render(label, True, colour)
    bg = f.render(label, True, (0, 0, 0))
    rect = fg.get_rect(center=centre)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surf.blit(bg, rect.move(dx, dy))
    surf.blit(fg, rect)


def _hatch(surf: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int, int], step: int, cross: bool = False) -> None:
    for k in range(-r.h, r.w, step):
        a = (r.left + max(k, 0), r.top + max(-k, 0))
        b = (r.left + min(k + r.h, r.w), r.top + min(r.h, r.w - k))
        pygame.draw.line(surf, colour, a, b, 2)
        if cross:
            pygame.draw.line(surf, colour, (r.right - (a[0] - r.left), a[1]), (r.right - (b[0] - r.left), b[1]), 2)


def draw_highlight(surf: pygame.Surface, h: Highlight, tile: int) -> None:
    """One highlight: each kind has its own outline or pattern as well as its colour."""
    r = pygame.Rect(h.square[0] * tile, h.square[1] * tile, tile, tile)
    inner = r.inflate(-2, -2)
    w = max(2, tile // 16)
    size = max(8, tile // 3)
    if h.kind == "move":
        surf.fill((70, 200, 100, 90), inner)
        pygame.draw.rect(surf, (90, 235, 130, 255), inner, w)
    elif h.kind == "option":  # a square that may be picked next, over a chance fill: outline only
        pygame.draw.rect(surf, (20, 20, 20, 200), inner, w + 2)
        pygame.draw.rect(surf, (90, 235, 130, 255), inner.inflate(-2, -2), w)
    elif h.kind == "reach":
        surf.fill((90, 140, 230, 55), inner)
        pygame.draw.rect(surf, (140, 180, 255, 200), inner, 1)
        if h.label:
            _text_with_outline(surf, h.label, (r.right - tile // 6, r.bottom - tile // 6), max(7, tile // 5), (190, 215, 255))
    elif h.kind == "inrange":  # R1: the "good" zone — teal tint, solid thin outline
        surf.fill((60, 200, 170, 95), inner)
        pygame.draw.rect(surf, (110, 240, 205, 255), inner.inflate(-2, -2), max(1, w // 2))
    elif h.kind == "blocked":
        _hatch(surf, inner, (200, 50, 50, 150), max(5, tile // 4))
    elif h.kind == "nolos":
        _hatch(surf, inner, (60, 60, 60, 150), max(5, tile // 4), cross=True)
    elif h.kind == "far":
        surf.fill((250, 200, 40, 100), inner)
        dash, gap = max(3, tile // 8), max(6, tile // 5)
        for k in range(2, tile - dash, gap):  # dashed outline on all four sides: "beyond range, −8"
            for a, b in (((r.left + k, inner.top + 1), (r.left + k + dash, inner.top + 1)),
                         ((r.left + k, inner.bottom - 2), (r.left + k + dash, inner.bottom - 2)),
                         ((inner.left + 1, r.top + k), (inner.left + 1, r.top + k + dash)),
                         ((inner.right - 2, r.top + k), (inner.right - 2, r.top + k + dash))):
                pygame.draw.line(surf, (255, 215, 60, 255), a, b, w)
    elif h.kind == "chance":
        c = BANDS[h.band]
        surf.fill((*c, 120), inner)
        if h.label:
            _text_with_outline(surf, h.label, r.center, max(7, tile // 4))
    elif h.kind == "target":
        c = BANDS[h.band]
        pygame.draw.rect(surf, (*c, 255), inner, w + 1)
        arm = tile // 3
        for cx, cy, sx, sy in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1), (r.left, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
            pygame.draw.line(surf, (255, 255, 255, 255), (cx, cy), (cx + sx * arm, cy), w)
            pygame.draw.line(surf, (255, 255, 255, 255), (cx, cy), (cx, cy + sy * arm), w)
        if h.label:
            f = font(max(7, tile // 4), bold=True)
            img = f.render(h.label, True, (255, 255, 255))
            # low in the square, above the PV bar: the token's initials and sleep mark stay readable
            pill = img.get_rect(midbottom=(r.centerx, r.bottom - max(3, tile // 9) - 3)).inflate(8, 2)
            pygame.draw.rect(surf, (*c, 235), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surf, (0, 0, 0, 255), pill, 1, border_radius=pill.h // 2)
            _text_with_outline(surf, h.label, pill.center, max(7, tile // 4))
    elif h.kind in ("declared", "order"):
        colour = (40, 110, 220, 230) if h.kind == "declared" else (150, 70, 200, 230)
        pygame.draw.circle(surf, colour, r.center, tile // 3)
        pygame.draw.circle(surf, (255, 255, 255, 255), r.center, tile // 3, max(1, w // 2))
        _text_with_outline(surf, h.label, r.center, size)
    elif h.kind == "path":
        pygame.draw.circle(surf, (40, 110, 220, 200), r.center, max(3, tile // 6))
        if h.label:
            _text_with_outline(surf, h.label, r.center, max(7, tile // 4))
    elif h.kind == "landing":
        pygame.draw.rect(surf, (80, 220, 230, 255), inner, w)
        pygame.draw.polygon(surf, (80, 220, 230, 200), [(r.centerx - tile // 6, r.top + tile // 4), (r.centerx + tile // 6, r.top + tile // 4), (r.centerx, r.top + tile // 2)])
        if h.label:
            _text_with_outline(surf, h.label, (r.centerx, r.bottom - tile // 4), max(7, tile // 5))
    elif h.kind == "arrow" and h.to is not None:
        start = pygame.Vector2(r.center)
        end = pygame.Vector2(h.to[0] * tile + tile // 2, h.to[1] * tile + tile // 2)
        d = end - start
        if d.length() > 0:
            u = d.normalize()
            start = start + u * (tile * 0.45)  # start at the token's rim
            head = end - u * (tile * 0.25)
            n = pygame.Vector2(-u.y, u.x) * (tile * 0.15)
            pygame.draw.line(surf, (0, 0, 0, 200), start, head, w + 4)
            pygame.draw.line(surf, (255, 170, 40, 255), start, head, w + 1)
            tip = [head + u * (tile * 0.2), head + n, head - n]
            pygame.draw.polygon(surf, (0, 0, 0, 220), tip, 0)
            pygame.draw.polygon(surf, (255, 170, 40, 255), [head + u * (tile * 0.15), head + n * 0.75, head - n * 0.75])
    elif h.kind == "hazard":
        _hatch(surf, inner, (250, 220, 40, 220), max(5, tile // 5))
        pygame.draw.rect(surf, (250, 60, 40, 255), inner, w + 1)
        _text_with_outline(surf, "!", (r.centerx, r.top + tile // 3), size, (255, 230, 80))
        if h.label:
            _text_with_outline(surf, h.label, (r.centerx, r.bottom - tile // 4), max(7, tile // 5))
