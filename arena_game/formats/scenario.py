"""Scenario files: one self-contained TOML file describing a situation and the actions
played in it (docs/scenarios.md). Tests, demos and bug reports are written as scenarios.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.core.actions import Action
from arena_game.core.board import Board
from arena_game.core.dice import ScriptedFaceError
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event
from arena_game.core.geometry import Square
from arena_game.core.match import Match, MatchSetup, NotRefused, ReplayFailed
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import Team
from arena_game.core.state import MatchState
from arena_game.formats.atomic import same_file
from arena_game.formats.file_kinds import toml_as, wrong_kind
from arena_game.formats.mapfile import board_from_data, load_map, shipped_maps_hint
from arena_game.formats.problems import (
    ACTIONS_ADAPTER,
    FileProblem,
    action_fault,
    face_problem,
    fault_words,
    keyed,
    validation_problem,
)
from arena_game.formats.rulesfile import load_rules, merge_rules
from arena_game.formats.safe_read import look_alike, read_text
from arena_game.formats.setupcheck import check_placements, check_turn_order
from arena_game.formats.strict import validate
from arena_game.formats.teamfile import fill_team_ids, load_teams, teams_from_data
from arena_game.i18n import LANGS, has
from arena_game.resources import default_teams_path, exists, find_map, is_file


class ScenarioFile(BaseModel):
    """The fields of a scenario file."""

    model_config = ConfigDict(extra="forbid")
    title: str = ""
    description: str = ""
    map: str | dict[str, Any]
    rules_file: str | None = None
    rules: dict[str, Any] = {}
    teams: str | list[dict[str, Any]] | None = None
    placements: dict[str, tuple[int, int]] = {}
    turn_order: list[str] | None = None
    seed: int = 0
    dice: list[Annotated[int, Field(ge=1)]] = []
    actions: list[dict[str, Any]] = []
    goal: dict[str, Any] | None = None  # tutorials: what the player must achieve
    caption: dict[str, str] = Field(default_factory=dict)  # demos: text per language


@dataclass
class Scenario:
    """A loaded scenario, ready to play."""

    path: Path
    spec: ScenarioFile
    board: Board
    settings: RulesSettings
    teams: list[Team]
    placements: dict[str, Square]
    actions: list[Action]
    expected_refusals: list[str | None] = field(default_factory=list)  # per action: a rule or None

    def setup(self) -> MatchSetup:
        """The match this scenario starts: its map, teams, placements, rules and dice."""
        return MatchSetup(
            board=self.board, teams=self.teams, placements=self.placements, seed=self.spec.seed,
            settings=self.settings, scripted=list(self.spec.dice), turn_order=self.spec.turn_order,
            map_path=self.spec.map if isinstance(self.spec.map, str) else None,
        )


@dataclass
class PlayResult:
    """What playing a scenario gave: events, final state, and the refusal that stopped it."""

    events: list[Event] = field(default_factory=list)
    state: MatchState | None = None
    error: FileProblem | None = None
    applied: int = 0
    refusal: IllegalAction | None = None  # the rules core's refusal behind `error`, for its words in a language


def check_text(path: Path, value: object, where: str) -> None:
    """A text of a file (a demo's `caption`, a lesson's goal and hints) written as a table:
    inline `{ fr = …, en = … }` in the game's languages, or `{ key = … }` naming a text of the
    catalog. A key the catalog lacks was shown on screen as the key itself (s50)."""
    if not isinstance(value, dict):
        return
    for name in value:
        if name != "key" and name not in LANGS:
            raise keyed(path, "text_not_language", field=f"{where}.{name}", known=", ".join(("key", *LANGS)))
    key = value.get("key")
    if key is not None and not (isinstance(key, str) and all(has(key, lang) for lang in LANGS)):
        raise keyed(path, "text_unknown_key", field=f"{where}.key", name=repr(key))


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file (map, rules, teams, placements, actions)."""
    p = Path(path)
    text = read_text(p)
    data = toml_as(p, "scenario", text)
    try:
        spec = validate(ScenarioFile, data)
    except ValidationError as e:
        if (other := wrong_kind(p, data, "scenario")) is not None:
            raise other from None  # a map, a teams or a rules file given as a scenario
        raise validation_problem(p, e, schema=ScenarioFile) from None
    check_text(p, spec.caption, "caption")
    base = p.parent
    settings = DEFAULT_SETTINGS
    if spec.rules_file is not None:  # "" names no file: refused, never read as "no rules file"
        with _named_by(p, "rules_file"):
            settings = load_rules(_not_itself(p, _rel(p, spec.rules_file, "rules_file"), "rules_file"))
    if spec.rules:
        settings = merge_rules(settings, p, spec.rules)
    if isinstance(spec.map, dict):
        # Placements may stand in for spawns: missing ones are reported with the placements.
        board = board_from_data(p, spec.map, text, settings.maps, key_prefix="map.", require_spawns=False)
    else:
        rel = base / spec.map
        map_path = rel if is_file(rel) else find_map(spec.map)
        if not is_file(map_path):
            map_path = _not_a_file(p, spec.map, "map", "scenario_no_map", shipped=True)
        with _named_by(p, "map"):
            board = load_map(_not_itself(p, map_path, "map"), settings.maps)
    if spec.teams is None:
        teams = load_teams(default_teams_path(), settings)
    elif isinstance(spec.teams, str):
        with _named_by(p, "teams"):
            teams = load_teams(_not_itself(p, _rel(p, spec.teams, "teams"), "teams"), settings)
    else:
        teams = teams_from_data(p, fill_team_ids({"teams": spec.teams}), settings)
    placements = _placements(p, spec, board, teams)
    if spec.turn_order is not None:
        check_turn_order(p, spec.turn_order, [f.id for t in teams for f in t.fighters])
    actions, expected = _checked_actions(p, spec.actions)
    return Scenario(p, spec, board, settings, teams, placements, actions, expected)


_RULE = re.compile(r"R[0-9]+(\.[0-9]+)?")  # ASCII digits (\d takes any script's), nothing after: fullmatch


def _checked_actions(p: Path, raw: list[dict[str, Any]]) -> tuple[list[Action], list[str | None]]:
    """The scenario's actions, checked all at once as a save's, and the rule each expects to
    refuse it (None: played); a fault is said of the first action at fault, its
    `expect_refused` before the action itself, as when each was checked in turn."""
    plain = [{k: v for k, v in a.items() if k != "expect_refused"} for a in raw]
    try:
        actions, together = validate(ACTIONS_ADAPTER, plain), None
    except ValidationError as e:
        actions, together = [], e
    expected: list[str | None] = []
    for i, a in enumerate(raw):
        expect = a.get("expect_refused")
        if expect is not None and not (isinstance(expect, str) and _RULE.fullmatch(expect)):
            raise keyed(p, "scenario_expect_rule", field=f"actions[{i}].expect_refused", found=repr(expect))
        if together is not None and (fault := action_fault(p, i, plain[i])) is not None:
            raise fault
        expected.append(expect)
    if together is not None:
        raise validation_problem(p, together, "actions")
    return actions, expected


@contextmanager
def _named_by(scenario: Path, key: str) -> Iterator[None]:
    """A fault in a file the scenario names is that file's, and the line says which scenario
    led there: `t.toml:1:5: TOML syntax error: … (read for `teams` of s.toml)`."""
    try:
        yield
    except FileProblem as e:
        if e.path == str(scenario):
            raise
        raise e.reached(fault_words("read_for", name=key, scenario=scenario.name)) from None


def _not_itself(scenario: Path, path: Path, key: str) -> Path:
    """`path`, unless it is the scenario file itself: read as a map, a teams or a rules file,
    its faults would name the scenario with no word of why (`name: required key is missing`)."""
    if same_file(scenario, path):
        raise keyed(scenario, "scenario_names_itself", field=key)
    return path


def _rel(scenario: Path, name: str, key: str) -> Path:
    """A file the scenario names: beside it, else from the current folder; missing is the scenario's fault."""
    for cand in (scenario.parent / name, Path(name)):
        if exists(cand) and not cand.is_dir():
            return cand
    return _not_a_file(scenario, name, key, "scenario_no_file")


def _not_a_file(scenario: Path, name: str, key: str, missing: str, shipped: bool = False) -> Path:
    """Why `name` (beside the scenario, else from the current folder) is no file to read: a
    folder is the scenario's fault, said as one; a name there that is no ordinary file (a
    pipe, a device, a link loop or a broken link) is returned for its loader to name what it
    is; else the scenario's `missing` fault, naming the nearest shipped map and the others when
    `shipped` and `name` is a bare name near one (a shipped map's, misspelt)."""
    if name:  # "" would be the folder itself: said as no file of that name
        for cand in (scenario.parent / name, Path(name)):
            try:
                if cand.is_dir():
                    raise keyed(scenario, "scenario_names_folder", field=key, name=repr(name))
                if os.path.lexists(cand):
                    return cand
            except (OSError, ValueError):  # a name too long, or holding a NUL: no file there
                continue
    twin = look_alike(scenario.parent / name)
    if not twin and shipped and len(Path(name).parts) == 1:
        twin = shipped_maps_hint(name, "scenario_shipped_close", None)
    raise keyed(scenario, missing, field=key, name=repr(name), twin=twin)


def _placements(p: Path, spec: ScenarioFile, board: Board, teams: list[Team]) -> dict[str, Square]:
    out: dict[str, Square] = {}
    check_placements(p, spec.placements, board, [f.id for t in teams for f in t.fighters])
    for fid, sq in spec.placements.items():
        out[fid] = (sq[0], sq[1])
    for slot, team in enumerate(teams, start=1):
        free = [s for s in board.spawns.get(str(slot), ()) if s not in out.values()]
        for f in team.fighters:
            if f.id in out:
                continue
            if not free:
                raise keyed(p, "scenario_no_spawn", field="placements", slot=slot, fighter=repr(f.id))
            out[f.id] = free.pop(0)
    return out


def _under_rules(scenario: Scenario, problem: FileProblem) -> FileProblem:
    """A scripted face off the die, or a refusal: the die's size or the rule's setting may
    come from the scenario's rules file, so the line names it too."""
    rules = scenario.spec.rules_file
    return problem.reached(fault_words("under_rules", file=rules)) if rules else problem


def play(scenario: Scenario) -> PlayResult:
    """Start the match and play every action (`Match.replay`); an action refused against
    the file's expectation stops the play with its reason, the events so far kept."""
    result = PlayResult()
    path = scenario.path
    try:
        match = Match.replay(scenario.setup(), scenario.actions, scenario.expected_refusals)
    except ReplayFailed as e:
        err, where = e.error, f"actions[{e.index}]"
        if isinstance(err, IllegalAction):
            expected = scenario.expected_refusals[e.index] if e.index < len(scenario.expected_refusals) else None
            if expected is None:
                problem = keyed(path, "scenario_refused", field=where, refusal=err)
            else:  # refused, but under another rule than the file expects: say both
                problem = keyed(path, "scenario_refused_other", field=where, refusal=err, rule=expected)
            result.error = _under_rules(scenario, problem)
            result.refusal = err
        elif isinstance(err, NotRefused):
            result.error = keyed(path, "scenario_not_refused", field=where, rule=err.rule)
        elif isinstance(err, ScriptedFaceError):
            result.error = _under_rules(scenario, face_problem(path, err, f"{where} (dice)"))
        else:  # never expected: the replay's own words
            result.error = FileProblem(path, str(err), field=where)
        match = e.match
        result.applied = e.index
    except IllegalAction as e:  # the set-up: placements or turn order the rules refuse
        result.error = _under_rules(scenario, keyed(path, "scenario_cannot_start", refusal=e))
        result.refusal = e
        return result
    except ScriptedFaceError as e:  # the initiative roll
        result.error = _under_rules(scenario, face_problem(path, e, "dice"))
        return result
    else:
        result.applied = len(scenario.actions)
    result.events = list(match.log)
    result.state = match.state
    return result
