"""The house rules panel (issue 18), opened from the start screen: every Reading of the rules,
a page per rule family, grouped by rule with its number, a one-line explanation, the value
(a button that cycles through the choices, or a field to type in) and its default marked.

The editing lives in `ui.house_draft.HouseRulesDraft` (tested without the window); this
screen lays it out and answers the keys: Tab / Shift+Tab move between the fields, Enter
changes a choice or commits a typed value, ← → cycle a choice, Page Up / Page Down turn the
pages, Esc steps back out of a field, then out of the panel. Saved files are offered by name
on the start screen (`on_close(saved_name)`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer, UIElement
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextEntryLine

from arena_game.formats.house_rules import load_house_rules
from arena_game.formats.problems import FileProblem, one_line
from arena_game.i18n import t
from arena_game.render.text import ui_scale, wrap_words
from arena_game.ui import keys
from arena_game.ui.backdrop import covering_container
from arena_game.ui.board_view import font
from arena_game.ui.house_draft import PAGES, HouseRulesDraft, ReadingField, page_groups, value_words
from arena_game.ui.panels_html import esc
from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.scroll_box import ScrollBox
from arena_game.ui.text_column import BAR_WIDTH
from arena_game.ui.words_box import WordsBox

if TYPE_CHECKING:
    from arena_game.ui.app import App

FOCUS_COLOUR = (255, 210, 122)  # the keyboard's place: an amber frame (not a hue-only cue)
STATUS_LINES = 4  # the most lines the status line takes (a longer one ends in "…")
SEPARATORS = "/\\"  # where a path too long for a line breaks (after one)
TEXT_BOX_LINE_SPACING = 1.25  # pygame_gui UITextBox's default `line_spacing`, our theme keeps it
# a `#house_text` box's text is 8 px narrower than the box: padding 2 on each side, a rounded
# corner's 2, and 2 to spare (wrapped 2 px wider than pygame_gui, a line it broke in two was
# planned as one, and cut). The box has no shadow (theme.json): its 2 px one framed each
# explanation faintly on a row's band (s49)
TEXT_BOX_SIDES = 8
PYGAME_GUI_SIDES = 4  # the least it keeps (4–7 px, measured in pygame_gui 0.6): `text_column`


def fitted_lines(words: str, f: pygame.font.Font, width: int, most: int = STATUS_LINES) -> list[str]:
    """`words` on lines `width` px wide in `f` (`wrap_words`), a piece wider than a line on its
    own (a long path: no space to break at) broken after its last separator that fits, else
    after its last character that fits; at most `most` lines, the last ending in "…" when more
    were needed."""
    lines = wrap_words(words, f, width)
    for i, line in enumerate(lines):
        if f.size(line)[0] > width and len(line) > 1:
            cut = _cut(line, f, width)
            rest = " ".join([line[cut:], *lines[i + 1:]]).strip()
            lines = [*lines[:i], line[:cut], *(fitted_lines(rest, f, width, most) if rest else [])]
            break
    if len(lines) > most:
        last = lines[most - 1]
        while last and f.size(f"{last}…")[0] > width:
            last = last[:-1]
        lines = [*lines[:most - 1], f"{last.rstrip()}…"]
    return lines


def _cut(line: str, f: pygame.font.Font, width: int) -> int:
    """Where to break a piece too wide for a line: after its last separator that fits (a path's
    / or \\, not before a third of the line), else after its last character that fits."""
    fits = 1
    while fits < len(line) and f.size(line[:fits + 1])[0] <= width:
        fits += 1
    after = max((i + 1 for i, ch in enumerate(line[:fits]) if ch in SEPARATORS), default=0)
    return after if after >= fits // 3 and after > 0 else fits


RULE_INDENT = 14  # how far a Reading's row stands in from its rule's heading (at 720 px high)
# The explanations' column is as wide as the longest explanation of all the pages, up to this (at
# 720 px high; a longer one wraps): the values and marks stand right after it, not at the window's
# far side (500–1000 px of empty row between a short explanation and its value, s46 review), and
# in the same place on every page (sized page by page, they moved 80 px sideways when paging, s48
# review, item 7)
TEXT_MOST = 500
STRIPE = (255, 255, 255, 11)  # every other Reading's row of a rule, a faint band the eye follows to its value


@dataclass(frozen=True)
class PlannedRow:
    """Where one row of a page goes in its box: a rule's heading (`reading` None: `rule` is its
    rectangle, `words` its title) or a Reading (`rule` its indent under the heading, then its
    explanation, value and mark; `band` the faint band behind every other Reading's row of a
    rule, the second, the fourth…; empty for the others)."""

    reading: ReadingField | None
    words: str
    rule: pygame.Rect
    text: pygame.Rect = field(default_factory=pygame.Rect)
    value: pygame.Rect = field(default_factory=pygame.Rect)
    mark: pygame.Rect = field(default_factory=pygame.Rect)
    band: pygame.Rect = field(default_factory=pygame.Rect)
    number: str = ""  # a heading's rule number ("R1.6"), a link to its text in the rules (`RulesScreen`)


_STRIPES: dict[tuple[int, int], pygame.Surface] = {}


def stripe(size: tuple[int, int]) -> pygame.Surface:
    """A row's band (`STRIPE`) of `size`, made once a size (the rows of a page share a few)."""
    if size not in _STRIPES:
        if len(_STRIPES) > 64:  # sizes of windows resized many times: start afresh
            _STRIPES.clear()
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill(STRIPE)
        _STRIPES[size] = surface
    return _STRIPES[size]


def text_box_height(f: pygame.font.Font, lines: int) -> int:
    """The height a `#house_text` box needs to show `lines` lines of `f` whole: pygame_gui puts
    each line after the first 1.25 font lines below the one before (`line_spacing`), inside
    the box's padding (4 px above and below) and rounded corners (1), 2 px to spare: a box
    sized to the font's lines alone cut a wrapped explanation's last line and gave it a scroll
    bar."""
    if lines <= 1:
        return f.get_linesize() + 8
    return math.ceil(f.get_linesize() * (1 + TEXT_BOX_LINE_SPACING * (lines - 1))) + 2 * 4 + 2 + 2


# A short page is spaced to its room, but only so far: stretched to fill it, one or two Readings
# a rule stood 85–100 px apart, like a half-built form (s48 review, item 7); the rest of the room
# stays under the last rule
SPREAD_MOST = 6  # px (at 720 px high) more between two Readings of a rule at most …
RULE_SPREAD = 3  # … and this many times more between two rules (a heading stays by its Readings):
# 12 + 18 px between a rule's last row and the next heading at most


def _sizes(k: float) -> tuple[int, int, int, int]:
    """The rule's indent, the value's and the mark's widths and the gap between columns at the text scale `k`."""
    return round(RULE_INDENT * k), round(240 * k), round(300 * k), round(10 * k)


@lru_cache(maxsize=16)
def text_column(width: int, k: float, lang: str) -> tuple[int, bool]:
    """The explanations' column on every page of rows `width` px wide (a scroll bar's room kept
    aside, so that a page that scrolls has it at the same place), and whether the marks go
    under the explanations (a narrow window): as wide as the pages' longest explanation on one
    line when the row has room for it beside the value and mark, else wrapped at `TEXT_MOST`
    and as wide as the longest line that makes. The same for all the pages: a page's values
    stand where the page before had them."""
    rule_w, value_w, mark_w, gap = _sizes(k)
    room = width - BAR_WIDTH - rule_w - value_w - mark_w - 3 * gap
    below = room < round(320 * k)
    if below:
        room = width - BAR_WIDTH - rule_w - value_w - 2 * gap
    small = font(round(14 * k))
    explanations = [t(f"house.{f.key}", lang) for page in range(len(PAGES)) for _, fields in page_groups(page) for f in fields]
    # as wide as the longest explanation on one line, when the row has room for it beside the
    # value and mark: capped, one French label wrapped to two lines while 200–400 px of the row
    # stayed empty (s47 review 3, item 8) …
    one_line = max(small.size(words)[0] for words in explanations) + TEXT_BOX_SIDES + 2
    text_w = min(room, max(round(TEXT_MOST * k), one_line))
    # … else as wide as the longest line of the explanations wrapped at the cap (a wrapped one's
    # first line ends a word short of it: the column ends there, not at the cap)
    longest = max(small.size(line)[0] for words in explanations for line in wrap_words(words, small, text_w - TEXT_BOX_SIDES))
    text_w = min(text_w, max(longest + TEXT_BOX_SIDES + 2, round(200 * k)))
    # pygame_gui wraps a box's words 8–11 px narrower than the box (it varies with the words), the
    # plan 12: an explanation whose line ends in between is planned on one line more than it
    # shows (an empty line under it, 800×560 FR): the column is made a little narrower, till every
    # explanation takes as many lines wrapped either way
    for _ in range(TEXT_BOX_SIDES):
        if all(len(wrap_words(words, small, text_w - TEXT_BOX_SIDES)) == len(wrap_words(words, small, text_w - PYGAME_GUI_SIDES))
               for words in explanations):
            break
        text_w -= 1
    return text_w, below


def page_plan(page: int, width: int, k: float, lang: str, room: int = 0, bar: bool = False) -> tuple[list[PlannedRow], int]:
    """A page's rows laid out `width` px wide (`bar`: less a scroll bar's width) at the text
    scale `k`, and the height they take. Under each rule's heading its Readings, indented, in
    three columns: explanation (`text_column`, the same on every page), value right after it,
    mark (default, changed, a fault); the second, fourth… Reading of a rule on a faint band; in
    a narrow window the mark goes on a line of its own under the explanation, which takes its
    column (else the explanation wraps a word a line). A page shorter than the `room` it is
    shown in has its rules and Readings spaced apart up to `SPREAD_MOST` and `RULE_SPREAD`
    times that (a heading kept close to its first Reading), the rest left under them."""
    rows, height = _page_rows(page, width, k, lang, 0, bar)
    rules = len(page_groups(page))
    units = (rules - 1) * RULE_SPREAD + sum(1 for row in rows if row.reading is not None) - rules
    if room > height and units > 0:
        rows, height = _page_rows(page, width, k, lang, min(round(SPREAD_MOST * k), (room - height) // units), bar)
    return rows, height


def _page_rows(page: int, width: int, k: float, lang: str, spread: int, bar: bool) -> tuple[list[PlannedRow], int]:
    """`page_plan`'s rows, `spread` px more between two Readings of a rule and `RULE_SPREAD`
    times that between two rules (none between a heading and its first Reading, nor under the last)."""
    x, y = 24, 0
    # a Reading's row is indented under its rule's heading, which shows the rule's number
    # (each row repeating it was noise: the same "R0.1" three times under "R0.1 Dice…")
    rule_w, value_w, mark_w, gap = _sizes(k)
    line, row_gap = round(30 * k), round(6 * k)
    text_w, below = text_column(width, k, lang)
    width -= BAR_WIDTH if bar else 0
    small = font(round(14 * k))
    mark_x = x + rule_w + text_w + value_w + 3 * gap  # right after the value (`below`: under the explanation)
    rows: list[PlannedRow] = []
    for rule, fields in page_groups(page):
        y += RULE_SPREAD * spread if rows else 0
        rows.append(PlannedRow(None, t(f"house_ui.rule.{rule}", lang), pygame.Rect(x, y, width, round(26 * k)), number=rule))
        y += round(26 * k)
        for i, f in enumerate(fields):
            y += spread if i else 0
            words = t(f"house.{f.key}", lang)
            lines = len(wrap_words(words, small, text_w - TEXT_BOX_SIDES))
            row_h = max(line, text_box_height(small, lines))
            text_rect = pygame.Rect(x + rule_w + gap, y, text_w, row_h)
            value_rect = pygame.Rect(x + rule_w + text_w + 2 * gap, y, value_w, line)
            if f.kind == "locations":  # a table: typed on a line of its own, under its explanation
                value_rect = pygame.Rect(x + rule_w + gap, y + row_h, text_w + gap + value_w, line)
                # the explanation's box as wide as the field under it: the box's 2 px shadow, faint
                # on a band, ended where the value column starts and framed an empty cell beside
                # the words (s48 review 2, item 9)
                text_rect.w = value_rect.w
                row_h += line
            # level with the explanation's words (its box has a 4 px margin); the table's mark
            # always under its field: a fault naming a row and its faces is a long line (s54: cut
            # off beside the explanation at 1280×720)
            if below or f.kind == "locations":
                mark_rect = pygame.Rect(x + rule_w + gap + 4, y + row_h, width - rule_w - gap - 4, line)
                row_h += line
            else:
                mark_rect = pygame.Rect(mark_x, y, x + width - mark_x, line)
            band = pygame.Rect()
            # counted within the rule, not over the page: a rule of one Reading was banded or
            # not by where it fell (s48 review, item 7); the band is there for the eye to follow
            # a row among its neighbours
            if i % 2:  # to the mark column's end (`below`: the row's), not across an empty window
                band = pygame.Rect(x + rule_w, y - row_gap // 2, width - rule_w, row_h + row_gap)
                band.w = (x + width if below else min(x + width, mark_x + mark_w)) - band.x
            rows.append(PlannedRow(f, words, pygame.Rect(x, y, rule_w, line), text_rect, value_rect, mark_rect, band))
            y += row_h + row_gap
        y += row_gap
    return rows, y


class HouseRulesScreen(BuiltOverFrames):
    """The panel over the start screen; `on_close(name)` gets the last name saved (or None),
    `covered()` is called once the panel shows (the start screen's widgets are then hidden)."""

    def __init__(self, app: App, name: str | None = None,
                 on_close: Callable[[str | None], object] | None = None,
                 covered: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.draft = HouseRulesDraft(lang=self.lang, name=name or "")
        self.status = ""
        if name:
            try:
                self.draft.load(load_house_rules(name))
            except FileProblem as e:  # a file edited by hand and broken: start from the standard ones
                self.status = e.in_language(self.lang)
        self.on_close = on_close
        self.covered = covered
        self.saved: str | None = None
        self.page = 0
        self.focus: int | None = None  # index in `ring`, None: no field has the keyboard
        self.panel: UIContainer | None = None
        self.page_box: ScrollBox | None = None  # the page's rules, inside `panel`, scrolled when tall
        self.ring: list[UIElement] = []  # the fields Tab walks through, in order
        self.keys_of: dict[UIElement, str] = {}  # a value widget → its Reading
        self.marks: dict[str, UILabel] = {}  # a Reading → the label beside it: default, changed or fault
        self.bottom: list[UIElement] = []  # name, Save, All defaults, Back: the ring's end
        self.status_lines: list[UILabel] = []  # the status line, wrapped (`lay_status`); the first is `status_label`
        self.status_shown = ("", "")  # what they say, and their style
        self._paging: Iterator[bool] | None = None  # another page being made, hidden, while this one shows
        self._next: tuple[ScrollBox, dict[UIElement, str], dict[str, UILabel], dict[UIElement, str]] | None = None
        self.links: dict[UIElement, str] = {}  # a rule's number on the page shown → that rule

    # -- layout ------------------------------------------------------------------------

    def _build(self) -> Iterator[bool]:
        """The panel for the window's size, a part a frame from the one after `enter` (all at
        once, ~50 widgets took 50–70 ms at 1920×1080): the panel, its title and the tabs, the
        page's title, the foot, the keys' help and status line, the explanations' column of all the
        pages (`text_column`), the page's rules (`lay_page`).
        Parts of one to six widgets: with more, the opening frames went over 16.7 ms on a busy
        machine."""
        lang, m = self.lang, self.app.manager
        w, h = self.app.screen.get_size()
        k = ui_scale((w, h))
        yield False
        self.panel = covering_container(m, (w, h), 12, ObjectID("#start"), visible=False)  # not a UIPanel: `backdrop`
        pad, gap, line = 24, round(8 * k), round(32 * k)
        yield False
        UILabel(pygame.Rect(pad, 10, w - 2 * pad, round(40 * k)), t("house_ui.title", lang), m, container=self.panel,
                object_id=ObjectID("#banner_text"))
        y = 14 + round(40 * k)
        self.tabs: list[UIButton] = []
        x = pad
        for i in range(len(PAGES)):
            label = t(f"house_ui.page_{i}", lang).split(" ")[0]  # "R5–R7": the page's rule numbers
            tab_w = font(round(14 * k)).size(label)[0] + round(28 * k)
            self.tabs.append(UIButton(pygame.Rect(x, y, tab_w, line), label, m, container=self.panel))
            x += tab_w + gap
        yield False
        # the page's title beside the tabs, or under them when one of the pages' titles would be
        # cut there (a narrow window): the same place whatever the page
        title_font = font(round(15 * k), bold=True)
        widest = max(title_font.size(t(f"house_ui.page_{i}", lang))[0] for i in range(len(PAGES))) + 12
        if widest <= w - pad - x - gap:
            title = pygame.Rect(x + gap, y, w - pad - x - gap, line)
        else:
            title = pygame.Rect(pad, y + line + gap // 2, w - 2 * pad, line)
        self.page_label = UILabel(title, t(f"house_ui.page_{self.page}", lang),
                                  m, container=self.panel, object_id=ObjectID("#house_rule"))
        self.rows_top = title.bottom + 2 * gap
        yield False
        self.lay_bottom(w, h, k)
        self.gap = gap
        yield False
        self.lay_help(w, k)
        self.lay_status()
        yield False
        text_column(w - 48, k, lang)  # measured once for all the pages, in a frame of its own (3–5 ms)
        yield False
        yield from self.lay_page(self.page)
        self.show_page()
        yield True

    def lay_page(self, page: int, parted: bool = False) -> Iterator[bool]:
        """A page's rules, each with its Readings (explanation, value, default mark), in a new
        hidden box a Reading a frame; `show_page` then puts it in place of the page shown. The
        box scrolls when the page is taller than the room the window leaves it (`page_plan`).
        The plan, the box and each Reading take a frame each (the three in one took 12–15 ms).
        `parted` (a page turned to while another shows, drawn every frame): a Reading in two
        frames, its band and explanation, then its value and mark (in one, 11–15 ms at 1920×1080)."""
        lang, m = self.lang, self.app.manager
        assert self.panel is not None
        w, h = self.app.screen.get_size()
        k = ui_scale((w, h))
        view = pygame.Rect(0, self.rows_top, w, self.view_height())
        plan, height = page_plan(page, w - 48, k, lang, view.h)
        if height > view.h:  # a scroll bar on the right: the rows leave it room
            plan, height = page_plan(page, w - 48, k, lang, bar=True)
        yield False
        view.h = self.view_height()  # the status line may have grown meanwhile
        box = ScrollBox(view, m, container=self.panel, visible=0, allow_scroll_x=False)
        keys_of: dict[UIElement, str] = {}
        marks: dict[str, UILabel] = {}
        links: dict[UIElement, str] = {}
        self._next = (box, keys_of, marks, links)
        yield False
        for row in plan:
            if row.reading is None:  # a rule's heading: its number a link to its text, then its title
                heading_font = font(round(15 * k), bold=True)
                number_w = heading_font.size(row.number)[0] + round(8 * k)
                link = UIButton(pygame.Rect(row.rule.x, row.rule.y, number_w, row.rule.h), row.number, m, container=box,
                                object_id=ObjectID("#house_rule_link"),
                                tool_tip_text=esc(t("house_ui.rule_link", lang, rule=row.number)))
                links[link] = row.number
                gap = heading_font.size("  ")[0]
                UILabel(pygame.Rect(row.rule.x + number_w + gap - round(8 * k), row.rule.y, row.rule.w - number_w - gap, row.rule.h),
                        row.words, m, container=box, object_id=ObjectID("#house_rule"))
                continue
            f = row.reading
            if row.band.w > 0:  # made first: drawn under the row's words and value
                UIImage(row.band, stripe(row.band.size), m, container=box)
            WordsBox(esc(row.words), row.text, m, container=box, object_id=ObjectID("#house_text"))
            if parted:
                yield False
            keys_of[self.value_widget(f, row.value, box)] = f.key
            marks[f.key] = UILabel(row.mark, "", m, container=box, object_id=ObjectID("#house_mark"))
            self.show_mark(f.key, marks[f.key])
            yield False
        box.set_scrollable_area_dimensions((view.w - BAR_WIDTH, height))

    def show_page(self) -> None:
        """The page laid out last takes the place of the one shown: its tab marked, its fields
        first in the ring."""
        assert self._next is not None
        box, self.keys_of, self.marks, self.links = self._next
        self._next = None
        if self.page_box is not None:
            self.page_box.kill()
        self.page_box = box
        self.ring = [*self.keys_of, *self.bottom]
        for i, tab in enumerate(self.tabs):  # the page's tab drawn selected (the theme's blue)
            if tab.is_selected != (i == self.page):
                tab.select() if i == self.page else tab.unselect()
        self.page_label.set_text(t(f"house_ui.page_{self.page}", self.lang))
        if self.panel is not None and self.panel.visible:
            box.show()

    def value_widget(self, f: ReadingField, rect: pygame.Rect, box: ScrollBox) -> UIElement:
        """A button showing a choice (Enter or a click cycles it), or a field to type in."""
        m = self.app.manager
        widget: UIElement
        if f.kind == "choice":
            widget = UIButton(rect, value_words(self.draft.values[f.key], self.lang), m, container=box)
        else:
            widget = UITextEntryLine(rect, m, container=box)
            widget.set_text(self.draft.texts[f.key])
        return widget

    def show_mark(self, key: str, label: UILabel) -> None:
        """Beside a Reading: its fault, else its default (dimmed while it is the default)."""
        fault = self.draft.faults.get(key)
        words = fault or self.draft.default_words(key)
        style = "#house_fault" if fault else ("#house_mark" if self.draft.is_default(key) else "#house_changed")
        if label.object_ids[-1] != style:
            label.change_object_id(ObjectID(style))
        if label.text != words:
            label.set_text(words)

    def show_values(self) -> None:
        """The draft in the widgets laid out (a value changed, typed, reset, saved): values,
        marks and the status line changed in place, the keyboard's field kept."""
        for widget, key in self.keys_of.items():
            if isinstance(widget, UIButton):
                words = value_words(self.draft.values[key], self.lang)
                if widget.text != words:
                    widget.set_text(words)
            elif isinstance(widget, UITextEntryLine) and widget.get_text() != self.draft.texts[key]:
                widget.set_text(self.draft.texts[key])
            self.show_mark(key, self.marks[key])
        if self.status_shown != self.status_words():
            self.lay_status()
        if self.focus is not None and self.focus < len(self.ring):
            self.give_focus(self.focus)

    def lay_bottom(self, w: int, h: int, k: float) -> None:
        """Name and Save, All defaults, Back (the keys' help over them: `lay_help`)."""
        lang, m, pad, gap = self.lang, self.app.manager, 24, round(10 * k)
        row = round(40 * k)
        y = h - pad - row
        label = t("house_ui.name_label", lang)
        label_w = font(round(16 * k), bold=True).size(label)[0] + 16
        UILabel(pygame.Rect(pad, y, label_w, row), label, m, container=self.panel, object_id=ObjectID("#start_label"))
        back = t("house_ui.back", lang)
        back_w = font(round(14 * k)).size(back)[0] + round(32 * k)
        buttons_w = sum(self.button_width(t(f"house_ui.{key}", lang), k) for key in ("save", "defaults")) + 3 * gap
        # the name's field as wide as it may be between its label, the buttons and Back
        name_w = max(round(120 * k), min(round(260 * k), w - 2 * pad - label_w - buttons_w - back_w))
        self.name = UITextEntryLine(pygame.Rect(pad + label_w, y, name_w, row), m, container=self.panel)
        self.name.set_text(self.draft.name)
        x = pad + label_w + name_w + gap
        self.save_button = self.text_button(t("house_ui.save", lang), x, y, row, k, "#start_go")
        x = self.save_button.rect.right - self.panel.rect.x + gap  # type: ignore[union-attr]
        self.defaults = self.text_button(t("house_ui.defaults", lang), x, y, row, k)
        self.back = UIButton(pygame.Rect(w - pad - back_w, y, back_w, row), back, m, container=self.panel)
        self.bottom = [self.name, self.save_button, self.defaults, self.back]
        self.bottom_top = y

    def lay_help(self, w: int, k: float) -> None:
        """The keys' help over the foot (`lay_bottom`), on as many lines as the window's width
        needs (one at 1280 px)."""
        pad, small, y = 24, round(24 * k), self.bottom_top
        helps = wrap_words(t("house_ui.keys", self.lang), font(round(13 * k)), w - 2 * pad - 8)
        for i, words in reversed(list(enumerate(helps))):
            y -= small + 4 if i == len(helps) - 1 else small
            UILabel(pygame.Rect(pad, y, w - 2 * pad, small), words, self.app.manager, container=self.panel,
                    object_id=ObjectID("#house_mark"))
        self.status_bottom = y - 2  # the status line's last line ends over the keys' help (`lay_status`)

    def status_words(self) -> tuple[str, str]:
        """What the status line says, and its style: why the name cannot be saved, else the
        last file saved (or a file that could not be opened)."""
        fault = self.draft.name_fault
        return (fault, "#house_fault") if fault else (self.status, "#house_status")

    def lay_status(self) -> None:
        """The status line over the keys' help, on as many lines as its words need at the
        window's width (a long OS error naming a long folder wraps, a path broken after a
        separator; at most `STATUS_LINES`): it grows upwards, and the page's box above it is made
        shorter to leave it room (its rules scroll); a short one gives the room back."""
        assert self.panel is not None
        words, style = self.status_shown = self.status_words()
        for label in self.status_lines:
            label.kill()
        w, h = self.app.screen.get_size()
        k = ui_scale((w, h))
        pad, small = 24, round(24 * k)
        fault = style == "#house_fault"  # the theme's fonts of the two styles
        lines = fitted_lines(words, font(round((13 if fault else 14) * k), bold=fault), w - 2 * pad - 8)
        top = self.status_bottom - small * len(lines)
        self.status_lines = [UILabel(pygame.Rect(pad, top + i * small, w - 2 * pad, small), line, self.app.manager,
                                     container=self.panel, object_id=ObjectID(style)) for i, line in enumerate(lines)]
        self.status_label = self.status_lines[0]
        self.rows_bottom = top - self.gap
        for box in (self.page_box, self._next[0] if self._next is not None else None):
            if box is not None and box.alive() and box.rect.h != self.view_height():
                box.set_dimensions((box.relative_rect.w, self.view_height()))

    def view_height(self) -> int:
        """How high the page's box is: the room between the tabs and the status line."""
        return max(round(60 * ui_scale(self.app.screen.get_size())), self.rows_bottom - self.rows_top)

    @staticmethod
    def button_width(words: str, k: float) -> int:
        """How wide a button as wide as its words is (`text_button`)."""
        return font(round(16 * k), bold=True).size(words)[0] + round(32 * k)

    def text_button(self, words: str, x: int, y: int, row: int, k: float, style: str | None = None) -> UIButton:
        """A button as wide as its words."""
        return UIButton(pygame.Rect(x, y, self.button_width(words, k), row), words, self.app.manager, container=self.panel,
                        object_id=ObjectID(style))

    def update(self, dt_ms: int) -> None:
        """The panel's next part while it is made; then another page's, till it is shown."""
        super().update(dt_ms)
        if self._paging is not None and next(self._paging, True):
            self._paging = None
            self.show_page()

    @property
    def building(self) -> bool:
        return self._building is not None or self._paging is not None

    def leave(self) -> None:
        self._building = self._paging = self._next = None
        self.page_box = None
        self.status_lines = []  # gone with the panel
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def relayout(self, size: tuple[int, int]) -> None:
        """Laid out again for the new size, in this frame; the name typed is kept."""
        if self.panel is not None and self._building is None:
            self.draft.name = self.name.get_text()
        self.leave()
        self.build_now()
        if self.focus is not None and self.focus < len(self.ring):
            self.give_focus(self.focus)

    # -- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first (typing, clicks), then the panel's keys; while the panel or a page is
        being made, only Esc and the page keys count."""
        if self.building:
            if event.type == pygame.KEYDOWN:
                command = keys.command(pygame.key.name(event.key), ("house_rules",))
                if command == "back":
                    self.leave_panel()
                elif command == "page" and self._building is None:
                    self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.pressed(event.ui_element)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.ring:
            self.commit(event.ui_element)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            clicked = next((i for i, el in enumerate(self.ring) if isinstance(el, UITextEntryLine) and el.is_focused), None)
            if clicked is not None and clicked != self.focus:
                self.move_focus(clicked)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        """Tab, Enter, ← →, Page Up / Down, Esc."""
        widget = self.ring[self.focus] if self.focus is not None else None
        command = keys.command(pygame.key.name(event.key), ("house_rules",), shift=bool(event.mod & pygame.KMOD_SHIFT))
        if command in ("next_field", "previous_field"):
            step = -1 if command == "previous_field" else 1
            start = (-1 if step > 0 else 0) if self.focus is None else self.focus
            self.move_focus((start + step) % len(self.ring))
        elif command == "page":
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
        elif command == "back":
            self.step_back()
        elif isinstance(widget, UIButton) and command == "confirm":
            self.pressed(widget)
        elif isinstance(widget, UIButton) and widget in self.keys_of and command == "cycle":
            self.draft.cycle(self.keys_of[widget], -1 if event.key == pygame.K_LEFT else 1)
            self.show_values()

    def collect(self) -> None:
        """Commit what was typed in the page's fields without Enter (a click elsewhere, Save)."""
        for widget, key in self.keys_of.items():
            if isinstance(widget, UITextEntryLine) and widget.get_text() != self.draft.texts[key]:
                self.draft.type_text(key, widget.get_text())

    def pressed(self, widget: UIElement) -> None:
        """A button clicked or entered: a choice cycles; a page tab, Save, All defaults, Back."""
        if widget is not self.defaults:
            self.collect()
        if widget in self.keys_of:
            self.focus = self.ring.index(widget)
            self.draft.cycle(self.keys_of[widget])
            self.show_values()
        elif widget in self.tabs:
            self.turn_page(self.tabs.index(widget) - self.page)
        elif widget in self.links:
            from arena_game.ui.screens.rules import RulesScreen

            self.app.push(RulesScreen(self.app, self.links[widget]))
        elif widget is self.save_button:
            self.save()
        elif widget is self.defaults:
            self.draft.reset()
            self.show_values()
        elif widget is self.back:
            self.leave_panel()

    def commit(self, widget: UIElement) -> None:
        """Enter in a field: a Reading typed is checked and taken (or its fault shown); the name saves."""
        if widget is self.name:
            self.save()
        elif widget in self.keys_of and isinstance(widget, UITextEntryLine):
            self.draft.type_text(self.keys_of[widget], widget.get_text())
            self.show_values()

    def move_focus(self, index: int | None) -> None:
        """The keyboard goes to another field; the text typed in the one left is committed."""
        left = self.ring[self.focus] if self.focus is not None and self.focus < len(self.ring) else None
        self.focus = index
        if isinstance(left, UITextEntryLine) and left in self.keys_of \
                and left.get_text() != self.draft.texts[self.keys_of[left]]:
            self.draft.type_text(self.keys_of[left], left.get_text())
            self.show_values()
        if index is not None:
            self.give_focus(index)
        else:
            self.app.manager.set_focus_set(None)

    def give_focus(self, index: int) -> None:
        widget = self.ring[index]
        self.scroll_into_view(widget)
        if isinstance(widget, UITextEntryLine):
            widget.focus()
            self.app.manager.set_focus_set(widget)
        else:
            self.app.manager.set_focus_set(widget)

    def page_view(self) -> pygame.Rect | None:
        """Where the page's rules show on the screen (they scroll inside it when taller)."""
        return self.page_box.view if self.page_box is not None else None

    def scroll_into_view(self, widget: UIElement) -> None:
        """Scroll the page so that a field the keyboard goes to shows whole, with its mark."""
        if self.page_box is None or widget not in self.keys_of:
            return
        mark = self.marks.get(self.keys_of[widget])
        self.page_box.scroll_into_view(widget.rect.union(mark.rect) if mark is not None else widget.rect)

    def turn_page(self, step: int) -> None:
        """Another page of rules, made hidden a Reading a frame while this one shows (all at once
        it took 35–40 ms); no field has the keyboard then."""
        self.collect()
        self.page = (self.page + step) % len(PAGES)
        self.focus = None
        self.app.manager.set_focus_set(None)
        if self._next is not None:  # a page turned to before this one was made
            self._next[0].kill()
            self._next = None
        self._paging = self.lay_page(self.page, parted=True)

    def step_back(self) -> None:
        """Esc: out of the field (its typed text dropped), then out of the panel."""
        if self.focus is None:
            self.leave_panel()
            return
        widget = self.ring[self.focus]
        if widget in self.keys_of:
            self.draft.revert(self.keys_of[widget])
        self.focus = None
        self.show_values()
        self.app.manager.set_focus_set(None)

    def save(self) -> None:
        """Save the Readings as a rules file under the name typed; under the name of another
        rules file than the one being edited, once the player said to replace it (`ConfirmScreen`)."""
        name = self.name.get_text()
        self.draft.name = name
        taken = None if self.draft.faults else self.draft.replaces(name)  # refused: nothing to replace
        if taken is None:
            self.write(name)
            return
        from arena_game.ui.screens.dialog import ConfirmScreen

        question = t("house_ui.replace_ask", self.lang, name=name.strip(), path=one_line(str(taken)))
        self.app.push(ConfirmScreen(self.app, question, lambda: self.write(name)))

    def write(self, name: str) -> None:
        """Write the rules file (replacing one of that name); the status line says where, or why not."""
        path = self.draft.save(name)
        if path is not None:
            self.saved = path.stem
            self.status = t("house_ui.saved", self.lang, name=path.stem)
        self.show_values()

    def leave_panel(self) -> None:
        """Back to the start screen, which offers the file saved last."""
        self.close()
        if self.on_close is not None:
            self.on_close(self.saved)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, each refused field marked (`mark_refused`), and a frame round the field the
        keyboard is in (not over a dialog over the panel: `under_a_dialog`)."""
        super().draw(surface)
        if not self.opaque or self.under_a_dialog():
            return
        view = self.page_view()
        clip = surface.get_clip()
        if view is not None:  # the page's fields scroll inside it: their marks too
            surface.set_clip(view.inflate(0, 8).clip(clip))
        for widget in self.refused_fields():
            mark_refused(surface, widget.rect)
        focused = self.ring[self.focus] if self.focus is not None and self.focus < len(self.ring) else None
        if focused is not None and focused in self.keys_of:
            pygame.draw.rect(surface, FOCUS_COLOUR, focused.rect.inflate(6, 6), width=2, border_radius=4)
        surface.set_clip(clip)
        if focused is not None and focused not in self.keys_of:  # name, Save, All defaults, Back
            pygame.draw.rect(surface, FOCUS_COLOUR, focused.rect.inflate(6, 6), width=2, border_radius=4)

    def under_a_dialog(self) -> bool:
        """A dialog over the panel shows (a file to replace: `ConfirmScreen`): the panel is dimmed
        under its veil, and what the panel draws itself would be drawn over the dialog."""
        return any(getattr(screen, "veil", None) is not None for screen in self.above())

    def refused_fields(self) -> list[UIElement]:
        """The value widgets of the page shown whose typed value was refused (its fault beside it)."""
        return [w for w, key in self.keys_of.items() if key in self.draft.faults and w.visible]


FAULT_COLOUR = (235, 87, 74)  # a refused field's border and badge: red, with a shape that says it without colour
FAULT_MARK = (255, 255, 255)


def mark_refused(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A field whose value was refused: a thick red border and, inside its right end, a round
    badge with "!" — the shape and the thickness say it where the red is hard to see
    (deuteranopia), and its fault's words stay beside it."""
    pygame.draw.rect(surface, FAULT_COLOUR, rect.inflate(2, 2), width=3, border_radius=3)
    r = max(6, rect.h * 3 // 10)
    centre = (rect.right - r - 6, rect.centery)
    pygame.draw.circle(surface, FAULT_COLOUR, centre, r)
    bang = font(max(10, round(r * 1.5)), bold=True).render("!", True, FAULT_MARK)
    surface.blit(bang, bang.get_rect(center=centre))
