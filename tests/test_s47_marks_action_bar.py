"""Review s46 item 16: the action bar lights the action in progress. While the dice dialog asks
for a Course (run) roll, "Course (run)" is lit, not the board's idle "Walk"; while an action
is drawn, no action is."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from arena_game.ui.controller import MatchController
from arena_game.ui.hud import mode_button, roll_button
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from tests.ui_driver import board, open_app, top, ui_match, wait_while_building

OPEN = "\n".join(["." * 12] * 5)
RUN = {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}


def _lit(app) -> list[str]:
    return [bid for bid, b in board(app).hud.buttons.items() if b.is_selected]


@pytest.mark.usefixtures("fresh_pygame")
def test_r4_1_the_bar_lights_course_while_the_table_rolls_the_runs_d20():
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (9, 1)}})
    app = open_app(MatchController(replace(ctrl.setup, dice_mode="physical")), lang="en", size=(1280, 720))
    assert board(app).mode.name == "walk" and _lit(app) == ["walk"]
    board(app).apply(RUN)  # played as a bot's run or a lesson's "show me" is: the board sits in Walk
    app.run(frames=2)
    wait_while_building(app)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and dialog.need.purpose == "run"
    assert _lit(app) == ["run"]
    dialog.give_up()  # Cancel (Esc): the run is not played
    app.run(frames=2)
    assert top(app, FaceDialogScreen) is None and _lit(app) == ["walk"]  # the mode's own again


def test_r0_a_rolls_button_is_the_modes_when_its_action_asks_that_roll():
    assert roll_button("dodge", "circle") == "circle"  # a circle attack's target dodges
    assert roll_button("dodge", "walk") == "attack"  # someone else's attack, the likeliest
    assert roll_button("tackle", "run_go") == "run"
    assert roll_button("push_resist", "walk") == "push"
    assert roll_button("initiative", "walk") is None  # no action's roll: nothing lit
    assert mode_button("run_go") == "run" and mode_button("circle_split") == "circle"


@pytest.mark.usefixtures("fresh_pygame")
def test_s58_every_bar_button_behind_the_dice_dialog_is_shown_disabled_but_the_rolls_own():
    """s58 audit: behind the dice dialog the bar looked pressable (only veiled); as while an
    action is drawn, its buttons are shown disabled from the frame the dialog shows, the roll's
    action still lit, and enabled again once it closes."""
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (9, 1)}})
    app = open_app(MatchController(replace(ctrl.setup, dice_mode="physical")), lang="en", size=(1280, 720))
    bar = board(app).hud.buttons
    board(app).apply(RUN)
    app.run(frames=2)
    while (dialog := top(app, FaceDialogScreen)) is not None and dialog.building:
        assert all(b.is_enabled for b in bar.values())  # no veil yet: nothing greyed before the dialog shows
        app.step()
    assert dialog is not None and dialog.veil is not None and dialog.veil.visible
    strip = pygame.Rect(0, board(app).hud.bar_top, *app.screen.get_size())
    first = pygame.image.tobytes(app.screen.subsurface(strip.clip(app.screen.get_rect())), "RGB")
    app.run(frames=2)
    # the bar drawn disabled in the very frame the dialog shows, not a frame after it
    assert pygame.image.tobytes(app.screen.subsurface(strip.clip(app.screen.get_rect())), "RGB") == first
    assert [bid for bid, b in bar.items() if b.is_enabled] == ["run"] and _lit(app) == ["run"]
    dialog.give_up()
    app.run(frames=2)
    assert all(b.is_enabled for b in bar.values()) and _lit(app) == ["walk"]
