"""s51: at 800×560 the circle split's four choice buttons took ~495 px of the key row's 530 and
the key to its board marks (share, picked, order), which needs 177 px at least, was hidden. When
the choices leave the key less than `hud.KEY_ROOM`, they go on a row of their own under it, the
board's room ending above both (`Hud._key_rows`); the row is given back when the choices go."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_split_key_shows_over_its_choices_at_800x560(lang):
    app = scene_window("circle-split", lang, (800, 560))
    b = app.find(BoardScreen)
    hud = b.hud
    assert b.mode.name == "circle_split" and len(hud.choice_buttons) == 4
    key = b.legend_rect
    assert key is not None and key.w >= 150, key  # the key is drawn
    buttons = [btn.rect for btn in hud.choice_buttons.values()]
    window = app.screen.get_rect()
    assert all(window.contains(r) for r in buttons) and key.collidelist(buttons) == -1
    assert key.top >= b.viewport.bottom and key.bottom <= min(r.top for r in buttons) + 2
    assert max(r.bottom for r in buttons) <= hud.status_rect.top
    assert b.viewport.contains(b.view.covered())  # the whole board above them, fitted to its room
    tall = b.viewport.h
    app.run(frames=1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(frames=3)  # Enter deals the split: no choices left, the row is given back to the board
    assert b.mode.name != "circle_split" and b.ctrl.state.split_pending is None
    assert hud.key_rows == 1 and b.viewport.h == tall + hud.key_h and b.viewport == hud.viewport


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_at_1280_the_split_key_shares_the_row_with_its_choices(lang):
    app = scene_window("circle-split", lang, (1280, 720))
    b = app.find(BoardScreen)
    assert b.hud.key_rows == 1 and b.legend_rect is not None
    assert b.legend_rect.right <= b.hud.choices_left
