"""The hand-off curtain between teams: who plays next, until a key or a click (hot-seat play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIPanel, UITextBox

from arena_game.ui.hud import esc
from arena_game.ui.screens.base import Screen

if TYPE_CHECKING:
    from arena_game.ui.app import App

DISMISS_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_ESCAPE)


class HandoffScreen(Screen):
    """A banner over the board naming the team and fighter to play; Enter, Space, Esc or a
    click lifts it. Other keys wait, so the next player does not act by accident."""

    opaque = False

    def __init__(self, app: App, message: str) -> None:
        super().__init__(app)
        self.message = message
        self.panel: UIPanel | None = None
        self.box: UITextBox | None = None

    def enter(self) -> None:
        """The banner, centred a little above the middle of the window."""
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(w - 40, 760), 150)
        rect.center = (w // 2, h // 2 - 40)
        m = self.app.manager
        self.panel = UIPanel(rect, starting_height=5, manager=m, object_id=ObjectID("#banner"))
        # tall enough for two lines of the 20 pt text: a scroll bar in a banner looks broken
        self.box = UITextBox(f"<p align='center'>{esc(self.message)}</p>", pygame.Rect(10, 10, rect.w - 24, rect.h - 24),
                             m, container=self.panel, object_id=ObjectID("#banner_text"))

    def leave(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = self.box = None

    def relayout(self, size: tuple[int, int]) -> None:
        self.leave()
        self.enter()

    def handle(self, event: pygame.event.Event) -> None:
        """A click anywhere or a dismiss key lifts the curtain."""
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS):
            self.close()
