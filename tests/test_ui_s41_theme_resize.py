"""A window resized is drawn as one opened at its new size: the theme's fonts grow and shrink
with the window's height (before, they kept the size the window was opened at, small text in
large panels once the window was maximised)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.controller import MatchController, setup_for_map
from tests.ui_driver import open_app

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _window(size: tuple[int, int], lang: str):
    return open_app(MatchController(setup_for_map("arene-classique", None, 1)), lang=lang, size=size)


def _picture(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_resized_window_looks_as_one_opened_at_its_new_size(lang):
    opened_large = _picture(_window((1920, 1080), lang))
    opened_small = _picture(_window((1280, 720), lang))
    app = _window((1280, 720), lang)
    button_font = app.manager.get_theme().get_font(["button"]).size("Walk 1")
    app.resize((1920, 1080))
    app.run(frames=2)
    assert app.manager.get_theme().get_font(["button"]).size("Walk 1")[1] > button_font[1]
    assert _picture(app) == opened_large
    app.resize((1280, 720))
    app.run(frames=2)
    assert app.manager.get_theme().get_font(["button"]).size("Walk 1") == button_font
    assert _picture(app) == opened_small
