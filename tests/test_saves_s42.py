"""Saves, autosave and resume, session 42.

An autosave that cannot be written is said in the window at once (in its language, naming the
file and why, once until one is written again), not only on the terminal at close; a match that
ends is autosaved with the action that ended it, and `arena-game resume` brings back the finished
match; two saves in the same second never share a name (Ctrl+S twice, two game windows).
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from arena_game.bots.seats import BotSeats
from arena_game.cli import main
from arena_game.core.events import MatchEnded
from arena_game.formats import atomic
from arena_game.formats import save as saves
from arena_game.formats.save import autosave_path, read_save, write_new_save
from arena_game.ui.app import App
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import board, open_app, press_key, settle_match_start

ROOT = Path(__file__).resolve().parent.parent


def _full_disk(*_args: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _log(ctrl: MatchController) -> list[str]:
    return [e.model_dump_json() for e in ctrl.log]


def _drive(monkeypatch: pytest.MonkeyPatch, script: Callable[[App], None]) -> dict[str, Any]:
    """The next window `main` opens runs `script` (after its first frames) instead of waiting for
    the player; the window then closes as its close button closes it."""
    run = App.run
    seen: dict[str, Any] = {}

    def scripted(app: App, frames: int | None = None) -> int:
        if "app" in seen:  # the script's own frames (press_key…)
            return run(app, frames)
        seen["app"] = app
        run(app, 2)
        settle_match_start(app)
        script(app)
        return 0

    monkeypatch.setattr(App, "run", scripted)
    return seen


def _notices(app: App, start: str) -> list[str]:
    return [line for line in board(app).hud.log_lines if line.startswith(start)]


# -- 1. an autosave that fails is said in the window at once ------------------------------------


def test_an_autosave_that_fails_is_said_in_the_window_at_once_once_until_written_again(monkeypatch, capsys):
    said = "Autosave not written: "
    steps: dict[str, Any] = {}

    def script(app: App) -> None:
        ctrl = board(app).ctrl
        assert ctrl is not None
        press_key(app, pygame.K_e)  # a turn: the autosave is written
        steps["written"] = autosave_path().read_bytes()
        assert board(app).hud.status_error is False and _notices(app, said) == []
        monkeypatch.setattr(atomic.os, "fsync", _full_disk)  # the disk is full from now on
        active = ctrl.state.active.id
        press_key(app, pygame.K_e)
        line = (f"{said}{autosave_path()}: cannot be written (No space left on device). "
                "The match goes on; the last autosave written is kept.")
        assert board(app).hud.status_text == line and board(app).hud.status_error
        assert _notices(app, said) == [line]  # in the log too
        assert ctrl.state.active.id != active and not ctrl.state.over  # the match goes on
        assert autosave_path().read_bytes() == steps["written"]  # the old autosave, whole
        press_key(app, pygame.K_e)  # still full: not said again at every turn
        assert board(app).hud.status_text != line and _notices(app, said) == [line]
        monkeypatch.setattr(atomic.os, "fsync", steps["fsync"])  # space again
        press_key(app, pygame.K_e)
        assert len(read_save(autosave_path())[1]) == len(ctrl.actions)
        assert _notices(app, said) == [line]
        monkeypatch.setattr(atomic.os, "fsync", _full_disk)  # full again: said again, once
        press_key(app, pygame.K_e)
        assert board(app).hud.status_text == line and _notices(app, said) == [line, line]
        steps["played"] = len(ctrl.actions)

    steps["fsync"] = os.fsync
    _drive(monkeypatch, script)
    code = main(["--seed", "7", "--lang", "en", "--no-handoff", "--frames", "1"])
    monkeypatch.setattr(atomic.os, "fsync", steps["fsync"])
    # and, as before, the terminal says it in one line when the window closes, exit code 2
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and err == [f"arena-game: {autosave_path()}: cannot be written (No space left on device)"]
    assert steps["played"] == 5 and len(read_save(autosave_path())[1]) == 4  # the last one written


def test_the_autosave_notice_is_in_the_windows_language(monkeypatch):
    from arena_game.i18n import t

    lines: list[str] = []

    def script(app: App) -> None:
        monkeypatch.setattr(atomic.os, "fsync", _full_disk)
        press_key(app, pygame.K_e)
        lines.append(board(app).hud.status_text)

    fsync = os.fsync
    _drive(monkeypatch, script)
    main(["--seed", "7", "--lang", "fr", "--no-handoff", "--frames", "1"])
    monkeypatch.setattr(atomic.os, "fsync", fsync)
    why = t("system_sentence.no_space_left_on_device", "fr")
    assert lines == [f"Sauvegarde automatique non écrite : {autosave_path()} : ne peut pas être écrit ({why}). "
                     "Le match continue ; la dernière sauvegarde automatique écrite est gardée."]
    assert "No space" not in lines[0]


@pytest.mark.usefixtures("fresh_pygame")
def test_a_user_data_folder_that_cannot_be_made_is_said_naming_it_and_the_match_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine", encoding="utf-8")
    monkeypatch.setenv("ARENA_GAME_DATA", str(blocker / "arena"))  # under a file: it cannot be made
    ctrl = MatchController(setup_for_map("arene-classique", None, 3), autosave=True)
    app = open_app(ctrl, lang="en")
    press_key(app, pygame.K_e)
    status = board(app).hud.status_text
    assert status.startswith(f"Autosave not written: {blocker}") and "(Not a directory)" in status
    assert board(app).hud.status_error and len(ctrl.actions) == 1
    assert blocker.read_text(encoding="utf-8") == "mine"


@pytest.mark.usefixtures("fresh_pygame")
def test_with_the_handoff_curtain_the_notice_waits_under_it_for_the_next_player(monkeypatch):
    ctrl = MatchController(setup_for_map("arene-classique", None, 5), autosave=True)
    app = open_app(ctrl, lang="en", handoff=True)
    def next_team() -> str:
        state = ctrl.state
        return state.fighters[state.order[(state.active_index + 1) % len(state.order)]].team

    while next_team() == ctrl.state.active.team:  # to the last turn before the other team's
        press_key(app, pygame.K_e)
    with monkeypatch.context() as m:
        m.setattr(atomic.os, "fsync", _full_disk)
        press_key(app, pygame.K_e)  # the other team's turn: the curtain, and the autosave fails
    assert type(app.top).__name__ == "HandoffScreen"
    press_key(app, pygame.K_RETURN)  # the curtain lifted
    assert app.top is board(app)
    assert board(app).hud.status_text.startswith(f"Autosave not written: {autosave_path()}: cannot be written")


@pytest.mark.usefixtures("fresh_pygame")
def test_while_the_action_is_drawn_the_notice_waits_for_it_then_shows(monkeypatch):
    ctrl = MatchController(setup_for_map("arene-classique", None, 6), autosave=True)
    app = open_app(ctrl, lang="en", anim_speed=1.0)
    screen = board(app)
    monkeypatch.setattr(atomic.os, "fsync", _full_disk)
    screen.apply({"kind": "walk", "to": _a_walk(ctrl)})
    screen.end_turn()  # while the walk is still drawn
    assert screen.hud.status_text.startswith("Playing the action")
    for _ in range(600):
        if screen.shown_state is None:
            break
        app.step()
    assert screen.hud.status_text.startswith(f"Autosave not written: {autosave_path()}: cannot be written")
    assert screen.hud.status_error


def _a_walk(ctrl: MatchController) -> tuple[int, int]:
    from arena_game.core.queries import walk_options

    return next(sq for sq, err in walk_options(ctrl.state).items() if err is None)


# -- 2. a match that ends is autosaved with its last action --------------------------------------


def _bot_match_to_the_end(seed: int) -> MatchController:
    setup = setup_for_map("arene-classique", None, seed)
    ctrl = MatchController(setup, autosave=True)
    seats = BotSeats(["all"], [t.id for t in setup.teams], seed, "easy")
    while not ctrl.state.over:
        assert len(ctrl.actions) < 2000
        ctrl.apply(seats.next_action(ctrl.state))
    return ctrl


def test_a_match_that_ends_is_autosaved_with_the_action_that_ended_it():
    ctrl = _bot_match_to_the_end(1)
    assert isinstance(ctrl.log[-1], MatchEnded)
    _, actions = read_save(autosave_path())
    assert len(actions) == len(ctrl.actions)
    again = MatchController.load(autosave_path())
    assert again.state.over and _log(again) == _log(ctrl)


def test_resume_brings_back_the_finished_match_with_its_match_over_panel(monkeypatch):
    ctrl = _bot_match_to_the_end(2)
    written = autosave_path().read_bytes()
    shown: dict[str, Any] = {}

    def script(app: App) -> None:
        resumed = board(app).ctrl
        assert resumed is not None
        shown["over"] = resumed.state.over
        shown["log"] = _log(resumed)
        shown["panel"] = app.find(MatchOverScreen) is not None

    _drive(monkeypatch, script)
    assert main(["resume", "--lang", "en", "--frames", "1"]) == 0
    assert shown == {"over": True, "log": _log(ctrl), "panel": True}
    assert autosave_path().read_bytes() == written  # resuming and closing leaves it as it was


def test_a_match_ended_in_the_window_is_autosaved_and_resumes_over(monkeypatch):
    """The last action played through the window (not the controller alone)."""
    ctrl = _bot_match_to_the_end(3)
    last = ctrl.actions[-1]
    setup_actions = ctrl.actions[:-1]
    saves._WRITTEN.clear()
    before = MatchController.replay(ctrl.setup, setup_actions, autosave=True)
    before.write_autosave()
    assert len(read_save(autosave_path())[1]) == len(setup_actions)

    def script(app: App) -> None:
        board(app).apply(last)

    _drive(monkeypatch, script)
    assert main(["resume", "--lang", "en", "--no-handoff", "--frames", "1"]) == 0
    _, actions = read_save(autosave_path())
    assert actions == ctrl.actions
    assert MatchController.load(autosave_path()).state.over


# -- 3. two saves in the same second never share a name -----------------------------------------


class _FrozenClock:
    """`datetime` as `board_files` sees it, its clock stopped: every save in the same second."""

    class datetime:  # noqa: N801 - stands in for datetime.datetime
        @staticmethod
        def now() -> datetime.datetime:
            return datetime.datetime(2024, 5, 6, 7, 8, 9)


@pytest.mark.usefixtures("fresh_pygame")
def test_ctrl_s_twice_in_one_second_keeps_both_saves(monkeypatch):
    from arena_game.ui.screens import board_files

    monkeypatch.setattr(board_files, "datetime", _FrozenClock)
    folder = autosave_path().parent / "saves"
    folder.mkdir(parents=True)
    (folder / "match-20240506-070809-2.arena.json").write_text("another window's", encoding="utf-8")
    ctrl = MatchController(setup_for_map("arene-classique", None, 4))
    app = open_app(ctrl, lang="en")
    lengths = []
    for _ in range(3):
        press_key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        lengths.append(len(ctrl.actions))
        press_key(app, pygame.K_e)
    names = ["match-20240506-070809.arena.json", "match-20240506-070809-3.arena.json",
             "match-20240506-070809-4.arena.json"]
    assert [len(read_save(folder / n)[1]) for n in names] == lengths == [0, 1, 2]
    assert (folder / "match-20240506-070809-2.arena.json").read_text(encoding="utf-8") == "another window's"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*names, "match-20240506-070809-2.arena.json"])


@pytest.mark.usefixtures("fresh_pygame")
def test_the_status_line_names_the_file_the_save_went_to(monkeypatch):
    from arena_game.ui.screens import board_files

    monkeypatch.setattr(board_files, "datetime", _FrozenClock)
    ctrl = MatchController(setup_for_map("arene-classique", None, 4))
    app = open_app(ctrl, lang="en")
    press_key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    press_key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    second = autosave_path().parent / "saves" / "match-20240506-070809-2.arena.json"
    assert board(app).hud.status_text == f"Match saved: {second}"


def test_a_name_taken_between_the_look_and_the_write_is_not_written_over(tmp_path, monkeypatch):
    """Another window saves under the same name at the very moment this one writes."""
    ctrl = MatchController(setup_for_map("arene-classique", None, 4))
    link = os.link

    def another_window_first(src: Any, dst: Any) -> None:
        if Path(dst).name == "m.arena.json" and not Path(dst).exists():
            Path(dst).write_text("the other window's save", encoding="utf-8")
        link(src, dst)

    monkeypatch.setattr(saves.os, "link", another_window_first)
    got = write_new_save(tmp_path, "m", ctrl.to_save())
    assert got == tmp_path / "m-2.arena.json" and read_save(got)[0].seed == 4
    assert (tmp_path / "m.arena.json").read_text(encoding="utf-8") == "the other window's save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m-2.arena.json", "m.arena.json"]  # no temporary left


def test_a_disk_without_hard_links_still_takes_a_free_name(tmp_path, monkeypatch):
    ctrl = MatchController(setup_for_map("arene-classique", None, 4))
    (tmp_path / "m.arena.json").write_text("kept", encoding="utf-8")
    (tmp_path / "m-2.arena.json").symlink_to(tmp_path / "nowhere")  # a link, even dangling, is kept

    def no_links(*_args: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(saves.os, "link", no_links)
    got = write_new_save(tmp_path, "m", ctrl.to_save())
    assert got == tmp_path / "m-3.arena.json" and read_save(got)[0].seed == 4
    assert (tmp_path / "m.arena.json").read_text(encoding="utf-8") == "kept"
    assert (tmp_path / "m-2.arena.json").is_symlink() and not (tmp_path / "nowhere").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m-2.arena.json", "m-3.arena.json", "m.arena.json"]


def test_a_save_that_fails_leaves_no_file_and_takes_no_name(tmp_path, monkeypatch):
    ctrl = MatchController(setup_for_map("arene-classique", None, 4))
    with monkeypatch.context() as m, pytest.raises(OSError):
        m.setattr(atomic.os, "fsync", _full_disk)
        write_new_save(tmp_path, "m", ctrl.to_save())
    assert list(tmp_path.iterdir()) == []
    assert write_new_save(tmp_path, "m", ctrl.to_save()) == tmp_path / "m.arena.json"


def test_two_game_windows_saving_at_once_in_the_same_second_keep_every_save(tmp_path):
    writer = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from arena_game.formats.save import write_new_save\n"
        "from arena_game.ui.controller import MatchController, setup_for_map\n"
        "c = MatchController(setup_for_map('arene-classique', None, int(sys.argv[1])))\n"
        "save = c.to_save()\n"
        "go = Path(sys.argv[2])\n"
        "(go.parent / f'ready-{sys.argv[1]}').touch()\n"
        "while not go.exists():\n    time.sleep(0.001)\n"
        "for _ in range(15):\n    write_new_save(go.parent / 'saves', 'match-same-second', save)\n"
    )
    go = tmp_path / "go"
    env = {**os.environ, "ARENA_GAME_DATA": str(tmp_path / "data")}
    children = [subprocess.Popen([sys.executable, "-c", writer, str(seed), str(go)], env=env, cwd=ROOT)
                for seed in (1, 2)]
    deadline = time.monotonic() + 120
    while not all((tmp_path / f"ready-{seed}").exists() for seed in (1, 2)) and time.monotonic() < deadline:
        time.sleep(0.01)  # both started and waiting
    go.write_text("")
    assert [c.wait(timeout=120) for c in children] == [0, 0]
    written = sorted((tmp_path / "saves").iterdir())
    assert len(written) == 30
    seeds = [json.loads(p.read_text(encoding="utf-8"))["seed"] for p in written]
    assert sorted(seeds) == [1] * 15 + [2] * 15  # every save whole, none written over


def test_a_match_whose_last_autosave_failed_is_autosaved_when_the_window_closes(monkeypatch):
    """The end-of-match autosave meets a full disk; space comes back before the window closes:
    the close writes it (it was left as the turn before the end)."""
    ctrl = _bot_match_to_the_end(4)
    last = ctrl.actions[-1]
    saves._WRITTEN.clear()
    before = MatchController.replay(ctrl.setup, ctrl.actions[:-1], autosave=True)
    before.write_autosave()
    fsync = atomic.os.fsync

    def script(app: App) -> None:
        monkeypatch.setattr(atomic.os, "fsync", _full_disk)
        board(app).apply(last)  # the match ends: its autosave is not written
        assert len(read_save(autosave_path())[1]) == len(ctrl.actions) - 1
        monkeypatch.setattr(atomic.os, "fsync", fsync)  # space again before the window closes

    _drive(monkeypatch, script)
    main(["resume", "--lang", "en", "--no-handoff", "--frames", "1"])
    _, actions = read_save(autosave_path())
    assert actions == ctrl.actions
