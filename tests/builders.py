"""Tiny hand-written matches for rule tests: a grid string, fighters, scripted dice."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from arena_game.core import ScriptedDice, apply, start_match
from arena_game.core.geometry import Square
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import FighterSheet, Team
from arena_game.core.state import MatchState
from arena_game.formats.mapfile import board_from_data
from arena_game.formats.scenario import Scenario, load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.resources import maps_dir

COLOURS = ("#c0392b", "#2471a3", "#27ae60", "#8e44ad")


def tiny_board(grid: str, labyrinth: bool = False, legend: dict[str, Any] | None = None):
    """A board from a grid string (default legend); spawns are not required."""
    data = {"name": "test", "grid": grid.strip("\n"), "labyrinth": labyrinth, "legend": legend or {}}
    return board_from_data("test", data, None, require_spawns=False)


def random_rows(rng: random.Random, width: int, height: int, symbols: str) -> list[str]:
    """A random grid for property tests: each square a symbol drawn from `symbols` (repeat
    "." to weight the floor), row by row, square by square."""
    return ["".join(rng.choice(symbols) for _x in range(width)) for _y in range(height)]


def squares_of(rows: list[str], symbols: str = ".") -> list[Square]:
    """The squares of a grid whose symbol is one of `symbols` (floor by default), row by row."""
    return [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c in symbols]


def sheet(fid: str, team: str, **kw: Any) -> FighterSheet:
    """A fighter sheet with every number at 0 unless given (so rolls equal die faces)."""
    base: dict[str, Any] = {"id": fid, "name": fid.capitalize(), "team": team, "pv": 20}
    base.update(kw)
    return FighterSheet.model_validate(base)


def tiny_teams(fighters: dict[str, dict[str, Any]]) -> tuple[list[Team], dict[str, Square]]:
    """The teams (in order of first mention, coloured in turn) and the placements of `fighters`
    ({id: {"team": .., "at": (x, y), sheet fields…}})."""
    teams: dict[str, list[FighterSheet]] = {}
    placements: dict[str, Square] = {}
    for fid, spec in fighters.items():
        spec = dict(spec)
        team = spec.pop("team")
        placements[fid] = tuple(spec.pop("at"))
        teams.setdefault(team, []).append(sheet(fid, team, **spec))
    team_models = [
        Team(id=t, name=t.capitalize(), colour=COLOURS[i % len(COLOURS)], fighters=fs)
        for i, (t, fs) in enumerate(teams.items())
    ]
    return team_models, placements


def tiny_match(
    grid: str,
    fighters: dict[str, dict[str, Any]],
    faces: list[int] | None = None,
    order: list[str] | None = None,
    settings: RulesSettings = DEFAULT_SETTINGS,
    labyrinth: bool = False,
    legend: dict[str, Any] | None = None,
    seed: int = 0,
) -> tuple[MatchState, ScriptedDice]:
    """A match on `grid` with `fighters` ({id: {"team": .., "at": (x, y), sheet fields…}}).

    Turn order defaults to the order of `fighters`; `faces` are scripted dice faces.
    """
    board = tiny_board(grid, labyrinth=labyrinth, legend=legend)
    team_models, placements = tiny_teams(fighters)
    dice = ScriptedDice(list(faces or []), seed)
    state, _ = start_match(board, team_models, placements, settings, dice, order or list(fighters))
    return state, dice


def play(state: MatchState, dice: ScriptedDice, *actions: dict[str, Any]):
    """Apply actions in order; returns the final state and all events."""
    events = []
    for a in actions:
        state, evs = apply(state, a, dice)
        events.extend(evs)
    return state, events


def team_turns(state: MatchState, dice: ScriptedDice, bot: Any, most: int = 8) -> list[tuple[str, Any]]:
    """A bot's choices for the team playing now, each applied, in order till the other team's turn
    (at most `most`): who chose what."""
    team, acts = state.active.team, []
    while state.active.team == team and len(acts) < most:
        action = bot.choose(state)
        acts.append((state.active.id, action))
        state, _ = apply(state, action, dice)
    return acts


def fighter_turn(state: MatchState, dice: Any, bot: Any, most: int = 4) -> list[Any]:
    """A bot's choices for the fighter playing now, each applied, in order till its turn ends (at
    most `most`)."""
    fid, acts = state.active.id, []
    while state.active.id == fid and len(acts) < most:
        action = bot.choose(state)
        acts.append(action)
        state, _ = apply(state, action, dice)
    return acts


def types(events) -> list[str]:
    """The event types, in order."""
    return [e.type for e in events]


def steps(*squares) -> list[dict[str, Any]]:
    """One `run_step` action per square (the runner advances one square at a time, R4.1)."""
    return [{"kind": "run_step", "to": sq} for sq in squares]


def run(declared, *more) -> list[dict[str, Any]]:
    """A run's actions: declare `declared` and roll, then a step per declared square and per
    square of `more` (R4.1, R4.3)."""
    return [{"kind": "run_start", "declared": list(declared)}, *steps(*declared, *more)]


def write_tiled(folder: Path, doc: dict | str, name: str = "m.tmj", image: bool = True) -> Path:
    """A Tiled map file in `folder` beside copies of the shipped tilesets (and their image)."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("arena-tiles.tsj", "arena-tiles.tsx", *(("arena-tiles.png",) if image else ())):
        shutil.copy(maps_dir() / f, folder / f)
    p = folder / name
    p.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return p


def demo_steps() -> list[Scenario]:
    """The shipped demo's scenarios, in play order."""
    return [load_scenario(p) for p in ordered_files(demo_dir())]


def demo_step(part: str) -> Scenario:
    """The shipped demo scenario whose file name holds `part` (e.g. "tackle", "03-tackle.toml")."""
    return load_scenario(next(p for p in ordered_files(demo_dir()) if part in p.name))
