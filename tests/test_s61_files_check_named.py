"""`check` with a shipped map's name typed in other capitals or misspelt said only "file not
found", while play, render, simulate and sweep named the nearest shipped map (`map_named`): it
now says so too, in its own one-line-per-path format, in the player's language, and checks the
other maps it is given."""

from __future__ import annotations

import json

import pytest

from arena_game.resources import find_map
from tests.file_faults import cli_fault, run_cli

SHIPPED = "arene-classique, arene-inondee, fosse-de-lave, labyrinthe, marais-acides, tutoriel"


def test_s61_check_names_the_nearest_shipped_map_in_english(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, err, out = run_cli(capsys, "check", "ARENE-CLASSIQUE", "--lang", "en")
    assert (code, err) == (2, [])
    assert out.splitlines() == [
        "ARENE-CLASSIQUE: error [file-problem] file not found, nor is a shipped map named so: did you mean "
        f"'arene-classique'? (shipped maps: {SHIPPED})"]


def test_s61_check_names_the_nearest_shipped_map_in_french(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, err, out = run_cli(capsys, "check", "arene-clasique", "--lang", "fr")
    assert (code, err) == (2, [])
    assert out.splitlines() == [
        "arene-clasique : erreur [file-problem] fichier introuvable, et aucune carte fournie ne porte ce nom : "
        f"vouliez-vous dire 'arene-classique' ? (cartes fournies : {SHIPPED})"]


def test_s61_check_goes_on_with_the_other_maps_and_in_json(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, err, out = run_cli(capsys, "check", "labyrinth", "tutoriel", "--lang", "en")
    assert (code, err) == (2, [])
    lines = out.splitlines()
    assert lines[0] == ("labyrinth: error [file-problem] file not found, nor is a shipped map named so: "
                        f"did you mean 'labyrinthe'? (shipped maps: {SHIPPED})")
    assert lines[1].startswith(f"{find_map('tutoriel')} (")
    code, err, out = run_cli(capsys, "check", "xyz", "--json")
    assert (code, err) == (2, [])
    [report] = json.loads(out)
    assert report["map"] == "xyz"
    assert [e["message"] for e in report["errors"]] == [
        f"xyz: file not found, nor is a shipped map named so (shipped maps: {SHIPPED})"]


def test_s61_check_keeps_its_line_for_a_path_or_a_file_here_in_other_capitals(capsys, tmp_path, monkeypatch):
    asked = tmp_path / "arene-clasique.toml"
    code, _, out = run_cli(capsys, "check", asked, "--lang", "en")
    assert (code, out.splitlines()) == (2, [f"{asked}: error [file-problem] file not found"])
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Arena.toml").write_bytes(find_map("arene-classique").read_bytes())
    code, _, out = run_cli(capsys, "check", "arena.toml", "--lang", "en")
    assert code == 2
    assert out.startswith("arena.toml: error [file-problem] file not found: 'Arena.toml' is there, the same name")


def test_s61_a_scenario_naming_a_misspelt_shipped_map_names_the_nearest(capsys, tmp_path, monkeypatch):
    """A scenario's `map = "arene-clasique"` said only "no map file or shipped map named …": the
    nearest shipped map is now named, and the others; a name near none keeps its line."""
    monkeypatch.chdir(tmp_path)
    for name, said_en, said_fr in (
            ("ARENE-CLASSIQUE", ": did you mean 'arene-classique'? (shipped maps: {})",
             " : vouliez-vous dire 'arene-classique' ? (cartes fournies : {})"),
            ("zzz", "", "")):  # near no shipped map: the line as before
        (tmp_path / "s.toml").write_text(f'title = "x"\nmap = "{name}"\n', encoding="utf-8")
        line = cli_fault(capsys, "scenario", "s.toml", "--lang", "en")
        assert line == f"arena-game: s.toml: map: no map file or shipped map named '{name}'" + said_en.format(SHIPPED)
        line = cli_fault(capsys, "scenario", "s.toml", "--lang", "fr")
        assert line == (f"arena-game : s.toml : map : aucun fichier de carte ni carte livrée nommé '{name}'"
                        + said_fr.format(SHIPPED))


def test_s61_a_scenario_naming_a_missing_path_keeps_its_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.toml").write_text('title = "x"\nmap = "maps/arene-clasique.toml"\n', encoding="utf-8")
    assert cli_fault(capsys, "scenario", "s.toml", "--lang", "en") == (
        "arena-game: s.toml: map: no map file or shipped map named 'maps/arene-clasique.toml'")


@pytest.mark.parametrize("argv", [["play", "--frames", "0"], ["render", "-o", "out.png"]])
def test_s61_a_name_too_long_for_a_file_is_said_so_not_a_misspelt_map(argv, capsys, tmp_path, monkeypatch):
    """`map_named` took a name the system refuses (300 letters: "File name too long") for a
    misspelt shipped map's and listed the shipped maps; the loader's line says why now, as
    `check` said it before it named the shipped maps too."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "C")
    long = "A" * 300
    assert cli_fault(capsys, argv[0], long, *argv[1:]) == f"arena-game: {long}: cannot be read (File name too long)"
    code, _, out = run_cli(capsys, "check", long)
    assert (code, out.splitlines()) == (2, [f"{long}: error [file-problem] cannot be read (File name too long)"])
