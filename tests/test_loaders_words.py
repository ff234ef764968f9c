"""Issue 17: every loader's one line is in a designer's words (never a class name or a pydantic
internal), names the file that holds the fault, and exit code 2 — found by tools/fuzz.py."""

from pathlib import Path

import pytest

from arena_game.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = """title = "t"
map = "arene-classique"
seed = 1
{extra}
"""


def one_line(capsys, *args: str) -> str:
    code = main(list(args))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    return err[0]


def test_19_6_a_scenario_action_without_kind_says_which_kinds_are_allowed(tmp_path, capsys):
    sc = tmp_path / "s.toml"
    sc.write_text(SCENARIO.format(extra="[[actions]]\nto = [2, 3]\n"), encoding="utf-8")
    assert one_line(capsys, "scenario", str(sc)) == (
        f"arena-game: {sc}: actions[0]: every action needs a `kind`, one of: end_turn, walk, swim, jump, "
        "stand_up, run_start, run_step, run_stop, run_attack, attack, circle_attack, circle_split, push, teleport, taunt, suicide_verdict")


@pytest.mark.parametrize("body,fault", [
    ("[[teams]]\nid = 'a'\nname = 'A'\nfighters = [5]\n", "teams[0].fighters[0]: should be a table of keys, not the number 5"),
    ("teams = 'lions'\n", "teams: should be a list [ … ], not the text 'lions'"),
    ("[[teams]]\nid = 'a'\nname = ''\n", "teams[0].name: should not be empty"),
    ("[[teams]]\nid = 'a'\nname = '\u202e'\n", "teams[0].name: a name needs at least one visible character"),
    ("[[teams]]\nid = 'a'\nname = 'A'\n", "teams[0].fighters: team 'a' has no fighters (a team needs at least one)"),
    ("[[teams]]\nid = 'Les Lions'\nname = 'A'\n", "teams[0].id: should be lower-case letters, digits, '-' and '_' "
                                                  "(from a letter or a digit), not the text 'Les Lions'"),
    ("[[teams]]\nid = 'a'\nname = 'A'\ncolour = 'red'\n[[teams.fighters]]\nid = 'b'\nname = 'B'\npv = 5\n",
     "teams[0].colour: should be a colour written #rrggbb (e.g. #c0392b), not the text 'red'"),
])
def test_issue_17_teams_faults_in_a_designers_words(tmp_path, capsys, body, fault):
    teams = tmp_path / "t.toml"
    teams.write_text(body, encoding="utf-8")
    assert one_line(capsys, "check", "arene-classique", "--teams", str(teams)) == f"arena-game: {teams}: {fault}"


def test_issue_17_a_missing_teams_file_is_the_scenarios_fault(tmp_path, capsys):
    sc = tmp_path / "s.toml"
    sc.write_text(SCENARIO.format(extra='teams = "nowhere.toml"\n'), encoding="utf-8")
    assert one_line(capsys, "scenario", str(sc)) == f"arena-game: {sc}: teams: no file named 'nowhere.toml' beside the scenario"


@pytest.mark.parametrize("key", ["teams", "rules_file", "map"])
def test_issue_17_a_file_a_scenario_names_is_named_with_the_scenario_that_led_there(tmp_path, capsys, key):
    """The fault is in the file named (a system file that is no TOML here), and the line says which
    scenario named it, so the designer sees both files."""
    (tmp_path / "not-toml.toml").write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    sc = tmp_path / "s.toml"
    text = SCENARIO.format(extra="") if key == "map" else SCENARIO.format(extra=f'{key} = "not-toml.toml"\n')
    sc.write_text(text.replace('map = "arene-classique"', 'map = "not-toml.toml"') if key == "map" else text, encoding="utf-8")
    assert one_line(capsys, "scenario", str(sc)) == (
        f"arena-game: {tmp_path / 'not-toml.toml'}:1:5: TOML syntax error: Expected '=' after a key in a key/value pair "
        f"(read for `{key}` of s.toml)")


def test_issue_17_a_rules_die_too_large_to_forecast_is_refused(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text("[dice]\ndie = 21474836480\n", encoding="utf-8")
    assert one_line(capsys, "play", "--rules", str(rules), "--frames", "0") == (
        f"arena-game: {rules}: dice.die: should be at most 100, not the number 21474836480")


def test_issue_17_a_scripted_face_off_a_die_set_by_a_rules_file_names_that_file(tmp_path, capsys):
    (tmp_path / "r.toml").write_text("[dice]\ndie = 12\ncritical_success = [12]\n", encoding="utf-8")
    sc = tmp_path / "s.toml"
    sc.write_text(SCENARIO.format(extra='rules_file = "r.toml"\ndice = [15]\n'), encoding="utf-8")
    line = one_line(capsys, "scenario", str(sc))
    assert line.startswith(f"arena-game: {sc}: dice: scripted face #1 is 15")
    assert line.endswith("(under the rules file r.toml)")


def test_issue_17_a_file_name_with_a_nul_is_one_line(capsys):
    assert one_line(capsys, "check", "arene-classique", "--teams", "a\x00b") == "arena-game: 'a\\x00b': is not a possible file name"


def test_issue_17_a_file_name_too_long_is_one_line(tmp_path, capsys):
    long = "A" * 300
    sc = tmp_path / "s.toml"
    sc.write_text(f'title = "t"\nmap = "{long}"\n', encoding="utf-8")
    shown = "'" + "A" * 59 + "…" + "A" * 11 + "'"  # echoed, cut to a readable length
    assert one_line(capsys, "scenario", str(sc)) == f"arena-game: {sc}: map: no map file or shipped map named {shown}"
    code = main(["check", long])
    out = capsys.readouterr().out
    assert code == 2 and f"{long}: error [file-problem] cannot be read (File name too long)" in out


def test_issue_17_a_roster_over_a_chest_limit_set_by_a_rules_file_names_that_file(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text("[teams]\nchest_limit = 0\n", encoding="utf-8")
    teams = tmp_path / "t.toml"
    teams.write_text("[[teams]]\nid = 'a'\nname = 'A'\nchest = ['chien']\n[[teams.fighters]]\nid = 'x'\nname = 'X'\npv = 5\n",
                     encoding="utf-8")
    assert one_line(capsys, "play", "--rules", str(rules), "--teams", str(teams), "--frames", "0") == (
        f"arena-game: {teams}: teams[0].chest: R12.1: team 'a' has 1 animal or slave in its chest, the limit is 0 "
        f"(teams.chest_limit from the rules file {rules})")


def test_issue_17_a_map_over_a_size_limit_set_by_a_rules_file_names_that_file(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text("[maps]\nmax_width = 1\n", encoding="utf-8")
    line = one_line(capsys, "play", "arene-classique", "--rules", str(rules), "--frames", "0")
    assert line.endswith(f"larger than the 1×128 limit (maps.max_width and max_height from the rules file {rules})")


def test_issue_17_every_text_pattern_of_a_file_model_has_words_for_designers():
    """A text field checked by a pattern is refused in words, never with the pattern itself."""
    from arena_game.core.sheets import FighterSheet, Team
    from arena_game.formats.mapfile import LegendEntry
    from arena_game.formats.problems import _PATTERN_WORDS

    patterns = {getattr(m, "pattern", None) for model in (FighterSheet, Team, LegendEntry)
                for f in model.model_fields.values() for m in f.metadata} - {None}
    assert patterns and patterns <= set(_PATTERN_WORDS), patterns - set(_PATTERN_WORDS)


@pytest.mark.parametrize("body,fault", [
    ("[[teams]]\nid = 'a'\nname = 'A'\n[[teams.fighters]]\nid = 'b'\nname = 'B'\npv = 5\nweapon = { name = 'x', "
     "family = 'melee', damage = '" + "A" * 5000 + "' }\n",
     "teams[0].fighters[0].weapon.damage: damage '" + "A" * 59 + "…" + "A" * 11 + "' is not of the form NdM or NdM+K"),
    ("[[teams]]\nid = 'a'\nname = 'A'\n" + "x" * 5000 + " = 1\n",
     "teams[0]." + "x" * 51 + "…" + "x" * 12 + ": unknown key"),  # the run is the whole key, `teams[0].` included
    ("[[teams]]\nid = 'a'\nname = 'A'\n[[teams.fighters]]\nid = 'b'\nname = 'B'\npv = 5\nweapon = { name = 'x', "
     "family = 'melee', damage = '" + "A " * 2500 + "' }\n", None),
])
def test_issue_17_a_value_echoed_from_the_file_is_cut_to_a_line_a_designer_reads(tmp_path, capsys, body, fault):
    teams = tmp_path / "t.toml"
    teams.write_text(body, encoding="utf-8")
    line = one_line(capsys, "check", "arene-classique", "--teams", str(teams))
    if fault is not None:
        assert line == f"arena-game: {teams}: {fault}"
    assert len(line) < 600 + len(str(teams)) and line.endswith("is not of the form NdM or NdM+K" if fault is None else fault)


def test_issue_17_a_maps_endless_name_in_check_s_report_is_cut_too(tmp_path, capsys):
    walled = tmp_path / "w.toml"
    text = (ROOT / "tests" / "data" / "maps" / "walled-spawn.toml").read_text(encoding="utf-8")
    walled.write_text(text.replace('name = "', 'name = "' + "9" * 5000, 1), encoding="utf-8")
    assert main(["check", str(walled)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(len(line) < 600 + len(str(walled)) for line in lines), [len(x) for x in lines]
    assert lines[0].startswith(f"{walled} (" + "9" * 60 + "…")
