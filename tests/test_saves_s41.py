"""Saves, autosave and resume, session 41: nothing the player played is ever lost.

A hard kill mid-write leaves the old file or the new one, whole, and the autosave never goes
missing; a full disk, a folder refused or read-only, or a file where the folder should be keeps
the old autosave and is said in one line when the window closes (exit code 2), never a crash;
an autosave of another match (another game window, or the last match when a save is loaded) is
moved to the saves folder, never written over; an archive never replaces an archive; a link to
the autosave stays a link; a save keeps its permissions; a file name that is not UTF-8 does not
stop the autosave; a save of 10^5 actions written by the game loads; closing the window however
it closes keeps the turn's actions; replays with bots and with dice at the table give the same
events byte for byte.
"""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import stat
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from arena_game.bots.seats import BotSeats
from arena_game.cli import main
from arena_game.core.dice import NeedsFace
from arena_game.formats import atomic
from arena_game.formats import save as saves
from arena_game.formats.atomic import write_atomic
from arena_game.formats.save import (
    autosave_fault,
    autosave_path,
    previous_autosave_path,
    read_save,
    read_save_dice,
    write_autosave,
)
from arena_game.ui.controller import MatchController, setup_for_map

ROOT = Path(__file__).resolve().parent.parent


def _match(seed: int, turns: int = 0, autosave: bool = False) -> MatchController:
    ctrl = MatchController(setup_for_map("arene-classique", None, seed), autosave=autosave)
    for _ in range(turns):
        ctrl.apply({"kind": "end_turn"})
    return ctrl


def _seeds_and_lengths(folder: Path) -> set[tuple[int, int]]:
    """(seed, actions) of every save in the user data folder, archives included."""
    found = set()
    for p in folder.rglob("*.arena.json"):
        data = json.loads(p.read_text(encoding="utf-8"))
        found.add((data["seed"], len(data["actions"])))
    return found


def _log(ctrl: MatchController) -> list[str]:
    return [e.model_dump_json() for e in ctrl.log]


# -- another match's autosave is never written over -------------------------------------------


def test_loading_a_save_and_playing_on_keeps_the_last_matchs_autosave(tmp_path):
    """Ctrl+O or `resume FILE` used to rotate the last match's autosave into the previous one,
    and the next turn overwrote it: the last match was gone."""
    last = _match(11, autosave=True)
    for _ in range(3):
        last.apply({"kind": "end_turn"})
    other = _match(22, turns=1).save(tmp_path / "other.arena.json")
    loaded = MatchController.load(other, autosave=True)
    for _ in range(3):
        loaded.apply({"kind": "end_turn"})
    data = autosave_path().parent
    assert (11, 3) in _seeds_and_lengths(data)
    archived = list((data / "saves").glob("autosave-*.arena.json"))
    assert [json.loads(p.read_text(encoding="utf-8"))["seed"] for p in archived] == [11]
    assert read_save(autosave_path())[0].seed == 22


def test_loading_an_earlier_save_of_the_same_match_keeps_the_later_autosave(tmp_path):
    """Ctrl+S at turn 2, play on to turn 6, Ctrl+O the turn-2 save and play a turn again: the
    turn-6 autosave was rotated out and then overwritten."""
    ctrl = _match(8, turns=2, autosave=True)
    early = ctrl.save(tmp_path / "turn-2.arena.json")
    for _ in range(4):
        ctrl.apply({"kind": "end_turn"})
    saves._WRITTEN.clear()  # another session: `arena-game resume FILE`
    again = MatchController.load(early, autosave=True)
    for _ in range(2):
        again.apply({"kind": "end_turn"})
    assert (8, 6) in _seeds_and_lengths(autosave_path().parent)
    assert len(read_save(autosave_path())[1]) == 4


def test_an_action_taken_back_after_its_autosave_is_not_archived():
    """Undo past a turn start of the same team: the point taken back is not kept as an archive."""
    from tests.ui_driver import ui_match

    grid = "\n".join(["......"] * 3)
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "red", "at": (0, 2)},
                           "z": {"team": "blue", "at": (5, 1)}}, order=["a", "b", "z"])
    ctrl.autosave = True
    ctrl.new_match = False
    ctrl.apply({"kind": "end_turn"})  # a → b, same team, no die: autosaved, and may be taken back
    assert len(json.loads(autosave_path().read_text(encoding="utf-8"))["actions"]) == 1 and ctrl.undo()
    ctrl.apply({"kind": "walk", "to": (1, 0)})
    ctrl.apply({"kind": "end_turn"})
    assert [a["kind"] for a in json.loads(autosave_path().read_text(encoding="utf-8"))["actions"]] == ["walk", "end_turn"]
    assert not (autosave_path().parent / "saves").exists()


def test_two_game_windows_autosaving_in_turn_lose_neither_match(monkeypatch):
    """Each game window (process) knows only the autosave it wrote; another's is archived."""
    a, b = _match(1), _match(2)
    memory: dict[str, dict] = {"a": {}, "b": {}}

    def write(who: str, ctrl: MatchController) -> None:
        monkeypatch.setattr(saves, "_WRITTEN", memory[who])  # each process has its own
        monkeypatch.setattr(saves, "_ARCHIVED", memory.setdefault(who + "-archived", {}))
        write_autosave(ctrl.to_save())

    write("a", a)
    write("b", b)
    for _ in range(2):
        a.apply({"kind": "end_turn"})
        write("a", a)
    b.apply({"kind": "end_turn"})
    write("b", b)
    for _ in range(3):
        a.apply({"kind": "end_turn"})
        write("a", a)
    found = _seeds_and_lengths(autosave_path().parent)
    assert (1, 5) in found and (2, 1) in found  # each match's last autosave is on disk
    assert read_save(autosave_path())[0].seed == 1
    # one archive per other match, its newest state (not one more file each turn)
    archives = list((autosave_path().parent / "saves").iterdir())
    assert len({json.loads(p.read_text(encoding="utf-8"))["seed"] for p in archives}) == len(archives) == 2


def test_the_same_match_resumed_rotates_its_own_autosave_into_the_previous_one():
    first = _match(5, turns=1)
    write_autosave(first.to_save())
    saves._WRITTEN.clear()  # a new process: `arena-game resume`
    resumed = MatchController.load(autosave_path(), autosave=True)
    resumed.apply({"kind": "end_turn"})
    assert not (autosave_path().parent / "saves").exists()  # same match: nothing archived
    assert len(read_save(previous_autosave_path())[1]) == 1 and len(read_save(autosave_path())[1]) == 2


def test_a_damaged_autosave_is_archived_not_rotated_away(capsys):
    ctrl = _match(5, turns=1)
    write_autosave(ctrl.to_save())
    ctrl.apply({"kind": "end_turn"})
    write_autosave(ctrl.to_save())
    autosave_path().write_text('{"format": "arena-save", "version": 2, "seed": ', encoding="utf-8")
    damaged = autosave_path().read_bytes()
    saves._WRITTEN.clear()
    assert main(["resume", "--frames", "0"]) == 0  # the previous autosave is resumed
    assert "resuming the previous autosave" in capsys.readouterr().err
    archived = [p.read_bytes() for p in (autosave_path().parent / "saves").iterdir()]
    assert archived == [damaged]  # kept for a look, not lost when the next autosaves rotate


def test_an_archive_never_replaces_an_archive_of_the_same_second(monkeypatch):
    stamp = time.mktime((2026, 1, 2, 3, 4, 5, 0, 0, -1))
    for seed in (1, 2, 3):
        ctrl = _match(seed, autosave=True)
        ctrl.apply({"kind": "end_turn"})
        os.utime(autosave_path(), (stamp, stamp))  # every autosave last written in the same second
    names = sorted(p.name for p in (autosave_path().parent / "saves").iterdir())
    assert names == ["autosave-20260102-030405-2.arena.json", "autosave-20260102-030405.arena.json"]
    assert {json.loads((autosave_path().parent / "saves" / n).read_text())["seed"] for n in names} == {1, 2}


# -- a write that fails keeps the old file and is said ----------------------------------------


def _full_disk(*_args: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_disk_keeps_the_old_autosave_whole_and_says_so_in_one_line(monkeypatch):
    ctrl = _match(3, autosave=True)
    ctrl.apply({"kind": "end_turn"})
    before = autosave_path().read_bytes()
    ctrl.apply({"kind": "walk", "to": _a_walk(ctrl)})
    with monkeypatch.context() as m:
        m.setattr(atomic.os, "fsync", _full_disk)
        assert ctrl.write_autosave() is None  # the window goes on
    assert autosave_path().read_bytes() == before
    assert [p.name for p in autosave_path().parent.iterdir() if p.name.endswith(".tmp")] == []
    fault = autosave_fault()
    assert fault is not None and str(fault) == f"{autosave_path()}: cannot be written (No space left on device)"
    assert ctrl.write_autosave() == autosave_path() and autosave_fault() is None  # space again: said no more


def _a_walk(ctrl: MatchController) -> tuple[int, int]:
    from arena_game.core.queries import walk_options

    return next(sq for sq, err in walk_options(ctrl.state).items() if err is None)


def _window_ends_a_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each window opened from now on ends one turn before its frames (an autosave is due)."""
    from arena_game.ui.app import App
    from arena_game.ui.screens.board import BoardScreen

    run = App.run

    def play_then_run(app: App, frames: int | None = None) -> int:
        board = app.find(BoardScreen)
        assert board is not None and board.ctrl is not None
        board.ctrl.apply({"kind": "end_turn"})
        return run(app, frames)

    monkeypatch.setattr(App, "run", play_then_run)


@pytest.mark.parametrize("why", [errno.EACCES, errno.EROFS])
def test_a_folder_refused_or_read_only_keeps_the_old_autosave_and_the_window_exits_2(monkeypatch, capsys, why):
    _window_ends_a_turn(monkeypatch)
    main(["--frames", "3", "--seed", "7"])
    before = autosave_path().read_bytes()

    def refused(target: Path) -> Path:
        raise OSError(why, os.strerror(why), str(target.parent))

    monkeypatch.setattr(atomic, "temporary_beside", refused)
    monkeypatch.setattr(saves.os, "replace", lambda *a: refused(Path(a[1])))  # the archive's move too
    code = main(["resume", "--frames", "3"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert err[0] == f"arena-game: {autosave_path().parent}: cannot be written ({os.strerror(why)})"
    assert autosave_path().read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_read_only_user_data_folder_keeps_the_autosave_and_is_said(monkeypatch, capsys):
    _window_ends_a_turn(monkeypatch)
    main(["--frames", "3", "--seed", "7"])
    folder = autosave_path().parent
    before = autosave_path().read_bytes()
    folder.chmod(0o555)
    try:
        code = main(["--frames", "3", "--seed", "8"])
    finally:
        folder.chmod(0o755)
    assert code == 2 and "cannot be written" in capsys.readouterr().err
    assert autosave_path().read_bytes() == before


def test_a_user_data_folder_that_is_a_file_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine", encoding="utf-8")
    monkeypatch.setenv("ARENA_GAME_DATA", str(blocker))
    _window_ends_a_turn(monkeypatch)
    assert main(["--frames", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"arena-game: {blocker}: cannot be written (File exists)"]
    assert blocker.read_text(encoding="utf-8") == "mine"


def test_a_saves_folder_that_is_a_file_archives_the_last_autosave_beside_it():
    _match(1, autosave=True).apply({"kind": "end_turn"})
    (autosave_path().parent / "saves").write_text("not a folder", encoding="utf-8")
    new = _match(2, autosave=True)
    new.apply({"kind": "end_turn"})  # the new match's first autosave moves the last one aside
    assert read_save(autosave_path())[0].seed == 2
    beside = list(autosave_path().parent.glob("autosave-*.arena.json"))
    assert [read_save(p)[0].seed for p in beside] == [1]
    assert (autosave_path().parent / "saves").read_text(encoding="utf-8") == "not a folder"


# -- killed mid-write ---------------------------------------------------------------------------


def test_a_hard_kill_at_any_moment_leaves_both_autosaves_whole(tmp_path):
    env = {**os.environ, "ARENA_GAME_DATA": str(tmp_path / "data")}
    writer = (
        "from arena_game.ui.controller import MatchController, setup_for_map\n"
        "from arena_game.formats.save import write_autosave\n"
        "c = MatchController(setup_for_map('arene-classique', None, seed=1))\n"
        "def turn():\n    c.apply({'kind': 'end_turn'})\n    write_autosave(c.to_save())\n"
        "turn()\nturn()\n"  # both autosaves on disk before the kill may come (a loaded machine is slow to start)
        "print('ready', flush=True)\n"
        "while True:\n    turn()\n"
    )
    rng = random.Random(41)
    for _ in range(6):
        child = subprocess.Popen([sys.executable, "-c", writer], env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        # the autosave never goes missing, and each file is a save the game reads
        current = read_save_dice(tmp_path / "data" / "autosave.arena.json")
        previous = read_save_dice(tmp_path / "data" / "autosave.previous.arena.json")
        assert len(previous.actions) <= len(current.actions)


# -- links, permissions, file names -------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_link_to_the_autosave_stays_a_link_and_what_it_points_to_is_updated(tmp_path):
    elsewhere = tmp_path / "synced" / "arena-autosave.json"
    elsewhere.parent.mkdir()
    autosave_path().parent.mkdir(parents=True)
    write_atomic(elsewhere, "{}\n")
    autosave_path().symlink_to(elsewhere)
    ctrl = _match(4, turns=1)
    write_autosave(ctrl.to_save())
    ctrl.apply({"kind": "end_turn"})
    write_autosave(ctrl.to_save())
    assert autosave_path().is_symlink() and autosave_path().resolve() == elsewhere.resolve()
    assert len(read_save(elsewhere)[1]) == 2
    assert len(read_save(previous_autosave_path())[1]) == 1 and not previous_autosave_path().is_symlink()
    assert [p.name for p in elsewhere.parent.iterdir()] == ["arena-autosave.json"]  # no temporary left
    # what the link pointed to was no save of this match: kept by a copy, the link left in place
    assert [p.read_text() for p in (autosave_path().parent / "saves").iterdir()] == ["{}\n"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_file_written_again_keeps_its_permissions_and_a_new_one_follows_the_umask(tmp_path):
    shared = tmp_path / "shared.arena.json"
    write_atomic(shared, "one\n")
    shared.chmod(0o664)
    write_atomic(shared, "two\n")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o664 and shared.read_text() == "two\n"
    old = os.umask(0o022)
    try:
        fresh = write_atomic(tmp_path / "fresh.arena.json", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644  # not 0600: a file like any other the user makes


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names there are Unicode")
def test_a_map_named_in_bytes_that_are_not_utf8_does_not_stop_the_autosave(tmp_path):
    """The autosave crashed the window at the first turn (UnicodeEncodeError) for such a map."""
    name = os.fsdecode(b"ar\xe8ne.toml")  # Latin-1 'arène' on a UTF-8 system
    try:
        target = tmp_path / name
        target.write_bytes((ROOT / "maps" / "arene-classique.toml").read_bytes())
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses the name")
    ctrl = MatchController(setup_for_map(str(target), str(ROOT / "arena_game/data/teams/default.toml"), 3),
                           autosave=True, roster=None)
    ctrl.apply({"kind": "end_turn"})
    assert ctrl.write_autosave() == autosave_path()
    again = MatchController.load(autosave_path())
    assert _log(again) == _log(ctrl)
    assert again.setup.map_path == str(tmp_path / "ar\ufffdne.toml")


# -- long matches, ended matches ----------------------------------------------------------------


def test_a_save_of_100000_actions_written_by_the_game_loads_again(tmp_path):
    """A save past a megabyte that the game wrote is read back whole (the read cap is 16 MB);
    how fast is bench's business, not a test's."""
    ctrl = _match(5)
    for _ in range(100_000):
        ctrl.match.play({"kind": "end_turn"})
    path = ctrl.save(tmp_path / "long.arena.json")
    assert path.stat().st_size > 1_000_000
    again = MatchController.load(path)
    assert len(again.actions) == 100_000 and again.match.dice_position == ctrl.match.dice_position


def test_a_watched_match_of_a_large_map_reloaded_500_times_resumes(tmp_path):
    """Each `--watch` reload holds the whole map: 500 reloads of a 100 x 100 map make a 5 MB save,
    which the game wrote and then refused to resume ("larger than the 4.0 MB limit")."""
    from arena_game.core.settings import DEFAULT_SETTINGS
    from arena_game.formats.mapfile import board_from_data

    rows = ["#" * 100] + ["#" + "." * 98 + "#" for _ in range(98)] + ["#" * 100]
    rows[1], rows[98] = "#" + "1" * 10 + "." * 88 + "#", "#" + "." * 88 + "2" * 10 + "#"
    big = board_from_data("big.toml", {"name": "grand", "grid": "\n".join(rows)}, None, DEFAULT_SETTINGS.maps)
    ctrl = _match(2)
    for _ in range(500):
        ctrl.match.change_board(big)
        ctrl.match.play({"kind": "end_turn"})
    path = ctrl.save(tmp_path / "watched.arena.json")
    assert path.stat().st_size > 4 * 1024 * 1024
    again = MatchController.load(path)
    assert len(again.match.board_changes) == 500 and _log(again) == _log(ctrl)


def test_a_save_holds_one_action_a_line(tmp_path):
    ctrl = _match(5, turns=2)
    text = ctrl.save(tmp_path / "m.arena.json").read_text(encoding="utf-8")
    assert '\n  {"kind": "end_turn"},\n  {"kind": "end_turn"}\n ],' in text
    assert json.loads(text)["actions"] == [{"kind": "end_turn"}] * 2


def test_a_save_of_a_match_that_ended_loads_over_and_resumes_without_a_fault(tmp_path):
    ctrl = _bot_match(1, "computer")
    assert ctrl.state.over
    path = ctrl.save(tmp_path / "over.arena.json")
    again = MatchController.load(path)
    assert again.state.over and _log(again) == _log(ctrl)
    assert main(["resume", str(path), "--frames", "3"]) == 0


# -- closing the window however it closes keeps this turn's actions -----------------------------


def test_opening_the_game_and_closing_it_keeps_the_last_matchs_autosave_for_resume():
    _match(3, turns=2, autosave=True)  # the last match, autosaved at each turn
    before = autosave_path().read_bytes(), previous_autosave_path().read_bytes()
    assert main(["--frames", "3", "--seed", "4"]) == 0  # nothing played
    assert main(["resume", "--frames", "3"]) == 0  # nothing played since the autosave
    assert (autosave_path().read_bytes(), previous_autosave_path().read_bytes()) == before
    assert not (autosave_path().parent / "saves").exists()


def test_closing_the_window_by_its_button_or_a_fault_keeps_this_turns_actions(monkeypatch):
    from arena_game.ui.app import App

    played = {}

    def run_then_close(app: App, frames: int | None = None) -> int:
        from arena_game.ui.screens.board import BoardScreen

        board = app.find(BoardScreen)
        assert board is not None and board.ctrl is not None
        board.ctrl.apply({"kind": "walk", "to": _a_walk(board.ctrl)})
        played["actions"] = len(board.ctrl.actions)
        raise RuntimeError("a fault in the window")  # or the close button, or Ctrl+C: the same path

    monkeypatch.setattr(App, "run", run_then_close)
    with pytest.raises(RuntimeError):
        main(["play", "--seed", "9", "--no-handoff"])
    _, actions = read_save(autosave_path())
    assert len(actions) == played["actions"] == 1 and actions[0].kind == "walk"


# -- the same events, byte for byte -----------------------------------------------------------


def _bot_match(seed: int, mode: str, cap: int = 600) -> MatchController:
    """A bot-vs-bot match; with dice at the table, every face typed (a seeded stand-in)."""
    setup = replace(setup_for_map("arene-classique", None, seed), dice_mode=mode)  # type: ignore[arg-type]
    typed = random.Random(f"table:{seed}")
    faces: list[int] = []
    while True:
        try:
            ctrl = MatchController(replace(setup, scripted=faces))
            break
        except NeedsFace as need:
            faces += [typed.randint(1, need.sides) for _ in range(need.count)]
    seats = BotSeats(["all"], [t.id for t in setup.teams], seed, "easy")
    while not ctrl.state.over and len(ctrl.actions) < cap:
        action, given = seats.next_action(ctrl.state), []
        while True:
            try:
                ctrl.apply(action, faces=given)
                break
            except NeedsFace as need:
                given += [typed.randint(1, need.sides) for _ in range(need.count)]
    return ctrl


@pytest.mark.parametrize("mode", ["computer", "physical", "mixed"])
def test_a_bot_match_replays_from_its_save_to_the_same_events_byte_for_byte(tmp_path, mode):
    ctrl = _bot_match(2, mode)
    path = ctrl.save(tmp_path / "bots.arena.json")
    again = MatchController.load(path)
    assert _log(again) == _log(ctrl) and again.match.dice_position == ctrl.match.dice_position
    # and written again from the replay, the same file
    assert again.save(tmp_path / "again.arena.json").read_bytes() == path.read_bytes()


def test_a_save_keeps_the_rules_it_was_played_with_when_the_rules_file_changes_since(tmp_path):
    from arena_game.formats.rulesfile import load_rules

    rules = tmp_path / "house.toml"
    rules.write_text('[turns]\ninitiative_attribute = "sensoriel"\n', encoding="utf-8")
    ctrl = MatchController(setup_for_map("arene-classique", None, 6, load_rules(rules)))
    for _ in range(4):
        ctrl.apply({"kind": "end_turn"})
    path = ctrl.save(tmp_path / "m.arena.json")
    rules.write_text('[turns]\ninitiative_attribute = "charisme"\n', encoding="utf-8")  # changed since
    again = MatchController.load(path)
    assert again.setup.settings.turns.initiative_attribute == "sensoriel"
    assert _log(again) == _log(ctrl)
