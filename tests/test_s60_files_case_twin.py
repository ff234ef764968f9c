"""A file asked for in other capitals than the name on disk (`ARENA-TILES.TSX` for
`arena-tiles.tsx`: a map made on Windows or macOS, where the two are one name) was "not found
(it must sit in the map's folder)" while it sat there: the line now says the other is there, for
a tileset a Tiled map names, a map, teams or rules file on the command line and a scenario's map."""

from __future__ import annotations

import shutil

from arena_game.resources import find_map
from tests.file_faults import ROOT, cli_fault, run_cli

OTHER_CAPITALS = ("the same name in other capitals, which Windows and macOS take for one name and this system "
                  "does not: type the name again in one of the two places")


def test_s60_a_tileset_named_in_other_capitals_says_the_file_there(tmp_path, capsys):
    shutil.copy(ROOT / "maps" / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    tmj = (ROOT / "maps" / "arene-inondee.tmj").read_text(encoding="utf-8")
    assert '"source": "arena-tiles.tsj"' in tmj
    m = tmp_path / "m.tmj"
    m.write_text(tmj.replace('"source": "arena-tiles.tsj"', '"source": "Arena-Tiles.TSJ"'), encoding="utf-8")
    said = (f"tileset file 'Arena-Tiles.TSJ' not found (it must sit in the map's folder): 'arena-tiles.tsj' is "
            f"there, {OTHER_CAPITALS}")
    for argv in (["play", "--frames", "0", m], ["render", m, "-o", tmp_path / "o.png"]):
        assert cli_fault(capsys, *argv) == f"arena-game: {m}: {said}"
    code, _, out = run_cli(capsys, "check", m)
    assert code == 2
    assert f"{m}: error [file-problem] {said}" in out.splitlines()


def test_s60_files_on_the_command_line_and_a_scenarios_map_in_other_capitals(tmp_path, capsys):
    (tmp_path / "Arena.toml").write_bytes(find_map("arene-classique").read_bytes())
    asked = tmp_path / "arena.toml"
    for argv in (["play", asked, "--frames", "0"], ["play", "arene-classique", "--rules", asked, "--frames", "0"],
                 ["simulate", asked, "--matches", "1"]):
        assert cli_fault(capsys, *argv) == f"arena-game: {asked}: file not found: 'Arena.toml' is there, {OTHER_CAPITALS}"
    scenario = tmp_path / "s.toml"
    scenario.write_text('title = "t"\nmap = "arena.toml"\n', encoding="utf-8")
    assert cli_fault(capsys, "scenario", scenario) == (
        f"arena-game: {scenario}: map: no map file or shipped map named 'arena.toml': 'Arena.toml' is there, "
        f"{OTHER_CAPITALS}")


def test_s60_a_name_not_there_in_any_capitals_says_nothing_more(tmp_path, capsys):
    (tmp_path / "Arena.toml").write_bytes(find_map("arene-classique").read_bytes())
    asked = tmp_path / "arene.toml"
    assert cli_fault(capsys, "play", asked, "--frames", "0") == f"arena-game: {asked}: file not found"
