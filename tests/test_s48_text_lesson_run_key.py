"""A lesson at 1280 wide: the run's key shared its row with "Stop the Course (run), R4.5 — Enter"
and dropped to 11 px on two cramped rows. It now leaves out an item's parenthetical first and
keeps its normal size on one row. And once a lesson is done, its keys are said once, not in the
lesson panel and again in the status line."""

from __future__ import annotations

import re

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui import board_view
from arena_game.ui.board_view import LEGEND_SHORT, _legend, legend, legend_size
from arena_game.ui.screens.board_draw import area_lightened, shown_highlights, shown_kinds
from tests.ui_driver import open_lesson, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lessons_run_key_beside_the_stop_button_keeps_its_size_on_one_row(tmp_path, lang):
    app, lesson = open_lesson("tackle", tmp_path / "progress.json", lang)
    app.run(frames=3)
    press_key(app, pygame.K_m, frames=2)  # "show me": the lesson's run, step by step
    seen = 0
    for _ in range(300):
        app.run(frames=2)
        if lesson.completed:
            break
        if lesson.mode.name != "run_go" or lesson.legend_rect is None:
            continue
        row = lesson.hud.key_rect
        room = lesson.hud.choices_left - row.left - 10  # left of the stop button, as the board draws it
        hl = shown_highlights(lesson)
        kinds = shown_kinds(lesson, hl, lesson.version)
        height = row.h - 6
        key = legend("run_go", lang, height, room, kinds, light=area_lightened(hl))
        normal = [_legend("run_go", lang, height, legend_size(height), kinds, area_lightened(hl), short)
                  for short in (False, True)]
        assert key is not None and any(key is box for box in normal), "the key narrowed or on two rows"
        assert key.get_width() <= room and lesson.legend_rect.w == key.get_width()
        seen += 1
    assert lesson.completed and seen >= 3  # the run's steps were looked at


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_key_too_wide_at_its_size_takes_its_short_words_before_a_smaller_font(lang):
    pygame.font.init()
    kinds = board_view.legend_kinds("run_go")
    height = 28
    size = legend_size(height)
    full = _legend("run_go", lang, height, size, kinds, False, False)
    short = _legend("run_go", lang, height, size, kinds, False, True)
    assert full is not None and short is not None and short.get_width() < full.get_width()
    assert legend("run_go", lang, height, full.get_width() - 1, kinds) is short
    assert legend("run_go", lang, height, full.get_width(), kinds) is full  # room enough: every word


def test_the_short_words_of_a_key_are_its_words_without_their_parenthetical():
    for lang in ("en", "fr"):
        for key, short in LEGEND_SHORT.items():
            whole = t(f"ui.{key}", lang)
            assert re.sub(r"\s*\([^)]*\)$", "", whole) == t(f"ui.{short}", lang), (lang, key)


def test_the_french_reach_key_says_a_number_of_steps():
    """"(chiffre : pas pour y arriver)" read as "not to get there"."""
    words = t("ui.legend_reach", "fr")
    assert "nombre de pas" in words and "chiffre" not in words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_done_lesson_says_well_done_and_its_keys_once(tmp_path, lang):
    app, lesson = open_lesson("tackle", tmp_path / "progress.json", lang)
    app.run(frames=3)
    press_key(app, pygame.K_m, frames=2)
    for _ in range(300):
        app.run(frames=5)
        if lesson.verdict_shown:
            break
    app.run(frames=5)
    assert lesson.completed and lesson.verdict_shown
    keys = t("tutorial.success_keys", lang)
    well_done = t("tutorial.success", lang, goal="").strip()
    panel = lesson.panel.text_box_layout.plain_text if lesson.panel.text_box_layout is not None else ""
    status = lesson.hud._status[0]
    said = panel + "\n" + status
    assert said.count(well_done) == 1, said
    assert said.count(keys) == 1, said
    assert status == keys  # what comes next: in the status line, where it stays after a greyed button
