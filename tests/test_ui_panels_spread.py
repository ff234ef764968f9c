"""The side panels at a new turn: the turn order and the active fighter's sheet both change,
and laying out a pygame_gui text box costs ~6 ms; the order is laid out in the frame of the
turn (it shows who plays and who died, with the log), the sheet in the next one (`Hud.flush`,
at the start of every board frame). A sheet alone changes at once."""

import pygame
import pytest

from arena_game.core import apply
from arena_game.ui.app import App
from arena_game.ui.hud import Hud
from arena_game.ui.panels_html import sheet_html
from tests.builders import tiny_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _hud():
    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, "en")
    hud.build((1280, 720))
    state, dice = tiny_match("......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 1)}})
    hud.refresh_match(state)
    hud.flush()
    return hud, state, dice


def test_at_a_new_turn_the_order_comes_at_once_and_the_sheet_the_next_frame():
    hud, state, dice = _hud()
    before_sheet, before_order = hud.sheet_box.html_text, hud.order_box.html_text
    state, _ = apply(state, {"kind": "end_turn"}, dice)  # b's turn
    hud.refresh_match(state)
    assert hud.order_box.html_text != before_order  # laid out in this frame
    assert hud.sheet_box.html_text == before_sheet and hud.sheet_due  # the sheet waits
    hud.flush()  # the next frame
    assert not hud.sheet_due and hud.sheet_box.html_text == sheet_html(state, "en", None, hud.scale) != before_sheet


def test_a_sheet_alone_changes_at_once():
    hud, state, _ = _hud()
    hud.sheet_of = "b"  # the pointer rests on b: the order is the same
    hud.refresh_match(state)
    assert not hud.sheet_due and hud.sheet_box.html_text == sheet_html(state, "en", "b", hud.scale)
    assert hud.sheet_box.html_text != sheet_html(state, "en", "a", hud.scale)


def test_a_hovered_sheet_is_not_overwritten_by_the_one_left_for_the_next_frame():
    hud, state, dice = _hud()
    state, _ = apply(state, {"kind": "end_turn"}, dice)
    hud.refresh_match(state)  # b's sheet left for the next frame
    hud.show_sheet(state, "a")  # the pointer moves onto a first
    hud.flush()
    assert not hud.sheet_due
    assert hud.sheet_box.html_text == sheet_html(state, "en", "a", hud.scale)  # a's sheet, as hovered
    pygame.quit()
