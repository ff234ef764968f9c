"""Tiled maps (`.tmj` JSON, `.tmx` XML), read through pytiled-parser (docs/maps.md, "Tiled maps").

- Terrain: every tile of the tileset carries a string property `terrain` (floor, wall,
  pillar, obstacle, water, lava, acid, hole) and, for obstacles, an int `height_cm`
  (default 100). The terrain comes from the tile layer named `terrain`, or from the only
  tile layer. Every square needs a tile.
- Spawns: objects (points, rectangles or tile objects) on an object layer, each with a
  `team` property (1–9); the square is the one under the point / the object's centre.
- Map properties: `name` (default: the file name), `description`, `labyrinth` (bool),
  `teams` (how many team slots need spawns, default 2).
- Tileset files and images must stay inside the map's folder (checked before the
  parser opens anything); a fault is a one-line FileProblem.

`board_to_tmj` / `board_to_tmx` write a Board back out against the shipped tileset
(`maps/arena-tiles.tsj`), so a native map and its Tiled twin load into the same Board.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytiled_parser
from pytiled_parser.layer import ObjectLayer, TileLayer

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.settings import DEFAULT_SETTINGS, MapSettings
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import FileProblem

DEFAULT_OBSTACLE_HEIGHT = 100
_GID_MASK = 0x0FFFFFFF  # the top bits of a gid are Tiled's flip flags
SHIPPED_TILESET = "arena-tiles.tsj"
# local tile id in the shipped tileset → (terrain, obstacle height)
SHIPPED_TILES: dict[int, tuple[Terrain, int | None]] = {
    0: (Terrain.FLOOR, None), 1: (Terrain.WALL, None), 2: (Terrain.PILLAR, None),
    3: (Terrain.OBSTACLE, 100), 4: (Terrain.WATER, None), 5: (Terrain.LAVA, None),
    6: (Terrain.ACID, None), 7: (Terrain.HOLE, None), 8: (Terrain.OBSTACLE, 90),
    9: (Terrain.OBSTACLE, 120),
}


# -- path safety: before pytiled-parser opens anything ------------------------------------


def _inside(folder: Path, ref: str | Path) -> bool:
    p = Path(ref)
    target = (p if p.is_absolute() else folder / p).resolve()
    return target.is_relative_to(folder.resolve())


def _referenced_files(path: Path, text: str) -> list[tuple[str, str]]:
    """(kind, path) of every tileset and image a map file names, read without following them."""
    refs: list[tuple[str, str]] = []
    if text.lstrip().startswith("<"):  # .tmx / .tsx
        root = ET.fromstring(text)
        for ts in root.iter("tileset"):
            if "source" in ts.attrib:
                refs.append(("tileset", ts.attrib["source"]))
        for img in root.iter("image"):
            refs.append(("image", img.attrib.get("source", "")))
    else:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the top level is not a JSON object")
        tilesets = [data] if data.get("type") == "tileset" else data.get("tilesets", [])
        for ts_data in tilesets:
            if not isinstance(ts_data, dict):
                continue
            if "source" in ts_data:
                refs.append(("tileset", str(ts_data["source"])))
            if "image" in ts_data:
                refs.append(("image", str(ts_data["image"])))
            for tile in ts_data.get("tiles", []) or []:
                if isinstance(tile, dict) and "image" in tile:
                    refs.append(("image", str(tile["image"])))
        for layer in data.get("layers", []):
            if isinstance(layer, dict) and "image" in layer:
                refs.append(("image", str(layer["image"])))
    return refs


def _check_paths(path: Path, folder: Path) -> None:
    """Refuse a map or tileset whose tilesets or images lie outside `folder`."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise FileProblem(path, f"cannot be read ({e})") from None
    try:
        refs = _referenced_files(path, text)
    except (ValueError, ET.ParseError) as e:
        raise FileProblem(path, f"not a valid Tiled file ({e})") from None
    for kind, ref in refs:
        if not _inside(folder, path.parent / ref if not Path(ref).is_absolute() else ref):
            raise FileProblem(path, f"{kind} path {ref!r} leaves the map's folder")
        if kind == "tileset":
            _check_paths(path.parent / ref, folder)


# -- loading --------------------------------------------------------------------------------


def load_tiled_map(path: str | Path, limits: MapSettings = DEFAULT_SETTINGS.maps) -> Board:
    """Load a Tiled map into a Board; every fault is a one-line FileProblem."""
    p = Path(path)
    if p.suffix not in (".tmj", ".tmx", ".json"):
        raise FileProblem(p, "a Tiled map ends in .tmj or .tmx")
    _check_paths(p, p.parent)
    try:
        tmap = pytiled_parser.parse_map(p)
    except FileNotFoundError as e:
        raise FileProblem(p, f"file not found: {Path(str(e.filename)).name if e.filename else e}") from None
    except Exception as e:  # the parser raises many types (KeyError, ValueError, ParseError…): one line each
        raise FileProblem(p, f"not a valid Tiled map ({type(e).__name__}: {e})") from None
    if tmap.orientation != "orthogonal" or tmap.infinite:
        raise FileProblem(p, "only finite orthogonal Tiled maps are supported")
    for ts in tmap.tilesets.values():
        for img in [ts.image, *(t.image for t in (ts.tiles or {}).values())]:
            if img is not None and not _inside(p.parent, img):
                raise FileProblem(p, f"image path {str(img)!r} leaves the map's folder")
    size = tmap.map_size  # pytiled-parser types it as floats; Tiled writes whole tiles
    if size.width != int(size.width) or size.height != int(size.height):
        raise FileProblem(p, f"map size {size.width}×{size.height} is not a whole number of tiles")
    width, height = int(size.width), int(size.height)
    if width > limits.max_width or height > limits.max_height:
        raise FileProblem(p, f"map is {width}×{height}, larger than the {limits.max_width}×{limits.max_height} limit")
    props = dict(tmap.properties or {})

    layer = _terrain_layer(p, tmap.layers)
    tiles = _tile_table(p, tmap)
    cells: list[Terrain] = []
    heights: dict[Square, int] = {}
    data = layer.data or []
    if len(data) != height or any(len(row) != width for row in data):
        raise FileProblem(p, f"layer {layer.name!r} is not {width}×{height} tiles", field=f"layer {layer.name!r}")
    for y, row in enumerate(data):
        for x, raw_gid in enumerate(row):
            gid = raw_gid & _GID_MASK
            if gid == 0:
                raise FileProblem(p, f"square ({x}, {y}) has no tile", field=f"layer {layer.name!r}")
            if gid not in tiles:
                raise FileProblem(p, f"square ({x}, {y}): tile {gid} has no `terrain` property", field=f"layer {layer.name!r}")
            terrain, cm = tiles[gid]
            cells.append(terrain)
            if terrain is Terrain.OBSTACLE:
                heights[(x, y)] = cm or DEFAULT_OBSTACLE_HEIGHT

    spawns = _spawns(p, tmap, width, height, cells)
    teams = props.get("teams", 2)
    if not isinstance(teams, int) or isinstance(teams, bool) or not 2 <= teams <= 9:
        raise FileProblem(p, "map property `teams` must be a whole number from 2 to 9", field="properties")
    for slot in range(1, teams + 1):
        if not spawns.get(str(slot)):
            raise FileProblem(p, f"no spawns for team {slot} (put objects with team = {slot} on an object layer)")
    labyrinth = props.get("labyrinth", False)
    if not isinstance(labyrinth, bool):
        raise FileProblem(p, "map property `labyrinth` must be a bool", field="properties")
    name = props.get("name", p.stem)
    description = props.get("description", "")
    if not isinstance(name, str) or not name or not isinstance(description, str):
        raise FileProblem(p, "map properties `name` and `description` must be strings", field="properties")
    return Board(
        width=width, height=height, cells=tuple(cells), heights=heights,
        spawns={k: tuple(sorted(v, key=lambda s: (s[1], s[0]))) for k, v in sorted(spawns.items())},
        labyrinth=labyrinth, name=name, description=description,
    )


def _terrain_layer(p: Path, layers: list[Any]) -> TileLayer:
    tile_layers = [la for la in layers if isinstance(la, TileLayer)]
    named = [la for la in tile_layers if la.name == "terrain"]
    if named:
        return named[0]
    if len(tile_layers) == 1:
        return tile_layers[0]
    if not tile_layers:
        raise FileProblem(p, "no tile layer (the terrain is painted on a tile layer)")
    raise FileProblem(p, f"{len(tile_layers)} tile layers and none is named 'terrain'")


def _tile_table(p: Path, tmap: Any) -> dict[int, tuple[Terrain, int | None]]:
    """gid → (terrain, height) from the tiles' `terrain` and `height_cm` properties."""
    out: dict[int, tuple[Terrain, int | None]] = {}
    for firstgid, ts in tmap.tilesets.items():
        for local_id, tile in (ts.tiles or {}).items():
            props = dict(tile.properties or {})
            if "terrain" not in props:
                continue
            where = f"tileset {ts.name!r} tile {local_id}"
            try:
                terrain = Terrain(str(props["terrain"]))
            except ValueError:
                choices = ", ".join(t.value for t in Terrain)
                raise FileProblem(p, f"terrain {props['terrain']!r} is not one of {choices}", field=where) from None
            cm = props.get("height_cm")
            if cm is not None:
                if not isinstance(cm, int | float) or isinstance(cm, bool) or not 1 <= cm <= 1000 or int(cm) != cm:
                    raise FileProblem(p, "height_cm must be a whole number from 1 to 1000", field=where)
                cm = int(cm)
            out[firstgid + local_id] = (terrain, cm)
    return out


def _spawns(p: Path, tmap: Any, width: int, height: int, cells: list[Terrain]) -> dict[str, list[Square]]:
    tw, th = tmap.tile_size.width, tmap.tile_size.height
    spawns: dict[str, list[Square]] = {}
    for layer in tmap.layers:
        if not isinstance(layer, ObjectLayer):
            continue
        for obj in layer.tiled_objects:
            props = dict(obj.properties or {})
            if "team" not in props:
                continue
            where = f"layer {layer.name!r} object {obj.id}"
            team = props["team"]
            if isinstance(team, float) and team.is_integer():
                team = int(team)
            team = str(team)
            if team not in {str(i) for i in range(1, 10)}:
                raise FileProblem(p, f"team {props['team']!r} must be 1 to 9", field=where)
            x, y = obj.coordinates.x, obj.coordinates.y
            w, h = obj.size.width, obj.size.height
            if getattr(obj, "gid", None):  # tile objects are anchored at their bottom-left corner
                y -= h
            sq = (int((x + w / 2) // tw), int((y + h / 2) // th))
            if not (0 <= sq[0] < width and 0 <= sq[1] < height):
                raise FileProblem(p, f"spawn of team {team} lies outside the map", field=where)
            t = cells[sq[1] * width + sq[0]]
            if not t.walkable:
                raise FileProblem(p, f"spawn of team {team} at ({sq[0]}, {sq[1]}) is on a {t.value}", field=where)
            if sq in {s for v in spawns.values() for s in v}:
                raise FileProblem(p, f"two spawns on ({sq[0]}, {sq[1]})", field=where)
            spawns.setdefault(team, []).append(sq)
    return spawns


# -- writing (native → Tiled twin) ----------------------------------------------------------


def _gid_of(board: Board, sq: Square) -> int:
    t = board.terrain(sq)
    cm = board.height_at(sq) if t is Terrain.OBSTACLE else None
    for local, (terrain, height) in SHIPPED_TILES.items():
        if terrain is t and height == cm:
            return local + 1
    raise ValueError(f"no tile of {SHIPPED_TILESET} for a {cm} cm obstacle at {sq}")


def _properties(board: Board) -> list[dict[str, Any]]:
    props: list[dict[str, Any]] = [
        {"name": "name", "type": "string", "value": board.name},
        {"name": "description", "type": "string", "value": board.description},
        {"name": "labyrinth", "type": "bool", "value": board.labyrinth},
    ]
    if len(board.spawns) != 2:
        props.append({"name": "teams", "type": "int", "value": len(board.spawns)})
    return props


def board_to_tmj(board: Board, tile: int = 64, tileset: str = SHIPPED_TILESET) -> dict[str, Any]:
    """A Tiled JSON map of `board` using the shipped tileset (spawns as point objects)."""
    objects = []
    n = 1
    for team, squares in board.spawns.items():
        for x, y in squares:
            objects.append({
                "id": n, "name": f"spawn {team}", "type": "", "point": True, "rotation": 0,
                "visible": True, "x": x * tile + tile // 2, "y": y * tile + tile // 2, "width": 0, "height": 0,
                "properties": [{"name": "team", "type": "int", "value": int(team)}],
            })
            n += 1
    data = [_gid_of(board, sq) for sq in board.squares()]
    return {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "infinite": False, "compressionlevel": -1,
        "width": board.width, "height": board.height, "tilewidth": tile, "tileheight": tile,
        "nextlayerid": 3, "nextobjectid": n, "properties": _properties(board),
        "tilesets": [{"firstgid": 1, "source": tileset}],
        "layers": [
            {"id": 1, "name": "terrain", "type": "tilelayer", "x": 0, "y": 0, "width": board.width,
             "height": board.height, "opacity": 1, "visible": True, "data": data},
            {"id": 2, "name": "spawns", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1,
             "visible": True, "draworder": "topdown", "objects": objects},
        ],
    }


def board_to_tmx(board: Board, tile: int = 64, tileset: str = "arena-tiles.tsx") -> str:
    """A Tiled XML map of `board` (CSV tile data, spawns as point objects)."""
    m = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(board.width), "height": str(board.height), "tilewidth": str(tile), "tileheight": str(tile),
        "infinite": "0", "nextlayerid": "3", "nextobjectid": str(1 + sum(len(v) for v in board.spawns.values())),
    })
    props = ET.SubElement(m, "properties")
    for prop in _properties(board):
        attrs = {"name": prop["name"], "value": str(prop["value"]).lower() if prop["type"] == "bool" else str(prop["value"])}
        if prop["type"] != "string":
            attrs["type"] = prop["type"]
        ET.SubElement(props, "property", attrs)
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": tileset})
    layer = ET.SubElement(m, "layer", {"id": "1", "name": "terrain", "width": str(board.width), "height": str(board.height)})
    rows = [",".join(str(_gid_of(board, (x, y))) for x in range(board.width)) for y in range(board.height)]
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
    group = ET.SubElement(m, "objectgroup", {"id": "2", "name": "spawns"})
    n = 1
    for team, squares in board.spawns.items():
        for x, y in squares:
            obj = ET.SubElement(group, "object", {"id": str(n), "name": f"spawn {team}",
                                                  "x": str(x * tile + tile // 2), "y": str(y * tile + tile // 2)})
            op = ET.SubElement(obj, "properties")
            ET.SubElement(op, "property", {"name": "team", "type": "int", "value": team})
            ET.SubElement(obj, "point")
            n += 1
    ET.indent(m)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(m, encoding="unicode") + "\n"


def tileset_tsj(image: str = "arena-tiles.png", tile: int = 64) -> dict[str, Any]:
    """The shipped tileset as Tiled JSON: one tile per terrain (three crate heights)."""
    tiles = []
    for local, (terrain, cm) in SHIPPED_TILES.items():
        props: list[dict[str, Any]] = [{"name": "terrain", "type": "string", "value": terrain.value}]
        if cm is not None:
            props.append({"name": "height_cm", "type": "int", "value": cm})
        tiles.append({"id": local, "properties": props})
    n = len(SHIPPED_TILES)
    return {
        "type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": "arena-tiles",
        "tilewidth": tile, "tileheight": tile, "tilecount": n, "columns": n, "margin": 0, "spacing": 0,
        "image": image, "imagewidth": tile * n, "imageheight": tile, "tiles": tiles,
    }


def tileset_tsx(image: str = "arena-tiles.png", tile: int = 64) -> str:
    """The shipped tileset as Tiled XML."""
    n = len(SHIPPED_TILES)
    ts = ET.Element("tileset", {"version": "1.10", "tiledversion": "1.10.2", "name": "arena-tiles",
                                "tilewidth": str(tile), "tileheight": str(tile), "tilecount": str(n), "columns": str(n)})
    ET.SubElement(ts, "image", {"source": image, "width": str(tile * n), "height": str(tile)})
    for local, (terrain, cm) in SHIPPED_TILES.items():
        t = ET.SubElement(ts, "tile", {"id": str(local)})
        props = ET.SubElement(t, "properties")
        ET.SubElement(props, "property", {"name": "terrain", "value": terrain.value})
        if cm is not None:
            ET.SubElement(props, "property", {"name": "height_cm", "type": "int", "value": str(cm)})
    ET.indent(ts)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(ts, encoding="unicode") + "\n"


def write_twin(board: Board, out: Path) -> None:
    """Write `board` as `out` (.tmj or .tmx); the tileset files must sit beside it."""
    if out.suffix == ".tmx":
        out.write_text(board_to_tmx(board), encoding="utf-8")
    else:
        out.write_text(json.dumps(board_to_tmj(board), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
