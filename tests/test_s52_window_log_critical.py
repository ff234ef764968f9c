"""s52, item 4 (review): the log broke a roll's critical mark across two rows at 1920×1080 in
French ("… = 28 [réussite" / "critique]"): the mark is held whole, as the map glosses are."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena_game.ui.controller import MatchController
from arena_game.ui.modes import AttackMode
from tests.layout_boxes import box_rows
from tests.ui_driver import board, click_square
from tools.window_screenshots import _board_window, demo_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize(("lang", "mark"), [("fr", "[réussite critique]"), ("en", "[critical success]")])
def test_s52_a_critical_mark_stays_on_one_log_row(lang, mark):
    # Brakka strikes Oruk with a natural 20: attack 20, dodge 9, location 12, damage 6 and 6
    ctrl = MatchController(replace(demo_match("circle").setup, scripted=[20, 9, 12, 6, 6]))
    app = _board_window(ctrl, lang, (1920, 1080))
    b = board(app)
    b.switch_mode(AttackMode())
    app.run(frames=2)
    click_square(app, (5, 9), frames=2)
    for _ in range(400):
        if not b.anim.busy:
            break
        app.step()
    app.run(frames=3)
    rows = box_rows(b.hud.log_box)
    assert any(mark in row for row in rows), rows  # the whole mark, on one row
