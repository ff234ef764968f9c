"""What the loader reads from a Tiled file, as pydantic models (JSON shape; XML is converted).

Attributes that older Tiled versions leave out are optional here, defaulted as Tiled's own
reader does (a missing number is 0, a missing class is ""), and the 1.0/1.1 forms
(`properties` as a table, `tileproperties`, `tiles` as a table) are read too. Everything
the game does not use (images, colours, wang sets…) is ignored. Both formats are checked
strictly: `"id": "0"` is refused in JSON, and an XML attribute is read as a number by
`tiled_files` only when written as Tiled writes one (`gid="1_0"` stays text, refused here).
Whole numbers and flags mean the same in both formats (`tiled_files.whole_number`, `flag`): a
JSON 32.0 is the whole number 32, as Tiled reads it, 32.5 is refused; a flag may be a whole
number, 0 false.

A fault is one line naming the file and the place in words: `layer 'spawns' object 7: x
must be a number (found 'abc')`, never the model's internals.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    FiniteFloat,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from arena_game.formats.problems import FileProblem, Phrase, Word, fault, fault_words
from arena_game.formats.tiled_files import TiledDoc, flag, whole_number

GID_LIMIT = 2**32


def _json_whole(value: Any) -> Any:
    """A JSON number without a fraction as that int (32.0 is 32 to Tiled's toInt()); anything
    else as it is, for the int check to refuse (32.5, "32")."""
    if isinstance(value, float):
        number = whole_number(value)
        return value if number is None else number
    return value


def _json_flag(value: Any) -> Any:
    """A JSON flag: true/false, or a number `flag` reads (Tiled's toBool(): 0 false); a string
    as it is, to be refused (Tiled writes true and false)."""
    return value if isinstance(value, str) else flag(value)


def _json_whole_items(value: Any) -> Any:
    """A JSON tile list with every whole float made an int, in one pass (a layer holds thousands)."""
    if isinstance(value, list) and any(type(v) is float for v in value):
        return [_json_whole(v) for v in value]
    return value


Whole = Annotated[int, BeforeValidator(_json_whole)]
Flag = Annotated[bool, BeforeValidator(_json_flag)]
Gid = Annotated[int, Field(ge=0, lt=GID_LIMIT)]


class _Model(BaseModel):
    # mutable defaults are made by factories: pydantic deep-copies a `[]` default for every
    # instance, which cost seconds on a file of 400,000 objects; each validator is built when
    # first used, or ahead a model at a time (`MODELS`: all at import, ~12 ms in one frame)
    model_config = ConfigDict(extra="ignore", populate_by_name=True, defer_build=True)


class Property(_Model):
    """A custom property (Tiled 1.2+ list form)."""

    name: str
    type: str = "string"
    propertytype: str = ""
    value: Any = None


# Tiled 1.2+: a list of {name, type, value}; Tiled 1.0/1.1: a table name → value
Properties = list[Property] | dict[str, Any]


class _HasProperties(_Model):
    properties: Properties = Field(default_factory=list)
    propertytypes: dict[str, str] = Field(default_factory=dict)  # Tiled 1.0/1.1 kept the types apart

    @model_validator(mode="after")
    def _each_name_once(self) -> _HasProperties:
        """Tiled names each property once: of two with one name, one would be dropped unread."""
        if isinstance(self.properties, list):
            seen: set[str] = set()
            for prop in self.properties:
                if prop.name in seen:
                    raise PydanticCustomError("property_twice", "property {name} is given twice", {"name": prop.name})
                seen.add(prop.name)
        return self

    def props(self) -> dict[str, Property]:
        """The properties by name, whichever form the file used."""
        if isinstance(self.properties, dict):
            return {k: Property(name=k, type=self.propertytypes.get(k, "string"), value=v)
                    for k, v in self.properties.items()}
        return {p.name: p for p in self.properties}


class Tile(_HasProperties):
    """A tile of a tileset with its properties and class (`type` since 1.10, `class` in 1.9)."""

    id: Whole = Field(0, ge=0)
    type: str = ""
    class_: str = Field("", alias="class")
    # the tile's size as Tiled takes it for a tile object left without one (`size`): read, never refused
    width: Any = None  # Tiled 1.9+: a sub-rectangle of the tileset's image
    height: Any = None
    imagewidth: Any = None  # an image collection's tile
    imageheight: Any = None


class Tileset(_HasProperties):
    """A tileset: embedded in a map, or a reference (`source`) to a .tsj/.tsx file."""

    firstgid: Whole = Field(1, ge=1, lt=GID_LIMIT)
    source: str | None = None
    name: str = ""
    objectalignment: str = "unspecified"  # where a tile object's (x, y) is on its tile (Tiled 1.4+)
    tiles: list[Tile] | dict[str, Tile] = Field(default_factory=list)  # a table id → tile in Tiled 1.0/1.1
    tileproperties: dict[str, Properties] = Field(default_factory=dict)  # Tiled 1.0/1.1
    tilepropertytypes: dict[str, dict[str, str]] = Field(default_factory=dict)
    tilecount: Any = None  # only read to tell a tile past the tileset's end (`count`): never refused
    tilewidth: Any = None  # only read for a tile object's size (`tile_sizes`): never refused
    tileheight: Any = None

    def count(self) -> int | None:
        """How many tiles the tileset says it has (Tiled writes `tilecount` since 0.13), or None
        when it does not say it as a whole number."""
        number = whole_number(self.tilecount)
        return number if number is not None and number >= 0 else None

    def tile_sizes(self) -> tuple[tuple[int, int] | None, dict[int, tuple[int, int]]]:
        """The size of its tiles (`tilewidth` × `tileheight`), and of those tiles whose own size
        differs (an image collection's, or a sub-rectangle), as Tiled's `Tile::size()` gives
        them; a size not written as two whole numbers above 0 is left out."""
        own: dict[int, tuple[int, int]] = {}
        if isinstance(self.tiles, list):
            for tile in self.tiles:
                if tile.width is None and tile.imagewidth is None:  # most tiles: the tileset's size
                    continue
                size = _size(tile.width, tile.height) or _size(tile.imagewidth, tile.imageheight)
                if size is not None:
                    own[tile.id] = size
        return _size(self.tilewidth, self.tileheight), own

    def repeated_id(self) -> int | None:
        """A tile id listed twice in `tiles` (list form), or None."""
        if isinstance(self.tiles, dict):
            return None
        seen: set[int] = set()
        for tile in self.tiles:
            if tile.id in seen:
                return tile.id
            seen.add(tile.id)
        return None

    def tile_props(self) -> dict[int, tuple[str, dict[str, Property]]]:
        """local tile id → (tile class, properties), whichever form the file used."""
        out: dict[int, tuple[str, dict[str, Property]]] = {}
        tiles = self.tiles.items() if isinstance(self.tiles, dict) else ((str(t.id), t) for t in self.tiles)
        for key, tile in tiles:
            out[_tile_id(key, tile)] = (tile.type or tile.class_, tile.props())
        for key, props in self.tileproperties.items():
            types = self.tilepropertytypes.get(key, {})
            old = _HasProperties(properties=props, propertytypes=types).props()
            cls, now = out.get(_number(key), ("", {}))
            out[_number(key)] = (cls, {**old, **now})
        return {k: v for k, v in out.items() if k >= 0}


def _size(width: object, height: object) -> tuple[int, int] | None:
    """(width, height) when both are whole numbers above 0, else None."""
    w, h = whole_number(width), whole_number(height)
    return (w, h) if w is not None and h is not None and w > 0 and h > 0 else None


def ascii_digits(text: str) -> bool:
    """`text` is digits 0–9 only: '²' and '١' are digits to `str.isdigit`, but int('²') raises
    and int('١') is 1."""
    return text.isascii() and text.isdigit()


def _number(key: str) -> int:
    """A table key written as Tiled writes a tile id (ASCII digits, no leading zero, at most 10:
    a tile id is below 2**32) as its number, else -1 (int() of 5,000 digits raises; "01" beside
    "1" would name tile 1 twice, one silently replacing the other)."""
    canonical = key == "0" or not key.startswith("0")
    return int(key) if len(key) <= 10 and ascii_digits(key) and canonical else -1


def _tile_id(key: str, tile: Tile) -> int:
    return _number(key) if _number(key) >= 0 else tile.id


class MapObject(_HasProperties):
    """An object of an object layer (a point, a rectangle, a tile object, a template instance)."""

    id: Whole = 0
    name: str = ""
    type: str = ""
    class_: str = Field("", alias="class")
    x: FiniteFloat = 0.0
    y: FiniteFloat = 0.0
    width: FiniteFloat = 0.0
    height: FiniteFloat = 0.0
    rotation: FiniteFloat = 0.0  # degrees clockwise around (x, y)
    gid: Annotated[Gid, BeforeValidator(_json_whole)] = 0
    template: str | None = None
    visible: Flag = True
    point: Flag = False


class Layer(_HasProperties):
    """A layer of any kind; group layers hold layers."""

    type: str = ""
    name: str = ""
    visible: Flag = False  # Tiled reads a JSON layer without `visible` as hidden
    offsetx: FiniteFloat = 0.0
    offsety: FiniteFloat = 0.0
    opacity: Any = None  # only read to tell a layer Tiled does not show (`tiled.shown_opacity`): never refused
    image: Any = None  # an image layer's picture, only read to tell one Tiled shows: never refused
    width: Whole = Field(0, ge=0)
    height: Whole = Field(0, ge=0)
    data: Annotated[list[Gid] | str | None, BeforeValidator(_json_whole_items)] = None
    encoding: str = "csv"
    compression: str = ""
    chunks: list[Any] | None = None
    objects: list[MapObject] = Field(default_factory=list)
    layers: list[Layer] = Field(default_factory=list)


class TiledMap(_HasProperties):
    """A map: only finite orthogonal maps (or oblique ones, drawn straight) are played."""

    width: Whole = Field(ge=1)
    height: Whole = Field(ge=1)
    tilewidth: Whole = Field(ge=1)
    tileheight: Whole = Field(ge=1)
    orientation: str = "orthogonal"
    infinite: Flag = False
    class_: str = Field("", alias="class")
    tilesets: list[Tileset] = Field(default_factory=list)
    layers: list[Layer] = Field(default_factory=list)


class Template(_Model):
    """An object template (.tj / .tx): one object, maybe with the tileset of its tile."""

    object: MapObject = Field(default_factory=MapObject)
    tileset: Tileset | None = None


MODELS: tuple[type[_Model], ...] = (Property, Tile, Tileset, MapObject, Layer, TiledMap, Template)
"""Every model a Tiled file is read into, those it holds before it (`mapfile.tiled_readers_made`)."""

M = TypeVar("M", bound=BaseModel)


def check(model: type[M], doc: TiledDoc, data: Any = None) -> M:
    """`doc.data` (or `data`) as `model`, or one FileProblem naming the place in words."""
    raw = doc.data if data is None else data
    try:
        return model.model_validate(raw, strict=True)
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        place, key = tiled_place(raw, first.get("loc", ()))
        if not place.parts and first.get("type") == "property_twice" and model is TiledMap:
            place = Phrase((fault_words("tiled_map"),))  # the map's own properties
        said, params = _fault(key, first)
        words, name, params = fault(said, **params)
        raise FileProblem(doc.shown, words, field=place if place.parts else None, key=name, params=params) from None


def tiled_place(raw: Any, loc: tuple[Any, ...]) -> tuple[Phrase, str]:
    """('layers', 0, 'objects', 2, 'x') → ("layer 'spawns' object 7", "x"): a place as Tiled shows
    it (in the words of the message's language)."""
    parts: list[Word] = []
    node, key = raw, ""
    if loc[:1] == ("properties",) and len(loc) > 2 and isinstance(raw, dict) and raw.get("type", "map") == "map":
        parts.append(fault_words("tiled_map"))
    steps = list(loc)
    while steps:
        step = steps.pop(0)
        if isinstance(node, dict) and step in node:
            key, node = str(step), node[step]
            if not isinstance(node, list | dict) or not steps:
                continue
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            item = node[step]
            if key or not parts:  # a list in a list (a list property's items, Tiled 1.12) is named by the first
                parts.append(_name_item(key, step, item))
            node, key = item, ""
        elif isinstance(node, dict) and isinstance(step, str) and _number(step) >= 0:
            parts.append(_name_item(key, int(step), node.get(step)))
            node, key = node.get(step), ""
        elif isinstance(step, str) and not any(c in step for c in "[]") and step not in ("str", "int", "list", "dict"):
            key = step  # a missing key
    return Phrase(tuple(parts)), key


# a list's items as Tiled names them: `file_fault.tiled_<word>`
_ITEM_NAMES = {"layers": "layer", "objects": "object", "tilesets": "tileset", "tiles": "tile",
               "properties": "property", "data": "data_item", "tileproperties": "tile"}


def _name_item(key: str, index: int, item: Any) -> Word:
    word = _ITEM_NAMES.get(key)
    if isinstance(item, dict):
        ident = item.get("id")
        if key in ("objects", "tiles") and isinstance(ident, int | str) and not isinstance(ident, bool):
            return _item(word, key, ident)
        if isinstance(item.get("name"), str) and item["name"]:
            return _item(word, key, repr(item["name"]))
    return _item(word, key, index + 1)


def _item(word: str | None, key: str, label: object) -> Word:
    return fault_words(f"tiled_{word}", label=label) if word else fault_words("tiled_item", kind=key, label=label)


def json_words(value: Any) -> Word | str:
    """A value as the designer wrote it in the file (JSON words; a table or a list in the
    message's language)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return fault_words("tiled_found_object")
    if isinstance(value, list):
        return fault_words("tiled_found_list")
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


# pydantic's kinds (by prefix) → `file_fault.tiled_must_<kind>`
_TYPE_WORDS = ("int", "float", "bool", "string", "list", "dict", "model", "finite", "union")
_BOUND_WORDS = {"greater_than_equal": "ge", "greater_than": "gt", "less_than": "lt", "less_than_equal": "le"}


def _fault(key: str, err: Any) -> tuple[str, dict[str, object]]:
    """A Tiled model's fault: its catalog key and fields."""
    kind = str(err.get("type", ""))
    if kind == "property_twice":
        return "tiled_property_twice", {"name": f"`{err.get('ctx', {}).get('name', '')}`"}
    if kind == "missing":
        return ("tiled_missing", {"name": f"`{key}`"}) if key else ("tiled_missing_here", {})
    what = f"`{key}` " if key else ""  # no key: the place names the item (`layer 2: must be …`)
    found = json_words(err.get("input"))
    for prefix in _TYPE_WORDS:
        if kind.startswith(prefix):
            return "tiled_must", {"name": what, "words": fault_words(f"tiled_must_{prefix}"), "found": found}
    if kind in _BOUND_WORDS:
        ctx = err.get("ctx", {})
        bound = next(iter(ctx.values()), "")
        return "tiled_bound", {"name": what, "words": fault_words(f"bound_{_BOUND_WORDS[kind]}"), "bound": bound,
                               "found": found}
    return "tiled_invalid", {"name": what, "found": found}
