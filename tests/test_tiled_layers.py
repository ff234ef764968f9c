"""Tiled files as Tiled writes and shows them (issue 16): groups, offsets, hidden layers,
older versions, zstd, tile ids as Tiled shows them, the project file's classes."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
import zstandard

from arena_game.core.terrain import Terrain
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_project import project_file
from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx
from arena_game.resources import maps_dir
from tests.builders import write_tiled

DATA = Path(__file__).parent / "data"
PILLARS = DATA / "maps" / "diagonal-pillars.toml"
SHIFTED = {"1": ((2, 1), (2, 2)), "2": ((5, 1), (5, 2))}  # the spawns one square to the right


write = write_tiled


def doc() -> dict:
    return board_to_tmj(load_map(PILLARS))


def test_tiled_group_layers_are_walked_with_their_offsets(tmp_path):
    d = doc()
    terrain, spawns = d["layers"]
    d["layers"] = [
        {"type": "group", "name": "ground", "visible": True, "layers": [terrain]},
        {"type": "group", "name": "people", "visible": True, "offsetx": 32, "layers": [
            {"type": "group", "name": "inner", "visible": True, "offsetx": 32, "layers": [spawns]}]},
    ]
    assert load_map(write(tmp_path, d)).spawns == SHIFTED


def test_tiled_object_layer_offset_moves_the_spawns(tmp_path):
    d = doc()
    d["layers"][1]["offsetx"] = 64
    assert load_map(write(tmp_path, d)).spawns == SHIFTED


def test_tiled_tmx_group_offset_and_hidden_layer(tmp_path):
    tmx = board_to_tmx(load_map(PILLARS))
    tmx = tmx.replace('<objectgroup id="2" name="spawns">', '<group id="3" name="g" offsetx="64"><objectgroup id="2" name="spawns">')
    tmx = tmx.replace("</objectgroup>", '</objectgroup></group><layer id="4" name="decor" width="9" height="4" visible="0">'
                      '<data encoding="csv">' + ",".join(["2"] * 36) + "</data></layer>")
    assert load_map(write(tmp_path, tmx, "m.tmx")).spawns == SHIFTED


def test_tiled_hidden_layers_and_hidden_objects_are_ignored(tmp_path):
    d = doc()
    hidden_tiles = {**d["layers"][0], "name": "decor", "visible": False, "data": [2] * 36}
    bad = {"id": 99, "x": 16, "y": 16, "point": True, "properties": [{"name": "team", "type": "int", "value": 12}]}
    hidden_objects = {"type": "objectgroup", "name": "old spawns", "visible": False, "objects": [bad]}
    d["layers"][1]["objects"].append({**bad, "id": 98, "visible": False})
    d["layers"] += [hidden_tiles, {"type": "group", "visible": False, "layers": [{**hidden_objects, "visible": True}]}, hidden_objects]
    assert load_map(write(tmp_path, d)) == load_map(PILLARS)


def test_tiled_hidden_terrain_layer_is_named_with_what_to_do(tmp_path):
    d = doc()
    d["layers"][0]["visible"] = False
    with pytest.raises(FileProblem) as e:
        load_map(write(tmp_path, d))
    assert e.value.fault == "tile layer 'terrain' is hidden (hidden layers are ignored: show it in Tiled)"


def test_tiled_terrain_layer_name_is_case_insensitive(tmp_path):
    d = doc()
    d["layers"][0]["name"] = " Terrain"
    d["layers"].append({**d["layers"][0], "name": "decor", "data": [2] * 36})
    assert load_map(write(tmp_path, d)) == load_map(PILLARS)


def test_tiled_tile_without_terrain_is_named_as_tiled_shows_it_in_the_file_that_holds_it(tmp_path):
    d = doc()
    extra = {"firstgid": 1, "name": "decor", "tilewidth": 64, "tileheight": 64, "tilecount": 5, "columns": 5,
             "image": "decor.png", "imagewidth": 320, "imageheight": 64}
    d["tilesets"] = [extra, {"firstgid": 6, "source": "arena-tiles.tsj"}]
    d["layers"][0]["data"] = [g + 5 for g in d["layers"][0]["data"]]
    d["layers"][0]["data"][0] = 3
    p = write(tmp_path, d)
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line() == f"{p}: tileset 'decor' tile 2: has no `terrain` property (used at square (0, 0) of m.tmj)"
    d["layers"][0]["data"][0] = 7
    write(tmp_path, d)
    tsj = json.loads((tmp_path / "arena-tiles.tsj").read_text())
    tsj["tiles"][1] = {"id": 1}  # the wall tile, in the tileset file
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line() == (f"{tmp_path / 'arena-tiles.tsj'}: tileset 'arena-tiles' tile 1: has no `terrain` property"
                                  " (used at square (0, 0) of m.tmj)")


@pytest.mark.parametrize("compression", ["zstd", "zlib", "gzip", ""])
def test_tiled_base64_layers_load_whatever_the_compression(tmp_path, compression):
    import gzip
    import zlib
    d = doc()
    raw = b"".join(g.to_bytes(4, "little") for g in d["layers"][0]["data"])
    packed = {"zstd": zstandard.ZstdCompressor().compress, "zlib": zlib.compress, "gzip": gzip.compress,
              "": lambda b: b}[compression](raw)
    d["layers"][0].update(encoding="base64", compression=compression, data=base64.b64encode(packed).decode())
    assert load_map(write(tmp_path, d)) == load_map(PILLARS)


def test_tiled_older_versions_without_optional_attributes_load(tmp_path):
    d = doc()
    for key in ("version", "tiledversion", "nextlayerid", "nextobjectid", "infinite", "renderorder",
                "compressionlevel", "type", "class"):
        d.pop(key)
    for obj in d["layers"][1]["objects"]:
        for key in ("id", "name", "type", "rotation", "width", "height", "visible"):
            obj.pop(key)
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    for key in ("tilecount", "columns", "version", "tiledversion", "type", "margin", "spacing"):
        tsj.pop(key)
    p = write(tmp_path, d)
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    assert load_map(p) == load_map(PILLARS)


def test_tiled_1_0_json_forms_load(tmp_path):
    """Tiled 1.0/1.1 JSON: properties as tables with `propertytypes`, `tileproperties` in the tileset."""
    d = doc()
    d["properties"] = {"name": "Old", "labyrinth": True}
    d["propertytypes"] = {"name": "string", "labyrinth": "bool"}
    for obj in d["layers"][1]["objects"]:
        obj["properties"] = {"team": obj["properties"][0]["value"]}
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    old = {str(t["id"]): {p["name"]: p["value"] for p in t["properties"]} for t in tsj.pop("tiles")}
    d["tilesets"] = [{"firstgid": 1, "name": "old", "tilewidth": 64, "tileheight": 64, "image": "a.png",
                      "tileproperties": old}]
    board = load_map(write(tmp_path, d))
    assert (board.name, board.labyrinth, board.cells) == ("Old", True, load_map(PILLARS).cells)


def test_tiled_project_file_declares_terrain_as_an_enum_and_team_as_an_int():
    shipped = json.loads((maps_dir() / "arena.tiled-project").read_text())
    assert shipped == project_file()  # tools/make_tiled.py keeps it in step
    types = {t["name"]: t for t in shipped["propertyTypes"]}
    assert types["terrain"]["type"] == "enum" and types["terrain"]["storageType"] == "string"
    assert types["terrain"]["values"] == [t.value for t in Terrain]
    assert {m["name"]: m["type"] for m in types["spawn"]["members"]} == {"team": "int"}
    tile = {m["name"]: m for m in types["arena-tile"]["members"]}
    assert tile["terrain"]["propertyType"] == "terrain" and tile["height_cm"]["type"] == "int"


def test_tiled_class_defaults_fill_in_what_tiled_leaves_out(tmp_path):
    """Tiled does not write a class member left at its default (team 1, terrain floor)."""
    d = doc()
    for obj in d["layers"][1]["objects"]:
        if obj["properties"][0]["value"] == 1:
            obj["properties"] = []
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    tsj["tiles"][0]["properties"] = []  # floor, class arena-tile
    p = write(tmp_path, d)
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    assert load_map(p) == load_map(PILLARS)


def test_tiled_tile_object_inherits_team_from_its_tile(tmp_path):
    """Tiled shows a tile object with its tile's properties: a `team` on a spawn tile counts."""
    d = doc()
    marker = {"firstgid": 11, "name": "markers", "tilewidth": 64, "tileheight": 64, "image": "m.png",
              "tiles": [{"id": 0, "properties": [{"name": "team", "type": "int", "value": 2}]}]}
    d["tilesets"].append(marker)
    for obj in d["layers"][1]["objects"]:
        if obj["properties"][0]["value"] == 2:  # a 64×64 tile object anchored at its bottom-left corner
            obj.update(gid=11, point=False, width=64, height=64, x=obj["x"] - 32, y=obj["y"] + 32, properties=[])
    assert load_map(write(tmp_path, d)) == load_map(PILLARS)


def test_tiled_bad_team_from_a_template_names_the_template(tmp_path):
    d = doc()
    d["layers"][1]["objects"].append({"id": 80, "template": "spawn.tj", "x": 160, "y": 96})
    p = write(tmp_path, d)
    (tmp_path / "spawn.tj").write_text(json.dumps({"type": "template", "object": {
        "point": True, "properties": [{"name": "team", "type": "int", "value": 12}]}}))
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line() == f"{tmp_path / 'spawn.tj'}: layer 'spawns' object 80: team 12 must be 1 to 9"


def test_tiled_watch_reloads_when_an_object_template_changes(tmp_path):
    import os

    from arena_game.design.hotreload import MapWatcher

    d = doc()
    d["layers"][1]["objects"] = [o for o in d["layers"][1]["objects"] if o["properties"][0]["value"] == 2]
    d["layers"][1]["objects"] += [{"id": 70, "template": "spawn.tj", "x": 96, "y": 96},
                                  {"id": 71, "template": "spawn.tj", "x": 96, "y": 160}]
    p = write(tmp_path, d)
    tj = tmp_path / "spawn.tj"
    tj.write_text(json.dumps({"type": "template", "object": {"point": True, "type": "spawn"}}))
    watcher = MapWatcher(p)
    assert load_map(p).spawns["1"] == ((1, 1), (1, 2))
    tj.write_text(json.dumps({"type": "template", "object": {"point": True, "type": "spawn", "properties": [
        {"name": "team", "type": "int", "value": 3}]}}))
    st = os.stat(tj)
    os.utime(tj, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))
    got = watcher.poll()
    assert got is not None and got.error is not None and "no spawns for team 1" in got.error
