"""The roster editor's model (issue 18): teams files kept in the user data folder
(`teams/NAME.toml`), edited field by field without the window.

One source of truth: a field typed in the window is checked by putting the typed text into
the sheet or team and validating it with the same pydantic models the files are read with
(`FighterSheet`, `Team`, `teamfile.TeamsFile`); a chest item over the limit is refused by the
same `check_chest` (R12.1). Faults are returned as catalog keys + fields (`Fault`), worded
in the window's language by `fault_text`. A draft is saved only whole and valid, atomically.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import (
    ATTRIBUTES,
    SKILLS,
    FighterSheet,
    RosterError,
    Team,
    WeaponFamily,
    check_chest,
)
from arena_game.formats.atomic import FILE_NAME_PATTERN, write_atomic
from arena_game.formats.problems import FileProblem
from arena_game.formats.safe_read import read_toml
from arena_game.formats.teamfile import DEFAULT_TEAM_COLOURS, _key, _scalar, teams_from_data
from arena_game.i18n import t
from arena_game.resources import user_data_dir

FILE_NAME = re.compile(FILE_NAME_PATTERN, re.IGNORECASE)  # a teams file's name: letters, digits, spaces, - and _
Path_ = tuple[str, ...]


@dataclass(frozen=True)
class FieldSpec:
    """One editable field of a fighter sheet or a team: where it lives and how it is typed."""

    path: Path_  # keys into the sheet (or team) data, e.g. ("attributes", "physique")
    kind: str  # "text", "int", "family", "damage", "colour"

    @property
    def key(self) -> str:
        """The field's name, dotted ("weapon.damage")."""
        return ".".join(self.path)

    def label(self, lang: str) -> str:
        """The field's label in `lang`, R0.3's French terms with their translation."""
        if self.path[0] == "attributes":
            return t(f"term.attr_{self.path[1]}", lang)
        if self.path[0] == "skills" and self.path[1] == "weapons":
            return t("roster.field_weapon_skill", lang, family=t(f"term.family_{self.path[2]}", lang))
        if self.path[0] == "skills":
            return t(f"term.skill_{self.path[1]}", lang)
        return t(f"roster.field_{'_'.join(self.path)}", lang)


FIGHTER_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(("name",), "text"), FieldSpec(("pv",), "int"), FieldSpec(("mana",), "int"),
    FieldSpec(("height_cm",), "int"), FieldSpec(("teleport_potions",), "int"),
    *(FieldSpec(("attributes", a), "int") for a in ATTRIBUTES),
    *(FieldSpec(("skills", s), "int") for s in SKILLS),
    *(FieldSpec(("skills", "weapons", f.value), "int") for f in WeaponFamily),
    FieldSpec(("weapon", "name"), "text"), FieldSpec(("weapon", "family"), "family"),
    FieldSpec(("weapon", "range"), "int"), FieldSpec(("weapon", "damage"), "damage"),
)
"""Every field of a fighter sheet the editor shows (R0.3), in the form's order."""
TEAM_FIELDS: tuple[FieldSpec, ...] = (FieldSpec(("name",), "text"), FieldSpec(("colour",), "colour"))
"""A team's own fields (the chest is edited as a list)."""


@dataclass(frozen=True)
class Fault:
    """Why a typed value is refused: a catalog key under `[roster]` and its fields."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None  # the rule number, for a refusal by a rule (R12.1)

    def text(self, lang: str) -> str:
        """The fault in `lang`, with its rule number first when it has one."""
        fields = {k: v.in_language(lang) if isinstance(v, FileProblem) else v for k, v in self.fields.items()}
        words = t(f"roster.{self.key}", lang, **fields)
        return f"{self.rule}{' : ' if lang == 'fr' else ': '}{words}" if self.rule else words


def _fault_from(err: dict[str, Any], kind: str) -> Fault:
    """A pydantic error as a catalog fault (the model decides; the catalog words it)."""
    kind_of, ctx = err.get("type", ""), err.get("ctx") or {}
    if kind_of in ("int_parsing", "int_type", "int_from_float"):
        return Fault("fault_whole_number")
    if kind_of in ("greater_than_equal", "greater_than"):
        return Fault("fault_at_least", {"n": ctx.get("ge", ctx.get("gt"))})
    if kind_of in ("less_than_equal", "less_than"):
        return Fault("fault_at_most", {"n": ctx.get("le", ctx.get("lt"))})
    if kind_of == "string_too_long":
        return Fault("fault_too_long", {"n": ctx.get("max_length")})
    if kind_of == "string_too_short" or (kind_of == "value_error" and kind == "text"):
        return Fault("fault_empty")
    if kind == "damage":
        return Fault("fault_damage")
    if kind == "colour":
        return Fault("fault_colour")
    if kind == "family":
        return Fault("fault_family")
    return Fault("fault_invalid")


def _get(data: dict[str, Any], path: Path_) -> Any:
    for k in path[:-1]:
        data = data.get(k, {})
    return data.get(path[-1])


def _set(data: dict[str, Any], path: Path_, value: Any) -> None:
    for k in path[:-1]:
        data = data.setdefault(k, {})
    data[path[-1]] = value


def shown_value(data: dict[str, Any], spec: FieldSpec) -> str:
    """What a field's entry shows for the sheet or team `data`."""
    value = _get(data, spec.path)
    return "" if value is None else str(value)


def sheet_data(sheet: FighterSheet) -> dict[str, Any]:
    """A sheet as the editor keeps it: plain data, every field written out, damage as 'NdM+K',
    every weapon family's skill present, without the team (the enclosing team gives it)."""
    data = sheet.model_dump(mode="json", exclude={"team"})
    data["weapon"]["damage"] = str(sheet.weapon.damage)
    data["skills"]["weapons"] = {f.value: sheet.skills.weapons.get(f, 0) for f in WeaponFamily}
    return data


def team_data(team: Team) -> dict[str, Any]:
    """A team as the editor keeps it (see `sheet_data`)."""
    return {"id": team.id, "name": team.name, "colour": team.colour, "chest": list(team.chest),
            "fighters": [sheet_data(f) for f in team.fighters]}


def _slug(name: str, taken: set[str], fallback: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or fallback
    base = base if base[0].isalnum() else fallback
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    return out


def new_sheet(name: str, fighter_id: str) -> dict[str, Any]:
    """A fresh fighter: the sheet's defaults, 20 PV."""
    return sheet_data(FighterSheet(id=fighter_id, name=name, team="new", pv=20))


class RosterDraft:
    """A teams file being edited: plain data checked field by field with the files' models.

    `faults` holds the refused entries by (team index, fighter index or None, field key);
    the data keeps the last accepted value, so the draft is always a valid roster apart from
    whole-file checks (`problems`).
    """

    def __init__(self, name: str, teams: list[dict[str, Any]], struck_off: list[dict[str, Any]] | None = None,
                 settings: RulesSettings = DEFAULT_SETTINGS) -> None:
        self.name = name
        self.teams = teams
        self.struck_off = struck_off or []  # R9.2: fighters lost for good, kept to be shown
        self.settings = settings
        self.faults: dict[tuple[int, int | None, str], Fault] = {}

    # -- reading and writing ---------------------------------------------------------------

    @classmethod
    def from_file(cls, path: str | Path, name: str | None = None, settings: RulesSettings = DEFAULT_SETTINGS) -> RosterDraft:
        """A teams file as a draft (a bad file is a `FileProblem`)."""
        from arena_game.formats.teamfile import load_teams

        teams = load_teams(path, settings)
        raw = read_toml(path).get("struck_off", [])
        struck = [sheet_data(FighterSheet.model_validate(f)) | {"team": f.get("team")} for f in raw]
        return cls(name or Path(path).stem, [team_data(tm) for tm in teams], struck, settings)

    @classmethod
    def new(cls, name: str, lang: str) -> RosterDraft:
        """A new file: two teams of one fighter each, named in `lang`."""
        draft = cls(name, [])
        draft.add_team(lang)
        draft.add_team(lang)
        draft.teams[1]["colour"] = "#2471a3"
        return draft

    def copy(self, name: str) -> RosterDraft:
        """The same teams (and struck-off fighters) under another file name."""
        return RosterDraft(name, copy.deepcopy(self.teams), copy.deepcopy(self.struck_off), self.settings)

    def file_data(self) -> dict[str, Any]:
        """The draft as teams file data (fighters with their team)."""
        teams = [{**{k: v for k, v in tm.items() if k != "fighters"},
                  "fighters": [{**f, "team": tm["id"]} for f in tm["fighters"]]} for tm in self.teams]
        data: dict[str, Any] = {"teams": teams}
        if self.struck_off:
            data["struck_off"] = copy.deepcopy(self.struck_off)
        return data

    def problems(self) -> list[Fault]:
        """What keeps the draft from being saved: refused entries, a team without fighters,
        a bad file name; then whatever the teams file's own checks refuse."""
        out = list(self.faults.values())
        if not valid_file_name(self.name):
            out.append(Fault("fault_file_name"))
        if not self.teams:
            out.append(Fault("fault_no_team"))
        out += [Fault("fault_no_fighter", {"team": tm["name"]}) for tm in self.teams if not tm["fighters"]]
        if not out:
            try:
                teams_from_data(f"{self.name}.toml", self.file_data(), self.settings)
            except FileProblem as e:
                out.append(Fault("fault_file", {"problem": e}))  # said in the editor's language (`text`)
        return out

    def save(self, folder: Path | None = None) -> Path:
        """Write the draft atomically as `teams/NAME.toml`; a ValueError names the first problem."""
        problems = self.problems()
        if problems:
            raise ValueError(problems[0].key)
        folder = folder or roster_dir()
        return write_atomic(folder / f"{self.name}.toml", roster_text(self.file_data()))

    # -- fields ----------------------------------------------------------------------------

    def set_fighter_field(self, team: int, fighter: int, spec: FieldSpec, typed: str) -> Fault | None:
        """Type `typed` into a fighter's field: accepted (None) or refused with the model's fault."""
        sheet = self.teams[team]["fighters"][fighter]
        trial = copy.deepcopy(sheet)
        _set(trial, spec.path, typed.strip() if spec.kind != "text" else typed)
        try:
            model = FighterSheet.model_validate({**trial, "team": self.teams[team]["id"]})
        except ValidationError as e:
            return self._refuse((team, fighter, spec.key), e, spec)
        _set(sheet, spec.path, _get(sheet_data(model), spec.path))
        self.faults.pop((team, fighter, spec.key), None)
        return None

    def set_team_field(self, team: int, spec: FieldSpec, typed: str) -> Fault | None:
        """Type `typed` into a team's field (name, colour), checked by the `Team` model."""
        trial = {k: v for k, v in self.teams[team].items() if k != "fighters"}
        trial[spec.path[0]] = typed.strip() if spec.kind != "text" else typed
        try:
            model = Team.model_validate(trial)
        except ValidationError as e:
            return self._refuse((team, None, spec.key), e, spec)
        self.teams[team][spec.path[0]] = getattr(model, spec.path[0])
        self.faults.pop((team, None, spec.key), None)
        return None

    def _refuse(self, where: tuple[int, int | None, str], e: ValidationError, spec: FieldSpec) -> Fault:
        errors = e.errors(include_url=False)
        mine = [x for x in errors if tuple(str(p) for p in x["loc"][:len(spec.path)]) == spec.path] or errors
        fault = _fault_from(dict(mine[0]), spec.kind)
        self.faults[where] = fault
        return fault

    def fault(self, team: int, fighter: int | None, spec: FieldSpec) -> Fault | None:
        """The standing fault of a field, if its last typed value was refused."""
        return self.faults.get((team, fighter, spec.key))

    # -- the chest (R12.1) -----------------------------------------------------------------

    def add_to_chest(self, team: int, item: str) -> Fault | None:
        """Put an animal or a slave in a team's chest; over the limit it is refused (R12.1)."""
        item = item.strip()
        if not item:
            return Fault("fault_empty")
        tm = self.teams[team]
        trial = Team.model_validate({**{k: v for k, v in tm.items() if k != "fighters"}, "chest": [*tm["chest"], item]})
        limit = self.settings.teams.chest_limit
        try:
            check_chest(trial, limit)
        except RosterError:
            return Fault("fault_chest_full", {"limit": limit}, rule="R12.1")
        tm["chest"].append(item)
        return None

    def remove_from_chest(self, team: int, index: int) -> None:
        """Take an item out of a team's chest."""
        del self.teams[team]["chest"][index]

    # -- teams and fighters ----------------------------------------------------------------

    def fighter_ids(self) -> set[str]:
        """Every fighter id of the file, struck off ones included (ids stay unique)."""
        return {f["id"] for tm in self.teams for f in tm["fighters"]} | {f["id"] for f in self.struck_off}

    def add_team(self, lang: str) -> int:
        """A new team with one new fighter; returns its index."""
        n = len(self.teams) + 1
        tid = _slug(f"team-{n}", {tm["id"] for tm in self.teams}, "team")
        self.teams.append({"id": tid, "name": t("roster.new_team", lang, n=n), "chest": [],
                           "colour": DEFAULT_TEAM_COLOURS[(n - 1) % len(DEFAULT_TEAM_COLOURS)],
                           "fighters": []})
        self.add_fighter(len(self.teams) - 1, lang)
        return len(self.teams) - 1

    def add_fighter(self, team: int, lang: str) -> int:
        """A new fighter in a team; returns its index."""
        fighters = self.teams[team]["fighters"]
        name = t("roster.new_fighter", lang, n=len(fighters) + 1)
        fighters.append(new_sheet(name, _slug(f"{self.teams[team]['id']}-{len(fighters) + 1}", self.fighter_ids(), "fighter")))
        fighters[-1]["weapon"]["name"] = t("roster.fists", lang)
        return len(fighters) - 1

    def duplicate_team(self, team: int, lang: str) -> int:
        """A copy of a team (new ids) after the last one; returns its index."""
        tm = copy.deepcopy(self.teams[team])
        tm["id"] = _slug(tm["id"], {x["id"] for x in self.teams}, "team")
        tm["name"] = _copy_name(tm["name"], lang)
        taken = self.fighter_ids()
        for f in tm["fighters"]:
            f["id"] = _slug(f["id"], taken, "fighter")
            taken.add(f["id"])
        self.teams.append(tm)
        self._drop_faults(len(self.teams) - 1)
        return len(self.teams) - 1

    def duplicate_fighter(self, team: int, fighter: int, lang: str) -> int:
        """A copy of a fighter (new id) after it; returns its index."""
        f = copy.deepcopy(self.teams[team]["fighters"][fighter])
        f["id"] = _slug(f["id"], self.fighter_ids(), "fighter")
        f["name"] = _copy_name(f["name"], lang)
        self.teams[team]["fighters"].insert(fighter + 1, f)
        self._drop_faults(team)
        return fighter + 1

    def delete_team(self, team: int) -> None:
        """Remove a team and its fighters."""
        del self.teams[team]
        self.faults = {k: v for k, v in self.faults.items() if k[0] != team}
        self.faults = {((a - 1 if a > team else a), b, c): v for (a, b, c), v in self.faults.items()}

    def delete_fighter(self, team: int, fighter: int) -> None:
        """Remove a fighter from its team."""
        del self.teams[team]["fighters"][fighter]
        self._drop_faults(team)

    def _drop_faults(self, team: int) -> None:
        # indices moved: the faults of the team's fighters would point at the wrong sheet
        self.faults = {k: v for k, v in self.faults.items() if k[0] != team or k[1] is None}

    def struck_off_of(self, team: int) -> list[dict[str, Any]]:
        """The team's fighters struck off for good (R9.2), to be shown as such."""
        return [f for f in self.struck_off if f.get("team") == self.teams[team]["id"]]


def _copy_name(name: str, lang: str) -> str:
    return t("roster.copy_name", lang, name=name)[:60]


def valid_file_name(name: str) -> bool:
    """A teams file name the editor may write: letters, digits, spaces, - and _, up to 40."""
    return bool(FILE_NAME.match(name)) and name.strip() == name


def roster_text(data: dict[str, Any]) -> str:
    """A teams file's text in the shipped files' style: `[[teams]]`, then one `[[teams.fighters]]`
    table per sheet with its attributes, skills and weapon inline (weapon skills of 0 left out)."""
    lines = ["# Teams written by the roster editor (arena-game); sheet fields: docs/scenarios.md."]

    def sheet(header: str, f: dict[str, Any]) -> None:
        lines.extend(["", header])
        for k, v in f.items():
            if k == "skills":
                v = {**v, "weapons": {fam: n for fam, n in v.get("weapons", {}).items() if n}}
            lines.append(f"{_key(k)} = {_scalar(v)}")

    for tm in data["teams"]:
        lines.extend(["", "[[teams]]", *(f"{_key(k)} = {_scalar(v)}" for k, v in tm.items() if k != "fighters")])
        for f in tm["fighters"]:
            sheet("[[teams.fighters]]", {k: v for k, v in f.items() if k != "team"})
    for f in data.get("struck_off", []):
        sheet("[[struck_off]]  # R9.2: lost for good, never played", f)
    return "\n".join(lines) + "\n"


def roster_dir() -> Path:
    """Where the player's teams files are kept (`teams/` in the user data folder)."""
    return user_data_dir() / "teams"


def roster_files() -> list[Path]:
    """The player's teams files, by name: files only (a folder named `x.toml` is no teams file)."""
    folder = roster_dir()
    return sorted(p for p in folder.glob("*.toml") if p.is_file()) if folder.is_dir() else []


def import_roster(source: str | Path, settings: RulesSettings = DEFAULT_SETTINGS) -> Path:
    """Copy a teams file (checked first: a bad file is a `FileProblem`) into the teams folder,
    under a name not yet taken."""
    draft = RosterDraft.from_file(source, settings=settings)
    taken = {p.stem for p in roster_files()}
    base = re.sub(r"[^\w -]+", "-", Path(source).stem).strip(" -")[:36].strip() or "teams"
    name, n = base, 2
    while name in taken or not valid_file_name(name):
        name, n = f"{base[:34]}-{n}", n + 1
    draft.name = name
    return draft.save()


def export_roster(draft: RosterDraft, target: str | Path) -> Path:
    """Write a valid draft to any path, atomically (a ValueError names the first problem)."""
    problems = draft.problems()
    if problems:
        raise ValueError(problems[0].key)
    return write_atomic(target, roster_text(draft.file_data()))
