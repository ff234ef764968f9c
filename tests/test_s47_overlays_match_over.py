"""The match-over bar leaves the final position whole in sight and says who won nowhere the
side panel already does (s46 review, item 5: a centred dialog covered board rows 7–13 and
named the winner a third time, after the side panel and the log). Its buttons sit in the
side panel, under the match's summary, over the teams box that summary repeats."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.match_over import MatchOverScreen, bar_buttons
from tests.ui_driver import click_button, top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _over(lang: str, size: tuple[int, int]):
    app = scene_window("match-over", lang, size)
    over = top(app, MatchOverScreen)
    assert over is not None
    wait_while_building(app)
    assert over.panel is not None and over.panel.visible
    return app, app.find(BoardScreen), over


def _words_shown(app, board) -> list[str]:
    """The words of every widget shown, but the log's (the match's record: it keeps its line)."""
    out = []
    for el in app.manager.get_sprite_group().sprites():
        if el is board.hud.log_box or not getattr(el, "visible", False):
            continue
        words = getattr(el, "html_text", None) or getattr(el, "text", None)
        if isinstance(words, str):
            out.append(words)
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), MIN_SIZE, (1080, 1920)])
def test_the_match_over_bar_leaves_the_whole_board_in_sight(lang, size):
    app, board, over = _over(lang, size)
    assert not over.panel.rect.colliderect(board.viewport), (over.panel.rect, board.viewport)
    assert app.screen.get_rect().contains(over.panel.rect)
    app.draw()
    with_bar = app.screen.subsurface(board.viewport).copy()
    click_button(app, over.buttons["close"])
    assert app.find(MatchOverScreen) is None
    app.draw()
    without = app.screen.subsurface(board.viewport)
    changed = sum(with_bar.get_at((x, y)) != without.get_at((x, y))
                  for x in range(0, board.viewport.w, 7) for y in range(0, board.viewport.h, 7))
    assert changed == 0  # the bar hid nothing of the board: closing it shows no new pixel there


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_winner_is_said_once_on_screen_besides_the_log(lang):
    app, board, over = _over(lang, (1280, 720))
    state = board.ctrl.state
    winner = t("ui.over_winner", lang, team=state.teams[state.winner].name)
    # compared with the no-break spaces as spaces: the winner's gloss is held whole (s51)
    shown = [words.replace("\u00a0", " ") for words in _words_shown(app, board)]
    assert sum(words.count(winner) for words in shown) == 1, shown
    assert any(winner in words for words in shown if words == board.hud.sheet_box.html_text.replace("\u00a0", " "))
    bar_words = [b.text for b in over.buttons.values()]
    assert bar_words == [t("ui.act_new", lang) + "  N", t("ui.ok", lang) + ("  Esc" if lang == "en" else "  Échap")]


def test_the_teams_box_under_the_bar_is_hidden_then_back_once_the_bar_closes():
    app, board, over = _over("en", (1920, 1080))
    assert board.hud.teams_box.rect.colliderect(over.panel.rect) and not board.hud.teams_box.visible
    click_button(app, over.buttons["close"])
    assert board.hud.teams_box.visible


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), MIN_SIZE])
def test_the_bars_buttons_hold_their_labels_whole_inside_the_bar(lang, size):
    app, board, over = _over(lang, size)
    new, close = over.buttons["new"].rect, over.buttons["close"].rect
    assert not new.colliderect(close)
    for b in over.buttons.values():
        assert over.panel.rect.contains(b.rect)
        assert b.font.size(b.text)[0] + 12 <= b.rect.w, (b.text, b.rect)


def test_the_buttons_go_one_above_the_other_when_a_label_is_too_wide_for_half_the_bar():
    side = bar_buttons((380, 64), 1.0, 120)
    assert side[0].top == side[1].top and side[0].right < side[1].left
    stacked = bar_buttons((266, 78), 0.8, 124)
    assert stacked[0].left == stacked[1].left and stacked[0].bottom < stacked[1].top
    assert all(pygame.Rect(0, 0, 262, 74).contains(r) for r in stacked)
