"""s48 review 2, item 11: the lesson panel's box is as tall as what it says (no empty band kept
for a hint before H is pressed), and grows when a hint shows without moving the board."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from tests.ui_driver import open_lesson, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def content_height(app, html: str, width: int) -> int:
    """How tall a lesson panel `width` px wide needs to be to say `html` whole."""
    probe = UITextBox(html, pygame.Rect(0, 0, width, -1), app.manager, object_id=ObjectID("#lesson_panel"))
    try:
        return probe.rect.h
    finally:
        probe.kill()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_lesson_panel_fits_its_words_and_a_hint_grows_it_without_moving_the_board(tmp_path, lang, size):
    app, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    app.resize(size)
    app.run(frames=3)
    panel = lesson.panel
    assert panel is not None
    before = panel.rect.copy()
    board = (tuple(lesson.viewport), lesson.camera.tile, lesson.camera.ox, lesson.camera.oy)
    assert before.h == content_height(app, lesson.panel_html(), before.w)  # no empty band under the keys line
    press_key(app, pygame.K_h)
    assert lesson.hints_shown == 1
    after = lesson.panel.rect
    assert after.h == content_height(app, lesson.panel_html(), after.w) and after.h > before.h  # the hint's line
    assert after.topleft == before.topleft and after.bottom <= lesson.viewport.top
    assert (tuple(lesson.viewport), lesson.camera.tile, lesson.camera.ox, lesson.camera.oy) == board  # not moved
    assert lesson.panel.scroll_bar is None
