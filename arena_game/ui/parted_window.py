"""`PartedWindow`: a pygame_gui window made over three frames (the rules, Ctrl+O's file dialog)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIWindow


class PartedWindow(UIWindow):
    """pygame_gui's window made in three parts, a frame each: its containers and title bar
    (`__init__`), its face drawn (`draw_face`: background, border and shadow on a copy of the
    shadow, a window-sized picture, 1380×1050 px at 1920×1080), then that face copied into the
    window's image (`take_face`, as pygame_gui does). In one frame, 12–20 ms at 1920×1080; each
    window-sized copy ~4–8 ms. Made hidden: till `take_face` its image is pygame_gui's empty one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.face_drawn = False
        self._holding = False  # between `draw_face` and `take_face`: the image set is kept aside
        self._face: pygame.Surface | None = None
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        if self.face_drawn:
            super().rebuild()
            return
        shape, self.shape = self.shape, ""  # pygame_gui's rebuild draws no face for a shape it does not know
        try:
            super().rebuild()
        finally:
            self.shape = shape

    def _set_image(self, new_image: pygame.Surface | None) -> None:
        if self._holding:
            self._face = new_image  # the face just drawn: the window's image next frame (`take_face`)
            return
        super()._set_image(new_image)

    def draw_face(self) -> None:
        """The window's face, as pygame_gui's own construction draws it (the rest is kept)."""
        self.face_drawn = self._holding = True
        self.rebuild()

    def take_face(self) -> None:
        """The face drawn by `draw_face` becomes the window's image."""
        self._holding = False
        face, self._face = self._face, None
        if face is not None:
            super()._set_image(face)
