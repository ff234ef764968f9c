"""A map named on the command line that is neither a file nor a shipped map: `ARENE-CLASSIQUE`
or `arene-clasique` said only "file not found"; the line now names the shipped maps, the
nearest first, in the player's language (`formats.mapfile.map_named`)."""

from __future__ import annotations

import pytest

from arena_game.resources import find_map
from tests.file_faults import cli_fault

SHIPPED = "arene-classique, arene-inondee, fosse-de-lave, labyrinthe, marais-acides, tutoriel"


@pytest.mark.parametrize("argv", [["play", "--frames", "0"], ["render", "-o", "out.png"],
                                  ["simulate", "--matches", "1", "--no-progress"], ["sweep", "--maps"]])
def test_s60_a_shipped_map_typed_in_other_capitals_is_named_back(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "C")  # English (`render` has no --lang: the locale's language)
    cmd, rest = argv[0], argv[1:]
    args = [cmd, *rest, "ARENE-CLASSIQUE"] if cmd == "sweep" else [cmd, "ARENE-CLASSIQUE", *rest]
    if cmd == "sweep":
        args += ["--matches", "1", "--no-progress", "--out", "sw"]
    assert cli_fault(capsys, *args) == (
        f"arena-game: ARENE-CLASSIQUE: file not found, nor is a shipped map named so: did you mean "
        f"'arene-classique'? (shipped maps: {SHIPPED})")
    assert not (tmp_path / "out.png").exists()


def test_s60_a_misspelt_map_name_is_said_in_french_with_the_nearest(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli_fault(capsys, "play", "labyrinth", "--frames", "0", "--lang", "fr") == (
        "arena-game : labyrinth : fichier introuvable, et aucune carte fournie ne porte ce nom : vouliez-vous "
        f"dire 'labyrinthe' ? (cartes fournies : {SHIPPED})")


def test_s60_a_name_near_no_shipped_map_lists_them_all(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli_fault(capsys, "play", "xyz", "--frames", "0", "--lang", "en") == (
        f"arena-game: xyz: file not found, nor is a shipped map named so (shipped maps: {SHIPPED})")


def test_s60_a_path_or_a_file_here_in_other_capitals_keeps_its_own_line(capsys, tmp_path, monkeypatch):
    asked = tmp_path / "arene-clasique.toml"
    assert cli_fault(capsys, "play", asked, "--frames", "0", "--lang", "en") == f"arena-game: {asked}: file not found"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Arena.toml").write_bytes(find_map("arene-classique").read_bytes())
    line = cli_fault(capsys, "play", "arena.toml", "--frames", "0", "--lang", "en")
    assert line.startswith("arena-game: arena.toml: file not found: 'Arena.toml' is there, the same name in other capitals")
