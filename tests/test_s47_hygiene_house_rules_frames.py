"""The house-rules panel is made in small parts, a frame each (bench/bench_window.py: its opening
frame went over 16.7 ms on a busy machine, 14.7 ms CPU on a quiet one, and Page Down's first
frame took 11.7 ms): the page's scrolling box in a frame of its own, no other frame making more
than six widgets, whether the panel opens (R) or turns a page (Page Down)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIImage, UILabel, UITextBox, UITextEntryLine

from arena_game.ui.screens.house_rules import HouseRulesScreen
from arena_game.ui.scroll_box import ScrollBox
from tests.ui_driver import open_app, top

PAGE_WIDGETS = (UILabel, UITextBox, UITextEntryLine, UIImage)


def _made_each_frame(app, key: int) -> list[list[object]]:
    """The widgets each frame made from the key's till the panel stops building."""
    seen = set(app.manager.get_sprite_group().sprites())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames = []
    for _ in range(60):
        app.step()
        now = set(app.manager.get_sprite_group().sprites())
        frames.append(list(now - seen))
        seen = now
        if app.top is not None and not app.top.building:
            break
    return frames


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_house_rules_panel_makes_its_box_alone_and_few_widgets_a_frame(tmp_path, monkeypatch, size):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang="fr", size=size)
    for key in (pygame.K_r, pygame.K_PAGEDOWN):
        frames = _made_each_frame(app, key)
        assert top(app, HouseRulesScreen) is not None
        boxes = [i for i, made in enumerate(frames) if any(isinstance(el, ScrollBox) for el in made)]
        assert len(boxes) == 1, key
        box_frame = frames[boxes[0]]
        assert not [el for el in box_frame if isinstance(el, PAGE_WIDGETS)], (key, box_frame)
        for i, made in enumerate(frames):
            if i != boxes[0]:
                assert len(made) <= 6, (key, i, sorted(type(el).__name__ for el in made))
