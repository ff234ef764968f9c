"""Session 50: a file of another kind than asked (a scenario given as a map, a teams file as
rules, a save as a map, a Tiled map as a save…) is said to be what it is. Each loader said its
first key instead: `name: required key is missing (and 8 more)`, `teams: should be a table of
keys, not a list`, `version: should be 1, 2 or 3, not the text '1.10' (and 19 more)`."""

from __future__ import annotations

import shutil

from arena_game.ui.controller import MatchController, setup_for_map
from tests.file_faults import ROOT, cli_fault, run_cli

MAP = ROOT / "maps/tutoriel.toml"
TEAMS = ROOT / "arena_game/data/teams/default.toml"
RULES = ROOT / "docs/rules.example.toml"
SCENARIO = ROOT / "scenarios/basics/jump.toml"
TMJ = ROOT / "maps/arene-inondee.tmj"


def a_save(tmp_path):
    return MatchController(setup_for_map("tutoriel", None, seed=2)).save(tmp_path / "m.arena.json")


def test_s50_a_scenario_a_teams_or_a_rules_file_given_as_a_map(capsys):
    assert cli_fault(capsys, "play", SCENARIO, "--frames", "0") == (
        f"arena-game: {SCENARIO}: is a scenario file, not a map: play it with arena-game scenario FILE")
    assert cli_fault(capsys, "render", TEAMS, "-o", "x.png") == f"arena-game: {TEAMS}: is a teams file, not a map"
    assert cli_fault(capsys, "play", RULES, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {RULES} : est un fichier de règles, pas une carte")


def test_s50_a_map_a_scenario_or_a_rules_file_given_as_teams_or_rules(capsys):
    assert cli_fault(capsys, "play", "--teams", MAP, "--frames", "0") == (
        f"arena-game: {MAP}: is a map file, not a teams file: play on it with arena-game play FILE")
    assert cli_fault(capsys, "check", "tutoriel", "--teams", RULES) == f"arena-game: {RULES}: is a rules file, not a teams file"
    assert cli_fault(capsys, "play", "--rules", TEAMS, "--frames", "0") == f"arena-game: {TEAMS}: is a teams file, not a rules file"
    assert cli_fault(capsys, "play", "--rules", SCENARIO, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {SCENARIO} : est un scénario, pas un fichier de règles : jouez-le avec arena-game scenario FICHIER")


def test_s50_a_map_or_a_teams_file_given_as_a_scenario(capsys):
    assert cli_fault(capsys, "scenario", MAP) == (
        f"arena-game: {MAP}: is a map file, not a scenario: play on it with arena-game play FILE")
    assert cli_fault(capsys, "scenario", TEAMS) == f"arena-game: {TEAMS}: is a teams file, not a scenario"


def test_s50_a_save_given_as_a_map_and_tiled_files_given_as_a_save(tmp_path, capsys):
    save = a_save(tmp_path)
    assert cli_fault(capsys, "play", save, "--frames", "0") == (
        f"arena-game: {save}: is a saved match, not a map: continue it with arena-game resume FILE")
    assert cli_fault(capsys, "resume", TMJ, "--frames", "0") == f"arena-game: {TMJ}: is a map (a Tiled file), not a save"
    tileset = ROOT / "maps/arena-tiles.tsj"
    assert cli_fault(capsys, "resume", tileset, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {tileset} : est un jeu de tuiles (un fichier Tiled), pas une sauvegarde")


def test_s50_check_folder_says_a_save_beside_the_maps_is_one(tmp_path, capsys):
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(MAP, folder / "tutoriel.toml")
    save = a_save(tmp_path)
    shutil.copy(save, folder / "m.arena.json")
    code, lines, out = run_cli(capsys, "check", folder)
    assert (code, lines) == (0, []), out
    assert out.splitlines()[0] == f"{folder / 'm.arena.json'}: skipped (a save, not a map)"  # was "a JSON file of another kind"


def test_s50_a_file_of_its_own_kind_keeps_its_own_fault(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(MAP.read_text(encoding="utf-8").replace('name = "', 'nam = "', 1), encoding="utf-8")
    assert cli_fault(capsys, "play", path, "--frames", "0") == f"arena-game: {path}: nam: unknown key (did you mean `name`?)"
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIO.read_text(encoding="utf-8").replace("title =", "titel =", 1), encoding="utf-8")
    assert cli_fault(capsys, "scenario", scenario) == f"arena-game: {scenario}: titel: unknown key (did you mean `title`?)"
    rules = tmp_path / "r.toml"
    rules.write_text("[teams]\nchest_limit = -1\n", encoding="utf-8")  # a rules file's [teams] is no teams file
    assert cli_fault(capsys, "play", "--rules", rules, "--frames", "0") == (
        f"arena-game: {rules}: teams.chest_limit: should be at least 0, not the number -1")


def test_s50_a_toml_file_of_the_game_given_as_a_save(capsys):
    # was "…:1:1: JSON syntax error: Expecting value"
    assert cli_fault(capsys, "resume", SCENARIO, "--frames", "0") == (
        f"arena-game: {SCENARIO}: is a scenario file, not a save: play it with arena-game scenario FILE")
    assert cli_fault(capsys, "resume", TEAMS, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {TEAMS} : est un fichier d'équipes, pas une sauvegarde")


def test_s50_a_broken_save_keeps_its_json_fault(tmp_path, capsys):
    path = tmp_path / "s.arena.json"
    path.write_text('{"format": "arena-save",\n "seed": ', encoding="utf-8")
    assert cli_fault(capsys, "resume", path, "--frames", "0") == (
        f"arena-game: {path}:2:10: JSON syntax error: Expecting value")


def test_s50_a_save_or_a_tiled_file_given_as_a_toml_file(tmp_path, capsys):
    # was "…:1:1: TOML syntax error: Invalid statement"
    save = a_save(tmp_path)
    assert cli_fault(capsys, "scenario", save) == (
        f"arena-game: {save}: is a saved match, not a scenario: continue it with arena-game resume FILE")
    assert cli_fault(capsys, "play", "--teams", save, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {save} : est une partie sauvegardée, pas un fichier d'équipes : reprenez-la avec arena-game resume FICHIER")
    assert cli_fault(capsys, "play", "--rules", TMJ, "--frames", "0") == f"arena-game: {TMJ}: is a map (a Tiled file), not a rules file"


def test_s50_a_broken_toml_file_keeps_its_syntax_fault(tmp_path, capsys):
    path = tmp_path / "t.toml"
    path.write_text('[[teams]]\nid = "a"\nname = = "A"\n', encoding="utf-8")
    assert cli_fault(capsys, "play", "--teams", path, "--frames", "0") == (
        f"arena-game: {path}:3:8: TOML syntax error: Invalid value")


def test_s50_check_folder_passes_over_the_game_s_other_toml_files(tmp_path, capsys):
    folder = tmp_path / "maps"
    folder.mkdir()
    for path in (MAP, SCENARIO, TEAMS, RULES):
        shutil.copy(path, folder / path.name)
    (folder / "broken.toml").write_text("name = = 1\n", encoding="utf-8")  # still checked: its fault is shown
    code, lines, out = run_cli(capsys, "check", folder)
    assert (code, lines) == (2, []), out
    assert out.splitlines()[:4] == [  # each was "error [file-problem] …: name: required key is missing (and N more)"
        f"{folder / 'default.toml'}: skipped (a teams file, not a map)",
        f"{folder / 'jump.toml'}: skipped (a scenario, not a map)",
        f"{folder / 'rules.example.toml'}: skipped (a rules file, not a map)",
        f"{folder / 'broken.toml'}: error [file-problem] 1:8: TOML syntax error: Invalid value",
    ]
    assert out.splitlines()[4] == f"{folder / 'tutoriel.toml'} (Petite arène du tutoriel): ok"
