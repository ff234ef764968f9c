"""Opening the files of a Tiled map: the map, its external tilesets and object templates.

Every file goes through `safe_read` (regular files only, a byte cap). A path named inside
a file is resolved once, from the folder of the file that names it, and refused before
anything is opened when it leaves the map's folder, or the folders of the Tiled project the
map belongs to (`project_folder`: a project file in the map's folder or above it;
`listing_project`: one in a folder beside the maps' that lists theirs), or when it leads back
to a file that is already being read (a cycle). However a project was found, and whatever
folders it lists, no file farther than `PROJECT_LEVELS` folders above the map is ever
opened. Image paths are never followed: the game draws its own sprites, so a tileset image
is never opened.

`.tmx`/`.tsx`/`.tx` (XML) files are turned into the shape of their JSON twins
(`.tmj`/`.tsj`/`.tj`), so one set of models (`tiled_model`) checks both formats, strictly:
a number attribute becomes a number only when written as Tiled writes one (ASCII digits, a
`-`, for a fraction a `.` and an exponent); anything else stays text, which the model refuses
by name (`gid="1_0"`, `x=" 7"`, `width="+3"`, `id="٣"` are never written by Tiled: Python's
int() and float() take them all). A flag (`visible`, `infinite`) is a whole number read as Tiled
reads it (`toInt() != 0`: `visible="2"` shows the layer); a word Tiled would silently ignore
(`visible="yes"`) stays text, refused, never guessed.

What a whole number is, is said once (`whole_number`), for XML and JSON alike.
"""

from __future__ import annotations

import errno
import math
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_game.formats.problems import FileProblem, Phrase, Word, fault_words, keyed
from arena_game.formats.safe_read import (
    decode_text,
    look_alike,
    parse_json,
    read_bytes,
    read_limits,
    size_words,
)
from arena_game.resources import exists

PROJECT_LEVELS = 3  # folders above the map's searched for its Tiled project (`project/maps/dungeon/x.tmx`)
MAX_GROUP_DEPTH = 32  # group layers inside group layers; Tiled maps rarely nest past 3
# layers (groups included) and objects in one map: real maps hold tens of layers and at most a
# few thousand objects; 480,000 empty `<layer/>`s in 4 MB took 15 s and 750 MB to read
MAX_LAYERS = 10_000
MAX_OBJECTS = 50_000
# the map and every tileset and template it names, together, at most this many times the one-file
# byte cap (8 MB): a map naming 3,000 tilesets, or hard links to one, costs seconds, never minutes
MAX_READ_FILES_FACTOR = 2
XML_SUFFIXES = (".tmx", ".tsx", ".tx", ".xml")


@dataclass(frozen=True)
class TiledDoc:
    """One parsed file: `shown` is the path as the player sees it (for messages)."""

    shown: Path
    real: Path
    data: dict[str, Any]
    is_xml: bool


@dataclass
class TiledFiles:
    """The map's folder and the files opened so far (to refuse a cycle)."""

    folder: Path
    opening: list[Path] = field(default_factory=list)
    project: bool = False  # `folder` is the map's Tiled project's, not the map's own
    own: Path | None = None  # the map's folder, resolved
    # a project in a folder beside the map's, by the folder both sit in (`listing_project`)
    beside: dict[Path, tuple[Path, tuple[Path, ...]] | None] = field(default_factory=dict)
    # every file read once per map, by its identity on disk (a path named twice, spelt two ways,
    # or a hard link): a map may name one tileset thousands of times
    docs: dict[object, TiledDoc] = field(default_factory=dict)
    checked: dict[tuple[int, str], Any] = field(default_factory=dict)  # (id of a doc, kind) → what was made of it
    bytes_read: int = 0

    @classmethod
    def for_map(cls, path: Path) -> TiledFiles:
        """The reader for a map: files may come from its folder, or from the folders of the
        Tiled project it belongs to (`project_folder`, `listing_project`), and from nowhere else."""
        own = real_path(path).parent
        project = project_folder(own)
        return cls(folder=project or own, project=project is not None and project != own, own=own)

    def _sibling_project(self, target: Path) -> tuple[Path, tuple[Path, ...]] | None:
        """The map's project kept beside its folder, for a path leaving the map's folder to `target`."""
        if self.project or self.own is None:
            return None
        try:
            common = Path(os.path.commonpath([self.own, target]))
        except ValueError:  # no folder in common (two drives)
            return None
        if common not in self.beside:
            self.beside[common] = listing_project(self.own, common)
        return self.beside[common]

    def allows(self, target: Path) -> bool:
        """`target` (resolved) may be read: it is under the map's folder (or its project's), or
        under a folder its project kept beside it lists."""
        if target.is_relative_to(self.folder):
            return True
        found = self._sibling_project(target)
        return found is not None and any(target.is_relative_to(f) for f in found[1])

    def _where(self, target: Path) -> Word:
        found = self._sibling_project(target)
        if found is not None:
            return fault_words("tiled_in_project_folders", project=repr(found[0].name))
        return fault_words("tiled_in_project" if self.project else "tiled_in_folder")

    def open_map(self, path: Path) -> TiledDoc:
        """Read the map file itself (it stays open: a tileset naming it is a cycle)."""
        real = real_path(path)
        self.opening.append(real)
        return self._read(path, real, "map")

    def open_ref(self, owner: TiledDoc, ref: str, kind: str, where: Word | Phrase | None = None) -> TiledDoc:
        """Read a file named inside `owner` (a tileset or a template) after checking its path."""
        if not ref:
            raise keyed(owner.shown, "tiled_ref_empty", field=where, kind=_kind(kind))
        if ref.startswith((":/", "qrc:/")):  # a Qt resource: a file inside Tiled itself (`:/automap-tiles.tsx`)
            raise keyed(owner.shown, "tiled_ref_builtin", field=where, kind=_kind(kind), ref=repr(ref))
        if _WINDOWS_ABSOLUTE.match(ref) and os.name != "nt":  # Tiled's path to another drive: outside, as on Windows
            raise keyed(owner.shown, "tiled_ref_outside", field=where, kind=_kind(kind), ref=repr(ref),
                        folder=fault_words("tiled_in_project" if self.project else "tiled_in_folder"),
                        fix=fault_words(f"tiled_fix_{kind}"))
        target = real_path(owner.real.parent / ref)  # resolved once: the path we check is the one we open
        if not self.allows(target):
            raise keyed(owner.shown, "tiled_ref_outside", field=where, kind=_kind(kind), ref=repr(ref),
                        folder=self._where(target), fix=fault_words(f"tiled_fix_{kind}"))
        shown = Path(os.path.normpath(owner.shown.parent / ref))
        if target in self.opening:
            raise keyed(owner.shown, "tiled_ref_cycle", field=where, kind=_kind(kind), ref=repr(ref), name=target.name)
        if not exists(target) and not _link_loop(target):  # a name too long is not found either, not an exception
            raise keyed(owner.shown, "tiled_ref_missing", field=where, kind=_kind(kind), ref=repr(ref),
                        folder=self._where(target), twin=look_alike(target))
        identity, size = _identity(target)
        if identity in self.docs:
            return self.docs[identity]
        budget = MAX_READ_FILES_FACTOR * read_limits().max_bytes
        if self.bytes_read + size > budget:  # said before the file is read, let alone parsed
            raise keyed(owner.shown, "tiled_ref_budget", field=where, kind=_kind(kind), ref=repr(ref),
                        size=size_words(budget))
        self.opening.append(target)
        try:
            doc = self._read(shown, target, kind)
        finally:
            self.opening.pop()
        self.docs[identity] = doc
        return doc

    def _read(self, shown: Path, real: Path, kind: str) -> TiledDoc:
        try:
            raw = read_bytes(real)
        except FileProblem as e:  # named as the player typed it, not as resolved
            raise FileProblem(shown, e.fault, key=e.key, params=e.params) from None
        self.bytes_read += len(raw)
        text = decode_xml_or_json(shown, raw)
        is_xml = real.suffix.lower() in XML_SUFFIXES or text.lstrip().startswith("<")
        if is_xml:
            data = xml_to_json_shape(shown, text)
        else:
            # imported here: tiled_model imports TiledDoc from this module
            from arena_game.formats.tiled_model import tiled_place

            data = parse_json(shown, text, place=tiled_place)
            if kind == "map" and is_types_list(data):
                raise keyed(shown, "tiled_not_map", kind=fault_words("tiled_a_types"))
            if not isinstance(data, dict):
                raise keyed(shown, "tiled_not_object")
            if kind == "map":
                count_json_layers(shown, data.get("layers"))
        return TiledDoc(shown, real, data, is_xml)


# An absolute Windows path (`C:/Users/me/t.tsx`, or a share: two backslashes first): Tiled writes
# one for a file on another drive than the map's; elsewhere it would read as a relative name
_WINDOWS_ABSOLUTE = re.compile(r"[A-Za-z]:[\\/]|\\\\")


def _identity(path: Path) -> tuple[object, int]:
    """A file's identity on disk (device and inode: one file under two names is read once) and
    its size, or its resolved path and 0 when it cannot be stat'ed (reading it then says why)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return path, 0
    return (info.st_dev, info.st_ino), info.st_size


def is_types_list(data: object) -> bool:
    """Tiled's custom types as it exports them beside maps: a JSON list of named entries
    (`objecttypes.json` from the Object Types Editor of Tiled 1.0–1.8, each `name`, `color`
    and `properties`; `propertytypes.json` from Export Types in 1.8+, each an `id`, a `name`
    and a `type` "class" or "enum"). A game's own list of named things (its characters, its
    weapons) is none."""
    return isinstance(data, list) and bool(data) and all(_is_custom_type(i) for i in data)


_OBJECT_TYPE_KEYS = frozenset(("name", "color", "properties"))


def _is_custom_type(item: object) -> bool:
    if not isinstance(item, dict) or "name" not in item:
        return False
    if item.get("type") in ("class", "enum") and "id" in item:  # propertytypes.json
        return True
    return len(item) > 1 and set(item) <= _OBJECT_TYPE_KEYS  # objecttypes.json


def real_path(path: Path) -> Path:
    """`path` absolute, its links followed: never an exception. A link loop stays as it is
    (`Path.resolve` raises RuntimeError on one; reading the file then says "too many levels of
    symbolic links"), and a name holding a NUL is only made absolute (no such file exists)."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


def _link_loop(path: Path) -> bool:
    """`path` is a link that leads back to itself (reading it says so; it is not "not found")."""
    try:
        os.stat(path)
    except OSError as e:
        return e.errno == errno.ELOOP
    except ValueError:
        return False
    return False


def project_folder(folder: Path) -> Path | None:
    """The nearest of `folder` and up to `PROJECT_LEVELS` folders above it that holds a Tiled
    project file (`*.tiled-project`, a regular file), or None."""
    here = folder
    for _ in range(PROJECT_LEVELS + 1):
        try:
            if any(p.suffix.lower() == ".tiled-project" and p.is_file() for p in here.iterdir()):
                return here
        except OSError:  # a folder we may not list: no project found there
            pass
        if here.parent == here:
            break
        here = here.parent
    return None


MAX_SIBLINGS = 256  # folders beside the map's (and above) looked into for a project file
MAX_PROJECT_FILES = 16  # project files read there, at most (each within the byte cap)


def listing_project(own: Path, common: Path) -> tuple[Path, tuple[Path, ...]] | None:
    """The Tiled project of a map in folder `own` whose tileset (or template) path leads out of
    it, to a file under `common` (the folder both sit in): a project kept in a folder of its own
    inside `common` (`assets/projects/p.tiled-project` listing `../maps` and `../tiles`, as
    bevy_ecs_tiled lays them out) whose `folders` hold `own`. Returns that project file and the
    folders it lists, resolved, those inside `common` only. Looked for only when `common` is at
    most `PROJECT_LEVELS` above the map, so no file farther is ever opened, and a project
    listing "/" or "../../.." widens nothing past `common`. A project file that cannot be read,
    or lists no folder holding the map, is passed over (it is not the map's)."""
    if common not in own.parents[:PROJECT_LEVELS]:
        return None
    for project in _project_files_below(common):
        listed = _project_folders(project, common)
        if any(own.is_relative_to(f) for f in listed):
            return project, listed
    return None


def _project_files_below(base: Path) -> list[Path]:
    """The `.tiled-project` files in the folders directly inside `base`, in name order, none of
    them a link; at most `MAX_PROJECT_FILES` of them from the first `MAX_SIBLINGS` folders, so a
    folder of thousands costs no more than a few reads."""
    found: list[Path] = []
    try:
        folders = sorted(e.path for e in os.scandir(base) if e.is_dir(follow_symlinks=False))[:MAX_SIBLINGS]
    except OSError:
        return found
    for folder in folders:
        try:
            found.extend(sorted(Path(e.path) for e in os.scandir(folder)
                                if e.name.lower().endswith(".tiled-project") and e.is_file(follow_symlinks=False)))
        except OSError:  # a folder we may not list holds no project of ours
            continue
        if len(found) >= MAX_PROJECT_FILES:
            break
    return found[:MAX_PROJECT_FILES]


def _project_folders(project: Path, base: Path) -> tuple[Path, ...]:
    """The folders `project` lists (Tiled's `folders`, each from the project file's folder),
    resolved, those inside `base` only."""
    try:
        data = parse_json(project, decode_text(project, read_bytes(project)))
    except FileProblem:
        return ()
    folders = data.get("folders") if isinstance(data, dict) else None
    if not isinstance(folders, list):
        return ()
    out = []
    for item in folders[:64]:
        if isinstance(item, str) and item and "\0" not in item:
            folder = real_path(project.parent / item)
            if folder.is_relative_to(base):
                out.append(folder)
    return tuple(out)


def _kind(kind: str) -> Word:
    """A referenced file's kind ("tileset", "template") in the message's language."""
    return fault_words(f"tiled_kind_{kind}")


# -- XML → the JSON shape ------------------------------------------------------------------

# An XML declaration's encoding (`<?xml version="1.0" encoding="ISO-8859-1"?>`), at the very start
_DECLARED_ENCODING = re.compile(rb"""\s*<\?xml[^>]{0,200}?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")


def decode_xml_or_json(shown: Path, raw: bytes) -> str:
    """A Tiled file's text (`decode_text`: UTF-8). XML that is not UTF-8 but declares another
    encoding (which Tiled reads, and never writes) is said to declare it: the line names the
    encoding, not only the first byte UTF-8 cannot read."""
    try:
        return decode_text(shown, raw)
    except FileProblem as e:
        declared = _DECLARED_ENCODING.match(raw)
        if e.key != "not_utf8" or declared is None:
            raise
        encoding = declared.group(1).decode("ascii")
        if encoding.lower().replace("-", "").replace("_", "") in ("utf8", "utf8bom"):
            raise
        raise keyed(shown, "xml_declared_encoding", e.line, e.column, encoding=repr(encoding),
                    byte=e.params.get("byte")) from None


def _local_names(root: ET.Element) -> None:
    """Elements in an XML namespace (`<map xmlns="…">`, `<t:map xmlns:t="…">`) named without it,
    as Tiled reads them (by local name; it never writes a namespace); attributes keep theirs, as
    Tiled reads an attribute only by the name it writes."""
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith("{"):
            element.tag = element.tag.rpartition("}")[2]


def xml_to_json_shape(shown: Path, text: str) -> dict[str, Any]:
    """A TMX/TSX/TX document as the dict its JSON twin would hold: numbers and 0/1 flags as
    numbers and bools when written as Tiled writes them, anything else as text."""
    if not text.strip():  # expat's "no element found" would hide that nothing is there
        raise keyed(shown, "empty_file")
    if "<!ENTITY" in text:  # entity expansion is how XML files blow up: Tiled never writes one
        raise keyed(shown, "tiled_xml_entity")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        line, col = e.position
        raise keyed(shown, "xml_syntax", line, col + 1, detail=_xml_reason(e)) from None
    _local_names(root)
    if root.tag == "map":
        out = _map(shown, root)
    elif root.tag == "tileset":
        out = {"type": "tileset", **_tileset(root)}
    elif root.tag == "template":
        out = {"type": "template"}
        ts = root.find("tileset")
        if ts is not None:
            out["tileset"] = _tileset(ts)
        obj = root.find("object")
        out["object"] = _object(obj) if obj is not None else {}
    else:
        raise keyed(shown, "tiled_not_tiled_xml", tag=root.tag)
    return out


def _xml_reason(e: ET.ParseError) -> str:
    msg = str(e)
    return msg.split(":")[0] if ":" in msg else msg


# Numbers as Tiled writes them (QString::number): ASCII digits, a leading `-`, for a fraction a
# `.` and an exponent (`1e+06`). Bounded in length: int() of 5,000 digits raises.
_INT = re.compile(r"-?[0-9]{1,20}")
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,4})?")


def whole_number(value: object) -> int | None:
    """A whole number as Tiled writes one, the same in both formats, or None. In JSON a number
    without a fraction: 3, or 3.0 (Tiled's reader takes a JSON number through
    toInt()); as text (a TMX attribute, a property's value) ASCII digits after an optional `-`.
    Never a bool, 3.5, NaN, or the text "3.0", " 3", "+3", "3_0" or "٣" (int() takes the last
    four; Tiled writes none of them)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None  # False for NaN and infinities
    if isinstance(value, str) and _INT.fullmatch(value):
        return int(value)
    return None


def xml_int(text: str) -> int | str:
    """An XML attribute or property written as Tiled writes a whole number, as that number;
    anything else as it is (for the fault to show)."""
    number = whole_number(text)
    return text if number is None else number


def flag(value: object) -> object:
    """A flag (`visible`, `infinite`) as Tiled reads it: true or false, or a whole number (TMX
    writes 0 and 1; Tiled reads `visible="2"` with toInt() != 0, and a JSON 1 with toBool()), 0
    false, any other true. Anything else as it is, for the model to refuse: Tiled would ignore
    `visible="yes"` and show the layer, whatever the designer meant."""
    if isinstance(value, bool):
        return value
    number = whole_number(value)
    return value if number is None else number != 0


# A `bool` property's words that mean the same to Tiled and to the designer. Tiled reads the
# text with Qt's QString → bool conversion: false for "", "0" and "false" in any case, true for
# any other text (`no`, `off`, `0.0`, ` false` too), so only these words are read as written.
_BOOL_WORDS = {"true": True, "1": True, "false": False, "0": False, "": False}


def bool_property(value: object) -> object:
    """A `bool` custom property's value as Tiled reads it, the same in both formats: a JSON
    bool; `true`/`false` in any case, `1`/`0`, or nothing (false), as text or a JSON number.
    Anything else as it is, for the fault to show it: Tiled would read `no` or `off` as true."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _BOOL_WORDS.get(value.lower(), value)
    if isinstance(value, int | float) and value in (0, 1):  # Tiled's number → bool: 0 false
        return value == 1
    return value


def xml_float(text: str) -> float | str:
    """An XML attribute or property written as Tiled writes a number, as that number (finite);
    anything else as it is."""
    if len(text) > 400 or not _FLOAT.fullmatch(text):
        return text
    number = float(text)
    return number if math.isfinite(number) else text


def _attrs(el: ET.Element, *names: str, ints: tuple[str, ...] = (), floats: tuple[str, ...] = (),
           bools: tuple[str, ...] = ()) -> dict[str, Any]:
    """The element's attributes among `names`, `ints`, `floats` and `bools`, each of the last
    three read as its type when written as Tiled writes it (else left as text)."""
    out: dict[str, Any] = {n: el.attrib[n] for n in names if n in el.attrib}
    out.update({n: xml_int(el.attrib[n]) for n in ints if n in el.attrib})
    out.update({n: xml_float(el.attrib[n]) for n in floats if n in el.attrib})
    out.update({n: flag(el.attrib[n]) for n in bools if n in el.attrib})
    return out


def _map(shown: Path, root: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "map", **_attrs(
        root, "orientation", "class", "version", ints=("width", "height", "tilewidth", "tileheight"),
        bools=("infinite",))}
    out["properties"] = _properties(root)
    out["tilesets"] = [_tileset(ts) for ts in root.findall("tileset")]
    out["layers"] = _layers(shown, root, 0, _Tally())
    return out


def _tileset(el: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = _attrs(el, "source", "name", "tilecount", "columns", "objectalignment",
                                 ints=("firstgid", "tilewidth", "tileheight"))
    img = el.find("image")
    if img is not None:
        out["image"] = img.attrib.get("source", "")
    tiles = []
    for tile in el.findall("tile"):
        t: dict[str, Any] = _attrs(tile, "type", "class", ints=("id", "width", "height"))
        tile_img = tile.find("image")  # an image collection's tile: its size is its image's
        if tile_img is not None:
            t.update({f"image{k}": v for k, v in _attrs(tile_img, ints=("width", "height")).items()})
        t["properties"] = _properties(tile)
        tiles.append(t)
    out["tiles"] = tiles
    out["properties"] = _properties(el)
    return out


def _properties(el: ET.Element, depth: int = 0) -> list[dict[str, Any]]:
    """The element's properties, from every `<properties>` block it holds (Tiled merges them:
    a second block is read, not dropped)."""
    if depth > MAX_GROUP_DEPTH:  # class properties nest; the game reads none that deep
        return []
    out = []
    for p in el.findall("properties/property"):
        item: dict[str, Any] = {"name": p.attrib.get("name", ""), "type": p.attrib.get("type", "string")}
        if "propertytype" in p.attrib:
            item["propertytype"] = p.attrib["propertytype"]
        item["value"] = _property_value(p, item["type"], depth)
        out.append(item)
    return out


def _property_value(el: ET.Element, kind: str, depth: int) -> Any:
    """A `<property>`'s (or a list `<item>`'s) value as its JSON twin holds it: a class's members
    as a table, a list's items (Tiled 1.12) as a list, any other as `_typed` reads it."""
    if kind == "class":
        return {q["name"]: q.get("value") for q in _properties(el, depth + 1)}
    if kind == "list":
        if depth > MAX_GROUP_DEPTH:
            return []
        return [_property_value(i, i.attrib.get("type", "string"), depth + 1) for i in el.findall("item")]
    return _typed(kind, _property_text(el))


def _property_text(p: ET.Element) -> str:
    """A TMX property's value as Tiled reads it (`mapreader.cpp`, readPropertyValue): its
    `value`, or, when that is missing or empty, the element's text unless it is only XML
    blanks (Tiled writes a multi-line string so, without `value`)."""
    value = p.attrib.get("value", "")
    if not value and p.text and p.text.strip(" \t\r\n"):
        return p.text
    return value


def _typed(kind: str, value: str) -> Any:
    """A TMX property's value as its JSON twin holds it: an `int`, `float` or `bool` property's
    words read as that type (so `teams` of type float "2.0" is 2.0 in both formats); words that
    do not read as their type stay words, for the fault to show them."""
    if kind == "bool":
        return bool_property(value)
    if kind == "int":
        return xml_int(value)
    if kind == "float":
        return xml_float(value)
    return value


_LAYER_TAGS = {"layer": "tilelayer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}


@dataclass
class _Tally:
    """Layers and objects met so far in one map (`MAX_LAYERS`, `MAX_OBJECTS`)."""

    layers: int = 0
    objects: int = 0

    def add(self, shown: Path, layers: int, objects: int) -> None:
        """Count them; past a cap, the map is refused before anything more is read."""
        self.layers += layers
        self.objects += objects
        if self.layers > MAX_LAYERS:
            raise keyed(shown, "tiled_too_many_layers", n=MAX_LAYERS)
        if self.objects > MAX_OBJECTS:
            raise keyed(shown, "tiled_too_many_objects", n=MAX_OBJECTS)


def count_json_layers(shown: Path, layers: object, tally: _Tally | None = None) -> None:
    """Refuse a JSON map past `MAX_LAYERS` layers or `MAX_OBJECTS` objects, before it is
    checked (anything not shaped as Tiled writes it is left for the model to refuse)."""
    tally = tally or _Tally()
    if not isinstance(layers, list):
        return
    tally.add(shown, len(layers), 0)
    for layer in layers:
        if isinstance(layer, dict):
            objects = layer.get("objects")
            tally.add(shown, 0, len(objects) if isinstance(objects, list) else 0)
            count_json_layers(shown, layer.get("layers"), tally)  # nesting is bounded by the JSON depth cap


def _layers(shown: Path, parent: ET.Element, depth: int, tally: _Tally) -> list[dict[str, Any]]:
    if depth > MAX_GROUP_DEPTH:
        raise keyed(shown, "tiled_groups_deep", depth=MAX_GROUP_DEPTH)
    out = []
    for el in parent:
        kind = _LAYER_TAGS.get(el.tag)
        if kind is None:
            continue
        tally.add(shown, 1, 0)
        layer: dict[str, Any] = {"type": kind, "visible": True,  # TMX leaves out visible="1"
                                 **_attrs(el, "id", "name", ints=("width", "height"), floats=("offsetx", "offsety", "opacity"),
                                          bools=("visible",))}
        layer["properties"] = _properties(el)
        if kind == "tilelayer":
            layer.update(_tile_data(shown, el))
        elif kind == "objectgroup":
            objects = el.findall("object")
            tally.add(shown, 0, len(objects))
            layer["objects"] = [_object(o) for o in objects]
        elif kind == "group":
            layer["layers"] = _layers(shown, el, depth + 1, tally)
        elif kind == "imagelayer" and (img := el.find("image")) is not None:
            layer["image"] = img.attrib.get("source", "")
        out.append(layer)
    return out


def _tile_data(shown: Path, layer: ET.Element) -> dict[str, Any]:
    found = layer.findall("data")
    if not found:
        return {}
    if len(found) > 1:  # Tiled writes one; it reads each over the squares of the one before
        where = fault_words("tiled_layer", label=repr(layer.attrib.get("name", "")))
        raise keyed(shown, "tiled_data_twice", field=where, n=len(found))
    data = found[0]
    out: dict[str, Any] = _attrs(data, "encoding", "compression")
    if data.find("chunk") is not None:
        out["chunks"] = [{}]
    elif "encoding" in data.attrib:
        out["data"] = data.text or ""
    else:  # the oldest TMX form: one <tile gid="…"/> per square
        out["data"] = [xml_int(t.attrib.get("gid", "0")) for t in data.findall("tile")]
    return out


def _object(el: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = _attrs(el, "name", "type", "class", "template", ints=("id", "gid"),
                                 floats=("x", "y", "width", "height", "rotation"), bools=("visible",))
    if el.find("point") is not None:
        out["point"] = True
    out["properties"] = _properties(el)
    return out
