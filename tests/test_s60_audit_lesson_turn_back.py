"""s60 audit: a lesson's action again when the learner's turn comes back. A learner who ended the
turn (E) before acting (the others pass in a lesson) came back to Walk: in the teleport lesson
the panel said "teleport her onto the marked square" over a board lit for a walk ("Walk: click an
adjacent square…"). The lesson opens its goal's action again, as it does at its start."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import lesson_started, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize(("stem", "lang"), [("teleport", "en"), ("taunt", "fr"), ("circle", "en")])
def test_s60_the_lesson_s_action_is_offered_again_on_the_learner_s_next_turn(stem, lang, tmp_path):
    app, lesson = lesson_started(stem, tmp_path / "lessons.json", lang)
    opened = lesson.mode.name
    assert opened != "walk"  # the lesson opens its goal's action
    press_key(app, pygame.K_e)
    for _ in range(900):
        app.step()
        if not lesson.anim.busy and lesson.shown_state is None:
            break
    assert lesson.ctrl.state.active.id == lesson.lesson.goal.fighter and not lesson.completed
    assert lesson.mode.name == opened, (lesson.mode.name, lesson.hud.status_text)
