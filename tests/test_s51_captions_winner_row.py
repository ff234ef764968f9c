"""The match-over summary's winner row keeps the team's gloss whole (s51 review): at 800×560 in
English it broke inside it, "Winner: Les Vipères d'Onyx (Onyx" / "Vipers)"."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.layout_boxes import box_rows
from tests.ui_driver import top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_winner_row_breaks_before_the_teams_gloss_never_inside_it(lang):
    app = scene_window("match-over", lang, (800, 560))
    assert top(app, MatchOverScreen) is not None
    wait_while_building(app)
    board = app.find(BoardScreen)
    assert board is not None
    state = board.ctrl.state
    assert state.winner is not None
    rows = box_rows(board.hud.sheet_box)
    assert not [r for r in rows if r.endswith("(Onyx") or r.startswith("Vipers)")], rows
    name = state.teams[state.winner].name
    assert any(name in r for r in rows), rows
    if lang == "en" and name == "Les Vipères d'Onyx":
        assert any(r.endswith("(Onyx Vipers)") for r in rows), rows
