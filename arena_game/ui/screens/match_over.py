"""The match-over bar: New match (N) and OK (Esc: back to the board, where Esc again quits),
in the side panel under the match's summary, so the final position stays in sight."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.log_box import LogBox
from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.ui.app import App
    from arena_game.ui.screens.board import BoardScreen


class MatchOverScreen(BuiltOverFrames):
    """Shown when the match ends; Ctrl+Z still takes back the last action when it may."""

    opaque = False

    def __init__(self, app: App, board: BoardScreen) -> None:
        super().__init__(app)
        self.board = board
        self.panel: UIPanel | None = None
        self.buttons: dict[str, UIButton] = {}
        self.covered = self._cover_teams
        self.sheet_grown: tuple[UITextBox, tuple[int, int]] | None = None  # the sheet box grown, its own size
        self.log_kept: tuple[UITextBox, pygame.Rect] | None = None  # the log box made shorter, its own place

    def _cover_teams(self) -> None:
        """The teams box under the bar hidden (the panel's see-through ground let its words show),
        and the sheet above it grown down to the bar: the summary it holds takes the room the
        bar's buttons leave (at 800×560 the English summary of the lava demo scrolled)."""
        hud = self.board.hud
        hud.teams_box.hide()
        sheet = hud.sheet_box
        assert self.panel is not None
        if sheet.rect.bottom == hud.teams_box.rect.top and self.panel.rect.top > sheet.rect.bottom:
            self.sheet_grown = (sheet, sheet.rect.size)
            sheet.set_dimensions((sheet.rect.w, self.panel.rect.top - sheet.rect.top))
            sheet.rebuild()  # now: pygame_gui waits a while, showing it stretched
        if sheet.rect.bottom == self.panel.rect.top:
            self._take_log_top()

    def _take_log_top(self) -> None:
        """A summary still too tall for the sheet grown down to the bar takes the top of the log
        under the bar too: the bar moved down as far, the log made shorter, never under
        `LOG_LEAST` px (grown with the window). At 800×560 a 3-against-3 summary scrolled (~14
        rows of words for ~11 of room; s52); the log keeps its last lines in sight."""
        hud, panel = self.board.hud, self.panel
        sheet, log = hud.sheet_box, hud.log_box
        if panel is None or hud.portrait or log.rect.top != panel.rect.bottom:
            return
        least = round(LOG_LEAST * ui_scale(self.app.screen.get_size()))
        for _ in range(3):  # its rows may change once the scroll bar goes: measured again
            wrap, layout = sheet.text_wrap_rect, sheet.text_box_layout
            if layout is None:
                return
            need = layout.layout_rect.h - (wrap[3] if wrap is not None else sheet.rect.h)
            give = min(need + 2, log.rect.h - least)
            if sheet.scroll_bar is None or give <= 0:
                return
            if self.log_kept is None:
                self.log_kept = (log, pygame.Rect(log.rect))
            panel.set_relative_position((panel.rect.x, panel.rect.y + give))
            log.set_relative_position((log.rect.x, log.rect.y + give))
            log.set_dimensions((log.rect.w, log.rect.h - give))
            sheet.set_dimensions((sheet.rect.w, sheet.rect.h + give))
            for box in (sheet, log):
                box.rebuild()
            if isinstance(log, LogBox):
                log.show_end_now()  # its last lines, as before

    def _shown_whole(self) -> None:
        super()._shown_whole()
        self.board.show_prompt()  # the status line says what this bar's Esc does, not "Esc: quit"

    def _build(self) -> Iterator[bool]:
        """The bar over the side panel's team lines (`bar_place`): the sheet above them sums
        the match up (s46 review, item 5: a dialog over the board hid half of the final
        position and named the winner a third time), a part a frame from the one after
        `enter`: it comes in the frame that ends the last animation and writes its lines to
        the log."""
        m = self.app.manager
        k = ui_scale(self.app.screen.get_size())
        labels = {"new": text("act_new", self.lang) + "  N",
                  "close": f"{text('ok', self.lang)}  {keys.key_label('escape', self.lang)}"}
        font = m.get_theme().get_font(["button"])
        rect, places = bar_place(self.board, k, max(font.size(label)[0] for label in labels.values()))
        self.panel = UIPanel(rect, starting_height=6, manager=m, object_id=ObjectID("#banner"), visible=0)
        yield False
        self.buttons = {name: UIButton(at, labels[name], m, container=self.panel) for name, at in zip(labels, places, strict=True)}
        yield True

    def leave(self) -> None:
        self._building = None
        if self.sheet_grown is not None:
            sheet, size = self.sheet_grown
            self.sheet_grown = None
            if sheet.alive():  # not a sheet box the board made anew (a new window size)
                sheet.set_dimensions(size)
                sheet.rebuild()
        if self.log_kept is not None:
            log, place = self.log_kept
            self.log_kept = None
            if log.alive():
                log.set_relative_position(place.topleft)
                log.set_dimensions(place.size)
                log.rebuild()
                if isinstance(log, LogBox):
                    log.show_end_now()
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
            self.buttons = {}
            if not self.board.hud.hiding:
                self.board.hud.teams_box.show()
        if self not in self.app.stack:  # closed (not laid out again): the board's own key help back
            self.board.show_prompt()

    def relayout(self, size: tuple[int, int]) -> None:
        self.leave()
        self.enter()

    def handle(self, event: pygame.event.Event) -> None:
        """Its two buttons, N (new match), Esc (back to the board), Ctrl+Z (undo); the keys
        count while the panel is being made."""
        if self._building is None:
            self.widgets_see(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("new"):
                self.close()
                self.board.open_start_screen()
            elif event.ui_element is self.buttons.get("close"):
                self.close()
        elif event.type == pygame.KEYDOWN:
            command = keys.command(pygame.key.name(event.key), ("match_over",), ctrl=bool(event.mod & pygame.KMOD_CTRL))
            if command == "undo":
                self.board.undo()  # closes this panel when it takes the action back
            elif command == "new":
                self.close()
                self.board.open_start_screen()
            elif command == "back":
                self.close()  # one step back: the finished board, whose Esc leaves the window


LOG_LEAST = 60
"""px at 1280×720: the least the log keeps when the match-over summary takes its top
(`MatchOverScreen._take_log_top`): three of its rows."""


def bar_place(board: BoardScreen, k: float, label_w: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """Where the match-over bar goes, and its buttons in it (`bar_buttons`, `k` the window's
    scale, `label_w` the wider label): over the teams box, under the side panel's summary of the
    match (each team's PR and survivors, as the teams box says them), never on the board; when
    the summary's box stands right above the teams box, only as tall as its buttons need, at
    the teams box's foot (the summary grows down to it: `MatchOverScreen._cover_teams`)."""
    teams = pygame.Rect(board.hud.teams_box.rect)
    places = bar_buttons(teams.size, k, label_w)
    if board.hud.sheet_box.rect.bottom != teams.top:  # a tall window: the sheet beside the teams box
        return teams, places
    pad = round(8 * k)
    top, bottom = min(p.top for p in places), max(p.bottom for p in places)
    h = min(teams.h, bottom - top + 2 * pad + 4)  # its 2 px border
    return pygame.Rect(teams.x, teams.bottom - h, teams.w, h), [p.move(0, pad - top) for p in places]


def bar_buttons(size: tuple[int, int], k: float, label_w: int) -> list[pygame.Rect]:
    """The bar's two buttons (in a panel of `size`, `k` the window's scale) side by side, or one
    above the other where a label `label_w` px wide would not fit beside the other (a narrow
    window's side panel cut "Nouveau match  N")."""
    w, h = size[0] - 4, size[1] - 4  # inside the panel's 2 px border
    pad = round(8 * k)
    side_w = (w - 3 * pad) // 2
    if label_w + round(16 * k) <= side_w or h < 2 * round(24 * k) + 3 * pad:
        bh = min(round(40 * k), h - 2 * pad)
        top = (h - bh) // 2
        return [pygame.Rect(pad, top, side_w, bh), pygame.Rect(2 * pad + side_w, top, side_w, bh)]
    bh = min(round(40 * k), (h - 3 * pad) // 2)
    top = (h - 2 * bh - pad) // 2
    return [pygame.Rect(pad, top, w - 2 * pad, bh), pygame.Rect(pad, top + bh + pad, w - 2 * pad, bh)]
