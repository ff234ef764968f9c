"""s60 audit: the action bar stays greyed to the end of an animation. Once an end of turn's
events were shown, its turn banner still playing, the next state's bar was asked for
(`catch_up`): the new mode's button (Walk) was selected while greyed, then unselected by the
greying, which drew it in its plain face: "Walk 1" looked pressable over the banner while every
other button was greyed (on the 64×64 map and on a tiny one alike)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import board, open_app, press_key, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("fr", (1920, 1080))])
def test_s60_every_bar_button_looks_greyed_while_the_turn_banner_plays(lang, size):
    ctrl = ui_match("........\n........\n........", {"aldric": {"team": "rouge", "at": (1, 1)},
                                                     "bruna": {"team": "bleu", "at": (6, 1)}})
    app = open_app(ctrl, lang=lang, size=size, anim_speed=1.0)
    screen = board(app)
    press_key(app, pygame.K_8)  # another mode than the next turn's (Walk)
    press_key(app, pygame.K_e, frames=1)
    caught_up = 0
    for _ in range(600):
        app.step()
        if not screen.anim.busy:
            break
        caught_up += screen.shown_state is None  # the bar is the new state's, the banner still on
        looks = {bid: b.drawable_shape.active_state.state_id for bid, b in screen.hud.buttons.items() if b.visible}
        assert set(looks.values()) == {"disabled"}, looks
        shown = {bid: tuple(app.screen.get_at((b.rect.x + 4, b.rect.centery)))[:3]
                 for bid, b in screen.hud.buttons.items() if b.visible}
        assert len(set(shown.values())) == 1, shown  # one greyed face for all
    assert caught_up > 5  # the frames that showed it
    app.run(frames=2)
    walk = screen.hud.buttons["walk"]
    assert walk.is_enabled and walk.drawable_shape.active_state.state_id == "selected"  # lit once it ends
