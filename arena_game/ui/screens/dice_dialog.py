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
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from arena_game.core.dice import NeedsFace
from arena_game.core.queries import run_squares
from arena_game.core.settings import RulesSettings
from arena_game.i18n import t, tn
from arena_game.i18n.terms import modifier_text, purpose_name, term_text
from arena_game.ui import keys
from arena_game.ui.app import TITLE_BAR
from arena_game.ui.panels_html import esc
from arena_game.ui.screens.dialog import WindowScreen, warm_window_shadow, window_shadow
from arena_game.ui.words_box import WordsBox

FacesGiven = Callable[[list[int]], object]
PER_ROW = 10  # face buttons in a row (a d20 takes two rows); past 20 faces, type the face


def added_words(need: NeedsFace, lang: str) -> str:
    """"+ Physique (strength) 3 + Course (run) 2 − 2 (penalty: voluntary stop)": what the roll adds to the face."""
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


# a pygame_gui window's borders and title bar round its container (its defaults; its shadow is
# drawn outside the rectangle it is given)
WINDOW_EXTRA = (2, 29)


def window_extra(manager: pygame_gui.UIManager) -> tuple[int, int]:
    """What a window adds round what it holds (`WINDOW_EXTRA`) with the theme's title bar, which
    grows with the window's text (`app.scaled_theme`)."""
    bar = manager.get_theme().get_misc_data("title_bar_height", ["window"])
    return (WINDOW_EXTRA[0], WINDOW_EXTRA[1] - TITLE_BAR + int(bar)) if isinstance(bar, str) and bar.isdigit() else WINDOW_EXTRA


def font_scale(manager: pygame_gui.UIManager) -> float:
    """How much larger than at 1280×720 the theme draws its text: the window's `ui_scale`
    (`app.scaled_theme`, made again by `App.relayout` when the window is resized), read off
    its buttons' font (14 pt at 1280×720)."""
    return max(1.0, manager.get_theme().get_font(["button"]).get_point_size() / 14)


@dataclass(frozen=True)
class DialogLayout:
    """Where each part of the face dialog goes in the window's container (`inner` its size)."""

    inner: tuple[int, int]
    text: pygame.Rect
    which: pygame.Rect
    prompt: pygame.Rect
    entry: pygame.Rect
    ok: pygame.Rect
    error: pygame.Rect
    faces: pygame.Rect  # the grid of face buttons (empty past 20 faces)
    cancel: pygame.Rect
    face_size: tuple[int, int]
    gap: int
    screen: tuple[int, int]

    def face(self, face: int) -> pygame.Rect:
        """Face `face`'s button: `PER_ROW` a row, from the grid's top left."""
        r, col = divmod(face - 1, PER_ROW)
        w, h = self.face_size
        return pygame.Rect(self.faces.x + col * (w + self.gap), self.faces.y + r * (h + self.gap), w, h)

    def window_rect(self, extra: tuple[int, int], floor: int | None = None, shadow: int = 0) -> pygame.Rect:
        """The window holding `inner` (`extra`: its title bar and borders), in the middle; in
        the middle of what is above `floor` (the status line under the board) when it fits
        there with its `shadow`: centred in the window, its bottom edge cut the top of that
        line's letters (s47 review 3, item 6)."""
        rect = pygame.Rect(0, 0, self.inner[0] + extra[0], self.inner[1] + extra[1])
        rect.center = (self.screen[0] // 2, self.screen[1] // 2)
        if floor is not None and rect.h + 2 * shadow <= floor:
            rect.centery = floor // 2
        return rect


def dialog_layout(manager: pygame_gui.UIManager, lines: list[str], words: tuple[str, str, str, str],
                  buttons: int, several: bool, k: float, screen: tuple[int, int],
                  extra: tuple[int, int] = WINDOW_EXTRA, shadow: int = 0) -> DialogLayout:
    """The face dialog sized to what it holds: its lines, the prompt, the entry and OK, the
    fault line, the faces' grid and Cancel under it, at the scale `k` of the window's fonts;
    its window (`extra`: the title bar and borders round what it holds; `shadow`: its shadow
    round that) inside the `screen`, however small: narrower faces, and a text too tall for
    it scrolling in its box."""
    theme = manager.get_theme()
    text_font, button_font = theme.get_font(["text_box"]), theme.get_font(["button"])
    label_font, fault_font = theme.get_font(["#house_status", "label"]), theme.get_font(["#house_fault", "label"])
    prompt, ok, cancel, fault = words
    pad, gap, row = round(12 * k), round(8 * k), round(28 * k)
    field_h = row + round(6 * k)
    room = screen[0] - 80 - 2 * pad - 2 * shadow  # the widest it may be, a margin each side
    columns = min(buttons, PER_ROW)
    rows = -(-buttons // PER_ROW)
    face_w, face_h = round(46 * k), round(38 * k)
    if columns:  # ten faces a row as wide as the window allows, a "20" still inside its button
        face_w = max(min(face_w, (room - (columns - 1) * gap) // columns), button_font.size("20")[0] + 8)
    grid_w = columns * face_w + max(0, columns - 1) * gap
    entry_w = round(120 * k)
    ok_w = max(round(90 * k), button_font.size(ok)[0] + round(24 * k))
    cancel_w = button_font.size(cancel)[0] + round(32 * k)
    text_w = max((text_font.size(x)[0] for x in lines), default=0) + round(24 * k)  # its padding and border
    width = max(text_w, label_font.size(prompt)[0] + gap, fault_font.size(fault)[0] + gap, grid_w,
                entry_w + gap + ok_w, cancel_w)
    width = max(min(width, room), grid_w)
    # its lines, pygame_gui's line spacing (1.25), its padding (4 above and below) and border
    text_h = round(text_font.size("Ag")[1] * 1.25 * len(lines)) + 10 + round(6 * k)
    # all but the text, in the window's height: a text taller than what is left scrolls in its
    # box (a long run table in a low window) rather than push the faces and Cancel off screen
    rest = 2 * pad + gap + (row if several else 0) + 2 * row + 2 * field_h + gap \
        + rows * face_h + max(0, rows - 1) * gap + (gap if rows else 0) + extra[1]
    text_h = max(min(text_h, screen[1] - 2 * shadow - rest), min(text_h, 2 * row))
    y = pad
    text = pygame.Rect(pad, y, width, text_h)
    y += text_h + gap
    which = pygame.Rect(pad, y, width, row if several else 0)
    y += which.h
    prompt_rect = pygame.Rect(pad, y, width, row)
    y += row
    entry = pygame.Rect(pad, y, entry_w, field_h)
    ok_rect = pygame.Rect(entry.right + gap, y, ok_w, field_h)
    y += field_h
    error = pygame.Rect(pad, y, width, row)
    y += row
    faces = pygame.Rect(pad, y, grid_w, rows * face_h + max(0, rows - 1) * gap)
    y += faces.h + (gap if rows else 0)
    cancel_rect = pygame.Rect(pad + width - cancel_w, y + gap, cancel_w, field_h)
    inner = (width + 2 * pad, cancel_rect.bottom + pad)
    return DialogLayout(inner, text, which, prompt_rect, entry, ok_rect, error, faces, cancel_rect,
                        (face_w, face_h), gap, screen)


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
        faces ten a frame (all at once, 40–45 ms for a d20 at 1920×1080).

        The window is as large as what it holds (`dialog_layout`), in the middle of the
        window; everything in it starts at one left edge, the faces in a grid under the
        entry, Cancel at the bottom right whatever the die."""
        lang, m, need = self.lang, self.app.manager, self.need
        lines = need_lines(need, self.names, self.settings, lang)
        buttons = need.sides if need.sides <= 2 * PER_ROW else 0
        k = font_scale(m)  # as large as the theme's fonts (made for the window's first size)
        shadow = window_shadow(m, "#dice_dialog")
        self.layout = dialog_layout(m, lines, self._words(), buttons, need.count > 1, k,
                                    self.app.screen.get_size(), window_extra(m), shadow)
        lay = self.layout
        floor = self.status_top()
        rect = lay.window_rect(window_extra(m), floor, shadow)
        warm_window_shadow(m, rect, "#dice_dialog")
        yield False  # the lines (the run's table: a query) and the shadow in the asking frame, the window next
        self.window = UIWindow(rect, m, window_display_title=t("table.dialog_title", lang), object_id="#dice_dialog",
                               visible=0)
        box = self.window.get_container()
        if tuple(box.get_size()) != lay.inner:  # a theme with other edges (a taller title): made again to hold it all
            extra = (rect.w - int(box.get_size()[0]), rect.h - int(box.get_size()[1]))
            self.window.kill()
            self.layout = lay = dialog_layout(m, lines, self._words(), buttons, need.count > 1, k,
                                              self.app.screen.get_size(), extra, shadow)
            self.window = UIWindow(lay.window_rect(extra, floor, shadow), m, window_display_title=t("table.dialog_title", lang),
                                   object_id="#dice_dialog", visible=0)
            box = self.window.get_container()
        yield False
        self.text = WordsBox("<br>".join(esc(x) for x in lines), lay.text, m, container=box)
        yield False
        self.which = UILabel(lay.which, "", m, container=box, object_id="#house_status", visible=need.count > 1)
        self.prompt = UILabel(lay.prompt, t("table.face_prompt", lang), m, container=box, object_id="#house_status")
        self.entry = UITextEntryLine(lay.entry, m, container=box)
        self.entry.set_allowed_characters("numbers")
        self.ok = UIButton(lay.ok, t("table.ok", lang), m, container=box)
        self.cancel = UIButton(lay.cancel, t("table.cancel", lang), m, container=box)
        # a face refused is said just under where it was typed
        self.error = UILabel(lay.error, "", m, container=box, object_id="#house_fault")
        for face in range(1, buttons + 1):
            if (face - 1) % PER_ROW == 0:
                yield False
            self.face_buttons[UIButton(lay.face(face), str(face), m, container=box)] = face
        self.entry.focus()
        self.show_which()
        # the veil in a frame of its own, hidden till the window shows (as Ctrl+O's): painted
        # in the frame of the showing, it took that frame to 20–23 ms at 1920×1080 (s55)
        yield False
        self.put_veil()
        assert self.veil is not None
        self.veil.hide()
        yield False
        yield True

    def status_top(self) -> int | None:
        """The top of the status line of the board under the dialog (None: no board under it)."""
        for screen in reversed(self.app.stack):
            status = getattr(getattr(screen, "hud", None), "status_rect", None)
            if isinstance(status, pygame.Rect):
                return status.top
        return None

    def relayout(self, size: tuple[int, int]) -> None:
        """A new window size: the dialog made again for it, in this frame (sized to what it holds
        at the new scale, in the middle), with the face typed, the fault said and the dice
        given so far kept."""
        if self.done:
            super().relayout(size)
            return
        typed = fault = ""
        if self._building is None and self.window is not None:
            typed, fault = self.entry.get_text(), self.error.text
        self.leave()  # its window and veil
        self.window = None
        self.face_buttons = {}
        self._building = self._build()
        self.build_now()  # the board under it never shows between two layouts
        if typed:
            self.entry.set_text(typed)
        if fault:
            self.error.set_text(fault)

    def _words(self) -> tuple[str, str, str, str]:
        """The prompt, OK, Cancel and the longest fault the dialog may say (to size it)."""
        lang, sides = self.lang, self.need.sides
        return (t("table.face_prompt", lang), t("table.ok", lang), t("table.cancel", lang),
                t("table.face_bad", lang, sides=sides, face=10 ** len(str(sides)) * 9))

    def update(self, dt_ms: int) -> None:
        """Its window closed by its ×: as Cancel (nothing is played, the board shows its mode again)."""
        if self._building is None and not self.done and self.window is not None and not self.window.alive():
            self.give_up()
            return
        super().update(dt_ms)

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
