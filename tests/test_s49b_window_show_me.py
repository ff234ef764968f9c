"""A lesson's "Show me" (M) plays the worked solution by itself: while it plays, the window
offered the learner's controls as if it were their turn — the status line said "Click the next
square, or Enter to stop (R4.5)", the "Stop the run — Enter" button showed, the action bar was
live — yet Enter did nothing and a click on the square played a step of the learner's own in
the middle of the solution. Now the status line says the solution is playing (R to try it,
Esc for the list), the mode's choices are not offered, the actions are greyed with that
reason, and a click on the board waits for the solution to end."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.render.glyphs import drawable
from arena_game.ui.hud import ACTION_BUTTONS
from tests.ui_driver import click_square, lesson_mid_run, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")



@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49b_while_the_solution_plays_the_status_line_says_so_and_offers_no_choice(tmp_path, lang):
    app, lesson = lesson_mid_run(tmp_path / "progress.json", lang)
    app.run(frames=2)
    assert lesson.hud.status_shown == drawable(t("tutorial.watching", lang))
    assert lesson.hud.choice_buttons == {}  # no "Stop the run — Enter" to press
    reason = t("tutorial.watching_greyed", lang)
    live = [bid for bid, *_ in ACTION_BUTTONS if bid not in ("fit", "rules", "new")
            and getattr(lesson.hud.buttons.get(bid), "refusal", None) != reason]
    assert live == [], live


def test_s49b_a_click_on_the_board_does_not_play_into_the_solution(tmp_path):
    app, lesson = lesson_mid_run(tmp_path / "progress.json", "en")
    lesson.next_show_ms = 10**12  # the solution waits: only the click could move the runner now
    nxt = next(h.square for h in lesson.current_highlights() if h.kind == "move")
    before = len(lesson.ctrl.log)
    click_square(app, nxt)
    press_key(app, pygame.K_RETURN)
    assert len(lesson.ctrl.log) == before
    lesson.next_show_ms = app.time_ms  # the solution goes on, and ends with the lesson done
    for _ in range(1200):
        app.step()
        if lesson.completed and lesson.verdict_shown:
            break
    assert lesson.completed and not lesson.pending
    assert lesson.hud.status_shown == drawable(t("tutorial.success_keys", "en"))


def test_s49b_after_the_solution_the_learner_plays_again_with_r(tmp_path):
    app, lesson = lesson_mid_run(tmp_path / "progress.json", "en")
    press_key(app, pygame.K_r)  # try it yourself
    assert not lesson.pending
    assert lesson.hud.status_shown != drawable(t("tutorial.watching", "en"))
    live = [bid for bid, *_ in ACTION_BUTTONS if getattr(lesson.hud.buttons.get(bid), "refusal", None) is None]
    assert "run" in live
