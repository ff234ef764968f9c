"""s53: the file dialog's toolbar said what its buttons do. pygame_gui's four icon buttons were
symbols only (⌂ ⌧ ↑ ⇪, the last one Caps Lock's): each now has its word from the catalog and a
tip saying more, in the window's language, its word whole and no two buttons overlapping."""

from __future__ import annotations

import html

import pygame
import pytest
from pygame_gui.core.utility import translate

from arena_game.i18n import t
from arena_game.ui.screens.dialog import FileDialog, LoadDialogScreen
from tests.ui_driver import press_key, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _dialog(lang, size):
    app = scene_window("walk", lang, size)
    press_key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    wait_while_building(app)
    assert isinstance(app.top, LoadDialogScreen)
    return app, app.top.window


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_s53_the_file_dialogs_toolbar_buttons_say_what_they_do(lang, size):
    app, d = _dialog(lang, size)
    buttons = [getattr(d, name) for name, _key, _symbol in FileDialog.TOOLS]
    for b, (_name, key, _symbol) in zip(buttons, FileDialog.TOOLS, strict=True):
        assert b.text == t(f"ui.{key}", lang)  # a word, not a symbol
        assert b.tool_tip_text == html.escape(t(f"ui.{key}_tip", lang), quote=False)  # the tip is HTML
        face = b.ui_theme.get_font(b.combined_element_ids)
        assert face.size(translate(b.text))[0] <= b.rect.w - 8, (b.text, b.rect)  # its word whole
    assert all(a.rect.right < b.rect.left for a, b in zip(buttons, buttons[1:], strict=False))  # apart
    inside = d.get_container().rect
    assert all(inside.contains(b.rect) for b in buttons)
    assert d.file_path_text_line.rect.top > max(b.rect.bottom for b in buttons)


def test_s53_where_the_words_do_not_fit_the_symbols_come_back_with_the_catalogs_tips():
    app, d = _dialog("fr", (1280, 720))
    d.set_dimensions((260, 300))  # far narrower than the four words
    d.size_parts()
    buttons = [getattr(d, name) for name, _key, _symbol in FileDialog.TOOLS]
    assert [b.text for b in buttons] == ["⌂", "⌧", "↑", "⇪"]
    assert [b.tool_tip_text for b in buttons] == [html.escape(t(f"ui.{key}_tip", "fr"), quote=False) for _n, key, _s in FileDialog.TOOLS]
    assert all(b.rect.w == b.rect.h for b in buttons)
    assert all(a.rect.right < b.rect.left for a, b in zip(buttons, buttons[1:], strict=False))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s53_a_toolbar_buttons_tip_shows_whole_beside_it(lang):
    from tests.test_s48_board_tooltips_off_board import _tooltip_over

    app, d = _dialog(lang, (1280, 720))
    tip = _tooltip_over(app, d.refresh_button)  # the rightmost: its tip nearest the window's edge
    assert app.screen.get_rect().contains(tip) and not tip.colliderect(d.refresh_button.rect)
    assert tip.h < 2.5 * d.refresh_button.rect.h  # one line or two, not a narrow column
