"""The lesson panel is as tall as its tallest text for the lesson (a fixed 132 px left a third
of it empty and shrank a 20×14 board to 28 px squares at 1280×720); it never scrolls as hints
come, and its verdict is written larger than anything else on it."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.ui_driver import open_lesson, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _sizes(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"pixel_size=(\d+)", html)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_lesson_panel_takes_only_the_height_its_texts_need_and_never_scrolls(tmp_path, lang, size):
    app, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    app.resize(size)
    app.run(frames=3)
    k = size[1] / 720
    assert lesson.panel is not None and lesson.panel.rect.h <= 100 * k  # was 132 at 720 px high
    assert lesson.camera.tile >= 30 * k  # the 20×14 lava pit: its squares were 28 px at 1280×720
    assert lesson.panel.rect.bottom <= lesson.viewport.top  # the board under the panel, not under its text
    for _ in range(len(lesson.lesson.goal.hints) + 1):  # every hint, then "no more hints"
        press_key(app, pygame.K_h)
        assert lesson.panel.scroll_bar is None, lesson.hints_shown


@pytest.mark.parametrize("lang, word", [("en", "Well done!"), ("fr", "Réussi")])
def test_the_lessons_verdict_is_written_larger_than_its_title_and_does_not_scroll(tmp_path, lang, word):
    app, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    press_key(app, pygame.K_m)  # show me: the worked solution plays to the verdict
    for _ in range(300):
        app.run(frames=10)
        if lesson.verdict_shown:
            break
    assert lesson.completed and lesson.verdict_shown
    html = lesson.panel_html()
    verdict = re.search(r"<font pixel_size=(\d+)[^>]*><b>([^<]*)", html[html.index("<br>"):])
    assert verdict is not None and word in verdict.group(2)
    assert int(verdict.group(1)) > max(size for size in _sizes(html[:html.index("<br>")]))  # the title's
    assert lesson.panel is not None and lesson.panel.scroll_bar is None
