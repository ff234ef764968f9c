"""Around the board, with pygame_gui: turn-order strip, fighter sheet, team PR, combat log,
action bar with shortcuts and refusal tooltips, mode choices, status line.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.i18n.narration import told
from arena_game.render.glyphs import drawable
from arena_game.render.text import font, note_text, ui_scale, wrap_words
from arena_game.ui import memory
from arena_game.ui.keys import binding, keys_label
from arena_game.ui.log_box import LogBox, WholeRowsLayout, laid_out_by
from arena_game.ui.modes import Choice
from arena_game.ui.panels_html import (
    SEPARATOR,
    TURN_LINE,
    dotted_rows,
    esc,
    log_html,
    order_html,
    sheet_html,
    teams_html,
)
from arena_game.ui.strings import text
from arena_game.ui.words_box import WordsBox, whole_rows_height

R = TypeVar("R")

THEME = Path(__file__).with_name("theme.json")

# id, label key, shortcut shown (its key in the key table: one key, one meaning), the action
# kind whose availability greys the button
ACTION_BUTTONS: tuple[tuple[str, str, str, str | None], ...] = tuple(
    (bid, f"act_{bid}", keys_label(binding(bid, "board"), "en", first_only=True), kind) for bid, kind in (
        ("walk", "walk"), ("run", "run_start"), ("swim", "swim"), ("jump", "jump"), ("attack", "attack"),
        ("circle", "circle_attack"), ("push", "push"), ("teleport", "teleport"), ("taunt", "taunt"),
        ("stand", "stand_up"), ("end", "end_turn"), ("undo", None), ("fit", None), ("new", None), ("rules", None),
    ))  # these keys read the same in every language (digits, letters, Ctrl+Z, F1)

ROLL_BUTTONS: dict[str, tuple[str, ...]] = {
    "run": ("run",), "tackle": ("run",), "flee": ("walk", "swim", "jump", "run"),
    "attack": ("attack", "run"), "dodge": ("attack", "circle", "run"), "damage": ("attack", "circle", "run"),
    "location": ("attack", "circle", "run"), "circle_attack": ("circle",), "circle_damage": ("circle",),
    "push": ("push",), "push_resist": ("push",), "swim": ("swim",), "jump": ("jump",),
    "taunt_simple": ("taunt",), "taunt_advantaged": ("taunt",),
}
"""A roll's purpose (`NeedsFace.purpose`) → the action-bar buttons of the actions that may ask
for it, the likeliest first (a dodge is asked by an attack, a circle attack or a run attack);
a purpose not here (initiative, waking) belongs to no action."""


def mode_button(mode_name: str) -> str:
    """The action-bar button of an input mode ("run_go" → "run", "circle_split" → "circle")."""
    if mode_name.startswith("run"):
        return "run"
    return "circle" if mode_name.startswith("circle") else mode_name


def roll_button(purpose: str, mode_name: str) -> str | None:
    """The button of the action a roll asked at the table is for: the mode's own when its action
    may ask that roll, else the likeliest (a bot's run while the player's board sits in Walk:
    the bar kept "Walk" lit while the dice dialog asked for a Course (run) roll); None for a
    roll of no action (initiative, waking)."""
    buttons = ROLL_BUTTONS.get(purpose, ())
    mine = mode_button(mode_name)
    return mine if mine in buttons else buttons[0] if buttons else None


TOP = 40
RIGHT = 380
STATUS = 30
KEY = 34  # the row above the status line: the key to the highlights, the mode's choices
KEY_ROOM = 180
"""The room (px at 1280×720) the key to the highlights needs left of the mode's choices, on two rows
of its smallest font: with less, the choices go on a row of their own under it (`Hud._key_rows`).
At 800×560 the circle split's four buttons took 495 of the row's 530 px: its key was hidden (s51)."""
BAR_ROW = 38
TEAMS_TALL = 100  # px at 1280×720: the teams box with two lines a team (`_fit_teams`)
STATUS_MIN_FONT = 11  # px: the smallest the status line is drawn, a long line in a narrow window
LOG_LIMIT = 200  # lines in the log box (the whole log is in the match and its saves)
WARM_DISABLED = 5  # buttons whose disabled look `warm_face` draws a quiet frame (~0.1 ms each)
LOG_SLACK = 20  # lines past the limit before the oldest go (a trim costs ~3 ms; the box's pixels ∝ its lines)


def log_cut(lines: Sequence[str]) -> int:
    """Where the log's oldest lines are cut to keep at most LOG_LIMIT of them: at the first
    turn's line that leaves no more, so that the log scrolled back starts with a turn, not in
    the middle of one (s59); where the count falls when no turn starts there."""
    least = max(0, len(lines) - LOG_LIMIT)
    if least == 0:
        return 0
    return next((i for i in range(least, len(lines)) if lines[i].startswith(TURN_LINE)), least)


def short_choice(label: str) -> str:
    """A choice's label for a narrow window: its first and last " · " parts (the choice and its
    chance: "Provocation simple · 40%"); a label of two parts or fewer as it is."""
    parts = label.split(" · ")
    return label if len(parts) < 3 else f"{parts[0]} · {parts[-1]}"


def portrait_band(size: tuple[int, int], right: int, top: int, bottom: int) -> int:
    """How tall the band of side panels under the board is in a window taller than wide (0: the
    panels down the right edge, `right` px wide). There the board, fit to a column beside the
    panels, left empty bands above and below it (a 1080×1920 window showed it 700 px wide in a
    1,700 px high room); under the board, the panels leave it the window's width. Only when that
    shows a board (of 4:3 squares, the shipped arenas') at least a tenth larger, the band at
    least the sheet's 300 px (grown with the text); the board's room between `top` and `bottom`
    as tall as a 4:3 board as wide as the window, the band the rest."""
    w, h = size
    room = bottom - top
    least = round(300 * ui_scale(size))
    beside = min(w - right, room * 4 / 3)
    under = min(w, (room - least) * 4 / 3)
    if h <= w or under < 1.1 * beside:
        return 0
    return room - min(room - least, -(-w * 3 // 4))


class SheetBox(UITextBox):
    """The fighter sheet's text box: its " · " lists (attributes, skills) broken between two
    items where a row would not fit, the dot there left out (`panels_html.dotted_rows`), as it
    lays its text out (at its width, less its scroll bar when it has one); pygame_gui would
    break them after a dot, ending a row with a lone "·". Its `html_text` is the sheet's."""

    def parse_html_into_style_data(self) -> None:
        with laid_out_by(WholeRowsLayout):  # a weapon's line that just fits: no blank row under it
            super().parse_html_into_style_data()

    def _pre_parse_text(self, input_text: str) -> str:
        text = super()._pre_parse_text(input_text)
        room = self.text_wrap_rect[2] - 2 if self.text_wrap_rect is not None else 0  # a pixel of pygame_gui's rounding
        if room <= 0 or SEPARATOR not in text:
            return text
        font = self.ui_theme.get_font(self.combined_element_ids)

        def fits(row: str) -> bool:
            return bool(font.size(html.unescape(row))[0] <= room)

        return "<br>".join(dotted_rows(line, fits) if SEPARATOR in line and "<" not in line else line
                           for line in text.split("<br>"))


def changes_widgets(method: Callable[..., R]) -> Callable[..., R]:
    """Count a call that may redraw a widget (the window's widget layer re-composes after one)."""

    @functools.wraps(method)
    def counted(self: Hud, *args: Any, **kwargs: Any) -> R:
        self.changes += 1
        return method(self, *args, **kwargs)

    return counted


class Hud:
    """The widgets around the board. Rebuilt on resize; texts refreshed when the match changes."""

    def __init__(self, manager: pygame_gui.UIManager, lang: str) -> None:
        self.manager = manager
        self.lang = lang
        self.changes = 0  # calls that may have redrawn a widget (changes_widgets)
        self.buttons: dict[str, UIButton] = {}  # the action bar as shown: each action's button
        # each action's other face, made the first time it is needed and hidden while the
        # shown one serves: greyed when its action is refused, or the plain one
        self._other_faces: dict[str, UIButton] = {}
        self.choice_buttons: dict[str, UIButton] = {}
        self._choice_pool: dict[tuple[object, ...], UIButton] = {}  # every choice button made, shown or hidden
        self._choice_fonts: dict[int, pygame.font.Font] = {}  # the choices' measuring font, by size
        self.elements: list[pygame_gui.core.UIElement] = []
        self.log_lines: list[str] = []
        self.size = (0, 0)
        self.viewport = pygame.Rect(0, 0, 0, 0)  # the board's room, `build` sets it
        self.hiding = False  # widgets being made for a screen not shown yet: none shows (`build_parts`)
        self.card_hid: set[pygame_gui.core.UIElement] = set()  # the panels an off-board hover card hides (`cover_panels`)
        self.scale = 1.0  # the window's text scale, `ui_scale` (`build` sets it)
        self.portrait = False  # the side panels under the board, not beside it (`portrait_band`)
        self._choices: list[Choice] = []
        self._status = ("", False)
        self._status_reserve = 0  # pixels at the status line's right end kept for a legend
        self._status_img: pygame.Surface | None = None
        self._status_px = 15  # the status line's font size as drawn (smaller when a long line needs it)
        self.status_shown = ""  # the status line as drawn (cut, in drawable glyphs)
        self.status_rows: list[str] = []  # its rows when drawn on two (tests read them)
        self.sheet_of: str | None = None  # the fighter whose sheet the side panel shows (None: the active one)
        self._sheet = ""  # the sheet the side panel shows, or will at the next frame (`sheet_due`)
        self.sheet_due = False
        # a notice over the log (the map's `check` findings), its HTML kept for a new layout
        self.notice_box: UITextBox | None = None
        self._notice = ""
        self._next_notice: WordsBox | None = None  # made by `show_notice`, shown by `place_notice`
        self.notice_due = False

    # -- layout --------------------------------------------------------------------

    @changes_widgets
    def clear(self) -> None:
        """Remove every widget (the screen is closing, or about to be built again)."""
        for el in self.elements:
            el.kill()
        self.elements.clear()
        self.notice_box = None
        if self._next_notice is not None:
            self._next_notice.kill()
        self._next_notice, self.notice_due = None, False
        self.buttons.clear()
        self._other_faces.clear()
        self.choice_buttons.clear()
        self._choice_pool.clear()

    def build(self, size: tuple[int, int]) -> pygame.Rect:
        """Create every widget for a window size; returns the board viewport."""
        for _ in self.build_parts(size):
            pass
        return self.viewport

    def build_parts(self, size: tuple[int, int], hidden: bool = False) -> Iterator[None]:
        """`build` a part at a time, yielding between them (a row of the action bar, the
        turn order, the side panels, the log): a lesson opens over frames. `hidden`: every
        widget stays hidden, those made later too, till `show_all`."""
        self.hiding = hidden
        steps = self._build_steps(size)
        while True:
            done = next(steps, True) is True
            if hidden:
                for el in self.elements:
                    el.hide()
            if done:
                break
            yield
        self.changes += 1

    def show_all(self) -> None:
        """Show what `build_parts(hidden=True)` and the changes since left hidden: the action
        bar's faces in use, the mode's choices, the side panels."""
        self.hiding = False
        shown = {*self.buttons.values(), *self.choice_buttons.values(), self.order_box, self.sheet_box,
                 self.teams_box, self.log_box, self.notice_box}
        for el in self.elements:
            if el in shown:
                el.show()
        self.changes += 1

    def _build_steps(self, size: tuple[int, int]) -> Iterator[None]:
        self.clear()
        self.size = size
        w, h = size
        scale = ui_scale(size)
        right = min(round(RIGHT * scale), max(260, w // 3))
        top, bar_row = round(TOP * scale), round(BAR_ROW * scale)
        # action bar: a flow of buttons sized to their text, wrapping to more rows if needed
        fnt = pygame.font.Font(None, round(20 * scale))
        specs = []
        for bid, key, short, _ in ACTION_BUTTONS:
            label = drawable(f"{text(key, self.lang)}  {short}")
            specs.append((bid, label, fnt.size(label)[0] + 26))
        rows: list[list[tuple[str, str, int]]] = [[]]
        x = 6
        for spec in specs:
            if x + spec[2] > w - 6 and rows[-1]:
                rows.append([])
                x = 6
            rows[-1].append(spec)
            x += spec[2] + 4
        bar_h = len(rows) * bar_row + 6
        y = h - bar_h + 4
        for row in rows:
            total = sum(s[2] for s in row) + 4 * (len(row) - 1)
            full = row is not rows[-1]
            stretch = (w - 12 - total) / max(1, len(row)) if full else 0
            x = 6
            for bid, label, bw in row:
                width = int(bw + stretch)
                b = UIButton(pygame.Rect(x, y, width, bar_row - 4), label, self.manager, object_id=ObjectID(f"#act_{bid}"))
                self.buttons[bid] = b
                self.elements.append(b)
                x += width + 4
            y += bar_row
            yield
        self.bar_top = h - bar_h
        self.scale = ui_scale(size)
        status_h, key_h = round(STATUS * self.scale), round(KEY * self.scale)
        band = portrait_band(size, right, top, self.bar_top - status_h - key_h)
        self.portrait = band > 0
        if self.portrait:  # the side panels in a band under the status line: the board as wide as the window
            right = 0
        self.status_rect = pygame.Rect(0, self.bar_top - band - status_h, w - right, status_h)
        self.key_rect = pygame.Rect(0, self.status_rect.top - key_h, w - right, key_h)
        self.key_h, self.key_rows, self.board_top = key_h, 1, top  # `_key_rows`
        self.order_box = UITextBox("", pygame.Rect(0, 0, w - right, top), self.manager, object_id=ObjectID("#order"))
        self.elements.append(self.order_box)
        yield
        # the side panels: down the right edge, or (portrait) the sheet on the band's left half,
        # the teams and the log on its right half
        side = pygame.Rect(w - right, 0, right, self.bar_top) if not self.portrait else \
            pygame.Rect(w - w // 2, self.bar_top - band, w // 2, band)
        sheet = pygame.Rect(w - right, 0, right, min(round(300 * scale), side.h // 2)) if not self.portrait else \
            pygame.Rect(0, side.top, w - side.w, band)
        self.card_hid.clear()  # new boxes: none hidden by a card yet
        self.sheet_box = SheetBox("", sheet, self.manager, object_id=ObjectID("#sheet"))
        # a team a line ("Les Vipères d'Onyx — 0 PR (renown) · 2/2"); two in a narrow window's panel
        teams_h = round((64 if side.w >= round(360 * scale) else TEAMS_TALL) * scale)  # taller if need be: `_fit_teams`
        teams_top = sheet.bottom if not self.portrait else side.top
        self.teams_box = UITextBox("", pygame.Rect(side.x, teams_top, side.w, teams_h), self.manager, object_id=ObjectID("#teams"))
        yield
        self.log_rect = pygame.Rect(side.x, teams_top + teams_h, side.w, side.bottom - teams_top - teams_h)
        self.log_box = LogBox("", self.log_rect, self.manager, object_id=ObjectID("#log"), lines=LOG_LIMIT + 2 * LOG_SLACK)
        self.elements += [self.sheet_box, self.teams_box, self.log_box]
        self._place_notice(self._notice_box())
        self._fill_log()
        yield
        msg, err = self._status
        self._status_img = None
        self.set_status(msg, err)
        self._build_choices()
        self.viewport = pygame.Rect(0, top, w - right, self.key_rect.top - top)

    # -- action bar ------------------------------------------------------------------

    @changes_widgets
    def update_buttons(self, avail: dict[str, IllegalAction | None], mode_name: str, can_undo: bool, over: bool,
                       nothing_played: bool = False, greyed: Mapping[str, str] | None = None) -> None:
        """Grey the actions the core refuses now, with the refusal as the tooltip (undo: why not,
        `nothing_played` when the match has no action yet), and the buttons of `greyed` (a
        button → why it does nothing here: a lesson once done)."""
        for bid, key, short, kind in ACTION_BUTTONS:
            b = self.buttons.get(bid)
            if b is None:
                continue
            label = text(key, self.lang)
            refusal: str | None = None  # only the buttons `refusable` names get one (`warm_face` makes their faces)
            if kind is not None:
                err = avail.get(kind)
                if err is not None:
                    refusal = refusal_line(err, self.lang)
            elif bid == "undo" and not can_undo:
                refusal = text("nothing_to_undo" if nothing_played else "cannot_undo", self.lang)
            if greyed and bid in greyed:
                refusal = greyed[bid]
            tip = text("unavailable", self.lang, label=label, reason=refusal) if refusal else text("available", self.lang, label=label, key=short)
            current = bid == mode_button(mode_name)
            # availability shows the button's other face (greyed, or plain): a new object id
            # would rebuild the button's shapes (2-3 ms each, three buttons at once after an
            # action, in the frame that starts its animation); the current mode is the
            # button's selected state (the theme's "selected" colours)
            oid = "#unavailable" if refusal else f"#act_{bid}"
            if b.object_ids is None or b.object_ids[-1] != oid:
                b = self._swap_face(bid, oid)
            if current and not refusal and not b.is_selected and b.is_enabled:
                b.select()  # (greyed while an action is drawn: lit once it is shown, `show_current`;
                # selected greyed, the greying's unselect drew it in its plain face, s60)
            elif (not current or refusal) and b.is_selected:
                b.unselect()
            if b.tool_tip_text != esc(tip):
                b.set_tooltip(esc(tip))
            b.refusal = refusal  # type: ignore[attr-defined]

    def show_current(self, current: str | None, playing: bool = False, veiled: bool = False) -> None:
        """Light action `current`'s button only (None: none), the action in progress: a dice
        dialog's roll's (`roll_button`), none while an action is drawn. A greyed button stays
        unlit. While an action is drawn (`playing`) every button is shown disabled: a click then
        skips the animation and the keys wait for it (s47 review 3, item 15: "End turn E" looked
        pressable); under a modal window (`veiled`) every one but the lit one, the action in
        progress (under the dice dialog, the roll's: s58, the bar looked pressable behind it). Nothing
        changes (nor is counted) when the bar already shows it."""
        for bid, b in self.buttons.items():
            lit = bid == current and not playing and getattr(b, "refusal", None) is None
            off = playing or (veiled and not lit)
            if off == b.is_enabled:
                if off:
                    b.disable()
                else:
                    b.enable()
                self.changes += 1  # the widget layer composes again
            if lit and not b.is_selected:
                b.select()
            elif not lit and b.is_selected:
                b.unselect()
            else:
                continue
            self.changes += 1

    def _swap_face(self, bid: str, oid: str) -> UIButton:
        """Show action `bid`'s button of object id `oid` in place of the one shown (made now
        unless `warm_face` made it in a quiet frame); return it."""
        shown = self.buttons[bid]
        other = self._other_faces.get(bid) or self._make_face(bid, oid)
        if shown.is_selected:
            shown.unselect()
        shown.hide()
        if not self.hiding:
            other.show()
        self._other_faces[bid] = shown
        self.buttons[bid] = other
        return other

    def _make_face(self, bid: str, oid: str) -> UIButton:
        """Action `bid`'s button of object id `oid`, hidden, where the shown one is (~2.5 ms)."""
        shown = self.buttons[bid]
        face = UIButton(shown.relative_rect.copy(), shown.text, self.manager, object_id=ObjectID(oid), visible=0)
        self.elements.append(face)
        self._other_faces[bid] = face
        return face

    @staticmethod
    def refusable(bid: str, kind: str | None) -> bool:
        """Whether action button `bid` can be refused (greyed): a rule's action, or undo."""
        return kind is not None or bid == "undo"

    def warm_face(self) -> bool:
        """Make one action's other face ahead of need (the window calls it in quiet frames, so
        that the first refusal or availability of an action costs its frame nothing), then draw
        each button's disabled look, a few a call (pygame_gui draws it at the first `disable`:
        ~0.1 ms a button, the whole bar's 1.6 ms in the frame that starts the first action's
        animation, `show_current`); False when all are made."""
        for bid, _, _, kind in ACTION_BUTTONS:
            if self.refusable(bid, kind) and bid in self.buttons and bid not in self._other_faces:
                shown = self.buttons[bid]
                greyed = shown.object_ids is not None and shown.object_ids[-1] == "#unavailable"
                self._make_face(bid, f"#act_{bid}" if greyed else "#unavailable")
                return True
        undrawn = [b.drawable_shape for b in (*self.buttons.values(), *self._other_faces.values())
                   if b.alive() and b.drawable_shape is not None and not b.drawable_shape.states["disabled"].generated]
        for shape in undrawn[:WARM_DISABLED]:
            shape.redraw_state("disabled")  # what `set_active_state` draws when first disabled
        return len(undrawn) > WARM_DISABLED

    @changes_widgets
    def set_choices(self, choices: Sequence[Choice]) -> None:
        """Buttons for the current mode's choices (taunt style, teleport means, stop the run…)."""
        if [(c.id, c.label, c.tip, str(c.refusal), c.picked) for c in choices] == \
                [(c.id, c.label, c.tip, str(c.refusal), c.picked) for c in self._choices]:
            return
        self._choices = list(choices)
        self._build_choices()

    def _build_choices(self) -> None:
        """The choice buttons, right-aligned in the key row. A button is kept (hidden) when its
        mode goes and shown again when it comes back: making one costs ~2 ms a frame."""
        for shown in self.choice_buttons.values():
            shown.hide()
        self.choice_buttons.clear()
        x = self.key_rect.right - 6
        fnt = None
        if self._choices:  # made once per size: a font made anew took ~1 ms to measure its first words
            size = round(20 * self.scale)
            if size not in self._choice_fonts:
                self._choice_fonts[size] = pygame.font.Font(None, size)
            fnt = self._choice_fonts[size]
        labels = {c.id: c.label for c in self._choices}
        room = self.key_rect.w - 12
        small = None  # the smaller buttons' font, when even the short words need it
        if fnt is not None and sum(fnt.size(lb)[0] + 36 for lb in labels.values()) > room:
            # a narrow window: "Provocation simple · difficulté 25 · 40%" says its name and chance,
            # its whole words in its tooltip; then a smaller font
            labels = {cid: short_choice(lb) for cid, lb in labels.items()}
            if sum(fnt.size(lb)[0] + 36 for lb in labels.values()) > room:
                small = self.manager.get_theme().get_font(["#choice_small", "button"])
        widths = {c.id: small.size(labels[c.id])[0] + 16 if small is not None else fnt.size(labels[c.id])[0] + 30
                  for c in self._choices if fnt is not None}
        gap = 4 if small is not None else 6
        self._key_rows(2 if widths and sum(widths.values()) + gap * len(widths) > room - round(KEY_ROOM * self.scale) else 1)
        y = self.key_rect.bottom - self.key_h + 2  # the lower row when the key has a row of its own
        for c in reversed(self._choices):
            assert fnt is not None
            label = labels[c.id]
            width = widths[c.id]
            x -= width
            rect = pygame.Rect(x, y, width, min(self.key_h - 4, 34))
            refusal = refusal_line(c.refusal, self.lang) if c.refusal else None
            key = (c.id, label, c.tip, refusal, tuple(rect), small is not None)
            b = self._choice_pool.get(key)
            if b is None:
                if len(self._choice_pool) > 48:  # many modes and refusals in one session
                    self._drop_choice_pool()
                oid = ("#unavailable" if c.refusal else "#choice") + ("_small" if small is not None else "")
                tip = refusal or c.tip
                if label != c.label:  # its words shortened: all of them in its tooltip
                    tip = f"{c.label}\n{tip}" if tip else c.label
                tip_html = esc(tip).replace("\n", "<br>") or None
                b = UIButton(rect, drawable(label), self.manager, tool_tip_text=tip_html, object_id=ObjectID(oid),
                             visible=int(not self.hiding))
                b.refusal = refusal  # type: ignore[attr-defined]
                self._choice_pool[key] = b
                self.elements.append(b)
            elif not self.hiding:
                b.show()
            if c.picked and not b.is_selected:  # the choice Enter plays (Tab picks another)
                b.select()
            elif not c.picked and b.is_selected:
                b.unselect()
            self.choice_buttons[c.id] = b
            x -= gap

    def _key_rows(self, rows: int) -> None:
        """The key's row and the choices' one above the status line (`rows` 1), or the key on a row of its own
        over the choices' (2): the board's viewport ends above them (the board screen follows it, `BoardScreen.refresh`)."""
        if rows == self.key_rows:
            return
        self.key_rows = rows
        bottom = self.key_rect.bottom
        self.key_rect = pygame.Rect(self.key_rect.x, bottom - rows * self.key_h, self.key_rect.w, rows * self.key_h)
        self.viewport = pygame.Rect(self.viewport.x, self.board_top, self.viewport.w, self.key_rect.top - self.board_top)
        self.changes += 1

    @property
    def legend_row(self) -> pygame.Rect:
        """The key to the highlights' row: the key row's top one (`_key_rows`)."""
        return pygame.Rect(self.key_rect.x, self.key_rect.y, self.key_rect.w, self.key_h)

    @property
    def legend_right(self) -> int:
        """Where the key's room ends: the choices' left end, or the row's end when they have a row of their own."""
        return self.key_rect.right if self.key_rows == 2 else self.choices_left

    def _drop_choice_pool(self) -> None:
        for b in self._choice_pool.values():
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self._choice_pool.clear()

    # -- texts ---------------------------------------------------------------------

    def set_status(self, message: str, error: bool = False) -> None:
        """The one-line help / hover / refusal line under the board.

        Drawn directly with a cached font rather than as a pygame_gui label: it changes
        each time the mouse enters a square, and a label re-layout costs a few ms a time.
        """
        if (message, error) == self._status and self._status_img is not None:
            return
        self._status = (message, error)
        self._render_status()

    def _render_status(self) -> None:
        from arena_game.ui.board_view import font

        message, error = self._status
        colour = (255, 154, 138) if error else (242, 230, 196)
        width = self.status_rect.w - 16 - self._status_reserve if hasattr(self, "status_rect") else 10_000
        height = self.status_rect.h if hasattr(self, "status_rect") else 10_000
        line = drawable(message)
        size = self.status_size
        self.status_rows = [line]
        # a narrow window: a smaller font (down to four fifths), then two lines of the smallest,
        # and only when even those cannot hold it, one line cut with an ellipsis
        for px in range(size, max(STATUS_MIN_FONT, round(size * 0.8)) - 1, -1):
            f = font(px, bold=error)
            if f.size(line)[0] <= width:
                self._status_px, self.status_shown = px, line
                self._status_img = f.render(line, True, colour)
                return
        f = font(STATUS_MIN_FONT, bold=error)
        rows = wrap_words(line, f, width)
        if len(rows) == 2 and 2 * f.get_linesize() <= height and all(f.size(row)[0] <= width for row in rows):
            imgs = [f.render(row, True, colour) for row in rows]
            img = pygame.Surface((max(i.get_width() for i in imgs), 2 * f.get_linesize()), pygame.SRCALPHA)
            for k, row_img in enumerate(imgs):
                img.blit(row_img, row_img.get_rect(midtop=(img.get_width() // 2, k * f.get_linesize())))
            self._status_px, self.status_shown, self._status_img = STATUS_MIN_FONT, line, img
            self.status_rows = rows
            return
        while line and f.size(line)[0] > width:  # keep one line: cut with an ellipsis
            line = line[:-2]
        if line != drawable(message):
            line = line.rstrip() + "…"
        self._status_px, self.status_shown, self.status_rows = STATUS_MIN_FONT, line, [line]
        self._status_img = f.render(line, True, colour)

    @property
    def status_size(self) -> int:
        """The status line's font size for the window's height."""
        return round(15 * getattr(self, "scale", 1.0))

    @property
    def choices_left(self) -> int:
        """Where the mode's choice buttons start in the key row (its right end without any)."""
        rects = [b.rect for b in self.choice_buttons.values()]
        return min((r.left for r in rects), default=self.key_rect.right)

    @property
    def status_error(self) -> bool:
        """True while the status line shows a refusal."""
        return self._status[1]

    @property
    def status_text(self) -> str:
        """The status line as shown (tests read it)."""
        return self._status[0]

    def draw_status(self, screen: pygame.Surface, reserve: int = 0, quiet: bool = False) -> None:
        """Draw the status line, centred in what the `reserve` pixels on its right (a legend)
        leave; `quiet`: its bar only (a dialog over the board owns the keys the line names)."""
        r = self.status_rect
        if quiet:
            screen.fill((23, 24, 27), r)
            return
        screen.fill((40, 22, 22) if self._status[1] else (23, 24, 27), r)
        if reserve != self._status_reserve:  # a legend came or went: cut the line to the room left
            self._status_reserve = reserve
            self._render_status()
        if self._status_img is not None:
            room = pygame.Rect(r.x, r.y, r.w - reserve, r.h)
            at = self._status_img.get_rect(center=room.center)
            screen.blit(self._status_img, at)
            if self.status_shown:
                note_text("status", at, self._status_px, r, self.status_shown)

    def refresh_match(self, state: MatchState) -> None:
        """Turn order, the active (or hovered) fighter's sheet, team PR: a box is laid out
        again only when its text changed (a pygame_gui re-layout costs milliseconds; most
        refreshes change the mode, not these). When the turn order was laid out again too
        (a new turn: ~6 ms each), the sheet waits for the next frame (`flush`): the order
        shows who died or plays with the log, the sheet a frame later."""
        self._sheet = sheet_html(state, self.lang, self.sheet_of if self.sheet_of in state.fighters else None, self.scale)
        order = order_html(state, self.lang, self._order_fits)
        new_turn = self.order_box.html_text != order
        for box, html_text in ((self.order_box, order), (self.teams_box, teams_html(state, self.lang))):
            if box.html_text != html_text:
                box.set_text(html_text)
                self.changes += 1  # the widget layer composes again
                if box is self.teams_box:
                    self._fit_teams()
        self.sheet_due = self.sheet_box.html_text != self._sheet
        if self.sheet_due and not new_turn:
            self.flush()

    def _order_fits(self, line: str) -> bool:
        """Whether a turn order's line fits the strip on one row (measured all bold: the active
        name is): long names hid the next fighters on a second row behind a scroll bar (s61 audit)."""
        box = self.order_box
        room = box.text_wrap_rect[2] - 2 if box.text_wrap_rect is not None else 0  # a pixel of pygame_gui's rounding
        size = box.ui_theme.get_font(box.combined_element_ids).get_point_size()
        return room <= 0 or font(size, bold=True).size(drawable(line))[0] <= room

    def _fit_teams(self) -> None:
        """The teams box made two lines a team, the log under it shorter, when a team's line
        wraps in the box of a line a team: at 1366×768 "Les Lions de Braise (Ember Lions) — 0 PR
        (renown) · 3/3" took two lines and hid the other team under a scroll bar (s50 window2).
        Once a layout at most (the log laid out again: at a match's start, or when a PR grows)."""
        box, tall = self.teams_box, round(TEAMS_TALL * self.scale)
        if box.scroll_bar is None or box.rect.h >= tall or self.portrait:
            return
        box.set_dimensions((box.rect.w, tall))
        bottom = self.log_rect.bottom
        self.log_rect = pygame.Rect(self.log_rect.x, box.rect.bottom, self.log_rect.w, bottom - box.rect.bottom)
        self.log_box.set_relative_position(self.log_rect.topleft)
        self.log_box.set_dimensions(self.log_rect.size)
        for resized in (box, self.log_box):  # now: pygame_gui waits a while, showing them stretched
            resized.rebuild()
        self._place_notice(self._notice_box())

    @changes_widgets
    def show_notice(self, words: str) -> None:
        """A notice at the top of the log's room, as tall as its text (at most half the room:
        a longer one scrolls), the log under it shorter; "" takes it away, the log its room back.
        Made now, hidden, and shown with the log laid out under it by `place_notice` in the
        next frame (both in one frame took ~16 ms at 1920×1080)."""
        if words == self._notice:
            return
        self._notice = words
        if getattr(self, "log_box", None) is not None:
            if self._next_notice is not None:
                self._next_notice.kill()
            self._next_notice = self._notice_box()
            self.notice_due = True

    def place_notice(self) -> None:
        """The notice `show_notice` made, shown, the log laid out under it (each frame: nothing
        when none is due, the widgets drawn last frame kept)."""
        if self.notice_due:
            self.notice_due = False
            self.changes += 1
            box, self._next_notice = self._next_notice, None
            self._place_notice(box)

    def _notice_room(self) -> pygame.Rect:
        top = self.teams_box.rect.bottom
        return pygame.Rect(self.log_rect.x, top, self.log_rect.w, self.log_rect.bottom - top)

    def _notice_box(self) -> WordsBox | None:
        """The notice's box for its words (hidden), None when it has none."""
        if not self._notice:
            return None
        room = self._notice_room()  # measured laid out as pygame_gui lays it out, padding and all
        probe = WordsBox(self._notice, pygame.Rect(room.x, room.y, room.w, -1), self.manager, object_id=ObjectID("#notice"))
        cap = room.h // 2
        if probe.rect.h > cap:  # it scrolls: its first finding read whole where the room allows
            first = self._first_lines_height(room.w - probe.scroll_bar_width)  # (its bar beside the text)
            cap = max(cap, first) if first <= room.h * 2 // 3 else cap
        tall = whole_rows_height(probe, cap)
        probe.kill()
        return WordsBox(self._notice, pygame.Rect(room.x, room.y, room.w, tall), self.manager,
                        object_id=ObjectID("#notice"), visible=0)

    def _first_lines_height(self, width: int) -> int:
        """The height of the notice's first two lines (its count line and first finding) laid out
        `width` px wide: the notice takes up to two thirds of the log's room to show them whole
        (in half of it, the first finding was cut at 1024×600 in French). At 800×560 they need
        more than the log's whole room (122 px of 120): the notice keeps half, and scrolls."""
        first = "<br>".join(self._notice.split("<br>")[:2])
        probe = WordsBox(first, pygame.Rect(0, 0, width, -1), self.manager, object_id=ObjectID("#notice"))
        tall = probe.rect.h
        probe.kill()
        return tall

    def _place_notice(self, box: WordsBox | None) -> None:
        """`box` in the notice's place (the one there goes), the log laid out under it."""
        if self.notice_box is not None:
            self.notice_box.kill()
            self.elements.remove(self.notice_box)
        self.notice_box = box
        room = self._notice_room()
        tall = 0
        if box is not None:
            tall = box.rect.h
            box.set_relative_position(room.topleft)
            if not self.hiding:
                box.show()
            self.elements.append(box)
        log = pygame.Rect(room.x, room.y + tall, room.w, room.h - tall)
        if log != self.log_rect:
            self.log_rect = log
            self.log_box.set_relative_position(log.topleft)
            self.log_box.set_height(log.h)  # its last lines in sight, as before

    def flush(self) -> None:
        """The sheet left for this frame by `refresh_match`, shown (each frame, before anything else)."""
        if self.sheet_due:
            self.sheet_due = False
            if self.sheet_box.html_text != self._sheet:
                self.sheet_box.set_text(self._sheet)
                self.changes += 1
                self.log_box.postpone_rebuild()  # one re-layout a frame: the log's scroll bar next

    def warm_log_canvas(self) -> bool:
        """Make the log's canvas ahead of need (the window calls it in quiet frames); True when made."""
        box = getattr(self, "log_box", None)
        if box is None or not box.alive() or not box.canvas_due():
            return False
        box.make_canvas()
        return True

    def scrolls_at(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is over a side panel shown (the sheet, the teams, the log), whose text
        the mouse wheel scrolls: there the wheel is the panel's, not the board's zoom."""
        boxes = (getattr(self, name, None) for name in ("sheet_box", "teams_box", "notice_box", "log_box"))
        return any(box is not None and box.alive() and box.visible and box.rect.collidepoint(pos) for box in boxes)

    def cover_panels(self, card: pygame.Rect | None) -> list[pygame.Rect]:
        """Hide the side panels (the sheet, and the teams and the log when it reaches them) that
        a hover card with no free spot on the board covers (`hover_card.draw`'s `aside`: their
        words under the card are none to read), show them again when it goes; where the boxes it
        hides stand (the caller clears them: the widgets drew a box hidden this frame, and a frame
        put back from the widget layer's copy may hold it)."""
        if self.hiding:
            return []
        for box in (self.sheet_box, self.teams_box, self.notice_box, self.log_box):
            if box is None:
                continue
            covered = card is not None and card.colliderect(box.rect)
            if covered and box.visible:
                box.hide()
                self.card_hid.add(box)
            elif not covered and box in self.card_hid:
                # only what the card hid comes back: a box another screen hid stays hidden
                self.card_hid.discard(box)
                box.show()
            else:
                continue
            self.changes += 1
        return [pygame.Rect(box.rect) for box in self.card_hid]

    def show_sheet(self, state: MatchState, fighter: str | None) -> None:
        """The side panel shows the hovered `fighter`'s sheet (None: the active fighter's)."""
        if fighter == self.sheet_of:
            return
        self.sheet_of = fighter
        words = sheet_html(state, self.lang, fighter, self.scale)
        if words != self._sheet:
            self.changes += 1
            self._sheet = words
            self.sheet_box.set_text(words)
            self.sheet_due = False

    @changes_widgets
    def reset_log(self, events: Sequence[Event], names: dict[str, str]) -> None:
        """Rewrite the whole log (new match, load, undo)."""
        lines = [log_html(e, names, self.lang) for e in events if told(e)]
        self.log_lines = lines[log_cut(lines):]
        self._fill_log()

    @changes_widgets
    def append_log(self, events: Sequence[Event | str], names: dict[str, str]) -> None:
        """Add the lines of new events (and plain lines, e.g. R9.2's roster words) at the bottom of the log."""
        # a tackle's check and its `Tackled` give one line (`narration.told`)
        new = [esc(e) if isinstance(e, str) else log_html(e, names, self.lang) for e in events if isinstance(e, str) or told(e)]
        self.log_lines.extend(new)
        trim = len(self.log_lines) > LOG_LIMIT + LOG_SLACK  # back to the limit: the oldest lines go
        if new:
            self.log_box.append_html_text("<br>".join(new) + "<br>")
        if trim:
            cut = log_cut(self.log_lines)
            gone, self.log_lines = self.log_lines[:cut], self.log_lines[cut:]
            if not self.log_box.drop_first_lines(gone, self._log_text()):
                self._fill_log()  # laid out again (~90 ms at 1920×1080): only if the box cannot drop them
                memory.tidy()  # the replaced text's layouts and surfaces (tens of MiB): freed now
        if new or trim:
            self._scroll_log_to_end()

    @changes_widgets
    def append_lines(self, lines: Sequence[str]) -> None:
        """Add plain text lines (not events) at the bottom of the log, e.g. a map reload."""
        new = [esc(line) for line in lines]
        self.log_lines.extend(new)
        if getattr(self, "log_box", None) is not None and new:
            self.log_box.append_html_text("<br>".join(new) + "<br>")
            self._scroll_log_to_end()

    def _fill_log(self) -> None:
        box = getattr(self, "log_box", None)
        if box is None:
            return
        box.set_text(self._log_text())
        self._scroll_log_to_end()

    def _log_text(self) -> str:
        return "<br>".join(self.log_lines) + ("<br>" if self.log_lines else "")

    def _scroll_log_to_end(self) -> None:
        self.log_box.scroll_to_end()

