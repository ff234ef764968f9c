"""Headless: the demo plays every step, GIFs are written frame by frame at the right size,
the tutorial window completes a lesson, explains refusals, saves progress, lists lessons."""

from pathlib import Path

import pygame
import pytest
from PIL import Image

from arena_game.cli import main
from arena_game.core.actions import ACTION_ADAPTER
from arena_game.learn.lessons import (
    demo_dir,
    load_progress,
    mark_completed,
    ordered_files,
    shipped_lessons,
)
from arena_game.ui.screens.demo import run_demo
from arena_game.ui.screens.tutorial import LessonPickerScreen, LessonScreen, tutorial_window
from arena_game.ui.showcase import Film, Timing, wrap
from tests.builders import demo_steps
from tests.ui_driver import open_lesson, wait_while_building

SHOTS = Path("/tmp/arena-shots/learn")
DEMO = demo_steps()
FAMILIES = ["walk-and-diagonals", "run", "tackle", "push-into-lava", "teleport", "taunt-and-pr", "circle-attack", "mana-at-zero"]


def act(**fields):
    return ACTION_ADAPTER.validate_python(fields)


def test_demo_steps_cover_every_rule_family_in_order_on_shipped_maps():
    assert [p.stem.split("-", 1)[1] for p in ordered_files(demo_dir())] == FAMILIES
    assert all(isinstance(sc.spec.map, str) for sc in DEMO)  # real shipped maps, not inline grids
    assert all(sc.spec.caption.get("key", "").startswith("demo.") for sc in DEMO)


def test_demo_runs_headless_through_every_step_once():
    quick = Timing(opening=0.1, after_action=0.1, refusal=0.1, closing=0.1)
    shown = 0
    for n, sc in enumerate(DEMO, start=1):
        frames = list(Film(sc, "fr", (640, 480), fps=5, step=(n, len(DEMO)), timing=quick).frames())
        assert len(frames) > len(sc.actions)
        shown += len(frames)
    assert shown > 8 * 5


def test_demo_window_stops_on_a_key(monkeypatch):
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    shown = run_demo(DEMO[:1], "en", size=(640, 480), realtime=False)
    assert shown == 0  # the very first window frame saw the key (it made the film's board picture)


def test_demo_command_once_headless():
    assert main(["demo", "--once", "--lang", "en", "--size", "800x560"]) == 0


def test_caption_wraps_and_fits():
    pygame.font.init()
    from arena_game.ui.board_view import font

    f = font(30, bold=True)
    lines = wrap("Poussée : jet opposé Physique + Corps à corps ; le perdant recule d'une case", f, 400)
    assert len(lines) > 1 and all(f.size(x)[0] <= 400 for x in lines)


def test_scenario_gif_has_many_frames_of_the_asked_size(tmp_path, capsys):
    out = tmp_path / "push.gif"
    assert main(["scenario", "scenarios/demo/04-push-into-lava.toml", "--gif", str(out), "--size", "800x600", "--lang", "en"]) == 0
    im = Image.open(out)
    assert im.format == "GIF" and im.size == (800, 600)
    assert im.n_frames > 5
    durations = []
    for i in (0, im.n_frames // 2, im.n_frames - 1):
        im.seek(i)
        durations.append(im.info["duration"])
        frame = im.convert("RGB")
        SHOTS.mkdir(parents=True, exist_ok=True)
        frame.save(SHOTS / f"gif-push-{i}.png")
    assert all(d >= 100 for d in durations)
    first = Image.open(out).convert("RGB")
    band = first.crop((0, 600 - 110, 800, 600))  # the caption band: white text on near-black
    colours = band.getcolors(maxcolors=100_000)
    dark = sum(n for n, c in colours if max(c) < 30)
    bright = sum(n for n, c in colours if min(c) > 225)
    assert dark > band.width * band.height * 0.6 and bright > 2000
    assert "frames, 800×600 px" in capsys.readouterr().out


def test_demo_gif_dir_writes_one_gif_per_step(tmp_path):
    steps = tmp_path / "steps"
    steps.mkdir()
    for p in ordered_files(demo_dir())[:2]:
        (steps / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["demo", "--steps", str(steps), "--gif-dir", str(tmp_path / "gifs"), "--size", "480x360"]) == 0
    gifs = sorted((tmp_path / "gifs").glob("*.gif"))
    assert [g.stem for g in gifs] == ["01-walk-and-diagonals", "02-run"]
    assert all(Image.open(g).size == (480, 360) and Image.open(g).n_frames > 1 for g in gifs)


def test_a_demo_folder_without_steps_is_one_clear_line(tmp_path, capsys):
    assert main(["demo", "--steps", str(tmp_path), "--once"]) == 2
    assert "no demo step" in capsys.readouterr().err


# -- tutorial ---------------------------------------------------------------------------------

LESSONS = shipped_lessons()


@pytest.fixture
def progress(tmp_path):
    return tmp_path / "lessons.json"




def test_tutorial_push_lesson_refusal_explained_then_completed_and_saved(progress):
    win, lesson = open_lesson("push", progress)
    win.run(frames=2)
    lesson.apply(act(kind="walk", to=(6, 5)))
    assert lesson.refusal == "Refused: Oruk's walk — R2.1: (6, 5) is not adjacent to (7, 7)"  # as the log words it
    assert "<a href='rule:R2.1'>R2.1</a>:" in lesson.panel_html()  # the rule is a link
    win.screenshot(SHOTS / "lesson-refused.png")
    lesson.apply(act(kind="walk", to=(7, 6)))
    assert not lesson.completed
    lesson.apply(act(kind="push", target="tarn"))
    assert lesson.completed
    assert load_progress(progress) == {"04-push-into-lava"}
    win.run(frames=2)
    win.screenshot(SHOTS / "lesson-done.png")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    win.run(frames=2)
    nxt = win.top  # the next lesson, in the same window, made over this one
    assert isinstance(nxt, LessonScreen) and nxt.building and lesson in win.stack and win.stack[-2] is lesson
    wait_while_building(win)
    assert nxt.number == lesson.number + 1 and lesson not in win.stack and nxt.opaque


def test_tutorial_walk_lesson_others_pass_and_the_goal_square_is_marked(progress):
    win, lesson = open_lesson("walk", progress, lang="fr")
    goal = [h for h in lesson.current_highlights() if h.square == (7, 3)]
    assert goal and goal[0].kind == "goal"  # its own look: a push's landing is another thing
    from arena_game.ui.board_view import legend_kinds

    assert "goal" in legend_kinds(lesson.mode.name)  # and its own item in the key under the board
    for sq in [(5, 1), (6, 1), (7, 1), (7, 2)]:
        lesson.apply(act(kind="walk", to=sq))
        lesson.apply(act(kind="end_turn"))
        assert lesson.ctrl.state.active.id == "tarn"
    lesson.apply(act(kind="walk", to=(7, 3)))
    assert lesson.completed and "01-walk-and-diagonals" in load_progress(progress)


def test_tutorial_wrong_play_does_not_complete_and_a_lost_lesson_says_why(progress):
    win, lesson = open_lesson("tackle", progress)
    lesson.apply(act(kind="run_start", declared=[(4, 4), (5, 3), (6, 3)]))  # beside Oruk
    for sq in [(4, 4), (5, 3), (6, 3)]:
        lesson.apply(act(kind="run_step", to=sq))
    assert lesson.failed and not lesson.completed
    assert "Not this time: what the lesson asked you to avoid happened" in lesson.panel_html()
    assert load_progress(progress) == set()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    win.run(frames=2)
    assert not lesson.failed and lesson.ctrl.state.fighters["tarn"].position == (3, 4)


def test_tutorial_hint_and_show_me(progress):
    win, lesson = open_lesson("taunt", progress, lang="fr")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    win.run(frames=2)
    assert "Indice : La Provocation avantagée" in lesson.panel_html()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    win.run(frames=120)  # the solution plays at its own pace
    assert lesson.completed
    win.screenshot(SHOTS / "lesson-show-me.png")


def test_lesson_picker_marks_completed_lessons_and_picks_by_number(progress):
    mark_completed("02-run", progress)
    win = tutorial_window(LESSONS, "en", progress, realtime=False)
    picker = win.top
    assert isinstance(picker, LessonPickerScreen) and len(picker.buttons) == 8
    assert picker.buttons[1].text.endswith("— completed") and "completed" not in picker.buttons[0].text
    win.screenshot(SHOTS / "picker.png")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    win.run(frames=5)
    assert isinstance(win.top, LessonScreen) and win.top.number == 3
    for _ in range(2):  # the first Esc puts the walk down, the second leaves the lesson
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        win.run(frames=2)
    assert win.top is picker and len(picker.buttons) == 8  # back to the list, built again


def test_tutorial_command_bad_lesson_folder_is_one_clear_line(tmp_path, capsys):
    assert main(["tutorial", "--lessons", str(tmp_path)]) == 2
    assert "no lesson" in capsys.readouterr().err
    (tmp_path / "01-x.toml").write_text((demo_dir() / "02-run.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["tutorial", "--lessons", str(tmp_path)]) == 2  # a demo step has no [goal]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "01-x.toml" in err and "a lesson needs a [goal] table" in err


@pytest.mark.parametrize("lang, sep", [("fr", " : "), ("en", ": ")])
def test_demo_refusal_line_comes_from_the_catalog_with_the_language_colon(lang, sep):
    """R2.2 refused in the demo's first step: French puts a space before the colon."""
    quick = Timing(opening=0.1, after_action=0.1, refusal=0.1, closing=0.1)
    film = Film(DEMO[0], lang, (1280, 800), fps=5, step=(1, len(DEMO)), timing=quick)
    for _ in film.frames():
        pass
    refused = [line for line, bad in film.log if bad]
    assert len(refused) == 1
    head = "Refusé à Tarn : marche — R2.2 : " if lang == "fr" else "Refused: Tarn's walk — R2.2: "
    assert refused[0].startswith(head) and sep in refused[0]


def test_a_lesson_gives_its_verdict_in_its_panel_not_in_a_match_over_panel(progress):
    from arena_game.ui.screens.match_over import MatchOverScreen
    from tests.ui_driver import open_app, ui_match

    win, lesson = open_lesson("push", progress)
    lesson.show_match_over()
    assert win.find(MatchOverScreen) is None and win.top is lesson
    app = open_app(ui_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}))
    app.top.show_match_over()  # the match window's board does show it, once
    app.find(MatchOverScreen).board.show_match_over()
    assert [type(s).__name__ for s in app.stack] == ["BoardScreen", "MatchOverScreen"]


def test_a_lesson_is_made_over_several_frames_over_the_list_and_shown_whole(tmp_path):
    """A lesson opened from the list is made a part a frame (the HUD a row at a time, the
    match, the panel, a first unseen draw), hidden, while the list stays shown (all at once
    it took ~70 ms in the frame of the key); shown whole, the list's widgets go."""
    from arena_game.learn.lessons import shipped_lessons

    win = tutorial_window(shipped_lessons(), "en", tmp_path / "progress.json", realtime=False)
    win.run(frames=2)
    picker = win.top
    assert isinstance(picker, LessonPickerScreen) and picker.elements
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    win.step()
    lesson = win.top
    assert isinstance(lesson, LessonScreen) and lesson.building and not lesson.opaque
    frames = 1
    while lesson.building:
        assert picker.elements and all(el.visible for el in picker.elements)  # the list still shows
        assert not any(el.visible for el in lesson.hud.elements)  # nothing of the lesson yet
        assert lesson.panel is None or not lesson.panel.visible
        win.step()
        frames += 1
    assert frames > 5 and lesson.opaque and not picker.elements
    assert lesson.panel is not None and lesson.panel.visible and lesson.hud.buttons["walk"].visible
    for _ in range(2):  # out of the action, then out of the lesson
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        win.run(frames=3)
    assert win.top is picker and picker.elements  # back to the list, made again
    pygame.quit()


def test_the_demo_makes_each_films_pictures_in_window_frames_of_their_own():
    """Between two films the demo window keeps the last frame for a frame or two while the next
    film's board picture and caption are made (together 7–18 ms, on top of its first frame)."""
    from arena_game.ui.app import App
    from arena_game.ui.screens.demo import DemoScreen

    app = App(size=(640, 480), lang="en", realtime=False)
    demo = app.push(DemoScreen(app, DEMO[:2], fps=5, once=True))
    kept = 0  # window frames after the first film frame that showed no new one
    while app.running:
        before = demo.shown
        app.step()
        if app.running and before and demo.shown == before:
            kept += 1
    films = [Film(sc, "en", (640, 480), fps=5) for sc in DEMO[:2]]
    parts = [sum(1 for _ in f.prepare()) for f in films]
    assert parts == [2, 2] and demo.shown > 0
    assert kept == 2  # the second film's two parts: the first film's last frame stayed
    pygame.quit()
