"""A lesson's panel gives its verdict ("Well done!", "Not this time") once the animation has
shown what met or lost the goal, as the match window's log and roster do
(`test_ui_results_in_step.py`): "Well done! Enter: next lesson" came in the frame of the push,
while the dice still rolled and Tarn stood beside the lava. The progress is saved at once."""

from __future__ import annotations

import pytest

from arena_game.i18n import t
from arena_game.learn.lessons import load_progress
from arena_game.ui.app import App
from arena_game.ui.screens.tutorial import LessonScreen
from tests.test_learn_ui import act
from tests.ui_driver import open_lesson

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _played(win: App, lesson: LessonScreen, action) -> None:
    lesson.apply(action)
    while lesson.anim.busy:
        win.run(frames=1)
    win.run(frames=1)


def _frames_while_busy(win: App, lesson: LessonScreen, words: str) -> tuple[int, int]:
    """(frames the animation played, of them the frames whose panel said `words`)."""
    busy = said = 0
    while lesson.anim.busy:
        busy += 1
        said += words in lesson.panel.html_text  # type: ignore[union-attr]
        win.run(frames=1)
    return busy, said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_well_done_shows_once_the_push_into_the_lava_is_drawn(tmp_path, lang):
    progress = tmp_path / "lessons.json"
    win, lesson = open_lesson("push", progress, lang)
    lesson.anim.speed = 1.0  # the window's own pace (headless windows play animations at once)
    _played(win, lesson, act(kind="walk", to=(7, 6)))
    lesson.apply(act(kind="push", target="tarn"))
    assert lesson.completed and load_progress(progress) == {"04-push-into-lava"}  # saved at once
    done = t("tutorial.success", lang, goal="").strip()
    busy, said = _frames_while_busy(win, lesson, done)
    assert busy > 30 and said == 0
    win.run(frames=1)
    assert done in lesson.panel.html_text  # type: ignore[union-attr]
    assert lesson.verdict_shown


def test_not_this_time_shows_once_the_tackle_is_drawn(tmp_path):
    win, lesson = open_lesson("tackle", tmp_path / "lessons.json")
    lesson.anim.speed = 1.0
    _played(win, lesson, act(kind="run_start", declared=[(4, 4), (5, 3), (6, 3)]))  # beside Oruk
    for sq in [(4, 4), (5, 3)]:
        _played(win, lesson, act(kind="run_step", to=sq))
    lesson.apply(act(kind="run_step", to=(6, 3)))
    assert lesson.failed
    busy, said = _frames_while_busy(win, lesson, "Not this time")
    assert busy > 10 and said == 0
    win.run(frames=1)
    assert "Not this time: what the lesson asked you to avoid happened" in lesson.panel.html_text  # type: ignore[union-attr]


def test_a_headless_lesson_without_animation_gives_its_verdict_at_once(tmp_path):
    win, lesson = open_lesson("push", tmp_path / "lessons.json")
    lesson.apply(act(kind="walk", to=(7, 6)))
    lesson.apply(act(kind="push", target="tarn"))
    assert lesson.completed and "Well done!" in lesson.panel_html()
