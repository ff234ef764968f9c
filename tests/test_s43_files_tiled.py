"""Real Tiled folders, session 43: Tiled's custom types files beside the maps.

Tiled exports its custom types as a JSON *list* beside the maps: `objecttypes.json` (the
Object Types Editor of Tiled 1.0–1.8: `[{"name", "color", "properties"}]`) and
`propertytypes.json` (Export Types, Tiled 1.8+: `[{"id", "name", "type": "class"/"enum",
"members"/"values"}]`), as in SSBMTonberry/tileson's `content/test-maps/` and DotTiled's
`map-with-custom-type-props/`. `check FOLDER` counted each as a broken map (exit code 2),
and one given by name was said to be "not a Tiled file". The fixtures here are hand-made,
with the real files' structure.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena_game.cli import main

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
OBJECT_TYPES = [
    {"color": "#ffffeb06", "name": "Coin", "properties": [{"name": "value", "type": "float", "value": 2.99}]},
    {"color": "#ffa0a0a4", "name": "Enemy", "properties": [{"name": "hp", "type": "int", "value": 10}]},
]
PROPERTY_TYPES = [
    {"id": 1, "name": "Monster", "type": "class", "useAs": ["object"], "color": "#ffa0a0a4",
     "members": [{"name": "Age", "type": "int", "value": 49}, {"name": "CanDestroy", "type": "bool", "value": True}]},
    {"id": 2, "name": "Colour", "type": "enum", "storageType": "string", "values": ["red", "blue"],
     "valuesAsFlags": False},
]


def folder_with_types(tmp_path: Path) -> Path:
    for name in ("arene-inondee.tmj", "arena-tiles.tsj"):
        shutil.copy(MAPS / name, tmp_path / name)
    (tmp_path / "objecttypes.json").write_text(json.dumps(OBJECT_TYPES, indent=4), encoding="utf-8")
    (tmp_path / "propertytypes.json").write_text(json.dumps(PROPERTY_TYPES, indent=4), encoding="utf-8")
    return tmp_path


def test_check_folder_passes_over_tiled_custom_types(tmp_path, capsys):
    folder = folder_with_types(tmp_path)
    code = main(["check", str(folder)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, out
    assert f"{folder / 'objecttypes.json'}: skipped (a custom types file, not a map)" in out
    assert f"{folder / 'propertytypes.json'}: skipped (a custom types file, not a map)" in out
    assert not any("error" in line for line in out)


def test_check_by_name_passes_over_custom_types_and_other_json_lists(tmp_path, capsys):
    folder = folder_with_types(tmp_path)
    (folder / "numbers.json").write_text("[1, 2]", encoding="utf-8")
    code = main(["check", str(folder / "objecttypes.json"), str(folder / "numbers.json"), "--lang", "fr"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, out
    assert out == [f"{folder / 'objecttypes.json'} : ignoré (un fichier de types personnalisés, pas une carte)",
                   f"{folder / 'numbers.json'} : ignoré (un fichier JSON d'un autre genre, pas une carte)"]


@pytest.mark.parametrize("name", ["objecttypes.json", "propertytypes.json"])
def test_custom_types_given_as_a_map_say_what_they_are(tmp_path, capsys, name):
    path = folder_with_types(tmp_path) / name
    assert main(["play", "--frames", "0", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"arena-game: {path}: is a custom types file (a Tiled file), not a map"]


def test_a_json_list_of_anything_else_is_still_not_a_tiled_file(tmp_path, capsys):
    path = tmp_path / "m.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert main(["play", "--frames", "0", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arena-game: {path}: not a Tiled file (the top level is not a JSON object)"]


def test_a_tileset_path_naming_custom_types_names_the_file_it_reads(tmp_path, capsys):
    folder = folder_with_types(tmp_path)
    doc = json.loads((folder / "arene-inondee.tmj").read_text(encoding="utf-8"))
    doc["tilesets"] = [{"firstgid": 1, "source": "objecttypes.json"}]
    path = folder / "m.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["play", "--frames", "0", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arena-game: {folder / 'objecttypes.json'}: not a Tiled file (the top level is not a JSON object)"]

