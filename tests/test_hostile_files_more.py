"""Hostile files and arguments tools/fuzz.py does not make: names with line breaks, escape
sequences or bytes that are not UTF-8, empty names, folders without maps, output folders that
are files, rules files that list faces without end or lift the map size limit, grids with
combining accents or escapes. Each: one line, exit code 2 (or a clean report), no traceback."""

import os
import shutil
from pathlib import Path

import pytest

from arena_game.formats.problems import one_line
from tests.file_faults import cli_fault, run_cli

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "maps" / "tutoriel.toml"
SWIM = ROOT / "scenarios" / "basics" / "swim.toml"


# -- names from files and from the command line ------------------------------------------------


def test_one_line_shows_bytes_that_are_not_utf8_in_a_file_name_as_replacement_characters():
    name = os.fsdecode(b"bad\xff\xfename.toml")
    shown = one_line(name)
    assert shown == "bad\ufffd\ufffdname.toml"
    shown.encode("utf-8")  # writable to a terminal, a CSV or a picture


def test_sweep_map_file_name_with_a_line_break_gives_a_one_line_label(capsys, tmp_path):
    src = tmp_path / "new\nline.toml"
    shutil.copy(TUTORIAL, src)
    code, lines, out = run_cli(capsys, "sweep", "--maps", src, "--matches", "1", "--jobs", "1", "--no-progress",
                           "--out", tmp_path / "out", "--lang", "en")
    assert code == 0, lines
    assert "new⏎line" in (tmp_path / "out" / "sweep.csv").read_text(encoding="utf-8")
    assert (tmp_path / "out" / "sweep.png").stat().st_size > 0


def test_sweep_rules_file_name_that_is_not_utf8_writes_the_csv(capsys, tmp_path):
    rules = Path(os.fsdecode(os.fsencode(str(tmp_path)) + b"/r\xff.toml"))
    rules.write_text("[dice]\ndie = 20\n")
    code, lines, _ = run_cli(capsys, "sweep", "--maps", TUTORIAL, "--rules", rules, "--matches", "1", "--jobs", "1",
                         "--no-progress", "--out", tmp_path / "out", "--lang", "en")
    assert code == 0, lines
    assert "r\ufffd" in (tmp_path / "out" / "sweep.csv").read_text(encoding="utf-8")


def test_simulate_report_neutralises_escape_sequences_in_map_and_team_names(capsys, tmp_path):
    game_map = tmp_path / "m.toml"
    game_map.write_text(TUTORIAL.read_text().replace('name = "Petite', 'name = "\\u001b[2J\\u001b[31mRed\\nline Petite'))
    teams = tmp_path / "t.toml"
    default = (ROOT / "arena_game/data/teams/default.toml").read_text()
    teams.write_text(default.replace('name = "Les Lions de Braise"', 'name = "\\u001b]0;pwned\\u0007Lions"'))
    code, lines, out = run_cli(capsys, "simulate", game_map, "--teams", teams, "--matches", "1", "--jobs", "1",
                           "--no-progress", "--out", tmp_path / "heat", "--lang", "en")
    assert code == 0, lines
    assert "\x1b" not in out and "\x07" not in out
    assert "Red⏎line" in out.splitlines()[0]


def test_scenario_log_neutralises_line_breaks_and_escapes_in_fighter_names(capsys, tmp_path):
    scenario = tmp_path / "s.toml"
    scenario.write_text(SWIM.read_text(encoding="utf-8").replace('name = "Naïa"', 'name = "\\u001b[31mNa\\nia"'),
                        encoding="utf-8")
    code, _, out = run_cli(capsys, "scenario", scenario, "--lang", "en")
    assert code == 0
    assert "\x1b" not in out
    assert any("\ufffd[31mNa⏎ia" in line for line in out.splitlines())


# -- empty names, folders, outputs ------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["check", ""], ["check", "tutoriel", "--teams", ""], ["play", "", "--frames", "0"],
    ["play", "tutoriel", "--rules", "", "--frames", "0"], ["play", "tutoriel", "--teams", "", "--frames", "0"],
    ["resume", "", "--frames", "0"], ["scenario", ""], ["simulate", "tutoriel", "--rules", ""],
    ["sweep", "--maps", "tutoriel", "--teams", ""], ["render", "", "-o", "x.png"],
])
def test_empty_file_name_argument_is_refused_not_read_as_the_default_or_the_current_folder(capsys, argv):
    line = cli_fault(capsys, *argv)
    assert line.startswith("arena-game: error: argument ")
    assert line.endswith("an empty name is not a file (see arena-game --help)")


def test_check_folder_without_map_files_is_refused_not_reported_clean(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("nothing")
    line = cli_fault(capsys, "check", tmp_path)
    assert line == f"arena-game: {tmp_path}: is a folder that holds no map file (.toml, .tmj, .tmx or .json)"


def test_simulate_out_naming_a_file_is_one_line_not_a_traceback(capsys, tmp_path):
    (tmp_path / "afile").write_text("")
    line = cli_fault(capsys, "simulate", "tutoriel", "--matches", "1", "--jobs", "1", "--no-progress",
                     "--out", tmp_path / "afile" / "sub")
    assert line == f"arena-game: {tmp_path / 'afile' / 'sub'}: cannot be written (Not a directory)"


# -- rules files --------------------------------------------------------------------------------


def test_rules_list_of_faces_longer_than_the_largest_die_is_refused(capsys, tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("[dice]\ncritical_success = [" + ", ".join(["20"] * 100_000) + "]\n")
    line = cli_fault(capsys, "play", "tutoriel", "--rules", rules, "--frames", "0")
    assert line == f"arena-game: {rules}: dice.critical_success: should hold at most 100 items, not 100000"


def test_rules_file_cannot_lift_the_map_size_limit_past_its_ceiling(capsys, tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("[maps]\nmax_width = 1000000\nmax_height = 100\n")
    line = cli_fault(capsys, "play", "tutoriel", "--rules", rules, "--frames", "0")
    assert line == f"arena-game: {rules}: maps.max_width: should be at most 256, not the number 1000000"


def test_rules_file_may_still_raise_the_map_size_limit_below_the_ceiling(capsys, tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("[maps]\nmax_width = 200\nmax_height = 200\n")
    code, lines, _ = run_cli(capsys, "play", "tutoriel", "--rules", rules, "--frames", "0")
    assert code == 0, lines


# -- grids ---------------------------------------------------------------------------------------


def _map(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "m.toml"
    path.write_text('name = "T"\n' + body, encoding="utf-8")
    return path


def test_grid_combining_accent_is_an_unknown_symbol_at_its_column_by_code_point(capsys, tmp_path):
    path = _map(tmp_path, 'grid = """\n#####\n#1.2#\n#.\u0301..#\n#####\n"""\n')
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}:5:3: unknown symbol '\\u0301' (not in the legend)"


def test_grid_tab_is_an_unknown_symbol_not_a_ragged_row(capsys, tmp_path):
    path = _map(tmp_path, 'grid = """\n#####\n#1\t2#\n#####\n"""\n')
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}:4:3: unknown symbol '\\t' (not in the legend)"


def test_grid_with_crlf_line_endings_names_the_right_line_and_column(capsys, tmp_path):
    path = tmp_path / "m.toml"
    path.write_bytes(b'name = "T"\r\ngrid = """\r\n#####\r\n#1.2#\r\n#.Q.#\r\n#####\r\n"""\r\n')
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}:5:3: unknown symbol 'Q' (not in the legend)"


def test_grid_written_with_a_line_ending_backslash_is_placed_by_square_not_on_a_wrong_line(capsys, tmp_path):
    path = _map(tmp_path, 'grid = """\n###\\\n##\n#1.2#\n#.Q.#\n#####\n"""\n')
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}: grid: square (2, 2): unknown symbol 'Q' (not in the legend)"


def test_grid_written_with_an_escape_is_placed_by_square_not_on_a_wrong_column(capsys, tmp_path):
    path = _map(tmp_path, 'grid = """\n#####\n#1\\t2#\n#####\n"""\n')
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}: grid: square (2, 1): unknown symbol '\\t' (not in the legend)"
