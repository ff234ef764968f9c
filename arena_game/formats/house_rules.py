"""House rules (issue 18): the Readings of the rules a table may change, by rule number, and
the rules files a table keeps in the user data folder (`rules/NAME.toml`).

`READINGS` lists every setting that is a **Reading** in `docs/rules.md` (a test keeps the two
in step) with the rule it reads; the window's panel shows them grouped by rule, each with its
explanation from the catalog (`[house]`), and saves the ones changed as a rules file that
`--rules` and the start screen read back.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.formats.atomic import FILE_NAME_PATTERN, write_atomic
from arena_game.formats.rulesfile import load_rules, settings_from_data
from arena_game.resources import user_data_dir

READINGS: tuple[tuple[str, str], ...] = (
    ("dice.die", "R0.1"), ("dice.critical_success", "R0.1"), ("dice.critical_failure", "R0.1"),
    ("combat.attack_attribute", "R0.4"), ("combat.dodge_attribute", "R0.4"), ("combat.dodge_skill", "R0.4"),
    ("turns.initiative_attribute", "R0.5"), ("turns.duration_clock", "R0.5"),
    ("combat.line_of_sight", "R1.6"),
    ("movement.swim_squares_per", "R2.3"), ("movement.jump_fail_spends_move", "R2.4"),
    ("flee.one_roll_per_attempt", "R3.1"),
    ("run.declared_must_be_free", "R4.1"), ("run.attribute", "R4.2"), ("run.skill", "R4.2"), ("run.heading_reference", "R4.4"),
    ("run.forced_stop_turns", "R4.6"),
    ("push.critical_always_succeeds", "R5.2"), ("push.diagonal_corners_stop", "R5.3"),
    ("push.into_water", "R5.3"),
    ("magic.teleport_spell_mana", "R6.2"), ("teleport.spell_needs_sight", "R6.2"),
    ("taunt.first_success_scope", "R7.3"), ("taunt.modifiers_stack", "R7.4"),
    ("combat.circle_split", "R8.2"),
    ("magic.wake_mana_usable", "R10.2"),
    ("combat.location_die", "R12.2"), ("combat.locations", "R12.2"),
)
"""(setting key, rule number) for every Reading a table may change, in rule order."""
NAME = re.compile(FILE_NAME_PATTERN, re.IGNORECASE)  # a rules file's name: letters, digits, spaces, - and _


def reading_value(settings: RulesSettings, key: str) -> Any:
    """The value of a setting by its dotted key ("flee.one_roll_per_attempt")."""
    section, field = key.split(".")
    return getattr(getattr(settings, section), field)


def with_readings(settings: RulesSettings, values: dict[str, Any], source: str = "house rules") -> RulesSettings:
    """`settings` with the given Readings changed, validated by the same model as the files
    (a bad value is a `FileProblem` naming the setting)."""
    data = settings.model_dump()
    for key, value in values.items():
        section, field = key.split(".")
        data[section][field] = value
    return settings_from_data(source, data)


def changed_readings(settings: RulesSettings) -> dict[str, Any]:
    """The Readings that differ from the standard ones, by key."""
    return {k: reading_value(settings, k) for k, _ in READINGS
            if reading_value(settings, k) != reading_value(DEFAULT_SETTINGS, k)}


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, BaseModel):  # a table row (R12.2 hit locations): an inline table
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.model_dump().items()) + " }"
    return "[" + ", ".join(_toml_value(v) for v in value) + "]"


def rules_text(settings: RulesSettings) -> str:
    """A rules file holding the Readings changed from the standard ones (the others stay defaults)."""
    sections: dict[str, list[str]] = {}
    for key, value in changed_readings(settings).items():
        section, field = key.split(".")
        sections.setdefault(section, []).append(f"{field} = {_toml_value(value)}")
    return "\n".join(f"[{name}]\n" + "\n".join(lines) + "\n" for name, lines in sections.items())


def house_rules_dir() -> Path:
    """Where a table's rules files are kept."""
    return user_data_dir() / "rules"


def house_rules_path(name: str) -> Path:
    """Where the rules file `name` is (or would be) kept."""
    return house_rules_dir() / f"{name}.toml"


def save_house_rules(name: str, settings: RulesSettings) -> Path:
    """Write `settings`' changed Readings atomically as `rules/NAME.toml` (replacing a file of
    that name: the window asks first, `HouseRulesDraft.replaces`); a bad name is a ValueError."""
    if not NAME.match(name) or name.strip() != name:
        raise ValueError(f"{name!r} is not a rules file name (letters, digits, spaces, - and _, up to 40)")
    return write_atomic(house_rules_path(name), rules_text(settings))


def house_rules_files() -> list[Path]:
    """The table's rules files, by name: files only (a folder named `x.toml` is no rules file)."""
    folder = house_rules_dir()
    return sorted(p for p in folder.glob("*.toml") if p.is_file()) if folder.is_dir() else []


def load_house_rules(name: str) -> RulesSettings:
    """A saved rules file by name (a bad file is a one-line `FileProblem`)."""
    return load_rules(house_rules_path(name))
