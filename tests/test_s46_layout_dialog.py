"""The file dialog's buttons grow with the window as the rest of it does: at 1920×1080 its
icons, OK and Cancel were still pygame_gui's fixed 20 and 30 px, OK as narrow as "OK"."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.utility import translate

from arena_game.ui.screens.dialog import LoadDialogScreen
from tests.ui_driver import click_button, press_key, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _dialog(size):
    app = scene_window("walk", "en", size)
    press_key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    wait_while_building(app)
    assert isinstance(app.top, LoadDialogScreen)
    return app, app.top.window


@pytest.mark.parametrize("size, k", [((1280, 720), 1.0), ((1920, 1080), 1.5)])
def test_the_file_dialogs_buttons_grow_with_the_window(size, k):
    app, d = _dialog(size)
    icons = [d.home_button, d.delete_button, d.parent_directory_button, d.refresh_button]
    assert all(b.rect.w >= b.rect.h >= round(26 * k) for b in icons)  # s53: each with its word, wider than high
    assert all(a.rect.right < b.rect.left for a, b in zip(icons, icons[1:], strict=False))  # apart
    for b in (d.ok_button, d.cancel_button):
        assert b.rect.h >= round(32 * k) and b.rect.w >= round(96 * k)
        words = b.ui_theme.get_font(b.combined_element_ids).size(translate(b.text))[0]
        assert words <= b.rect.w - 8  # its word whole
    assert d.ok_button.rect.right < d.cancel_button.rect.left and d.cancel_button.rect.bottom <= d.get_container().rect.bottom
    assert d.file_selection_list.rect.bottom < d.ok_button.rect.top  # the list down to the buttons, not under them
    assert d.file_path_text_line.rect.top > d.home_button.rect.bottom


def test_the_made_again_cancel_button_still_closes_the_dialog():
    app, d = _dialog((1920, 1080))
    click_button(app, d.cancel_button)
    app.run(frames=3)
    assert not isinstance(app.top, LoadDialogScreen)
