"""s50 window2: at 1366×768 in English the teams box (a line a team) wrapped "Les Lions de
Braise (Ember Lions) — 0 PR (renown) · 3/3" on two lines and hid the other team under a scroll
bar. A team's line that wraps makes the box two lines a team, the log under it shorter; and it
wraps before its PR, not before "3/3" (a row ended with a lone "·")."""

from __future__ import annotations

import pytest

from arena_game.ui.controller import MatchController, setup_for_map
from tests.ui_driver import board, open_app


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_every_team_shows_in_the_teams_box_without_scrolling(lang, size):
    app = open_app(MatchController(setup_for_map("arene-classique", None, 7)), size=size, lang=lang)
    hud = board(app).hud
    app.run(frames=2)
    assert hud.teams_box.scroll_bar is None, hud.teams_box.html_text
    assert hud.teams_box.rect.bottom <= hud.log_box.rect.top  # the log starts under it
    assert hud.log_box.rect.bottom == hud.log_rect.bottom and hud.log_box.rect.top == hud.log_rect.top


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_a_teams_line_wraps_before_its_pr_not_at_its_dot(lang):
    app = open_app(MatchController(setup_for_map("arene-classique", None, 7)), size=(1366, 768), lang=lang)
    box = board(app).hud.teams_box
    app.run(frames=2)
    assert box.text_box_layout is not None
    rows = ["".join(getattr(ch, "text", "") or "" for ch in row.items).strip() for row in box.text_box_layout.layout_rows]
    assert sum("PR" in r for r in rows) == 2, rows
    assert not [r for r in rows if r.endswith("·") or r.startswith("·")], rows
