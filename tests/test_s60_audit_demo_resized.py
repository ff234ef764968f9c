"""s60 audit: the demo's window resized while a step plays. The film went on at the size it was
made for: grown to 1600×900 a quarter of the window stayed empty; shrunk to 1024×600 the
caption column was cut at the window's edge ("Wall… turn… inclu…" for "Walk: 1 square a turn,
diagonals included…") until the next step. The step starts again at the window's new size."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.app import App
from arena_game.ui.screens.demo import DemoScreen

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _next_film_frame(app: App, demo: DemoScreen) -> list:
    """Frames till the demo shows a new film frame; the texts that frame drew."""
    shown = demo.shown
    for _ in range(600):
        record_text_boxes(True)
        app.step()
        boxes = text_boxes()
        record_text_boxes(False)
        if demo.shown > shown:
            return boxes
    raise AssertionError("no film frame shown")


@pytest.mark.parametrize("new", [(1600, 900), (1024, 600)])
def test_s60_a_resized_demo_draws_its_step_at_the_window_s_new_size(new):
    films = [load_scenario(p) for p in ordered_files(demo_dir())][:2]
    app = App(size=(1280, 720), lang="en", realtime=False)
    demo = app.push(DemoScreen(app, films, fps=10, once=True))
    while demo.shown < 40:  # the first step's walk under way
        app.step()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new))
    boxes = _next_film_frame(app, demo)
    assert app.screen.get_size() == new
    assert demo.frame is not None and demo.frame.get_size() == new
    window = app.screen.get_rect()
    captions = [(what, rect) for what, rect, *_ in boxes if what.startswith("demo")]
    assert captions and all(window.contains(rect) for _, rect in captions), captions
