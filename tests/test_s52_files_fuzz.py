"""Session 52: the fuzzer's classifier reads `check`'s lines as they are now: the map named once
before its load fault ("m.tmj: error [file-problem] 2:1: …"), a fault of another file (the tileset
the map reads) with that file's name after the code."""

from __future__ import annotations

from tests.file_faults import fuzz_tools


def test_s52_fuzz_reads_a_map_fault_said_after_the_map(tmp_path):
    fuzz, fuzz_cases = fuzz_tools()
    (tmp_path / "m.tmj").write_text("{\n,")
    case = fuzz_cases.Case(0, ".tmj", {}, ["check", "m.tmj"], "m.tmj")
    line = "m.tmj: error [file-problem] 2:1: JSON syntax error: Expecting property name enclosed in double quotes"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, line + "\n", "") == ("clean", line)
    bare = "m.tmj: error [file-problem] not a map file: a map ends in .toml, .tmj, .tmx or .json"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, bare + "\n", "") == ("clean", bare)


def test_s52_fuzz_tells_which_file_a_check_line_blames(tmp_path):
    fuzz, fuzz_cases = fuzz_tools()
    for name in ("m.tmj", "t.tsj"):
        (tmp_path / name).write_text("{}")
    tileset = fuzz_cases.Case(0, "tileset", {}, ["check", "m.tmj"], "t.tsj")
    named = "m.tmj: error [file-problem] t.tsj:2:2: JSON syntax error: Expecting value"
    assert fuzz.classify(tileset, tmp_path, 2 << 8, False, named + "\n", "") == ("clean", named)
    blamed = "m.tmj: error [file-problem] 2:2: JSON syntax error: Expecting value"  # the map, not the tileset
    assert fuzz.classify(tileset, tmp_path, 2 << 8, False, blamed + "\n", "")[0] == "wrong_file"
