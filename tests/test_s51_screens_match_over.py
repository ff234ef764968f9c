"""The match-over summary in the side panel fits its box (s51 review, item 1): at 800×560 the
lava demo's summary scrolled in English, and a 3-against-3 match's scrolled below 1920×1080 in
both languages (a fighter a row, blank rows between the teams); "1 survivant sur" / "1" split a
count from its words. Each team is now three rows, its fighters in one " · " list the box breaks
between fighters, and the match-over bar is only as tall as its buttons, the summary grown down
to it."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import tn
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import board, open_app, top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _rows(box) -> list[str]:
    """The rows the text box laid its text out in, as they read (no-break spaces as spaces)."""
    return ["".join(getattr(chunk, "text", "") for chunk in row.items).replace("\u00a0", " ").strip()
            for row in box.text_box_layout.layout_rows]


def _summary_fits(app) -> None:
    b = board(app)
    over = top(app, MatchOverScreen)
    assert over is not None and over.panel is not None and over.panel.visible
    sheet = b.hud.sheet_box
    assert sheet.visible and sheet.scroll_bar is None, _rows(sheet)  # every row in sight, no scrolling
    assert sheet.text_box_layout.layout_rect.h <= sheet.rect.h
    assert sheet.rect.bottom <= over.panel.rect.top  # the bar under it, over nothing it says
    assert not over.panel.rect.colliderect(b.viewport)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_lava_demos_summary_fits_the_smallest_window(lang):
    app = scene_window("match-over", lang, (800, 560))
    wait_while_building(app)
    _summary_fits(app)
    words = " ".join(_rows(board(app).hud.sheet_box))
    assert "† Tarn" in words and "Oruk" in words


def _three_against_three(lang: str, size: tuple[int, int]):
    """The default teams' match ended: two Lions dead, the Vipers' PV down, their kills named."""
    ctrl = MatchController(setup_for_map("arene-classique", None, 11))
    state = ctrl.state
    lions, vipers = ([f for f in state.fighters.values() if f.team == t] for t in state.teams)
    for f in lions[:2]:
        f.alive, f.pv = False, 0
    vipers[0].pv, vipers[1].pv = 12, 5
    state.teams[vipers[0].team].kills += [(lions[0].id, 1), (lions[1].id, 2)]
    state.teams[vipers[0].team].pr = 12
    state.over, state.winner, state.round = True, vipers[0].team, 7
    app = open_app(ctrl, size=size, lang=lang)
    wait_while_building(app)
    return app, state


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_s51_a_three_against_three_summary_fits_and_keeps_each_count_with_its_words(lang, size):
    app, state = _three_against_three(lang, size)
    _summary_fits(app)
    rows = _rows(board(app).hud.sheet_box)
    for team in state.teams.values():
        fighters = [f for f in state.fighters.values() if f.team == team.id]
        alive = sum(f.alive for f in fighters)
        survivors = tn("ui.over_survivors", alive, lang, total=len(fighters)).replace("\u00a0", " ")
        assert any(survivors in row for row in rows), (survivors, rows)  # whole, on one row
    assert not any(row.startswith(("·", "—")) or row.endswith(("·", "—")) for row in rows), rows
    assert sum(row.count("†") for row in rows) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_at_800_by_560_no_summary_row_splits_a_survivor_count(lang):
    """In the smallest window no row of a 3-against-3 summary (14 rows' worth of words; since s52
    it fits, taking the log's top) parts a count from its words ("3" / "survivants sur 3")."""
    app, state = _three_against_three(lang, (800, 560))
    rows = _rows(board(app).hud.sheet_box)
    for team in state.teams.values():
        fighters = [f for f in state.fighters.values() if f.team == team.id]
        survivors = tn("ui.over_survivors", sum(f.alive for f in fighters), lang, total=len(fighters))
        assert any(survivors.replace("\u00a0", " ") in row for row in rows), (survivors, rows)


def test_s51_the_sheet_box_gets_its_size_back_when_the_bar_closes():
    app = scene_window("match-over", "en", (800, 560))
    wait_while_building(app)
    b = board(app)
    assert b.hud.sheet_box.rect.bottom > b.hud.teams_box.rect.top  # grown over the hidden teams box
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768)))
    app.run(frames=2)
    wait_while_building(app)
    _summary_fits(app)  # laid out again for the new size: the new sheet box grown down to the new bar
    assert b.hud.sheet_box.rect.bottom > b.hud.teams_box.rect.top
    top(app, MatchOverScreen).close()
    app.run(frames=2)
    assert b.hud.sheet_box.rect.bottom == b.hud.teams_box.rect.top and b.hud.teams_box.visible
