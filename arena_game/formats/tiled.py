"""Tiled maps (`.tmj` JSON, `.tmx` XML) as Tiled writes them (docs/maps.md, "Tiled maps").

- Terrain: every tile of the tileset carries a string property `terrain` (floor, wall,
  pillar, obstacle, water, lava, acid, hole) and, for obstacles, an int `height_cm`
  (default 100). The terrain comes from the visible tile layer named `terrain` (any
  case), or from the only visible tile layer; group layers are walked, hidden layers
  ignored. Every square needs a tile.
- Spawns: visible objects (points, rectangles, tile objects, template instances) on
  visible object layers, each with a `team` property (1–9; a tile object, or a template
  instance showing its template's tile, takes its tile's); the square is the one under the
  point / the object's centre as Tiled draws it: layer offsets, the object's rotation and,
  for a tile object, its tileset's `objectalignment` included.
- Map properties: `name` (default: the file name), `description`, `labyrinth` (bool),
  `teams` (how many team slots need spawns, default 2).
- Classes of the shipped project file (`maps/arena.tiled-project`) give their defaults to
  the properties Tiled leaves out (`tiled_project.CLASS_DEFAULTS`).

Files are opened by `tiled_files` (folder check, cycles, byte cap), checked by
`tiled_model` and unpacked by `tiled_data`; a fault is a one-line FileProblem naming the
file that holds it (the tileset, the template or the map) and the place in it.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from pathlib import Path

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.settings import DEFAULT_SETTINGS, MapSettings
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import FileProblem, Phrase, Word, fault_words, keyed
from arena_game.formats.safe_read import (
    RELAXED_JSON,
    TREE_FAULTS,
    decode_text,
    parse_json,
    read_bytes,
)
from arena_game.formats.tiled_data import layer_gids
from arena_game.formats.tiled_files import (
    TiledDoc,
    TiledFiles,
    bool_property,
    flag,
    is_types_list,
    real_path,
    whole_number,
)
from arena_game.formats.tiled_model import (
    Layer,
    MapObject,
    Property,
    Template,
    TiledMap,
    Tileset,
    check,
    json_words,
)
from arena_game.formats.tiled_project import CLASS_DEFAULTS, CLASS_MEMBERS

DEFAULT_OBSTACLE_HEIGHT = 100
GID_MASK = 0x0FFFFFFF  # the top bits of a gid are Tiled's flip flags
TILED_SUFFIXES = (".tmj", ".tmx", ".json")
# Tiled's other files, by suffix (any case): what they are when one is given as a map
TILED_OTHER_SUFFIXES = {".tsj": "tileset", ".tsx": "tileset", ".tj": "template", ".tx": "template",
                        ".world": "world", ".tiled-project": "project"}
# where a tile object's (x, y) stands on its tile, as fractions of its width and height
# (Tiled 1.4+ `objectalignment`; "unspecified", and any other word, is bottom-left on an
# orthogonal map, as Tiled draws it)
ALIGNMENTS = {"topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0), "left": (0.0, 0.5),
              "center": (0.5, 0.5), "right": (1.0, 0.5), "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0),
              "bottomright": (1.0, 1.0)}


@dataclass(frozen=True)
class TileSource:
    """A tileset as the map uses it: where its tiles are defined, and their properties."""

    firstgid: int
    name: str
    doc: TiledDoc  # the file holding the tiles (the map itself for an embedded tileset)
    tiles: dict[int, tuple[str, dict[str, Property]]]
    external: bool  # its own .tsj/.tsx file, not embedded in the map
    alignment: str = "unspecified"  # the tileset's `objectalignment`
    count: int | None = None  # its `tilecount`, when given
    size: tuple[int, int] | None = None  # its tiles' size, when given
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict)  # tiles of a size of their own

    def tile_size(self, local: int) -> tuple[int, int] | None:
        """Tile `local`'s size as Tiled's `Tile::size()` gives it (its image's, in a collection)."""
        return self.sizes.get(local, self.size)

    def has(self, local: int) -> bool:
        """Tile `local` exists: it is listed, or below the tileset's `tilecount` (a tile past
        the end, left by a smaller image, is drawn by Tiled as a missing tile)."""
        return self.count is None or local < self.count or local in self.tiles


@dataclass(frozen=True)
class Ground:
    """The terrain layer read: each square's terrain and the tile that gave it (to name it)."""

    cells: list[Terrain]
    tiles: list[tuple[TileSource, int]]

    def tile_words(self, index: int) -> Word:
        """`tile 3 of tileset 'arena-tiles' in arena-tiles.tsx` (no file for an embedded tileset)."""
        src, local = self.tiles[index]
        if src.external:
            return fault_words("tiled_tile_of_in", tile=local, tileset=repr(src.name), file=str(src.doc.shown))
        return fault_words("tiled_tile_of", tile=local, tileset=repr(src.name))


@dataclass(frozen=True)
class Placed:
    """A visible layer with the offset of its groups added, and its opacity as Tiled shows it
    (its own times its groups')."""

    layer: Layer
    dx: float
    dy: float
    opacity: float = 1.0


@dataclass(frozen=True)
class Unread:
    """Something a Tiled map shows its designer that the board does not read (`check` warns of
    it, `design.mapcheck`): `code` is the finding's, `fields` its plain data."""

    code: str
    fields: dict[str, object]


SHOWN_UNREAD = 4  # an unread note names its first few layers or objects, then counts the rest
# squares of the tile layers over the terrain looked into for a tile (64 layers of 128×128; a map
# may hold 10,000 layers): the layers past it are counted as drawn over, unread
LOOKED_SQUARES = 64 * 128 * 128


TILED_KINDS = ("map", "tileset", "template", "world", "project")  # what Tiled writes in a file's `type`


def _kind(kind: object) -> Word | str:
    """A Tiled file's `type` in the fault's language; one Tiled never writes is echoed, quoted."""
    return fault_words(f"tiled_a_{kind}" if kind in TILED_KINDS else "tiled_a_other", kind=repr(str(kind)))


# Top-level keys that tell, in a JSON file without Tiled's `type` (Tiled 1.0/1.1 wrote none),
# a map from a tileset, a world or another tool's file (a TexturePacker/Phaser atlas)
# (not `tilesets` alone: Tiled writes none without `width` and `layers`, while another tool's
# tile index does, as Defold's tiled examples' `tileset.json`)
_MAP_KEYS = ("layers", "width", "height", "orientation", "infinite", "renderorder")
# `width` or `height` is any file's word (Tuxemon's monsters have a `height` in cm): a size is a
# map's only beside a key only a map has, or in a file of nothing but a Tiled map's keys
_MAP_SIZE_COMPANIONS = ("tilewidth", "tileheight", "tilesets", "nextlayerid", "nextobjectid", "tiledversion")
_MAP_TOP_KEYS = frozenset((*_MAP_KEYS, *_MAP_SIZE_COMPANIONS, "backgroundcolor", "class", "compressionlevel",
                           "editorsettings", "hexsidelength", "parallaxoriginx", "parallaxoriginy", "properties",
                           "staggeraxis", "staggerindex", "type", "version"))
# A tileset's own keys: Tiled writes its tile size, count and columns in every one. `tiles` and
# `image` are any tool's words (a level's list of tiles, a sprite's picture): alone, no tileset's
_TILESET_KEYS = ("tilecount", "columns", "tileproperties", "tilepropertytypes", "tilewidth", "tileheight",
                 "imagewidth", "imageheight", "wangsets", "tileoffset", "objectalignment")
_ATLAS_KEYS = ("frames", "textures")
_WORLD_KEYS = ("maps", "patterns")
# Another editor's level beside the maps: an Ogmo Editor 3 level has `layers`, `width` and
# `height` too, so it is told by its own key before the map's
_OGMO_KEYS = ("ogmoVersion",)
_OTHER_TOOLS = ("atlas", "ogmo", "jsonc", "relaxed", "trailing")  # kinds that are no Tiled file, each said in its own words
# A Tiled map's words in another tool's file (a level's size and tiles, a sprite generator's
# layers): said to be that tool's, not missing
_LEVEL_KEYS = ("width", "layers", "tiles")


def json_kind(data: dict[str, object]) -> object:
    """What a Tiled JSON file holds: its `type` ("map", "tileset", "template", "world",
    "project", or a word Tiled never writes), or, without one, what its keys say: "map",
    "tileset", "world", "atlas" (a texture atlas, not a Tiled file), "ogmo" (an Ogmo Editor
    level), "save" (a saved match of this game), "other_level" (another tool's level: a `width`
    or `tiles` without a Tiled map's or tileset's keys) or "other"."""
    if data.get("format") == "arena-save":  # a save of this game beside the maps
        return "save"
    if _foreign_level(data):
        return "other_level"
    # a `type` Tiled never writes is still Tiled's in a file Tiled wrote (its version, a map's
    # or a tileset's keys beside it); elsewhere it is another tool's word (package.json's "module")
    if "type" in data and (data["type"] in TILED_KINDS or "tiledversion" in data or _map_words(data)
                           or any(k in data for k in ("width", "height", *_TILESET_KEYS))):
        return data["type"]
    for kind, keys in (("ogmo", _OGMO_KEYS), ("map", _MAP_KEYS), ("tileset", _TILESET_KEYS), ("atlas", _ATLAS_KEYS),
                       ("world", _WORLD_KEYS)):
        if any(k in data for k in keys) and (kind != "map" or _map_keys(data)) and (kind != "atlas" or _atlas(data)):
            return kind
    if isinstance(data.get("object"), dict):
        return "template"
    return "other_level" if any(k in data for k in _LEVEL_KEYS) else "other"


# Words of a map's that other files use too: a size, `orientation` (a web app manifest's
# "landscape" beside a Phaser game's maps) and `layers` (a character generator's list of sprites)
_WEAK_MAP_KEYS = ("width", "height", "orientation", "layers")
TILED_ORIENTATIONS = ("orthogonal", "isometric", "staggered", "hexagonal", "oblique")
TILED_LAYER_TYPES = ("tilelayer", "objectgroup", "imagelayer", "group")


def _atlas(data: dict[str, object]) -> bool:
    """`data` is a texture atlas: its `frames` a table or a list (TexturePacker's, Aseprite's), or
    its `textures` a list of sheets each with frames (Phaser 3's multi-atlas); a game's table of
    `textures` by name (beside its `sound` and `music`) is none."""
    textures = data.get("textures")
    return isinstance(data.get("frames"), dict | list) or (
        isinstance(textures, list) and bool(textures) and all(isinstance(t, dict) and "frames" in t for t in textures))


# Keys Tiled writes at the top of every map (its size) or every file it saves (its version),
# and the keys only a tileset has (a tile size is any tile editor's word)
_TILED_OWN_KEYS = ("width", "height", "tiledversion", "version", "nextlayerid", "nextobjectid")
_TILESET_ONLY_KEYS = tuple(k for k in _TILESET_KEYS if k not in ("tilewidth", "tileheight"))


def _foreign_level(data: dict[str, object]) -> bool:
    """`data` is another tile editor's level: `layers` that are not Tiled's, maybe a tile size or
    a `type` "map", beside keys Tiled never writes at a map's top, and none of a Tiled map's own
    keys, nor, without a `type`, a tileset's (Pyxel Edit's tilemap export: `tileswide`,
    `tileshigh`, layers of `tiles`; Tactile's JSON maps: `"type": "map"`, `rows`, `columns`,
    layers of type `tile-layer`). `{"type": "map", "layers": []}` stays a Tiled map missing its keys."""
    return (data.get("type", "map") == "map" and "layers" in data and not _map_words(data)
            and not any(k in data for k in _TILED_OWN_KEYS)
            and ("type" in data or not any(k in data for k in _TILESET_ONLY_KEYS))
            and any(k not in _MAP_TOP_KEYS for k in data))


def _map_keys(data: dict[str, object]) -> bool:
    """`data` has a map's keys: one of `_MAP_KEYS` other than a size, an orientation or layers;
    an orientation Tiled writes, or layers Tiled writes (each of a Tiled layer `type`); or a weak
    key beside a key only a map has (a tile size, its tilesets, its next ids), or among a Tiled
    map's keys only (`{"width": 3}`: a map missing its height)."""
    if _map_words(data):
        return True
    # (a `type` here is not Tiled's: `json_kind` took Tiled's and one in a file Tiled wrote)
    return any(k in data for k in _MAP_SIZE_COMPANIONS) or ("type" not in data and all(k in _MAP_TOP_KEYS for k in data))


def _map_words(data: dict[str, object]) -> bool:
    """`data` has a key only a map has (`infinite`, `renderorder`), an orientation Tiled writes,
    or layers Tiled writes (each of a Tiled layer `type`)."""
    layers = data.get("layers")
    tiled_layers = isinstance(layers, list) and bool(layers) and all(
        isinstance(la, dict) and la.get("type") in TILED_LAYER_TYPES for la in layers)
    return (any(k in data for k in _MAP_KEYS if k not in _WEAK_MAP_KEYS)
            or data.get("orientation") in TILED_ORIENTATIONS or tiled_layers)


def kind_words(kind: object) -> Word | str:
    """What a file is (a `json_kind` word) in the fault's language: "a tileset", "a texture atlas"…"""
    if kind in (*_OTHER_TOOLS, "foreign"):
        return fault_words(f"tiled_a_{kind}")
    if kind in ("save", "scenario", "teams", "rules"):  # the game's own files beside the maps
        return fault_words(f"kind_{kind}")
    if kind in ("other", "other_level"):
        return fault_words("tiled_a_json")
    if kind == "types":
        return fault_words("tiled_a_types")
    if kind == "toml":  # a TOML file holding none of a map's keys (a tool's settings)
        return fault_words("tiled_a_toml")
    return _kind(kind)


def not_a_map(p: Path, kind: object, data: dict[str, object] | None = None) -> FileProblem:
    """The one line for a file given as a map that is another kind of file (`data`: its top
    level, if JSON)."""
    if kind in _OTHER_TOOLS:
        return keyed(p, "tiled_not_tiled", kind=fault_words(f"tiled_a_{kind}"))
    if kind == "save":
        return keyed(p, "is_save", wanted=fault_words("kind_map"))
    keys = [f"`{k}`" for k in _LEVEL_KEYS if k in (data or {})]
    if kind == "other" or (kind == "other_level" and not keys):
        return keyed(p, "tiled_json_other")
    if kind == "other_level":
        said = fault_words("both", names=", ".join(keys[:-1]), last=keys[-1]) if len(keys) > 1 else "".join(keys)
        return keyed(p, "tiled_json_level", keys=said, n=len(keys))
    if kind == "foreign":
        return keyed(p, "tiled_foreign", suffix=p.suffix, format="XML" if p.suffix.lower() in _XML_SUFFIXES else "JSON")
    return keyed(p, "tiled_not_map", kind=_kind(kind))


_XML_SUFFIXES = (".tsx", ".tx")  # Tiled's other files are JSON


def suffix_kind(path: Path) -> object:
    """What a file ending as a Tiled file other than a map (`TILED_OTHER_SUFFIXES`) is: that
    kind, or "foreign" when its text is not what Tiled writes there (a TypeScript `App.tsx`:
    Tiled's `.tsx` is XML, its `.tsj` JSON). An unreadable or empty file keeps its ending's kind."""
    kind = TILED_OTHER_SUFFIXES[path.suffix.lower()]
    try:
        head = read_bytes(path)[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    except FileProblem:
        return kind
    if not head or b"\x00" in head[:4] or head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 or -32: said when read
        return kind
    opens = (b"<",) if path.suffix.lower() in _XML_SUFFIXES else (b"{", b"[")
    return kind if head.startswith(opens) else "foreign"


def file_kind(path: Path) -> object:
    """What a `.json` file beside maps is, for `check FOLDER` (`json_kind`; "types" for Tiled's
    custom types, a list; "other" for any other list; "jsonc", "relaxed" or "trailing" for JSON
    with comments, keys without quotes or trailing commas that names no Tiled map's key); "map"
    when it cannot be read as JSON, or its top level is neither an object nor a list (the map
    loader then says what is wrong, in one line)."""
    text = None
    try:
        text = decode_text(path, read_bytes(path))
        data = parse_json(path, text)
    except FileProblem as e:
        # A key given twice is refused in a map (json would keep the last), but another tool's
        # file writing one (TexturePacker's `meta.version`) is still that tool's: its top level
        # says what it is, and only a map is then read (and refused) as one. So is a save
        # holding a number too long, a NaN or half a UTF-16 pair
        if e.key in RELAXED_JSON and text is not None and not _MAP_WORDS.search(text):
            # an editor's settings with comments, libGDX's relaxed JSON, a script's data: not Tiled's, and no map
            return _NOT_JSON_KINDS[e.key]
        if e.key not in TREE_FAULTS or text is None:
            return "map"
        return _loose_kind(text)
    if isinstance(data, list):
        return "types" if is_types_list(data) else "other"
    return json_kind(data) if isinstance(data, dict) else "map"


_NOT_JSON_KINDS = {"json_comment": "jsonc", "json_bare_key": "relaxed", "json_bare_word": "relaxed",
                   "json_trailing_comma": "trailing"}

# keys only a Tiled map writes: a file holding one is a map, broken if it does not parse
_MAP_WORDS = re.compile(r"""\b(?:tiledversion|tilewidth|tileheight|nextlayerid|nextobjectid|renderorder|orientation|tilesets)\b["']?\s*:""")


def _loose_json(text: str) -> object:
    """`text` as JSON as json reads it (a key given twice, the last kept; NaN; long numbers), to
    tell what a file the strict read refused is; None when json cannot read it either."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _loose_kind(text: str) -> object:
    """What a JSON text the strict read refused for a value in its tree is (`json_kind`), "map"
    when json cannot read it or it is one."""
    loose = _loose_json(text)
    return json_kind(loose) if isinstance(loose, dict) and json_kind(loose) != "map" else "map"


def load_tiled_map(path: str | Path, limits: MapSettings = DEFAULT_SETTINGS.maps,
                   unread: list[Unread] | None = None) -> Board:
    """Load a Tiled map into a Board; every fault is a one-line FileProblem. Given `unread`,
    what Tiled shows the designer and the board does not read is added to it (`check`'s
    warnings: a tile or image layer drawn over the terrain, a terrain layer Tiled does not show,
    objects that are no spawn); a map that loads loads the same either way."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix in TILED_OTHER_SUFFIXES:
        read_bytes(p)  # a missing or unreadable file is said so first
        raise not_a_map(p, suffix_kind(p))
    if suffix not in TILED_SUFFIXES:
        raise keyed(p, "tiled_suffix")
    files = TiledFiles.for_map(p)
    try:
        doc = files.open_map(p)
    except FileProblem as e:
        if e.key in TREE_FAULTS and e.path == str(p) and (other := _loose_kind(decode_text(p, read_bytes(p)))) != "map":
            raise not_a_map(p, other) from None  # a save holding a 31-digit number is a save first
        raise
    kind = json_kind(doc.data)
    if kind != "map":
        raise not_a_map(p, kind, doc.data)
    try:
        tmap = check(TiledMap, doc)
    except FileProblem:
        # Tiled 1.11 writes an infinite map's width and height as 0: it is said to be infinite
        if isinstance(doc.data, dict) and flag(doc.data.get("infinite")) is True:
            raise keyed(p, "tiled_infinite", field="infinite") from None
        raise
    # the rules' squares have 8 neighbours, as on an orthogonal grid; an oblique map (Tiled 1.12)
    # is one: its rows and columns, and its objects' pixels, are an orthogonal map's, only drawn
    # sheared (skewx, skewy), and Arena draws it straight
    if tmap.orientation not in ("orthogonal", "oblique"):
        shown = repr(tmap.orientation) if len(tmap.orientation) <= 24 else repr(tmap.orientation[:21] + "...")
        raise keyed(p, "tiled_orientation", field="orientation", shown=shown)
    if tmap.infinite:
        raise keyed(p, "tiled_infinite", field="infinite")
    width, height = tmap.width, tmap.height
    if width > limits.max_width or height > limits.max_height:
        # imported here: mapfile loads Tiled maps through this module
        from arena_game.formats.mapfile import map_too_large

        raise map_too_large(p, width, height, limits)
    sources = _tilesets(files, doc, tmap)
    placed = list(_visible_layers(tmap.layers, 0.0, 0.0, 1.0))
    terrain = _terrain_layer(p, tmap.layers, placed, unread)
    cells, heights, tiles = _squares(p, terrain.layer, sources, width, height)
    if unread is not None:
        unread.extend(_unread_layers(p, placed, terrain, width, height))
    spawns = _spawns(files, doc, tmap, terrain, placed, Ground(cells, tiles), sources, unread)
    return _board(p, tmap, cells, heights, spawns)


def _board(p: Path, tmap: TiledMap, cells: list[Terrain], heights: dict[Square, int],
           spawns: dict[str, list[Square]]) -> Board:
    typed = {**_class_props(tmap.class_), **tmap.props()}
    if "teams" in typed:
        _number_type(p, typed["teams"], Phrase((fault_words("tiled_map"),)))
    props = {k: v.value for k, v in typed.items()}
    teams = whole_number(props.get("teams", 2))
    if teams is None or not 2 <= teams <= 9:
        raise keyed(p, "tiled_teams", field="properties")
    for slot in range(1, teams + 1):
        if not spawns.get(str(slot)):
            raise keyed(p, "tiled_no_spawns", slot=slot)
    labyrinth = _labyrinth(p, typed.get("labyrinth"))
    name = props.get("name") or p.stem
    description = props.get("description", "")
    description_en = props.get("description_en", "")
    if not isinstance(name, str) or not isinstance(description, str) or not isinstance(description_en, str):
        raise keyed(p, "tiled_names", field="properties")
    return Board(
        width=tmap.width, height=tmap.height, cells=tuple(cells), heights=heights,
        spawns={k: tuple(sorted(v, key=lambda s: (s[1], s[0]))) for k, v in sorted(spawns.items())},
        labyrinth=labyrinth, name=name, description=description, description_en=description_en,
    )


def _labyrinth(p: Path, prop: Property | None) -> bool:
    """R4.4's flag: a `bool` property (or a string one, as Tiled before 1.0 wrote every
    property) read as Tiled reads a bool (`bool_property`); a word Tiled would read as true
    whatever it says (`no`, `off`) is refused, showing it."""
    if prop is None:
        return False
    value = bool_property(prop.value) if prop.type in ("bool", "string") else prop.value
    if not isinstance(value, bool):
        raise keyed(p, "tiled_labyrinth", field="properties", found=json_words(prop.value))
    return value


# Property types whose value may look like a number but is none: an `object` property holds an
# object's id (an int), a `file` one a path ("1"), a `color` one a colour. (A number is an int,
# a float or, as Tiled before 1.0 wrote every property, a string; a bool or a class is refused
# by `whole_number`, its value showing.)
NOT_NUMBER_TYPES = ("object", "file", "color")


def _number_type(holder: Path, prop: Property, where: Phrase) -> None:
    """Refuse a number property (`team`, `teams`, `height_cm`) of a type that holds no number."""
    if prop.type in NOT_NUMBER_TYPES:
        raise keyed(holder, "tiled_prop_type", field=where, name=f"`{prop.name}`", type=repr(prop.type))


def _class_props(cls: str) -> dict[str, Property]:
    """A class's defaults (the shipped project's) as properties of their declared types."""
    members = CLASS_MEMBERS.get(cls, {})
    return {k: Property(name=k, type=members[k][0], value=v) for k, v in CLASS_DEFAULTS.get(cls, {}).items()}


# -- tilesets ----------------------------------------------------------------------------


def _tilesets(files: TiledFiles, doc: TiledDoc, tmap: TiledMap) -> list[TileSource]:
    out = []
    for ts in tmap.tilesets:
        if ts.source is not None:
            out.append(_external_tileset(files, doc, ts))
        else:
            out.append(_embedded(doc, ts))
    out.sort(key=lambda s: s.firstgid)
    return out


def _external_tileset(files: TiledFiles, doc: TiledDoc, ts: Tileset) -> TileSource:
    """The tileset file `ts` names (its path from `doc`'s folder: a map's or a template's)."""
    source = ts.source or ""
    ts_doc = files.open_ref(doc, source, "tileset")
    key = (id(ts_doc), "tileset")  # a file named many times is checked once (`open_ref` reads it once)
    if key not in files.checked:
        kind = ts_doc.data.get("type", "tileset")
        if kind != "tileset":
            raise keyed(doc.shown, "tiled_not_tileset", source=repr(source), kind=_kind(kind))
        loaded = check(Tileset, ts_doc)
        files.checked[key] = _embedded(ts_doc, loaded)
    return replace(files.checked[key], firstgid=ts.firstgid, external=True)


def _embedded(doc: TiledDoc, ts: Tileset) -> TileSource:
    """A tileset held in `doc` (a map or a template), or what a tileset file holds."""
    size, sizes = ts.tile_sizes()
    return TileSource(ts.firstgid, ts.name, doc, _tile_props(doc, ts), False, ts.objectalignment, ts.count(), size,
                      sizes)


def _tile_props(doc: TiledDoc, ts: Tileset) -> dict[int, tuple[str, dict[str, Property]]]:
    """The tileset's tiles; a tile id given twice is refused (Tiled never writes one: the
    second would silently replace the first's terrain)."""
    twice = ts.repeated_id()
    if twice is not None:
        where = fault_words("tiled_tileset", label=repr(ts.name)) if ts.name else fault_words("tiled_tileset_unnamed")
        raise keyed(doc.shown, "tiled_tile_twice", field=where, tile=twice)
    return ts.tile_props()


def _firstgids(sources: list[TileSource]) -> list[int]:
    """The tilesets' first gids, in order, made once per map: a map may hold thousands of
    tilesets and use thousands of gids, so a search must not remake the list each time."""
    return [s.firstgid for s in sources]


def _tile_at(sources: list[TileSource], gid: int, firstgids: list[int]) -> tuple[TileSource, int] | None:
    i = bisect_right(firstgids, gid) - 1
    return (sources[i], gid - sources[i].firstgid) if i >= 0 else None


def _terrain_of(src: TileSource, local: int, used_at: Word) -> tuple[Terrain, int | None]:
    """A tile's terrain and height; a fault names the tileset's file and the tile as Tiled shows it."""
    where = Phrase((fault_words("tiled_tileset", label=repr(src.name)), fault_words("tiled_tile", label=local)))
    cls, props = src.tiles.get(local, ("", {}))
    typed = {**_class_props(cls), **props}
    if "height_cm" in typed:
        _number_type(src.doc.shown, typed["height_cm"], where)
    values = {k: v.value for k, v in typed.items()}
    if "terrain" not in values:
        raise keyed(src.doc.shown, "tiled_no_terrain", field=where, used_at=used_at)
    choices = ", ".join(t.value for t in Terrain)
    if not isinstance(values["terrain"], str):  # a class, a list (Tiled 1.12), a number: never a terrain's name
        raise keyed(src.doc.shown, "tiled_terrain_not_text", field=where, found=json_words(values["terrain"]),
                    choices=choices)
    try:
        terrain = Terrain(values["terrain"].strip().lower())
    except ValueError:
        raise keyed(src.doc.shown, "tiled_terrain_unknown", field=where, terrain=repr(values["terrain"]),
                    choices=choices) from None
    cm = values.get("height_cm")
    if cm is None:
        return terrain, None
    whole = whole_number(cm)
    if whole is None or not 1 <= whole <= 1000:
        raise keyed(src.doc.shown, "tiled_height_cm", field=where, found=repr(cm))
    return terrain, whole


# -- layers ------------------------------------------------------------------------------


def _visible_layers(layers: list[Layer], dx: float, dy: float, opacity: float) -> list[Placed]:
    """Visible layers in draw order, groups walked (their offsets add up, their opacities
    multiply; a hidden group hides all)."""
    out = []
    for layer in layers:
        if not layer.visible:
            continue
        ox, oy = dx + layer.offsetx, dy + layer.offsety
        shown = opacity * shown_opacity(layer.opacity)
        if layer.type == "group":
            out.extend(_visible_layers(layer.layers, ox, oy, shown))
        else:
            out.append(Placed(layer, ox, oy, shown))
    return out


def shown_opacity(value: object) -> float:
    """A layer's `opacity` as Tiled draws it, 0 to 1; one not written as a number is Tiled's
    default, 1 (never refused: the game draws its own board)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return 1.0
    return min(max(float(value), 0.0), 1.0)


def _all_layers(layers: list[Layer]) -> list[Layer]:
    return [x for la in layers for x in ([la] if la.type != "group" else _all_layers(la.layers))]


def _terrain_layer(p: Path, layers: list[Layer], placed: list[Placed], unread: list[Unread] | None) -> Placed:
    tile_layers = [pl for pl in placed if pl.layer.type == "tilelayer"]
    named = [pl for pl in tile_layers if pl.layer.name.strip().casefold() == "terrain"]
    if len(named) > 1:
        raise keyed(p, "tiled_terrain_layers", n=len(named))
    hidden = [la.name for la in _all_layers(layers) if la.type == "tilelayer" and la.name.strip().casefold() == "terrain"]
    if named or len(tile_layers) == 1:
        chosen = named[0] if named else tile_layers[0]
        if unread is not None:
            unread.extend(_unseen_terrain(chosen, [] if named else hidden))
        return chosen
    if hidden:
        raise keyed(p, "tiled_layer_hidden", layer=repr(hidden[0]))
    if not tile_layers:
        raise keyed(p, "tiled_no_tile_layer")
    names = ", ".join(repr(pl.layer.name) for pl in tile_layers[:4]) + (", …" if len(tile_layers) > 4 else "")
    raise keyed(p, "tiled_no_terrain_layer", n=len(tile_layers), names=names)


def _unseen_terrain(terrain: Placed, hidden: list[str]) -> list[Unread]:
    """The terrain layer read is one Tiled does not show (opacity 0), or is read in place of a
    hidden layer named `terrain` (the only visible tile layer is read: the designer sees another)."""
    out = []
    if hidden:
        out.append(Unread("terrain-layer-hidden", {"hidden": hidden[0], "layer": terrain.layer.name}))
    if terrain.opacity == 0.0:
        out.append(Unread("terrain-layer-transparent", {"layer": terrain.layer.name}))
    return out


def _unread_layers(p: Path, placed: list[Placed], terrain: Placed, width: int, height: int) -> list[Unread]:
    """Layers drawn over the terrain layer that Tiled shows (not at opacity 0): a tile layer
    holding a tile, an image layer with a picture; they are seen in Tiled, never read. Tile
    layers are looked into up to `LOOKED_SQUARES` squares in all, those past it counted unread
    (`n`); one whose data cannot be read is passed over (Tiled refuses it: "Corrupt layer data")."""
    above = placed[next(i for i, pl in enumerate(placed) if pl is terrain) + 1:]
    names: list[str] = []
    left = LOOKED_SQUARES // (width * height)  # tile layers still to look into
    unlooked = 0
    for pl in above:
        layer = pl.layer
        if pl.opacity == 0.0 or layer.type not in ("tilelayer", "imagelayer"):
            continue
        if layer.type == "imagelayer":
            if isinstance(layer.image, str) and layer.image.strip():
                names.append(layer.name)
            continue
        if not left:
            unlooked += 1
            continue
        left -= 1
        try:
            gids = layer_gids(p, layer, width, height)
        except FileProblem:
            continue
        if any(gid & GID_MASK for gid in gids):
            names.append(layer.name)
    if not names:  # (layers past the squares looked into, after empty ones, are not said alone)
        return []
    return [Unread("layer-over-terrain", {"layers": names, "n": len(names) + unlooked, "terrain": terrain.layer.name})]


def _squares(p: Path, layer: Layer, sources: list[TileSource], width: int,
             height: int) -> tuple[list[Terrain], dict[Square, int], list[tuple[TileSource, int]]]:
    gids = layer_gids(p, layer, width, height)
    cells: list[Terrain] = []
    heights: dict[Square, int] = {}
    tiles: list[tuple[TileSource, int]] = []
    known: dict[int, tuple[Terrain, int | None]] = {}
    where_tile: dict[int, tuple[TileSource, int]] = {}  # gid → its tileset and local id
    where = fault_words("tiled_layer", label=repr(layer.name))
    firstgids = _firstgids(sources)
    for i, raw in enumerate(gids):
        x, y = i % width, i // width
        gid = raw & GID_MASK
        if gid not in known:
            found = _tile_at(sources, gid, firstgids) if gid else None
            if gid == 0:
                raise keyed(p, "tiled_no_tile", field=where, x=x, y=y)
            if found is None:
                raise keyed(p, "tiled_gid_unknown", field=where, x=x, y=y, gid=gid)
            if not found[0].has(found[1]):
                raise keyed(p, "tiled_tile_past_end", field=where, x=x, y=y, gid=gid, tile=found[1],
                            tileset=repr(found[0].name), n=found[0].count)
            known[gid] = _terrain_of(found[0], found[1], fault_words("tiled_square_of", x=x, y=y, file=p.name))
            where_tile[gid] = found
        terrain, cm = known[gid]
        cells.append(terrain)
        tiles.append(where_tile[gid])
        if terrain is Terrain.OBSTACLE:
            heights[(x, y)] = cm or DEFAULT_OBSTACLE_HEIGHT
    return cells, heights, tiles


# -- spawns ------------------------------------------------------------------------------


def _object_label(obj: MapObject, n: int) -> object:
    """How a line names an object: its id; one written without (Tiled before 0.11, cocos2d's
    and other tools' files: every id reads 0) by its name, else its place in the layer (1 for
    the first), as a fault the model finds names it (`tiled_model._name_item`)."""
    if obj.id:
        return obj.id
    return repr(obj.name) if obj.name else n


@dataclass
class _Template:
    """An object template read once per map, and the tileset of its tile once one is needed."""

    doc: TiledDoc
    template: Template
    source: TileSource | None = None


def _spawns(files: TiledFiles, doc: TiledDoc, tmap: TiledMap, terrain: Placed, placed: list[Placed],
            ground: Ground, sources: list[TileSource], unread: list[Unread] | None) -> dict[str, list[Square]]:
    spawns: dict[str, list[Square]] = {}
    no_spawns: list[tuple[Phrase, str]] = []  # objects Tiled shows that are no spawn: (place, class)
    count = 0
    taken: set[Square] = set()  # every spawn's square so far (a map may have thousands)
    templates: dict[Path | str, _Template] = {}
    firstgids = _firstgids(sources)
    for pl in placed:
        if pl.layer.type != "objectgroup":
            continue
        for n, obj in enumerate(pl.layer.objects, 1):
            where = Phrase((fault_words("tiled_layer", label=repr(pl.layer.name)),
                            fault_words("tiled_object", label=_object_label(obj, n))))
            tmpl = _template(files, doc, obj, templates, where)
            gid = obj.gid & GID_MASK
            if gid and _tile_at(sources, gid, firstgids) is None:  # Tiled refuses the map: "Invalid tile"
                raise keyed(doc.shown, "tiled_object_gid_unknown", field=where, gid=gid)
            full = _with_template(obj, tmpl)
            if not full.visible:
                continue
            tile = _object_tile(files, obj, tmpl, sources, firstgids)
            props = _object_props(full, tile)
            if "team" not in props:
                if pl.opacity > 0.0:
                    count += 1
                    if len(no_spawns) < SHOWN_UNREAD:
                        no_spawns.append((where, full.type or full.class_))
                continue
            holder = doc.shown if tmpl is None or "team" in obj.props() else tmpl.doc.shown
            _number_type(holder, props["team"], where)
            team = whole_number(props["team"].value)
            if team is None or not 1 <= team <= 9:
                value = props["team"].value
                fraction = isinstance(value, float) and not value.is_integer()  # 2.5: not a whole number
                # true is a number to Python, not to the designer: `found true`, never `team True`
                plain = isinstance(value, int | float | str) and not isinstance(value, bool)
                if plain and len(repr(value)) <= 24 and not fraction:
                    raise keyed(holder, "tiled_team_range", field=where, team=repr(value))
                raise keyed(holder, "tiled_team_whole", field=where, found=json_words(value))
            sq = _square_under(_sized(full, tile), tile, pl.dx - terrain.dx, pl.dy - terrain.dy, tmap)
            _add_spawn(doc.shown, spawns, taken, str(team), sq, tmap.width, tmap.height, ground, where)
    if unread is not None and count:
        unread.append(Unread("objects-not-spawns", {"objects": no_spawns, "n": count}))
    return spawns


def _object_tile(files: TiledFiles, own: MapObject, tmpl: _Template | None,
                 sources: list[TileSource], firstgids: list[int]) -> tuple[TileSource, int] | None:
    """The tile of a tile object, and its tileset: the map's gid refers to the map's tilesets; a
    template instance without a gid of its own shows its template's tile, whose gid refers to the
    template's tileset (its path taken from the template's folder)."""
    if own.gid & GID_MASK:
        return _tile_at(sources, own.gid & GID_MASK, firstgids)
    if tmpl is None or not tmpl.template.object.gid & GID_MASK or tmpl.template.tileset is None:
        return None
    if tmpl.source is None:
        ts = tmpl.template.tileset
        tmpl.source = _external_tileset(files, tmpl.doc, ts) if ts.source is not None else _embedded(tmpl.doc, ts)
    return _tile_at([tmpl.source], tmpl.template.object.gid & GID_MASK, [tmpl.source.firstgid])


def _sized(obj: MapObject, tile: tuple[TileSource, int] | None) -> MapObject:
    """The object with the size Tiled gives a tile object written without one (Tiled before
    0.13 wrote none): a width or height of 0 is its tile's (`mapreader.cpp`, "Fix up sizes of
    tile objects"), so the object stands on its tile, not on the square below."""
    if tile is None or (obj.width and obj.height):
        return obj
    size = tile[0].tile_size(tile[1])
    if size is None:
        return obj
    return obj.model_copy(update={"width": obj.width or float(size[0]), "height": obj.height or float(size[1])})


def _object_props(full: MapObject, tile: tuple[TileSource, int] | None) -> dict[str, Property]:
    """Class defaults, then the tile's `team` (a tile object inherits it), then the object's."""
    inherited: dict[str, Property] = {}
    if tile is not None:
        _, tile_props = tile[0].tiles.get(tile[1], ("", {}))
        inherited = {k: v for k, v in tile_props.items() if k == "team"}
    return {**_class_props(full.type or full.class_), **inherited, **full.props()}


def _template(files: TiledFiles, doc: TiledDoc, obj: MapObject, cache: dict[Path | str, _Template],
              where: Phrase) -> _Template | None:
    """The object's template (each file read once per map, however its path is spelt), None for
    an object that is not an instance."""
    if not obj.template:
        return None
    if obj.template in cache:  # a path written as before, from the map's folder: resolved once (50,000 took 2 s)
        return cache[obj.template]
    target = real_path(doc.real.parent / obj.template)
    if target not in cache:
        t_doc = files.open_ref(doc, obj.template, "template", where)
        kind = json_kind(t_doc.data)
        if kind != "template":  # a map or a tileset read as a template would be an empty object
            raise keyed(doc.shown, "tiled_not_template", field=where, source=repr(obj.template), kind=kind_words(kind))
        cache[target] = _Template(t_doc, check(Template, t_doc))
        _template_gid(cache[target], where)
    cache[obj.template] = cache[target]
    return cache[target]


def _template_gid(tmpl: _Template, where: Phrase) -> None:
    """A template's tile names its own tileset (the template's, from its `firstgid`): a gid
    without one, or below it, is refused as Tiled refuses the template ("Invalid tile"), for
    every instance, drawn or hidden, as an object's own gid is."""
    gid = tmpl.template.object.gid & GID_MASK
    ts = tmpl.template.tileset
    if gid and (ts is None or gid < ts.firstgid):
        raise keyed(tmpl.doc.shown, "tiled_object_gid_unknown", field=where, gid=gid)


def _with_template(obj: MapObject, tmpl: _Template | None) -> MapObject:
    """The object with its template's values under its own (Tiled stores only what differs)."""
    if tmpl is None:
        return obj
    base = tmpl.template.object
    own = obj.model_dump(exclude_unset=True, by_alias=True)
    merged = {**base.model_dump(exclude_unset=True, by_alias=True), **own}
    merged["properties"] = [*base.props().values(), *obj.props().values()]
    merged["properties"] = list({p.name: p for p in merged["properties"]}.values())
    merged.pop("propertytypes", None)
    return MapObject.model_validate(merged)


# a turn by a quarter, exactly: (cos, sin)
_QUARTERS = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}


def _square_under(obj: MapObject, tile: tuple[TileSource, int] | None, dx: float, dy: float,
                  tmap: TiledMap) -> Square:
    """The square under the object's centre as Tiled draws it. The object's (x, y) is its
    top-left corner, or for a tile object the point of the tile its tileset's `objectalignment`
    names (bottom-left when unspecified); the object is turned `rotation` degrees clockwise
    around that point."""
    ax, ay = 0.0, 0.0
    if obj.gid & GID_MASK:  # flip bits alone name no tile: Tiled places a plain object (its top-left)
        ax, ay = ALIGNMENTS.get(tile[0].alignment if tile is not None else "", (0.0, 1.0))
    ox, oy = (0.5 - ax) * obj.width, (0.5 - ay) * obj.height  # the centre, from (x, y), unturned
    turn = obj.rotation % 360.0
    quarter = _QUARTERS.get(turn)
    cos, sin = quarter if quarter is not None else (math.cos(math.radians(turn)), math.sin(math.radians(turn)))
    cx, cy = obj.x + dx + ox * cos - oy * sin, obj.y + dy + ox * sin + oy * cos
    if quarter is None:  # no square should hang on the last bits of a sine
        cx, cy = round(cx, 6), round(cy, 6)
    if not (math.isfinite(cx) and math.isfinite(cy)):
        return (-1, -1)  # beyond any map
    return int(cx // tmap.tilewidth), int(cy // tmap.tileheight)


def _add_spawn(p: Path, spawns: dict[str, list[Square]], taken: set[Square], team: str, sq: Square, width: int,
               height: int, ground: Ground, where: Phrase) -> None:
    if not (0 <= sq[0] < width and 0 <= sq[1] < height):
        raise keyed(p, "tiled_spawn_outside", field=where, team=team)
    index = sq[1] * width + sq[0]
    t = ground.cells[index]
    if not t.walkable:  # the spawn may be misplaced, or the tile's terrain wrong: name both files
        raise keyed(p, "tiled_spawn_not_floor", field=where, team=team, x=sq[0], y=sq[1],
                    terrain=Word(f"ui.terrain_{t.value}"), tile=ground.tile_words(index))
    if sq in taken:
        raise keyed(p, "tiled_spawns_twice", field=where, x=sq[0], y=sq[1])
    taken.add(sq)
    spawns.setdefault(team, []).append(sq)
