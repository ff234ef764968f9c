"""Headless: the demo plays every step, GIFs are written frame by frame at the right size,
the tutorial window completes a lesson, explains refusals, saves progress, lists lessons."""

from pathlib import Path

import pygame
import pytest
from PIL import Image

from arena_game.cli import main
from arena_game.core.actions import ACTION_ADAPTER
from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, load_progress, ordered_files, shipped_lessons
from arena_game.ui.showcase import Film, Timing, run_demo, wrap

SHOTS = Path("/tmp/arena-shots/learn")
DEMO = [load_scenario(p) for p in ordered_files(demo_dir())]
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
    assert shown == 1  # the very first frame saw the key


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


def _lesson_app(stem, progress, lang="en"):
    from arena_game.ui.tutorial import LessonApp

    i = next(i for i, x in enumerate(LESSONS) if stem in x.id)
    return LessonApp(LESSONS[i], lang, number=i + 1, total=len(LESSONS), progress=progress, realtime=False)


def test_tutorial_push_lesson_refusal_explained_then_completed_and_saved(progress):
    app = _lesson_app("push", progress)
    app.run(frames=2)
    app.apply(act(kind="walk", to=(6, 5)))
    assert app.refusal == "Refused — R2.1 (walk: 1 square): (6, 5) is not adjacent to (7, 7)"
    assert "R2.1 (walk: 1 square)" in app.panel_html()
    app.screenshot(SHOTS / "lesson-refused.png")
    app.apply(act(kind="walk", to=(7, 6)))
    assert not app.completed
    app.apply(act(kind="push", target="tarn"))
    assert app.completed
    assert load_progress(progress) == {"04-push-into-lava"}
    app.run(frames=2)
    app.screenshot(SHOTS / "lesson-done.png")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(frames=2)
    assert app.outcome == "next" and not app.running


def test_tutorial_walk_lesson_others_pass_and_the_goal_square_is_marked(progress):
    app = _lesson_app("walk", progress, lang="fr")
    goal = [h for h in app.current_highlights() if h.square == (7, 3)]
    assert goal and goal[0].kind == "landing"
    for sq in [(5, 1), (6, 1), (7, 1), (7, 2)]:
        app.apply(act(kind="walk", to=sq))
        app.apply(act(kind="end_turn"))
        assert app.ctrl.state.active.id == "tarn"
    app.apply(act(kind="walk", to=(7, 3)))
    assert app.completed and "01-walk-and-diagonals" in load_progress(progress)


def test_tutorial_wrong_play_does_not_complete_and_a_lost_lesson_says_why(progress):
    app = _lesson_app("tackle", progress)
    app.apply(act(kind="run_start", declared=[(4, 4), (5, 3), (6, 3)]))  # beside Oruk
    for sq in [(4, 4), (5, 3), (6, 3)]:
        app.apply(act(kind="run_step", to=sq))
    assert app.failed and not app.completed
    assert "Not this time: what the lesson asked you to avoid happened" in app.panel_html()
    assert load_progress(progress) == set()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    app.run(frames=2)
    assert not app.failed and app.ctrl.state.fighters["tarn"].position == (3, 4)


def test_tutorial_hint_and_show_me(progress):
    app = _lesson_app("taunt", progress, lang="fr")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.run(frames=2)
    assert "Indice : La Provocation avantagée" in app.panel_html()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    app.run(frames=120)  # the solution plays at its own pace
    assert app.completed
    app.screenshot(SHOTS / "lesson-show-me.png")


def test_lesson_picker_marks_completed_lessons_and_picks_by_number():
    from arena_game.ui.tutorial import LessonPicker

    picker = LessonPicker(LESSONS, "en", {"02-run"})
    assert len(picker.buttons) == 8
    assert picker.buttons[1].text.endswith("— completed") and "completed" not in picker.buttons[0].text
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    assert picker.run(frames=5, realtime=False) == 2
    pygame.image.save(picker.screen, str(SHOTS / "picker.png"))


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
    head = "Refusé — R2.2 (diagonales et angles de mur) : " if lang == "fr" else "Refused — R2.2 "
    assert refused[0].startswith(head) and sep in refused[0]
    assert lang == "en" or ") :" in refused[0]
