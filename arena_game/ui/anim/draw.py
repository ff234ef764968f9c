"""Drawing of animation effects and tokens with pygame (the only pygame module of anim/).

Every effect kind of choreography.py has a painter here. Sprites come from the
renderer's SpriteBook when one is given (`effect(name, frame)`, `token(family, colour)`);
without one, `effect_sprite` and `token_surface` fall back to plain pygame shapes, so the
animations work before (and without) the sprite art.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from arena_game.ui.anim.timeline import Effect, Pose

ToScreen = Callable[[float, float], tuple[float, float]]
Colour = tuple[int, int, int]

SPRITE_EFFECTS = {"teleport": "teleport", "impact": "impact", "dust": "dust", "sink": "fall"}
"""Effect kinds drawn from a SpriteBook effect of this name when a book is given."""
SPRITE_AND_SHAPES = frozenset({"sink"})
"""Kinds whose shapes are drawn over the sprite too (the sink's bubbles take the hazard's colour)."""


# -- text --------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def font(size: int) -> pygame.font.Font:
    """The UI font at a pixel size: Noto Sans Bold as shipped with pygame_gui (as the window's
    widgets), else pygame's bundled font."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Bold.ttf"
    return pygame.font.Font(str(path) if path.is_file() else None, max(6, size))


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit())."""
    font.cache_clear()
    text_surface.cache_clear()


@lru_cache(maxsize=512)
def text_surface(text: str, size: int, colour: Colour, outline: bool = True) -> pygame.Surface:
    """Rendered text with a dark outline so it reads over any terrain (cached)."""
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
    shadow = f.render(text, True, (15, 12, 10))
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(shadow, (dx, dy))
    out.blit(fg, (2, 2))
    return out


@lru_cache(maxsize=64)
def _panel(w: int, h: int, alpha: int = 175) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((14, 12, 18, alpha))
    pygame.draw.rect(s, (200, 170, 90, 220), s.get_rect(), 2, border_radius=6)
    return s


def _blit_alpha(surface: pygame.Surface, img: pygame.Surface, pos: tuple[float, float], alpha: float) -> None:
    img.set_alpha(max(0, min(255, int(alpha * 255))))
    surface.blit(img, (int(pos[0]), int(pos[1])))
    img.set_alpha(255)


def _fade(p: float, fade_in: float = 0.1, fade_out: float = 0.25) -> float:
    """Opacity for an effect at progress p: quick fade in, fade out at the end."""
    if p < fade_in:
        return p / fade_in
    if p > 1 - fade_out:
        return max(0.0, (1 - p) / fade_out)
    return 1.0


# -- tokens ------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def token_surface(colour: Colour, size: int, letter: str = "") -> pygame.Surface:
    """A plain round token in team colours (the stand-in for SpriteBook.token)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(s, (20, 16, 14), (r, r + max(1, size // 20)), r - 1)
    pygame.draw.circle(s, colour, (r, r), r - max(2, size // 14))
    light = tuple(min(255, c + 70) for c in colour)
    pygame.draw.circle(s, light, (r - r // 3, r - r // 3), max(2, r // 4))
    pygame.draw.circle(s, (245, 240, 225), (r, r), r - max(2, size // 14), max(2, size // 18))
    if letter:
        t = text_surface(letter[:1].upper(), max(10, int(size * 0.55)), (250, 250, 245))
        s.blit(t, t.get_rect(center=(r, r + 1)))
    return s


def draw_token(
    surface: pygame.Surface, pose: Pose, colour: Colour, to_screen: ToScreen, tile: float,
    letter: str = "", book: Any = None, family: str | None = None,
) -> None:
    """Draw a fighter's token at `pose` (scale, tilt, alpha and hit flash applied)."""
    if not pose.visible or pose.alpha <= 0.01:
        return
    size = max(8, int(tile * 0.8))
    img: pygame.Surface | None = None
    if book is not None and family is not None:
        try:
            img = book.token(family, colour, size)
        except (KeyError, AttributeError, ValueError, pygame.error):  # no art: plain disc
            img = None
    if img is None:
        img = token_surface(colour, size, letter)
    blit_posed(surface, img, pose, to_screen, tile)


def blit_posed(surface: pygame.Surface, img: pygame.Surface, pose: Pose, to_screen: ToScreen, tile: float) -> None:
    """Blit a token image centred on `pose`, with its hit flash, tilt, scale, alpha and shadow."""
    if not pose.visible or pose.alpha <= 0.01:
        return
    if pose.flash > 0.02:
        img = img.copy()
        level = int(200 * min(1.0, pose.flash))
        img.fill((level, level, level, 0), special_flags=pygame.BLEND_RGB_ADD)
    if pose.angle or abs(pose.scale - 1.0) > 0.01:
        img = pygame.transform.rotozoom(img, -pose.angle, max(0.05, pose.scale))
        lying = min(1.0, abs(pose.angle) / 90.0)
        if lying > 0.05:  # a fallen token is seen flat: squash it towards the ground
            w, h = img.get_size()
            img = pygame.transform.smoothscale(img, (w, max(2, int(h * (1 - 0.45 * lying)))))
    cx, cy = to_screen(*pose.centre)
    if pose.offset[1] < -0.05:  # in the air: a shadow stays on the ground
        gx, gy = to_screen(pose.x + 0.5 + pose.offset[0], pose.y + 0.5)
        shadow = pygame.Rect(0, 0, int(tile * 0.56), int(tile * 0.2))
        shadow.center = (int(gx), int(gy + tile * 0.28))
        pygame.draw.ellipse(surface, (40, 34, 30), shadow)
    rect = img.get_rect(center=(int(cx), int(cy)))
    if pose.alpha < 0.99:
        _blit_alpha(surface, img, rect.topleft, pose.alpha)
    else:
        surface.blit(img, rect)


# -- effect sprites ------------------------------------------------------------------------


def effect_sprite(book: Any, name: str, progress: float, size: int) -> pygame.Surface | None:
    """The SpriteBook frame of effect `name` at `progress` (0..1), `size` px; None without art."""
    if book is None:
        return None
    try:
        frames = book.effect_frames(name)
        return book.effect(name, min(frames - 1, int(progress * frames)), size)
    except (KeyError, AttributeError, ValueError, pygame.error):  # no such art: draw shapes
        return None


# -- painters ------------------------------------------------------------------------------


GROUND = frozenset({"dust", "ripple", "sink", "declared"})
"""Effect kinds drawn on the ground, under the tokens."""


def draw_effects(
    surface: pygame.Surface, effects: list[tuple[Effect, float]], to_screen: ToScreen, tile: float,
    book: Any = None, layer: str = "all",
) -> None:
    """Draw the effects alive now: `layer` "ground" (under tokens), "over" or "all"."""
    ground = layer in ("ground", "all")
    over = layer in ("over", "all")
    board_fx = [
        (e, p) for e, p in effects
        if e.kind not in ("label", "banner", "dice", "crowd") and (ground if e.kind in GROUND else over)
    ]
    for e, p in board_fx:
        size = max(8, int(tile * 1.1))
        sprite = effect_sprite(book, SPRITE_EFFECTS[e.kind], p, size) if e.kind in SPRITE_EFFECTS else None
        if sprite is not None and e.at is not None:
            cx, cy = to_screen(*e.at)
            _blit_alpha(surface, sprite, (cx - size / 2, cy - size / 2), _fade(p, 0.05, 0.3))
            if e.kind not in SPRITE_AND_SHAPES:
                continue
        painter = _PAINTERS.get(e.kind)
        if painter is not None:
            painter(surface, e, p, to_screen, tile)
    if not over:
        return
    for e, p in effects:
        if e.kind == "crowd":
            _crowd(surface, e, p, to_screen, tile)
    _dice(surface, [(e, p) for e, p in effects if e.kind == "dice"])
    # what happened to a fighter reads above the dice that decided it
    _labels(surface, [(e, p) for e, p in effects if e.kind == "label"], to_screen, tile)
    _banners(surface, [(e, p) for e, p in effects if e.kind == "banner"])


def _at(e: Effect, to_screen: ToScreen) -> tuple[float, float]:
    """Screen point of a board effect's anchor."""
    if e.at is None:
        raise ValueError(f"a {e.kind} effect needs a square")
    return to_screen(*e.at)


def _px(tile: float, k: float) -> int:
    return max(1, int(tile * k))


def _dust(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    hx, hy = e.data.get("heading", (0.0, 0.0))
    for i in range(6):
        a = i * math.pi / 3 + 0.4
        spread = tile * (0.12 + 0.35 * p)
        x = cx + math.cos(a) * spread - hx * tile * 0.3 * p
        y = cy + tile * 0.3 + math.sin(a) * spread * 0.45 - tile * 0.1 * p
        r = _px(tile, 0.11 * (1 - p) + 0.03)
        shade = int(120 + 70 * p)
        pygame.draw.circle(surface, (shade, shade - 12, shade - 35), (int(x), int(y)), r)


def _ripple(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    for k in (0.0, 0.35):
        q = p - k
        if 0 < q < 1:
            rx = tile * (0.2 + 0.45 * q)
            rect = pygame.Rect(0, 0, int(rx * 2), int(rx * 1.1))
            rect.center = (int(cx), int(cy + tile * 0.15))
            c = int(255 - 90 * q)
            pygame.draw.ellipse(surface, (c, c, 255), rect, max(1, _px(tile, 0.04)))


def _impact(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    r0 = tile * (0.15 + 0.5 * p)
    for i in range(8):
        a = i * math.pi / 4 + 0.2
        x1, y1 = cx + math.cos(a) * r0 * 0.5, cy + math.sin(a) * r0 * 0.5
        x2, y2 = cx + math.cos(a) * r0, cy + math.sin(a) * r0
        pygame.draw.line(surface, e.colour, (x1, y1), (x2, y2), max(2, _px(tile, 0.07 * (1 - p))))
    if p < 0.35:
        pygame.draw.circle(surface, (255, 250, 220), (int(cx), int(cy)), _px(tile, 0.22 * (1 - p / 0.35)))


def _shot(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    assert e.at is not None
    (ax, ay), (bx, by) = e.at, e.data["to"]
    x, y = ax + (bx - ax) * p, ay + (by - ay) * p
    tx, ty = ax + (bx - ax) * max(0.0, p - 0.15), ay + (by - ay) * max(0.0, p - 0.15)
    pygame.draw.line(surface, (250, 235, 180), to_screen(tx, ty), to_screen(x, y), max(2, _px(tile, 0.06)))


def _sweep(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    """Circle attack (R8): a blade arc swinging from the last target to this one."""
    cx, cy = _at(e, to_screen)
    a0, a1 = math.radians(e.data["start_angle"]), math.radians(e.data["end_angle"])
    if a1 - a0 > math.pi:
        a0 += 2 * math.pi
    elif a0 - a1 > math.pi:
        a1 += 2 * math.pi
    head = a0 + (a1 - a0) * min(1.0, p * 1.5)
    tail = a0 + (a1 - a0) * max(0.0, p * 1.5 - 0.8)
    outer = tile * e.data.get("radius", 1.2)
    inner = outer * 0.62
    n = 12
    angles = [tail + (head - tail) * i / n for i in range(n + 1)]
    band = [(cx + math.cos(a) * outer, cy + math.sin(a) * outer) for a in angles]
    band += [(cx + math.cos(a) * inner, cy + math.sin(a) * inner) for a in reversed(angles)]
    if len(band) >= 3 and abs(head - tail) > 1e-3:
        pygame.draw.polygon(surface, (235, 240, 255), band)
        pygame.draw.polygon(surface, (120, 140, 200), band, 2)
    hx, hy = cx + math.cos(head) * outer, cy + math.sin(head) * outer
    pygame.draw.circle(surface, (255, 255, 255), (int(hx), int(hy)), _px(tile, 0.08))


def _death(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    if p < 0.4:
        return
    q = (p - 0.4) / 0.6
    s = tile * 0.25
    c = (200, 40, 40) if q < 0.7 else (120, 30, 30)
    w = max(2, _px(tile, 0.08))
    pygame.draw.line(surface, c, (cx - s, cy - s), (cx + s, cy + s), w)
    pygame.draw.line(surface, c, (cx + s, cy - s), (cx - s, cy + s), w)


_SINK_COLOURS = {"lava": (255, 120, 30), "acid": (150, 230, 60), "hole": (40, 30, 30)}


def _sink(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    col = _SINK_COLOURS.get(e.data.get("terrain", ""), (60, 60, 60))
    ring = tile * (0.2 + 0.4 * p)
    rect = pygame.Rect(0, 0, int(ring * 2), int(ring))
    rect.center = (int(cx), int(cy + tile * 0.2))
    pygame.draw.ellipse(surface, col, rect, max(2, _px(tile, 0.06)))
    for i in range(5):
        a = i * 1.3 + p * 3
        bx = cx + math.cos(a) * tile * 0.3
        by = cy - tile * (0.1 + 0.6 * ((p + i * 0.2) % 1.0))
        pygame.draw.circle(surface, col, (int(bx), int(by)), _px(tile, 0.06 * (1 - p) + 0.02))


@lru_cache(maxsize=16)
def _light_column(w: int, h: int) -> pygame.Surface:
    col = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(w // 2):
        a = int(150 * (i / (w / 2)) ** 1.5)
        pygame.draw.line(col, (200, 185, 255, a), (i, 0), (i, h))
        pygame.draw.line(col, (200, 185, 255, a), (w - 1 - i, 0), (w - 1 - i, h))
    return col


def _teleport(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    """Téléportation (R6): a column of light and swirling sparks, out at the origin, in at the target."""
    cx, cy = _at(e, to_screen)
    inward = e.data.get("phase") == "in"
    column = _light_column(max(4, int(tile * 0.8)), max(4, int(tile * 1.6)))
    glow = math.sin(math.pi * p)
    _blit_alpha(surface, column, (cx - column.get_width() / 2, cy - column.get_height() + tile * 0.35), glow)
    for i in range(14):
        a = i * math.pi / 7 + p * 5.0 * (1 if inward else -1)
        r = tile * (0.75 * (1 - p) + 0.1 if inward else 0.15 + 0.6 * p)
        x = cx + math.cos(a) * r
        y = cy + math.sin(a) * r * 0.6 - tile * (0.6 * p if not inward else 0.6 * (1 - p))
        col = (190, 160, 255) if i % 2 else (140, 230, 255)
        pygame.draw.circle(surface, col, (int(x), int(y)), _px(tile, 0.09 * (1 - 0.5 * p)))
        pygame.draw.circle(surface, (255, 255, 255), (int(x), int(y)), _px(tile, 0.035))


def _zzz(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    for i in range(3):
        q = (p * 2 + i / 3) % 1.0
        img = text_surface("z", max(10, int(tile * (0.25 + 0.2 * q))), (180, 200, 255))
        _blit_alpha(surface, img, (cx + tile * (0.1 + 0.3 * q), cy - tile * (0.3 + 0.5 * q)), 1 - q)


def _declared(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    origin: Pose = e.data["origin"]
    pts = [(origin.x + 0.5, origin.y + 0.5)] + [(x + 0.5, y + 0.5) for x, y in e.data["squares"]]
    shown = 1 + int(min(1.0, p * 2.5) * (len(pts) - 1) + 0.999)
    screen = [to_screen(*pt) for pt in pts[:shown]]
    if len(screen) >= 2:
        pygame.draw.lines(surface, (250, 210, 80), False, screen, max(2, _px(tile, 0.06)))
    for i, (x, y) in enumerate(screen[1:], 1):
        pygame.draw.circle(surface, (250, 210, 80), (int(x), int(y)), _px(tile, 0.12))
        t = text_surface(str(i), max(10, int(tile * 0.3)), (30, 20, 10), outline=False)
        surface.blit(t, t.get_rect(center=(int(x), int(y))))


_PAINTERS: dict[str, Callable[[pygame.Surface, Effect, float, ToScreen, float], None]] = {
    "dust": _dust, "ripple": _ripple, "impact": _impact, "shot": _shot, "sweep": _sweep,
    "death": _death, "sink": _sink, "teleport": _teleport, "zzz": _zzz, "declared": _declared,
}


# -- labels, banners, dice ------------------------------------------------------------------


def _labels(surface: pygame.Surface, labels: list[tuple[Effect, float]], to_screen: ToScreen, tile: float) -> None:
    """Labels alive together never overlap: the earliest sits lowest, a later one that would
    cover it (over the same fighter or a neighbour) moves up above it."""
    placed: list[pygame.Rect] = []
    for e, p in sorted(labels, key=lambda ep: ep[0].start):  # stable: same start keeps queue order
        placed.append(_label(surface, e, p, to_screen, tile, placed))


def _label(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float,
           placed: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """One floating label, moved up clear of the `placed` ones; returns the box it took."""
    cx, cy = _at(e, to_screen)
    big = e.data.get("big", False)
    # sized by the tile but within readable bounds, whatever the zoom
    size = int(min(38, max(20, tile * 0.46))) if big else int(min(28, max(17, tile * 0.38)))
    sub = e.data.get("sub", "")
    sub_size = max(13, int(size * 0.6))
    # Pops up quickly, then holds still so stacked labels stay apart.
    rise = min(tile * 0.5, 36) + min(tile * 0.2, 14) * (1 - (1 - min(1.0, p * 5)) ** 2)
    alpha = _fade(p, 0.06, 0.3)
    main = text_surface(e.text, size, e.colour)
    small = text_surface(sub, sub_size, (235, 232, 220)) if sub else None
    height = main.get_height() + (small.get_height() - 4 if small else 0)
    width = max(main.get_width(), small.get_width() if small else 0)
    box = pygame.Rect(int(cx - width / 2), int(cy - rise - height), width, height)
    while (hit := next((r for r in placed if r.inflate(0, 8).colliderect(box)), None)) is not None:
        box.bottom = hit.top - 4
    top = box.top
    _blit_alpha(surface, main, (cx - main.get_width() / 2, top), alpha)
    if small:
        _blit_alpha(surface, small, (cx - small.get_width() / 2, top + main.get_height() - 4), alpha)
    return box


def _banners(surface: pygame.Surface, banners: list[tuple[Effect, float]]) -> None:
    if not banners:
        return
    sw, sh = surface.get_size()
    y = sh * 0.38
    for e, p in banners[-2:]:
        small = e.data.get("small", False) and not e.data.get("final", False)
        size = max(20, int(sh * (0.035 if small else 0.06)))
        title = text_surface(e.text, size, e.colour)
        sub = e.data.get("sub", "")
        subimg = text_surface(sub, max(14, int(size * 0.5)), (220, 220, 210)) if sub else None
        h = title.get_height() + (subimg.get_height() if subimg else 0) + 20
        w = max(title.get_width(), subimg.get_width() if subimg else 0) + 60
        slide = (1 - min(1.0, p / 0.12)) * 30
        alpha = _fade(p, 0.12, 0.25)
        panel = _panel(int(w), int(h))
        x0 = sw / 2 - w / 2
        _blit_alpha(surface, panel, (x0, y + slide), alpha)
        _blit_alpha(surface, title, (sw / 2 - title.get_width() / 2, y + slide + 8), alpha)
        if subimg:
            _blit_alpha(surface, subimg, (sw / 2 - subimg.get_width() / 2, y + slide + 8 + title.get_height()), alpha)
        y += h + 8


def _die_face(size: int, die: int, face: int | None, crit: str | None) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    bg = (245, 240, 225) if crit is None else ((120, 220, 120) if crit == "success" else (235, 90, 80))
    pygame.draw.rect(s, bg, s.get_rect(), border_radius=max(3, size // 6))
    pygame.draw.rect(s, (40, 30, 20), s.get_rect(), 2, border_radius=max(3, size // 6))
    t = text_surface("?" if face is None else str(face), int(size * 0.5), (30, 25, 20), outline=False)
    s.blit(t, t.get_rect(center=(size // 2, int(size * 0.4))))
    d = text_surface(f"d{die}", max(8, int(size * 0.24)), (90, 80, 70), outline=False)
    s.blit(d, d.get_rect(midbottom=(size // 2, size)))
    return s


def _dice(surface: pygame.Surface, rolls: list[tuple[Effect, float]]) -> None:
    if not rolls:
        return
    sw, sh = surface.get_size()
    size = max(14, int(sh * 0.026))
    die_px = int(size * 1.9)
    y = int(sh * 0.03)
    for e, p in rolls[-3:]:
        alpha = _fade(p, 0.06, 0.2)
        tumbling = p < 0.22
        face = None if tumbling else e.data["face"]
        if tumbling:  # a tumbling die shows changing faces while it rolls
            face = 1 + int(p * 97) % e.data["die"]
        die = _die_face(die_px, e.data["die"], face, None if tumbling else e.data.get("critical"))
        if tumbling:
            die = pygame.transform.rotate(die, p * 1400)
        line = text_surface(f"{e.data['who']} — {e.text}", size, (245, 240, 230))
        w = die_px + line.get_width() + 36
        h = die_px + 10
        x0 = sw / 2 - w / 2
        _blit_alpha(surface, _panel(int(w), int(h)), (x0, y), alpha)
        _blit_alpha(surface, die, (x0 + 8 + die_px / 2 - die.get_width() / 2, y + 5 + die_px / 2 - die.get_height() / 2), alpha)
        _blit_alpha(surface, line, (x0 + die_px + 22, y + h / 2 - line.get_height() / 2), alpha)
        y += h + 6


def _crowd(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    """The crowd's reaction to a taunt (R7): cheering heads and a shout, or jeers."""
    sw, sh = surface.get_size()
    cheer = e.data.get("cheer", False)
    alpha = _fade(p, 0.1, 0.25)
    heads = 22
    base_y = sh - sh * 0.04
    for i in range(heads):
        x = sw * (i + 0.5) / heads
        phase = i * 1.7
        jump = abs(math.sin(p * 14 + phase)) * sh * (0.022 if cheer else 0.004)
        col = (235, 195, 150) if cheer else (150, 140, 130)
        r = max(6, int(sh * 0.014))
        y = base_y - jump
        pygame.draw.circle(surface, col, (int(x), int(y)), r)
        body = pygame.Rect(0, 0, r * 2 + 4, r * 2)
        body.midtop = (int(x), int(y + r - 2))
        pygame.draw.rect(surface, (120, 60, 50) if cheer else (80, 75, 85), body, border_radius=r // 2)
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
    sub = text_surface(e.data.get("sub", ""), max(14, int(size * 0.5)), (220, 220, 210))
    y = base_y - sh * 0.06 - title.get_height() - sub.get_height()
    _blit_alpha(surface, title, (sw / 2 - title.get_width() / 2, y), alpha)
    _blit_alpha(surface, sub, (sw / 2 - sub.get_width() / 2, y + title.get_height()), alpha)
