"""Lessons (scenarios/lessons): each is completed by its scripted solution, its goal is
detected by the core's events and state, and a wrong play does not complete it."""

import json

import pytest

from arena_game.core.actions import ACTION_ADAPTER
from arena_game.core.errors import IllegalAction
from arena_game.formats.problems import FileProblem
from arena_game.i18n import LANGS, has
from arena_game.learn.lessons import (
    LessonRun,
    lessons_dir,
    load_lesson,
    load_progress,
    mark_completed,
    ordered_files,
    save_progress,
    shipped_lessons,
    text_of,
)

LESSONS = shipped_lessons()
FAMILIES = ["walk-and-diagonals", "run", "tackle", "push-into-lava", "teleport", "taunt-and-pr", "circle-attack", "mana-at-zero"]


def act(**fields):
    return ACTION_ADAPTER.validate_python(fields)


def test_one_lesson_per_rule_family_in_order():
    assert [lesson.id.split("-", 1)[1] for lesson in LESSONS] == FAMILIES
    assert [p.stem for p in ordered_files(lessons_dir())] == [lesson.id for lesson in LESSONS]


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_scripted_solution_completes_the_lesson_and_only_at_its_last_action(lesson):
    run = LessonRun(lesson)
    assert not run.done
    solution = run.solution()
    for i, action in enumerate(solution):
        assert not run.done, f"goal met early, before action {i}"
        run.apply(action, auto_pass=False)
    assert run.done and not run.lost


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_lesson_text_is_in_the_catalog(lesson):
    keys = [lesson.scenario.spec.caption["key"], lesson.goal.text, *lesson.goal.hints]
    assert len(lesson.goal.hints) >= 2
    for key in keys:
        assert isinstance(key, str) and all(has(key, lang) for lang in LANGS), key


def _lesson(stem):
    return next(x for x in LESSONS if stem in x.id)


def test_r2_2_walk_lesson_played_by_the_learner_alone_the_others_pass():
    run = LessonRun(_lesson("walk-and-diagonals"))
    with pytest.raises(IllegalAction, match=r"R13: \(5, 2\) is a wall"):
        run.apply(act(kind="walk", to=(5, 2)))
    for sq in [(5, 1), (6, 1)]:
        run.apply(act(kind="walk", to=sq))
        run.apply(act(kind="end_turn"))  # Oruk passes on his own
        assert run.state.active.id == "tarn"
    with pytest.raises(IllegalAction, match=r"R2.2: diagonal step blocked by the wall at \(6, 2\)"):
        run.apply(act(kind="walk", to=(7, 2)))  # across the wall block's corner
    for sq in [(7, 1), (7, 2)]:
        run.apply(act(kind="walk", to=sq))
        run.apply(act(kind="end_turn"))
    assert not run.done
    run.apply(act(kind="walk", to=(7, 3)))
    assert run.done


def test_r4_run_lesson_walking_there_does_not_count():
    lesson = _lesson("02-run")
    run = LessonRun(lesson)
    for x in range(2, 7):
        run.apply(act(kind="walk", to=(x, 3)))
        run.apply(act(kind="end_turn"))
    assert run.state.fighters["tarn"].position == (6, 3)
    assert not run.done  # reached, but by walking: the goal asks for a run


def test_r4_7_tackle_lesson_a_run_beside_oruk_loses_it():
    run = LessonRun(_lesson("tackle"))
    run.apply(act(kind="run_start", declared=[(4, 4), (5, 3), (6, 3)]))  # 14 → 5 squares; beside Oruk
    for sq in [(4, 4), (5, 3), (6, 3)]:
        run.apply(act(kind="run_step", to=sq))
    assert any(e.type == "tackle_checked" for e in run.events)
    assert run.lost and not run.done
    assert run.why_lost() == "tutorial.failed_avoid"


def test_r5_push_lesson_a_diagonal_push_is_stopped_by_the_lava_corner():
    run = LessonRun(_lesson("push-into-lava"))
    run.apply(act(kind="push", target="tarn"))  # from (7, 7): diagonal, R2.2 stops it (R5.3)
    assert run.state.fighters["tarn"].alive
    assert not run.done


def test_r6_teleport_lesson_a_walk_away_is_not_a_teleport():
    run = LessonRun(_lesson("teleport"))
    with pytest.raises(IllegalAction, match="R6.1"):
        run.apply(act(kind="teleport", to=(12, 10), means="potion"))  # this Sielle has no potion
    with pytest.raises(IllegalAction, match="R6.2"):
        run.apply(act(kind="teleport", to=(18, 12), means="spell"))  # beyond Magie squares
    assert not run.done


def test_r7_1_taunt_lesson_the_advantaged_taunt_is_refused_with_its_rule():
    run = LessonRun(_lesson("taunt"))
    with pytest.raises(IllegalAction) as e:
        run.apply(act(kind="taunt", style="advantaged"))
    assert e.value.rule == "R7.1"
    assert not run.done
    run.apply(act(kind="taunt", style="simple"))
    assert run.done


def test_r8_circle_lesson_a_plain_attack_does_not_complete_it():
    run = LessonRun(_lesson("circle"))
    run.apply(act(kind="attack", target="kael"))
    assert not run.done


def test_r10_mana_lesson_starts_after_the_faint_and_ending_the_turn_does_not_complete_it():
    lesson = _lesson("mana")
    run = LessonRun(lesson)
    assert [e.type for e in run.setup_events if e.type == "fainted"] == ["fainted"]
    assert run.state.active.id == "oruk" and run.state.fighters["sielle"].asleep_turns > 0
    run.apply(act(kind="end_turn"))
    assert not run.done and run.state.active.id == "oruk"


def test_goal_texts_resolve_from_catalog_keys_or_inline():
    assert text_of("lesson.push_goal", "en") == "Push the red fighter, Tarn, into the lava."
    assert text_of({"key": "lesson.push_goal"}, "fr").startswith("Poussez")
    assert text_of({"fr": "Bonjour", "en": "Hello"}, "en") == "Hello"
    assert text_of({"fr": "Bonjour"}, "en") == "Bonjour"
    assert text_of("Plain text of a game master", "en") == "Plain text of a game master"


def test_a_lesson_file_without_goal_or_with_an_unknown_fighter_is_one_clear_line(tmp_path):
    src = (lessons_dir() / "06-taunt-and-pr.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('fighter = "kael"', 'fighter = "zorro"', 1), encoding="utf-8")
    with pytest.raises(FileProblem, match="unknown fighter 'zorro'"):
        load_lesson(bad)
    start, end = src.index("[goal]"), src.index("[placements]")
    bad.write_text(src[:start] + src[end:], encoding="utf-8")
    with pytest.raises(FileProblem, match=r"a lesson needs a \[goal\] table"):
        load_lesson(bad)


def test_progress_saved_atomically_and_replay_keeps_it(tmp_path):
    path = tmp_path / "sub" / "lessons.json"
    assert load_progress(path) == set()
    assert mark_completed("02-run", path) == {"02-run"}
    assert mark_completed("02-run", path) == {"02-run"}  # replayed
    assert mark_completed("01-walk-and-diagonals", path) == {"01-walk-and-diagonals", "02-run"}
    assert json.loads(path.read_text()) == {"completed": ["01-walk-and-diagonals", "02-run"]}
    assert [p.name for p in path.parent.iterdir()] == ["lessons.json"]  # no temporary file left
    path.write_text("{not json")
    assert load_progress(path) == set()
    save_progress({"03-tackle"}, path)
    assert load_progress(path) == {"03-tackle"}


@pytest.mark.parametrize("damaged", ['{"completed": ["01-walk-and-diagonals", "02-r', '{"completed": "02-run"}',
                                     '{"completed": ["02-run"], "notes": "mine"}', "\x00\x01"])
def test_s50_completing_a_lesson_sets_a_damaged_progress_file_aside(tmp_path, damaged):
    # A progress file cut short or edited by hand read as "no progress", and the next lesson
    # completed overwrote it: what it held was lost (s50). It is now moved beside itself.
    path = tmp_path / "lessons.json"
    path.write_text(damaged, encoding="utf-8")
    assert mark_completed("03-tackle", path) == {"03-tackle"} | load_progress(tmp_path / "lessons.damaged.json")
    assert (tmp_path / "lessons.damaged.json").read_text(encoding="utf-8") == damaged
    assert json.loads(path.read_text()) == {"completed": sorted(mark_completed("03-tackle", path))}
    path.write_text(damaged, encoding="utf-8")  # damaged again: the first copy set aside is kept too
    mark_completed("04-push-into-lava", path)
    assert (tmp_path / "lessons.damaged-2.json").read_text(encoding="utf-8") == damaged
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lessons.damaged-2.json", "lessons.damaged.json", "lessons.json"]


def test_s50_a_sound_progress_file_is_not_set_aside(tmp_path):
    path = tmp_path / "lessons.json"
    save_progress({"01-walk-and-diagonals"}, path)
    assert mark_completed("02-run", path) == {"01-walk-and-diagonals", "02-run"}
    assert [p.name for p in tmp_path.iterdir()] == ["lessons.json"]
