"""The rules settings file (TOML): every Reading of the rules (docs/rules-reference.md), validated on load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena_game.core.settings import (
    LOCATION_NAME_LIMIT,
    MAP_SIDE_LIMIT,
    MAX_DIE,
    MODIFIER_LIMIT,
    RulesSettings,
)
from arena_game.formats.file_kinds import toml_as, wrong_kind
from arena_game.formats.problems import fault_words, found_words, keyed, validation_problem

# A list of faces cannot name more faces than the largest die has, nor a table more rows: a
# rules file listing 100,000 critical faces is hostile (the window's rules text would lay out
# each one, for minutes), not a house rule.
MAX_LIST_ITEMS = MAX_DIE
# A rules file may raise the map size limit, not lift it: a 1000×1000 map costs 600 MB to open
# and minutes per simulated match, and a packed Tiled layer of 10,000×10,000 would fill memory.
# The model bounds it (`maps.max_width` and `max_height`, le=MAP_SIDE_LIMIT), as every number.
MAP_SIDE_CEILING = MAP_SIDE_LIMIT


def settings_from_data(path: str | Path, data: dict[str, Any], prefix: str = "") -> RulesSettings:
    """Defaults overridden by `data`; unknown keys and bad values are refused."""
    _check_list_lengths(path, data, prefix)
    try:
        settings = RulesSettings.model_validate(data)
    except ValidationError as e:
        if not prefix and (other := wrong_kind(path, data, "rules")) is not None:
            raise other from None  # a map, a scenario or a teams file given as rules
        raise validation_problem(path, e, prefix, schema=RulesSettings) from None
    _check_locations(path, settings, prefix)
    return settings


def _check_locations(path: str | Path, settings: RulesSettings, prefix: str) -> None:
    """R12.2 rows: a name of at most LOCATION_NAME_LIMIT characters, a damage bonus within
    ±MODIFIER_LIMIT, worded as a model bound (`HitLocation` itself takes any, for the House rules panel)."""
    for i, row in enumerate(settings.combat.locations):
        where = ("combat", "locations", i)
        if len(row.name) > LOCATION_NAME_LIMIT:
            raise keyed(path, "text_max", field=_key_path(prefix, (*where, "name")), n=LOCATION_NAME_LIMIT,
                        count=len(row.name))
        if abs(row.damage_bonus) > MODIFIER_LIMIT:
            low = row.damage_bonus < 0
            raise keyed(path, "bound", field=_key_path(prefix, (*where, "damage_bonus")),
                        words=fault_words("bound_ge" if low else "bound_le"),
                        bound=-MODIFIER_LIMIT if low else MODIFIER_LIMIT, found=found_words(row.damage_bonus))


def _check_list_lengths(path: str | Path, data: Any, prefix: str) -> None:
    """Refuse a list longer than `MAX_LIST_ITEMS`, named by its key path, before validating it."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, dict):
            stack.extend((v, (*loc, k)) for k, v in node.items())
        elif isinstance(node, list | tuple):
            if len(node) > MAX_LIST_ITEMS:
                raise keyed(path, "items_max", field=_key_path(prefix, loc), n=MAX_LIST_ITEMS, count=len(node))
            stack.extend((v, (*loc, i)) for i, v in enumerate(node))


def _key_path(prefix: str, loc: tuple[Any, ...]) -> str:
    out = prefix
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


# Settings read from a file → that file, so a fault they cause elsewhere (a roster over the
# chest limit they set) can name it. The settings object is kept so its id stays its own.
_SOURCES: dict[int, tuple[object, str]] = {}


def load_rules(path: str | Path) -> RulesSettings:
    """Read a rules settings file."""
    data = toml_as(path, "rules")
    settings = settings_from_data(path, data)
    # a file without a [maps] table shares the default section: it did not set the limits
    for part in (settings, settings.maps) if "maps" in data else (settings,):
        _SOURCES[id(part)] = (part, str(path))
    return settings


def rules_source(settings: object) -> str | None:
    """The rules file `settings` (or its `maps` section) were read from, if read by `load_rules`."""
    found = _SOURCES.get(id(settings))
    return found[1] if found and found[0] is settings else None


def merge_rules(base: RulesSettings, path: str | Path, overrides: dict[str, Any], prefix: str = "rules") -> RulesSettings:
    """`base` with the given sections' keys overridden (for scenario `[rules]` tables)."""
    data = base.model_dump()
    for section, values in overrides.items():
        if isinstance(values, dict) and isinstance(data.get(section), dict):
            data[section] = {**data[section], **values}
        else:
            data[section] = values
    return settings_from_data(path, data, prefix)
