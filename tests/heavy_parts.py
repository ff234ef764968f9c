"""What each frame of a pygame_gui window's opening makes of its heavy parts (s55): the window
itself, its face (a window-sized picture: background, border, shadow) and that face taken as the
window's image, each worth several milliseconds at 1920×1080."""

from __future__ import annotations

from pygame_gui.core import UIElement
from pygame_gui.core.drawable_shapes.rect_drawable_shape import RectDrawableShape
from pygame_gui.elements import UIWindow


def record_heavy_parts(monkeypatch, size: tuple[int, int]) -> list[str]:
    """A list that "window", "face" and "image" are appended to as the window's heavy parts are
    made (a picture counts when larger than a quarter of a window of `size`: only a window's is)."""
    big = (size[0] // 2) * (size[1] // 2)
    done: list[str] = []
    real_init, real_draw, real_set = UIWindow.__init__, RectDrawableShape.redraw_state, UIElement._set_image

    def init(self, *a, **k):
        done.append("window")
        real_init(self, *a, **k)

    def redraw_state(self, state, add_text=True):
        if self.containing_rect.w * self.containing_rect.h >= big:
            done.append("face")
        real_draw(self, state, add_text)

    def set_image(self, image):
        if isinstance(self, UIWindow) and image is not None and image.get_width() * image.get_height() >= big:
            done.append("image")
        real_set(self, image)

    monkeypatch.setattr(UIWindow, "__init__", init)
    monkeypatch.setattr(RectDrawableShape, "redraw_state", redraw_state)
    monkeypatch.setattr(UIElement, "_set_image", set_image)
    return done


def parts_each_frame(app, screen, done: list[str]) -> list[list[str]]:
    """The heavy parts (`record_heavy_parts`' list) each frame makes while `screen` is being made."""
    frames: list[list[str]] = []
    while screen.building:
        done.clear()
        app.step()
        frames.append(done[:])
    return frames
