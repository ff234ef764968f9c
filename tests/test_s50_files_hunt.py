"""Session 50's hunt over the files other than maps: what a game master's folder of demo steps
or lessons, a scenario's `expect_refused` and a teams file of one team gave before."""

from __future__ import annotations

import os

from tests.file_faults import cli_fault, run_cli

GIF = ("--gif-dir", "gifs", "--size", "320x240")  # demo: GIFs, headless (a fault stops it first)


def test_s50_demo_steps_folder_missing_a_file_or_a_link_loop(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "steps.toml").write_text("x", encoding="utf-8")
    os.symlink("loop", tmp_path / "loop")
    # was "no demo step (*.toml) in this folder" for all three
    assert cli_fault(capsys, "demo", "--steps", "nowhere", *GIF) == "arena-game: nowhere: folder not found"
    assert cli_fault(capsys, "demo", "--steps", "steps.toml", *GIF) == "arena-game: steps.toml: is a file, not a folder"
    assert cli_fault(capsys, "demo", "--steps", "loop", *GIF) == (
        "arena-game: loop: cannot be read (Too many levels of symbolic links)")


def test_s50_demo_and_tutorial_folder_with_a_name_too_long(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "a" * 300  # was a traceback: OSError ENAMETOOLONG out of Path.is_dir
    assert cli_fault(capsys, "demo", "--steps", name, *GIF) == f"arena-game: {name}: cannot be read (File name too long)"
    assert cli_fault(capsys, "tutorial", "--lessons", name) == f"arena-game: {name}: cannot be read (File name too long)"


def test_s50_tutorial_lessons_folder_missing_or_a_file_in_french(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "l.toml").write_text("x", encoding="utf-8")
    assert cli_fault(capsys, "tutorial", "--lessons", "nowhere", "--lang", "fr") == "arena-game : nowhere : dossier introuvable"
    assert cli_fault(capsys, "tutorial", "--lessons", "l.toml", "--lang", "fr") == (
        "arena-game : l.toml : est un fichier, pas un dossier")


def test_s50_an_empty_folder_name_is_not_the_current_folder(tmp_path, capsys, monkeypatch):
    # a broken scenario in the current folder: read (and named) when "" meant "."
    monkeypatch.chdir(tmp_path)
    (tmp_path / "01.toml").write_text("title = 1\n", encoding="utf-8")
    assert cli_fault(capsys, "demo", "--steps", "", *GIF) == (
        "arena-game: error: argument --steps: an empty name is not a file (see arena-game --help)")
    assert cli_fault(capsys, "tutorial", "--lessons", "") == (
        "arena-game: error: argument --lessons: an empty name is not a file (see arena-game --help)")
    # --gif-dir "" was read as no --gif-dir: the demo opened its window
    assert cli_fault(capsys, "demo", "--gif-dir", "") == (
        "arena-game: error: argument --gif-dir: an empty name is not a file (see arena-game --help)")


SCENARIO = '''title = "two walks"
turn_order = ["kira", "odo"]

[map]
name = "m"
grid = """
#####
#...#
#...#
#####
"""

[[teams]]
id = "red"
name = "Rouges"
fighters = [{ id = "kira", name = "Kira", pv = 12 }]

[[teams]]
id = "blue"
name = "Bleus"
fighters = [{ id = "odo", name = "Odo", pv = 12 }]

[placements]
kira = [1, 1]
odo = [3, 2]

[[actions]]
kind = "walk"
to = [2, 1]

[[actions]]
kind = "walk"
to = [3, 1]
expect_refused = "RULE"
'''


def test_s50_scenario_refused_under_another_rule_than_expected(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.replace("RULE", "R2.4"), encoding="utf-8")
    # was "actions[1]: refused: R0.6: …" with no word of the R2.4 the file expects
    assert cli_fault(capsys, "scenario", path, "--lang", "en") == (
        f"arena-game: {path}: actions[1]: refused: R0.6: Kira has already moved this turn "
        "(the scenario expects a refusal under R2.4)")
    assert cli_fault(capsys, "scenario", path, "--lang", "fr") == (
        f"arena-game : {path} : actions[1] : refusé : R0.6 : Kira s'est déjà déplacé ce tour-ci "
        "(le scénario attend un refus selon R2.4)")


def test_s50_scenario_refused_under_the_rule_expected_plays_on(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.replace("RULE", "R0.6"), encoding="utf-8")
    code, lines, out = run_cli(capsys, "scenario", path, "--lang", "en")
    assert (code, lines) == (0, [])
    assert "R0.6" in out.splitlines()[-1]


def one_team_file(tmp_path):
    path = tmp_path / "solo.toml"
    path.write_text('[[teams]]\nid = "a"\nname = "Solo"\nfighters = [{ id = "a1", name = "A1", pv = 10 }]\n',
                    encoding="utf-8")
    return path


def test_s50_a_teams_file_of_one_team_is_refused_for_a_match(tmp_path, capsys):
    # was played: the lone team "won" a match over at its first action (simulate: 100 %)
    path = one_team_file(tmp_path)
    line = f"arena-game: {path}: teams: holds one team, 'Solo': a match needs at least two"
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0") == line
    assert cli_fault(capsys, "simulate", "arene-classique", "--teams", path, "--matches", "1", "--jobs", "1",
                     "--no-progress", "--out", tmp_path / "sim") == line
    assert cli_fault(capsys, "sweep", "--maps", "arene-classique", "--teams", "default", path, "--matches", "1",
                     "--jobs", "1", "--no-progress", "--out", tmp_path / "sweep") == line
    assert not (tmp_path / "sim").exists() and not (tmp_path / "sweep").exists()
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {path} : teams : ne contient qu'une équipe, 'Solo' : une partie en demande au moins deux")


def test_s50_a_teams_file_of_one_team_still_serves_check_and_scenarios(tmp_path, capsys):
    path = one_team_file(tmp_path)
    code, lines, _ = run_cli(capsys, "check", "arene-classique", "--teams", path)
    assert (code, lines) == (0, [])
    scenario = tmp_path / "s.toml"
    scenario.write_text('teams = "solo.toml"\nmap = "tutoriel"\n', encoding="utf-8")
    code, lines, _ = run_cli(capsys, "scenario", scenario)
    assert (code, lines) == (0, [])
