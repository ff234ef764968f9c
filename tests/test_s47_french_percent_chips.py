"""French writes "66 %" (a narrow no-break space before the sign): the cards did since the
wording review, but the chips on the board squares and the balance report's columns still
wrote "66%" in French."""

from __future__ import annotations

from arena_game.core.state import MatchState
from arena_game.design.simulation.report import _pct
from arena_game.i18n.numbers import PERCENT_SPACE
from arena_game.ui.modes import RunDeclareMode
from arena_game.ui.modes.base import pct
from tests.ui_driver import ui_match

WIDE = """
..........
..........
..........
"""


def test_a_square_chance_reads_66_percent_in_english_and_66_narrow_space_percent_in_french():
    assert pct(0.66, "en") == "66%"
    assert pct(0.66, "fr") == f"66{PERCENT_SPACE}%"
    assert pct(0.045, "en") == "4%" and pct(1.0, "fr") == f"100{PERCENT_SPACE}%"


def test_r4_the_run_chips_on_the_board_follow_the_language():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 0)},
                           "c": {"team": "blue", "at": (5, 0)}}, faces=[20])
    state: MatchState = ctrl.state
    for lang, sign in (("en", "%"), ("fr", f"{PERCENT_SPACE}%")):
        mode = RunDeclareMode()
        mode.click(state, (1, 1))
        mode.click(state, (2, 1))
        chips = [h.label for h in mode.highlights(state, lang) if h.kind == "chance"]
        assert chips and all(label.endswith(sign) and label[:-len(sign)].isdigit() for label in chips), (lang, chips)


def test_the_balance_report_columns_write_percentages_as_the_language_does():
    assert _pct(0.5, "en") == " 50.0%"
    assert _pct(0.5, "fr") == f" 50,0{PERCENT_SPACE}%"
    assert _pct(None, "fr") == "—"
