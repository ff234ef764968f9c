"""Save format 3: the save holds the digest of its event log, so the same actions played to
other results by another version of the game (same dice, other rules code) are told on
loading, in one line, instead of resuming a match the players never saw."""

from __future__ import annotations

import json

import pytest

from arena_game.core.rules import attack
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import log_digest, read_save, seal
from arena_game.ui.controller import MatchController
from tests.ui_driver import ui_match

GRID = "....\n...."
DUEL = {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (2, 0)}}


def _saved(tmp_path):
    # a hits b: attack 15 against dodge 2, location 10, damage 4
    ctrl = ui_match(GRID, DUEL, faces=[15, 2, 10, 4])
    ctrl.apply({"kind": "attack", "target": "b"})
    ctrl.apply({"kind": "end_turn"})
    return ctrl, ctrl.save(tmp_path / "duel.arena.json")


def test_a_save_holds_the_digest_of_its_events_and_loads_to_the_same_log(tmp_path):
    ctrl, path = _saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3 and data["events_digest"] == log_digest(ctrl.log)
    assert MatchController.load(path).log == ctrl.log


def test_the_same_actions_played_to_other_results_are_refused_in_one_line(tmp_path, monkeypatch, capsys):
    from arena_game.cli import main

    ctrl, path = _saved(tmp_path)
    harm = attack.harm
    monkeypatch.setattr(attack, "harm", lambda r, a, t, amount, loc: harm(r, a, t, amount + 1, loc))  # the same dice
    with pytest.raises(FileProblem) as refused:
        MatchController.load(path)
    assert refused.value.one_line() == (
        f"{path}: events_digest: its 2 actions give other results now than when it was saved: another version of "
        "arena-game wrote it, whose rules play them otherwise; to play them as this version does: "
        "arena-game resume --accept-edited FILE")
    assert refused.value.in_language("fr").startswith(f"{path} : events_digest : ses actions (2) donnent maintenant")
    assert main(["resume", str(path), "--frames", "0"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    played = MatchController.load(path, accept_edited=True)  # as this version plays it
    assert played.state.fighters["b"].pv == ctrl.state.fighters["b"].pv - 1


def test_a_version_2_save_without_the_digest_still_loads(tmp_path):
    ctrl, path = _saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 2
    del data["events_digest"], data["digest"]
    older = tmp_path / "v2.arena.json"
    older.write_text(json.dumps(seal(data)), encoding="utf-8")
    read_save(older)
    assert MatchController.load(older).log == ctrl.log


def test_the_digest_kept_as_the_log_grows_is_the_whole_logs_after_an_undo_too():
    ctrl = ui_match(GRID, DUEL, faces=[15, 2, 10, 4])
    ctrl.apply({"kind": "walk", "to": (1, 1)})
    assert ctrl.to_save().events_digest == log_digest(ctrl.log)
    assert ctrl.undo()
    ctrl.apply({"kind": "walk", "to": (2, 1)})  # as many events as the walk taken back
    assert ctrl.to_save().events_digest == log_digest(ctrl.log)
    ctrl.apply({"kind": "end_turn"})
    assert ctrl.to_save().events_digest == log_digest(ctrl.log)


def test_an_archived_autosave_never_replaces_a_file_even_one_named_in_the_same_second(tmp_path, monkeypatch):
    from pathlib import Path

    from arena_game.formats import save as saves

    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "autosave-20261205-030000.arena.json").write_text("another window's", encoding="utf-8")
    # as if each name were free when looked at (another window taking it just after): never looked at
    monkeypatch.setattr(Path, "exists", lambda self: False)
    moved = []
    for text in ("first", "second"):
        current = tmp_path / f"{text}.arena.json"
        current.write_text(text, encoding="utf-8")
        moved.append(saves._move_to_free_name(current, folder, "20261205-030000"))
        assert not current.is_file()
    assert [p.name for p in moved] == ["autosave-20261205-030000-2.arena.json", "autosave-20261205-030000-3.arena.json"]
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} == {
        "autosave-20261205-030000.arena.json": "another window's",
        "autosave-20261205-030000-2.arena.json": "first", "autosave-20261205-030000-3.arena.json": "second"}
