"""The house rules being edited (issue 18): the panel's logic without the window (no pygame).

`HouseRulesDraft` holds one value per Reading (`formats.house_rules.READINGS`): a choice
(yes/no, an attribute, a skill, one of a Reading's words) is cycled through its choices; a
number or a list of faces is typed, and the text is checked as it is committed, by the same
model as the rules files (`RulesSettings`), the fault kept beside the field in the window's
language. `save(name)` writes the changed Readings as a rules file in the user data folder.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from annotated_types import Ge, Le

from arena_game.core.settings import DEFAULT_SETTINGS, HitLocation, RulesSettings
from arena_game.formats.atomic import same_file
from arena_game.formats.house_rules import (
    NAME,
    READINGS,
    changed_readings,
    house_rules_path,
    reading_value,
    save_house_rules,
    with_readings,
)
from arena_game.formats.problems import FileProblem, unwritable
from arena_game.i18n import has, t
from arena_game.i18n.terms import location_name, trait_name

Kind = Literal["choice", "number", "faces", "locations"]
PAGES: tuple[tuple[str, ...], ...] = (("R0",), ("R1", "R2", "R3"), ("R4",), ("R5", "R6", "R7"),
                                      ("R8", "R9", "R10", "R11", "R12", "R13"))
"""The panel's pages: rule families shown together (every page fits a 720-pixel window)."""


@dataclass(frozen=True)
class ReadingField:
    """One Reading in the panel: its key, rule, how it is edited and its bounds."""

    key: str
    rule: str
    kind: Kind
    choices: tuple[Any, ...] = ()  # a choice's values, in the order Enter cycles them
    low: int | None = None  # a number's bounds (the model's own)
    high: int | None = None


def _field(key: str, rule: str) -> ReadingField:
    section, name = key.split(".")
    model = type(getattr(DEFAULT_SETTINGS, section))
    info = model.model_fields[name]
    kind = info.annotation
    if kind is bool:
        return ReadingField(key, rule, "choice", (True, False))
    if typing.get_origin(kind) is Literal:
        return ReadingField(key, rule, "choice", typing.get_args(kind))
    if kind is int:
        low = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
        high = next((m.le for m in info.metadata if isinstance(m, Le)), None)
        return ReadingField(key, rule, "number", low=low, high=high)  # type: ignore[arg-type]
    if typing.get_origin(kind) is tuple and typing.get_args(kind) == (int, Ellipsis):
        return ReadingField(key, rule, "faces")
    if typing.get_origin(kind) is tuple and typing.get_args(kind) == (HitLocation, Ellipsis):
        return ReadingField(key, rule, "locations")
    raise TypeError(f"{key}: a Reading the panel cannot edit ({kind})")  # a test keeps READINGS editable


FIELDS: tuple[ReadingField, ...] = tuple(_field(key, rule) for key, rule in READINGS)
"""Every Reading as the panel edits it, in rule order."""


def family(rule: str) -> str:
    """"R4.2" → "R4"."""
    return rule.split(".")[0]


def page_groups(page: int) -> list[tuple[str, list[ReadingField]]]:
    """The rules of one page, each with its Readings, in rule order."""
    out: list[tuple[str, list[ReadingField]]] = []
    for f in FIELDS:
        if family(f.rule) in PAGES[page]:
            if not out or out[-1][0] != f.rule:
                out.append((f.rule, []))
            out[-1][1].append(f)
    return out


def value_words(value: Any, lang: str) -> str:
    """A Reading's value as the panel shows it: yes/no, an attribute's name, a word, "19, 20"."""
    if isinstance(value, bool):
        return t("house_ui.yes" if value else "house_ui.no", lang)
    if isinstance(value, str):
        name = trait_name(value, lang)
        if name != value:
            return name
        return t(f"house_ui.word_{value}", lang) if has(f"house_ui.word_{value}", lang) else value
    return typed_text(value, lang)


def typed_text(value: Any, lang: str) -> str:
    """What a typed field holds for a value: "19, 20"; hit locations as "1–2 head +3, 3–10 torso +1"
    (ranges with an en dash, as the rules write them; `parse_locations` takes a hyphen too)."""
    if isinstance(value, tuple):
        return ", ".join(_row_text(v, lang) if isinstance(v, HitLocation) else str(v) for v in value)
    return str(value)


def _row_text(row: HitLocation, lang: str) -> str:
    bonus = f" {row.damage_bonus:+d}" if row.damage_bonus else ""
    return f"{row.low}\u2013{row.high} {location_name(row.name, lang)}{bonus}"


LOCATION_ROW = re.compile(r"^(\d+)\s*[-–]\s*(\d+)\s+(.*?)(?:\s+([+-]\s*\d+))?$")


def parse_locations(text: str, sides: int, lang: str) -> tuple[HitLocation, ...] | None:
    """R12.2 rows typed as "1–2 head +3, 3-10 torso +1, …" (a range with an en dash, as shown, or a
    hyphen, as typed; the names in the window's language or as the rules files have them), in
    order, on the faces of the d`sides`; None when not."""
    known = {location_name(key, lang).lower(): key for key in LOCATION_KEYS}
    rows: list[HitLocation] = []
    for item in text.replace(";", ",").split(","):
        got = LOCATION_ROW.match(item.strip())
        if got is None or not got.group(3):
            return None
        low, high, name = int(got.group(1)), int(got.group(2)), got.group(3).strip()
        if not 1 <= low <= high <= sides or (rows and low <= rows[-1].high):
            return None
        bonus = int(got.group(4).replace(" ", "")) if got.group(4) else 0
        rows.append(HitLocation(name=known.get(name.lower(), name), low=low, high=high, damage_bonus=bonus))
    return tuple(rows)


LOCATION_KEYS = tuple(row.name for row in DEFAULT_SETTINGS.combat.locations)


def fit_locations(rows: tuple[HitLocation, ...], sides: int) -> tuple[HitLocation, ...]:
    """R12.2 rows carried onto a d`sides`, every face keeping one row (the model refuses gaps): rows
    past the die are dropped and the last one kept ends on the die's top face."""
    kept = [row for row in rows if row.low <= sides]
    if not kept:
        return rows  # nothing fits (a d2 under a table starting at 3): the model says why
    return (*kept[:-1], kept[-1].model_copy(update={"high": sides}))


class HouseRulesDraft:
    """The Readings being edited: `values` (always valid together), the text typed in each
    typed field, and the fault of a field whose text was refused."""

    def __init__(self, settings: RulesSettings = DEFAULT_SETTINGS, name: str = "", lang: str = "en") -> None:
        self.base = settings  # what is not a Reading (tables, limits) stays as the match had it
        self.lang = lang
        self.name = name
        self.editing = name.strip()  # the rules file edited (opened, or saved last): saved over without asking
        self.name_fault = ""  # why the name typed cannot be a rules file's
        self.values: dict[str, Any] = {}
        self.texts: dict[str, str] = {}
        self.faults: dict[str, str] = {}
        self.refusal: FileProblem | None = None  # why the model refused the last value `_take` tried
        self.load(settings)

    def load(self, settings: RulesSettings) -> None:
        """Take every Reading from `settings` (typed texts and faults dropped)."""
        self.values = {f.key: reading_value(settings, f.key) for f in FIELDS}
        self.texts = {f.key: typed_text(self.values[f.key], self.lang) for f in FIELDS if f.kind != "choice"}
        self.faults = {}

    @staticmethod
    def field(key: str) -> ReadingField:
        """The field of a Reading by key."""
        return next(f for f in FIELDS if f.key == key)

    def settings(self) -> RulesSettings:
        """The rules settings with the Readings as they stand (faulty texts not taken)."""
        return with_readings(self.base, self.values)

    def is_default(self, key: str) -> bool:
        """True when a Reading has its standard value."""
        return bool(self.values[key] == reading_value(DEFAULT_SETTINGS, key))

    def default_words(self, key: str) -> str:
        """The mark beside a field: "default", or "default: agilité" when changed."""
        if self.is_default(key):
            return t("house_ui.is_default", self.lang)
        if self.field(key).kind == "locations":  # a whole table: too long to repeat beside it
            return t("house_ui.default_was", self.lang, value=t("house_ui.default_table", self.lang))
        return t("house_ui.default_was", self.lang, value=value_words(reading_value(DEFAULT_SETTINGS, key), self.lang))

    def changed(self) -> dict[str, Any]:
        """The Readings that differ from the standard ones."""
        return changed_readings(self.settings())

    def cycle(self, key: str, step: int = 1) -> Any:
        """A choice's next (or, with -1, previous) value; a value the model refuses is skipped."""
        f = self.field(key)
        i = f.choices.index(self.values[key])
        for n in range(1, len(f.choices)):
            value = f.choices[(i + step * n) % len(f.choices)]
            if self._take(key, value):
                return value
        return self.values[key]

    def type_text(self, key: str, text: str) -> bool:
        """Commit the text typed in a number or faces field: True when taken; else the field
        keeps the text and its fault, and the Readings stay as they were."""
        f = self.field(key)
        self.texts[key] = text
        value = self._parse(f, text)
        if value is None:
            return False
        if not self._take(key, value):
            self.faults[key] = self._refused(key, value)
            return False
        self.texts[key] = typed_text(value, self.lang)
        return True

    def revert(self, key: str) -> None:
        """Drop the text typed in a field and its fault (Esc): it shows the Reading again."""
        if key in self.texts:
            self.texts[key] = typed_text(self.values[key], self.lang)
        self.faults.pop(key, None)

    def reset(self) -> None:
        """Every Reading back to the standard ones."""
        self.load(DEFAULT_SETTINGS)

    def replaces(self, name: str) -> Path | None:
        """The rules file saving under `name` would replace, when it is another one than the file
        being edited (`editing`): the window asks before. None for a new name, the file being
        edited (in any case on a disk that ignores case) or a name refused (`save` says why)."""
        name = name.strip()
        if not NAME.match(name):
            return None
        target = house_rules_path(name)
        try:
            if not target.is_file():
                return None
        except OSError:  # the folder cannot be read: `save` says why
            return None
        if self.editing and same_file(target, house_rules_path(self.editing)):
            return None
        return target

    def save(self, name: str) -> Path | None:
        """Save as rules/NAME.toml in the user data folder, replacing a file of that name (ask
        first: `replaces`); None and a fault (`name_fault`) while a value is refused, for a bad
        name or a file that cannot be written."""
        name = name.strip()
        self.name_fault = ""
        if self.faults:  # a refused value is not in `settings()`: the file would hold the one before it, unsaid
            self.name_fault = t("house_ui.unsaved_fields", self.lang)
            return None
        if not NAME.match(name):
            self.name_fault = t("house_ui.fault_name", self.lang)
            return None
        self.name = name
        try:
            path = save_house_rules(name, self.settings())
        except OSError as e:  # a full disk, a read-only folder, a file where the folder should be
            self.name_fault = unwritable(house_rules_path(name), e).in_language(self.lang)
            return None
        self.editing = name
        return path

    def _parse(self, f: ReadingField, text: str) -> Any:
        """The typed text as a value, or None with the field's fault set."""
        words = [w.strip() for w in text.replace(";", ",").split(",")]
        if f.kind == "number":
            try:
                value = int(text.strip())
            except ValueError:
                self.faults[f.key] = t("house_ui.fault_number", self.lang)
                return None
            if (f.low is not None and value < f.low) or (f.high is not None and value > f.high):
                self.faults[f.key] = self._bounds(f)
                return None
            return value
        if f.kind == "locations":
            rows = parse_locations(text, self.values["combat.location_die"], self.lang)
            if rows is None:
                self.faults[f.key] = t("house_ui.fault_locations", self.lang, sides=self.values["combat.location_die"])
            return rows
        if not all(w.isdigit() for w in words):
            self.faults[f.key] = t("house_ui.fault_list", self.lang)
            return None
        return tuple(int(w) for w in words)

    def _refused(self, key: str, value: Any) -> str:
        """Why the model refused a value that was a number or faces list of the right shape."""
        problem = self.refusal
        if problem is not None and problem.key == "face_twice":  # "20, 20": a slip, not a face off the die
            return t("house_ui.fault_face_twice", self.lang, face=problem.params.get("face", ""))
        if key.startswith("dice.critical"):
            return t("house_ui.fault_faces", self.lang, sides=self.values["dice.die"])
        if key == "dice.die":
            return t("house_ui.fault_die", self.lang, sides=value)
        if problem is not None and problem.key and problem.key.startswith("location_"):  # R12.2: naming the row
            params = {**problem.params, "name": location_name(str(problem.params.get("name", "")), self.lang)}
            return t(f"file_fault.{problem.key}", self.lang, **params)
        return t("house_ui.fault_refused", self.lang)

    def _bounds(self, f: ReadingField) -> str:
        if f.high is None:
            return t("house_ui.fault_at_least", self.lang, low=f.low)
        return t("house_ui.fault_between", self.lang, low=f.low, high=f.high)

    def _take(self, key: str, value: Any) -> bool:
        """Set one Reading if the model takes the Readings together; True when it did."""
        values = {**self.values, key: value}
        if key == "combat.location_die":  # the hit-location rows follow the die (R12.2: no face without a row)
            values["combat.locations"] = fit_locations(values["combat.locations"], value)
        try:
            with_readings(self.base, values)
        except FileProblem as problem:
            self.refusal = problem
            return False
        if values["combat.locations"] != self.values["combat.locations"]:
            self.texts["combat.locations"] = typed_text(values["combat.locations"], self.lang)
            self.faults.pop("combat.locations", None)
        self.values = values
        self.faults.pop(key, None)
        self.refusal = None
        return True


def settings_lines(settings: RulesSettings, lang: str) -> list[str]:
    """The match's Readings for the sheet panel: the standard ones, or each one the table changed."""
    changed = changed_readings(settings)
    if not changed:
        return [t("house_ui.sheet_default", lang)]
    return [t("house_ui.sheet_changed", lang)] + [
        t("house_ui.sheet_reading", lang, rule=f.rule, what=sheet_name(f.key, lang), value=value_words(changed[f.key], lang))
        for f in FIELDS if f.key in changed]


def sheet_name(key: str, lang: str) -> str:
    """What the sheet calls a Reading before its value: its explanation, or, where that lists
    the choices ("circle attack damage: halved in turn, or the player's split"), what it sets
    ("circle attack damage"): the value after it says which choice."""
    short = f"house_ui.sheet.{key}"
    return t(short, lang) if has(short, lang) else t(f"house.{key}", lang)
