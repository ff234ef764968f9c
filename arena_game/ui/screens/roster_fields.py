"""The roster editor's widgets: a sheet form (label, entry, fault beside it) and the keyboard
focus ring (Tab, Shift+Tab, Enter, arrows) over pygame_gui widgets; the selection lists' rows
as the start screen shares them (cut to fit, the picked one in view, picked again)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.core.interfaces import IContainerLikeInterface, IUIManagerInterface
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from arena_game.core.sheets import WeaponFamily
from arena_game.formats.roster import Fault, FieldSpec
from arena_game.i18n import t
from arena_game.render.glyphs import drawable
from arena_game.render.text import cut_to_fit, ui_scale
from arena_game.ui.board_view import font
from arena_game.ui.screens.house_rules import mark_refused

FAMILIES = tuple(f.value for f in WeaponFamily)
# the theme ids of a selection list's row, as pygame_gui looks its font up
LIST_ROW_IDS = ["selection_list.#item_list_item", "selection_list.@selection_list_item", "selection_list.button",
                "#item_list_item", "@selection_list_item", "button"]
LIST_EDGE = 6  # px: a selection list's border and shadow, above and below its rows together (and each side)
LIST_BAR, LIST_PAD = 20, 6  # px: a selection list's scroll bar, and the room a row keeps each side of its words
FOCUS_COLOUR = (255, 214, 102)  # the keyboard focus outline: amber, distinct from red faults under deuteranopia


@dataclass
class FieldRow:
    """One field of a form: its spec, its entry (or the family's cycling button), its fault label
    and whether its value was refused (`refused`: its field framed in red, `FieldForm.mark_refused`)."""

    spec: FieldSpec
    widget: UITextEntryLine | UIButton
    fault: UILabel
    value: str = ""
    refused: bool = False


def family_label(family: str, lang: str) -> str:
    """The weapon family button's text: the family's name, and a hint that it cycles."""
    return drawable(f"{t(f'term.family_{family}', lang)}  »")


FAULTS: dict[str, tuple[tuple[str, dict[str, object]], ...]] = {
    "int": (("fault_whole_number", {}), ("fault_at_least", {"n": 999}), ("fault_at_most", {"n": 999}), ("fault_invalid", {})),
    "text": (("fault_too_long", {"n": 99}), ("fault_empty", {}), ("fault_invalid", {})),
    "damage": (("fault_damage", {}), ("fault_invalid", {})),
    "colour": (("fault_colour", {}), ("fault_invalid", {})),
    "family": (("fault_family", {}), ("fault_invalid", {})),
}
"""The faults a field of each kind may say (`formats.roster`'s `_fault_from`), to leave them room."""


def entry_width(kind: str, k: float) -> int:
    """How wide a field's entry (or the weapon family's button) is at the text scale `k`."""
    return round((172 if kind == "family" else 150 if kind == "text" else 90 if kind in ("damage", "colour") else 60) * k)


def fault_width(kind: str, lang: str, size: int) -> int:
    """The widest fault a field of `kind` may say, in the fault labels' bold font."""
    f = font(size, bold=True)
    return max(f.size(t(f"roster.{key}", lang, **fields))[0] for key, fields in FAULTS.get(kind, FAULTS["text"]))


def column_needs(columns: list[list[FieldSpec]], lang: str, window: tuple[int, int],
                 below: frozenset[str] = frozenset()) -> tuple[list[int], list[int]]:
    """Each column's width with its faults beside its fields (but those of `below`), and
    without them: its labels (as wide as its longest), entries and longest faults."""
    k = ui_scale(window)
    label_font, fault_size = font(round(14 * k)), round(13 * k)
    needs, least = [], []
    for specs in columns:
        label_w = max(label_font.size(s.label(lang))[0] for s in specs) + 12
        needs.append(max(label_w + entry_width(s.kind, k) + (0 if s.key in below else 14 + fault_width(s.kind, lang, fault_size))
                         for s in specs) + 8)
        least.append(max(label_w + entry_width(s.kind, k) for s in specs) + 8)
    return needs, least


@dataclass(frozen=True)
class RowPlace:
    """Where one field's label, entry (or button) and fault label go."""

    spec: FieldSpec
    label: pygame.Rect
    entry: pygame.Rect
    fault: pygame.Rect


class FieldForm:
    """Label, entry and fault label for each field, in columns inside `rect` of `panel`; made
    by `lay`, a row at a time. A field of `below` has its fault under it, across its column
    (the team's colour: its swatch is beside the entry). `wrap_faults` (a window narrower than
    the editor's design): a field whose longest fault does not fit beside its entry has it on a
    line of its own under it, the rows after it moved down; `height` says how tall that is."""

    def __init__(self, panel: IContainerLikeInterface, manager: Any, rect: pygame.Rect, columns: list[list[FieldSpec]],
                 lang: str, window: tuple[int, int], split: float | None = None, below: frozenset[str] = frozenset(),
                 wrap_faults: bool = False) -> None:
        self.rows: dict[str, FieldRow] = {}
        self.lang = lang
        self.below = below
        self.wrap_faults = wrap_faults
        self._plan = (panel, manager, rect, columns, window, split)

    def column_widths(self) -> list[int]:
        """Each column's width: as `split` (or evenly) asks, unless a column's labels, entries and
        the longest fault its fields may say need more and another has room to spare. With
        `wrap_faults`, when the columns cannot all have their faults beside their fields: each
        its labels and entries, and what is left to the columns that need least to have them
        beside too (the others' faults go under their fields)."""
        _panel, _manager, rect, columns, window, split = self._plan
        widths = [rect.w // len(columns)] * len(columns) if split is None else [round(rect.w * split), rect.w - round(rect.w * split)]
        needs, least = column_needs(columns, self.lang, window, self.below)
        if self.wrap_faults and sum(needs) > rect.w and sum(least) <= rect.w:
            widths = list(least)
            left = rect.w - sum(least)
            for c in sorted(range(len(columns)), key=lambda c: needs[c] - least[c]):
                more = min(left, needs[c] - least[c])
                widths[c] += more
                left -= more
            widths[-1] += left
            return widths
        for c in range(len(widths)):
            short = needs[c] - widths[c]
            for o in range(len(widths)):
                if short <= 0:
                    break
                spare = widths[o] - needs[o]
                if o != c and spare > 0:
                    moved = min(spare, short)
                    widths[o] -= moved
                    widths[c] += moved
                    short -= moved
        return widths

    def places(self) -> list[RowPlace]:
        """Where each field's label, entry and fault go, column by column."""
        _panel, _manager, rect, columns, window, _split = self._plan
        lang = self.lang
        k = ui_scale(window)
        label_font, fault_size = font(round(14 * k)), round(13 * k)
        line = round(28 * k)
        step = round(32 * k) if self.wrap_faults else min(round(32 * k), max(line + 2, rect.h // max(len(c) for c in columns)))
        widths = self.column_widths()
        out: list[RowPlace] = []
        for c, specs in enumerate(columns):
            x, col_w = rect.x + sum(widths[:c]), widths[c]
            label_w = max(label_font.size(s.label(lang))[0] for s in specs) + 12
            y = rect.y
            for spec in specs:
                entry = pygame.Rect(x + label_w, y, entry_width(spec.kind, k), line)
                fault_x = entry.right + 6
                beside = x + col_w - fault_x - 8
                under = self.wrap_faults and spec.key not in self.below and beside < fault_width(spec.kind, lang, fault_size)
                if spec.key in self.below:
                    where = pygame.Rect(x, y + line, col_w - 8, line)
                elif under:  # from under its entry if the fault fits there, else from the column's left
                    left = entry.x if x + col_w - 8 - entry.x >= fault_width(spec.kind, lang, fault_size) else x
                    where = pygame.Rect(left, y + line, x + col_w - 8 - left, line)
                else:
                    where = pygame.Rect(fault_x, y, beside, line)
                out.append(RowPlace(spec, pygame.Rect(x, y, label_w, line), entry, where))
                y += step + (line if under else 0)
        return out

    def height(self) -> int:
        """How tall the form is laid out (`places`), from its top to its lowest row's bottom."""
        _panel, _manager, rect, _columns, _window, _split = self._plan
        return max((max(p.entry.bottom, p.fault.bottom) for p in self.places()), default=rect.y) - rect.y

    def lay(self, per_part: int = 2) -> Iterator[bool]:
        """Make the rows, yielding False after every `per_part` of them (a part a frame)."""
        panel, manager, _rect, _columns, _window, _split = self._plan
        for place in self.places():
            spec = place.spec
            UILabel(place.label, spec.label(self.lang), manager, container=panel, object_id=ObjectID("#roster_label"))
            widget: UITextEntryLine | UIButton
            if spec.kind == "family":
                widget = UIButton(place.entry, "", manager, container=panel)
            else:
                widget = UITextEntryLine(place.entry, manager, container=panel, object_id=ObjectID("#roster_entry"))
            fault = UILabel(place.fault, "", manager, container=panel, object_id=ObjectID("#roster_fault"))
            self.rows[spec.key] = FieldRow(spec, widget, fault)
            if len(self.rows) % per_part == 0:
                yield False

    def show(self, values: dict[str, str], faults: dict[str, Fault], enabled: bool) -> None:
        """Fill every entry with its value, each fault beside its field; disabled when read-only."""
        for key, row in self.rows.items():
            row.value = values.get(key, "")
            if isinstance(row.widget, UIButton):
                row.widget.set_text(family_label(row.value, self.lang) if row.value else "")
            else:
                row.widget.set_text(row.value)
            self.set_fault(key, faults.get(key))
            if enabled:
                row.widget.enable()
            else:
                row.widget.disable()

    def set_fault(self, key: str, fault: Fault | None) -> None:
        """Show (or clear) the fault beside a field, and its red frame (`mark_refused`)."""
        self.rows[key].fault.set_text(fault.text(self.lang) if fault else "")
        self.rows[key].refused = fault is not None

    def mark_refused(self, surface: pygame.Surface) -> None:
        """Frame each field whose value was refused as the house-rules panel does (red, with a "!"
        badge that reads without its colour): the status line's "fix the fields marked in red"
        had nothing marked but the words beside them (s48 review, item 8)."""
        for row in self.rows.values():
            if row.refused and row.widget.visible:
                mark_refused(surface, row.widget.rect)

    def row_of(self, element: object) -> FieldRow | None:
        """The field whose entry or button `element` is."""
        return next((r for r in self.rows.values() if r.widget is element), None)

    def widgets(self) -> list[UIElement]:
        """The form's entries and buttons, in focus order (column by column)."""
        return [r.widget for r in self.rows.values()]


class FocusRing:
    """Keyboard focus over the screen's widgets: Tab / Shift+Tab move it, Enter presses a
    button, Up / Down move a list's selection. A text entry takes the keys while focused."""

    def __init__(self) -> None:
        self.widgets: list[UIElement] = []
        self.index = 0

    def set(self, widgets: list[UIElement], keep: int | None = None) -> None:
        """The widgets in focus order (usable ones only); the focus kept at index `keep`."""
        self.widgets = [w for w in widgets if w.alive() and getattr(w, "is_enabled", True)]
        self.index = min(keep if keep is not None else self.index, max(0, len(self.widgets) - 1))

    @property
    def current(self) -> UIElement | None:
        """The widget with the keyboard focus."""
        return self.widgets[self.index] if self.widgets else None

    def step(self, by: int, manager: Any) -> UIElement | None:
        """Move the focus by `by` (1: Tab, -1: Shift+Tab), giving a text entry the typing focus."""
        if not self.widgets:
            return None
        self.index = (self.index + by) % len(self.widgets)
        self.take(manager)
        return self.current

    def take(self, manager: Any) -> None:
        """Give pygame_gui's focus to the current widget (so an entry receives the typing)."""
        w = self.current
        manager.set_focus_set(w if isinstance(w, UITextEntryLine) else None)

    def focus_on(self, element: object) -> None:
        """The mouse picked a widget of the ring: the focus follows it."""
        for i, w in enumerate(self.widgets):
            if w is element:
                self.index = i

    def outline(self, surface: pygame.Surface) -> None:
        """Draw the focus outline around the current widget."""
        w = self.current
        if w is not None and w.visible:
            pygame.draw.rect(surface, FOCUS_COLOUR, w.rect.inflate(4, 4), 2, border_radius=3)


def list_step(lst: UISelectionList, by: int) -> int | None:
    """The index a list's selection moves to with Up (-1) or Down (+1)."""
    texts = [item["text"] for item in lst.item_list]
    if not texts:
        return None
    picked = lst.get_single_selection()
    i = texts.index(picked) if picked in texts else -1
    return max(0, min(len(texts) - 1, i + by))


def selected_index(lst: UISelectionList) -> int | None:
    """The index of a single-selection list's picked item."""
    picked = lst.get_single_selection()
    texts = [item["text"] for item in lst.item_list]
    return texts.index(picked) if picked in texts else None


def rows_fitted(manager: IUIManagerInterface, width: int, items: list[str]) -> list[str]:
    """`items` cut with "…" to fit a row of a selection list `width` px wide, in the rows' own
    font, its scroll bar kept aside (a row is picked by its place, not its words). The one
    measure of the start screen's teams (cut before their list is made) and the roster
    editor's lists: a long team name ran past the list's right edge (s61 audit)."""
    row_font = manager.get_theme().get_font(LIST_ROW_IDS)
    room = width - LIST_EDGE - LIST_BAR - 2 * LIST_PAD
    return [cut_to_fit(item, row_font, room) for item in items]


def show_picked(choices: UISelectionList) -> None:
    """The list scrolled so that its picked row is in view (the last row it shows, when it was
    under them): a map of one's own, added last and picked, was out of sight at 800×560."""
    bar, picked, rows_room = choices.scroll_bar, selected_index(choices), choices.item_list_container
    if bar is None or picked is None or rows_room is None:
        return
    item = choices.list_item_height
    rows = max(1, rows_room.relative_rect.height // item)
    first = round(bar.start_percentage * choices.total_height_of_list / item)
    if first <= picked < first + rows:
        return
    first = picked if picked < first else picked - rows + 1
    bar.set_scroll_from_start_percentage((first * item + 0.5) / choices.total_height_of_list)  # (the bar rounds a pixel down: a sliver of the row above showed)


def pick_again(choices: UISelectionList, words: str) -> None:
    """The entry `words` picked again: a list of one choice always holds one, where pygame_gui
    drops it when it is clicked again (the start screen's map description then went blank and
    Play did nothing, its teams fell back to the shipped pair; the roster editor's lists showed
    no row picked beside the sheet of one, s61 audit). Dropped for another entry picked, it
    stays dropped."""
    if any(item["selected"] for item in choices.item_list):
        return
    for item in choices.item_list:
        if item["text"] == words:
            item["selected"] = True
            if item["button_element"] is not None:
                item["button_element"].select()
