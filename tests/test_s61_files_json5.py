"""A JSON file with trailing commas (`[1, 2,]`, `{"a": 1,}`: JavaScript and JSON5 write them, a
game's data beside its Tiled maps holds them) made `check FOLDER` fail on a "broken map" with
json's words ("Expecting property name enclosed in double quotes"). Tiled writes none, so such a
file naming no key only a Tiled map has is passed over, said to be what it is, as JSON with
comments is (session 55); a Tiled map edited so, a save or a JSON tileset is refused at the
comma's `}` or `]`, in words."""

from __future__ import annotations

import shutil

import pytest

from arena_game.formats.problems import FileProblem
from arena_game.formats.safe_read import parse_json
from tests.file_faults import ROOT, cli_fault, fuzz_tools, run_cli

MAPS = ROOT / "maps"
MODEL = '[\n{\n    "page":1, "alias":"page1", "isTmplt":false,\n    },\n]\n'


def _folder(tmp_path):
    for f in ("arene-inondee.tmj", "arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    (tmp_path / "model.json").write_text(MODEL, encoding="utf-8")
    (tmp_path / "list.json").write_text('{"names": ["a", "b",]}', encoding="utf-8")
    return tmp_path


def test_s61_json_with_trailing_commas_beside_the_maps_is_passed_over(tmp_path, capsys):
    folder = _folder(tmp_path)
    code, err, out = run_cli(capsys, "check", "--lang", "en", folder)
    assert (code, err) == (0, [])
    lines = out.splitlines()
    assert lines[:2] == [f"{folder / 'list.json'}: skipped (a JSON file with trailing commas, not a map)",
                         f"{folder / 'model.json'}: skipped (a JSON file with trailing commas, not a map)"]
    assert lines[2].startswith(f"{folder / 'arene-inondee.tmj'} (L'Arène inondée): ok")
    code, _, out = run_cli(capsys, "check", "--lang", "fr", folder / "model.json")
    assert (code, out.splitlines()) == (
        0, [f"{folder / 'model.json'} : ignoré (un fichier JSON avec des virgules finales, pas une carte)"])


def test_s61_play_on_json_with_a_trailing_comma_says_it_by_line_and_column(tmp_path, capsys):
    p = _folder(tmp_path) / "model.json"
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}:4:5: a comma just before this `}}` with nothing after it (a trailing comma), which JSON "
        "does not allow (JavaScript and JSON5 do)")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "fr", p) == (
        f"arena-game : {p}:4:5 : une virgule juste avant ce `}}`, sans rien après elle (une virgule finale), que le "
        "JSON ne permet pas (JavaScript et JSON5 la permettent)")


def test_s61_a_tiled_map_with_a_trailing_comma_is_a_broken_map_said_at_its_place(tmp_path, capsys):
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    text = (MAPS / "arene-inondee.tmj").read_text(encoding="utf-8")
    assert text.rstrip().endswith("}")
    p = tmp_path / "m.tmj"
    p.write_text(text.rstrip()[:-1].rstrip() + ",\n}\n", encoding="utf-8")
    last = len(p.read_text(encoding="utf-8").splitlines())
    said = "a comma just before this `}` with nothing after it (a trailing comma), which JSON does not allow (JavaScript and JSON5 do)"
    code, err, out = run_cli(capsys, "check", "--lang", "en", tmp_path)
    assert (code, err) == (2, [])
    assert out.splitlines() == [f"{p}: error [file-problem] {last}:1: {said}"]
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}:{last}:1: {said}"


@pytest.mark.parametrize(("text", "line"), [
    ('[1, 2,]', "s.json:1:7: a comma just before this `]` with nothing after it (a trailing comma), which JSON does not allow (JavaScript and JSON5 do)"),
    ('{"a": 1 ,\r\n\t }', "s.json:2:3: a comma just before this `}` with nothing after it (a trailing comma), which JSON does not allow (JavaScript and JSON5 do)"),
    ('[,]', "s.json:1:2: JSON syntax error: Expecting value"),  # a comma with nothing before it is no trailing comma
    ('[1,,]', "s.json:1:4: JSON syntax error: Expecting value"),
    ('{"a": }', "s.json:1:7: JSON syntax error: Expecting value"),
])
def test_s61_only_a_comma_before_a_closing_bracket_is_said_to_trail(text, line):
    with pytest.raises(FileProblem) as e:
        parse_json("s.json", text)
    assert e.value.one_line() == line


def test_s61_a_save_with_a_trailing_comma_is_said_so(tmp_path, capsys):
    p = tmp_path / "s.arena.json"
    p.write_text('{"format": "arena-save", "version": 3,}', encoding="utf-8")
    assert cli_fault(capsys, "resume", p, "--frames", "0") == (
        f"arena-game: {p}:1:39: a comma just before this `}}` with nothing after it (a trailing comma), which JSON "
        "does not allow (JavaScript and JSON5 do)")
    assert p.read_text(encoding="utf-8") == '{"format": "arena-save", "version": 3,}'


def test_s61_the_always_first_cases_hold_this_sessions_files():
    _, fuzz_cases = fuzz_tools()
    cases = {c.note: c for c in fuzz_cases.nasty_cases(fuzz_cases.build_corpus())}
    for note, must_load in (("JSON with trailing commas beside a map in a checked folder (skipped)", True),
                            ("JSON with trailing commas given as a map", False),
                            ("a height for a square off the map", False)):
        assert note in cases, note
        assert (cases[note].must_load, cases[note].must_refuse) == (must_load, not must_load), note
