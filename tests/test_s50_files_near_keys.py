"""Session 50: an unknown key a slip away from one its table takes is said with the key it most
likely meant ("did you mean"), in teams, rules, scenarios, native maps and saves; a key given
for a required one (`pf` for `pv`) was said as the required key missing, "(and 1 more)"."""

from __future__ import annotations

import json

import pytest

from arena_game.formats.near_keys import keys_at, near_key, slips
from arena_game.formats.save import seal
from arena_game.formats.teamfile import TeamsFile
from arena_game.ui.controller import MatchController, setup_for_map
from tests.file_faults import ROOT, cli_fault, teams_with


def test_s50_an_unknown_key_in_a_teams_file_names_the_key_meant(tmp_path, capsys):
    path = teams_with(tmp_path, "pv = 30", "pv = 30\npvv = 3")
    assert cli_fault(capsys, "check", "arene-classique", "--teams", path) == (
        f"arena-game: {path}: teams[0].fighters[0].pvv: unknown key (did you mean `pv`?)")
    path = teams_with(tmp_path, "physique = 6", "phisique = 6")
    assert cli_fault(capsys, "check", "arene-classique", "--teams", path, "--lang", "fr") == (
        f"arena-game : {path} : teams[0].fighters[0].attributes.phisique : clé inconnue (vouliez-vous dire `physique` ?)")


def test_s50_a_required_key_mistyped_is_said_as_the_slip_not_as_missing(tmp_path, capsys):
    path = teams_with(tmp_path, "pv = 30", "pf = 30")  # was "….pv: required key is missing (and 1 more)"
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0") == (
        f"arena-game: {path}: teams[0].fighters[0].pf: unknown key (did you mean `pv`?)")
    path = teams_with(tmp_path, 'name = "Brakka"\nheight_cm = 195\npv = 30', 'nme = "Brakka"\nheight_cm = 195\npf = 30')
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0") == (
        f"arena-game: {path}: teams[0].fighters[0].nme: unknown key (did you mean `name`?) (and 1 more)")


def test_s50_rules_files_and_a_scenario_s_rules_name_the_key_meant(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text("[movement]\nswim_square_per = 5\n", encoding="utf-8")
    assert cli_fault(capsys, "play", "--rules", rules, "--frames", "0") == (
        f"arena-game: {rules}: movement.swim_square_per: unknown key (did you mean `swim_squares_per`?)")
    rules.write_text("[dices]\ndie = 6\n", encoding="utf-8")
    assert cli_fault(capsys, "play", "--rules", rules, "--frames", "0") == (
        f"arena-game: {rules}: dices: unknown key (did you mean `dice`?)")
    scenario = tmp_path / "s.toml"
    scenario.write_text('map = "tutoriel"\n[rules.dice]\ndye = 6\n', encoding="utf-8")
    assert cli_fault(capsys, "scenario", scenario) == f"arena-game: {scenario}: rules.dice.dye: unknown key (did you mean `die`?)"


def test_s50_a_word_of_its_own_is_no_slip(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text("[magic_missiles]\ncount = 3\n", encoding="utf-8")
    assert cli_fault(capsys, "play", "--rules", rules, "--frames", "0") == f"arena-game: {rules}: magic_missiles: unknown key"


def test_s50_scenario_keys_and_action_fields_name_the_key_meant(tmp_path, capsys):
    text = (ROOT / "scenarios/basics/jump.toml").read_text(encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(text.replace("turn_order =", "turn_ordr =", 1), encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: turn_ordr: unknown key (did you mean `turn_order`?)"
    path.write_text(text.replace("over = [2, 1]", "ovr = [2, 1]", 1), encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: actions[0].ovr: unknown key (did you mean `over`?)"
    path.write_text(text.replace("[map]\n", "[map]\nlabyrith = true\n", 1), encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: map.labyrith: unknown key (did you mean `labyrinth`?)"


def test_s50_a_native_map_names_the_key_meant(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text((ROOT / "maps/tutoriel.toml").read_text(encoding="utf-8").replace("labyrinth =", "labyrith =", 1),
                    encoding="utf-8")
    assert cli_fault(capsys, "play", path, "--frames", "0") == f"arena-game: {path}: labyrith: unknown key (did you mean `labyrinth`?)"


def test_s50_a_save_names_the_key_meant_even_sealed(tmp_path, capsys):
    written = MatchController(setup_for_map("tutoriel", None, seed=2)).save(tmp_path / "w.arena.json")
    data = json.loads(written.read_text(encoding="utf-8"))
    data["rules"]["dice"]["dye"] = 6
    path = tmp_path / "s.arena.json"
    path.write_text(json.dumps(seal(data)), encoding="utf-8")
    assert cli_fault(capsys, "resume", path, "--frames", "0") == (
        f"arena-game: {path}: rules.dice.dye: unknown key (did you mean `die`?)")


@pytest.mark.parametrize("typed,meant", [("pf", "pv"), ("titel", "title"), ("dei", "die"), ("color", "colour"),
                                         ("swim_square_per", "swim_squares_per"), ("magic_missiles", None),
                                         ("nom", None), ("x" * 500, None), ("pv", None)])
def test_s50_near_key_takes_one_slip_per_four_letters(typed, meant):
    keys = ["pv", "title", "die", "colour", "swim_squares_per", "magic", "name"]
    assert near_key(typed, keys) == meant


def test_s50_slips_count_a_swap_as_one():
    assert (slips("titel", "title"), slips("kitten", "sitting"), slips("", "ab"), slips("ab", "ab")) == (1, 3, 2, 0)


def test_s50_keys_at_walks_lists_and_tables_of_the_model():
    assert "pv" in keys_at(TeamsFile, ("teams", 0, "fighters", 3))
    assert "physique" in keys_at(TeamsFile, ("teams", 0, "fighters", 0, "attributes"))
    assert keys_at(TeamsFile, ("teams", 0, "fighters", 0, "name")) is None  # a text takes no keys
