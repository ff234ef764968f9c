"""The match-over panel: outcome, PR, kills; a new match (N), or back to the board (OK, Esc),
where Esc again quits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.panels_html import over_html
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

    def _build(self) -> Iterator[bool]:
        """The panel, sized to its lines, over the board where it hides the fewest fighters
        and death squares (the final position stays in sight; the roster and the log beside
        it stay readable), a part a frame from the one after `enter`: it comes in the frame
        that ends the last animation and writes its lines to the log, and all at once the two
        took 23–40 ms."""
        ctrl = self.board.ctrl
        assert ctrl is not None
        state, m = ctrl.state, self.app.manager
        room = self.board.viewport if self.board.viewport.w >= 400 else self.app.screen.get_rect()
        k = ui_scale(self.app.screen.get_size())  # the theme's fonts grow with the window: so does the panel
        rect = pygame.Rect(0, 0, min(room.w - 20, round(540 * k)), min(room.h - 20, round((180 + 34 * len(state.teams)) * k)))
        squares = [self.board.camera.square_rect(f.position) for f in state.fighters.values()]
        rect = clear_place(rect.size, room.inflate(-20, -20), squares)
        self.panel = UIPanel(rect, starting_height=6, manager=m, object_id=ObjectID("#banner"), visible=0)
        yield False
        bw, bh = round(200 * k), round(40 * k)
        UITextBox(over_html(state, ctrl.names(), self.lang, k),
                  pygame.Rect(10, 10, rect.w - 24, rect.h - bh - 30), m, container=self.panel,
                  object_id=ObjectID("#over_text"))
        yield False
        self.buttons = {
            "new": UIButton(pygame.Rect(10, rect.h - bh - 14, bw, bh), text("act_new", self.lang) + "  N", m, container=self.panel),
            "close": UIButton(pygame.Rect(rect.w - bw - 14, rect.h - bh - 14, bw, bh), text("ok", self.lang), m, container=self.panel),
        }
        yield True

    def leave(self) -> None:
        self._building = None
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
            self.buttons = {}

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


def clear_place(size: tuple[int, int], room: pygame.Rect, squares: list[pygame.Rect]) -> pygame.Rect:
    """A box of `size` in `room` covering the least of `squares` (every fighter's square, the
    dead ones' where they died): the middle of the room when it covers none, else its top or
    bottom, then its corners and sides."""
    w, h = min(size[0], room.w), min(size[1], room.h)
    xs = [room.centerx - w // 2, room.left, room.right - w]
    ys = [room.centery - h // 2, room.top, room.bottom - h]
    spots = [(xs[0], ys[0]), (xs[0], ys[1]), (xs[0], ys[2])] + [(x, y) for x in xs[1:] for y in ys]
    best, best_cost = pygame.Rect(spots[0], (w, h)), -1
    for x, y in spots:
        box = pygame.Rect(x, y, w, h)
        cost = sum(box.clip(sq).w * box.clip(sq).h for sq in squares)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = box, cost
        if cost == 0:
            break
    return best
