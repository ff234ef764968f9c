"""s52, item 3: at 800×560 a 3-against-3 match-over summary scrolled (~14 rows of words for ~11
of room; the shipped 2-against-2 fits). The summary now takes the top of the log under the bar
too (the bar moved down, the log shorter but three rows at least); the log gets its place back
when the bar closes."""

from __future__ import annotations

import pytest

from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.match_over import LOG_LEAST, MatchOverScreen
from tests.test_s51_screens_match_over import _rows, _summary_fits, _three_against_three
from tests.ui_driver import board, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s52_a_three_against_three_summary_fits_the_smallest_window(lang):
    app, state = _three_against_three(lang, MIN_SIZE)
    b = board(app)
    _summary_fits(app)  # every row in sight, no scroll bar, the bar under it
    over = top(app, MatchOverScreen)
    assert over is not None and over.log_kept is not None
    log_was = over.log_kept[1]
    rows = _rows(b.hud.sheet_box)
    assert sum(row.count("†") for row in rows) == 2 and all(f.sheet.name in " ".join(rows) for f in state.fighters.values())
    log = b.hud.log_box.rect
    assert log.top >= over.panel.rect.bottom and log.h >= LOG_LEAST  # under the bar, three rows at least
    assert log.bottom == log_was.bottom
    over.close()
    app.run(frames=2)
    assert b.hud.log_box.rect == log_was  # its own place back
