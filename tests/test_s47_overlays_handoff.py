"""The hand-off curtain's "Last turn of …" holds the lines of that team's turns only (s46
review, item 15: the first curtain began with "Match on …" and "Turn order: …", the match's
setup, which is no one's turn)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.events import (
    MatchStarted,
    ModifierExpired,
    Moved,
    TurnEnded,
    TurnOrderSet,
    TurnStarted,
)
from arena_game.i18n.narration import describe
from arena_game.ui.screens.handoff import HandoffScreen, last_turn_start, turn_events
from tests.ui_driver import board, open_app, press_key, top, ui_match
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

TEAMS = {"a": "red", "b": "blue", "c": "red"}


def test_turn_events_leave_out_the_matchs_setup_and_the_incoming_teams_turns():
    walk = Moved(fighter="a", path=[(0, 0), (1, 0)], mode="walk")
    log = [MatchStarted(map="m", fighters=["a", "b", "c"]), TurnOrderSet(order=["a", "b", "c"], rolled=True),
           TurnStarted(fighter="a", round=1), walk, TurnEnded(fighter="a"),
           TurnStarted(fighter="b", round=1), ModifierExpired(fighter="b", source="tackle")]
    assert turn_events(log, 0, TEAMS, "blue") == [walk, TurnEnded(fighter="a")]
    # the next curtain, for red: from the mark the last one left (inside b's turn) to c's start
    mark = len(log)
    log += [TurnEnded(fighter="b"), TurnStarted(fighter="c", round=1)]
    assert turn_events(log, mark, TEAMS, "red") == [TurnEnded(fighter="b")]
    assert turn_events(log, 6, TEAMS, "red") == [ModifierExpired(fighter="b", source="tackle"), TurnEnded(fighter="b")]


def test_each_curtain_sums_up_only_the_other_teams_last_turn():
    ctrl = ui_match("......\n......\n......", {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl, handoff=True, lang="en")
    names = ctrl.names()
    press_key(app, pygame.K_e)
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    assert curtain.summary == [describe(TurnEnded(fighter="a"), names, "en").strip()]
    press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_e)
    curtain = top(app, HandoffScreen)
    assert curtain is not None and ctrl.state.teams["blue"].name in curtain.summary_title
    assert curtain.summary == [describe(TurnEnded(fighter="b"), names, "en").strip()]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_first_curtain_starts_with_the_turns_declaration_not_the_matchs_setup(lang):
    app = scene_window("handoff", lang, (1280, 720))
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    ctrl = board(app).ctrl
    setup = [describe(e, ctrl.names(), lang).strip() for e in ctrl.log if isinstance(e, (MatchStarted, TurnOrderSet))]
    assert len(setup) == 2 and not set(setup) & set(curtain.summary)
    assert curtain.summary[0].startswith({"en": "Tarn declares a Course (run)", "fr": "Tarn annonce sa Course"}[lang])


def test_last_turn_start_is_where_the_turn_under_way_began():
    log = [MatchStarted(map="m", fighters=["a", "b"]), TurnOrderSet(order=["a", "b"], rolled=True),
           TurnStarted(fighter="a", round=1), TurnEnded(fighter="a"), TurnStarted(fighter="b", round=1),
           Moved(fighter="b", path=[(0, 0), (1, 0)], mode="walk")]
    assert last_turn_start(log) == 4 and last_turn_start(log[:2]) == 0


def test_a_new_matchs_first_curtain_sums_up_its_own_first_turn_not_the_last_matchs():
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (4, 2)}}
    app = open_app(ui_match("......\n......\n......", fighters), handoff=True, lang="en")
    for _ in range(3):  # three turns and their curtains: the last match's log is long
        press_key(app, pygame.K_e)
        press_key(app, pygame.K_RETURN)
    ctrl = ui_match("......\n......\n......", fighters)
    board(app).set_match(ctrl)
    app.run(frames=3)
    press_key(app, pygame.K_e)
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    assert curtain.summary == [describe(TurnEnded(fighter="a"), ctrl.names(), "en").strip()]
