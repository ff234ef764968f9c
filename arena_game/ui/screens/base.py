"""`Screen`: one layer of the window's stack (see the package docstring for adding one)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIElement

from arena_game.render import palette
from arena_game.render.text import ui_scale

if TYPE_CHECKING:
    from arena_game.ui.app import App

BACKGROUND = palette.BACKGROUND


class Screen:
    """One layer of the window: it draws itself and answers input while it is on top.

    The App calls, on every screen of the stack from the bottom up, `update(dt_ms)` each
    frame; on the top one only, `handle(event)` for each input event; and `draw(surface)`
    on the screens from the topmost `opaque` one up.
    """

    opaque = True  # paints the whole window: the screens under it are not drawn
    # its `draw` paints nothing while it is `building` (its widgets are made hidden): the
    # screen under it may draw only what changed (`board_draw.redraw_area`)
    blank_while_building = False
    lang: str

    def __init__(self, app: App) -> None:
        self.app = app
        self.lang = app.lang

    def above(self) -> list[Screen]:
        """The screens stacked over this one."""
        stack = self.app.stack
        return stack[stack.index(self) + 1:] if self in stack else []

    def enter(self) -> None:
        """Pushed on the stack: build the widgets."""

    def leave(self) -> None:
        """Taken off the stack: remove the widgets."""

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed size: lay the widgets out again."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, while this screen is on top."""
        self.widgets_see(event)

    def update(self, dt_ms: int) -> None:
        """Once a frame, on top or not (`self.on_top` says which)."""

    def veiled(self) -> None:
        """A modal window was just shown over this screen, in an update before pygame_gui's: what
        it covers may show now how it looks under a modal (the board's bar disabled)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint this screen; by default the background and every pygame_gui widget."""
        if self.opaque:
            surface.fill(BACKGROUND)
            self.app.manager.draw_ui(surface)

    # -- helpers -----------------------------------------------------------------------

    @property
    def on_top(self) -> bool:
        """True while this screen gets the input."""
        return self.app.top is self

    def widgets_see(self, event: pygame.event.Event) -> bool:
        """Hand the event to the pygame_gui widgets; True when one of them used it."""
        return bool(self.app.manager.process_events(event))

    def close(self) -> None:
        """Take this screen off the stack (wherever it is in it)."""
        self.app.pop(self)

    def centred(self, width: int, height: int) -> pygame.Rect:
        """A rectangle of at most this size at 720 px high (grown with the window, as its text
        grows) in the middle of the window."""
        w, h = self.app.screen.get_size()
        k = ui_scale((w, h))
        rect = pygame.Rect(0, 0, min(round(width * k), w - 40), min(round(height * k), h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    @property
    def building(self) -> bool:
        """Its widgets are still being made, a part a frame (`BuiltOverFrames`)."""
        return False


class MadeOverFrames:
    """What a screen made a part a frame does (mixed into a `Screen`): `_build` makes its parts,
    yielding False between them and True once all are made; `_build_step`, from `update`, runs
    one part a frame and then calls `_shown_whole`. Till then the screens under it are drawn
    (it is not `opaque`) and it is `building`."""

    _building: Iterator[bool] | None = None  # the parts still to make

    @property
    def opaque(self) -> bool:
        """Drawn over the whole window once it is all made."""
        return self._building is None

    @property
    def building(self) -> bool:
        return self._building is not None

    def _build(self) -> Iterator[bool]:
        raise NotImplementedError

    def _shown_whole(self) -> None:
        """Every part is made: show it."""
        raise NotImplementedError

    def _build_step(self) -> None:
        if self._building is not None and next(self._building, True):
            self._building = None
            self._shown_whole()

    def build_now(self) -> None:
        """Every part now, in this frame (a new window size: the screens under it never show
        between two layouts)."""
        if self._building is None:
            self._building = self._build()
        while self._building is not None:
            self._build_step()


class BuiltOverFrames(MadeOverFrames, Screen):  # type: ignore[override]  # `opaque`: a property here
    """A screen whose widgets, too many to make in one frame, are made a part a frame in a
    hidden `panel` (`MadeOverFrames`), then shown whole; once shown, `covered` (if any) is
    called: the screen under it may hide its own widgets."""

    panel: UIElement | None = None
    covered: Callable[[], object] | None = None

    def enter(self) -> None:
        self._building = self._build()

    def update(self, dt_ms: int) -> None:
        """The next part, till the panel is shown whole."""
        self._build_step()

    def _shown_whole(self) -> None:
        """Every part is made: show the panel, and let the screen under it hide its own widgets."""
        assert self.panel is not None
        self.panel.show()
        if self.covered is not None:
            self.covered()
