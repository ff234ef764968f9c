"""The native map format: a human-editable TOML file with a text grid (docs/maps.md).

    name = "Arène classique"
    description = "…"
    labyrinth = false
    grid = \"\"\"
    #######
    #1...2#
    #######
    \"\"\"
    [legend]              # optional: adds to or overrides the default legend
    "x" = { terrain = "obstacle", height_cm = 120 }
    [heights]             # optional: per-square obstacle heights, "x,y" = cm
    "3,1" = 80

Default legend: `.` floor, `#` wall, `O` pillar, `x` obstacle (100 cm), `~` water,
`L` lava, `%` acid, `_` hole, and `1`–`9` floor squares that are spawns of team slots 1–9.
"""

from __future__ import annotations

import difflib
import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.settings import DEFAULT_SETTINGS, MapSettings
from arena_game.core.terrain import Terrain
from arena_game.formats.file_kinds import wrong_kind
from arena_game.formats.problems import (
    FileProblem,
    Word,
    fault,
    fault_words,
    keyed,
    shorten,
    validation_problem,
)
from arena_game.formats.safe_read import look_alike, parse_toml, read_text
from arena_game.formats.strict import validate
from arena_game.resources import find_map, is_file, shipped_maps

if TYPE_CHECKING:
    from arena_game.formats.tiled import Unread


class LegendEntry(BaseModel):
    """What one grid symbol stands for."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    terrain: Terrain
    height_cm: int | None = Field(None, ge=1, le=1000)
    spawn: str | None = Field(None, pattern=r"^[A-Za-z0-9_-]+$")


DEFAULT_LEGEND: dict[str, LegendEntry] = {
    ".": LegendEntry(terrain=Terrain.FLOOR),
    "#": LegendEntry(terrain=Terrain.WALL),
    "O": LegendEntry(terrain=Terrain.PILLAR),
    "x": LegendEntry(terrain=Terrain.OBSTACLE, height_cm=100),
    "~": LegendEntry(terrain=Terrain.WATER),
    "L": LegendEntry(terrain=Terrain.LAVA),
    "%": LegendEntry(terrain=Terrain.ACID),
    "_": LegendEntry(terrain=Terrain.HOLE),
    **{str(i): LegendEntry(terrain=Terrain.FLOOR, spawn=str(i)) for i in range(1, 10)},
}
DEFAULT_OBSTACLE_HEIGHT = 100


class MapFile(BaseModel):
    """The fields of a native map file."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    description: str = ""
    description_en: str = ""
    labyrinth: bool = False
    legend: dict[str, LegendEntry | Terrain] = {}
    grid: str
    heights: dict[str, int] = {}
    teams: int = Field(2, ge=2, le=9)  # how many team slots need spawns


_GRID_KEY = re.compile(r'^\s*grid\s*=\s*("""|\'\'\')')
# "x,y", spaces or tabs around each number allowed: ASCII digits (\d takes any script's digits),
# at most 9 (5,000 digits do not become an int), and nothing after (`$` would take a line break)
_SQUARE_KEY = re.compile(r"[ \t]*([0-9]{1,9})[ \t]*,[ \t]*([0-9]{1,9})[ \t]*")


TILED_MODULES = ("xml.etree.ElementTree", "arena_game.formats.tiled_project", "arena_game.formats.tiled_files",
                 "arena_game.formats.tiled_model", "arena_game.formats.tiled_data", "arena_game.formats.tiled")
"""The Tiled loader's modules, each before those that import it."""


def tiled_readers_made() -> Iterator[None]:
    """Make the Tiled loader ready a part a step: its modules imported, then its models'
    validators built, one a step (a window's quiet frames: all in the frame that first read a
    Tiled map, ~30 ms). Parts already made are skipped."""
    for name in TILED_MODULES:
        if name not in sys.modules:
            importlib.import_module(name)
            yield
    from arena_game.formats.tiled_model import MODELS

    for model in MODELS:
        if not model.__pydantic_complete__:
            model.model_rebuild(force=True)
            yield


def map_named(name: str) -> Path:
    """The map a player names on the command line: a file, or a shipped map's name (`find_map`).
    A bare name that is neither is refused with the shipped maps' names, the nearest first ("did
    you mean"): `ARENE-CLASSIQUE` or `arene-clasique` said only "file not found"."""
    path = find_map(name)
    if is_file(path) or len(Path(name).parts) != 1:
        return path  # a file, or a path of folders
    try:
        os.lstat(path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError):
        return path  # a name the system refuses (too long): the loader says why
    else:
        return path  # something there the loader names (a folder)
    twin = look_alike(path)  # a file of that name in other capitals here says more
    raise keyed(path, "not_found", twin=twin or shipped_maps_hint(name))


def shipped_maps_hint(name: str, close_key: str = "shipped_maps_close", all_key: str | None = "shipped_maps") -> Word | str:
    """Words naming the shipped maps, the nearest to `name` first ("did you mean"), for a map
    name that is neither a file nor a shipped map; `close_key` and `all_key` are the catalog's
    words with and without a near name ("" without one when `all_key` is None)."""
    stems = [p.stem for p in shipped_maps()]
    close = difflib.get_close_matches(Path(name).stem.casefold(), stems, n=1, cutoff=0.6)
    if close:
        return fault_words(close_key, close=repr(close[0]), maps=", ".join(stems))
    return fault_words(all_key, maps=", ".join(stems)) if all_key else ""


def load_map(path: str | Path, limits: MapSettings = DEFAULT_SETTINGS.maps, unread: list[Unread] | None = None) -> Board:
    """Load and check a map file (native or Tiled); every fault is a one-line FileProblem.
    `unread`, given, gets what a Tiled map shows its designer and the board does not read
    (`tiled.load_tiled_map`); a native map shows nothing more than it says."""
    p = Path(path)
    suffix = p.suffix.lower()  # MAP.TMX is a Tiled map too
    if suffix != ".toml":
        from arena_game.formats import tiled  # Tiled maps have their own loader

        if suffix in tiled.TILED_SUFFIXES or suffix in tiled.TILED_OTHER_SUFFIXES:
            return tiled.load_tiled_map(p, limits, unread)  # a tileset or a world is said to be one
        if is_file(p):  # else read_text says it is missing (or a folder…)
            raise keyed(p, "not_map_suffix")
    text = read_text(p)
    if not text.strip():  # said so, not as its first missing key
        raise keyed(p, "empty_file")
    return board_from_data(p, parse_toml(p, text), text, limits)


def holds_no_map_key(data: object) -> bool:
    """Whether a file's top level holds no key of a map, nor one near a map's (`Grid`, `legends`
    are a map's, misspelt): another tool's file, such as a pyproject.toml beside the maps."""
    if not isinstance(data, dict) or not data:
        return False
    fields = list(MapFile.model_fields)
    return not any(difflib.get_close_matches(str(k).casefold(), fields, n=1, cutoff=0.6) for k in data)


def load_map_text(path: str | Path, text: str, limits: MapSettings = DEFAULT_SETTINGS.maps) -> Board:
    """Load a native map from text (for inline scenario maps and tests)."""
    return board_from_data(path, parse_toml(path, text), text, limits)


def board_from_data(
    path: str | Path, data: dict[str, Any], text: str | None, limits: MapSettings = DEFAULT_SETTINGS.maps,
    key_prefix: str = "", require_spawns: bool = True,
) -> Board:
    """Build a Board from parsed map data; `text` (the file's text) gives grid line numbers."""
    try:
        mf = validate(MapFile, data)
    except ValidationError as e:
        if not key_prefix and (other := wrong_kind(path, data, "map")) is not None:
            raise other from None  # a scenario, a teams or a rules file given as a map
        if not key_prefix and holds_no_map_key(data):
            # another tool's settings (a pyproject.toml), or a rules file whose sections are all
            # misspelt: said to be no map, not as its first missing key ("name: required key")
            raise keyed(path, "no_map_keys", keys=shorten(", ".join(str(k) for k in list(data)[:6]))
                        + (", …" if len(data) > 6 else "")) from None
        raise validation_problem(path, e, key_prefix.rstrip("."), schema=MapFile) from None  # `map.name`, not `map..name`
    legend = dict(DEFAULT_LEGEND)
    for sym, spec in mf.legend.items():
        if len(sym) != 1 or sym.isspace():
            raise keyed(path, "legend_symbol", field=f"{key_prefix}legend", symbol=repr(sym))
        legend[sym] = spec if isinstance(spec, LegendEntry) else LegendEntry(terrain=spec)

    first_line, first_col = _grid_origin(text)
    rows = mf.grid.split("\n")
    if rows and rows[0] == "":
        rows = rows[1:]
        if first_line:
            first_line, first_col = first_line + 1, 1
        else:
            first_line, first_col = None, None
    while rows and rows[-1].strip() == "":
        rows.pop()

    def grid_fault(row: int, col: int, key: str, **fields: object) -> FileProblem:
        """Line and column in the file; in a file whose text is not at hand (a save's JSON), or
        whose grid is not written as it reads (an escape such as `\\t` or a line-ending
        backslash in a multi-line string moves the squares), the square."""
        if first_line is None or first_col is None or not _written_as_read(text, first_line, first_col, rows[:row + 1]):
            return keyed(path, "at_square", field=f"{key_prefix}grid", x=col, y=row,
                         fault=fault_words(key, **fields))
        words, key, params = fault(key, **fields)
        return FileProblem(path, words, first_line + row, (first_col if row == 0 else 1) + col, key=key, params=params)

    if not rows:
        raise keyed(path, "grid_empty", field=f"{key_prefix}grid")
    width = len(rows[0])
    height = len(rows)
    if width > limits.max_width or height > limits.max_height:
        raise map_too_large(path, width, height, limits, field=f"{key_prefix}grid")
    cells: list[Terrain] = []
    heights: dict[Square, int] = {}
    spawns: dict[str, list[Square]] = {}
    # a row is read square by square only for a symbol that is more than a terrain, or one the
    # legend lacks (a save's map reloads are thousands of maps: a Python step a square was most of
    # their check)
    terrain_of, marked = _DEFAULT_TABLES if not mf.legend else _legend_tables(legend)
    all_known = legend.keys() >= set("".join(rows))
    for y, row in enumerate(rows):
        # a symbol not in the legend first: a tab or a combining accent also makes the row
        # ragged, and the symbol, at its column, is what to fix
        if not all_known and not legend.keys() >= set(row):
            unknown = next(x for x, sym in enumerate(row) if sym not in legend)
            raise grid_fault(y, unknown, "unknown_symbol", symbol=symbol_text(row[unknown]))
        if len(row) != width:
            raise grid_fault(y, min(len(row), width), "ragged_row", n=len(row), width=width)
        cells.extend(map(terrain_of.__getitem__, row))
        if marked.isdisjoint(row):
            continue
        for x, sym in enumerate(row):
            if sym not in marked:
                continue
            entry = legend[sym]
            if entry.terrain is Terrain.OBSTACLE:
                heights[(x, y)] = entry.height_cm or DEFAULT_OBSTACLE_HEIGHT
            if entry.spawn is not None:
                if not entry.terrain.walkable:
                    raise grid_fault(y, x, "spawn_not_floor", spawn=repr(entry.spawn), terrain=Word(f"ui.terrain_{entry.terrain.value}"))
                spawns.setdefault(entry.spawn, []).append((x, y))
    height_keys: dict[Square, str] = {}  # "3,1" and "3, 1" or "03,1" name one square: the second would replace the first
    for key, cm in mf.heights.items():
        m = _SQUARE_KEY.fullmatch(key)
        if not m:
            raise keyed(path, "height_key", field=f"{key_prefix}heights", name=repr(key))
        sq = (int(m.group(1)), int(m.group(2)))
        if sq in height_keys:
            raise keyed(path, "height_twice", field=f"{key_prefix}heights", x=sq[0], y=sq[1],
                        first=repr(height_keys[sq]), second=repr(key))
        height_keys[sq] = key
        if not (0 <= sq[0] < width and 0 <= sq[1] < height):
            raise keyed(path, "height_off_map", field=f"{key_prefix}heights", x=sq[0], y=sq[1], width=width,
                        height=height, last_x=width - 1, last_y=height - 1)
        if cells[sq[1] * width + sq[0]] is not Terrain.OBSTACLE:
            raise keyed(path, "height_not_obstacle", field=f"{key_prefix}heights", x=sq[0], y=sq[1])
        if cm < 1:
            raise keyed(path, "height_min", field=f"{key_prefix}heights", x=sq[0], y=sq[1])
        heights[sq] = cm
    for slot in range(1, mf.teams + 1 if require_spawns else 1):
        if not spawns.get(str(slot)):
            raise keyed(path, "no_spawns", field=f"{key_prefix}grid", slot=slot)
    return Board(
        width=width, height=height, cells=tuple(cells), heights=heights,
        spawns={k: tuple(v) for k, v in sorted(spawns.items())},
        labyrinth=mf.labyrinth, name=mf.name, description=mf.description, description_en=mf.description_en,
    )


def _legend_tables(legend: dict[str, LegendEntry]) -> tuple[dict[str, Terrain], frozenset[str]]:
    """Each symbol's terrain, and the symbols that are more than one (an obstacle's height, a spawn)."""
    marked = frozenset(sym for sym, entry in legend.items() if entry.terrain is Terrain.OBSTACLE or entry.spawn is not None)
    return {sym: entry.terrain for sym, entry in legend.items()}, marked


_DEFAULT_TABLES = _legend_tables(DEFAULT_LEGEND)


def map_too_large(path: str | Path, width: int, height: int, limits: MapSettings, field: str | None = None) -> FileProblem:
    """A map over the size limit; the rules file that set the limit named (the fault may be there)."""
    from arena_game.formats.rulesfile import rules_source

    source = rules_source(limits)
    size = {"width": width, "height": height, "max_width": limits.max_width, "max_height": limits.max_height}
    if source:
        return keyed(path, "map_too_large_rules", field=field, source=str(source), **size)
    return keyed(path, "map_too_large", field=field, **size)


def symbol_text(sym: str) -> str:
    """A grid symbol quoted as a designer finds it: a combining accent, a space or an invisible
    character (which would join the quote, or not show) by its code point: `'\\u0301'`."""
    return ascii(sym) if unicodedata.category(sym)[0] in "MZC" else repr(sym)


def _written_as_read(text: str | None, first_line: int, first_col: int, rows: list[str]) -> bool:
    """Each of `rows` stands in the file's text as it was read, from `first_line` and `first_col`
    (1-based): then a line and column in the grid are the file's own."""
    if text is None:
        return False
    lines = text.split("\n")
    for y, row in enumerate(rows):
        i = first_line - 1 + y
        start = first_col - 1 if y == 0 else 0
        if i >= len(lines) or not lines[i].startswith(row, start):
            return False
    return True


def _grid_origin(text: str | None) -> tuple[int | None, int | None]:
    """Line and column (1-based) where the grid string's first character stands."""
    if text is None:
        return None, None
    for i, line in enumerate(text.split("\n")):
        m = _GRID_KEY.match(line)
        if m:
            if line[m.end():].strip() == "":
                # TOML drops a newline right after the opening quotes: the grid's first
                # character is the first one of the next line.
                return i + 2, 1
            return i + 1, m.end() + 1
    return None, None
