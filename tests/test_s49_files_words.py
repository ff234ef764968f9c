"""Session 49: a TOML date or time where a number or a text belongs was said as "not something
else"; it is now named (`not the date 1979-05-27`), in teams, rules and native maps alike."""

from __future__ import annotations

from tests.file_faults import cli_fault, teams_with


def test_s49_a_toml_date_is_named_as_a_date(tmp_path, capsys):
    path = teams_with(tmp_path, "height_cm = 195", "height_cm = 1979-05-27")
    assert cli_fault(capsys, "check", "arene-classique", "--teams", path) == (
        f"arena-game: {path}: teams[0].fighters[0].height_cm: should be a whole number, not the date 1979-05-27")


def test_s49_a_toml_date_and_time_is_named_as_a_date(tmp_path, capsys):
    path = teams_with(tmp_path, 'name = "Brakka"', "name = 1979-05-27T07:32:00Z")
    assert cli_fault(capsys, "check", "arene-classique", "--teams", path) == (
        f"arena-game: {path}: teams[0].fighters[0].name: should be text in quotes, not the date 1979-05-27T07:32:00+00:00")


def test_s49_a_toml_time_is_named_in_french_too(tmp_path, capsys):
    path = teams_with(tmp_path, "pv = 30", "pv = 07:32:00")
    assert cli_fault(capsys, "check", "arene-classique", "--teams", path, "--lang", "fr") == (
        f"arena-game : {path} : teams[0].fighters[0].pv : devrait être un nombre entier, pas l'heure 07:32:00")


def test_s49_a_native_map_grid_given_as_a_date(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text('name = "x"\ngrid = 1979-05-27\n', encoding="utf-8")
    code_line = cli_fault(capsys, "play", "--frames", "0", path)
    assert code_line == f"arena-game: {path}: grid: should be text in quotes, not the date 1979-05-27"
