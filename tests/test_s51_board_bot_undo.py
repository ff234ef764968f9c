"""s51: while a bot seat plays (`play --bot`) Undo stayed live: Ctrl+Z or its button took back the
last action (the bot's own step) in the middle of the bot's turn. It is greyed with the other
actions (`BoardScreen.greyed_buttons`), its key and click do nothing."""

from __future__ import annotations

import pygame
import pytest

from arena_game.bots.seats import BotSeats
from arena_game.i18n import t
from tests.ui_driver import board, click_button, open_app, press_key, ui_match

GRID = "........\n........\n........"


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_undo_is_greyed_and_dead_while_a_bot_plays(lang):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (7, 2)}})
    app = open_app(ctrl, bots=BotSeats(["blue"], ["red", "blue"], seed=3), lang=lang)
    b = board(app)
    assert b.bots is not None
    b.bots.wait_ms = 10**9  # the bot's pause before its first action, held
    press_key(app, pygame.K_e, frames=2)  # the person ends a's turn: b (a bot) has the move
    assert ctrl.state.active.id == "b" and [a.kind for a in ctrl.actions] == ["end_turn"]
    ctrl.apply({"kind": "walk", "to": (6, 2)})  # the bot's first step (as `BotSeats` plays it), its pause held
    played = [a.kind for a in ctrl.actions]
    assert ctrl.state.active.id == "b" and played == ["end_turn", "walk"]
    assert ctrl.can_undo()  # the step rolled no dice: the core would take it back
    app.run(frames=2)
    why = t("watch.bot_turn", lang, name=ctrl.state.active.sheet.name)
    undo = b.hud.buttons["undo"]
    assert undo.refusal == why and undo.object_ids[-1] == "#unavailable"
    press_key(app, pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
    click_button(app, b.hud.buttons["undo"])
    assert ctrl.state.active.id == "b" and [a.kind for a in ctrl.actions] == played
    assert b.hud.status_text == why  # the line still says the computer plays
    b.bots.wait_ms = 0
    app.run(frames=200)  # the bot plays its turn and hands back: Undo is the person's again
    assert ctrl.state.active.team == "red"
    assert b.hud.buttons["undo"].refusal != why
