"""Session 59's hunt (docs/fuzzing.md, "Found by the hunt of 2026-12-07 (session 59)"): a
scenario holding a `map` and nothing a scenario alone holds (no teams, placements or actions:
a map played as it is, or under its `rules`) was read by `check FOLDER` as a broken map
(`name: required key is missing (and 3 more)`, exit code 2), and given as a map was said by
that first key; it is a scenario, passed over and said to be one."""

from __future__ import annotations

import shutil

import pytest

from arena_game.formats.file_kinds import arena_kind
from arena_game.resources import find_map
from tests.file_faults import cli_fault, run_cli

SCENARIOS = {
    "alone": 'map = "m.toml"\n',
    "described": 'map = "m.toml"\ndescription = "the tutorial room"\n',
    "house rules": 'map = "m.toml"\n\n[rules.push]\nsquares = 2\n',
    "inline map": 'description = "x"\n\n[map]\nname = "Salle"\ngrid = """\n#########\n#111.222#\n#########\n"""\n',
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_s59_a_scenario_of_a_map_alone_is_passed_over_in_a_checked_folder(tmp_path, capsys, name):
    shutil.copy(find_map("tutoriel"), tmp_path / "m.toml")
    (tmp_path / "s.toml").write_text(SCENARIOS[name], encoding="utf-8")
    code, _, out = run_cli(capsys, "check", "--lang", "en", tmp_path)
    assert f"{tmp_path / 's.toml'}: skipped (a scenario, not a map)" in out, out
    assert code == 0, out


@pytest.mark.parametrize("name", SCENARIOS)
def test_s59_a_scenario_of_a_map_alone_given_as_a_map_is_said_to_be_one(tmp_path, capsys, name):
    shutil.copy(find_map("tutoriel"), tmp_path / "m.toml")
    path = tmp_path / "s.toml"
    path.write_text(SCENARIOS[name], encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", path)
    assert line == f"arena-game: {path}: is a scenario file, not a map: play it with arena-game scenario FILE"
    code, lines, _ = run_cli(capsys, "scenario", "--lang", "en", path)
    assert code == 0, lines


@pytest.mark.parametrize("data", [
    {"map": "m.toml", "colour": "red"},  # a key no scenario takes: no kind told
    {"map": 3},  # nor a `map` that names no map
    {"grid": "#", "map": "m.toml"},
])
def test_s59_a_map_key_beside_keys_no_scenario_takes_is_no_scenario(data):
    assert arena_kind(data) is None
