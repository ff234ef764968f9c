"""Drawing of animation effects and tokens with pygame (the only pygame module of anim/).

Every effect kind of the choreography has a painter here (captions: `captions.py`). Sprites
come from the renderer's SpriteBook when one is given (`effect(name, frame)`); without one,
the painters draw plain pygame shapes, so the animations work without the sprite art.
Tokens are the board's own (`render.tokens`), posed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from arena_game.render import palette
from arena_game.render.tokens import FighterToken, token_image
from arena_game.ui.anim import captions
from arena_game.ui.anim.captions import (
    blit_alpha,
    draw_banners,
    draw_crowd,
    draw_dice,
    draw_labels,
    fade,
    text_surface,
)
from arena_game.ui.anim.timeline import Effect, Pose

if TYPE_CHECKING:
    from arena_game.render.sprites import SpriteBook

ToScreen = Callable[[float, float], tuple[float, float]]
Colour = tuple[int, int, int]

SPRITE_EFFECTS = {"teleport": "teleport", "impact": "impact", "dust": "dust", "sink": "fall"}
"""Effect kinds drawn from a SpriteBook effect of this name when a book is given."""
SPRITE_AND_SHAPES = frozenset({"sink"})
"""Kinds whose shapes are drawn over the sprite too (the sink's bubbles take the hazard's colour)."""


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit())."""
    captions.reset_caches()


# -- tokens ------------------------------------------------------------------------------


def draw_token(surface: pygame.Surface, pose: Pose, token: FighterToken, to_screen: ToScreen, tile: float,
               book: SpriteBook | None = None) -> None:
    """A fighter's token at `pose`, drawn as the board draws it (`render.tokens`), with the pose's
    scale, tilt, alpha and hit flash."""
    blit_posed(surface, token_image(token, max(8, int(tile)), book), pose, to_screen, tile)


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
        pygame.draw.ellipse(surface, palette.AIR_SHADOW, shadow)
    rect = img.get_rect(center=(int(cx), int(cy)))
    if pose.alpha < 0.99:
        blit_alpha(surface, img, rect.topleft, pose.alpha)
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
    book: Any = None, layer: str = "all", tokens: Sequence[pygame.Rect] = (), room: pygame.Rect | None = None,
    under_labels: Callable[[list[pygame.Rect]], None] | None = None, keep: Sequence[pygame.Rect] = (),
    soft: Sequence[pygame.Rect] = (), stacks_soft: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """Draw the effects alive now: `layer` "ground" (under tokens), "over" or "all"; captions
    keep off the `tokens` (their boxes on `surface`) and inside `room` (the surface's clip when
    None: the board less its column and row numbers, `BoardView.caption_room`), and never go
    under `keep` (what the window draws over them next: the skip hint's strip); `under_labels`
    gets the floating labels' boxes and draws under them (`draw_labels`); new labels keep off
    the `soft` boxes (the board's marked squares and obstacles) where they can, the rolls'
    lines and banners off `stacks_soft` too (the deadly squares: lava, acid, holes). No caption
    covers the squares a piece goes through while it moves ("sight" effects: a push's path).
    The rolls' lines and banners drawn beyond the surface's clip, over the board's edge
    (`captions.over_edge_room`): the window clears that floor again in the next frame."""
    ground = layer in ("ground", "all")
    over = layer in ("over", "all")
    board_fx = [
        (e, p) for e, p in effects
        if e.kind not in CAPTIONS and (ground if e.kind in GROUND else over)
    ]
    for e, p in board_fx:
        size = max(8, int(tile * 1.1))
        sprite = effect_sprite(book, SPRITE_EFFECTS[e.kind], p, size) if e.kind in SPRITE_EFFECTS else None
        if sprite is not None and e.at is not None:
            cx, cy = to_screen(*e.at)
            blit_alpha(surface, sprite, (cx - size / 2, cy - size / 2), fade(p, 0.05, 0.3))
            if e.kind not in SPRITE_AND_SHAPES:
                continue
        painter = _PAINTERS.get(e.kind)
        if painter is not None:
            painter(surface, e, p, to_screen, tile)
    if not over:
        return []
    keep = list(keep)
    for e, p in effects:
        if e.kind == "crowd":
            draw_crowd(surface, e, p, to_screen, tile, keep, room)
    # Labels sit by their fighters (above the strips kept clear) and round the dice and banners
    # already on screen, which keep their place while they are read; new dice, then banners, go
    # where they cover no label, each other nor a kept strip (words over words: never while a
    # place is free), then no token.
    rolls = [(e, p) for e, p in effects if e.kind == "dice"]
    banners = [(e, p) for e, p in effects if e.kind == "banner"]
    held_banners = captions.held_places("banners", banners)
    held = captions.held_places("dice", rolls) + held_banners
    # the squares a piece is moving through are kept in sight like words: the labels go round
    # them as round the held lines, the dice and banners as round a label (s54)
    moving = sight_boxes(effects, to_screen, tile)
    labels = draw_labels(surface, [(e, p) for e, p in effects if e.kind == "label"], to_screen, tile,
                         room_above(surface, room, keep), under_labels, tokens, held + moving, soft)
    # a new roll goes round the banners on screen too: laid over one, it sent the banner being
    # read from the board's top to its bottom (s49)
    # the dice and banners keep off the pillars and crates (and marks) too where a place allows (s51),
    # and off the deadly squares: two held rolls hid the lava rows a push was about (s54)
    stack_soft = [*soft, *stacks_soft]
    dice = draw_dice(surface, rolls, tokens, room, clear=labels + keep + held_banners + moving, soft=stack_soft)
    shown = dice + draw_banners(surface, banners, tokens, room, clear=labels + dice + keep + moving, soft=stack_soft)
    clip = surface.get_clip()
    return [box for box in shown if not clip.contains(box)]


CAPTIONS = frozenset({"label", "banner", "dice", "crowd", "sight"})
"""Effect kinds laid out as captions, not painted on the board (a "sight" is not drawn at all)."""


def sight_boxes(effects: Sequence[tuple[Effect, float]], to_screen: ToScreen, tile: float) -> list[pygame.Rect]:
    """The on-screen boxes of the squares the "sight" effects alive now keep in sight (a push's
    path and the square it ends on, while the pushed piece moves and sinks)."""
    size = max(1, round(tile))
    boxes = []
    for e, _ in effects:
        if e.kind == "sight":
            for x, y in e.data.get("squares", ()):
                sx, sy = to_screen(x, y)
                boxes.append(pygame.Rect(round(sx), round(sy), size, size))
    return boxes


def room_above(surface: pygame.Surface, room: pygame.Rect | None, keep: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The captions' `room` (the surface's clip when None) less the band of each `keep` box in
    its lower half (a strip drawn over the board's bottom): floating labels stay above it. The
    room as it was when nothing is in it, or when what is left would be under two rows of labels."""
    stage = surface.get_clip() if room is None else room.clip(surface.get_clip())
    bottom = min([k.top - 2 for k in keep if k.colliderect(stage) and k.centery > stage.centery], default=stage.bottom)
    if bottom >= stage.bottom or bottom - stage.top < stage.h // 2:
        return room
    return pygame.Rect(stage.left, stage.top, stage.w, bottom - stage.top)


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
        pygame.draw.circle(surface, palette.IMPACT_FLASH, (int(cx), int(cy)), _px(tile, 0.22 * (1 - p / 0.35)))


def _shot(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    assert e.at is not None
    (ax, ay), (bx, by) = e.at, e.data["to"]
    x, y = ax + (bx - ax) * p, ay + (by - ay) * p
    tx, ty = ax + (bx - ax) * max(0.0, p - 0.15), ay + (by - ay) * max(0.0, p - 0.15)
    pygame.draw.line(surface, palette.SHOT_TRAIL, to_screen(tx, ty), to_screen(x, y), max(2, _px(tile, 0.06)))


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
        pygame.draw.polygon(surface, palette.SWEEP_BLADE, band)
        pygame.draw.polygon(surface, palette.SWEEP_EDGE, band, 2)
    hx, hy = cx + math.cos(head) * outer, cy + math.sin(head) * outer
    pygame.draw.circle(surface, palette.SWEEP_TIP, (int(hx), int(hy)), _px(tile, 0.08))


def _death(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    if p < 0.4:
        return
    q = (p - 0.4) / 0.6
    s = tile * 0.25
    c = palette.DEATH_CROSS if q < 0.7 else palette.DEATH_CROSS_FADED
    w = max(2, _px(tile, 0.08))
    pygame.draw.line(surface, c, (cx - s, cy - s), (cx + s, cy + s), w)
    pygame.draw.line(surface, c, (cx + s, cy - s), (cx - s, cy + s), w)


def _sink(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    col = palette.SINK.get(e.data.get("terrain", ""), palette.SINK_OTHER)
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
        pygame.draw.line(col, (*palette.TELEPORT_LIGHT, a), (i, 0), (i, h))
        pygame.draw.line(col, (*palette.TELEPORT_LIGHT, a), (w - 1 - i, 0), (w - 1 - i, h))
    return col


def _teleport(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    """Téléportation (R6): a column of light and swirling sparks, out at the origin, in at the target."""
    cx, cy = _at(e, to_screen)
    inward = e.data.get("phase") == "in"
    column = _light_column(max(4, int(tile * 0.8)), max(4, int(tile * 1.6)))
    glow = math.sin(math.pi * p)
    blit_alpha(surface, column, (cx - column.get_width() / 2, cy - column.get_height() + tile * 0.35), glow)
    for i in range(14):
        a = i * math.pi / 7 + p * 5.0 * (1 if inward else -1)
        r = tile * (0.75 * (1 - p) + 0.1 if inward else 0.15 + 0.6 * p)
        x = cx + math.cos(a) * r
        y = cy + math.sin(a) * r * 0.6 - tile * (0.6 * p if not inward else 0.6 * (1 - p))
        col = palette.TELEPORT_SPARKS[i % 2]
        pygame.draw.circle(surface, col, (int(x), int(y)), _px(tile, 0.09 * (1 - 0.5 * p)))
        pygame.draw.circle(surface, palette.TELEPORT_CORE, (int(x), int(y)), _px(tile, 0.035))


def _zzz(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    cx, cy = _at(e, to_screen)
    for i in range(3):
        q = (p * 2 + i / 3) % 1.0
        img = text_surface("z", max(10, int(tile * (0.25 + 0.2 * q))), palette.SLEEP_Z)
        blit_alpha(surface, img, (cx + tile * (0.1 + 0.3 * q), cy - tile * (0.3 + 0.5 * q)), 1 - q)


def _declared(surface: pygame.Surface, e: Effect, p: float, to_screen: ToScreen, tile: float) -> None:
    origin: Pose = e.data["origin"]
    pts = [(origin.x + 0.5, origin.y + 0.5)] + [(x + 0.5, y + 0.5) for x, y in e.data["squares"]]
    shown = 1 + int(min(1.0, p * 2.5) * (len(pts) - 1) + 0.999)
    screen = [to_screen(*pt) for pt in pts[:shown]]
    if len(screen) >= 2:
        pygame.draw.lines(surface, palette.DECLARED_RUN, False, screen, max(2, _px(tile, 0.06)))
    for i, (x, y) in enumerate(screen[1:], 1):
        pygame.draw.circle(surface, palette.DECLARED_RUN, (int(x), int(y)), _px(tile, 0.12))
        t = text_surface(str(i), max(10, int(tile * 0.3)), palette.DECLARED_TEXT, outline=False)
        surface.blit(t, t.get_rect(center=(int(x), int(y))))


_PAINTERS: dict[str, Callable[[pygame.Surface, Effect, float, ToScreen, float], None]] = {
    "dust": _dust, "ripple": _ripple, "impact": _impact, "shot": _shot, "sweep": _sweep,
    "death": _death, "sink": _sink, "teleport": _teleport, "zzz": _zzz, "declared": _declared,
}


