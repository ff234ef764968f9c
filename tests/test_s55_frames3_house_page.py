"""The house rules' next page (Page Down) is made hidden while the page shown stays, a part a
frame (s55): a Reading's band and explanation in one frame, its value and mark in the next
(the four in one frame with the page shown drawn: 11–15 ms at 1920×1080, 18 ms in the bench
on a busy machine). The page made is the page opened at that tab."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine

from arena_game.ui.screens.house_rules import HouseRulesScreen
from tests.ui_driver import open_app, tap_key, top, wait_while_building

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1280, 720), "en")])
def test_s55_a_readings_explanation_and_value_are_made_in_two_frames_of_a_page_turn(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang=lang, size=size)
    tap_key(app, pygame.K_r)
    wait_while_building(app)
    panel = top(app, HouseRulesScreen)
    assert panel is not None and panel.page == 0
    shown = panel.page_box
    seen = set(app.manager.get_sprite_group().sprites())
    tap_key(app, pygame.K_PAGEDOWN)
    frames: list[list[object]] = [list(set(app.manager.get_sprite_group().sprites()) - seen)]
    seen |= set(frames[0])
    for _ in range(80):
        if panel._paging is None:
            break
        assert panel.page_box is shown, "the page shown was taken away before the next was made"
        app.step()
        now = set(app.manager.get_sprite_group().sprites())
        frames.append(list(now - seen))
        seen = now
    assert panel._paging is None and panel.page == 1 and panel.page_box is not shown
    values = set(panel.keys_of)
    assert values, "page 1 has Readings"

    def explanation(el: object) -> bool:
        return isinstance(el, UITextBox) and "#house_text" in el.most_specific_combined_id

    made_values = [el for frame in frames for el in frame if el in values]
    assert sorted(map(id, made_values)) == sorted(map(id, values))  # each Reading's value made once
    assert all(isinstance(el, (UIButton, UITextEntryLine)) for el in made_values)
    explanations = sum(explanation(el) for frame in frames for el in frame)
    assert explanations == len(values)
    for i, frame in enumerate(frames):
        both = any(explanation(el) for el in frame) and any(el in values for el in frame)
        assert not both, (i, sorted(type(el).__name__ for el in frame))
