"""The hand-off curtain between teams (hot-seat play): an opaque curtain in the incoming
team's colour, who plays next, and a short summary of what the other team did, until a key
or a click. Nothing of the board shows through."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from arena_game.render.glyphs import drawable
from arena_game.render.text import font, note_text, ui_scale, wrap_words
from arena_game.ui import keys
from arena_game.ui.screens.base import Screen

if TYPE_CHECKING:
    from arena_game.ui.app import App

TITLE_INK = (255, 255, 255)
SUMMARY_INK = (236, 230, 214)


def curtain_colour(colour: str | None) -> tuple[int, int, int]:
    """The team's colour made dark enough for white text to read on it."""
    c = pygame.Color(colour or "#303038")
    return (c.r * 2 // 5, c.g * 2 // 5, c.b * 2 // 5)


class HandoffScreen(Screen):
    """The curtain naming the team and fighter to play; Enter, Space, Esc or a click lifts it.
    Other keys wait, so the next player does not act by accident."""

    opaque = True

    def __init__(self, app: App, message: str, colour: str | None = None, summary: Sequence[str] = (),
                 summary_title: str = "", earlier: str = "") -> None:
        super().__init__(app)
        self.earlier = earlier  # "3 earlier lines: see the log", above the summary cut short
        self.message = message
        self.colour = curtain_colour(colour)
        self.summary = list(summary)
        self.summary_title = summary_title
        self._picture: pygame.Surface | None = None  # the curtain drawn, for the window's size
        self._noted: list[tuple[str, pygame.Rect, int, pygame.Rect, str]] = []  # its words, where they are
        self._words_due = False

    def update(self, dt_ms: int) -> None:
        """The stripes and the words, drawn on the curtain in the frame after the one that
        first shows it in the team's colour (all at once, the curtain took ~10 ms of the frame
        that ended the turn)."""
        if self._words_due and self._picture is not None:
            self._words_due = False
            self._stripe(self._picture)
            self._write(self._picture)

    def draw(self, surface: pygame.Surface) -> None:
        """The curtain: the team's colour with diagonal stripes (a cue beside the colour), the
        message, then the summary of the other team's turn (drawn once, then copied)."""
        if self._picture is None or self._picture.get_size() != surface.get_size():
            self._picture = self._ground(surface.get_size())
            self._noted = []
            self._words_due = True
        surface.blit(self._picture, (0, 0))
        for noted in self._noted:  # for the layout tests, as if written now
            note_text(*noted)

    def _ground(self, size: tuple[int, int]) -> pygame.Surface:
        ground = pygame.Surface(size)
        ground.fill(self.colour)
        return ground

    def _stripe(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        stripe = tuple(min(255, v + 14) for v in self.colour)
        for x in range(-h, w, 48):
            pygame.draw.line(surface, stripe, (x, h), (x + h, 0), 10)

    def _write(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        room = pygame.Rect(w // 10, h // 6, w * 8 // 10, h * 2 // 3)
        y = room.top
        y = self._lines(surface, self.message, round(26 * scale), True, TITLE_INK, room, y) + round(18 * scale)
        if self.summary:
            y = self._lines(surface, self.summary_title, round(17 * scale), True, SUMMARY_INK, room, y) + 4
            if self.earlier:
                y = self._lines(surface, self.earlier, round(15 * scale), False, SUMMARY_INK, room, y)
            for line in self.summary:
                if y > room.bottom - round(40 * scale):
                    break
                y = self._lines(surface, "• " + line, round(16 * scale), False, SUMMARY_INK, room, y)

    def _lines(self, surface: pygame.Surface, words: str, size: int, bold: bool, ink: tuple[int, int, int],
               room: pygame.Rect, y: int) -> int:
        f = font(size, bold)
        for line in wrap_words(drawable(words), f, room.w):
            img = f.render(line, True, ink)
            at = img.get_rect(midtop=(room.centerx, y))
            surface.blit(img, at)
            self._noted.append(("handoff", at, size, surface.get_rect(), line))
            y += f.get_linesize()
        return y

    def handle(self, event: pygame.event.Event) -> None:
        """A click anywhere or a dismiss key lifts the curtain."""
        if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("handoff",)) == "lift"):
            self.close()
