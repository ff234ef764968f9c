"""A lesson opens in the mode its goal needs, and its header names its number once (s47
review4, item 13: the push lesson opened in Walk, "Walk 1" lit and a walk hint under the
board, while its goal is a push; review3, item 10: "4. Poussée (push) 4/8")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena_game.learn.lessons import LessonRun, shipped_lessons
from tests.ui_driver import open_lesson

# the lesson → the mode its goal's action is picked with (the worked solution's last action)
OPENING = {"walk-and-diagonals": "walk", "02-run": "run", "tackle": "run", "push-into-lava": "push",
           "teleport": "teleport", "taunt-and-pr": "taunt", "circle-attack": "circle",
           "mana-at-zero": "walk"}  # its goal is an attack, out of reach at first: the board's walk stays


def test_a_lessons_goal_kind_is_the_action_of_its_solution_that_meets_it() -> None:
    kinds = {lesson.id: LessonRun(lesson, pass_now=False).goal_kind() for lesson in shipped_lessons()}
    assert kinds["04-push-into-lava"] == "push"  # its solution walks first: the push meets the goal
    assert kinds["02-run"] == "run_step" and kinds["07-circle-attack"] == "circle_attack"
    assert kinds["08-mana-at-zero"] == "attack"
    assert None not in kinds.values()


@pytest.mark.parametrize("stem", sorted(OPENING))
def test_a_lesson_opens_in_the_mode_of_its_goal(stem: str, tmp_path: Path) -> None:
    win, lesson = open_lesson(stem, tmp_path / "lessons.json")
    win.run(frames=2)
    assert lesson.mode.name == OPENING[stem]
    lesson.restart()  # R: the lesson again, in that mode again
    assert lesson.mode.name == OPENING[stem]


def test_the_lesson_header_names_its_number_once(tmp_path: Path) -> None:
    win, lesson = open_lesson("push", tmp_path / "lessons.json", lang="fr")
    header = re.sub(r"<[^>]+>", "", lesson.panel_html().split("<br>")[0])  # the words shown
    assert header.startswith("Poussée  4/8 ") and header.count("4") == 1
