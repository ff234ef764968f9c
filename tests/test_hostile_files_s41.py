"""Hostile files, session 41: text in UTF-16 or UTF-32, a UTF-8 byte-order mark, old Mac line
endings (a bare CR), values pydantic's lax mode would convert (`die = "20"`, `die = 20.0`,
`labyrinth = "yes"`), JSON objects giving a key twice, half a UTF-16 pair in JSON, and the
usual nasties (empty, NUL bytes, 50 MB on one line, nesting, 1e400, NaN, 10**400) through
every kind of file. Each bad file: one line naming the file, the place and the fault, exit
code 2, never a traceback; make_tiled reads suffixes in any case."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.formats import safe_read
from arena_game.formats.house_rules import with_readings
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import seal
from arena_game.formats.strict import validate
from arena_game.ui.controller import MatchController, setup_for_map
from tests.file_faults import cli_fault, run_cli
from tools import make_tiled

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
TUTORIAL = MAPS / "tutoriel.toml"
TEAMS = ROOT / "arena_game" / "data" / "teams" / "default.toml"
SWIM = ROOT / "scenarios" / "basics" / "swim.toml"
TMX = ROOT / "tests" / "data" / "tiled" / "arene-inondee.tmx"
TMJ = MAPS / "arene-inondee.tmj"
RULES = "[dice]\ndie = 20\ncritical_success = [20]\n\n[combat]\nline_of_sight = true\n"
WIDE = "looks {} encoded: save it as UTF-8 (the game reads UTF-8 text only)"


def loads(capsys, *argv: object) -> None:
    code, lines, _ = run_cli(capsys, *argv)
    assert code == 0, lines


def tiled_folder(tmp_path: Path) -> Path:
    """A folder with the shipped tileset, where a Tiled map may name it."""
    for name in ("arena-tiles.tsj", "arena-tiles.tsx", "arena-tiles.png"):
        shutil.copy(MAPS / name, tmp_path / name)
    return tmp_path


# Each kind of file the game reads as text: its name, its good text and the command that reads it.
KINDS = {
    "map": ("m.toml", TUTORIAL, lambda p: ["play", p, "--frames", "0"]),
    "rules": ("r.toml", None, lambda p: ["play", "tutoriel", "--rules", p, "--frames", "0"]),
    "teams": ("t.toml", TEAMS, lambda p: ["play", "tutoriel", "--teams", p, "--frames", "0"]),
    "scenario": ("s.toml", SWIM, lambda p: ["scenario", p]),
    "tmj": ("m.tmj", TMJ, lambda p: ["play", p, "--frames", "0"]),
    "tmx": ("m.tmx", TMX, lambda p: ["check", p]),
}


def good_text(kind: str) -> str:
    source = KINDS[kind][1]
    return RULES if source is None else source.read_text(encoding="utf-8")


def write_kind(tmp_path: Path, kind: str, body: bytes) -> tuple[Path, list[object]]:
    name, _, argv = KINDS[kind]
    folder = tiled_folder(tmp_path) if kind in ("tmj", "tmx") else tmp_path
    path = folder / name
    path.write_bytes(body)
    return path, argv(path)


def fault_line(capsys, argv: list[object]) -> str:
    """The one line of a refused file, from `check`'s report (stdout) or stderr."""
    if argv[0] == "check":
        code, lines, out = run_cli(capsys, *argv)
        assert code == 2 and not lines, lines
        report = [line for line in out.splitlines() if line.strip()]
        assert len(report) == 1, report
        head, said = report[0].split(": error [file-problem] ", 1)  # the file said once, before
        return f"arena-game: {head}{':' if said[:1].isdigit() else ': '}{said}"
    return cli_fault(capsys, *argv)


# -- 1. UTF-16 and UTF-32 are said to be so; a UTF-8 byte-order mark is read ----------------------


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(("bom", "codec", "said"), [
    (b"", "utf-16", "UTF-16"),  # Python writes its byte-order mark: little-endian here
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
    (b"", "utf-16-le", "UTF-16"),  # no byte-order mark: told by its NUL bytes
    (b"", "utf-32", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
])
def test_a_utf16_or_utf32_file_is_said_to_be_one_and_to_be_saved_as_utf8(capsys, tmp_path, kind, bom, codec, said):
    path, argv = write_kind(tmp_path, kind, bom + good_text(kind).encode(codec))
    assert fault_line(capsys, argv) == f"arena-game: {path}: {WIDE.format(said)}"


def test_a_utf16_file_is_said_to_be_one_in_french_too():
    with pytest.raises(FileProblem) as got:
        safe_read.decode_text("m.toml", "name = 'x'\n".encode("utf-16"))
    assert got.value.in_language("fr") == (
        "m.toml : semble encodé en UTF-16 : enregistrez-le en UTF-8 (le jeu ne lit que du texte UTF-8)")


def test_a_utf16_tileset_is_named_not_the_map_that_uses_it(capsys, tmp_path):
    folder = tiled_folder(tmp_path)
    shutil.copy(TMJ, folder / "m.tmj")
    tileset = folder / "arena-tiles.tsj"
    tileset.write_bytes(tileset.read_text(encoding="utf-8").encode("utf-16"))
    assert cli_fault(capsys, "play", folder / "m.tmj", "--frames", "0") == f"arena-game: {tileset}: {WIDE.format('UTF-16')}"


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_utf8_file_with_a_byte_order_mark_loads(capsys, tmp_path, kind):
    _, argv = write_kind(tmp_path, kind, b"\xef\xbb\xbf" + good_text(kind).encode("utf-8"))
    loads(capsys, *argv)


def test_a_save_with_a_byte_order_mark_resumes(capsys, tmp_path):
    path = tmp_path / "s.arena.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_save_data(tmp_path)).encode("utf-8"))
    loads(capsys, "resume", path, "--frames", "0")


def test_a_file_starting_with_a_nul_byte_is_not_taken_for_utf16(capsys, tmp_path):
    path = tmp_path / "m.toml"
    path.write_bytes(b"\x00" + TUTORIAL.read_bytes())
    assert cli_fault(capsys, "play", path, "--frames", "0") == f"arena-game: {path}:1:1: TOML syntax error: Invalid statement"


# -- 2. bare CR line endings (old Mac) are read as line endings; lines and columns stay right ---


GRID_FAULT = TUTORIAL.read_text(encoding="utf-8").replace("#1...##...2#", "#1...#Q...2#")


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_a_grid_fault_names_its_line_and_column_whatever_the_line_endings(capsys, tmp_path, newline, bom):
    path = tmp_path / "m.toml"
    path.write_bytes(bom + GRID_FAULT.replace("\n", newline).encode("utf-8"))
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}:8:7: unknown symbol 'Q' (not in the legend)"


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_file_with_bare_cr_line_endings_loads(capsys, tmp_path, kind):
    _, argv = write_kind(tmp_path, kind, good_text(kind).replace("\n", "\r").encode("utf-8"))
    loads(capsys, *argv)


def test_a_toml_syntax_error_in_a_bare_cr_file_names_its_line(capsys, tmp_path):
    path = tmp_path / "m.toml"
    text = TUTORIAL.read_text(encoding="utf-8").replace("labyrinth = false", "labyrinth = fals")
    path.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    assert cli_fault(capsys, "play", path, "--frames", "0") == f"arena-game: {path}:4:13: TOML syntax error: Invalid value"


def test_a_byte_that_is_not_utf8_in_a_bare_cr_file_names_its_line_and_column(capsys, tmp_path):
    path = tmp_path / "m.toml"
    raw = TUTORIAL.read_text(encoding="utf-8").replace("\n", "\r").encode("utf-8").replace(b"labyrinth", b"lab\xffyrinth")
    path.write_bytes(raw)
    bad = raw.index(b"\xff")
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}:4:4: is not UTF-8 text (byte {bad})"


def test_a_json_syntax_error_in_a_bare_cr_file_names_its_line(capsys, tmp_path):
    folder = tiled_folder(tmp_path)
    path = folder / "m.tmj"
    text = TMJ.read_text(encoding="utf-8")
    lines = text.split("\n")
    lines[2] = lines[2] + "}"
    path.write_bytes("\r".join(lines).encode("utf-8"))
    assert cli_fault(capsys, "play", path, "--frames", "0").startswith(f"arena-game: {path}:3:")


# -- 3. strict types: no text, fraction or true/false taken for a number, no "yes" for true ------


@pytest.mark.parametrize(("rules", "fault"), [
    ('[dice]\ndie = "20"\n', "dice.die: should be a whole number, not the text '20'"),
    ("[dice]\ndie = 20.0\n", "dice.die: should be a whole number, not the number 20.0"),
    ("[dice]\ndie = true\n", "dice.die: should be a whole number, not true/false"),
    ('[dice]\ncritical_success = ["20"]\n', "dice.critical_success[0]: should be a whole number, not the text '20'"),
    ('[combat]\nline_of_sight = "yes"\n', "combat.line_of_sight: should be true or false, not the text 'yes'"),
    ("[combat]\nline_of_sight = 1\n", "combat.line_of_sight: should be true or false, not the number 1"),
    ("[run]\ntable = [{ high = 4, squares = 1.0 }]\n", "run.table[0].squares: should be a whole number, not the number 1.0"),
    ('[combat]\nlocations = [{ name = "tête", low = "1", high = 20 }]\n',
     "combat.locations[0].low: should be a whole number, not the text '1'"),
    ('[maps]\nmax_width = "200"\n', "maps.max_width: should be a whole number, not the text '200'"),
])
def test_a_rules_file_value_of_the_wrong_type_is_refused_naming_its_key(capsys, tmp_path, rules, fault):
    path = tmp_path / "r.toml"
    path.write_text(rules, encoding="utf-8")
    assert cli_fault(capsys, "play", "tutoriel", "--rules", path, "--frames", "0") == f"arena-game: {path}: {fault}"


def test_a_rules_file_writes_its_lists_as_lists(capsys, tmp_path):
    path = tmp_path / "r.toml"
    path.write_text("[dice]\ncritical_success = [19, 20]\n\n[run]\ntackle_faces = [1, 2]\n", encoding="utf-8")
    loads(capsys, "play", "tutoriel", "--rules", path, "--frames", "0")


def test_a_scenario_rules_table_is_as_strict_as_a_rules_file(capsys, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SWIM.read_text(encoding="utf-8").replace("[map]", '[rules.dice]\ndie = "20"\n\n[map]'), encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: rules.dice.die: should be a whole number, not the text '20'"


def test_the_house_rules_panel_and_the_settings_models_are_strict_too():
    with pytest.raises(FileProblem) as got:
        with_readings(DEFAULT_SETTINGS, {"dice.die": "12"})
    assert got.value.one_line() == "house rules: dice.die: should be a whole number, not the text '12'"
    with pytest.raises(ValidationError, match="int_type"):
        RulesSettings.model_validate({"flee": {"die": 4.0}})
    assert with_readings(DEFAULT_SETTINGS, {"dice.critical_success": (19, 20)}).dice.critical_success == (19, 20)


MAP = TUTORIAL.read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "fault"), [
    (MAP.replace("labyrinth = false", 'labyrinth = "yes"'), "labyrinth: should be true or false, not the text 'yes'"),
    (MAP.replace("labyrinth = false", "labyrinth = 0"), "labyrinth: should be true or false, not the number 0"),
    # lax mode would read 20 and say "at most 9": the fault is the text
    (MAP.replace("labyrinth = false", 'teams = "20"'), "teams: should be a whole number, not the text '20'"),
    (MAP.replace("labyrinth = false", "teams = 2.0"), "teams: should be a whole number, not the number 2.0"),
    (MAP + '[legend]\n"x" = { terrain = "obstacle", height_cm = 120.0 }\n',
     "legend.x.height_cm: should be a whole number, not the number 120.0"),
    (MAP.replace("#1...##...2#", "#1...xx...2#") + '[heights]\n"5,2" = "80"\n',
     "heights.5,2: should be a whole number, not the text '80'"),
])
def test_a_map_value_of_the_wrong_type_is_refused_naming_its_key(capsys, tmp_path, text, fault):
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    assert cli_fault(capsys, "play", path, "--frames", "0") == f"arena-game: {path}: {fault}"


@pytest.mark.parametrize(("old", "new", "fault"), [
    ("pv = 30", 'pv = "30"', "pv: should be a whole number, not the text '30'"),
    ("pv = 30", "pv = 30.0", "pv: should be a whole number, not the number 30.0"),
    ("pv = 30", "pv = true", "pv: should be a whole number, not true/false"),
    ("pv = 30", 'pv = 30\nmagic_effect = "yes"', "magic_effect: should be true or false, not the text 'yes'"),
])
def test_a_fighter_sheet_value_of_the_wrong_type_is_refused_naming_its_key(capsys, tmp_path, old, new, fault):
    path = tmp_path / "t.toml"
    path.write_text(TEAMS.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    line = cli_fault(capsys, "check", "tutoriel", "--teams", path)
    assert line == f"arena-game: {path}: teams[0].fighters[0].{fault}"


@pytest.mark.parametrize(("old", "new", "fault"), [
    ("dice = [14, 16]", 'dice = [14, 16]\nseed = "3"', "seed: should be a whole number, not the text '3'"),
    ("dice = [14, 16]", "dice = [14.0, 16]", "dice[0]: should be a whole number, not the number 14.0"),
    ("naia = [1, 1]", 'naia = ["1", 1]', "placements.naia[0]: should be a whole number, not the text '1'"),
    ("path = [[2, 1], [3, 1], [4, 1]]", 'path = [[2, 1], ["3", 1], [4, 1]]',
     "actions[0].path[1][0]: should be a whole number, not the text '3'"),
    ("pv = 12, attributes", "pv = 12.0, attributes", "teams[0].fighters[0].pv: should be a whole number, not the number 12.0"),
])
def test_a_scenario_value_of_the_wrong_type_is_refused_naming_its_key(capsys, tmp_path, old, new, fault):
    path = tmp_path / "s.toml"
    path.write_text(SWIM.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: {fault}"


def _save_data(tmp_path: Path) -> dict:
    ctrl = MatchController(setup_for_map("arene-classique", None, seed=3))
    ctrl.apply({"kind": "end_turn"})
    return json.loads(ctrl.save(tmp_path / "good.arena.json").read_text(encoding="utf-8"))


def _sealed(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "s.arena.json"
    path.write_text(json.dumps(seal(data)), encoding="utf-8")
    return path


def _first_placement_as_floats(data: dict) -> str:
    fighter, square = next(iter(data["placements"].items()))
    data["placements"][fighter] = [float(square[0]), square[1]]
    return f"placements.{fighter}[0]: should be a whole number, not the number {float(square[0])}"


def _action_to_as_text(data: dict) -> str:
    data["actions"] = [{"kind": "walk", "to": ["1", 2]}]
    return "actions[0].to[0]: should be a whole number, not the text '1'"


@pytest.mark.parametrize("change", [
    lambda d: d.update(seed="3") or "seed: should be a whole number, not the text '3'",
    lambda d: d.update(seed=3.0) or "seed: should be a whole number, not the number 3.0",
    lambda d: d["map"].update(labyrinth="false") or "map.labyrinth: should be true or false, not the text 'false'",
    lambda d: d["rules"].update(dice={"die": "20"}) or "rules.dice.die: should be a whole number, not the text '20'",
    _first_placement_as_floats,
    _action_to_as_text,
])
def test_a_save_value_of_the_wrong_type_is_refused_even_when_sealed(capsys, tmp_path, change):
    data = _save_data(tmp_path)
    fault = change(data)
    path = _sealed(tmp_path, data)
    assert cli_fault(capsys, "resume", path, "--frames", "0") == f"arena-game: {path}: {fault}"


def test_a_scenario_inline_map_fault_is_named_once_under_map(capsys, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SWIM.read_text(encoding="utf-8").replace('name = "Bassin"', 'name = "Bassin"\nlabyrinth = "no"'),
                    encoding="utf-8")
    assert cli_fault(capsys, "scenario", path) == f"arena-game: {path}: map.labyrinth: should be true or false, not the text 'no'"


def test_a_sealed_save_the_game_wrote_still_resumes(capsys, tmp_path):
    loads(capsys, "resume", _sealed(tmp_path, _save_data(tmp_path)), "--frames", "0")


def test_tiled_xml_keeps_converting_its_attribute_text(capsys):
    loads(capsys, "check", TMX)  # every attribute of a TMX is text: width="18" is 18


def test_strict_validate_says_a_faults_type_first_only_where_lax_mode_converted_the_value():
    from arena_game.formats.mapfile import MapFile

    with pytest.raises(ValidationError) as got:  # a fault lax mode finds: its own words, as before
        validate(MapFile, {"name": "x", "grid": 5, "teams": 1})
    assert got.value.errors()[0]["type"] == "string_type"
    with pytest.raises(ValidationError) as got:  # "20" read as 20 by lax mode, then "at most 9"
        validate(MapFile, {"name": "x", "grid": "12", "teams": "20"})
    assert got.value.errors()[0]["type"] == "int_type"
    assert validate(MapFile, {"name": "x", "grid": "12", "legend": {"a": "wall"}}).legend == {"a": "wall"}


# -- 4. make_tiled reads suffixes in any case, as the loader does ---------------------------------


def test_make_tiled_reads_and_writes_suffixes_in_any_case(tmp_path, capsys):
    shutil.copy(TUTORIAL, tmp_path / "T.TOML")
    assert make_tiled.main([str(tmp_path / "T.TOML"), str(tmp_path / "OUT.TMX")]) == 0
    assert (tmp_path / "OUT.TMX").read_text(encoding="utf-8").startswith("<?xml")
    assert make_tiled.main([str(tmp_path / "OUT.TMX"), str(tmp_path / "BACK.Toml")]) == 0
    assert make_tiled.main([str(tmp_path / "T.TOML"), str(tmp_path / "J.TmJ")]) == 0
    json.loads((tmp_path / "J.TmJ").read_text(encoding="utf-8"))
    shutil.copy(tmp_path / "J.TmJ", tmp_path / "J.JSON")  # a Tiled map saved as .json, as the loader reads it
    assert make_tiled.main([str(tmp_path / "J.JSON"), str(tmp_path / "again.toml")]) == 0
    assert (tmp_path / "again.toml").read_text(encoding="utf-8") == (tmp_path / "BACK.Toml").read_text(encoding="utf-8")
    capsys.readouterr()
    assert make_tiled.main([str(tmp_path / "T.TOML"), str(tmp_path / "x.JSON")]) == 2
    assert capsys.readouterr().err == f"{tmp_path / 'x.JSON'}: a .toml map is written as .tmj or .tmx: the name must end in it\n"


# -- more hostile files -------------------------------------------------------------------------------


def test_a_json_object_giving_a_key_twice_is_refused_not_read_as_its_last(capsys, tmp_path):
    folder = tiled_folder(tmp_path)
    path = folder / "m.tmj"
    path.write_text(TMJ.read_text(encoding="utf-8").replace("{", '{"width": 3, ', 1), encoding="utf-8")
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line == f"arena-game: {path}: key `width` is given twice in one object (keep one)"


def test_a_save_giving_a_key_twice_is_refused_naming_where(capsys, tmp_path):
    data = _save_data(tmp_path)
    path = tmp_path / "s.arena.json"
    text = json.dumps(seal(data))
    path.write_text(text.replace('"map": {', '"map": {"labyrinth": true, ', 1), encoding="utf-8")
    line = cli_fault(capsys, "resume", path, "--frames", "0", "--accept-edited")
    assert line == f"arena-game: {path}: map: key `labyrinth` is given twice in one object (keep one)"


@pytest.mark.parametrize("accept", [[], ["--accept-edited"]])
def test_a_save_holding_half_a_utf16_pair_is_one_line_not_a_traceback(capsys, tmp_path, accept):
    data = _save_data(tmp_path)
    data["map"]["name"] = "Ar\ud800ne"
    path = tmp_path / "s.arena.json"
    path.write_text(json.dumps(data), encoding="ascii")  # written as the escape \ud800
    line = cli_fault(capsys, "resume", path, "--frames", "0", *accept)
    assert line == f"arena-game: {path}: map.name: holds \\ud800, half of a UTF-16 character pair, which is not text"


def test_a_tiled_map_holding_half_a_utf16_pair_is_refused_and_a_whole_pair_is_read(capsys, tmp_path):
    folder = tiled_folder(tmp_path)
    path = folder / "m.tmj"
    text = TMJ.read_text(encoding="utf-8")
    path.write_text(text.replace("L'Arène inondée", "L'Ar\\udc00ne"), encoding="utf-8")
    line = cli_fault(capsys, "play", path, "--frames", "0")
    assert line.startswith(f"arena-game: {path}: map property ") and line.endswith(
        ": holds \\udc00, half of a UTF-16 character pair, which is not text")
    path.write_text(text.replace("L'Arène inondée", "L'Ar\\ud83d\\ude00ne"), encoding="utf-8")  # 😀, escaped
    code, lines, out = run_cli(capsys, "check", path)
    assert code == 0 and "L'Ar😀ne" in out


NASTY = {
    "empty": lambda kind, text: b"",
    "a byte-order mark only": lambda kind, text: b"\xef\xbb\xbf",
    "a UTF-16 byte-order mark only": lambda kind, text: b"\xff\xfe",
    "NUL bytes only": lambda kind, text: b"\x00" * 64,
    "a NUL in the middle": lambda kind, text: text.encode()[:200] + b"\x00" + text.encode()[200:],
    "cut in half": lambda kind, text: text.encode()[: len(text.encode()) // 2],
    "nested 100,000 deep": lambda kind, text: (
        text.replace("{", '{"zz": ' + "[" * 100_000 + "]" * 100_000 + ",", 1) if kind == "tmj"
        else text.replace("<map ", "<a>" * 100_000 + "<map ", 1) if kind == "tmx"
        else "zz = " + "[" * 100_000 + "]" * 100_000 + "\n" + text).encode(),
}


@pytest.mark.parametrize("nasty", list(NASTY))
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_nasty_file_of_every_kind_is_one_line(capsys, tmp_path, kind, nasty):
    path, argv = write_kind(tmp_path, kind, NASTY[nasty](kind, good_text(kind)))
    if kind == "rules" and nasty in ("empty", "a byte-order mark only"):
        loads(capsys, *argv)  # a rules file without a key keeps every standard Reading
        return
    line = fault_line(capsys, argv)
    assert line.startswith(f"arena-game: {path}") and len(line) < 400


@pytest.mark.parametrize(("kind", "old", "new", "fault"), [
    ("rules", "die = 20", "die = 1e400", "dice.die: should be a finite number, not inf"),
    ("rules", "die = 20", "die = nan", "dice.die: should be a finite number, not nan"),
    ("rules", "die = 20", "die = 1" + "0" * 400, "dice.die: a number longer than 20 digits"),
    ("teams", "pv = 30", "pv = -inf", "teams[0].fighters[0].pv: should be a finite number, not -inf"),
    ("map", "labyrinth = false", "teams = 1" + "0" * 5000, "{line}a number longer than 20 digits"),
    ("tmj", '"width": 18', '"width": 1e400', "`width` must be a number (found 1e400)"),
    ("tmj", '"width": 18', '"width": NaN', "`width` must be a number (found NaN)"),
    ("tmj", '"width": 18', '"width": Infinity', "`width` must be a number (found Infinity)"),
    ("tmj", '"width": 18', '"width": 1' + "0" * 400, "`width` must be a number of at most 20 digits (found 401 digits)"),
])
def test_numbers_no_file_should_hold_are_one_line(capsys, tmp_path, kind, old, new, fault):
    text = good_text(kind)
    assert old in text
    path, argv = write_kind(tmp_path, kind, text.replace(old, new, 1).encode("utf-8"))
    assert fault_line(capsys, argv) == f"arena-game: {path}: {fault}".replace(": {line}", ":4:9: ")


@pytest.mark.parametrize("kind", ["map", "tmj", "tmx", "teams"])
def test_a_50_mb_file_on_one_line_is_refused_at_once(capsys, tmp_path, kind):
    path, argv = write_kind(tmp_path, kind, good_text(kind).encode("utf-8") + b"x" * (50 * 1024 * 1024))
    assert fault_line(capsys, argv) == f"arena-game: {path}: is 50.0 MB, larger than the 4.0 MB limit"
