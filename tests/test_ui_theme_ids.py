"""The window's quick lookup of a widget's combined theme ids (`ui.theme_ids`) gives what
pygame_gui's own method gives, for every widget of the screens that nest them deepest."""

from __future__ import annotations

import pygame
import pygame_gui

from arena_game.ui.screens.rules import RulesScreen
from tests.test_ui_start_opening import match_app, shown_start
from tests.ui_driver import tap_key, wait_while_building


def every_widget(app) -> list:
    return list(app.manager.get_sprite_group().sprites())


def test_the_quick_theme_ids_are_pygame_guis_own_for_every_widget_made():
    ctrl, app = match_app()
    tap_key(app, pygame.K_F1)
    wait_while_building(app)
    rules = app.top
    assert isinstance(rules, RulesScreen) and rules.column is not None and rules.column.bar is None
    rules.show("R4")  # tall enough for a scroll bar: its buttons are the deepest widgets
    wait_while_building(app)
    assert rules.column.bar is not None
    widgets = every_widget(app)
    tap_key(app, pygame.K_ESCAPE)
    shown_start(app)
    tap_key(app, pygame.K_r)
    wait_while_building(app)
    own = pygame_gui.core.UIAppearanceTheme.build_all_combined_ids
    theme = app.manager.get_theme()
    widgets += every_widget(app)
    assert len(widgets) > 100 and max(len(w.element_ids) for w in widgets) >= 4
    for w in widgets:
        ids = (w.element_base_ids, w.element_ids, w.class_ids, w.object_ids)
        assert theme.build_all_combined_ids(*ids) == own(theme, *ids) == w.combined_element_ids
    pygame.quit()
