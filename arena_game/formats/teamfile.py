"""Team rosters as TOML files (R0.3, R12.1): `[[teams]]` with `[[teams.fighters]]` sheets."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.exceptions
import tomlkit.items
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.core.events import Event, LostForGood
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import FighterSheet, RosterError, Team, check_chest
from arena_game.formats.atomic import write_atomic
from arena_game.formats.file_kinds import toml_as, wrong_kind
from arena_game.formats.problems import keyed, keyed_fault, validation_problem
from arena_game.formats.rulesfile import rules_source
from arena_game.formats.safe_read import read_text
from arena_game.formats.strict import validate

# Colours for teams whose file gives none, by their place in the file: two teams written
# without a colour would otherwise both be the model's red.
DEFAULT_TEAM_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98", "#b9770e", "#117a65")


class TeamsFile(BaseModel):
    """A file of teams; `struck_off` keeps the sheets of fighters lost for good (R9.2), never played."""

    model_config = ConfigDict(extra="forbid")
    teams: list[Team] = Field(min_length=1)
    struck_off: list[FighterSheet] = []


def teams_from_data(path: str | Path, data: dict[str, Any], settings: RulesSettings = DEFAULT_SETTINGS, prefix: str = "") -> list[Team]:
    """Validate teams data; rosters over the chest limit are refused (R12.1)."""
    try:
        tf = validate(TeamsFile, data)
    except ValidationError as e:
        if not prefix and (other := wrong_kind(path, data, "teams")) is not None:
            raise other from None  # a map, a scenario or a rules file given as teams
        raise validation_problem(path, e, prefix, schema=TeamsFile) from None
    ids: set[str] = set()
    fighter_ids: set[str] = set()
    for i, team in enumerate(tf.teams):
        where = f"{prefix}{'.' if prefix else ''}teams[{i}]"
        if team.id in ids:
            raise keyed(path, "team_twice", field=where, team=repr(team.id))
        ids.add(team.id)
        try:
            check_chest(team, settings.teams.chest_limit)
        except RosterError:
            source = rules_source(settings)
            chest: dict[str, object] = {"team": repr(team.id), "n": len(team.chest), "limit": settings.teams.chest_limit}
            if source:
                chest["source"] = str(source)
            raise keyed_fault(path, "chest_over_limit_rules" if source else "chest_over_limit", chest,
                              field=f"{where}.chest") from None
        for j, f in enumerate(team.fighters):
            if f.team != team.id:
                raise keyed(path, "fighter_elsewhere", field=f"{where}.fighters[{j}].team", fighter=repr(f.id), says=repr(f.team), team=repr(team.id))
            if f.id in fighter_ids:
                raise keyed(path, "fighter_twice", field=f"{where}.fighters[{j}].id", fighter=repr(f.id))
            fighter_ids.add(f.id)
    for i, team in enumerate(tf.teams):
        if not team.fighters:
            where = f"{prefix}{'.' if prefix else ''}teams[{i}].fighters"
            raise keyed(path, "team_empty", field=where, team=repr(team.id))
    return [team if "colour" in team.model_fields_set
            else team.model_copy(update={"colour": DEFAULT_TEAM_COLOURS[i % len(DEFAULT_TEAM_COLOURS)]})
            for i, team in enumerate(tf.teams)]


def load_teams(path: str | Path, settings: RulesSettings = DEFAULT_SETTINGS) -> list[Team]:
    """Read a teams file."""
    return teams_from_data(path, _with_team_ids(toml_as(path, "teams")), settings)


def match_teams(path: str | Path, teams: list[Team]) -> list[Team]:
    """`teams` when they can play a match (`play`, `simulate`, `sweep`): a file of one team is
    refused in one line naming it: its match would end at its first action (R0.7).
    A scenario may hold one team (a lesson's walk alone); `check --teams` reads only sizes."""
    if len(teams) < 2:
        raise keyed(path, "match_one_team", field="teams", team=repr(teams[0].name))
    return teams


def _with_team_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Fighters listed under a team may leave out `team`; it is filled from the team (in a copy:
    the data read stays as the file wrote it, for `remove_fighter_for_good` to write back)."""
    teams = data.get("teams")
    if not isinstance(teams, list):
        return data
    return {**data, "teams": [_team_ids_filled(t) for t in teams]}


def _team_ids_filled(team: Any) -> Any:
    """`team` with its id given to each of its fighters that leaves out `team`."""
    if not (isinstance(team, dict) and isinstance(team.get("fighters"), list) and "id" in team):
        return team
    return {**team, "fighters": [{**f, "team": team["id"]} if isinstance(f, dict) and "team" not in f else f
                                 for f in team["fighters"]]}


def fill_team_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Public form of the team-id filling, for scenario files."""
    return _with_team_ids(data)


def remove_fighter_for_good(path: str | Path, fighter_id: str) -> None:
    """R9.2: drop a fighter from its roster file for every later match, atomically; its sheet
    moves to the file's `struck_off` list, so the roster editor can show it as lost for good.

    The player's comments and layout are kept (`tomlkit` edits the file in place). The file is
    rewritten through a temporary file and `os.replace`, so a crash never leaves half a roster.
    Raises `FileProblem` when the file is no longer a roster (and writes nothing), `OSError`
    when it cannot be written.
    """
    p = Path(path)
    text = read_text(p)  # read and parsed once: a roster changed on disk meanwhile is never half taken
    data = toml_as(p, "teams", text)
    teams_from_data(p, _with_team_ids(data))  # still a roster (edited elsewhere since the match began?)
    data = _struck_off(data, fighter_id)
    kept = _struck_off_kept(text, fighter_id)
    # the edited text must read as exactly the data the plain rewrite writes; a layout tomlkit
    # edits otherwise loses its comments rather than a sheet
    write_atomic(p, kept if kept is not None and tomllib.loads(kept) == data else dump_toml(data))


def _struck_off(data: dict[str, Any], fighter_id: str) -> dict[str, Any]:
    """The roster's data with `fighter_id` moved from its team to `struck_off` (R9.2)."""
    struck = data.setdefault("struck_off", [])
    for team in data.get("teams", []):
        for f in team.get("fighters", []):
            if f.get("id") == fighter_id and all(s.get("id") != fighter_id for s in struck):
                struck.append({**f, "team": f.get("team", team.get("id"))})
        team["fighters"] = [f for f in team.get("fighters", []) if f.get("id") != fighter_id]
    if not struck:
        del data["struck_off"]
    return data


def _struck_off_kept(text: str, fighter_id: str) -> str | None:
    """`_struck_off` done on the file's text, its comments and layout kept; None when tomlkit
    cannot read it as tomllib did."""
    try:
        doc = tomlkit.parse(text)
    except tomlkit.exceptions.TOMLKitError:
        return None
    struck = doc.get("struck_off")
    known = {s.get("id") for s in struck} if struck is not None else set()
    for team in doc.get("teams", []):
        fighters = team.get("fighters", [])
        for i in reversed(range(len(fighters))):
            f = fighters[i]
            if f.get("id") != fighter_id:
                continue
            if fighter_id not in known:
                owner = f.get("team", team.get("id"))
                if struck is None:
                    struck = doc["struck_off"] = tomlkit.aot()
                inline = not isinstance(struck, tomlkit.items.AoT)  # written `struck_off = [...]`
                sheet = tomlkit.inline_table() if inline else tomlkit.table()
                for k, v in f.items():  # the sheet's own items: its inline tables stay inline
                    if k != "team":
                        sheet.add(k, v)
                    if k == "id":
                        sheet.add("team", owner)
                if not inline:
                    sheet.trivia.indent = "\n"  # a blank line before its header, as between fighters
                struck.append(sheet)
                known.add(fighter_id)
            del fighters[i]
    return tomlkit.dumps(doc)


def record_lost_for_good(path: str | Path, events: Iterable[Event]) -> list[str]:
    """R9.2: after a match whose teams came from the roster file `path`, remove every
    fighter named by a `LostForGood` event from that file (atomically, one by one).

    The scenario runner, the CLI and the window call this once the match is played;
    the rules core itself never touches files. Returns the ids removed.
    """
    removed: list[str] = []
    for e in events:
        if isinstance(e, LostForGood) and e.fighter not in removed:
            remove_fighter_for_good(path, e.fighter)
            removed.append(e.fighter)
    return removed


def dump_toml(data: dict[str, Any]) -> str:
    """A small TOML writer for our own data (tables, arrays of tables, scalars, lists)."""
    lines: list[str] = []
    _dump_table(data, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_scalar(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() and k.isascii() else _scalar(k)


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _dump_table(data: dict[str, Any], path: list[str], lines: list[str]) -> None:
    for k, v in data.items():
        if not isinstance(v, dict) and not _is_table_array(v):
            lines.append(f"{_key(k)} = {_scalar(v)}")
    for k, v in data.items():
        if isinstance(v, dict):
            lines.append("")
            lines.append("[" + ".".join(_key(p) for p in [*path, k]) + "]")
            _dump_table(v, [*path, k], lines)
        elif _is_table_array(v):
            for item in v:
                lines.append("")
                lines.append("[[" + ".".join(_key(p) for p in [*path, k]) + "]]")
                _dump_table(item, [*path, k], lines)
