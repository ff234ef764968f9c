"""While the match-over bar is up, the status line under the board agrees with it (s47 review 3,
item 2): the bar's "OK Esc" goes back to the board, so the line must not say "Esc: quit", and
"New match N" is said by the bar and the action bar, not a third time by the line."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import press_key, top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _said_new_match(app, board, over, lang: str) -> int:
    """How many places on screen name the new match: the bar, the action bar, the status line."""
    new = t("ui.act_new", lang).lower()
    words = [b.text for b in over.buttons.values()] if over is not None else []
    words += [b.text for b in board.hud.buttons.values() if b.visible]
    words.append(board.hud.status_text)
    return sum(new in w.lower() for w in words)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_status_line_says_what_esc_does_while_the_match_over_bar_is_up(lang):
    app = scene_window("match-over", lang, (1280, 720))
    wait_while_building(app)
    over = top(app, MatchOverScreen)
    board = app.find(BoardScreen)
    assert over is not None and board is not None
    status = board.hud.status_text
    assert status == t("ui.over_bar_hint", lang)
    assert t("ui.over_hint", lang).split(" · ")[-1] not in status  # not "Esc: quit"
    assert _said_new_match(app, board, over, lang) == 2
    press_key(app, pygame.K_ESCAPE)  # the bar's OK: back to the board, where Esc quits
    assert app.find(MatchOverScreen) is None and app.running
    assert board.hud.status_text == t("ui.over_hint", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s58_the_status_line_names_the_bars_esc_from_the_frame_the_bar_shows_not_before(lang):
    """s58 audit (its frame 289): "Esc: see the board" was said two frames before the match-over
    bar it speaks of showed (while it was made, hidden): the line and the bar come together."""
    from dataclasses import replace

    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir
    from arena_game.ui.controller import MatchController
    from tools.window_screenshots import _board, _board_window

    sc = load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if "lava" in p.name))
    setup = sc.setup()  # the lava demo without Brakka: its first push ends the match
    teams = [team.model_copy(update={"fighters": [f for f in team.fighters if f.id != "brakka"]}) for team in setup.teams]
    setup = replace(setup, teams=teams, placements={k: v for k, v in setup.placements.items() if k != "brakka"},
                    turn_order=[k for k in setup.turn_order if k != "brakka"])
    app = _board_window(MatchController(setup), lang, (1280, 720))
    board = _board(app)
    board.apply(sc.actions[0])
    hint, seen = t("ui.over_bar_hint", lang), []
    for _ in range(600):
        app.step()
        over = app.find(MatchOverScreen)
        bar_shown = over is not None and over.panel is not None and bool(over.panel.visible)
        seen.append((bar_shown, board.hud.status_text == hint))
        if bar_shown:
            break
    assert seen[-1] == (True, True)
    assert all(said == shown for shown, said in seen)
