"""`check` with a shipped map's name typed in other capitals or misspelt said only "file not
found", while play, render, simulate and sweep named the nearest shipped map (`map_named`): it
now says so too, in its own one-line-per-path format, in the player's language, and checks the
other maps it is given."""

from __future__ import annotations

import json

from arena_game.resources import find_map
from tests.file_faults import run_cli

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
