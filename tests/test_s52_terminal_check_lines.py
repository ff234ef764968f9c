"""Session 52: `arena-game check` names a refused map once, then the place and the fault
("bad.tmj: error [file-problem] 2:1: JSON syntax error …"); it said the path twice
("/etc/passwd: error [file-problem] /etc/passwd: not a map file: …"). A fault of another file
(a tileset the map reads) still names that file; `play`'s own refusal keeps "path:2:1: fault"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.tiled_write import board_to_tmj
from tests.builders import write_tiled
from tests.file_faults import cli_fault, run_cli

DATA = Path(__file__).parent / "data" / "maps"
PILLARS = DATA / "diagonal-pillars.toml"


def report(capsys, *argv: object) -> list[str]:
    """`check`'s report lines (exit code 2, nothing on stderr)."""
    code, err, out = run_cli(capsys, "check", *argv)
    assert code == 2 and err == [], err
    return out.splitlines()


def test_s52_a_file_that_is_no_map_is_named_once(capsys, tmp_path):
    p = tmp_path / "passwd"
    p.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    assert report(capsys, "--lang", "en", p) == [
        f"{p}: error [file-problem] not a map file: a map ends in .toml, .tmj, .tmx or .json"]
    assert report(capsys, "--lang", "fr", p) == [
        f"{p} : erreur [file-problem] pas un fichier de carte : une carte se termine par .toml, .tmj, .tmx ou .json"]


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "{p}: error [file-problem] 2:1: JSON syntax error: Expecting property name enclosed in double quotes"),
    ("fr", "{p} : erreur [file-problem] 2:1 : erreur de syntaxe JSON : un nom de clé entre guillemets doubles est attendu"),
])
def test_s52_a_syntax_error_keeps_its_line_and_column_after_the_file(capsys, tmp_path, lang, line):
    p = tmp_path / "bad.tmj"
    p.write_text("{\n,", encoding="utf-8")
    assert report(capsys, "--lang", lang, p) == [line.format(p=p)]


def test_s52_a_grid_fault_keeps_its_line_and_column(capsys):
    assert report(capsys, "--lang", "en", DATA / "broken.toml") == [
        f"{DATA / 'broken.toml'}: error [file-problem] 4:3: unknown symbol 'Q' (not in the legend)"]


def test_s52_a_tiled_place_in_words_follows_the_file(capsys, tmp_path):
    doc = board_to_tmj(load_map(PILLARS))
    doc["layers"][0]["data"][3] = 2.5
    p = write_tiled(tmp_path, doc)
    assert report(capsys, "--lang", "en", p) == [
        f"{p}: error [file-problem] layer 'terrain' data item 4: must be a whole number (found 2.5)"]
    assert report(capsys, "--lang", "fr", p) == [
        f"{p} : erreur [file-problem] calque 'terrain' élément de données 4 : doit être un nombre entier (trouvé : 2.5)"]


def test_s52_a_fault_of_the_tileset_names_the_tileset(capsys, tmp_path):
    p = write_tiled(tmp_path, board_to_tmj(load_map(PILLARS)))
    ts = tmp_path / "arena-tiles.tsj"
    ts.write_text('{"a":\n ,}', encoding="utf-8")
    assert report(capsys, "--lang", "en", p) == [f"{p}: error [file-problem] {ts}:2:2: JSON syntax error: Expecting value"]


def test_s52_play_keeps_its_own_one_line_refusal(capsys, tmp_path):
    p = tmp_path / "bad.tmj"
    p.write_text("{\n,", encoding="utf-8")
    line = cli_fault(capsys, "play", "--lang", "en", "--frames", "0", p)
    assert line == f"arena-game: {p}:2:1: JSON syntax error: Expecting property name enclosed in double quotes"


def test_s52_check_json_keeps_the_whole_message(capsys, tmp_path):
    p = tmp_path / "bad.tmj"
    p.write_text("{\n,", encoding="utf-8")
    code, _, out = run_cli(capsys, "check", "--json", "--lang", "en", p)
    assert code == 2
    assert json.loads(out)[0]["errors"][0]["message"].startswith(f"{p}:2:1: JSON syntax error")


# -- unreachable pockets: one line however many -------------------------------------------------

POCKETS = '''name = "Pockets"
grid = """
################
#1....#.#.#.#..#
#1....##########
#..............#
#.....#.#.#.#..#
#..#######.###.#
#..#.#...#.#.#2#
#..#######.###2#
################
"""
'''
TWO = '''name = "Two"
grid = """
##########
#1..#.#..#
#1..######
#......2.#
#......2.#
##########
"""
'''
DUO = Path(__file__).parent / "data" / "teams" / "duo.toml"


def pocket_lines(capsys, path: Path, lang: str, *more: object) -> list[str]:
    code, err, out = run_cli(capsys, "check", "--lang", lang, "--teams", DUO, path, *more)
    assert code == 1 and err == [], err
    return [line for line in out.splitlines() if "unreachable-pocket" in line]


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "{p} (Pockets): warning [unreachable-pocket] 8 pockets no fighter can reach from a spawn by walking, "
           "swimming or jumping (13 squares in all), at (7, 1), (9, 1), (11, 1), (13, 1) and 4 more"),
    ("fr", "{p} (Pockets) : avertissement [unreachable-pocket] 8 zones qu'aucun combattant n'atteint depuis un départ "
           "en marchant, en nageant ou en sautant (13 cases en tout), à (7, 1), (9, 1), (11, 1), (13, 1) et 4 autres"),
])
def test_s52_many_pockets_are_one_line_with_their_count_and_places(capsys, tmp_path, lang, line):
    p = tmp_path / "pockets.toml"
    p.write_text(POCKETS, encoding="utf-8")
    assert pocket_lines(capsys, p, lang) == [line.format(p=p)]


def test_s52_two_pockets_count_in_the_plural(capsys, tmp_path):
    p = tmp_path / "two.toml"
    p.write_text(TWO, encoding="utf-8")
    assert pocket_lines(capsys, p, "en") == [
        f"{p} (Two): warning [unreachable-pocket] 2 pockets no fighter can reach from a spawn by walking, swimming or "
        "jumping (3 squares in all), at (5, 1), (7, 1)"]
    assert pocket_lines(capsys, p, "fr")[0].endswith("(3 cases en tout), à (5, 1), (7, 1)")


def test_s52_one_pocket_still_lists_its_squares(capsys):
    assert pocket_lines(capsys, DATA / "pocket.toml", "en") == [
        f"{DATA / 'pocket.toml'} (Pocket): warning [unreachable-pocket] 2 squares no fighter can reach from a spawn "
        "by walking, swimming or jumping: (7, 1), (8, 1)"]


def test_s52_json_keeps_one_finding_per_pocket(capsys, tmp_path):
    p = tmp_path / "pockets.toml"
    p.write_text(POCKETS, encoding="utf-8")
    code, _, out = run_cli(capsys, "check", "--json", "--teams", DUO, p)
    pockets = [w for w in json.loads(out)[0]["warnings"] if w["code"] == "unreachable-pocket"]
    assert code == 1 and len(pockets) == 8 and pockets[0]["squares"] == [[7, 1]]
