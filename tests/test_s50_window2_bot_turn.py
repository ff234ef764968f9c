"""s50 window2: a bot seat's turn (`play --bot`) invited the person to play it. From the turn's
start to the bot's first action (its pause, `BOT_PAUSE_MS`) the window showed a hand-off curtain
"click to start the turn" that the bot then lifted, the walk mode's prompt, highlights and
choices for the bot's fighter, and a click on a green square walked the bot's fighter. While a
bot has the move the person watches: no curtain for it (the next one, for the person, sums its
turn up), the status line says the computer plays, no highlights, the actions greyed, clicks
and action keys do nothing."""

from __future__ import annotations

import pygame
import pytest

from arena_game.bots.seats import BotSeats
from arena_game.i18n import t
from arena_game.ui.screens.handoff import HandoffScreen
from tests.ui_driver import board, click_square, open_app, press_key, top, ui_match

GRID = "........\n........\n........"


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_a_bots_turn_invites_no_input_and_gets_no_curtain(lang):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (7, 2)}})
    app = open_app(ctrl, bots=BotSeats(["blue"], ["red", "blue"], seed=3), handoff=True, lang=lang)
    b = board(app)
    assert b.bots is not None
    b.bots.wait_ms = 10**9  # the bot's pause between actions, held while the window is looked at
    press_key(app, pygame.K_e, frames=2)  # the person ends a's turn: b (blue, a bot) has the move
    assert ctrl.state.active.id == "b" and len(ctrl.actions) == 1
    assert top(app, HandoffScreen) is None  # no curtain for a bot
    assert b.hud.status_text == t("watch.bot_turn", lang, name=ctrl.state.active.sheet.name)
    assert b.current_highlights() == [] and b.hud.choice_buttons == {}
    assert not b.card_refused
    click_square(app, (6, 2), frames=1)  # a square the bot's fighter could walk to
    press_key(app, pygame.K_e, frames=1)  # and End turn
    assert [a.kind for a in ctrl.actions] == ["end_turn"]  # the person played nothing for the bot
    b.bots.wait_ms = 0
    app.run(frames=200)  # the bot plays its turn, then hands back
    assert ctrl.state.active.team == "red" and "end_turn" in [a.kind for a in ctrl.actions[1:]]
    curtain = top(app, HandoffScreen)
    assert curtain is not None and curtain.summary  # the person's curtain sums the bot's turn up
