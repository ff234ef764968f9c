"""The combat log's text box: pygame_gui's `UITextBox` (HTML, colours, clickable rule links,
scroll bar) whose appended lines cost what they draw, not what the whole log draws, and
whose oldest lines are dropped without laying out the rest again.

pygame_gui keeps a text box's whole text drawn on one surface the height of the text; when
an appended line makes the text taller, it draws every row again on a new surface (~0.35 ms
a log line: 70 ms with 200 lines, in the frame that ends an animation). Here the rows above
the one the new text starts in are kept and only the rest is drawn, on a surface with room
for a few more screens of lines (blank: the box shows the text's height only).

Setting the text again to drop the oldest lines parses and lays out every line left, twice
(80–100 ms at 1920×1080 with 200 lines). Here the first rows are removed, the rows left move
up and the surface they are drawn on starts lower down on the same pixels: nothing is drawn.

The line that first makes the text taller than the box brings the scroll bar: pygame_gui
then builds the bar and lays the whole text out again, narrower, in the same call (~12 ms on
top of the frame that ends an animation: a 19 ms frame once a match). Here that rebuild
waits for the next frame, and lays the text out once, beside the bar: pygame_gui first lays
it out again at the box's whole width only to find it taller than the box, which the lines
appended at that width already showed (~4 of its 12 ms on a 64×64 board's hover frame).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pygame
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont
from pygame_gui.core.utility import basic_blit
from pygame_gui.elements import UIVerticalScrollBar, ui_text_box

from arena_game.i18n import LANGS, t
from arena_game.i18n.glosses import glosses
from arena_game.i18n.terms import held
from arena_game.render.text import cut_to_fit
from arena_game.ui.words_box import WordsBox

BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
TAG = re.compile(r"<[^>]*>")
PIECES = re.compile(r"(<[^>]*>)")
SQUARE = re.compile(r"\((-?\d+), (-?\d+)\)")
"""A square as the log names it, "(3, 4)": laid out with a no-break space, whole on one row
("… (3," at a row's end and "3) …" on the next read as two numbers)."""
HANG = re.compile(r"^( +• )")
"""A line's hanging start: spaces and a bullet (a roll under its action, `panels_html.log_html`);
its wrapped rows start under the text after it, not at the box's left edge."""


CLEAR = pygame.Color(0, 0, 0, 0)


class Canvas:
    """The pixels a log box draws its text on once it is long, kept from one text to the next
    (a new match, a log set again): a surface tens of MiB tall costs ~25 ms to make (the
    system's fresh pages) in whichever frame needs it, and a log that grows needs one often.
    Made once, when the text has a third of `lines` (the most the box holds), for all of them."""

    def __init__(self, lines: int) -> None:
        self.lines = lines
        self.surface: pygame.Surface | None = None
        self.used = 0  # rows of pixels from the top that may hold an older text


@contextmanager
def laid_out_by(kind: type[TextBoxLayout]) -> Iterator[None]:
    """pygame_gui's text boxes lay their text out in a `TextBoxLayout` they make by that name of
    their module, and lay it out as they make it: inside this, they make a `kind` instead (a
    layout's class set after it is made would only change how it grows)."""
    saved = ui_text_box.TextBoxLayout
    ui_text_box.TextBoxLayout = kind  # type: ignore[misc]
    try:
        yield
    finally:
        ui_text_box.TextBoxLayout = saved  # type: ignore[misc]


class WholeRowsLayout(TextBoxLayout):
    """A text layout whose line breaks never make a blank row. pygame_gui gives a break 4 px
    of width and, when a row's text ends less than that from the box's edge, puts the break on
    a row of its own: a blank row under each line that just fits (the fighter sheet's weapon,
    a log line, at 800×560). Here the break takes what room is left on its row."""

    def _handle_line_break_rect(self, current_row: Any, line_break_layout_rect: Any) -> Any:
        spare = self.layout_rect.right - line_break_layout_rect.left
        if line_break_layout_rect.right > self.layout_rect.right and spare >= 0 and current_row.items:
            line_break_layout_rect.width = spare
        return super()._handle_line_break_rect(current_row, line_break_layout_rect)


class GrowingLayout(WholeRowsLayout):
    """A text layout that, grown at its end, keeps the rows already drawn, and drops its first
    lines without drawing the others again. `canvas` is where it draws once it outgrows the
    surface pygame_gui made it (its box's, kept)."""

    canvas: Canvas | None = None

    def append_layout_rects(self, new_queue: Any) -> None:
        """The new text laid out after the last row and drawn from that row on; the surface,
        when too short, swapped for a taller one (`_room`) by copying the rows above."""
        last_row = self.layout_rows[-1]
        first, top = last_row.row_index, last_row.top
        self._process_layout_queue(new_queue, last_row)
        old = self.finalised_surface
        if old is None:
            return
        width, height = self.layout_rect.width + self.edit_buffer, self.layout_rect.height
        if width != old.get_width() or self.floating_rects or self.current_end_pos != self.letter_count:
            self.finalise_to_new()  # anything but a plain taller text: pygame_gui's own way
            return
        surface = old
        if height > old.get_height():
            surface = self._room(width, height, top)
            self._draw_on(surface, self.layout_rows[:first])  # the old surface is freed
        for row in self.layout_rows[first:]:
            row.finalise(surface)
        if self.canvas is not None and surface is self.canvas.surface:
            self.canvas.used = max(self.canvas.used, height)

    def _room(self, width: int, height: int, top: int) -> pygame.Surface:
        """A surface at least `height` tall with the text's rows above `top` copied on it, the
        rest clear: the canvas once the text has a third of the canvas's lines (made anew,
        sized for them all, when it is missing, too narrow or too short), else a surface of its
        own with room for two more boxes of lines (a few MiB at most, ~1 ms a MiB)."""
        old = self.finalised_surface
        assert old is not None
        lines = self.line_count()
        canvas = self.canvas
        if canvas is None or 3 * lines < canvas.lines:
            canvas = Canvas(0)
        surface = canvas.surface
        if surface is None or surface.get_width() != width or surface.get_height() < height or surface is old:
            surface = pygame.Surface((width, self.room_for(height, lines, canvas.lines)), depth=32, flags=pygame.SRCALPHA)
            canvas.surface, canvas.used = surface, 0
        surface.fill(CLEAR, pygame.Rect(0, 0, width, max(top, canvas.used)))  # an older text's pixels
        canvas.used = top
        basic_blit(surface, old, (0, 0), pygame.Rect(0, 0, width, top))  # premultiplied onto clear: exact
        return surface

    def room_for(self, height: int, lines: int, most: int) -> int:
        """How tall a surface for this text (`height` px, `lines` lines) is made, to hold `most`
        lines: at least a quarter more and two boxes more, and `most` lines as tall as these
        on average, and 10 %."""
        return max(height + 2 * self.view_rect.height, height * 5 // 4, height * most * 11 // (10 * max(1, lines)))

    def line_count(self) -> int:
        """The text's lines (its line breaks; a hanging line's rows each end in one)."""
        return sum(1 for row in self.layout_rows if any(isinstance(i, LineBreakLayoutRect) for i in row.items))

    def _draw_on(self, surface: pygame.Surface, rows: list[Any]) -> None:
        """Make `surface` the text's; `rows` (drawn there already) and their chunks keep the
        surface they were drawn on (a link redraws itself there when hovered): this one."""
        self.finalised_surface = surface
        for row in rows:
            row.target_surface = surface
            for chunk in row.items:
                if isinstance(chunk, TextLineChunkFTFont):  # the text kinds keep it
                    chunk.target_surface = surface

    def drop_lines(self, breaks: int) -> bool:
        """Remove the rows up to and with the `breaks`-th line break; the rows left, and their
        pixels, move up by the height removed (nothing is drawn again). False, and nothing
        changed, when that is not how the text would lay out anew (floating images, text
        effects, fewer breaks, no row left or no scrolling after)."""
        rows, surface = self.layout_rows, self.finalised_surface
        if breaks <= 0 or surface is None or self.floating_rects or self.alpha != 255 \
                or self.current_end_pos != self.letter_count:
            return False
        cut, seen = 0, 0
        while cut < len(rows) and seen < breaks:
            seen += any(isinstance(item, LineBreakLayoutRect) for item in rows[cut].items)
            cut += 1
        if seen < breaks or cut >= len(rows):
            return False
        kept = rows[cut:]
        dy = kept[0].y - rows[0].y
        bottom = max(row.bottom for row in kept) - dy
        if bottom - self.layout_rect.y <= self.view_rect.height:
            return False  # the text left fits the box: laid out anew, it has no scroll bar
        kept_items = {id(item) for row in kept for item in row.items}
        for index, row in enumerate(kept):
            row.row_index = index  # rows are equal by index
            row.y -= dy
            row.cursor_rect.y -= dy
            for item in row.items:
                item.y -= dy
                if isinstance(item, TextLineChunkFTFont):
                    item.pre_row_rect.y -= dy
        self.layout_rows = kept
        self.link_chunks = [c for c in self.link_chunks if id(c) in kept_items]
        self.selected_chunks, self.selected_rows = [], []
        if self.cursor_text_row is not None and all(r is not self.cursor_text_row for r in kept):
            self.cursor_text_row = None
        drawn = min(surface.get_height(), self.layout_rect.height)  # the old text's pixels
        surface.subsurface(pygame.Rect(0, 0, surface.get_width(), drawn)).scroll(0, -dy)
        surface.fill(CLEAR, pygame.Rect(0, drawn - dy, surface.get_width(), dy))
        self.layout_rect.height = max(self.view_rect.height, bottom - self.layout_rect.y)
        self._refresh_row_letter_counts()
        self._update_plain_text()
        return True

    # the text as plain letters (for a selection, a copy) is made when read, not at each append
    # (a pass over every chunk: ~5 ms with 300 lines)

    @property
    def plain_text(self) -> str:
        if self.__dict__.get("_plain") is None:
            TextBoxLayout._update_plain_text(self)
        return str(self.__dict__["_plain"])

    @plain_text.setter
    def plain_text(self, value: str) -> None:
        self.__dict__["_plain"] = value

    def _update_plain_text(self) -> None:
        self.__dict__["_plain"] = None


class EndReachingScrollBar(UIVerticalScrollBar):
    """pygame_gui's vertical scroll bar whose slider's end shows the text's end. Its slider is
    never under 5 px: on a long text in a short box (300 log lines in the 93 px the match-over
    summary leaves it) that is more than its share, and pygame_gui's start, the slider's place
    over the bar's height, then stopped ~900 px above the text's end, the match's last lines
    out of reach by wheel, drag or `scroll_to_end` (s61 audit). Here the slider's run is mapped
    onto the text's whole scroll."""

    def _run(self) -> float:
        """The start (a share of the bar's height) at which the slider meets the bar's end."""
        height = self.scrollable_height
        button = self.sliding_button.rect.height if self.sliding_button is not None else 0
        return (height - button) / height if height > 0 else 0.0

    @property
    def start_percentage(self) -> float:
        """Where the text shows from, a share of its height."""
        end, run = 1.0 - self.visible_percentage, self._run()
        if run >= end or run <= 0:  # the slider at its share's height: as pygame_gui has it
            return float(self._start_percentage)
        return round(min(self._start_percentage, run) / run * end, 4)

    @start_percentage.setter
    def start_percentage(self, value: float) -> None:
        self._start_percentage = round(value, 4)

    def set_scroll_from_start_percentage(self, new_start_percentage: float) -> None:
        end, run = 1.0 - self.visible_percentage, self._run()
        if 0 < run < end:
            new_start_percentage = new_start_percentage / end * run
        super().set_scroll_from_start_percentage(new_start_percentage)


class LogBox(WordsBox):
    """A `UITextBox` for a log that grows at its end (`append_html_text`) and loses its oldest
    lines (`drop_first_lines`); `lines`: the most lines it holds (its canvas is made for them)."""

    def __init__(self, *args: Any, lines: int = 300, **kwargs: Any) -> None:
        self.canvas = Canvas(lines)
        self._rows_counted = -1  # the text's rows when `canvas_due` last counted its lines
        self._hung_lines: dict[tuple[str, int], str] = {}  # (line, width) → the line in hanging rows (`_hung`)
        self.end_due = False  # the text outgrew the box: the scroll bar comes next frame, shown at its end
        self._appending = False  # inside `append_html_text`: a rebuild asked now is the first overflow's
        self._wide_laid_out = False  # inside the deferred rebuild: the text is laid out at the whole width
        self._keep_layout = False  # inside `set_height` of a box that scrolls: its rows stay as laid out
        super().__init__(*args, **kwargs)

    def _build_scrollbar_for_oversized_text(self, *args: Any) -> None:
        """pygame_gui's, with a bar whose end shows the text's end (`EndReachingScrollBar`)."""
        saved = ui_text_box.UIVerticalScrollBar
        ui_text_box.UIVerticalScrollBar = EndReachingScrollBar  # type: ignore[misc]
        try:
            super()._build_scrollbar_for_oversized_text(*args)
        finally:
            ui_text_box.UIVerticalScrollBar = saved  # type: ignore[misc]

    def _pre_parse_text(self, input_text: str) -> str:
        """The text as pygame_gui lays it out (at every set, append and rebuild, so at the box's
        width of the moment, less its scroll bar when it has one): its squares held whole
        (`SQUARE`); a line starting with a bullet (`HANG`) broken into rows here, each row after
        the first starting under the first word after the bullet — pygame_gui's HTML has no
        indent, and wraps a row back to the box's left edge; a shipped name's gloss held whole
        ("La Fosse de lave (the lava" / "pit)" at 800×560, s51), a critical mark too (s52)."""
        text = SQUARE.sub("(\\1,\u00a0\\2)", super()._pre_parse_text(input_text))
        if "(" in text or "[" in text:
            for gloss, whole in gloss_holds():
                if gloss in text:
                    text = text.replace(gloss, whole)
        room = self.text_wrap_rect[2] - 2 if self.text_wrap_rect is not None else 0  # a pixel of pygame_gui's rounding
        if room <= 0 or ("•" not in text and "\u00a0" not in text):
            return text
        return "<br>".join(self._hung(line, room) if "•" in line else self._held(line, room) if "\u00a0" in line
                           else line for line in BREAK.split(text))

    def _held(self, line: str, room: int) -> str:
        """`line` broken at its no-break spaces when it is held whole and wider than `room`
        (`held_rows`), kept by line and width as `_hung` keeps its lines."""
        if " " in TAG.sub("", line):  # (most lines: a square's or a gloss's no-break space among plain ones)
            return line
        key = (line, room)
        found = self._hung_lines.get(key)
        if found is None:
            info = self.ui_theme.get_font_info(self.combined_element_ids)
            fonts = self.ui_theme.get_font_dictionary()
            bold = fonts.find_font(int(info["size"]), info["name"], bold="<b>" in line)
            found = self._hung_lines[key] = held_rows(line, room, bold)
        return found

    def _hung(self, line: str, room: int) -> str:
        """`line` (HTML) in rows of at most `room` pixels, the rows after the first indented to
        the width of its bullet and the spaces before it; kept by line and width (a rebuild
        lays the whole log out again: its lines are measured once)."""
        key = (line, room)
        found = self._hung_lines.get(key)
        if found is not None:
            return found
        if len(self._hung_lines) > 4 * self.canvas.lines:  # a new match's lines, a new width: the old go
            self._hung_lines.clear()
        found = self._hung_lines[key] = hang(line, room, self.ui_theme.get_font(self.combined_element_ids))
        return found

    def append_html_text(self, new_html_str: str) -> None:
        """pygame_gui's append, but the text that first outgrows the box is drawn as it is
        (its end hidden below the box for one frame) and the rebuild that brings the scroll
        bar is left to the next frame's `update`, which then shows the text's end."""
        self._appending = True
        try:
            super().append_html_text(new_html_str)
        finally:
            self._appending = False

    def _defer_rebuild(self) -> None:
        """In place of the rebuild pygame_gui's append asks for when the text first outgrows
        the box: the text drawn from its top, the rebuild left to the next frame."""
        assert self.text_box_layout is not None
        self._setup_final_text_box_image(self._calculate_drawable_area(0))
        self.link_hover_chunks = []
        self.text_box_layout.add_chunks_to_hover_group(self.link_hover_chunks)
        if not self.end_due:  # already due: it stays due (lines appended frame after frame)
            self.end_due = True
            self.should_trigger_full_rebuild = True
            # `update` checks the countdown before it counts it down: this frame's update
            # leaves it below zero, the next one rebuilds
            self.full_rebuild_countdown = 1e-9

    def postpone_rebuild(self) -> None:
        """A rebuild left for this frame by `append_html_text` waits one frame more (another
        box was laid out in this one)."""
        if self.end_due:
            self.full_rebuild_countdown = 1e-9

    def rebuild(self) -> None:
        """pygame_gui's rebuild, but the one asked by an append (`append_html_text`) waits for
        the next frame; after a deferred one, the text's end shown."""
        if self._appending and self.scroll_bar is None and not self.dynamic_height and self.text_box_layout is not None:
            self._defer_rebuild()
            return
        self._wide_laid_out = self.end_due
        try:
            super().rebuild()
        finally:
            self._wide_laid_out = False
        if self.end_due:
            self.end_due = False
            self.show_end_now()

    def set_height(self, height: int) -> None:
        """The box made `height` px high, its width kept, its text's end shown. A text that scrolls
        keeps its rows as laid out when it still does (laid out again, a log of 200 lines took
        ~110 ms at 1920×1080): only the box, its scroll bar and the part shown are made again."""
        self.set_dimensions((self.rect.w, height))
        self._keep_layout = self.scroll_bar is not None
        try:
            self.rebuild()
        finally:
            self._keep_layout = False
        self.show_end_now()

    def show_end_now(self) -> None:
        """The text's end shown in this frame, after a rebuild (a new size): the bar's visible
        share is set first, as it bounds its end (scrolled before, a log made shorter under the
        match-over bar stayed lines above its end, the match's last lines out of sight, s61 audit)."""
        if self.scroll_bar is not None:
            self.redraw_from_text_block()  # sets the bar's visible share, which bounds its end
            self.scroll_to_end()
            self.redraw_from_text_block()  # shown at its end in this frame, not the next

    def canvas_due(self) -> bool:
        """Whether the canvas should be made now, ahead of need: the text has a quarter of the
        lines it is made at (a third, `GrowingLayout._room`) and there is none of its width.
        Made in the frame that needed it, next to the action's own work, it took that frame
        to 18-22 ms at 1920×1080 (~18 MiB of fresh pixels, ~11 ms, s53)."""
        layout = self.text_box_layout
        if not isinstance(layout, GrowingLayout) or layout.finalised_surface is None or self.scroll_bar is None \
                or self.end_due:  # the width it is laid out at is the one beside its scroll bar
            return False
        surface, width = self.canvas.surface, layout.layout_rect.width + layout.edit_buffer
        if surface is not None and surface.get_width() == width:
            return False
        rows = len(layout.layout_rows)
        if rows == self._rows_counted:  # no new row since the last look: no new line
            return False
        self._rows_counted = rows
        return 4 * layout.line_count() >= self.canvas.lines

    def make_canvas(self) -> None:
        """The canvas for the text as it is now, sized as `GrowingLayout._room` would (its
        pixels clear: a new surface's are); the text draws there when it outgrows its surface."""
        layout = self.text_box_layout
        assert isinstance(layout, GrowingLayout)
        width, height = layout.layout_rect.width + layout.edit_buffer, layout.layout_rect.height
        room = layout.room_for(height, layout.line_count(), self.canvas.lines)
        self.canvas.surface, self.canvas.used = pygame.Surface((width, room), depth=32, flags=pygame.SRCALPHA), 0

    def parse_html_into_style_data(self) -> None:
        """pygame_gui's, but not at the whole width in the deferred rebuild when the text, laid
        out at that width as it was appended, is taller than the box: the rebuild then lays it
        out beside its scroll bar (the layout it would have made here is thrown away)."""
        layout, wrap = self.text_box_layout, self.text_wrap_rect
        if self._keep_layout and layout is not None and wrap is not None and self._rows_fit(layout.layout_rect, wrap):
            layout.view_rect.height = wrap[3]  # the rows stand; only the part shown is new
            return
        if self._wide_laid_out:
            self._wide_laid_out = False
            if layout is not None and wrap is not None and layout.layout_rect.width == wrap[2] \
                    and layout.layout_rect.height > wrap[3]:
                return
        with laid_out_by(GrowingLayout):
            super().parse_html_into_style_data()
        layout = self.text_box_layout
        if isinstance(layout, GrowingLayout):
            layout.canvas = self.canvas

    def _rows_fit(self, laid: pygame.Rect, wrap: pygame.Rect) -> bool:
        """Whether text laid out beside a scroll bar (`laid`) serves a box whose text goes in
        `wrap`: as wide (the room beside its scroll bar), or the whole width with the text
        taller than the box (it will have the bar again)."""
        return laid.width == wrap[2] or (laid.width == wrap[2] - self.scroll_bar_width and laid.height > wrap[3])

    def drop_first_lines(self, lines: list[str], html_text: str) -> bool:
        """Drop the box's first `lines` (HTML, as given) without laying out the others again;
        `html_text` is the text left, what a rebuild (resize, theme) lays out. The scroll bar
        keeps its place at the text's end. False, nothing changed, when the box cannot:
        set its text instead."""
        if self.end_due:  # the scroll bar's rebuild still waits for its frame: done now
            self.rebuild()
        layout = self.text_box_layout
        if not isinstance(layout, GrowingLayout) or self.scroll_bar is None:
            return False
        if self.select_range[0] != self.select_range[1]:
            self.select_range = [0, 0]  # a selection counts letters from the top
        unescape = self.should_html_unescape_input_text
        breaks = 0
        for line in lines:  # each line ends with a break, and may hold more (its hanging rows' too)
            src = self._pre_parse_text(html.unescape(line) if unescape else line)
            breaks += len(BREAK.findall(src)) + 1
        if not layout.drop_lines(breaks):
            return False
        self.html_text = html.unescape(html_text) if unescape else html_text
        self.appended_text = ""  # the text left is all in html_text now
        self._redraw_from_text_block_and_finalise_hyperlinks()
        return True

    def scroll_to_end(self) -> None:
        """Show the end of the log with its top line whole: scrolled to the very end, the box's
        top edge falls where the text's height puts it, often through a line; it is moved up
        to the top of that line, which takes at most a line's height off the bottom, where the
        text ends with an empty line (every log line ends with a break). The line may be the
        first one (the first overflow, by less than a row): the view then starts at 0."""
        bar, layout = self.scroll_bar, self.text_box_layout
        if bar is None:
            return
        bar.set_scroll_from_start_percentage(1.0)
        if layout is None:
            return
        origin, height = layout.layout_rect.top, layout.layout_rect.height
        end = int(bar.start_percentage * height)  # where pygame_gui draws from (`UITextBox.update`)
        top = max((row.top - origin for row in layout.layout_rows if row.top - origin <= end), default=0)
        if top < end:
            bar.set_scroll_from_start_percentage((top + 0.5) / height)  # `int()` of it gives `top` back


@cache
def gloss_holds() -> tuple[tuple[str, str], ...]:
    """Each shipped name's gloss of more than one word in its brackets, "(the lava pit)", and
    a roll's critical mark, "[réussite critique]", each with the same with no-break spaces: a
    log line breaks before it or after it, not inside ("… = 28 [réussite" / "critique]" at
    1920×1080, s52)."""
    marks = {t(f"term.{key}", lang).strip() for lang in LANGS for key in ("critical_success", "critical_failure")}
    return (tuple((f"({g})", f"({held(g)})") for g in sorted(set(glosses().values())) if " " in g)
            + tuple((m, held(m)) for m in sorted(marks) if " " in m))


WORDLESS = re.compile(r"^\W+$")
"""A held line's piece with no letter or digit ("—", ":", "»"): kept on the row of its word."""


def held_rows(line: str, room: int, font: Any) -> str:
    """A line held whole (its text's spaces all no-break: a turn's heading, "— Round 4:
    Maximilienne Éléonore de la Tour d'Auvergne —", `narration`) and wider than `room` px in
    `font`, broken at its no-break spaces into rows as full as they go (its dashes and colon on
    their word's row), a word wider than a row cut with "…" (`cut_to_fit`): pygame_gui cut the
    line mid-word with a hyphen ("d'Auvergn-e" at 1920×1080, s61). A line with a plain space, with
    tags inside its text, or that fits, as it is."""
    pieces = PIECES.split(line)
    texts = [i for i, piece in enumerate(pieces) if i % 2 == 0 and piece]
    if len(texts) != 1:
        return line
    plain = html.unescape(pieces[texts[0]])
    if " " in plain or font.size(plain)[0] <= room:
        return line
    words: list[str] = []
    for word in plain.split("\u00a0"):
        if words and (WORDLESS.match(word) or (len(words) == 1 and WORDLESS.match(words[0]))):  # (a leading dash too)
            words[-1] += "\u00a0" + word
        else:
            words.append(word)
    rows: list[str] = []
    for word in words:
        if rows and font.size(f"{rows[-1]}\u00a0{word}")[0] <= room:
            rows[-1] += "\u00a0" + word
        else:
            rows.append(cut_to_fit(word, font, room))
    pieces[texts[0]] = "<br>".join(html.escape(row, quote=False) for row in rows)
    return "".join(pieces)


def hang(line: str, room: int, font: Any) -> str:
    """`line` (pygame_gui HTML, its tags not changing the font) broken into rows at most `room`
    pixels wide in `font`, between words (at plain spaces, as pygame_gui breaks them); every
    row after the first starts with spaces as wide as the line's start up to and with its
    bullet (`HANG`), so it hangs under the text after the bullet. A line without that start, or
    that fits, as it is."""
    plain = html.unescape(TAG.sub("", line))
    start = HANG.match(plain)
    if start is None or font.size(plain)[0] <= room:
        return line
    space = max(1, font.size(" ")[0])
    indent = " " * max(1, round(font.size(start.group(1))[0] / space))
    # the line's words: the text between plain spaces, with the tags among it kept in place
    # (the first word starts after the bullet's spaces: those are the row's start, not breaks)
    head = line.index("•") + 1
    while head < len(line) and line[head] == " ":
        head += 1
    words = [""]
    for i, piece in enumerate(PIECES.split(line[head:])):  # text, tag, text, tag…: a tag's spaces break nothing
        if i % 2:
            words[-1] += piece
        else:
            first, *rest = piece.split(" ")
            words[-1] += first
            words += rest
    out, row = line[:head], start.group(1)
    for i, word in enumerate(words):
        seen = html.unescape(TAG.sub("", word))
        if i and font.size(f"{row} {seen}")[0] > room and row.strip():
            lead = indent  # a word too wide to hang under the bullet hangs less: its spaces alone
            while lead and font.size(lead + seen)[0] > room:  # made a blank row, the word under it
                lead = lead[:-1]  # at the box's edge (a roll's held last term at 800×560, s51)
            out += "<br>" + lead + word
            row = lead + seen
        else:
            out += (" " if i else "") + word
            row = f"{row} {seen}" if i else row + seen
    return out
