"""Save format versions: version 2 holds where the dice stood; a version 1 save (written
before the dice position and the digest) still loads to the same match when asked, since
nothing tells it from an edited one; another version is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_game.core.summary import state_summary
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import EditedSave, log_digest, read_save, seal
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
    assert data["version"] == 3 and data["dice_position"] == {"used": position.used, "drawn": position.drawn}
    assert data["events_digest"] == log_digest(ctrl.log)
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


def test_a_version_1_save_from_before_the_dice_position_and_the_digest_loads_the_same_match_when_asked():
    path = DATA / "version-1.arena.json"
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    expected = json.loads((DATA / "version-1.expected.json").read_text(encoding="utf-8"))
    ctrl = MatchController.load(path, accept_edited=True)
    assert [e.type for e in ctrl.log] == expected["event_types"]
    assert json.loads(json.dumps(state_summary(ctrl.state))) == expected["final"]


def test_a_save_of_another_version_is_refused_in_one_line_naming_it(tmp_path):
    data = json.loads((DATA / "version-1.arena.json").read_text(encoding="utf-8"))
    data["version"] = 4
    future = tmp_path / "future.arena.json"
    future.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        read_save(future)
    line = str(e.value)
    assert line.startswith(f"{future}: version: save format version 4 is not one this game reads (1, 2 or 3)")
    assert "\n" not in line


def test_defect_11_a_version_1_save_is_not_loaded_silently_as_nothing_tells_it_from_an_edited_one(tmp_path):
    with pytest.raises(EditedSave) as e:
        read_save(DATA / "version-1.arena.json")
    assert e.value.one_line() == (
        f"{DATA / 'version-1.arena.json'}: this save is in format version 1, from before saves carried a digest, "
        "so the game cannot tell it from one edited by hand; to load it anyway: arena-game resume --accept-edited FILE")


def _posing_as_version_1(tmp_path: Path, keep: tuple[str, ...]) -> Path:
    """A version 2 save the game wrote, edited (another seed) and relabelled version 1."""
    data = json.loads(_played().save(tmp_path / "m.arena.json").read_text(encoding="utf-8"))
    data.update(version=1, seed=data["seed"] + 1)
    for key in ("digest", "dice_position", "dice_mode", "board_changes", "events_digest"):
        if key not in keep:
            data.pop(key, None)
    edited = tmp_path / "edited.arena.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    return edited


def test_defect_11_an_edited_save_posing_as_version_1_is_refused_as_edited(tmp_path, capsys):
    from arena_game.cli import main

    edited = _posing_as_version_1(tmp_path, keep=())
    assert main(["resume", str(edited), "--frames", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"arena-game: {edited}: this save is in format version 1")
    assert err[0].endswith("to load it anyway: arena-game resume --accept-edited FILE")


@pytest.mark.parametrize("field", ["dice_position", "digest", "dice_mode", "events_digest"])
def test_defect_11_a_version_1_save_holding_a_field_of_version_2_is_refused_even_when_edits_are_accepted(tmp_path, field):
    edited = _posing_as_version_1(tmp_path, keep=(field,))
    with pytest.raises(FileProblem) as e:
        read_save(edited, accept_edited=True)
    assert e.value.one_line() == (
        f"{edited}: version: says version 1, but holds `{field}`, which only saves of version 2 or later have: "
        "the file was changed after the game wrote it")
