"""Real Tiled files (tests/data/tiled_real/, see its README): older versions, every layer
encoding, group layers and templates load, or give the line docs/maps.md documents."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_data import layer_gids
from arena_game.formats.tiled_files import TiledFiles
from arena_game.formats.tiled_model import TiledMap, check
from arena_game.resources import maps_dir

REAL = Path(__file__).parent / "data" / "tiled_real"
LAYERS = REAL / "pytiled-parser" / "layer_tests"
NO_TERRAIN = "has no `terrain` property (used at square (0, 0) of {})"
INFINITE = "dottiled/map-with-infinite-and-empty-chunks/map-with-infinite-and-empty-chunks"
FLIPPED = "dottiled/map-with-flippingflags/map-with-flippingflags"
DEEP = "dottiled/map-with-deep-props/map-with-deep-props"
SIBLING = ("tileset path '../all_layer_types/{}' leaves the map's folder (copy the tileset into the "
           "map's folder, or embed it in Tiled: Tilesets view → Embed Tileset, "
           "or keep maps and tilesets under the folder of a Tiled project file)")


@pytest.mark.parametrize(("name", "line"), [
    # Tiled 1.1 (format 1.0): zlib layer, external tileset without the attributes of later versions
    ("tiled-examples/desert.tmx", "tiled-examples/desert.tsx: tileset 'Desert' tile 29: " + NO_TERRAIN.format("desert.tmx")),
    # the oldest form: no tilecount, no infinite, no nextobjectid; an image that is not there (never opened)
    ("tiled-examples/sewers.tmx", "tiled-examples/sewers.tmx: 2 visible tile layers ('Bottom', 'Top') and none is named 'terrain'"),
    # the Tiled 1.0 JSON form: properties as tables, tileproperties
    ("pytmx/formosa.json", "pytmx/formosa.json: 3 visible tile layers ('Grass and Water', 'Tile Layer 1', "
                           "'Tile Layer 2') and none is named 'terrain'"),
    # group layers, tilesets made of single images
    ("pytmx/acid0.tmx", "pytmx/acid0.tmx: 5 visible tile layers ('Tile Layer 1', 'Tile Layer 2', "
                        "'Tile Layer 3', 'Tile Layer 4', …) and none is named 'terrain'"),
    ("pytiled-parser/layer_tests/all_layer_types/map.json",
     "pytiled-parser/layer_tests/all_layer_types/tileset.json: tileset 'tile_set_image' tile 0: " + NO_TERRAIN.format("map.json")),
    ("pytiled-parser/layer_tests/all_layer_types/map.tmx",
     "pytiled-parser/layer_tests/all_layer_types/tileset.tsx: tileset 'tile_set_image' tile 0: " + NO_TERRAIN.format("map.tmx")),
    # Tiled's usual layout, a tileset in a sibling folder: refused with what to do
    ("pytiled-parser/layer_tests/b64_zstd/map.json", "pytiled-parser/layer_tests/b64_zstd/map.json: " + SIBLING.format("tileset.json")),
    ("pytiled-parser/layer_tests/b64_gzip/map.tmx", "pytiled-parser/layer_tests/b64_gzip/map.tmx: " + SIBLING.format("tileset.tsx")),
    ("pytiled-parser/template/map.json", "pytiled-parser/template/map.json: no visible tile layer "
                                         "(the terrain is painted on a tile layer named 'terrain')"),
    # not Arena maps: say why, in the place Tiled shows it
    ("tiled-examples/hexagonal-mini.tmx", "tiled-examples/hexagonal-mini.tmx: orientation: is 'hexagonal', but an Arena "
                                          "map is orthogonal, its squares in rows and columns (Map → Map Properties → Orientation)"),
    *[(f"{INFINITE}.{ext}", f"{INFINITE}.{ext}: infinite: is on, but an Arena map has a fixed size "
                            "(Map → Map Properties: uncheck Infinite)") for ext in ("tmj", "tmx")],
    # Tiled 1.11: flipped tiles, class properties nested three deep
    *[(f"{FLIPPED}.{ext}", f"dottiled/map-with-flippingflags/tileset.ts{ext[-1]}: tileset 'tileset' tile 0: "
                           + NO_TERRAIN.format(f"map-with-flippingflags.{ext}")) for ext in ("tmj", "tmx")],
    *[(f"{DEEP}.{ext}", f"{DEEP}.{ext}: layer 'Tile Layer 1': square (0, 0) has no tile") for ext in ("tmj", "tmx")],
])
def test_real_tiled_files_give_the_documented_line(name, line, monkeypatch):
    monkeypatch.chdir(REAL)
    with pytest.raises(FileProblem) as e:
        load_map(name)
    assert e.value.one_line() == line


def _first_tile_layer(path: Path) -> list[int]:
    files = TiledFiles.for_map(path)
    tmap = check(TiledMap, files.open_map(path))
    layer = next(la for la in tmap.layers if la.type == "tilelayer")
    return layer_gids(path, layer, tmap.width, tmap.height)


@pytest.mark.parametrize("folder", ["b64", "b64_gzip", "b64_zlib", "b64_zstd"])
@pytest.mark.parametrize("suffix", [".json", ".tmx"])
def test_real_base64_layers_zlib_gzip_and_zstd_read_as_the_csv_layer(folder, suffix):
    assert _first_tile_layer(LAYERS / folder / f"map{suffix}") == list(range(1, 49))
    assert _first_tile_layer(LAYERS / "all_layer_types" / "map.json") == list(range(1, 49))


def test_real_map_with_templates_inside_its_folder_loads(tmp_path):
    """pytiled-parser's template map, given a terrain layer and team numbers on its instances."""
    folder = tmp_path / "template"
    shutil.copytree(REAL / "pytiled-parser" / "template", folder)
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(maps_dir() / f, folder / f)
    doc = json.loads((folder / "map.json").read_text())
    w, h, tw = doc["width"], doc["height"], doc["tilewidth"]
    doc["tilesets"].append({"firstgid": 100, "source": "arena-tiles.tsj"})
    doc["layers"].insert(0, {"type": "tilelayer", "name": "Terrain", "visible": True, "width": w, "height": h,
                             "data": [100] * (w * h)})
    instances = [o for la in doc["layers"] for o in la.get("objects", []) if "template" in o]
    assert len(instances) >= 2
    for team, obj in zip((1, 2, 2), instances, strict=False):
        obj["properties"] = [{"name": "team", "type": "int", "value": team}]
    (folder / "map.json").write_text(json.dumps(doc))
    board = load_map(folder / "map.json")
    first = instances[0]
    tmpl = json.loads((folder / first["template"]).read_text())["object"]
    x = first["x"] + tmpl.get("width", 0) / 2
    y = first["y"] + (-tmpl.get("height", 0) / 2 if "gid" in tmpl else tmpl.get("height", 0) / 2)
    assert board.spawns["1"] == ((int(x // tw), int(y // doc["tileheight"])),)
    assert len(board.spawns["2"]) == len(instances[1:3])


@pytest.mark.parametrize("ext", ["tmj", "tmx"])
def test_real_tiled_1_11_map_with_flipped_tiles_and_flipped_tile_objects_loads_once_it_has_terrain(tmp_path, ext):
    """DotTiled's flipping-flags map, as Tiled 1.11 wrote it (flipped gids in the layer and on two
    tile objects), given terrain in its tileset, its empty squares filled and a team on each object."""
    folder = tmp_path / "flipped"
    shutil.copytree(REAL / "dottiled" / "map-with-flippingflags", folder)
    tiles = {i: "wall" if i == 6 else "floor" for i in range(24)}  # tile 6 (gid 7) is the right-hand column
    if ext == "tmj":
        tsj = json.loads((folder / "tileset.tsj").read_text())
        tsj["tiles"] = [{"id": i, "properties": [{"name": "terrain", "type": "string", "value": t}]} for i, t in tiles.items()]
        (folder / "tileset.tsj").write_text(json.dumps(tsj))
        doc = json.loads((folder / f"map-with-flippingflags.{ext}").read_text())
        doc["layers"][0]["data"] = [g or 1 for g in doc["layers"][0]["data"]]
        for team, obj in enumerate(doc["layers"][1]["objects"], 1):
            obj["properties"] = [{"name": "team", "type": "int", "value": team}]
        (folder / f"map-with-flippingflags.{ext}").write_text(json.dumps(doc))
    else:
        tsx = (folder / "tileset.tsx").read_text()
        body = "".join(f'<tile id="{i}"><properties><property name="terrain" value="{t}"/></properties></tile>'
                       for i, t in tiles.items())
        (folder / "tileset.tsx").write_text(tsx.replace("</tileset>", body + "</tileset>"))
        tmx = (folder / f"map-with-flippingflags.{ext}").read_text()
        tmx = tmx.replace(",0,", ",1,").replace(",0,", ",1,").replace("\n0,", "\n1,")
        for team in (1, 2):  # the first object, then the second
            tmx = tmx.replace('height="32"/>', f'height="32"><properties><property name="team" type="int" '
                                               f'value="{team}"/></properties></object>', 1)
        (folder / f"map-with-flippingflags.{ext}").write_text(tmx)
    board = load_map(folder / f"map-with-flippingflags.{ext}")
    assert [board.cells[y * 5 + 4].value for y in range(4)] == ["wall"] * 4  # gid 7 flipped three ways: still a wall
    assert all(board.cells[i].value == "floor" for i in range(25) if i % 5 != 4 or i == 24)
    assert board.spawns == {"1": ((3, 1),), "2": ((0, 3),)}  # under the flipped tile objects' centres
