"""Issue 17, defects 3, 10 and 11: saves are checked before the match starts (one line, exit
code 2, in `resume` and on Ctrl+O), carry a digest so an edited save is told apart, rewrite a
roster file only when the player chose it, and a hard kill during an autosave leaves no
temporary file behind."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.atomic import clean_stale_temporaries
from arena_game.formats.save import EditedSave, autosave_path, read_save, seal
from arena_game.formats.teamfile import load_teams
from arena_game.ui import controller
from arena_game.ui.controller import MatchController, setup_for_map

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def _save_data(tmp_path: Path, **changes) -> dict:
    ctrl = MatchController(setup_for_map("arene-classique", None, seed=3))
    ctrl.apply({"kind": "end_turn"})
    data = json.loads(ctrl.save(tmp_path / "good.arena.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _write(tmp_path: Path, data: dict, name: str = "s.arena.json", sealed: bool = True) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(seal(data) if sealed else data), encoding="utf-8")
    return path


def _resume(capsys, *args: str) -> tuple[int, list[str]]:
    code = main(["resume", *args, "--frames", "0"])
    return code, capsys.readouterr().err.strip().splitlines()


def _wall_of(data: dict) -> list[int]:
    rows = data["map"]["grid"].split("\n")
    return next([x, y] for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")


def test_defect_3_resume_a_save_with_a_placement_on_a_wall_is_one_line(tmp_path, capsys):
    data = _save_data(tmp_path)
    fid = next(iter(data["placements"]))
    wall = _wall_of(data)
    data["placements"][fid] = wall
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert code == 2
    assert err == [f"arena-game: {tmp_path / 's.arena.json'}: placements.{fid}: ({wall[0]}, {wall[1]}) is wall: a fighter cannot start there"]


def test_defect_3_two_fighters_on_one_square_is_one_line(tmp_path, capsys):
    data = _save_data(tmp_path)
    first, second = list(data["placements"])[:2]
    data["placements"][second] = data["placements"][first]
    x, y = data["placements"][first]
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert (code, err) == (2, [f"arena-game: {tmp_path / 's.arena.json'}: placements.{second}: ({x}, {y}) is already "
                               f"the starting square of '{first}'"])


def test_defect_3_resume_a_save_whose_turn_order_leaves_a_fighter_out(tmp_path, capsys):
    data = _save_data(tmp_path)
    fighters = list(data["placements"])
    data["turn_order"] = fighters[:-1]
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert code == 2
    assert err == [f"arena-game: {tmp_path / 's.arena.json'}: turn_order: every fighter must be named; missing: {fighters[-1]}"]


@pytest.mark.parametrize("face,fault", [
    (0, "should be at least 1, not the number 0"),
    (-4, "should be at least 1, not the number -4"),
    (10**15, "should be at most 100, not the number 1000000000000000"),
])
def test_defect_3_resume_a_save_whose_scripted_die_face_is_zero_negative_or_huge(tmp_path, capsys, face, fault):
    data = _save_data(tmp_path, dice=[5, face])
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert code == 2
    assert err == [f"arena-game: {tmp_path / 's.arena.json'}: dice[1]: {fault}"]


def test_defect_3_a_face_no_die_of_the_start_can_show_is_one_line_not_a_traceback(tmp_path, capsys):
    data = _save_data(tmp_path, dice=[50], turn_order=None, actions=[])
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert code == 2
    assert err == [f"arena-game: {tmp_path / 's.arena.json'}: dice: scripted face #1 is 50, but the die rolled is a d20"]


def test_defect_3_a_bad_square_in_a_saves_map_is_named_by_its_square(tmp_path, capsys):
    """A save's grid is a JSON string: no line and column to give, so the square (x, y)."""
    data = _save_data(tmp_path)
    rows = data["map"]["grid"].split("\n")
    rows[2] = rows[2][:3] + "<" + rows[2][4:]
    data["map"]["grid"] = "\n".join(rows)
    code, err = _resume(capsys, str(_write(tmp_path, data)))
    assert (code, err) == (2, [f"arena-game: {tmp_path / 's.arena.json'}: map.grid: square (3, 2): unknown symbol '<' "
                               "(not in the legend)"])


def test_defect_3_ctrl_o_on_a_bad_save_shows_one_line_and_keeps_the_match(tmp_path, fresh_pygame):
    from tests.ui_driver import board, open_app

    data = _save_data(tmp_path)
    data["placements"][next(iter(data["placements"]))] = _wall_of(data)
    app = open_app(MatchController(setup_for_map("arene-classique", None, seed=1)))
    before = board(app).ctrl
    assert board(app).load(_write(tmp_path, data)) is False
    assert board(app).ctrl is before
    status = board(app).hud.status_text  # a French window: the fault in French too
    assert "un combattant ne peut pas y commencer" in status and "cannot" not in status


@pytest.mark.parametrize("edit", ["seed", "dice", "pv"])
def test_defect_11_an_edited_save_is_reported_as_edited(tmp_path, capsys, edit):
    data = _save_data(tmp_path)
    if edit == "seed":
        data["seed"] += 1
    elif edit == "dice":
        data["dice"] = [20, 20, 20]
    else:
        data["teams"][0]["fighters"][0]["pv"] = 999
    path = _write(tmp_path, data, sealed=False)
    code, err = _resume(capsys, str(path))
    assert code == 2
    assert err == [f"arena-game: {path}: this save was changed after the game wrote it (its digest does not match); "
                   "to load it anyway: arena-game resume --accept-edited FILE"]
    with pytest.raises(EditedSave):
        MatchController.load(path)
    assert MatchController.load(path, accept_edited=True).setup.seed == data["seed"]
    assert main(["resume", str(path), "--accept-edited", "--frames", "0"]) == 0


def test_defect_11_a_save_without_digest_is_reported_as_edited(tmp_path, capsys):
    data = _save_data(tmp_path)
    data.pop("digest")
    path = _write(tmp_path, data, sealed=False)
    with pytest.raises(EditedSave, match="this save carries no digest"):
        read_save(path)
    code, err = _resume(capsys, str(path))
    assert (code, err) == (2, [f"arena-game: {path}: this save carries no digest; to load it anyway: "
                               "arena-game resume --accept-edited FILE"])


def test_defect_11_a_save_the_game_wrote_loads_without_question(tmp_path):
    path = tmp_path / "good.arena.json"
    _save_data(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["digest"].startswith("sha256:")
    setup, _ = read_save(path)
    assert setup.seed == 3


def _lava_match(roster: Path):
    setup = setup_for_map(str(DATA / "maps" / "dead-by-spawn.toml"), roster, seed=1)
    from arena_game.core.settings import RulesSettings, TeamSettings

    allowed = RulesSettings(teams=TeamSettings(suicide_allowed=True))
    return replace(setup, turn_order=["r1", "b1", "r2", "b2"], settings=allowed)


def _ids(path: Path) -> list[str]:
    return [f.id for t in load_teams(path) for f in t.fighters]


def test_defect_11_a_save_names_a_roster_the_player_did_not_choose_it_is_never_rewritten(tmp_path, monkeypatch):
    target = tmp_path / "precious.toml"  # any TOML file of the player's that a sent save aims at
    shutil.copy(DATA / "teams" / "mirror.toml", target)
    sent = MatchController(_lava_match(target), roster=target)
    path = sent.save(tmp_path / "sent.arena.json")
    monkeypatch.setattr(controller, "CHOSEN_ROSTERS", set())  # another session: the player chose nothing
    loaded = MatchController.load(path)
    assert loaded.roster is None and loaded.roster_unchosen == str(target.resolve())
    loaded.apply({"kind": "walk", "to": (2, 1)})  # into the lava
    loaded.apply({"kind": "suicide_verdict", "target": "r1", "spared": False})  # lost for good (R9.2)
    assert loaded.state.lost_for_good == ["r1"]
    assert _ids(target) == ["r1", "r2", "b1", "b2"]  # untouched
    asked = MatchController.load(path, keep_roster=True)  # the player asked: `resume --keep-roster`
    assert asked.roster == target.resolve()
    asked.apply({"kind": "walk", "to": (2, 1)})
    asked.apply({"kind": "suicide_verdict", "target": "r1", "spared": False})
    assert _ids(target) == ["r2", "b1", "b2"]


def test_defect_11_the_window_says_the_unchosen_roster_is_left_untouched(tmp_path, monkeypatch, fresh_pygame):
    from tests.ui_driver import board, open_app

    target = tmp_path / "r.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", target)
    path = MatchController(_lava_match(target), roster=target).save(tmp_path / "m.arena.json")
    monkeypatch.setattr(controller, "CHOSEN_ROSTERS", set())
    app = open_app(MatchController.load(path), lang="en")
    assert board(app).hud.log_lines[-1].startswith(f"R9.2: this save names the roster file {target.resolve()}, which was not chosen")


def test_defect_10_stale_temporaries_of_a_dead_writer_are_removed_on_start(tmp_path, monkeypatch):
    folder = autosave_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    stale = folder / f".autosave.arena.json.{dead_pid}.abc123.tmp"
    stale.write_text("{half", encoding="utf-8")
    live = folder / f".autosave.arena.json.{os.getpid()}.def456.tmp"  # our own: a write in progress
    live.write_text("{half", encoding="utf-8")
    assert main(["resume", "--frames", "0"]) == 2  # nothing to resume, but the start cleans up
    assert not stale.exists() and live.exists()
    assert clean_stale_temporaries(folder) == []


def test_defect_10_a_hard_kill_during_autosave_leaves_none_behind_for_long(tmp_path):
    env = {**os.environ, "ARENA_GAME_DATA": str(tmp_path / "data")}
    writer = (
        "from arena_game.ui.controller import MatchController, setup_for_map\n"
        "c = MatchController(setup_for_map('arene-classique', None, seed=1))\n"
        "save = c.to_save()\n"
        "from arena_game.formats.save import write_autosave\n"
        "print('ready', flush=True)\n"
        "while True:\n    write_autosave(save)\n"
    )
    for _ in range(8):
        child = subprocess.Popen([sys.executable, "-c", writer], env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        child.wait()
    done = subprocess.run([sys.executable, "-m", "arena_game", "resume", "--frames", "0"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "data").glob(".*.tmp")) == []
    # and the autosave is whole (or, killed between its two renames, the previous one is)
    assert any((tmp_path / "data" / name).is_file() for name in ("autosave.arena.json", "autosave.previous.arena.json"))
    for whole in (tmp_path / "data").glob("autosave*.arena.json"):
        read_save(whole)
