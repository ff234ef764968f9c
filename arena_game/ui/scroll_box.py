"""`ScrollBox`: widgets laid out taller (or wider) than the room a small window leaves them,
scrolled by bars, so nothing is cut or pushed under other widgets (the house rules' pages,
the roster editor in a window under its design size).

pygame_gui's `UIScrollingContainer`, made safe to create inside a hidden container (the
screens make their widgets hidden, a part a frame), with what the screens need besides:
where it shows, and scrolling a widget the keyboard goes to into sight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIScrollingContainer


class ScrollBox(UIScrollingContainer):
    """A scrolling container; `set_scrollable_area_dimensions` says how large its contents are."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # made inside a hidden container, pygame_gui's hides itself before it has its bars
        self.vert_scroll_bar = self.horiz_scroll_bar = None
        self._view_container = None  # type: ignore[assignment]  # made by pygame_gui's own
        super().__init__(*args, **kwargs)

    @property
    def view(self) -> pygame.Rect:
        """Where its contents show on the screen (less its scroll bars)."""
        view = self._view_container
        return pygame.Rect(view.rect) if view is not None else pygame.Rect(self.rect)

    def scroll_into_view(self, rect: pygame.Rect, margin: int = 8) -> None:
        """Scroll (now, not at the next frame) so that `rect` (on the screen) shows whole, when
        it does not: the least move that shows it, `margin` pixels from the edge it was past."""
        view, inner = self.view, self.get_container().get_rect()
        moved = False
        for bar, active, lo, hi, start, length, whole in (
                (self.vert_scroll_bar, self.vert_scroll_bar_active, rect.top, rect.bottom, view.top, view.h, inner.h),
                (self.horiz_scroll_bar, self.horiz_scroll_bar_active, rect.left, rect.right, view.left, view.w, inner.w)):
            if bar is None or not active or whole <= length or (lo >= start and hi <= start + length):
                continue
            origin = inner.top if bar is self.vert_scroll_bar else inner.left  # where the contents start now
            at = lo - origin - margin if lo < start else hi - origin + margin - length
            bar.set_scroll_from_start_percentage(max(0, min(at, whole - length)) / whole)
            moved = True
        if moved:
            self.update(0.0)



def containers_above(element: UIElement) -> Iterator[Any]:
    """The containers `element` sits in, the nearest first, up to the window's root."""
    parent, seen = element.ui_container, set()
    while parent is not None and id(parent) not in seen:  # the root container is its own container
        yield parent
        seen.add(id(parent))
        parent = getattr(parent, "ui_container", None)
