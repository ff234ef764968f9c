"""The roster editor (issue 18), opened from the start screen: the player's teams files, their
teams, fighters, sheets and chests, each field checked as it is typed by the files' own models
(`arena_game.formats.roster`), saved atomically in the user data folder shortly after each
accepted change. Shipped files are read-only (Duplicate makes one's own copy).

Keyboard: Tab / Shift+Tab move the focus (an amber outline), Enter presses, Up / Down move a
list's selection, Esc leaves a text entry, then the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer, UIElement
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from arena_game.formats.problems import one_line
from arena_game.formats.roster import (
    FIGHTER_FIELDS,
    TEAM_FIELDS,
    Fault,
    FieldSpec,
    RosterDraft,
    roster_dir,
    shown_value,
    valid_file_name,
)
from arena_game.formats.roster_shelf import RosterShelf
from arena_game.i18n import t
from arena_game.i18n.glosses import glossed
from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.backdrop import covering_container
from arena_game.ui.screens.base import BACKGROUND, BuiltOverFrames
from arena_game.ui.screens.house_rules import mark_refused
from arena_game.ui.screens.roster_fields import (
    FAMILIES,
    FieldForm,
    FocusRing,
    column_needs,
    list_step,
    pick_again,
    rows_fitted,
    selected_index,
)
from arena_game.ui.scroll_box import ScrollBox

if TYPE_CHECKING:
    from arena_game.ui.app import App

FILE_FIELD = FieldSpec(("file",), "text")  # the file's name (its label: roster.field_file)
DESIGN = (1280, 720)
"""The smallest window (at 720 px high; grown with the text) the editor is laid out in whole as
two columns with the sheet beside the lists: a narrower one has the sheet under them, a lower
one scrolls up and down."""
SCROLL_BAR = 20  # px: pygame_gui's scrolling container's bar, kept aside in a narrow window
_F = FIGHTER_FIELDS
SHEET_COLUMNS = [list(_F[:5] + _F[-4:] + _F[17:22]), list(_F[5:17])]
"""The sheet's two columns: name, PV, mana, height, potions, the weapon, the weapon skills |
attributes and skills."""
MIN_LISTS = 240  # px: the lists' column at its narrowest (three buttons a row, each word whole)


def show_list(lst: UISelectionList, items: list[str], picked: int | None) -> None:
    """Put `items` in a list (only if they changed: that costs a rebuild) with item `picked`
    selected, each cut with "…" to the list's width (`rows_fitted`)."""
    items = rows_fitted(lst.ui_manager, lst.rect.w, items)
    if [item["text"] for item in lst.item_list] != items:
        entries: list[str | tuple[str, str]] = list(items)
        lst.set_item_list(entries)
    for i, item in enumerate(lst.item_list):
        item["selected"] = i == picked
        button = item["button_element"]
        if button is not None:
            button.select() if i == picked else button.unselect()


class RosterScreen(BuiltOverFrames):
    """Team files on the left (files, teams, fighters), the team and the sheet on the right;
    `covered()` is called once it shows (the start screen's widgets are then hidden)."""

    def __init__(self, app: App, on_close: Callable[[Path | None], object] | None = None,
                 covered: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.on_close = on_close
        self.covered = covered
        self.panel: UIContainer | None = None
        self.scroller: ScrollBox | None = None  # the widgets' box when the window is under the design size
        self.ring = FocusRing()
        self.armed: UIButton | None = None  # a Delete button pressed once: a second press deletes
        self.shelf = RosterShelf(self.lang)  # the files, the one open, its writes, the status line
        self.team_i = self.fighter_i = 0

    # -- files ---------------------------------------------------------------------------

    @property
    def draft(self) -> RosterDraft:
        """The teams file open."""
        return self.shelf.draft

    def open_file(self, index: int) -> None:
        """Open another file: its first team and fighter shown."""
        if self.shelf.open(index):
            self.team_i = self.fighter_i = 0

    def file_picked(self, source: str, importing: bool) -> None:
        """The file dialog's path: imported, or the file open exported there (over a file that
        is there, once the player said to replace it: `ConfirmScreen`)."""
        if importing and self.shelf.import_file(source):
            self.team_i = self.fighter_i = 0
        elif not importing:
            taken = self.shelf.export_replaces(source)
            if taken is not None:
                from arena_game.ui.screens.dialog import ConfirmScreen

                question = t("roster.replace_ask", self.lang, path=one_line(str(taken)), name=one_line(self.draft.name))
                self.app.push(ConfirmScreen(self.app, question, lambda: self.exported(source)))
                return
            self.shelf.export_file(source)
        self.refresh()

    def exported(self, target: str) -> None:
        """Export the file open to `target` (the player said to replace the file there)."""
        self.shelf.export_file(target)
        if self.panel is not None:
            self.refresh()

    # -- layout --------------------------------------------------------------------------

    def leave(self) -> None:
        self._building = None
        self.scroller = None
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def relayout(self, size: tuple[int, int]) -> None:
        self.leave()
        self.build_now()

    def _build(self) -> Iterator[bool]:
        """Every widget for the window's size, then the draft shown in them, a part a frame from
        the one after `enter` (all at once, ~130 widgets took ~100 ms at 1920×1080)."""
        lang, m = self.lang, self.app.manager
        size = self.app.screen.get_size()
        k = ui_scale(size)
        # laid out for at least its design height: a lower window scrolls it up and down (nothing
        # cut, nothing pushed under another widget); a window narrower than the design has it laid
        # out for its width (`narrow`: the sheet under the lists, the team and its chest), the
        # scroll bar's width kept aside — it scrolled sideways, laid out 1280 px wide
        narrow = size[0] < round(DESIGN[0] * k)
        w = size[0] - SCROLL_BAR if narrow else size[0]
        h = max(size[1], round(DESIGN[1] * k))
        pad, gap, line, lab = 20, round(8 * k), round(28 * k), round(24 * k)
        yield False
        self.panel = covering_container(m, size, 12, ObjectID("#start"), visible=False)  # not a UIPanel: `backdrop`
        UILabel(pygame.Rect(pad, 8, size[0] - 2 * pad, round(36 * k)), t("roster.title", lang), m, container=self.panel,
                object_id=ObjectID("#banner_text"))  # the title stays in the middle of the window, over what scrolls
        top = 12 + round(36 * k)  # where the editor's columns start
        self.scroller = None
        panel: UIContainer | ScrollBox = self.panel
        if narrow or h != size[1]:  # under the title, the rest scrolls up and down: laid out from the box's top
            shift = top - 4
            self.scroller = panel = ScrollBox(pygame.Rect(0, shift, size[0], size[1] - shift), m, container=self.panel,
                                              visible=0, allow_scroll_x=False, allow_scroll_y=True)
            top, h = 4, h - shift
            panel.set_scrollable_area_dimensions((w, h))
        # the sheet's columns need the rest, their faults beside them: the lists give way to a sheet
        # whose labels are long (English glosses its French terms: "Téléportation (teleport) potions")
        col = max(280, min(round(380 * k), w * 22 // 100))
        if not narrow:
            col = max(MIN_LISTS, min(col, w - 4 * pad - sum(column_needs(SHEET_COLUMNS, lang, size)[0])))
        y = top

        def heading(x: int, yy: int, width: int, key: str, **fields: Any) -> int:
            UILabel(pygame.Rect(x, yy, width, lab), t(key, lang, **fields), m, container=panel, object_id=ObjectID("#start_label"))
            return yy + lab

        def buttons(x: int, yy: int, width: int, keys: list[str]) -> list[UIButton]:
            bw = (width - gap * (len(keys) - 1)) // len(keys)
            return [UIButton(pygame.Rect(x + i * (bw + gap), yy, bw, line), t(f"roster.{key}", lang), m, container=panel)
                    for i, key in enumerate(keys)]

        def listing(yy: int, rows: int) -> UISelectionList:
            return UISelectionList(pygame.Rect(pad, yy, col, round(20 * k) * rows + 6), [], m, container=panel)

        # the files
        yield False
        y = heading(pad, y, col, "roster.files")
        self.file_list = listing(y, 4)
        y = int(self.file_list.relative_rect.bottom) + gap
        self.file_new, self.file_dup, self.file_del = buttons(pad, y, col, ["new", "duplicate", "delete"])
        y += line + gap
        self.file_import, self.file_export = buttons(pad, y, col, ["import", "export"])
        y += line + gap
        self.name_form = FieldForm(panel, m, pygame.Rect(pad, y, col, line), [[FILE_FIELD]], lang, size)
        yield from self.name_form.lay()
        self.name_row = self.name_form.rows[FILE_FIELD.key]
        y += line + gap
        # the teams and the fighters of the team picked
        yield False
        y = heading(pad, y, col, "roster.teams")
        self.team_list = listing(y, 3)
        y = int(self.team_list.relative_rect.bottom) + gap
        self.team_new, self.team_dup, self.team_del = buttons(pad, y, col, ["new", "duplicate", "delete"])
        y += line + gap
        yield False
        y = heading(pad, y, col, "roster.fighters")
        rows = max(3, (h - y - 2 * line - 4 * gap - round(40 * k)) // round(20 * k))
        self.fighter_list = listing(y, min(rows, 8))
        y = int(self.fighter_list.relative_rect.bottom) + gap
        self.fighter_new, self.fighter_dup, self.fighter_del = buttons(pad, y, col, ["new", "duplicate", "delete"])
        yield False
        lists_bottom = int(self.fighter_new.relative_rect.bottom)
        # the team and its chest on the right (narrow: the chest under the team), then the sheet
        # (narrow: under them all, across the window)
        right = pad + col + (pad if narrow else 2 * pad)
        rw = w - right - pad
        team_w = rw if narrow else rw // 2
        y = top
        heading(right, y, team_w, "roster.team")
        self.team_form = FieldForm(panel, m, pygame.Rect(right, y + lab, team_w, 2 * line + gap), [list(TEAM_FIELDS)], lang,
                                   size, below=frozenset({"colour"}))  # its swatch beside it: its fault under it
        yield from self.team_form.lay()
        entry = self.team_form.rows["colour"].widget.relative_rect
        self.swatch = pygame.Rect(entry.right + gap - entry.x, 4, round(40 * k), entry.h - 8)  # from the entry's top left
        team_bottom = int(self.team_form.rows["colour"].fault.relative_rect.bottom) + gap
        cx, cy = (right, team_bottom) if narrow else (right + team_w, y)
        chest_w = rw - (0 if narrow else team_w)
        limit = self.draft.settings.teams.chest_limit
        heading(cx, cy, chest_w, "roster.chest", limit=limit)
        cw = chest_w * 3 // 5  # the list the wider part: English names carry their gloss ("chien de chasse (hunting dog)")
        ew = chest_w - cw - gap
        yield False
        self.chest_list = UISelectionList(pygame.Rect(cx, cy + lab, cw, round(20 * k) * limit + 6), [], m, container=panel)
        self.chest_entry = UITextEntryLine(pygame.Rect(cx + cw + gap, cy + lab, ew, line), m, container=panel,
                                           object_id=ObjectID("#roster_entry"))
        self.chest_add, self.chest_remove = buttons(cx + cw + gap, cy + lab + line + gap, ew, ["chest_add", "chest_remove"])
        self.chest_fault = UILabel(pygame.Rect(cx, int(self.chest_list.relative_rect.bottom) + 2, chest_w, line), "", m,
                                   container=panel, object_id=ObjectID("#roster_fault"))
        y = int(max(self.chest_fault.relative_rect.bottom, self.team_form.rows["colour"].fault.relative_rect.bottom)) + gap
        sx, sw = right, rw  # the sheet's left and width
        if narrow:
            sx, sw = pad, w - 2 * pad
            y = max(y, lists_bottom + 2 * gap)
        y = heading(sx, y, sw // 5, "roster.sheet")
        self.notice = UILabel(pygame.Rect(sx + sw // 5, y - lab, sw - sw // 5, lab), "", m, container=panel,
                              object_id=ObjectID("#roster_fault"))
        bottom = h - pad - line - lab
        self.form = FieldForm(panel, m, pygame.Rect(sx, y + 4, sw, bottom - y - 4 - gap), SHEET_COLUMNS, lang, size,
                              split=0.6, wrap_faults=narrow)
        if narrow:  # as tall as its rows: the foot under it, and the box scrolls that far
            bottom = y + 4 + self.form.height() + gap
            h = bottom + lab + 2 * line + gap + pad
            assert self.scroller is not None
            self.scroller.set_scrollable_area_dimensions((w, h))
        yield from self.form.lay(per_part=3)
        # the foot: back, the keys, the status line (narrow: across the window, back under them)
        if narrow:
            self.back = UIButton(pygame.Rect(pad, bottom + lab + line + gap, col, line), t("roster.back", lang), m,
                                 container=panel)
        else:
            self.back = UIButton(pygame.Rect(pad, h - pad - line, col, line), t("roster.back", lang), m, container=panel)
        UILabel(pygame.Rect(sx, bottom, sw, lab), t("roster.help", lang), m, container=panel,
                object_id=ObjectID("#roster_label"))
        self.status_line = UILabel(pygame.Rect(sx, bottom + lab, sw, line), "", m, container=panel,
                                   object_id=ObjectID("#roster_label"))
        yield False
        yield from self.refresh_parts()
        self.ring.take(m)
        yield True

    def refresh(self) -> None:
        """Show the draft in the widgets already laid out: lists, forms, what is enabled, the status."""
        for _ in self.refresh_parts():
            pass

    def refresh_parts(self) -> Iterator[bool]:
        """`refresh` a part at a time, yielding False between them (the first time, filling the
        lists and the forms took ~25 ms)."""
        lang = self.lang
        show_list(self.file_list, self.shelf.names(), self.shelf.index)
        self.name_form.show({FILE_FIELD.key: self.draft.name}, {}, not self.shelf.read_only)
        show_list(self.team_list, [f"{i + 1}. {tm['name']}" for i, tm in enumerate(self.draft.teams)], self.team_i)
        yield False
        fighters, struck = self.fighters_shown()
        show_list(self.fighter_list, [f"{i + 1}. {f['name']}" for i, f in enumerate(fighters)]
                  + [f"† {f['name']} {t('roster.struck_mark', lang)}" for f in struck], self.fighter_i)
        yield False
        team = self.draft.teams[self.team_i] if self.draft.teams else None
        self.team_form.show({s.key: shown_value(team, s) for s in TEAM_FIELDS} if team else {},
                            {s.key: f for s in TEAM_FIELDS if team and (f := self.draft.fault(self.team_i, None, s))},
                            bool(team) and not self.shelf.read_only)
        show_list(self.chest_list, [f"{i + 1}. {glossed(c, self.lang)}" for i, c in enumerate(team["chest"] if team else [])],
                  None)  # the draft keeps the names as written; only the list glosses them
        self.chest_fault.set_text("")
        yield False
        self.show_sheet()
        yield False
        self.set_enabled()
        self.say(*self.shelf_status())
        self.ring.set(self.focus_order())

    def fighters_shown(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The picked team's fighters, and its fighters struck off for good (R9.2)."""
        if not self.draft.teams:
            return [], []
        return self.draft.teams[self.team_i]["fighters"], self.draft.struck_off_of(self.team_i)

    def sheet(self) -> tuple[dict[str, Any] | None, bool]:
        """The sheet shown, and whether it is a fighter struck off for good."""
        fighters, struck = self.fighters_shown()
        if self.fighter_i < len(fighters):
            return fighters[self.fighter_i], False
        i = self.fighter_i - len(fighters)
        return (struck[i], True) if i < len(struck) else (None, False)

    def show_sheet(self) -> None:
        """Fill the form with the picked sheet (a struck-off one read-only, with R9.2 said)."""
        sheet, struck = self.sheet()
        values = {s.key: shown_value(sheet, s) for s in FIGHTER_FIELDS} if sheet else {}
        faults = {s.key: f for s in FIGHTER_FIELDS if (f := self.draft.fault(self.team_i, self.fighter_i, s))}
        self.form.show(values, faults if not struck else {}, bool(sheet) and not struck and not self.shelf.read_only)
        self.notice.set_text(t("roster.struck_off", self.lang, name=sheet["name"]) if struck and sheet else "")

    def set_enabled(self) -> None:
        """Read-only files and missing selections disable what cannot apply."""
        mine = not self.shelf.read_only
        fighters, _ = self.fighters_shown()
        for b, on in ((self.file_del, mine), (self.team_new, mine), (self.team_dup, mine and bool(self.draft.teams)),
                      (self.team_del, mine and len(self.draft.teams) > 1), (self.fighter_new, mine and bool(self.draft.teams)),
                      (self.fighter_dup, mine and self.fighter_i < len(fighters)), (self.fighter_del, mine and bool(self.sheet()[0])),
                      (self.chest_add, mine and bool(self.draft.teams)), (self.chest_remove, mine and bool(self.draft.teams)),
                      (self.chest_entry, mine and bool(self.draft.teams))):
            b.enable() if on else b.disable()

    def focus_order(self) -> list[UIElement]:
        """Every control, in reading order: the files, the teams, the fighters, the team, the sheet."""
        return [self.file_list, self.file_new, self.file_dup, self.file_del, self.file_import, self.file_export,
                self.name_row.widget, self.team_list, self.team_new, self.team_dup, self.team_del,
                self.fighter_list, self.fighter_new, self.fighter_dup, self.fighter_del,
                *self.team_form.widgets(), self.chest_list, self.chest_entry, self.chest_add, self.chest_remove,
                *self.form.widgets(), self.back]

    def shelf_status(self) -> tuple[str, bool]:
        """The files' status line; a save refused for a field's fault, which its field already
        says beside it in red, points there rather than say it a second time (s47 review 3,
        item 10: "NdM or NdM+K (2d6+1)" beside the field, "Not saved: NdM or…" at the foot)."""
        words, fault = self.shelf.status
        if fault and self.draft.faults and not self.shelf.read_only:  # `problems()` lists the fields' first
            return t("roster.unsaved_fields", self.lang), True
        return words, fault

    def say(self, text: str, fault: bool = False) -> None:
        """Put a line in the status line (a fault in red)."""
        self.shelf.status = (text, fault)
        self.status_line.change_object_id(ObjectID("#roster_fault" if fault else "#roster_label"))
        self.status_line.set_text(text)

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Tab / Shift+Tab, Enter, Up / Down and Esc first; then the widgets and what they say."""
        if self._building is not None:  # still being made: only Esc counts
            if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("roster",)) == "back":
                self.close()
            return
        if event.type == pygame.KEYDOWN and self.keyboard(event):
            return
        self.widgets_see(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            for wdg in self.ring.widgets:
                if wdg.rect.collidepoint(event.pos):
                    self.ring.focus_on(wdg)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.press(event.ui_element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.pick(event.ui_element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION \
                and event.ui_element in (self.file_list, self.team_list, self.fighter_list):
            pick_again(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.typed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chest_entry:
            self.press(self.chest_add)

    def keyboard(self, event: pygame.event.Event) -> bool:
        """The keys the screen answers itself; True when the key was used."""
        focused = self.ring.current
        typing = isinstance(focused, UITextEntryLine) and focused.is_focused
        command = keys.command(pygame.key.name(event.key), ("roster",), shift=bool(event.mod & pygame.KMOD_SHIFT))
        if command in ("next_field", "previous_field"):
            self.ring.step(-1 if command == "previous_field" else 1, self.app.manager)
            if self.scroller is not None and self.ring.current is not None:  # the field in sight
                self.scroller.scroll_into_view(self.ring.current.rect)
        elif command == "back":
            if typing:
                self.app.manager.set_focus_set(None)  # one step back: out of the entry
            else:
                self.close()
        elif command == "confirm" and isinstance(focused, UIButton):
            if focused.is_enabled:
                self.press(focused)
        elif command == "confirm" and isinstance(focused, UITextEntryLine) and not typing:
            self.ring.take(self.app.manager)  # Enter on an entry left with Esc: type in it again
        elif command == "pick_row" and isinstance(focused, UISelectionList):
            i = list_step(focused, -1 if event.key == pygame.K_UP else 1)
            if i is not None:
                self.pick(focused, i)
        else:
            return False
        return True

    def press(self, button: object) -> None:
        """A button pressed (clicked, or Enter on the focused one)."""
        lang, d = self.lang, self.draft
        if button is not self.armed and self.armed is not None:
            self.armed.set_text(t("roster.delete", lang))
            self.armed = None
        row = self.form.row_of(button)
        if row is not None and row.value:  # the weapon family cycles
            nxt = FAMILIES[(FAMILIES.index(row.value) + 1) % len(FAMILIES)]
            self.typed(button, nxt)
            self.show_sheet()
            return
        if button in (self.file_del, self.team_del, self.fighter_del) and self.armed is not button:
            assert isinstance(button, UIButton)
            self.armed = button
            button.set_text(t("roster.delete_sure", lang))
            return
        self.armed = None
        if button is self.back:
            self.close()
            return
        if button in (self.file_new, self.file_dup, self.file_del):
            if button is self.file_new:
                self.shelf.new_file(RosterDraft.new(t("roster.new_file", lang), lang))
            elif button is self.file_dup:
                self.shelf.duplicate()
            else:
                self.shelf.delete()
            self.team_i = self.fighter_i = 0
        elif button in (self.file_import, self.file_export):
            self.open_dialog(button is self.file_import)
            return
        elif button is self.team_new:
            self.team_i, self.fighter_i = d.add_team(lang), 0
        elif button is self.team_dup:
            self.team_i, self.fighter_i = d.duplicate_team(self.team_i, lang), 0
        elif button is self.team_del:
            d.delete_team(self.team_i)
            self.team_i, self.fighter_i = max(0, self.team_i - 1), 0
        elif button is self.fighter_new:
            self.fighter_i = d.add_fighter(self.team_i, lang)
        elif button is self.fighter_dup:
            self.fighter_i = d.duplicate_fighter(self.team_i, self.fighter_i, lang)
        elif button is self.fighter_del:
            fighters, _ = self.fighters_shown()
            if self.fighter_i < len(fighters):
                d.delete_fighter(self.team_i, self.fighter_i)
            elif (lost := self.sheet()[0]) is not None:  # a struck-off fighter forgotten
                d.struck_off.remove(lost)
            self.fighter_i = max(0, self.fighter_i - 1)
        elif button is self.chest_add:
            fault = d.add_to_chest(self.team_i, self.chest_entry.get_text())
            if fault is not None:  # refused in place, naming the rule (R12.1)
                self.chest_fault.set_text(fault.text(lang))
                return
            self.chest_entry.set_text("")
        elif button is self.chest_remove:
            i = selected_index(self.chest_list)
            if i is None:
                return
            d.remove_from_chest(self.team_i, i)
        else:
            return
        if button not in (self.file_new, self.file_dup, self.file_del):
            self.shelf.changed()
        self.refresh()

    def pick(self, lst: object, index: int | None = None) -> None:
        """A list's selection changed (by the mouse, or Up / Down)."""
        assert isinstance(lst, UISelectionList)
        i = selected_index(lst) if index is None else index
        if i is None:
            return
        if lst is self.chest_list:  # the item Remove takes out: nothing else changes
            show_list(lst, [item["text"] for item in lst.item_list], i)
            return
        self.draft.faults.clear()  # refused entries are left as they were accepted
        if lst is self.file_list:
            self.open_file(i)
        elif lst is self.team_list:
            self.team_i, self.fighter_i = i, 0
        elif lst is self.fighter_list:
            self.fighter_i = i
        self.refresh()

    def typed(self, element: object, typed: str) -> None:
        """A field changed: checked at once by the files' models, its fault shown beside it."""
        if self.shelf.read_only:
            return
        d, fault = self.draft, None
        if element is self.name_row.widget:
            ok = valid_file_name(typed) and (typed == self.shelf.saved_name or not (roster_dir() / f"{typed}.toml").exists())
            fault = None if ok else Fault("fault_file_name")
            self.name_form.set_fault(FILE_FIELD.key, fault)
            if ok:
                d.name = typed
                self.shelf.changed()
            return
        row = self.team_form.row_of(element)
        if row is not None and d.teams:
            fault = d.set_team_field(self.team_i, row.spec, typed)
            self.team_form.set_fault(row.spec.key, fault)
        elif (row := self.form.row_of(element)) is not None and self.sheet()[0] and not self.sheet()[1]:
            fault = d.set_fighter_field(self.team_i, self.fighter_i, row.spec, typed)
            row.value = typed if fault is None else row.value
            self.form.set_fault(row.spec.key, fault)
        else:
            return
        if fault is None:
            self.shelf.changed()
            if row.spec.key == "name":  # the lists show the names
                fighters, struck = self.fighters_shown()
                show_list(self.team_list, [f"{i + 1}. {tm['name']}" for i, tm in enumerate(d.teams)], self.team_i)
                show_list(self.fighter_list, [f"{i + 1}. {f['name']}" for i, f in enumerate(fighters)]
                          + [f"† {f['name']} {t('roster.struck_mark', self.lang)}" for f in struck], self.fighter_i)

    def open_dialog(self, importing: bool) -> None:
        """The file dialog for Import… (an existing file) or Export… (any new name)."""
        from arena_game.ui.screens.dialog import LoadDialogScreen

        folder = Path.home()
        self.app.push(LoadDialogScreen(self.app, folder, lambda path: self.file_picked(path, importing), must_exist=importing,
                                       title=t("roster.import" if importing else "roster.export", self.lang)))

    # -- frames --------------------------------------------------------------------------

    def update(self, dt_ms: int) -> None:
        """The next part while it is made; then write an accepted change once the typing pauses."""
        super().update(dt_ms)
        if self.shelf.tick(dt_ms) and self.panel is not None and self._building is None:
            show_list(self.file_list, self.shelf.names(), self.shelf.index)  # a renamed file
            self.say(*self.shelf_status())

    def draw(self, surface: pygame.Surface) -> None:
        """The widgets, the team's colour under its entry, each refused field framed in red
        (`FieldForm.mark_refused`; the chest's entry too while its refusal shows) and the focus
        outline (once made)."""
        if self._building is not None:
            return
        surface.fill(BACKGROUND)
        self.app.manager.draw_ui(surface)
        if self.panel is not None and self.on_top:
            clip = surface.get_clip()
            if self.scroller is not None:  # what scrolls is drawn inside its view only
                surface.set_clip(self.scroller.view.clip(clip))
            if self.draft.teams:
                colour = pygame.Color(self.draft.teams[self.team_i]["colour"])
                entry = self.team_form.rows["colour"].widget.rect  # where it is now, scrolled or not
                pygame.draw.rect(surface, colour, self.swatch.move(entry.topleft), border_radius=3)
            for form in (self.name_form, self.team_form, self.form):
                form.mark_refused(surface)
            if self.chest_fault.text and self.chest_entry.visible:
                mark_refused(surface, self.chest_entry.rect)
            self.ring.outline(surface)
            surface.set_clip(clip)

    def close(self) -> None:
        """Leave, the last change written; the start screen offers the file shown."""
        self.shelf.flush()
        super().close()
        if self.on_close is not None:
            self.on_close(self.shelf.path)
