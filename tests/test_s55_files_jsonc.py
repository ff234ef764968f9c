"""Session 55, task 3: JSON with comments and libGDX's relaxed JSON beside the maps.

`check FOLDER` called an editor's settings file with `//` or `/* */` comments, or a libGDX
file of relaxed JSON (keys and words without quotes), a broken map ("2:3: JSON syntax error:
Expecting property name enclosed in double quotes") and failed with exit code 2. Tiled writes
neither, so such a file that names no key only a Tiled map has is passed over, said to be what
it is; one that does (a Tiled map edited by hand) is still a broken map, its fault said
exactly, by line and column: the comment, the key without quotes.
"""

from __future__ import annotations

import json
import shutil

import pytest

from arena_game.formats.problems import FileProblem
from arena_game.formats.safe_read import parse_json
from tests.file_faults import ROOT, cli_fault, fuzz_tools, run_cli

MAPS = ROOT / "maps"
SETTINGS = '{\n  // the window\n  "width": 1280,\n  "fullscreen": false\n}\n'
BLOCK = '{\n  /* the hero */\n  "name": "hero",\n  "speed": 3\n}\n'
RELAXED = '{\n  name: hero,\n  speed: 3,\n  skills: [run, jump]\n}\n'
WORDS = '{"name": hero}\n'


def _folder(tmp_path):
    for f in ("arene-inondee.tmj", "arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    for name, text in (("settings.json", SETTINGS), ("hero.json", BLOCK), ("skills.json", RELAXED), ("word.json", WORDS)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_s55_json_with_comments_beside_the_maps_is_passed_over(tmp_path, capsys):
    folder = _folder(tmp_path)
    code, err, out = run_cli(capsys, "check", "--lang", "en", folder)
    assert (code, err) == (0, [])
    lines = out.splitlines()
    assert lines[:4] == [
        f"{folder / 'hero.json'}: skipped (a JSON file with comments, not a map)",
        f"{folder / 'settings.json'}: skipped (a JSON file with comments, not a map)",
        f"{folder / 'skills.json'}: skipped (a libGDX-style relaxed JSON file, not a map)",
        f"{folder / 'word.json'}: skipped (a libGDX-style relaxed JSON file, not a map)",
    ]
    assert lines[4].startswith(f"{folder / 'arene-inondee.tmj'} (L'Arène inondée): ok")
    code, _, out = run_cli(capsys, "check", "--lang", "fr", folder / "settings.json")
    assert (code, out.splitlines()) == (0, [f"{folder / 'settings.json'} : ignoré (un fichier JSON avec des commentaires, pas une carte)"])


@pytest.mark.parametrize(("name", "edit", "said"), [
    ("m.json", lambda t: t.replace('"height":', '// the size\n "height":', 1),
     "a comment (`//`), which JSON does not allow"),
    ("m.tmj", lambda t: t.replace('"height":', '/* the size */ "height":', 1),
     "a comment (`/*`), which JSON does not allow"),
    ("m.json", lambda t: t.replace('"height":', "height:", 1),
     "a key without quotes (`height`), which JSON does not allow (relaxed JSON, as libGDX writes, is not JSON)"),
    ("m.json", lambda t: t.replace('"orientation": "orthogonal"', '"orientation": orthogonal', 1),
     "a word without quotes (`orthogonal`), which JSON does not allow (text in JSON is quoted)"),
])
def test_s55_a_tiled_map_with_a_comment_is_still_a_broken_map_said_by_line_and_column(tmp_path, capsys, name, edit, said):
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    text = edit((MAPS / "arene-inondee.tmj").read_text(encoding="utf-8"))
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    with pytest.raises(json.JSONDecodeError) as e:
        json.loads(text)
    where = f"{e.value.lineno}:{e.value.colno}"
    code, err, out = run_cli(capsys, "check", "--lang", "en", tmp_path)
    assert (code, err) == (2, [])
    assert out.splitlines() == [f"{p}: error [file-problem] {where}: {said}"]
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}:{where}: {said}"


def test_s55_play_on_json_with_comments_says_the_comment_by_line_and_column(tmp_path, capsys):
    p = _folder(tmp_path) / "settings.json"
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}:2:3: a comment (`//`), which JSON does not allow")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "fr", tmp_path / "skills.json") == (
        f"arena-game : {tmp_path / 'skills.json'}:2:3 : une clé sans guillemets (`name`), que le JSON ne permet pas "
        "(le JSON relâché, comme en écrit libGDX, n'est pas du JSON)")


@pytest.mark.parametrize(("text", "line"), [
    ("{not json", "s.json:1:2: JSON syntax error: Expecting property name enclosed in double quotes"),  # no colon: no relaxed key
    ("[1, 2] extra", "s.json:1:8: JSON syntax error: Extra data"),  # a word after the end
    ('{"a": tru}', "s.json:1:7: a word without quotes (`tru`), which JSON does not allow (text in JSON is quoted)"),
    ('{"a": 1} // end', "s.json:1:10: a comment (`//`), which JSON does not allow"),
])
def test_s55_only_what_relaxed_json_writes_is_said_to_be_relaxed(text, line):
    with pytest.raises(FileProblem) as e:
        parse_json("s.json", text)
    assert e.value.one_line() == line


def test_s55_a_broken_json_without_comments_beside_the_maps_is_still_a_broken_map(tmp_path, capsys):
    p = tmp_path / "m.json"
    p.write_text('{\n "a": 1\n "b": 2\n}\n', encoding="utf-8")  # a comma left out (a trailing one is JSON5's: session 61)
    code, err, out = run_cli(capsys, "check", "--lang", "en", tmp_path)
    assert (code, err) == (2, [])
    assert out.splitlines() == [f"{p}: error [file-problem] 3:2: JSON syntax error: Expecting ',' delimiter"]


def test_s55_the_always_first_cases_hold_this_sessions_files(tmp_path):
    fuzz, fuzz_cases = fuzz_tools()
    cases = {c.note: c for c in fuzz_cases.nasty_cases(fuzz_cases.build_corpus())}
    for note, must_load in (("an empty map", False), ("a blank Tiled JSON map", False), ("an empty tileset", False),
                            ("a blank save", False), ("an empty rules file (the standard rules)", True),
                            ("a map starting with two byte-order marks", True),
                            ("JSON with comments and libGDX's relaxed JSON beside a map (skipped)", True),
                            ("settings.json given as a map", False), ("a Tiled map with a // comment", False)):
        assert note in cases, note
        assert (cases[note].must_load, cases[note].must_refuse) == (must_load, not must_load), note
    # json's advice on a second byte-order mark is a programmer's words, not a designer's
    case = fuzz_cases.Case(0, ".tmj", {}, ["check", "m.tmj"], "m.tmj")
    (tmp_path / "m.tmj").write_text("{}")
    line = "m.tmj: error [file-problem] 1:1: JSON syntax error: Unexpected UTF-8 BOM (decode using utf-8-sig)"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, line + "\n", "")[0] == "exception"
