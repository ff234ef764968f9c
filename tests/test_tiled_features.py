"""Tiled features met in real files (Tiled's examples, DotTiled's and pytiled-parser's test maps,
Tiled 1.0 to 1.11), each on a small hand-made file: it loads as Tiled shows it, or the
command line says in one line, exit code 2, why it is not an Arena map."""

from __future__ import annotations

import base64
import contextlib
import gzip
import io
import json
import shutil
import zlib
from pathlib import Path

import pytest
import zstandard

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx
from arena_game.resources import maps_dir
from tests.builders import write_tiled

DATA = Path(__file__).parent / "data"
PILLARS = DATA / "maps" / "diagonal-pillars.toml"
FLIPS = (0x80000000, 0x40000000, 0x20000000, 0x10000000)  # horizontal, vertical, diagonal, hexagonal 120°


def write(folder: Path, doc: dict | str, name: str = "m.tmj") -> Path:
    return write_tiled(folder, doc, name, image=False)


def tmj() -> dict:
    return board_to_tmj(load_map(PILLARS))


def tmx() -> str:
    return board_to_tmx(load_map(PILLARS))


def check(p: Path) -> tuple[int, list[str]]:
    """`arena-game check P`: its exit code and the lines it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", str(p)])
    return code, out.getvalue().splitlines()


def refused(p: Path, line: str) -> None:
    assert check(p) == (2, [f"{p}: error [file-problem] {line}"])  # the file said once


def loads_as_pillars(p: Path) -> None:
    assert load_map(p) == load_map(PILLARS)
    assert check(p)[0] in (0, 1)  # design warnings at most


# -- maps that are not Arena maps --------------------------------------------------------------


@pytest.mark.parametrize("orientation", ["isometric", "staggered", "hexagonal"])
def test_tiled_isometric_staggered_and_hexagonal_maps_say_why_they_are_not_arena_maps(tmp_path, orientation):
    d = tmj()
    d.update(orientation=orientation, staggeraxis="y", staggerindex="odd", hexsidelength=16)
    refused(write(tmp_path, d), f"orientation: is '{orientation}', but an Arena map is orthogonal, its squares in "
                                "rows and columns (Map → Map Properties → Orientation)")
    p = write(tmp_path, tmx().replace('orientation="orthogonal"', f'orientation="{orientation}"'), "m.tmx")
    refused(p, f"orientation: is '{orientation}', but an Arena map is orthogonal, its squares in "
               "rows and columns (Map → Map Properties → Orientation)")


def test_tiled_infinite_map_with_chunks_says_why_it_is_not_an_arena_map(tmp_path):
    d = tmj()
    layer = d["layers"][0]
    layer["chunks"] = [{"x": 0, "y": 0, "width": 16, "height": 16, "data": [1] * 256}]
    layer.update(startx=0, starty=0)
    del layer["data"]
    d["infinite"] = True
    fault = "infinite: is on, but an Arena map has a fixed size (Map → Map Properties: uncheck Infinite)"
    refused(write(tmp_path, d), fault)
    chunked = tmx().replace('infinite="0"', 'infinite="1"')
    start = chunked.index('<data encoding="csv">')
    end = chunked.index("</data>", start)
    chunked = chunked[:start] + '<data encoding="csv"><chunk x="0" y="0" width="16" height="16">' + \
        ",".join(["1"] * 256) + "</chunk>" + chunked[end:]
    refused(write(tmp_path, chunked, "m.tmx"), fault)
    d["infinite"] = False  # chunks in a map that says it is finite (edited by hand)
    refused(write(tmp_path, d), "layer 'terrain': an infinite map's chunks are not supported (uncheck Map → Infinite)")


def test_tiled_empty_layer_data_is_named(tmp_path):
    start = tmx().index('<data encoding="csv">')
    end = tmx().index("</data>", start)
    refused(write(tmp_path, tmx()[:start] + '<data encoding="csv"/>' + tmx()[end + 7:], "m.tmx"),
            "layer 'terrain': has no tile data")


# -- encodings -----------------------------------------------------------------------------


PACK = {"": lambda b: b, "zlib": zlib.compress, "gzip": gzip.compress, "zstd": zstandard.ZstdCompressor().compress}


@pytest.mark.parametrize("compression", ["", "zlib", "gzip", "zstd"])
def test_tiled_tmx_base64_layers_load_whatever_the_compression(tmp_path, compression):
    gids = tmj()["layers"][0]["data"]
    packed = base64.b64encode(PACK[compression](b"".join(g.to_bytes(4, "little") for g in gids))).decode()
    attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    start = tmx().index('<data encoding="csv">')
    end = tmx().index("</data>", start)
    body = tmx()[:start] + f"<data {attrs}>\n   {packed}\n  " + tmx()[end:]  # Tiled wraps the text in white space
    loads_as_pillars(write(tmp_path, body, "m.tmx"))


def test_tiled_tmx_csv_with_line_breaks_and_the_oldest_tile_elements_load(tmp_path):
    gids = tmj()["layers"][0]["data"]
    start = tmx().index('<data encoding="csv">')
    end = tmx().index("</data>", start)
    rows = ",\n".join(",".join(str(g) for g in gids[y * 9:(y + 1) * 9]) for y in range(4))
    loads_as_pillars(write(tmp_path, tmx()[:start] + f'<data encoding="csv">\n{rows}\n' + tmx()[end:], "m.tmx"))
    tiles = "".join(f'<tile gid="{g}"/>' for g in gids)  # the XML form Tiled read until 1.x
    loads_as_pillars(write(tmp_path, tmx()[:start] + f"<data>{tiles}" + tmx()[end:], "m.tmx"))


# -- tiles and tilesets ------------------------------------------------------------------------


def test_tiled_flipped_and_rotated_tiles_keep_their_terrain(tmp_path):
    d = tmj()
    d["layers"][0]["data"] = [g | FLIPS[i % 4] | (FLIPS[(i + 1) % 4] if i % 3 else 0)
                              for i, g in enumerate(d["layers"][0]["data"])]
    loads_as_pillars(write(tmp_path, d))
    gids = d["layers"][0]["data"]
    start = tmx().index('<data encoding="csv">')
    end = tmx().index("</data>", start)
    loads_as_pillars(write(tmp_path, tmx()[:start] + '<data encoding="csv">' + ",".join(map(str, gids)) + tmx()[end:], "m.tmx"))


def test_tiled_image_collection_tileset_embedded_and_external_loads(tmp_path):
    """A "collection of images" tileset: no tileset image, one image per tile, columns 0."""
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    collection = {k: v for k, v in tsj.items() if k not in ("image", "imagewidth", "imageheight")}
    collection.update(columns=0, grid={"orientation": "orthogonal", "width": 1, "height": 1})
    collection["tiles"] = [{**t, "image": f"../art/tile{t['id']}.png", "imagewidth": 64, "imageheight": 64}
                           for t in tsj["tiles"]]
    d = tmj()
    d["tilesets"] = [{"firstgid": 1, **collection}]
    loads_as_pillars(write(tmp_path, d))
    d["tilesets"] = [{"firstgid": 1, "source": "collection.tsj"}]
    p = write(tmp_path, d)
    (tmp_path / "collection.tsj").write_text(json.dumps(collection))
    loads_as_pillars(p)
    tsx = (maps_dir() / "arena-tiles.tsx").read_text()
    collection_tsx = tsx.replace('<image source="arena-tiles.png" width="640" height="64" />',
                                 '<grid orientation="orthogonal" width="1" height="1"/>').replace('columns="10"', 'columns="0"')
    collection_tsx = collection_tsx.replace("</properties>\n  </tile>",
                                            '</properties>\n   <image width="64" height="64" source="../art/t.png"/>\n  </tile>')
    assert collection_tsx.count("../art/t.png") == 10 and "arena-tiles.png" not in collection_tsx
    (tmp_path / "collection.tsx").write_text(collection_tsx)
    loads_as_pillars(write(tmp_path, tmx().replace('source="arena-tiles.tsx"', 'source="collection.tsx"'), "m.tmx"))


def test_tiled_1_10_and_1_11_fields_are_read_or_ignored(tmp_path):
    """Fields of later versions: tile render size, fill mode, parallax, tint, layer classes,
    the tile class written as `type` (1.10+) or `class` (1.9)."""
    d = tmj()
    d.update(version="1.10", tiledversion="1.11.2", parallaxoriginx=3, parallaxoriginy=4, backgroundcolor="#ff202020")
    for layer in d["layers"]:
        layer.update(parallaxx=0.5, parallaxy=2, tintcolor="#80ff0000", opacity=0.4, locked=True, repeatx=True,
                     **{"class": "scenery"})
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    tsj.update(tilerendersize="grid", fillmode="preserve-aspect-fit", objectalignment="bottomleft",
               tileoffset={"x": 4, "y": -8}, transformations={"hflip": True, "vflip": True, "rotate": True})
    for tile in tsj["tiles"]:  # Tiled 1.9 wrote the tile class as `class`
        tile["class"] = tile.pop("type", "")
    p = write(tmp_path, d)
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    loads_as_pillars(p)
    x = tmx().replace("<map ", '<map parallaxoriginx="3" parallaxoriginy="4" backgroundcolor="#ff202020" ', 1)
    x = x.replace('<layer ', '<layer parallaxx="0.5" tintcolor="#80ff0000" opacity="0.4" locked="1" class="ground" ', 1)
    x = x.replace('<objectgroup ', '<objectgroup parallaxy="2" tintcolor="#ff00ff" class="people" ', 1)
    loads_as_pillars(write(tmp_path, x, "m.tmx"))


# -- properties ----------------------------------------------------------------------------


def test_tiled_properties_of_type_class_nested_and_multiline_strings_load(tmp_path):
    d = tmj()
    d["properties"].append({"name": "weather", "type": "class", "propertytype": "Weather",
                            "value": {"wind": {"speed": 3, "gusts": [1, 2]}, "rain": True}})
    d["properties"].append({"name": "colour", "type": "color", "value": "#ff00ff00"})
    d["properties"].append({"name": "next", "type": "file", "value": "../elsewhere.tmj"})  # a property is never opened
    d["properties"].append({"name": "boss", "type": "object", "value": 3})
    obj = d["layers"][1]["objects"][0]
    obj["properties"].append({"name": "gear", "type": "class", "propertytype": "Gear", "value": {"shield": {"cm": 40}}})
    loads_as_pillars(write(tmp_path, d))
    x = tmx().replace("<properties>", '<properties><property name="weather" type="class" propertytype="Weather">'
                      '<properties><property name="wind" type="class"><properties><property name="speed" type="int" '
                      'value="3"/></properties></property></properties></property>'
                      '<property name="notes">line one\nline two</property>', 1)
    assert load_map(write(tmp_path, x, "m.tmx")).cells == load_map(PILLARS).cells


def test_tiled_multiline_description_in_tmx_is_the_elements_text(tmp_path):
    x = tmx()
    start = x.index('<property name="description"')
    end = x.index("/>", start) + 2
    x = x[:start] + '<property name="description">Deux lignes\nde description.</property>' + x[end:]
    assert load_map(write(tmp_path, x, "m.tmx")).description == "Deux lignes\nde description."


# -- objects -------------------------------------------------------------------------------


def test_tiled_spawn_shapes_ellipse_polygon_text_and_class_of_1_9(tmp_path):
    """Every kind of object Tiled draws can be a spawn: the square under its centre (its
    origin for a polygon), and the object class `spawn` written as `class` (Tiled 1.9)."""
    d = tmj()
    objs = d["layers"][1]["objects"]
    objs[0].update(point=False, ellipse=True, x=64 + 8, y=64 + 8, width=48, height=48)
    objs[1].update(point=False, x=64 + 32, y=128 + 32, polygon=[{"x": 0, "y": 0}, {"x": 10, "y": 0}, {"x": 0, "y": 10}])
    objs[2].update(point=False, x=256 + 4, y=64 + 4, width=56, height=20, text={"text": "B", "wrap": True})
    objs[3]["class"] = objs[3].pop("type")
    loads_as_pillars(write(tmp_path, d))
    x = tmx().replace("<point />", '<ellipse />', 1).replace('type="spawn"', 'class="spawn"')
    assert x.count("<ellipse />") == 1 and x.count('class="spawn"') == 4
    assert load_map(write(tmp_path, x, "m.tmx")).spawns == load_map(PILLARS).spawns


def test_tiled_tile_object_template_with_its_own_tileset_inside_the_folder(tmp_path):
    """A template of a tile object carries its tileset: its gid is the template's, not the map's."""
    d = tmj()
    objs = [o for o in d["layers"][1]["objects"] if o["properties"][0]["value"] == 1]
    d["layers"][1]["objects"] = [o for o in d["layers"][1]["objects"] if o not in objs]
    for i, o in enumerate(objs):  # tile objects are anchored at their bottom-left corner
        d["layers"][1]["objects"].append({"id": 90 + i, "template": "tpl/marker.tj", "x": o["x"] - 32, "y": o["y"] + 32})
    p = write(tmp_path, d)
    (tmp_path / "tpl").mkdir()
    shutil.copy(maps_dir() / "arena-tiles.tsj", tmp_path / "tpl" / "markers.tsj")
    (tmp_path / "tpl" / "marker.tj").write_text(json.dumps({"type": "template",
        "tileset": {"firstgid": 1, "source": "markers.tsj"},
        "object": {"gid": 1 | FLIPS[0], "width": 64, "height": 64, "type": "spawn",
                   "properties": [{"name": "team", "type": "int", "value": 1}]}}))
    loads_as_pillars(p)
    tx = ('<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <tileset firstgid="1" source="markers.tsj"/>\n'
          ' <object type="spawn" gid="1" width="64" height="64">\n  <properties>\n'
          '   <property name="team" type="int" value="1"/>\n  </properties>\n </object>\n</template>\n')
    (tmp_path / "tpl" / "marker.tx").write_text(tx)
    d["layers"][1]["objects"] = [{**o, "template": "tpl/marker.tx"} if "template" in o else o
                                 for o in d["layers"][1]["objects"]]
    loads_as_pillars(write(tmp_path, d))


def test_tiled_a_team_given_as_a_class_property_is_named_in_words(tmp_path):
    x = tmx().replace('<property name="team" type="int" value="1" />', '<property name="team" type="class" '
                      'propertytype="Team"><properties><property name="id" value="1"/></properties></property>', 1)
    refused(write(tmp_path, x, "m.tmx"), "layer 'spawns' object 1: `team` must be a whole number from 1 to 9 (found an object)")
