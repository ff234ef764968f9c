"""The rules settings file (TOML): every Reading of the rules (docs/rules-reference.md), validated on load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena_game.core.settings import RulesSettings
from arena_game.formats.problems import validation_problem
from arena_game.formats.safe_read import read_toml


def settings_from_data(path: str | Path, data: dict[str, Any], prefix: str = "") -> RulesSettings:
    """Defaults overridden by `data`; unknown keys and bad values are refused."""
    try:
        return RulesSettings.model_validate(data)
    except ValidationError as e:
        raise validation_problem(path, e, prefix) from None


# Settings read from a file → that file, so a fault they cause elsewhere (a roster over the
# chest limit they set) can name it. The settings object is kept so its id stays its own.
_SOURCES: dict[int, tuple[object, str]] = {}


def load_rules(path: str | Path) -> RulesSettings:
    """Read a rules settings file."""
    data = read_toml(path)
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
