"""`Backdrop`: the opaque ground of a screen that covers the window, under its widgets and
over the widgets of the screens below it.

A window-sized `UIPanel` did that job, but pygame_gui draws a panel's shape with its border
and shadow into three window-sized see-through surfaces: 12–16 ms at 1920×1080, in the frame
that opens the screen. A backdrop is one opaque surface filled with the panel's colour from
the theme (~1 ms), in a `UIContainer` that holds the screen's widgets.
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
