"""S54, task 1c: three Tiled misreadings noticed in session 53.

- A level of another tool saved as JSON with a `tiles` key (`{"name": "lv1", "tiles": [...]}`)
  was called "a tileset (a Tiled file)": a tileset is told by a key only a tileset has (its
  tile size, count or columns, which Tiled writes in every one); such a level is "a JSON file
  of another kind", and given as a map, said to be another tool's file, naming its keys that
  are a Tiled map's words (not "no `width`" when it has one).
- Tiled's built-in tileset `:/automap-tiles.tsx` (a Qt resource inside Tiled, as its automapping
  rules name it; `qrc:/…` the same) was "not found (it must sit in the map's folder)": now said
  to be a tileset built into Tiled, which the game cannot read.
- A template instance whose tile comes from its template only (no gid of its own), the
  template's gid naming no tileset (none in the template, or below its `firstgid`), was read
  as a plain object, while Tiled refuses the template ("Invalid tile"): now refused, naming the
  template file, as an object's own gid naming no tileset is.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from tests.file_faults import cli_fault, run_cli, spawn_map

TILED = Path(__file__).resolve().parent / "data" / "tiled"
LEVEL = {"name": "level-1", "width": 20, "height": 15, "tiles": [0, 1, 2, 1], "entities": [{"type": "player"}]}


@pytest.mark.parametrize(("body", "keys", "clés"), [
    (LEVEL, "its `width` and `tiles` are", "ses `width` et `tiles` ne sont pas ceux"),
    ({"name": "level-2", "tiles": [[0, 1], [2, 3]]}, "its `tiles` is", "son `tiles` n'est pas celui"),
    ({"name": "hero", "image": "hero.png", "tiles": [1, 2]}, "its `tiles` is", "son `tiles` n'est pas celui"),
    ({"type": "level", "tiles": [[0, 1]], "spawn": [2, 3]}, "its `tiles` is",  # a `type` of its own, no Tiled key
     "son `tiles` n'est pas celui"),
])
def test_s54_a_level_of_another_tool_is_no_tileset(tmp_path, capsys, body, keys, clés):
    folder = tmp_path / "maps"
    folder.mkdir()
    for name in ("arene-inondee.tmx", "arena-tiles.tsx", "arena-tiles.png"):
        shutil.copy(TILED / name, folder / name)
    level = folder / "level.json"
    level.write_text(json.dumps(body), encoding="utf-8")
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    assert out.splitlines()[0] == f"{level}: skipped (a JSON file of another kind, not a map)"
    code, err, out = run_cli(capsys, "check", "--lang", "fr", level)
    assert (code, out) == (0, f"{level} : ignoré (un fichier JSON d'un autre genre, pas une carte)\n")
    assert cli_fault(capsys, "play", "--frames", "0", level) == (
        f"arena-game: {level}: not a Tiled map: another tool's file ({keys} not a Tiled map's)")
    assert cli_fault(capsys, "play", "--lang", "fr", "--frames", "0", level) == (
        f"arena-game : {level} : pas une carte Tiled : le fichier d'un autre outil ({clés} d'une carte Tiled)")


@pytest.mark.parametrize("body", [
    {"name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 1, "columns": 1, "image": "t.png",
     "tiles": [{"id": 0, "properties": {"terrain": "floor"}}]},  # Tiled 1.0/1.1: no `type`
    {"name": "t", "tilecount": 4, "tiles": [{"id": 0}]},
])
def test_s54_a_tileset_without_a_type_is_still_a_tileset(tmp_path, capsys, body):
    p = tmp_path / "t.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", p) == f"arena-game: {p}: is a tileset (a Tiled file), not a map"


AUTOMAP_RULES = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="2" height="1"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="{source}"/>
 <layer id="1" name="regions" width="2" height="1"><data encoding="csv">1,1</data></layer>
</map>
"""


@pytest.mark.parametrize("source", [":/automap-tiles.tsx", "qrc:/automap-tiles.tsx"])
def test_s54_tiled_built_in_automap_tileset_is_said_to_be_one(tmp_path, capsys, source):
    p = tmp_path / "rules.tmx"
    p.write_text(AUTOMAP_RULES.format(source=source), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", p) == (
        f"arena-game: {p}: tileset path {source!r} names a tileset built into Tiled itself (one of its own "
        "resources), which the game cannot read")
    assert cli_fault(capsys, "play", "--lang", "fr", "--frames", "0", p) == (
        f"arena-game : {p} : le chemin {source!r} (jeu de tuiles) désigne une ressource intégrée à Tiled même, "
        "que le jeu ne peut pas lire")


def test_s54_a_template_named_as_a_tiled_resource_is_said_to_be_one_too(tmp_path, capsys):
    p = spawn_map(tmp_path, '<object id="2" template=":/spawn.tx" x="64" y="64"/>')
    assert cli_fault(capsys, "play", "--frames", "0", p) == (
        f"arena-game: {p}: layer 'spawns' object 2: template path ':/spawn.tx' names a template built into Tiled "
        "itself (one of its own resources), which the game cannot read")


def _template(tmp_path: Path, gid: int, tileset: str) -> None:
    """spawn.tx: a 32-pixel tile object of team 2 showing `gid`, with `tileset` (or none)."""
    (tmp_path / "spawn.tx").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<template>
 {tileset}
 <object gid="{gid}" width="32" height="32"><properties><property name="team" type="int" value="2"/></properties></object>
</template>""", encoding="utf-8")


TEMPLATE_TILESET = """<tileset firstgid="{first}" name="tt" tilewidth="32" tileheight="32" tilecount="1" columns="1">
  <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>
 </tileset>"""


@pytest.mark.parametrize(("gid", "tileset", "visible"), [
    (3, "", ""),  # no tileset in the template: its gid names none
    (3, TEMPLATE_TILESET.format(first=5), ""),  # below the template's tileset's first gid
    (3 | 0x80000000, TEMPLATE_TILESET.format(first=5), ""),  # flipped, the same
    (3, "", ' visible="0"'),  # a hidden instance: Tiled refuses the template all the same
])
def test_s54_a_template_only_gid_naming_no_tileset_is_refused(tmp_path, capsys, gid, tileset, visible):
    _template(tmp_path, gid, tileset)
    p = spawn_map(tmp_path, f'<object id="2" template="spawn.tx" x="64" y="64"{visible}/>')
    line = (f"{tmp_path / 'spawn.tx'}: layer 'spawns' object 2: tile number 3 belongs to no tileset (Tiled itself "
            "refuses the map: invalid tile)")
    assert cli_fault(capsys, "play", "--frames", "0", p) == f"arena-game: {line}"
    code, err, out = run_cli(capsys, "check", p)
    assert (code, err) == (2, [])
    assert out.splitlines()[0] == f"{p}: error [file-problem] {line}"


def test_s54_a_template_tile_on_its_own_tileset_still_places_the_spawn(tmp_path):
    _template(tmp_path, 5, TEMPLATE_TILESET.format(first=5))
    board = load_map(spawn_map(tmp_path, '<object id="2" template="spawn.tx" x="64" y="64"/>'))
    assert board.spawns == {"1": ((0, 0),), "2": ((2, 1),)}  # a tile object: (x, y) its bottom-left


def test_s54_an_instance_gid_of_its_own_over_a_bad_template_gid_is_still_refused(tmp_path):
    # the instance's own gid 1 is the map's floor tile, but the template is refused when read, as Tiled does
    _template(tmp_path, 3, "")
    with pytest.raises(FileProblem, match="spawn.tx: layer 'spawns' object 2: tile number 3 belongs to no tileset"):
        load_map(spawn_map(tmp_path, '<object id="2" template="spawn.tx" gid="1" x="64" y="64"/>'))
