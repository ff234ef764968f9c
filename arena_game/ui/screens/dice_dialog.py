"""Dice at the table (issue 18): the dialog that asks for the face(s) a roll needs.

The core raises `NeedsFace` before changing anything (who rolls, for what, which die, the
terms that will be added); this dialog shows that, takes the face(s) typed or clicked (a
face the die cannot show is refused in place) and hands them back, and the caller plays
the action again with them (`Match.play(..., faces=...)`). In mixed mode the computer
rolls for the bots: `ask_faces` answers those needs at once, without a dialog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine, UIWindow

from arena_game.core.dice import NeedsFace
from arena_game.core.queries import run_squares
from arena_game.core.settings import RulesSettings
from arena_game.i18n import t, tn
from arena_game.i18n.terms import modifier_text, purpose_name, term_text
from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.panels_html import esc
from arena_game.ui.screens.dialog import WindowScreen, warm_window_shadow

FacesGiven = Callable[[list[int]], object]
PER_ROW = 10  # face buttons in a row (a d20 takes two rows); past 20 faces, type the face


def added_words(need: NeedsFace, lang: str) -> str:
    """"+ Physique 3 + Course 2 − malus 2 (voluntary stop)": what the roll adds to the face."""
    parts = [f"{'−' if x.value < 0 else '+'} {term_text(x, need.sides, lang)} {abs(x.value)}" for x in need.terms]
    parts += [f"{'−' if m.value < 0 else '+'} {modifier_text(m, lang)}" for m in need.modifiers]
    return " ".join(parts)


def run_rows(need: NeedsFace, settings: RulesSettings, lang: str) -> list[str]:
    """R4.2 for this roll: which faces give how many squares, with the roll's terms added."""
    bonus = sum(x.value for x in need.terms) + sum(m.value for m in need.modifiers)
    rows: list[tuple[int, int, int]] = []  # first face, last face, squares
    for face in range(1, need.sides + 1):
        squares = run_squares(face + bonus, settings.run)
        if rows and rows[-1][2] == squares:
            rows[-1] = (rows[-1][0], face, squares)
        else:
            rows.append((face, face, squares))
    return [t("table.run_row", lang, faces=str(a) if a == b else f"{a}–{b}", squares=tn("table.squares", n, lang))
            for a, b, n in rows]


def need_lines(need: NeedsFace, names: Mapping[str, str], settings: RulesSettings, lang: str) -> list[str]:
    """The dialog's text: who rolls, for what, which die, what is added (and the run table)."""
    opponent = names.get(need.against or "", need.against or "")
    lines = [t("table.who", lang, name=names.get(need.fighter, need.fighter)),
             t("table.what", lang, purpose=purpose_name(need.purpose, lang, opponent)),
             tn("table.die", need.count, lang, sides=need.sides)]
    added = added_words(need, lang)
    lines.append(t("table.adds", lang, terms=added) if added else t("table.adds_nothing", lang))
    if need.purpose == "run":
        lines += [t("table.run_table", lang), *run_rows(need, settings, lang)]
    return lines


def computer_faces(need: NeedsFace, seed: int, shown: int) -> list[int]:
    """Faces the computer rolls for a bot in mixed mode (seeded by the match and the faces shown
    so far; the save keeps the faces themselves, so a replay never rolls them again)."""
    rng = random.Random(f"arena-table:{seed}:{shown}")
    return [rng.randint(1, need.sides) for _ in range(need.count)]


class FaceDialogScreen(WindowScreen):
    """Asks for the face(s) of one roll; `on_faces(faces)` once every die is given, nothing on Esc."""

    def __init__(self, app: object, need: NeedsFace, names: Mapping[str, str], settings: RulesSettings,
                 on_faces: FacesGiven, on_cancel: Callable[[], object] | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.need, self.names, self.settings = need, names, settings
        self.on_faces, self.on_cancel = on_faces, on_cancel
        self.faces: list[int] = []
        self.face_buttons: dict[UIButton, int] = {}
        self.done = False

    def _build(self) -> Iterator[bool]:
        """Its lines, then from the next frame the window, its text, its entry and buttons, the
        faces ten a frame (all at once, 40–45 ms for a d20 at 1920×1080)."""
        lang, m, need = self.lang, self.app.manager, self.need
        lines = need_lines(need, self.names, self.settings, lang)
        buttons = need.sides if need.sides <= 2 * PER_ROW else 0
        rows = -(-buttons // PER_ROW)
        k = ui_scale(self.app.screen.get_size()[1])  # the theme's fonts grow with the window
        step, row, gap = round(24 * k), round(28 * k), round(8 * k)
        face_h, face_step = round(38 * k), round(44 * k)
        text_h = step * len(lines) + 16
        # the window holds exactly: text, "die n of m", the prompt, the entry row, its fault, the faces
        which_h = row if need.count > 1 else 0  # "die 2 of 3" only when several dice are asked
        height = round(40 * k) + 8 + text_h + 6 + which_h + 2 * row + (row + 6) + gap + face_step * rows + 16
        rect = self.centred(round(620 * k), height)
        warm_window_shadow(m, rect, "#dice_dialog")
        yield False  # the lines (the run's table: a query) and the shadow in the asking frame, the window next
        self.window = UIWindow(rect, m, window_display_title=t("table.dialog_title", lang), object_id="#dice_dialog",
                               visible=0)
        yield False
        box = self.window.get_container()
        width = box.get_size()[0] - 24
        self.text = UITextBox("<br>".join(esc(x) for x in lines), pygame.Rect(12, 8, width, text_h), m, container=box)
        yield False
        y = 8 + text_h + 6
        self.which = UILabel(pygame.Rect(12, y, width, row), "", m, container=box, object_id="#house_status",
                             visible=need.count > 1)
        y += which_h
        UILabel(pygame.Rect(12, y, width, row), t("table.face_prompt", lang), m, container=box,
                object_id="#house_status")
        y += row
        self.entry = UITextEntryLine(pygame.Rect(12, y, round(120 * k), row + 6), m, container=box)
        self.entry.set_allowed_characters("numbers")
        self.ok = UIButton(pygame.Rect(20 + round(120 * k), y, round(90 * k), row + 6), t("table.ok", lang), m,
                           container=box)
        cancel_w = round(212 * k)
        self.cancel = UIButton(pygame.Rect(width + 12 - cancel_w, y, cancel_w, row + 6), t("table.cancel", lang), m,
                               container=box)
        y += row + 6
        self.error = UILabel(pygame.Rect(12, y, width, row), "", m, container=box, object_id="#house_fault")
        y += row + gap  # a face refused is said just under where it was typed
        size = min(round(54 * k), (width - 8 * (PER_ROW - 1)) // PER_ROW)
        for face in range(1, buttons + 1):
            r, col = divmod(face - 1, PER_ROW)
            if col == 0:
                yield False
            rect = pygame.Rect(12 + col * (size + 8), y + r * face_step, size, face_h)
            self.face_buttons[UIButton(rect, str(face), m, container=box)] = face
        self.entry.focus()
        self.show_which()
        yield True

    def shown(self) -> None:
        if self.need.count == 1:  # shown with the window: "die n of m" only when several dice are asked
            self.which.hide()

    def show_which(self) -> None:
        """"die 2 of 3" when several dice are asked at once."""
        count = self.need.count
        self.which.set_text(t("table.which", self.lang, n=len(self.faces) + 1, count=count) if count > 1 else "")

    def handle(self, event: pygame.event.Event) -> None:
        if self.building:  # still being made: only Esc counts
            if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("dice",)) == "back":
                self.give_up()
            return
        self.widgets_see(event)
        if self.done:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.face_buttons:
                self.take(self.face_buttons[event.ui_element])
            elif event.ui_element is self.ok:
                self.take_typed()
            elif event.ui_element is self.cancel:
                self.give_up()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.take_typed()
        elif event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("dice",)) == "back":
            self.give_up()

    def take_typed(self) -> None:
        """The face typed in the entry (Enter or OK)."""
        typed = self.entry.get_text().strip()
        if typed.isdigit():
            self.take(int(typed))

    def take(self, face: int) -> None:
        """One face: refused in place when the die cannot show it; the last one closes the dialog."""
        sides = self.need.sides
        if not 1 <= face <= sides:
            self.error.set_text(t("table.face_bad", self.lang, sides=sides, face=face))
            self.entry.set_text("")
            return
        self.error.set_text("")
        self.faces.append(face)
        self.entry.set_text("")
        if len(self.faces) < self.need.count:
            self.show_which()
            return
        self.done = True
        self.close()
        self.on_faces(list(self.faces))

    def give_up(self) -> None:
        """Esc or Cancel: no face, the action is not played."""
        self.done = True
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()
