"""Frame times as players feel them: each frame's CPU time and what happened in it.

The window's loop times every frame (`begin` / `end`, CPU time of the window's thread, so
the wait for the next frame is not counted) and the screens say what the frame did
(`note`): `hover` (the pointer moved), `input` (a click, a key, a button), `animation
start` (an action was applied: log, texts, highlights and the first animation frame),
`animation` (pieces moving), or nothing (`idle`).

`play --frame-log FILE` writes one line per frame, flushed as it goes: the CPU time in ms
first, then the kinds (`animation-start`, with a hyphen). F3 in the window shows the last
frames as a small graph of the same figures, with the 16.7 ms line (60 frames a second).
The benches read the same meter, so a stutter a player reports can be compared with them.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TextIO

import pygame

KINDS = ("animation start", "input", "animation", "hover", "idle")  # the frame's kind: the first that applies
BUDGET_MS = 1000 / 60
GRAPH = (240, 64)  # width (one pixel column per frame), height
GRAPH_SCALE_MS = 33.4  # the graph's top
_COLOURS = {  # differ in lightness too, so the kinds read apart without hue
    "animation start": (255, 120, 90), "input": (255, 214, 102), "animation": (120, 170, 255),
    "hover": (150, 220, 150), "idle": (110, 110, 118),
}


class FrameMeter:
    """Times frames, keeps the last ones, writes the frame log, draws the F3 graph."""

    def __init__(self, log: TextIO | None = None, keep: int = GRAPH[0], lang: str = "fr") -> None:
        self.log = log
        self.lang = lang
        self.frames: deque[tuple[float, str]] = deque(maxlen=keep)  # (CPU ms, kind)
        self.tags: set[str] = set()
        self.show_graph = False
        # where the graph goes in the next frame, when the screen under it has a free place
        # (`draw_graph`: the board's action bar, right of its last button); None: the top left
        self.spot: pygame.Rect | None = None
        self.drawn: pygame.Rect | None = None  # where the last frame drew it (None: not drawn)
        self._t0 = 0.0

    def begin(self) -> None:
        """A frame starts."""
        self.tags = set()
        self._t0 = time.thread_time()

    def elapsed_ms(self) -> float:
        """CPU time of the frame so far (ms)."""
        return (time.thread_time() - self._t0) * 1000

    def note(self, kind: str) -> None:
        """Say what this frame did (one of `KINDS`)."""
        self.tags.add(kind)

    def end(self) -> tuple[float, str]:
        """The frame is on screen: its CPU time in ms and its kind; logged when asked."""
        ms = (time.thread_time() - self._t0) * 1000
        tags = [k for k in KINDS if k in self.tags] or ["idle"]
        self.frames.append((ms, tags[0]))
        if self.log is not None:
            self.log.write(f"{ms:.2f} {' '.join(k.replace(' ', '-') for k in tags)}\n")
            self.log.flush()
        return ms, tags[0]

    def toggle_graph(self) -> None:
        """F3: the frame-time graph on or off."""
        self.show_graph = not self.show_graph

    def draw_graph(self, surface: pygame.Surface, at: tuple[int, int] = (8, 48)) -> None:
        """The last frames, one column each (height: CPU ms, colour: kind), and the 16.7 ms line:
        in the `spot` the screen gave for this frame (its height, its width up to the graph's),
        else at `at`. Over the board's column numbers 0–3 it hid what a player reads (s50)."""
        spot, self.spot, self.drawn = self.spot, None, None
        if not self.show_graph:
            return
        if spot is not None:
            (x0, y0), (w, h) = spot.topleft, (min(GRAPH[0], spot.w), spot.h)
        else:
            (x0, y0), (w, h) = at, GRAPH
        self.drawn = pygame.Rect(x0, y0, w, h)
        frames = list(self.frames)[-w:]
        surface.fill((16, 16, 20), (x0, y0, w, h))
        x = x0 + w - len(frames)
        for ms, kind in frames:
            bar = min(h, max(1, round(ms / GRAPH_SCALE_MS * h)))
            surface.fill(_COLOURS[kind], (x, y0 + h - bar, 1, bar))
            x += 1
        line = y0 + h - round(BUDGET_MS / GRAPH_SCALE_MS * h)
        surface.fill((235, 235, 235), (x0, line, w, 1))
        if self.frames:
            last = sorted(ms for ms, _ in self.frames)
            p99 = last[min(len(last) - 1, int(len(last) * 0.99))]
            from arena_game.render.text import font
            from arena_game.ui.strings import text

            figures = text("frame_graph", self.lang, last=f"{self.frames[-1][0]:.1f}", p99=f"{p99:.1f}")
            img = font(13).render(figures, True, (235, 235, 235))
            # on the graph's ground: in a short graph (a button's height) the 16.7 ms line ran through it
            surface.fill((16, 16, 20), (x0, y0, min(w, img.get_width() + 8), min(h, img.get_height() + 2)))
            surface.blit(img, (x0 + 4, y0 + 2), pygame.Rect(0, 0, w - 8, h - 2))
