"""R8.2, the player's split: the share of the fighter picked (the one −1 / +1 change) is drawn
in the chip colour of band 0, every other share in that of band 2; the key named only the
first ("share of the damage"), so a player read the orange "5" beside Kael as some other mark.
The key now names both colours, and every colour the split draws has its item."""

from __future__ import annotations

import pytest

from arena_game.i18n import t
from arena_game.ui.board_view import LEGENDS, SCALE, legend_kinds
from tests.ui_driver import board
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49b_every_colour_the_split_draws_has_its_key_item(lang):
    app = scene_window("circle-split", lang, (1280, 720))
    b = board(app)
    assert b.mode.name == "circle_split"
    drawn = {(h.kind, h.band) for h in b.current_highlights() if h.kind in legend_kinds("circle_split")}
    assert ("target", 0) in drawn and ("target", 2) in drawn  # the picked share and another one
    keyed = {(kind, band) for kind, band, *_ in LEGENDS["circle_split"][1] if band != SCALE}
    assert drawn <= keyed, drawn - keyed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49b_the_split_key_says_which_share_is_picked(lang):
    items = {(kind, band): key for kind, band, key, _ in LEGENDS["circle_split"][1]}
    picked, other = t(f"ui.{items[('target', 0)]}", lang), t(f"ui.{items[('target', 2)]}", lang)
    assert picked != other
    assert "±1" in picked  # the picked one is the one the −1 / +1 buttons change
