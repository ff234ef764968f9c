"""The mouse and the arrow keys over the board: click a square, drag or arrow-pan, wheel-zoom.

A `Pointer` only moves the board's camera and says which square was clicked or hovered;
what a click means is the input mode's business (`arena_game.ui.modes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arena_game.core.geometry import Square

if TYPE_CHECKING:
    from arena_game.ui.camera import Camera

PAN = {"pan_left": (1, 0), "pan_right": (-1, 0), "pan_up": (0, 1), "pan_down": (0, -1)}
"""Which way each pan command of the key table (`arena_game.ui.keys`) moves the board."""
PAN_STEP = 24  # pixels per key press / per frame while held
DRAG_THRESHOLD = 6  # pixels the mouse moves, button held, before a press becomes a drag


class Pointer:
    """Press, drag and held-key state over one board viewport."""

    def __init__(self) -> None:
        self.press: tuple[tuple[int, int], int] | None = None  # where a board press began, button
        self.dragging = False
        self.held: dict[int, str] = {}  # pan keys held down, with their command: the board keeps panning

    def pan_key(self, camera: Camera, key: int, command: str | None) -> bool:
        """A pan command (arrows or WASD in the key table) pans one step and keeps panning
        while its key is held; True when it was one."""
        if command not in PAN:
            return False
        dx, dy = PAN[command]
        camera.pan(dx * PAN_STEP, dy * PAN_STEP)
        self.held[key] = command
        return True

    def key_up(self, key: int) -> None:
        """A key let go: its panning stops."""
        self.held.pop(key, None)

    def update(self, camera: Camera, dt_ms: int) -> None:
        """Keep panning while pan keys are held."""
        for command in self.held.values():
            dx, dy = PAN[command]
            camera.pan(dx * PAN_STEP * dt_ms * 0.03, dy * PAN_STEP * dt_ms * 0.03)

    def down(self, event: pygame.event.Event, viewport: pygame.Rect) -> None:
        """A press on the board: left and right may become a click, middle drags; any
        press that moves beyond the threshold drags."""
        if event.button in (1, 2, 3) and viewport.collidepoint(event.pos):
            self.press = (event.pos, event.button)
            self.dragging = event.button == 2

    def up(self, event: pygame.event.Event, camera: Camera) -> Square | None:
        """A release: the square clicked, or None (a drag, another button, off the board)."""
        press, was_drag = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None or event.button != press[1] or was_drag or event.button != 1:
            return None
        return camera.square_at(event.pos)

    def right_click(self, event: pygame.event.Event, camera: Camera) -> Square | None:
        """A right-button release that did not drag: the square under it, else None."""
        press, was_drag = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None or press[1] != 3 or event.button != 3 or was_drag:
            return None
        return camera.square_at(event.pos)

    def move(self, event: pygame.event.Event, camera: Camera) -> Square | None:
        """The mouse moved: drag the board if a press became a drag; the square now under it."""
        if self.press is not None:
            start, _ = self.press
            if not self.dragging and (abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])) > DRAG_THRESHOLD:
                self.dragging = True
            if self.dragging:
                camera.pan(*event.rel)
        return camera.square_at(event.pos)

    @staticmethod
    def wheel(event: pygame.event.Event, camera: Camera, viewport: pygame.Rect) -> None:
        """Zoom around the mouse (around the board's middle when the mouse is off it)."""
        pos = pygame.mouse.get_pos()
        if not viewport.collidepoint(pos):
            pos = viewport.center
        camera.zoom(event.y, pos)
