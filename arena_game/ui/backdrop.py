"""`Backdrop`: the opaque ground of a screen that covers the window, under its widgets and
over the widgets of the screens below it.

A window-sized `UIPanel` did that job, but pygame_gui draws a panel's shape with its border
and shadow into three window-sized see-through surfaces: 12–16 ms at 1920×1080, in the frame
that opens the screen. A backdrop is one opaque surface filled with the panel's colour from
the theme (~1 ms), in a `UIContainer` that holds the screen's widgets.

`Veil`: the translucent dark layer behind a modal window (a dialog, the rules), over all else.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer, UIElement


class Backdrop(UIElement):
    """An opaque fill of the colour a panel with `object_id` has in the theme."""

    def __init__(self, container: UIContainer, manager: pygame_gui.UIManager, object_id: ObjectID | str) -> None:
        rect = pygame.Rect((0, 0), container.get_container().get_rect().size)
        super().__init__(rect, manager, container, starting_height=0, layer_thickness=1)
        self._create_valid_ids(container=container, parent_element=None, object_id=object_id, element_id="panel")
        colour = self.ui_theme.get_colour_or_gradient("dark_bg", self.combined_element_ids)
        surface = pygame.Surface(rect.size)
        if isinstance(colour, pygame.Color):
            surface.fill(colour)
        else:  # a theme gradient
            colour.apply_gradient_to_surface(surface)
        self.blendmode = 0  # opaque: a plain copy, not pygame_gui's premultiplied blend
        # its own image as it is: `_set_image` would copy it twice for a clip it never has
        # (the container's own size), 4 ms at 1920×1080
        self.image = surface

    def process_event(self, event: pygame.event.Event) -> bool:
        """A press on it goes no further (to the widgets of the screens under it), as on a panel."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT,
                                                                     pygame.BUTTON_MIDDLE):
            x, y = self.ui_manager.calculate_scaled_mouse_position(event.pos)
            return bool(self.hover_point(x, y))
        return False


def covering_container(manager: pygame_gui.UIManager, size: tuple[int, int], starting_height: int,
                       object_id: ObjectID | str, visible: bool = True) -> UIContainer:
    """A window-sized container for a screen's widgets, on an opaque backdrop of the theme's
    colour for `object_id`'s panel; hidden (and its widgets made in it) unless `visible`."""
    container = UIContainer(pygame.Rect((0, 0), size), manager, starting_height=starting_height, visible=int(visible))
    Backdrop(container, manager, object_id)
    return container


VEIL_ALPHA = 190  # of 255: what is behind a modal window stays in sight, too dim to read as text


class Veil(UIElement):
    """A see-through dark layer over the whole window, over every widget and window but the
    modal window `over_all_but` (the veil is in the root container, that window is moved over
    it): the screen behind a dialog is dimmed, text it cuts through no longer reads as part of
    the dialog, and its widgets get neither the pointer nor its clicks."""

    def __init__(self, manager: pygame_gui.UIManager, over_all_but: UIElement, alpha: int = VEIL_ALPHA) -> None:
        root = manager.get_root_container()
        assert root is not None
        others = [w for w in manager.get_window_stack().get_full_stack() if w is not over_all_but]
        top = max([root.get_top_layer(), *(w.get_top_layer() for w in others)])
        size = root.get_rect().size
        super().__init__(pygame.Rect((0, 0), size), manager, None, starting_height=top + 1 - root.layer,
                         layer_thickness=1)
        self._create_valid_ids(container=None, parent_element=None, object_id="#veil", element_id="veil")
        self.alpha = alpha
        self.blendmode = pygame.BLEND_PREMULTIPLIED  # black: premultiplied or not, the same pixels
        self._paint(size)
        if over_all_but.layer <= self.get_top_layer():  # the dialog stays over its veil
            over_all_but.change_layer(self.get_top_layer() + 1)

    def _paint(self, size: tuple[int, int]) -> None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, self.alpha))
        self.image = surface

    def fit(self, size: tuple[int, int]) -> None:
        """The window's new size: the veil covers it all again."""
        if self.rect.size != size:
            self.set_dimensions(size)
            self._paint(size)

    def process_event(self, event: pygame.event.Event) -> bool:
        """A press outside the dialog goes no further (to the widgets of the screens under it)."""
        return bool(self.visible) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
