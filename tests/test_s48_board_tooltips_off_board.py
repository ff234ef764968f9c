"""A widget's tooltip under the board stays off the board's squares when there is room (s48
review, item 13): pygame_gui put the greyed "Provocation avantagée" choice's refusal above the
button, a column of nine narrow lines over the board's last rows (and over its refusal card);
it goes under the button now, on two lines. A greyed action's tooltip in the bottom bar goes
above it, between the bar and the board."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITooltip

from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _tooltip_over(app, button) -> pygame.Rect:
    """Hover `button` until its tooltip shows; the tooltip's box."""
    pygame.mouse.set_pos(button.rect.center)  # where pygame_gui looks for the pointer
    for _ in range(300):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        tips = [s for s in app.manager.get_sprite_group().sprites() if isinstance(s, UITooltip) and s.visible]
        if tips and tips[0].rect.h > 0:
            app.step()
            return pygame.Rect(tips[0].rect)
    raise AssertionError("no tooltip")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_greyed_choice_s_tooltip_covers_no_square_of_the_board(lang, size):
    app = scene_window("taunt", lang, size)
    board = app.find(BoardScreen)
    button = next(b for b in board.hud.choice_buttons.values() if getattr(b, "refusal", None))
    tip = _tooltip_over(app, button)
    assert not tip.colliderect(board.view.covered()), (tip, board.view.covered())
    assert app.screen.get_rect().contains(tip) and not tip.colliderect(button.rect)


def test_a_greyed_action_s_tooltip_covers_no_square_of_the_board():
    app = scene_window("taunt", "en", (1920, 1080))  # at 1280 it fitted above the bar already
    board = app.find(BoardScreen)
    button = board.hud.buttons["swim"]
    assert button.tool_tip_text
    tip = _tooltip_over(app, button)
    assert not tip.colliderect(board.view.covered()), (tip, board.view.covered())
