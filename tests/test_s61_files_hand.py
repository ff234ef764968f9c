"""Faults of hand-made files said wrong, found by session 61's hunt over every command."""

from __future__ import annotations

import shutil

import pytest

from tests.file_faults import ROOT, cli_fault, fuzz_tools, play_fault, run_cli

MAPS = ROOT / "maps"

SMALL = 'name = "m"\ngrid = """\n#####\n#1.2#\n#####\n"""\n'


def test_s61_a_height_off_the_map_is_said_to_be_off_it(capsys, tmp_path):
    """`heights` naming a square past the grid said "which is not an obstacle", as if the
    square were on the map and floor: the line now says it is off the map and the map's size."""
    path = tmp_path / "m.toml"
    path.write_text(SMALL + 'heights = { "70,5" = 90 }\n', encoding="utf-8")
    assert play_fault(capsys, path) == (
        "heights: height given for (70, 5), which is off the map (5×3 squares: x from 0 to 4, y from 0 to 2)")
    code, _, out = run_cli(capsys, "check", path, "--lang", "fr")
    assert code == 2
    assert out.splitlines() == [
        f"{path} : erreur [file-problem] heights : hauteur donnée pour (70, 5), qui est hors de la carte "
        "(5×3 cases : x de 0 à 4, y de 0 à 2)"]


def test_s61_a_height_on_floor_inside_the_map_keeps_its_line(capsys, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(SMALL + 'heights = { "2,1" = 90 }\n', encoding="utf-8")
    assert play_fault(capsys, path) == "heights: height given for (2, 1), which is not an obstacle"


def _save_with(tmp_path, value: str):
    """A save the game writes, sealed again with its first action's square holding `value`."""
    import json

    from arena_game.formats.save import seal

    _, fuzz_cases = fuzz_tools()
    data = json.loads(next(iter(fuzz_cases._saves().values())))
    data["actions"] = [{"kind": "walk", "to": [1, 2]}]
    text = json.dumps(seal(data)).replace('"to": [1, 2]', f'"to": [{value}, 2]')
    path = tmp_path / "s.arena.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("value", ["1" * 31, "NaN"])
def test_s61_a_save_holding_a_value_json_reads_is_a_save_given_as_a_map(tmp_path, capsys, value):
    """A save whose action holds a 31-digit number or a NaN, given as a map, was read as a Tiled
    map and said with a Tiled place (`actions 1 to 1: a number of 31 digits`), and `check FOLDER`
    counted it as a broken map beside the maps (exit code 2): it is said to be a save, as any
    other save is, and passed over; `resume` still names its fault."""
    save = _save_with(tmp_path, value)
    assert play_fault(capsys, save) == "is a saved match, not a map: continue it with arena-game resume FILE"
    shutil.copy(MAPS / "tutoriel.toml", tmp_path / "m.toml")
    code, err, out = run_cli(capsys, "check", "--lang", "en", tmp_path)
    assert (code, err) == (0, [])
    assert out.splitlines()[0] == f"{save}: skipped (a save, not a map)"
    line = cli_fault(capsys, "resume", save, "--frames", "0")
    assert line.startswith(f"arena-game: {save}: actions[0].to[0]: "), line


def test_s61_a_tiled_map_holding_a_31_digit_number_keeps_its_place(tmp_path, capsys):
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(MAPS / f, tmp_path / f)
    text = (MAPS / "arene-inondee.tmj").read_text(encoding="utf-8")
    path = tmp_path / "m.tmj"
    path.write_text(text.replace('"x": 96', '"x": ' + "9" * 31, 1), encoding="utf-8")
    assert play_fault(capsys, path) == "layer 'spawns' object 1: `x` must be a number of at most 20 digits (found 31 digits)"
