"""Session 62: a French fault joined its file, its place and its words with the English colon
(`m.toml: gird: clé inconnue`), while every other French colon of the catalog has a space before
it. The separator now comes from the catalog (`file_fault.separator`); the file's own address
(`m.toml:4:7`) keeps its colons, and English lines are as they were."""

from __future__ import annotations

from arena_game.formats.problems import keyed
from tests.file_faults import cli_fault, run_cli

GRID = 'name = "m"\ngird = """\n#####\n#1.2#\n#####\n"""\n'


def test_s62_a_french_fault_has_a_space_before_each_colon_that_joins_it():
    fault = keyed("m.toml", "unknown_key", line=4, column=7, field="gird")
    assert fault.in_language("fr") == "m.toml:4:7 : gird : clé inconnue"
    assert fault.in_file("fr") == "4:7 : gird : clé inconnue"
    assert fault.place("fr") == "m.toml:4:7 : gird"
    assert fault.in_language("en") == fault.one_line() == "m.toml:4:7: gird: unknown key"
    assert fault.in_file("en") == "4:7: gird: unknown key"


def test_s62_the_terminal_and_check_say_it_so(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(GRID, encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "fr", path) == (
        f"arena-game : {path} : gird : clé inconnue (vouliez-vous dire `grid` ?)")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", path) == (
        f"arena-game: {path}: gird: unknown key (did you mean `grid`?)")
    code, _, out = run_cli(capsys, "check", "--lang", "fr", path)
    assert (code, out.splitlines()) == (2, [
        f"{path} : erreur [file-problem] gird : clé inconnue (vouliez-vous dire `grid` ?)"])

