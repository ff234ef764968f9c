"""The hand-off curtain between teams (hot-seat play): an opaque curtain in the incoming
team's colour, who plays next, and what the other team did since the last curtain, until a
key or a click. Nothing of the board shows through."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from arena_game.core.events import Event, TurnStarted
from arena_game.i18n import tn
from arena_game.render.glyphs import drawable
from arena_game.render.text import font, note_text, ui_scale, wrap_words
from arena_game.ui import keys
from arena_game.ui.screens.base import Screen

if TYPE_CHECKING:
    from arena_game.ui.app import App

TITLE_INK = (255, 255, 255)
SUMMARY_INK = (236, 230, 214)
HINT_INK = (214, 210, 198)
BOX_INK = (0, 0, 0, 96)  # the summary's box: darker than the curtain, its stripes dimmed under the words

LINE_SIZES = (18, 17, 16, 15, 14, 13, 12)  # the summary's font, the largest that holds it all (1280×720 design)
TWO_COLUMNS_FROM = 15  # below this size in one column, two columns of a larger font read better
MIN_SIZE = 12


class HandoffScreen(Screen):
    """The curtain naming the fighter and team to play; Enter, Space, Esc or a click lifts it.
    Other keys wait, so the next player does not act by accident."""

    opaque = True

    def __init__(self, app: App, message: str, colour: str | None = None, summary: Sequence[str] = (),
                 summary_title: str = "", team_line: str = "", hint: str = "") -> None:
        super().__init__(app)
        self.message = message  # "Oruk to play"
        self.team_line = team_line  # "Team: Les Vipères d'Onyx"
        self.hint = hint  # how to lift the curtain, at its foot
        self.colour = curtain_colour(colour)
        self.summary = list(summary)  # the other team's whole turn, one line an event (steps merged)
        self.summary_title = summary_title
        self.left_out = 0  # summary lines a too small window could not show (the middle ones)
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
        """The curtain: the team's colour with diagonal stripes (a cue beside the colour), who
        plays, then the summary of the other team's turn (drawn once, then copied)."""
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
        """Title, team and hint centred; the summary in a box between them, in the largest font
        (and one or two columns) that holds every line; the block in the middle of the window."""
        w, h = surface.get_size()
        k = ui_scale((w, h))
        pad = round(14 * k)
        room = pygame.Rect(w // 12, round(24 * k), w - w // 6, h - round(48 * k))
        title_f, team_f, head_f, hint_f = (font(round(30 * k), True), font(round(20 * k)),
                                           font(round(17 * k), True), font(round(16 * k)))
        title = wrap_words(drawable(self.message), title_f, room.w)
        team = wrap_words(drawable(self.team_line), team_f, room.w) if self.team_line else []
        hint = wrap_words(drawable(self.hint), hint_f, room.w) if self.hint else []
        top_h = len(title) * title_f.get_linesize() + len(team) * team_f.get_linesize()
        hint_h = len(hint) * hint_f.get_linesize()
        gap = round(20 * k)
        box_h = 0
        layout: _Layout | None = None
        if self.summary:
            head = wrap_words(drawable(self.summary_title), head_f, room.w - 2 * pad)
            head_h = len(head) * head_f.get_linesize() + round(6 * k)
            inner = pygame.Rect(0, 0, room.w - 2 * pad, room.h - top_h - hint_h - 2 * gap - 2 * pad - head_h)
            layout = self._fit(inner, k)
            box_h = 2 * pad + head_h + layout.height
        block = top_h + (gap + box_h if box_h else 0) + gap + hint_h
        y = room.top + max(0, (room.h - block) // 2)
        for line in title:
            y = self._centred(surface, line, title_f, round(30 * k), TITLE_INK, room, y)
        for line in team:
            y = self._centred(surface, line, team_f, round(20 * k), TITLE_INK, room, y)
        if layout is not None:
            y += gap
            # as wide as its widest line, the title's too: "Last turn of Les Vipères d'Onyx (Onyx
            # Vipers):" ran past both sides of a box sized to two short lines (s50 window2)
            widest = max([layout.width, *(head_f.size(line)[0] for line in head)])
            box = pygame.Rect(0, y, min(room.w, widest + 2 * pad), box_h)
            box.centerx = room.centerx
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, BOX_INK, shade.get_rect(), border_radius=round(10 * k))
            surface.blit(shade, box)
            ty = box.top + pad
            for line in head:
                ty = self._centred(surface, line, head_f, round(17 * k), SUMMARY_INK, box, ty, panel=box)
            self._columns(surface, layout, pygame.Rect(box.left + pad, ty + round(6 * k), box.w - 2 * pad, layout.height),
                          box)
            y = box.bottom
        y += gap
        for line in hint:
            y = self._centred(surface, line, hint_f, round(16 * k), HINT_INK, room, y)

    def _fit(self, inner: pygame.Rect, k: float) -> _Layout:
        """The largest font, in one column then two, that holds every summary line in `inner`;
        failing that, the smallest font in two columns, its middle lines left out."""
        tries = [(size, 1) for size in LINE_SIZES if size >= TWO_COLUMNS_FROM] + \
                [(size, 2) for size in LINE_SIZES]
        for size, columns in tries:
            layout = _Layout(self.summary, font(round(size * k)), round(size * k), columns, inner.w,
                             round(24 * k))
            if layout.height <= inner.h:
                self.left_out = 0
                return layout
        size = round(MIN_SIZE * k)
        f = font(size)
        gutter = round(24 * k)
        lo, hi = 1, max(1, len(self.summary) - 2)  # how many middle lines go: the fewest that lets the rest fit
        while lo < hi:
            mid = (lo + hi) // 2
            if _Layout(self._cut(mid), f, size, 2, inner.w, gutter).height <= inner.h:
                hi = mid
            else:
                lo = mid + 1
        self.left_out = lo
        return _Layout(self._cut(lo), f, size, 2, inner.w, gutter)

    def _cut(self, n: int) -> list[str]:
        """The summary without `n` of its middle lines, a line saying how many in their place:
        its start says what was declared, its end how it ended."""
        head = (len(self.summary) - n) // 2
        tail = len(self.summary) - n - head
        return [*self.summary[:head], tn("ui.handoff_left_out", n, self.lang),
                *self.summary[len(self.summary) - tail:]]

    def _columns(self, surface: pygame.Surface, layout: _Layout, area: pygame.Rect, box: pygame.Rect) -> None:
        x = area.left
        for column in layout.columns:
            y = area.top
            for line, dx in column:
                img = layout.font.render(line, True, SUMMARY_INK)
                at = img.get_rect(topleft=(x + dx, y))
                surface.blit(img, at)
                self._noted.append(("handoff_summary", at, layout.size, box, line))
                y += layout.font.get_linesize()
            x += layout.column_w + layout.gutter

    def _centred(self, surface: pygame.Surface, line: str, f: pygame.font.Font, size: int,
                 ink: tuple[int, int, int], room: pygame.Rect, y: int, panel: pygame.Rect | None = None) -> int:
        img = f.render(line, True, ink)
        at = img.get_rect(midtop=(room.centerx, y))
        surface.blit(img, at)
        self._noted.append(("handoff", at, size, surface.get_rect() if panel is None else panel, line))
        return y + f.get_linesize()

    def handle(self, event: pygame.event.Event) -> None:
        """A click anywhere or a dismiss key lifts the curtain."""
        if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("handoff",)) == "lift"):
            self.close()


class _Layout:
    """The summary's lines wrapped in `columns` columns of a `width` px area: each entry a
    bullet, its wrapped lines hung under its first word; an entry never split across columns."""

    def __init__(self, entries: Sequence[str], f: pygame.font.Font, size: int, columns: int, width: int,
                 gutter: int) -> None:
        self.font, self.size, self.gutter = f, size, gutter
        self.column_w = (width - gutter * (columns - 1)) // columns
        hang = f.size("• ")[0]
        wrapped: list[list[tuple[str, int]]] = []  # each entry's lines and how far in each starts
        for entry in entries:
            lines = wrap_words(drawable(entry), f, self.column_w - hang)
            mark = "" if entry.startswith("…") else "• "  # the left-out lines' note is no event
            wrapped.append([(mark + lines[0], 0)] + [(line, hang) for line in lines[1:]])
        per = -(-sum(len(x) for x in wrapped) // columns)
        self.columns: list[list[tuple[str, int]]] = [[] for _ in range(columns)]
        c = 0
        for placed in wrapped:  # fill a column up to its share, then the next
            if c < columns - 1 and self.columns[c] and len(self.columns[c]) + len(placed) > per:
                c += 1
            self.columns[c].extend(placed)
        self.height = max(len(col) for col in self.columns) * f.get_linesize()
        widest = max((dx + f.size(line)[0] for col in self.columns for line, dx in col), default=0)
        self.width = widest if columns == 1 else width


def curtain_colour(colour: str | None) -> tuple[int, int, int]:
    """The team's colour made dark enough for white text to read on it."""
    c = pygame.Color(colour or "#303038")
    return (c.r * 2 // 5, c.g * 2 // 5, c.b * 2 // 5)


def turn_events(log: Sequence[Event], start: int, team_of: Mapping[str, str], incoming: str) -> list[Event]:
    """The events of `log` from index `start` on that happened in the turns of fighters not
    of team `incoming` (their `TurnStarted` left out): what the curtain sums up. Not the
    match's setup before the first turn (its map, the turn order: s46 review, item 15), nor
    what happens in the incoming team's turns."""
    out: list[Event] = []
    team: str | None = None  # whose turn the event at hand belongs to; None before the first turn
    for i, e in enumerate(log):
        if isinstance(e, TurnStarted):
            team = team_of.get(e.fighter)
        elif i >= start and team is not None and team != incoming:
            out.append(e)
    return out


def last_turn_start(log: Sequence[Event]) -> int:
    """Where the turn under way starts in `log` (its `TurnStarted`; 0 before any): a match set
    up, loaded or resumed gets its first curtain's summary from there (`turn_events`)."""
    return next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], TurnStarted)), 0)
