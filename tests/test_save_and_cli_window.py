"""Save files (seed + map + rules + teams + actions, replayed exactly), the autosave, and the
window commands: `arena-game` with no argument, `arena-game resume` (headless, N frames)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena_game.formats.problems import FileProblem
from arena_game.formats.save import autosave_path, previous_autosave_path, read_save, seal
from arena_game.ui.controller import MatchController, setup_for_map

ROOT = Path(__file__).resolve().parent.parent


def _played(seed: int = 4) -> MatchController:
    ctrl = MatchController(setup_for_map("arene-classique", None, seed))
    for _ in range(6):  # walk where the core allows, end the turn: dice roll for flights and initiative
        from arena_game.core.queries import walk_options

        legal = [sq for sq, err in walk_options(ctrl.state).items() if err is None]
        if legal:
            ctrl.apply({"kind": "walk", "to": legal[0]})
        ctrl.apply({"kind": "end_turn"})
    return ctrl


def test_save_replays_every_event_byte_for_byte(tmp_path):
    ctrl = _played()
    path = ctrl.save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "arena-save" and data["seed"] == 4 and len(data["actions"]) == len(ctrl.actions)
    again = MatchController.load(path)
    assert [e.model_dump_json() for e in again.log] == [e.model_dump_json() for e in ctrl.log]
    assert again.state.active.id == ctrl.state.active.id


def test_corrupt_save_is_one_line_naming_the_file_and_field(tmp_path):
    ctrl = _played()
    path = ctrl.save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0]["kind"] = "fly"
    bad = tmp_path / "bad.arena.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        read_save(bad)
    assert str(e.value).startswith(f"{bad}: actions[0]")
    truncated = tmp_path / "cut.arena.json"
    truncated.write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        read_save(truncated)
    assert "JSON syntax error" in str(e.value) and "\n" not in str(e.value)


def test_autosave_keeps_the_previous_one():
    ctrl = _played()
    ctrl.write_autosave()
    first = autosave_path().read_text(encoding="utf-8")
    ctrl.apply({"kind": "end_turn"})
    ctrl.write_autosave()
    assert previous_autosave_path().read_text(encoding="utf-8") == first
    assert autosave_path().read_text(encoding="utf-8") != first
    assert not [p for p in autosave_path().parent.iterdir() if p.name.endswith(".tmp")]


def _cli(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ARENA_GAME_DATA=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # the package itself must hide pygame's banner
    return subprocess.run([sys.executable, "-m", "arena_game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_arena_game_with_no_argument_opens_the_default_match_and_exits_cleanly(tmp_path):
    r = _cli("--frames", "3", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert r.stdout == ""  # no pygame banner or other noise


def test_resume_continues_the_autosave_and_a_corrupt_one_is_one_line_exit_2(tmp_path):
    data = tmp_path / "data"
    r = _cli("resume", "--frames", "1", data=data)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "no match to resume" in r.stderr
    r = _cli("resume", "--frames", "1", "--lang", "fr", data=data)
    assert r.returncode == 2 and r.stderr.startswith("arena-game : aucun match à reprendre pour l'instant (")
    ctrl = _played()
    ctrl.write_autosave()
    r = _cli("resume", "--frames", "2", data=data)
    assert r.returncode == 0, r.stderr
    auto = data / "autosave.arena.json"
    auto.write_text("{ not json", encoding="utf-8")
    r = _cli("resume", "--frames", "1", data=data)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "autosave.arena.json:1:3: JSON syntax error" in r.stderr
    assert auto.read_text(encoding="utf-8") == "{ not json"  # never overwritten by a failed resume


def test_a_save_whose_action_the_rules_refuse_on_replay_is_one_line(tmp_path):
    ctrl = _played()
    path = ctrl.save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].insert(0, {"kind": "walk", "to": [0, 0]})  # a wall corner, far from anyone
    bad = tmp_path / "refused.arena.json"
    bad.write_text(json.dumps(seal(data)), encoding="utf-8")  # sealed: not refused as edited
    with pytest.raises(FileProblem) as e:
        MatchController.load(bad)
    assert str(e.value).startswith(f"{bad}: actions[0]: refused on replay: R")


def test_a_new_match_archives_the_last_matchs_autosave_instead_of_losing_it():
    old = _played(seed=4)
    old.write_autosave()
    old_text = autosave_path().read_text(encoding="utf-8")
    resumed = MatchController.load(autosave_path())
    resumed.write_autosave()  # the same match goes on: nothing archived
    assert not list((autosave_path().parent / "saves").glob("autosave-*"))
    new = _played(seed=9)
    new.write_autosave()
    archived = list((autosave_path().parent / "saves").glob("autosave-*.arena.json"))
    assert len(archived) == 1 and archived[0].read_text(encoding="utf-8") == old_text
    assert json.loads(autosave_path().read_text(encoding="utf-8"))["seed"] == 9


def test_one_user_data_folder_for_saves_lessons_and_sprite_overrides(monkeypatch, tmp_path):
    from arena_game.learn.lessons import progress_path
    from arena_game.render.sprites import user_sprites_dir

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    assert autosave_path().parent == tmp_path
    assert progress_path().parent == tmp_path
    assert user_sprites_dir() == tmp_path / "sprites"
