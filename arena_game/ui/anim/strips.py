"""Headless frames of an animation: a strip of frames side by side, for looking and tests.

`render_strip` plays events through an `AnimationQueue` driven by a fake clock and draws
the board, the tokens at their poses and the effects at evenly spaced times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

import pygame

from arena_game.core.board import Board
from arena_game.core.events import Event
from arena_game.core.state import MatchState
from arena_game.render import palette
from arena_game.render.board import draw_board
from arena_game.render.sprites import SpriteBook
from arena_game.render.tokens import token_of
from arena_game.ui.anim.draw import draw_token, text_surface
from arena_game.ui.anim.queue import AnimationQueue, pose_to_draw


class FakeClock:
    """A clock the caller moves by hand (`clock.now = 1.5`)."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def board_image(board: Board, tile: int, book: SpriteBook) -> pygame.Surface:
    """The board drawn once, as the window draws it (tokens and effects go on top each frame)."""
    surf = pygame.Surface((board.width * tile, board.height * tile))
    draw_board(surf, board, book, tile)
    return surf


def draw_frame(
    surface: pygame.Surface, queue: AnimationQueue, state: MatchState, background: pygame.Surface,
    tile: int, book: SpriteBook | None = None, origin: tuple[int, int] = (0, 0),
    under_labels: Callable[[list[pygame.Rect]], None] | None = None,
) -> None:
    """One frame as the window draws it: board, tokens at poses (or state), effects;
    `under_labels` draws over the tokens but under the floating labels, given their boxes
    (called once a frame, with no box when no label is alive)."""
    surface.fill(palette.STRIP_BACK)
    surface.blit(background, origin)
    ox, oy = origin

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (ox + x * tile, oy + y * tile)

    queue.draw(surface, to_screen, tile, book, layer="ground")
    for f in state.fighters.values():
        pose = pose_to_draw(queue, f)
        if pose is None:
            continue
        token = replace(token_of(state, f), status="ok", active=False)  # the pose tilts and fades it
        draw_token(surface, pose, token, to_screen, tile, book)
    queue.draw(surface, to_screen, tile, book, layer="over", under_labels=under_labels)


def render_strip(
    events: Iterable[Event], before: MatchState, after: MatchState, frames: int = 6,
    tile: int = 56, speed: float = 1.0, book: SpriteBook | None = None,
) -> tuple[pygame.Surface, float]:
    """Frames of the animation side by side, and its total duration (seconds at `speed`).

    Frame i is drawn at time i × hold / (frames − 1), `hold` being when input is accepted
    again (the last frame: tokens at rest, labels still fading). Each frame has a band
    above the board, where a window shows the dice banners. Like the window, every frame reads
    only the `after` state plus the queue's poses.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    clock = FakeClock()
    queue = AnimationQueue(clock=clock, speed=speed)
    queue.push(list(events), before)
    total = queue.remaining
    book = book or SpriteBook(tile=tile, use_user_folder=False)
    background = board_image(before.board, tile, book)
    bw, bh = background.get_size()
    band = 130
    w, h = max(bw, 620), bh + band
    origin = ((w - bw) // 2, band)
    caption = 22
    strip = pygame.Surface((frames * (w + 6) - 6, h + caption))
    strip.fill(palette.STRIP_GAP)
    frame = pygame.Surface((w, h))
    for i in range(frames):
        clock.now = total * i / (frames - 1) if frames > 1 else total
        queue.update()
        draw_frame(frame, queue, after, background, tile, book, origin=origin)
        strip.blit(frame, (i * (w + 6), 0))
        label = text_surface(f"t = {clock.now:.2f} s", 16, palette.STRIP_TEXT, outline=False)
        strip.blit(label, (i * (w + 6) + 4, h + 3))
    return strip, total
