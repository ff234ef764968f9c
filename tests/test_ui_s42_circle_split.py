"""R8.2 in the window with `combat.circle_split = "player"`: the player shares the damage after
the roll. Before, the window sent every circle attack without a split and the core refused
it ("these rules want the player's own split"): under that house rule no circle attack could
be played in the window at all."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.events import CircleSplitAwaited, Damaged
from arena_game.core.settings import RulesSettings
from arena_game.ui.modes import CircleSplitMode
from tests.ui_driver import board, click_button, click_square, open_app, press_key, shot, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

AXE = {"name": "Hache à deux mains", "family": "two_handed", "damage": "2d6+1"}
GRID = """
.....
.....
.....
"""
PLAYER = RulesSettings.model_validate({"combat": {"circle_split": "player"}})
FIGHTERS = {
    "a": {"team": "red", "at": (2, 1), "weapon": AXE},
    "b": {"team": "blue", "at": (2, 0)},
    "d": {"team": "blue", "at": (1, 2)},
}
# attack 19; b dodges 1, d 1: both hit; location 12; damage 2d6+1 = 6 + 6 + 1 = 13
FACES = [19, 1, 1, 12, 6, 6]


def swung(lang: str):
    app = open_app(ui_match(GRID, FIGHTERS, faces=FACES, settings=PLAYER), lang=lang)
    press_key(app, pygame.K_6)  # circle attack
    click_square(app, (2, 0))
    click_square(app, (1, 2))
    press_key(app, pygame.K_RETURN)
    screen = board(app)
    while screen.anim.busy:
        app.run(frames=5)
    app.run(frames=2)
    return app, screen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r8_2_player_split_the_window_asks_for_the_split_after_the_roll(lang):
    app, screen = swung(lang)
    assert any(isinstance(e, CircleSplitAwaited) and e.total == 13 for e in screen.ctrl.log)
    assert not any(isinstance(e, Damaged) for e in screen.ctrl.log)
    assert isinstance(screen.mode, CircleSplitMode)
    status = screen.hud.status_text
    assert "13" in status and ("B\u00a07 · D\u00a06" in status)  # the halving split to start from
    assert set(screen.hud.choice_buttons) == {"less", "more", "halving", "deal"}
    shot(app, f"s42_circle_split_{lang}")


def test_r8_2_player_split_changed_with_the_buttons_then_dealt():
    app, screen = swung("en")
    click_square(app, (1, 2))  # pick d, the second in the order
    assert screen.mode.picked == 1 and screen.hud.choice_buttons["more"].text == "+1 D"
    click_button(app, screen.hud.choice_buttons["more"])  # 7 / 7: non-increasing, but 14 of 13
    assert screen.mode.shares == [7, 7]
    assert screen.hud.choice_buttons["deal"].is_enabled is False or "does not share" in screen.hud.choice_buttons["deal"].tool_tip_text
    press_key(app, pygame.K_RETURN)  # refused: nothing dealt
    assert not any(isinstance(e, Damaged) for e in screen.ctrl.log)
    click_square(app, (2, 0))  # pick b
    click_button(app, screen.hud.choice_buttons["more"])
    click_button(app, screen.hud.choice_buttons["more"])
    click_square(app, (1, 2))
    click_button(app, screen.hud.choice_buttons["less"])
    click_button(app, screen.hud.choice_buttons["less"])
    click_button(app, screen.hud.choice_buttons["less"])
    assert screen.mode.shares == [9, 4]
    press_key(app, pygame.K_RETURN)
    dealt = [(e.fighter, e.amount) for e in screen.ctrl.log if isinstance(e, Damaged)]
    assert dealt == [("b", 9), ("d", 4)]
    while screen.anim.busy:
        app.run(frames=5)
    assert not isinstance(screen.mode, CircleSplitMode) and screen.ctrl.state.split_pending is None


def test_r8_2_player_split_esc_and_end_turn_do_not_put_it_off():
    app, screen = swung("en")
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_e)
    assert screen.ctrl.state.split_pending is not None and screen.ctrl.state.active.id == "a"
    assert isinstance(screen.mode, CircleSplitMode)
