"""The combat log beside the board, drawn by the window itself.

A pygame_gui text box re-drew its whole text block on every appended line (~12 ms in an
animation's first frame) and kept ~150 KiB of memory per line until the match ended. Here
each line is wrapped and rendered once, when it arrives; a frame that shows the log blits
the lines that fit, newest at the bottom. The mouse wheel over the log scrolls back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import pygame

from arena_game.render import palette
from arena_game.render.glyphs import drawable
from arena_game.render.text import font

Style = Literal["plain", "dice", "turn"]
SIZE = 13
PAD = 6
_INKS: dict[Style, tuple[tuple[int, int, int], bool, str]] = {  # colour, bold, indent
    "plain": (palette.LOG_TEXT, False, ""),
    "dice": (palette.LOG_DICE, False, "   • "),
    "turn": (palette.LOG_TURN, True, ""),
}


class LogPanel:
    """Lines of the log, each rendered once, drawn bottom-up into a rectangle."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lines: list[str] = []  # as read (tests, narration)
        self._styles: list[Style] = []
        self._rows: list[list[pygame.Surface]] = []  # per line, its wrapped rows
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # rows scrolled back from the newest

    def set_rect(self, rect: pygame.Rect) -> None:
        """The panel's place; lines are wrapped again for a new width."""
        width_changed = rect.w != self.rect.w
        self.rect = pygame.Rect(rect)
        if width_changed:
            self._rows = [self._render(line, style) for line, style in zip(self.lines, self._styles, strict=True)]

    def clear(self) -> None:
        """No line."""
        self.lines.clear()
        self._rows.clear()
        self._styles.clear()
        self.scroll = 0

    def add(self, entries: Iterable[tuple[str, Style]]) -> None:
        """Lines at the bottom (the oldest dropped past the limit); back to the newest."""
        for text, style in entries:
            self.lines.append(text)
            self._styles.append(style)
            self._rows.append(self._render(text, style))
        if len(self.lines) > self.limit:
            del self.lines[:-self.limit], self._rows[:-self.limit], self._styles[:-self.limit]
        self.scroll = 0

    def wheel(self, steps: int) -> None:
        """Scroll back (positive) or forward, in rows of text."""
        total = sum(len(r) for r in self._rows)
        self.scroll = max(0, min(max(0, total - 1), self.scroll + 3 * steps))

    def _render(self, text: str, style: Style) -> list[pygame.Surface]:
        colour, bold, indent = _INKS[style]
        f = font(SIZE, bold)
        width = max(40, self.rect.w - 2 * PAD)
        rows: list[pygame.Surface] = []
        line = ""
        for word in drawable(indent + text.strip()).split(" "):
            trial = f"{line} {word}" if line else word
            if line and f.size(trial)[0] > width:
                rows.append(f.render(line, True, colour))
                line = "   " + word
            else:
                line = trial
        rows.append(f.render(line, True, colour))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        """The background and the rows that fit, newest at the bottom."""
        if not self.rect.w or not self.rect.h:
            return
        surface.fill(palette.LOG_BACKGROUND, self.rect)
        pygame.draw.rect(surface, palette.LOG_EDGE, self.rect, 1)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip.w else self.rect)
        y = self.rect.bottom - PAD
        skip = self.scroll
        for rows in reversed(self._rows):
            for row in reversed(rows):
                if skip:
                    skip -= 1
                    continue
                y -= row.get_height()
                surface.blit(row, (self.rect.x + PAD, y))
                if y < self.rect.y:
                    surface.set_clip(clip)
                    return
        surface.set_clip(clip)
