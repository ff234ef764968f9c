"""Save format versions: version 2 holds where the dice stood; a version 1 save (written
before the dice position) still loads to the same match; another version is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_game.core.summary import state_summary
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import read_save, seal
from arena_game.ui.controller import MatchController, setup_for_map

DATA = Path(__file__).resolve().parent / "data" / "saves"


def _played(seed: int = 4) -> MatchController:
    from arena_game.core.queries import walk_options

    ctrl = MatchController(setup_for_map("arene-classique", None, seed))
    for _ in range(4):
        legal = [sq for sq, err in walk_options(ctrl.state).items() if err is None]
        if legal:
            ctrl.apply({"kind": "walk", "to": legal[0]})
        ctrl.apply({"kind": "end_turn"})
    return ctrl


def test_a_save_holds_where_the_dice_stood_and_loading_ends_there(tmp_path):
    ctrl = _played()
    path = ctrl.save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    position = ctrl.match.dice_position
    assert data["version"] == 2 and data["dice_position"] == {"used": position.used, "drawn": position.drawn}
    assert position.drawn >= 6  # six fighters rolled initiative
    assert MatchController.load(path).match.dice_position == position


def test_a_save_whose_replay_leaves_the_dice_elsewhere_is_one_line(tmp_path):
    path = _played().save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["dice_position"]["drawn"] += 1  # as a game whose dice or rules differ would write it
    bad = tmp_path / "elsewhere.arena.json"
    bad.write_text(json.dumps(seal(data)), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        MatchController.load(bad)
    assert str(e.value).startswith(f"{bad}: dice_position: ") and "\n" not in str(e.value)


def test_a_version_1_save_from_before_the_dice_position_and_the_digest_loads_the_same_match():
    path = DATA / "version-1.arena.json"
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    expected = json.loads((DATA / "version-1.expected.json").read_text(encoding="utf-8"))
    ctrl = MatchController.load(path)
    assert [e.type for e in ctrl.log] == expected["event_types"]
    assert json.loads(json.dumps(state_summary(ctrl.state))) == expected["final"]


def test_a_save_of_another_version_is_refused_in_one_line_naming_it(tmp_path):
    data = json.loads((DATA / "version-1.arena.json").read_text(encoding="utf-8"))
    data["version"] = 3
    future = tmp_path / "future.arena.json"
    future.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        read_save(future)
    line = str(e.value)
    assert line.startswith(f"{future}: version: save format version 3 is not one this game reads (1 or 2)")
    assert "\n" not in line
