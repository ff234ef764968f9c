"""The other files the game writes, session 41: house-rules and teams files in the user data
folder (their names stay in their folder on every system, Windows' device names refused; a
rename never replaces another file; a write that fails is a status line, never a crash), the
outputs of `render -o`, `simulate --out` and `sweep --out` (replaced whole or not at all, a
killed run's leftovers removed), and lesson files checked strictly like the other files."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.formats import atomic
from arena_game.formats.atomic import staged_folder, write_atomic_bytes
from arena_game.formats.house_rules import NAME, house_rules_dir, save_house_rules, with_readings
from arena_game.formats.problems import FileProblem
from arena_game.formats.roster import RosterDraft, roster_dir, roster_files, valid_file_name
from arena_game.formats.roster_shelf import RosterShelf
from arena_game.formats.teamfile import load_teams
from arena_game.learn.lessons import lessons_dir, load_lesson

ROOT = Path(__file__).resolve().parent.parent
HOUSE = with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "agilite"})


# -- names of the files kept in the user data folder -------------------------------------------


@pytest.mark.parametrize("name", ["../x", "a/b", "a\\b", "..", ".hidden", "", " lead", "trail ", "x" * 41,
                                  "CON", "con", "Nul", "PRN", "AUX", "COM1", "lpt9", "COM¹", "a.b", "a:b", "a\0b"])
def test_a_house_rules_or_teams_file_name_that_would_leave_its_folder_or_is_no_file_on_windows_is_refused(name):
    assert not NAME.match(name) or name.strip() != name
    assert not valid_file_name(name)
    with pytest.raises(ValueError):
        save_house_rules(name, HOUSE)
    draft = RosterDraft.new(name, "en")
    assert [f.key for f in draft.problems()] == ["fault_file_name"]
    with pytest.raises(ValueError):
        draft.save()
    assert not house_rules_dir().exists() and not roster_dir().exists()


@pytest.mark.parametrize("name", ["Règles maison", "规则", "x" * 40, "CONsole", "com10", "NUL x", "_", "2 contre 2"])
def test_a_good_name_in_any_script_is_written_in_its_folder(name):
    path = save_house_rules(name, HOUSE)
    assert path == house_rules_dir() / f"{name}.toml" and path.is_file()
    draft = RosterDraft.new(name, "en")
    assert draft.problems() == [] and draft.save() == roster_dir() / f"{name}.toml"


def test_importing_a_teams_file_named_con_gets_a_name_windows_can_hold(tmp_path):
    from arena_game.formats.roster import import_roster

    source = tmp_path / "CON.toml"
    source.write_bytes((ROOT / "arena_game" / "data" / "teams" / "default.toml").read_bytes())
    path = import_roster(source)
    assert path.name == "CON-2.toml" and load_teams(path)


# -- the roster editor's writes ------------------------------------------------------------------


def _shelf_with(*names: str) -> RosterShelf:
    for name in names:
        RosterDraft.new(name, "en").save()
    return RosterShelf("en")


def test_renaming_a_teams_file_onto_another_one_is_refused_and_both_files_are_kept():
    shelf = _shelf_with("alpha", "beta")
    beta = (roster_dir() / "beta.toml").read_bytes()
    shelf.open(shelf.files.index(roster_dir() / "alpha.toml"))
    shelf.draft.name = "beta"  # another game window made it meanwhile, or the window's check missed it
    assert not shelf.save()
    assert shelf.status == ("Not saved: a file name: letters, digits, spaces, - and _ (up to 40)", True)
    assert (roster_dir() / "beta.toml").read_bytes() == beta and (roster_dir() / "alpha.toml").is_file()


def test_a_teams_folder_that_cannot_be_written_is_a_status_line_and_the_file_is_kept(monkeypatch):
    shelf = _shelf_with("alpha")
    before = (roster_dir() / "alpha.toml").read_bytes()
    shelf.open(shelf.files.index(roster_dir() / "alpha.toml"))
    shelf.draft.teams[0]["name"] = "Renamed"

    def full(*_a: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    shelf.changed()
    assert shelf.tick(10_000)  # written (refused) after the pause: no exception
    assert shelf.status == (f"Not saved: {roster_dir() / 'alpha.toml'}: cannot be written (No space left on device)", True)
    assert (roster_dir() / "alpha.toml").read_bytes() == before
    assert [p.name for p in roster_dir().iterdir()] == ["alpha.toml"]  # no temporary left


def test_a_teams_folder_that_is_a_file_is_said_when_copying_importing_or_exporting(tmp_path):
    roster_dir().parent.mkdir(parents=True)
    roster_dir().write_text("not a folder", encoding="utf-8")
    shelf = RosterShelf("en")
    assert not shelf.duplicate()
    assert shelf.status[1] and f"{roster_dir()}: cannot be written" in shelf.status[0]
    assert not shelf.import_file(ROOT / "arena_game" / "data" / "teams" / "default.toml")
    assert shelf.status == (f"{roster_dir()}: cannot be written (File exists)", True)
    (tmp_path / "blocker").write_text("x", encoding="utf-8")
    assert not shelf.export_file(tmp_path / "blocker" / "mine")
    assert shelf.status == (f"{tmp_path / 'blocker'}: cannot be written (File exists)", True)
    assert roster_dir().read_text(encoding="utf-8") == "not a folder"


def test_a_teams_file_that_cannot_be_deleted_is_said_and_stays_listed(monkeypatch):
    shelf = _shelf_with("alpha")
    shelf.open(shelf.files.index(roster_dir() / "alpha.toml"))

    def refused(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    with monkeypatch.context() as m:
        m.setattr(Path, "unlink", refused)
        shelf.delete()
    assert shelf.status == (f"{roster_dir() / 'alpha.toml'}: cannot be written (Permission denied)", True)
    assert roster_files() == [roster_dir() / "alpha.toml"] and shelf.saved_name == "alpha"


# -- outputs: replaced whole, or not at all ------------------------------------------------------


def test_render_over_an_existing_picture_replaces_it_whole_and_a_failed_write_keeps_it(tmp_path, monkeypatch, capsys):
    out = tmp_path / "map.png"
    assert main(["render", "tutoriel", "-o", str(out), "--tile", "8"]) == 0
    first = out.read_bytes()
    assert main(["render", "tutoriel", "-o", str(out), "--tile", "9"]) == 0  # overwritten, as -o asks
    second = out.read_bytes()
    assert second != first and second[:8] == b"\x89PNG\r\n\x1a\n"

    def full(*_a: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    capsys.readouterr()
    assert main(["render", "tutoriel", "-o", str(out), "--tile", "10"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"arena-game: {out}: cannot be written (No space left on device)"]
    assert out.read_bytes() == second and sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]


def test_an_output_folder_is_filled_whole_or_left_as_it_was(tmp_path):
    out = tmp_path / "out"
    with staged_folder(out) as stage:
        (stage / "a.png").write_bytes(b"one")
        (stage / "b.csv").write_bytes(b"one")
    assert sorted(p.name for p in out.iterdir()) == ["a.png", "b.csv"]
    with pytest.raises(OSError), staged_folder(out) as stage:
        (stage / "a.png").write_bytes(b"two")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert (out / "a.png").read_bytes() == b"one" and sorted(p.name for p in out.iterdir()) == ["a.png", "b.csv"]


def test_a_killed_runs_hidden_output_folder_is_removed_by_the_next_run(tmp_path):
    out = tmp_path / "sweep"
    out.mkdir()
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True).stdout)
    left = out / f".arena-output.{dead}.0a1b2c3d.tmp"
    left.mkdir()
    (left / "sweep.png").write_bytes(b"half")
    mine = tmp_path / "mine.png"
    write_atomic_bytes(mine, b"keep")
    with staged_folder(out) as stage:
        (stage / "sweep.csv").write_text("a\n", encoding="utf-8")
    assert sorted(p.name for p in out.iterdir()) == ["sweep.csv"] and mine.read_bytes() == b"keep"


def test_sweep_writes_its_table_and_chart_whole_and_a_file_in_the_way_is_one_line(tmp_path, capsys):
    out = tmp_path / "sweep"
    argv = ["sweep", "--maps", "tutoriel", "--matches", "2", "--jobs", "1", "--no-progress", "--level", "fast",
            "--rounds", "3", "--out", str(out)]
    assert main(argv) == 0
    assert sorted(p.name for p in out.iterdir()) == ["sweep.csv", "sweep.png"]
    blocker = tmp_path / "file"
    blocker.write_text("mine", encoding="utf-8")
    capsys.readouterr()
    assert main([*argv[:-1], str(blocker / "sweep")]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"arena-game: {blocker / 'sweep'}: cannot be written (Not a directory)"]
    assert blocker.read_text(encoding="utf-8") == "mine"


# -- lesson files are checked strictly -------------------------------------------------------------


@pytest.mark.parametrize(("edit", "fault"), [
    (("reach = [7, 3]", 'reach = ["7", 3]'), "goal.reach[0]: should be a whole number, not the text '7'"),
    (("reach = [7, 3]", "reach = [7.0, 3]"), "goal.reach[0]: should be a whole number, not the number 7.0"),
    (("reach = [7, 3]", "reach = [true, 3]"), "goal.reach[0]: should be a whole number, not true/false"),
    (("reach = [7, 3]", 'reach = [7, 3]\nsetup = "0"'), "goal.setup: should be a whole number, not the text '0'"),
    (('fighter = "tarn"', "fighter = 5"), "goal.fighter: should be text in quotes, not the number 5"),
])
def test_a_lesson_goal_of_the_wrong_type_is_refused_in_one_line_naming_the_key(tmp_path, edit, fault):
    """pydantic's lax mode read `setup = "0"` as 0 and `reach = [7.0, 3]` as (7, 3)."""
    text = (lessons_dir() / "01-walk-and-diagonals.toml").read_text(encoding="utf-8")
    assert edit[0] in text
    bad = tmp_path / "01-walk.toml"
    bad.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        load_lesson(bad)
    assert str(e.value) == f"{bad}: {fault}"
    good = tmp_path / "01-good.toml"
    good.write_text(text, encoding="utf-8")
    assert load_lesson(good).goal.reach == (7, 3)


def test_completing_a_lesson_with_a_progress_file_that_cannot_be_written_keeps_the_old_one(tmp_path, monkeypatch):
    from arena_game.learn.lessons import load_progress, mark_completed, save_progress

    progress = tmp_path / "lessons.json"
    save_progress({"01-walk-and-diagonals"}, progress)
    before = progress.read_bytes()

    def full(*_a: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    assert mark_completed("02-run", progress) == {"01-walk-and-diagonals", "02-run"}  # no crash: the tutorial goes on
    assert progress.read_bytes() == before and load_progress(progress) == {"01-walk-and-diagonals"}
