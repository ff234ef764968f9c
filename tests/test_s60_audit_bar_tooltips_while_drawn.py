"""s60 audit, item 1a: while an action is drawn the action bar is greyed, each button still
holding the tooltip of the state before the action ("Course (run) — key 2" after a walk that
spends the move). What a new player resting the pointer on a greyed button sees: no tooltip at
all while the pieces move (a greyed button offers nothing; the status line says to wait and
the hint over the board how to skip), then, once the action is shown, the new state's words
(here the run refused, R0.6), never the old offer."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITooltip

from arena_game.ui.strings import text
from tests.ui_driver import board, open_app, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

ARENA = "##########\n#........#\n#........#\n#........#\n##########"


def _tooltips(app) -> list[str]:
    return [tip.text_block.html_text for tip in app.manager.get_sprite_group().sprites()
            if isinstance(tip, UITooltip) and tip.visible and tip.text_block is not None]


def _rest_on(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("fr", (1920, 1080))])
def test_s60_a_greyed_button_shows_no_old_offer_while_the_action_is_drawn(lang, size):
    ctrl = ui_match(ARENA, {"aldric": {"team": "rouge", "at": (2, 2)}, "bruna": {"team": "bleu", "at": (6, 2)}})
    app = open_app(ctrl, lang=lang, size=size, anim_speed=1.0)
    screen = board(app)
    pos = screen.hud.buttons["run"].rect.center
    pygame.mouse.set_pos(pos)  # where pygame_gui looks for the pointer
    for _ in range(120):
        _rest_on(app, pos)
        if _tooltips(app):
            break
    offer = _tooltips(app)
    assert offer and "2" in offer[0]  # the run offered, with its key
    assert screen.apply({"kind": "walk", "to": (3, 2)})
    for drawn in range(1, 600):
        _rest_on(app, pos)
        if not screen.anim.busy and screen.shown_state is None:
            break
        assert not _tooltips(app), (drawn, _tooltips(app))
        assert not screen.hud.buttons["run"].is_enabled
        assert screen.hud.status_text == text("anim_playing", lang)
    assert drawn > 10  # the walk was drawn, the pointer resting on the button all along
    for _ in range(120):
        _rest_on(app, pos)
        if _tooltips(app):
            break
    after = _tooltips(app)
    assert after and "R0.6" in after[0] and after != offer, after
