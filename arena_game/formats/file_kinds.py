"""A file of another kind than the one asked for: a scenario given as a map, a teams file as a
rules file, a save as a map… Each loader's first fault on such a file was about a key
(`name: required key is missing (and 8 more)`); `wrong_kind` says what the file is instead,
and how to use it. Asked only once a file has failed to validate: a file that loads is never
looked at here."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena_game.formats.problems import FileProblem, fault_words, keyed

# what each loader reads, as said after "not" (`file_fault.kind_<wanted>`)
WANTED = ("map", "teams", "rules", "scenario", "save")
# keys only a scenario's top level has (a map file has none of them, nor a teams or rules file)
_SCENARIO_KEYS = frozenset({"actions", "placements", "turn_order", "rules_file", "goal", "caption", "dice", "seed"})
# every key a scenario's top level takes: a `map` (named or inline) with no other key is one too
_SCENARIO_FIELDS = _SCENARIO_KEYS | {"title", "description", "map", "rules", "teams"}


def arena_kind(data: object) -> str | None:
    """What an Arena file holds, by its top level: "save" (its `format`), "map" (a `grid`),
    "scenario" (a `map` and a scenario's keys, or a
    `map` with only keys a scenario takes), "teams" (`teams` alone), "rules" (rules
    sections alone); None when it says nothing clear."""
    if not isinstance(data, Mapping) or not data:
        return None
    keys = set(data)
    if data.get("format") == "arena-save":
        return "save"
    if "grid" in keys and "map" not in keys:
        return "map"
    if "map" in keys and keys & (_SCENARIO_KEYS | {"teams", "title"}):
        return "scenario"
    if "map" in keys and keys <= _SCENARIO_FIELDS and isinstance(data["map"], str | Mapping):
        return "scenario"  # a map played under its rules, or as it is: `map = "arene-classique"`
    if keys <= {"teams", "struck_off"} and isinstance(data.get("teams"), list):
        return "teams"
    from arena_game.core.settings import RulesSettings

    if keys <= set(RulesSettings.model_fields) and all(isinstance(v, Mapping) for v in data.values()):
        return "rules"
    return None


def toml_as(path: str | Path, wanted: str, text: str | None = None) -> dict[str, Any]:
    """The TOML file at `path` (or its `text`) read for a `wanted` file; a save or a Tiled file
    (JSON) given in its place is said to be one, not a TOML syntax error at its first brace. An
    empty file is said to be empty, not missing its first key (a rules file may be: no change)."""
    from arena_game.formats.safe_read import parse_toml, read_text

    try:
        text = read_text(path) if text is None else text
        if wanted != "rules" and not text.strip():
            raise keyed(path, "empty_file")
        return parse_toml(path, text)
    except FileProblem as e:
        if e.key == "toml_syntax" and (other := _json_of_another_kind(path, wanted)) is not None:
            raise other from None
        raise


def _json_of_another_kind(path: str | Path, wanted: str) -> FileProblem | None:
    from arena_game.formats.safe_read import read_json
    from arena_game.formats.tiled import TILED_KINDS, json_kind, kind_words

    try:
        data = read_json(path)
    except FileProblem:
        return None
    if not isinstance(data, dict):
        return None
    if (kind := json_kind(data)) in TILED_KINDS:
        return keyed(path, "tiled_not_wanted", kind=kind_words(kind), wanted=fault_words(f"kind_{wanted}"))
    return wrong_kind(path, data, wanted)


def toml_kind(path: Path) -> str:
    """What a `.toml` file beside maps is, for `check FOLDER`: "scenario", "teams" or "rules"
    when it reads as one, "toml" when it holds none of a map's keys, else "map" (the map loader
    then says what is wrong, in one line)."""
    from arena_game.formats.mapfile import holds_no_map_key
    from arena_game.formats.safe_read import read_toml

    try:
        data = read_toml(path)
    except FileProblem:
        return "map"
    kind = arena_kind(data)
    if kind in ("scenario", "teams", "rules"):
        return kind
    # a tool's settings beside the maps (pyproject.toml) hold none of a map's keys
    return "toml" if kind is None and holds_no_map_key(data) else "map"


def wrong_kind(path: str | Path, data: object, wanted: str) -> FileProblem | None:
    """The one line for a file of another kind than `wanted` (a `WANTED` word), None when
    `data` is of that kind or of no kind told."""
    kind = arena_kind(data)
    if kind is None or kind == wanted:
        return None
    return keyed(path, f"is_{kind}", wanted=fault_words(f"kind_{wanted}"))
