"""s59: while an action is drawn the action bar is greyed (`Hud.show_current`), so the next
state's actions are asked of the core once the action is shown, not in the frame that starts
its animation (~2 ms of a 64² end-turn key's frame); the bar is the new state's from then on."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.actions import EndTurn
from arena_game.resources import shipped_maps
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.hud import ACTION_BUTTONS
from arena_game.ui.screens.board import BoardScreen
from tests.ui_driver import open_app

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def test_s59_the_next_state_s_actions_are_asked_once_the_action_is_drawn(monkeypatch):
    ctrl = MatchController(setup_for_map(str(shipped_maps()[0]), None, 1))
    app = open_app(ctrl, size=(1280, 720), anim_speed=1.0)
    board = app.find(BoardScreen)
    assert board is not None
    asked = []
    real = ctrl.available_actions
    monkeypatch.setattr(ctrl, "available_actions", lambda: asked.append(ctrl.state) or real())
    board.apply(EndTurn())  # as the end-turn key does, in the frame that starts the animation
    assert board.shown_state is not None and asked == []
    app.step()
    assert all(b.is_enabled is False for b in board.hud.buttons.values())  # greyed meanwhile
    while board.shown_state is not None:
        app.step()
    assert asked and asked[-1] is ctrl.state
    now = real()
    for bid, _, _, kind in ACTION_BUTTONS:  # each button greyed as the core says now
        if kind is not None and bid in board.hud.buttons:
            assert (board.hud.buttons[bid].refusal is not None) == (now[kind] is not None), bid
    pygame.quit()
