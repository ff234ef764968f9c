"""Session 55: hostile files of every kind the game reads, and what was said wrong about them.

- An empty file (or one of blanks only) was refused by its parser's first complaint: a map
  "name: required key is missing (and 1 more)", a teams file "teams: required key is missing",
  a scenario "map: required key is missing", a Tiled map or save "1:1: JSON syntax error:
  Expecting value", a TMX "1:1: XML syntax error: no element found": now "is empty". A rules
  file may be empty (it changes nothing: the standard rules).
- A file starting with two byte-order marks (a tool adding its own before another's) was
  read with one dropped: a JSON map then said "JSON syntax error: Unexpected UTF-8 BOM (decode
  using utf-8-sig)", Python's advice to a programmer; both are dropped now, as the TMX reader
  already did.
- Saves and house-rules files refused are left byte for byte as they were.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from tests.file_faults import ROOT, cli_fault, run_cli

MAPS = ROOT / "maps"
TILED = ROOT / "tests" / "data" / "tiled"


@pytest.mark.parametrize("name", ["m.toml", "m.tmj", "m.tmx", "m.json"])
@pytest.mark.parametrize("text", ["", "  \n\n\t\n", "\ufeff", "\r\n\r\n"])
def test_s55_an_empty_map_is_said_empty(tmp_path, capsys, name, text):
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    code, err, out = run_cli(capsys, "check", "--lang", "en", p)
    assert (code, err, out.splitlines()) == (2, [], [f"{p}: error [file-problem] is empty"])
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "fr", p) == f"arena-game : {p} : est vide"


def test_s55_an_empty_tileset_is_said_empty_naming_the_tileset(tmp_path, capsys):
    shutil.copy(TILED / "arene-inondee.tmx", tmp_path / "m.tmx")
    (tmp_path / "arena-tiles.tsx").write_text("\n", encoding="utf-8")
    code, err, out = run_cli(capsys, "check", "--lang", "en", tmp_path / "m.tmx")
    assert (code, err) == (2, [])
    assert out.splitlines() == [f"{tmp_path / 'm.tmx'}: error [file-problem] {tmp_path / 'arena-tiles.tsx'}: is empty"]


@pytest.mark.parametrize(("argv", "name"), [
    (["play", str(MAPS / "tutoriel.toml"), "--frames", "0", "--teams"], "teams.toml"),
    (["scenario"], "sc.toml"),
    (["resume", "--frames", "0"], "s.arena.json"),
    (["check", str(MAPS / "tutoriel.toml"), "--teams"], "teams.toml"),
])
def test_s55_an_empty_teams_scenario_or_save_file_is_said_empty(tmp_path, capsys, argv, name):
    p = tmp_path / name
    p.write_text("\n \n", encoding="utf-8")
    assert cli_fault(capsys, *argv, p, "--lang", "en") == f"arena-game: {p}: is empty"


def test_s55_an_empty_rules_file_is_the_standard_rules(tmp_path, capsys):
    p = tmp_path / "rules.toml"
    p.write_text("", encoding="utf-8")
    code, err, _ = run_cli(capsys, "scenario", "--lang", "en", _scenario_with_rules(tmp_path, p))
    assert (code, err) == (0, [])


def _scenario_with_rules(tmp_path: Path, rules: Path) -> Path:
    src = sorted((ROOT / "scenarios" / "basics").glob("*.toml"))[0]
    text = src.read_text(encoding="utf-8")
    assert "rules_file" not in text
    sc = tmp_path / "sc.toml"
    sc.write_text(f'rules_file = "{rules.name}"\n' + text, encoding="utf-8")
    return sc


@pytest.mark.parametrize("name", ["arene-inondee.tmj", "arena-tiles.tsj"])
def test_s55_two_byte_order_marks_are_dropped_like_one(tmp_path, name):
    for f in ("arene-inondee.tmj", "arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    p = tmp_path / name
    p.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + p.read_bytes())
    board = load_map(tmp_path / "arene-inondee.tmj")
    assert board == load_map(MAPS / "arene-inondee.tmj")


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.mark.parametrize("body", [b"", b"\xef\xbb\xbf\xef\xbb\xbf{", b'{"format": "arena-save", // mine\n}', b"\x00" * 64])
def test_s55_a_save_refused_is_left_as_it_was(tmp_path, capsys, monkeypatch, body):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    autosave = tmp_path / "data" / "autosave.arena.json"
    named = tmp_path / "s.arena.json"
    for p in (autosave, named):
        p.write_bytes(body)
    before = [_sha(autosave), _sha(named)]
    assert cli_fault(capsys, "resume", "--frames", "0", named).startswith(f"arena-game: {named}")
    assert cli_fault(capsys, "resume", "--frames", "0").startswith(f"arena-game: {autosave}")
    assert [_sha(autosave), _sha(named)] == before
    assert sorted(p.name for p in (tmp_path / "data").rglob("*")) == ["autosave.arena.json"]


def test_s55_a_house_rules_file_refused_is_left_as_it_was(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    from arena_game.formats.house_rules import house_rules_path, load_house_rules
    from arena_game.formats.problems import FileProblem

    p = house_rules_path("maison")
    p.parent.mkdir(parents=True)
    p.write_bytes(b"[dice]\ndie = 1e999\n")
    before = _sha(p)
    with pytest.raises(FileProblem) as e:
        load_house_rules("maison")
    assert e.value.one_line() == f"{p}: dice.die: should be a finite number, not inf"
    assert cli_fault(capsys, "play", MAPS / "tutoriel.toml", "--rules", p, "--frames", "0", "--lang", "en") == (
        f"arena-game: {p}: dice.die: should be a finite number, not inf")
    assert _sha(p) == before
    assert [q.name for q in p.parent.iterdir()] == ["maison.toml"]


def test_s55_an_autosave_that_is_a_link_loop_is_said_unreadable_not_missing(tmp_path, capsys, monkeypatch):
    # was "no match to resume yet (… does not exist)": a loop exists, and cannot be read
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    autosave = tmp_path / "autosave.arena.json"
    autosave.symlink_to(tmp_path / "other")
    (tmp_path / "other").symlink_to(autosave)
    line = cli_fault(capsys, "resume", "--frames", "0", "--lang", "en")
    assert line.startswith(f"arena-game: {autosave}: cannot be read ("), line
    assert autosave.is_symlink() and (tmp_path / "other").is_symlink()
