"""Writing Tiled files: a Board as a `.tmj`/`.tmx` map, its tileset, and a Tiled map back as TOML.

The shipped tileset (`maps/arena-tiles.tsj`) has one tile per terrain and three crate
heights (SHIPPED_TILES). A board with crates of other heights gets a tileset of its own,
the shipped tiles plus one generated crate tile per extra height (`tiles_for`), so every
height survives the trip. Tiles, spawns and the map carry the classes of the shipped
project file (`tiled_project`).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from arena_game.core.board import Board
from arena_game.core.terrain import Terrain
from arena_game.formats.tiled_project import MAP_CLASS, SPAWN_CLASS, TERRAIN_ENUM, TILE_CLASS

SHIPPED_TILESET = "arena-tiles"
DEFAULT_OBSTACLE_HEIGHT = 100
TileKind = tuple[Terrain, int | None]  # (terrain, obstacle height in cm)
# local tile id in the shipped tileset → (terrain, obstacle height)
SHIPPED_TILES: dict[int, TileKind] = {
    0: (Terrain.FLOOR, None), 1: (Terrain.WALL, None), 2: (Terrain.PILLAR, None),
    3: (Terrain.OBSTACLE, 100), 4: (Terrain.WATER, None), 5: (Terrain.LAVA, None),
    6: (Terrain.ACID, None), 7: (Terrain.HOLE, None), 8: (Terrain.OBSTACLE, 90),
    9: (Terrain.OBSTACLE, 120),
}
_TOML_SYMBOLS = {
    Terrain.FLOOR: ".", Terrain.WALL: "#", Terrain.PILLAR: "O", Terrain.OBSTACLE: "x",
    Terrain.WATER: "~", Terrain.LAVA: "L", Terrain.ACID: "%", Terrain.HOLE: "_",
}


def tiles_for(board: Board | None = None) -> dict[int, TileKind]:
    """The shipped tiles, plus a crate tile for each height of `board` they lack (ids 10, 11…)."""
    tiles = dict(SHIPPED_TILES)
    have = {cm for t, cm in tiles.values() if t is Terrain.OBSTACLE}
    extra = sorted({cm for cm in (board.heights.values() if board else ()) if cm not in have})
    for i, cm in enumerate(extra, start=len(tiles)):
        tiles[i] = (Terrain.OBSTACLE, cm)
    return tiles


def _gid_table(tiles: dict[int, TileKind]) -> dict[TileKind, int]:
    return {kind: local + 1 for local, kind in sorted(tiles.items(), reverse=True)}


def _gids(board: Board, tiles: dict[int, TileKind]) -> list[int]:
    table = _gid_table(tiles)
    out = []
    for sq in board.squares():
        t = board.terrain(sq)
        cm = (board.height_at(sq) or DEFAULT_OBSTACLE_HEIGHT) if t is Terrain.OBSTACLE else None
        out.append(table[(t, cm)])
    return out


def _properties(board: Board) -> list[dict[str, Any]]:
    return [
        {"name": "name", "type": "string", "value": board.name},
        {"name": "description", "type": "string", "value": board.description},
        {"name": "description_en", "type": "string", "value": board.description_en},
        {"name": "labyrinth", "type": "bool", "value": board.labyrinth},
        {"name": "teams", "type": "int", "value": len(board.spawns)},
    ]


def _spawn_points(board: Board, tile: int) -> list[tuple[int, str, int, int]]:
    out, n = [], 1
    for team, squares in board.spawns.items():
        for x, y in squares:
            out.append((n, team, x * tile + tile // 2, y * tile + tile // 2))
            n += 1
    return out


def board_to_tmj(board: Board, tile: int = 64, tileset: str = SHIPPED_TILESET + ".tsj",
                 tiles: dict[int, TileKind] | None = None) -> dict[str, Any]:
    """A Tiled JSON map of `board` against `tileset` (spawns as point objects of class `spawn`)."""
    objects = [{
        "id": n, "name": f"spawn {team}", "type": SPAWN_CLASS, "point": True, "rotation": 0,
        "visible": True, "x": x, "y": y, "width": 0, "height": 0,
        "properties": [{"name": "team", "type": "int", "value": int(team)}],
    } for n, team, x, y in _spawn_points(board, tile)]
    return {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "infinite": False, "compressionlevel": -1, "class": MAP_CLASS,
        "width": board.width, "height": board.height, "tilewidth": tile, "tileheight": tile,
        "nextlayerid": 3, "nextobjectid": len(objects) + 1, "properties": _properties(board),
        "tilesets": [{"firstgid": 1, "source": tileset}],
        "layers": [
            {"id": 1, "name": "terrain", "type": "tilelayer", "x": 0, "y": 0, "width": board.width,
             "height": board.height, "opacity": 1, "visible": True, "data": _gids(board, tiles or tiles_for(board))},
            {"id": 2, "name": "spawns", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1,
             "visible": True, "draworder": "topdown", "objects": objects},
        ],
    }


def board_to_tmx(board: Board, tile: int = 64, tileset: str = SHIPPED_TILESET + ".tsx",
                 tiles: dict[int, TileKind] | None = None) -> str:
    """A Tiled XML map of `board` (CSV tile data, spawns as point objects of class `spawn`)."""
    spawns = _spawn_points(board, tile)
    m = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "class": MAP_CLASS, "orientation": "orthogonal",
        "renderorder": "right-down", "width": str(board.width), "height": str(board.height),
        "tilewidth": str(tile), "tileheight": str(tile), "infinite": "0", "nextlayerid": "3",
        "nextobjectid": str(len(spawns) + 1),
    })
    props = ET.SubElement(m, "properties")
    for prop in _properties(board):
        value = str(prop["value"]).lower() if prop["type"] == "bool" else str(prop["value"])
        attrs = {"name": prop["name"], **({"type": prop["type"]} if prop["type"] != "string" else {}), "value": value}
        ET.SubElement(props, "property", attrs)
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": tileset})
    layer = ET.SubElement(m, "layer", {"id": "1", "name": "terrain", "width": str(board.width), "height": str(board.height)})
    gids = _gids(board, tiles or tiles_for(board))
    rows = [",".join(str(g) for g in gids[y * board.width:(y + 1) * board.width]) for y in range(board.height)]
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
    group = ET.SubElement(m, "objectgroup", {"id": "2", "name": "spawns"})
    for n, team, x, y in spawns:
        obj = ET.SubElement(group, "object", {"id": str(n), "name": f"spawn {team}", "type": SPAWN_CLASS,
                                              "x": str(x), "y": str(y)})
        op = ET.SubElement(obj, "properties")
        ET.SubElement(op, "property", {"name": "team", "type": "int", "value": team})
        ET.SubElement(obj, "point")
    ET.indent(m)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(m, encoding="unicode") + "\n"


def dump_tmj(doc: dict[str, Any]) -> str:
    """JSON text as Tiled writes it (one space indent)."""
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def _tile_properties(terrain: Terrain, cm: int | None) -> list[dict[str, Any]]:
    props: list[dict[str, Any]] = [{"name": "terrain", "type": "string", "propertytype": TERRAIN_ENUM, "value": terrain.value}]
    if cm is not None:
        props.append({"name": "height_cm", "type": "int", "value": cm})
    return props


def tileset_tsj(image: str = SHIPPED_TILESET + ".png", tile: int = 64, tiles: dict[int, TileKind] | None = None,
                name: str = SHIPPED_TILESET) -> dict[str, Any]:
    """A tileset as Tiled JSON: one tile per terrain and crate height, in one image row."""
    kinds = tiles or SHIPPED_TILES
    n = len(kinds)
    return {
        "type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": name,
        "tilewidth": tile, "tileheight": tile, "tilecount": n, "columns": n, "margin": 0, "spacing": 0,
        "image": image, "imagewidth": tile * n, "imageheight": tile,
        "tiles": [{"id": local, "type": TILE_CLASS, "properties": _tile_properties(t, cm)}
                  for local, (t, cm) in kinds.items()],
    }


def tileset_tsx(image: str = SHIPPED_TILESET + ".png", tile: int = 64, tiles: dict[int, TileKind] | None = None,
                name: str = SHIPPED_TILESET) -> str:
    """A tileset as Tiled XML."""
    kinds = tiles or SHIPPED_TILES
    n = len(kinds)
    ts = ET.Element("tileset", {"version": "1.10", "tiledversion": "1.10.2", "name": name,
                                "tilewidth": str(tile), "tileheight": str(tile), "tilecount": str(n), "columns": str(n)})
    ET.SubElement(ts, "image", {"source": image, "width": str(tile * n), "height": str(tile)})
    for local, (terrain, cm) in kinds.items():
        t = ET.SubElement(ts, "tile", {"id": str(local), "type": TILE_CLASS})
        props = ET.SubElement(t, "properties")
        for p in _tile_properties(terrain, cm):
            attrs = {"name": p["name"], **({"type": "int"} if p["type"] == "int" else {}),
                     **({"propertytype": p["propertytype"]} if "propertytype" in p else {}), "value": str(p["value"])}
            ET.SubElement(props, "property", attrs)
    ET.indent(ts)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(ts, encoding="unicode") + "\n"


def board_to_toml(board: Board) -> str:
    """A Board as a native TOML map (spawns as digits, heights other than 100 cm listed)."""
    spawn_at = {sq: slot for slot, squares in board.spawns.items() for sq in squares}
    rows = []
    for y in range(board.height):
        row = ""
        for x in range(board.width):
            t = board.terrain((x, y))
            if (x, y) in spawn_at and (t is not Terrain.FLOOR or len(spawn_at[(x, y)]) != 1):
                raise ValueError(f"the spawn at ({x}, {y}) is on {t.value}: a native map puts spawns on floor")
            row += spawn_at.get((x, y), _TOML_SYMBOLS[t])
        rows.append(row)
    lines = [
        f"name = {json.dumps(board.name, ensure_ascii=False)}",
        f"description = {json.dumps(board.description, ensure_ascii=False)}",
        f"description_en = {json.dumps(board.description_en, ensure_ascii=False)}",
        f"labyrinth = {str(board.labyrinth).lower()}",
        f"teams = {len(board.spawns)}",
        'grid = """', *rows, '"""',
    ]
    odd = {sq: cm for sq, cm in sorted(board.heights.items(), key=lambda kv: (kv[0][1], kv[0][0])) if cm != DEFAULT_OBSTACLE_HEIGHT}
    if odd:
        lines += ["", "[heights]", *(f'"{x},{y}" = {cm}' for (x, y), cm in odd.items())]
    return "\n".join(lines) + "\n"
