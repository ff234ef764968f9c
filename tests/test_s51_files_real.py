"""Session 51: real Tiled files not read before (cocos2d-x's test maps, LÖVE's STI, Python
Arcade's, bevy_ecs_tilemap's), each fault on a minimal file of the same shape.

cocos2d-x's `test-object-layer.tmx` (Tiled 0.x, `version="1.0"`): a tileset without `tilecount`
or `columns`, and objects without an `id` (Tiled wrote none before 0.11; the model reads 0). A
refused spawn named every such object "object 0"; it is now named by its `name`, else by its
place in the layer (1 for the first), as a fault the model finds names an item."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem

TILE = 32


def _old_map(folder: Path, fmt: str, objects: list[dict[str, object]]) -> Path:
    """A 6×4 map of floor as Tiled 0.x wrote it: no ids, an embedded tileset without `tilecount`
    (tile 0 floor, tile 1 floor of team 1), `objects` (x, y, optional name, gid) in 'Object Layer 1'
    and a team 2 point at square (5, 0)."""
    props = {0: [("terrain", "floor")], 1: [("terrain", "floor"), ("team", 1)]}
    two = {"x": 5.5 * TILE, "y": 0.5 * TILE, "point": True, "team": 2}
    if fmt == "tmj":
        def obj(o: dict[str, object]) -> dict[str, object]:
            out: dict[str, object] = {k: v for k, v in o.items() if k in ("x", "y", "name", "gid", "point")}
            if "team" in o:
                out["properties"] = [{"name": "team", "type": "int", "value": o["team"]}]
            return out
        doc = {"version": 1, "orientation": "orthogonal", "width": 6, "height": 4, "tilewidth": TILE,
               "tileheight": TILE,
               "tilesets": [{"firstgid": 1, "name": "Desert", "tilewidth": TILE, "tileheight": TILE,
                             "image": "tmw_desert_spacing.png", "imagewidth": 265, "imageheight": 199,
                             "margin": 1, "spacing": 1,
                             "tileproperties": {str(i): dict(p) for i, p in props.items()}}],
               "layers": [{"type": "tilelayer", "name": "Layer 0", "width": 6, "height": 4, "visible": True,
                           "opacity": 1, "x": 0, "y": 0, "data": [1] * 24},
                          {"type": "objectgroup", "name": "Object Layer 1", "visible": True, "opacity": 1,
                           "x": 0, "y": 0, "objects": [obj(o) for o in [*objects, two]]}]}
        path = folder / "old.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return path
    tiles = "".join(f'  <tile id="{i}">\n   <properties>\n'
                    + "".join(f'    <property name="{k}" value="{v}"/>\n' for k, v in p)
                    + "   </properties>\n  </tile>\n" for i, p in props.items())

    def obj_xml(o: dict[str, object]) -> str:
        attrs = "".join(f' {k}="{o[k]}"' for k in ("name", "gid", "x", "y") if k in o)
        inner = "<point/>" if o.get("point") else ""
        if "team" in o:
            inner += f'<properties><property name="team" type="int" value="{o["team"]}"/></properties>'
        return f"  <object{attrs}>{inner}</object>\n" if inner else f"  <object{attrs}/>\n"

    text = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.0" orientation="orthogonal" width="6" height="4" tilewidth="{TILE}" tileheight="{TILE}">\n'
            f' <tileset firstgid="1" name="Desert" tilewidth="{TILE}" tileheight="{TILE}" spacing="1" margin="1">\n'
            '  <image source="tmw_desert_spacing.png" width="265" height="199"/>\n' + tiles + " </tileset>\n"
            ' <layer name="Layer 0" width="6" height="4">\n  <data encoding="csv">\n'
            + ",\n".join(["1,1,1,1,1,1"] * 4) + "\n</data>\n </layer>\n"
            ' <objectgroup name="Object Layer 1" width="6" height="4">\n'
            + "".join(obj_xml(o) for o in [*objects, two]) + " </objectgroup>\n</map>\n")
    path = folder / "old.tmx"
    path.write_text(text, encoding="utf-8")
    return path


# tile objects of team 1 (gid 2), bottom-left aligned: (32, 64) stands on square (1, 1)
ON_1_1 = {"gid": 2, "x": TILE, "y": 2 * TILE}
ON_2_2 = {"gid": 2, "x": 2 * TILE, "y": 3 * TILE}


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_s51_files_objects_without_ids_load_where_tiled_draws_them(tmp_path, fmt):
    board = load_map(_old_map(tmp_path, fmt, [{"name": "sandro", **ON_1_1}, ON_2_2]))
    assert (board.width, board.height) == (6, 4)
    assert dict(board.spawns) == {"1": ((1, 1), (2, 2)), "2": ((5, 0),)}


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_s51_files_an_object_without_id_is_named_by_its_place_in_the_layer(tmp_path, fmt):
    path = _old_map(tmp_path, fmt, [{"name": "sandro", **ON_1_1}, ON_2_2, ON_2_2])
    with pytest.raises(FileProblem) as e:
        load_map(path)
    assert e.value.one_line() == f"{path}: layer 'Object Layer 1' object 3: two spawns on (2, 2)"
    assert e.value.in_language("fr") == f"{path} : calque 'Object Layer 1' objet 3 : deux départs en (2, 2)"


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_s51_files_an_object_without_id_is_named_by_its_name(tmp_path, fmt):
    path = _old_map(tmp_path, fmt, [ON_2_2, {"name": "sandro", **ON_2_2}])
    with pytest.raises(FileProblem) as e:
        load_map(path)
    assert e.value.one_line() == f"{path}: layer 'Object Layer 1' object 'sandro': two spawns on (2, 2)"
