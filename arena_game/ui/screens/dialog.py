"""Dialogs over another screen: pick a save file (Ctrl+O), a message about a refused file.

Each one wraps a pygame_gui window and leaves the stack when that window closes, whichever
way it closed (its own buttons, the title bar's ×, or a test killing it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from arena_game.render.glyphs import drawable
from arena_game.ui import keys
from arena_game.ui.screens.base import Screen
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.ui.app import App


class WindowScreen(Screen):
    """A screen that is one pygame_gui window: input goes to it; it closes with the window."""

    opaque = False
    window: UIElement | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if self.escaped(event):
            return
        self.widgets_see(event)

    def escaped(self, event: pygame.event.Event) -> bool:
        """Esc closes the dialog (one step back: the screen under it); True when it did."""
        if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("dialog",)) == "back":
            self.close()
            return True
        return False

    def update(self, dt_ms: int) -> None:
        if self.window is None or not self.window.alive():
            self.close()

    def leave(self) -> None:
        if self.window is not None and self.window.alive():
            self.window.kill()


class LoadDialogScreen(WindowScreen):
    """Ctrl+O: pick a save file in `folder`; `on_pick(path)` is called with the file picked
    (also the roster editor's Import… and, with `must_exist=False`, Export…)."""

    def __init__(self, app: App, folder: Path, on_pick: Callable[[str], object], must_exist: bool = True,
                 title: str = "Ctrl+O") -> None:
        super().__init__(app)
        self.folder = folder
        self.on_pick = on_pick
        self.must_exist = must_exist  # False: a new file's name may be typed (Export…)
        self.title = title
        self.waited = False  # the window is gone: one frame more for its picked path

    def enter(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.window = UIFileDialog(self.centred(640, 480), self.app.manager, window_title=self.title,
                                   initial_file_path=str(self.folder), allow_existing_files_only=self.must_exist)

    def handle(self, event: pygame.event.Event) -> None:
        if self.escaped(event):
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.window:
            self.close()
            self.on_pick(event.text)

    def update(self, dt_ms: int) -> None:
        # the dialog posts the picked path and closes in one go: the event comes next frame,
        # so the screen stays one frame after its window to receive it
        if self.window is not None and not self.window.alive():
            if self.waited:
                self.close()
            self.waited = True


class MessageScreen(WindowScreen):
    """A message window (a refused file): OK or × closes it; the screen under it waits."""

    def __init__(self, app: App, line: str) -> None:
        super().__init__(app)
        self.line = line

    def enter(self) -> None:
        title = text("file_problem", self.lang, problem="")[:-2]
        message = drawable(self.line).replace("&", "&amp;").replace("<", "&lt;")
        self.window = UIMessageWindow(self.centred(560, 220), html_message=message, manager=self.app.manager,
                                      window_title=title)
