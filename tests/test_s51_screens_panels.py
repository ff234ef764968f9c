"""The side panels' rows at 800×560 (s51 review of the lessons): the teams box ended a row with
the dash between a team's name and its PR ("Les Lions de Braise (Ember Lions) —" / "0 PR (renown)
· 2/2"), and the sheet's title split the team's gloss ("Les Vipères d'Onyx (Onyx" / "Vipers)")."""

from __future__ import annotations

import pytest

from arena_game.ui.panels_html import gloss_held
from tests.layout_boxes import box_rows
from tests.ui_driver import board
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_no_teams_box_row_ends_or_starts_with_a_dash(lang):
    app = scene_window("tutorial", lang, (800, 560))
    hud = board(app).hud
    rows = box_rows(hud.teams_box)
    assert not [r for r in rows if r.endswith(("—", "–", "·")) or r.startswith(("—", "–", "·", ":"))], rows
    assert sum("PR" in r for r in rows) == 2, rows
    if lang == "en":
        assert any(r.endswith("(Ember Lions):") for r in rows), rows  # the name, then its PR on the next row


def test_s51_the_sheets_title_keeps_the_teams_gloss_whole():
    app = scene_window("tutorial", "en", (800, 560))
    rows = box_rows(board(app).hud.sheet_box)
    assert rows[0].startswith("Oruk") and not rows[0].endswith("(Onyx"), rows
    assert any(r.endswith("(Onyx Vipers)") for r in rows[:2]), rows
    assert gloss_held("Les Vipères d'Onyx", "en") == "Les Vipères d'Onyx (Onyx\u00a0Vipers)"
    assert gloss_held("Les Vipères d'Onyx", "fr") == "Les Vipères d'Onyx"  # no gloss in French
    assert gloss_held("Bande à Oruk", "en") == "Bande à Oruk"  # nor for a name a player typed
