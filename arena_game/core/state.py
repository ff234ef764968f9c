"""Match state: plain data that changes as actions apply. No callables, no drawing.

The board and the rules settings are immutable and shared; `MatchState.clone()`
copies only what an action may change, so `apply` can work on a copy and leave the
caller's state untouched when an action is refused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal

from pydantic import BaseModel

from arena_game.core.board import Board
from arena_game.core.dice import DicePosition
from arena_game.core.geometry import Square
from arena_game.core.settings import RulesSettings
from arena_game.core.sheets import FighterSheet


@dataclass(slots=True)
class Modifier:
    """A bonus or malus on a fighter's rolls, until the end of one of its own turns (R0.5).

    `applies_to` is "all" (every roll), an attribute or skill key ("dexterite"), or
    "attack" (attack rolls only). It lasts while the fighter's `turns_taken` is below
    `expires_after`.
    """

    source: str
    rule: str
    applies_to: str
    value: int
    expires_after: int


@dataclass(slots=True)
class RunProgress:
    """A run (R4): declared squares, squares granted, path so far.

    After the roll the runner is still on its start square; it advances one `run_step` at
    a time, along `declared` first (R4.1). The run stays in the turn budget once it is
    over (`finished`), so its melee attack (R4.8) can still be made at its end: it is
    legal once a square is run, while not `attacked`, with bonus damage `moved`. A run
    that is not finished may go on (`run_step`) after a mid-run attack.
    """

    declared: list[Square]
    granted: int | None = None  # None until rolled (and after a failed flight, R3)
    path: list[Square] = field(default_factory=list)  # start square first
    tackle_checked: list[str] = field(default_factory=list)  # R4.7: once per opponent
    attacked: bool = False  # R4.8: one attack per run
    finished: bool = False  # no more squares: completed, stopped, tackled, flight failed
    end_reason: str | None = None  # the RunEnded reason once finished
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def moved(self) -> int:
        """Squares moved so far."""
        return max(0, len(self.path) - 1)


@dataclass(slots=True)
class TurnBudget:
    """What the active fighter has used this turn (R0.6)."""

    moved: Literal["walk", "run", "swim", "jump", "stand_up"] | None = None
    acted: bool = False
    move_spent: bool = False  # a failed flee/jump or finished run: no more moving
    acrobatics: bool = False  # R2.4: attacks this turn at −15
    fallen_at_start: bool = False  # R5.2: this turn is spent getting up
    run: RunProgress | None = None


@dataclass(slots=True)
class FighterState:
    """What changes about a fighter during a match."""

    sheet: FighterSheet
    position: Square
    pv: int
    mana: int
    alive: bool = True
    fallen: bool = False  # R5.2
    asleep_turns: int = 0  # R10.1: own turns left to sleep
    mana_locked: bool = False  # R10.2: mana it cannot use for spells
    teleport_potions: int = 0
    modifiers: list[Modifier] = field(default_factory=list)
    turns_taken: int = 0  # own turns completed; modifier expiry counts these

    @property
    def id(self) -> str:
        """The fighter's id (from its sheet)."""
        return self.sheet.id

    @property
    def team(self) -> str:
        """The fighter's team id."""
        return self.sheet.team

    def status(self) -> str:
        """One word for the UI and JSON: ok, fallen, asleep, dead."""
        if not self.alive:
            return "dead"
        if self.asleep_turns > 0:
            return "asleep"
        if self.fallen:
            return "fallen"
        return "ok"


@dataclass(slots=True)
class TeamState:
    """Per-team totals: renown (PR, R7.3, R11) and kills."""

    id: str
    name: str
    colour: str
    pr: int = 0
    taunt_success_done: bool = False  # R7.3: first successful taunt earns PR once
    kills: list[tuple[str, int]] = field(default_factory=list)  # (victim, turn serial)


@dataclass(slots=True)
class MatchState:
    """A match: board, rules, fighters, turn order and the active turn."""

    board: Board
    settings: RulesSettings
    fighters: dict[str, FighterState]  # in sheet order
    teams: dict[str, TeamState]
    order: list[str] = field(default_factory=list)
    active_index: int = 0
    round: int = 1
    turn_serial: int = 0  # counts every turn started in the match
    budget: TurnBudget = field(default_factory=TurnBudget)
    last_turn_serial: dict[str, int] = field(default_factory=dict)  # fighter → serial
    winner: str | None = None
    over: bool = False
    lost_for_good: list[str] = field(default_factory=list)  # R9.2
    suicide_pending: str | None = None  # R9.2: a suicide awaiting the opponents' verdict
    # where the dice stand after this state (set by `start_match` and `apply`): a state
    # alone is enough to go on playing with the very faces the match would have rolled
    dice: DicePosition | None = None

    def clone(self) -> MatchState:
        """A copy that shares the board, settings and sheets, copying the rest."""
        clone: MatchState = _duplicate(self)
        return clone

    @property
    def active(self) -> FighterState:
        """The fighter whose turn it is."""
        return self.fighters[self.order[self.active_index]]

    def fighter_at(self, sq: Square) -> FighterState | None:
        """The living fighter standing on `sq`, if any."""
        for f in self.fighters.values():
            if f.alive and f.position == sq:
                return f
        return None

    def occupied(self) -> dict[Square, str]:
        """Squares of living fighters → fighter id."""
        return {f.position: f.id for f in self.fighters.values() if f.alive}

    def opponents_of(self, fighter: FighterState) -> list[FighterState]:
        """Living fighters of other teams."""
        return [f for f in self.fighters.values() if f.alive and f.team != fighter.team]

    def turns_left(self, fighter: FighterState, modifier: Modifier) -> int:
        """How many more turn ends (own turns, or rounds, by `turns.duration_clock`) the
        modifier lives through, the current one included."""
        if self.settings.turns.duration_clock == "rounds":
            return modifier.expires_after - (self.round - 1)
        return modifier.expires_after - fighter.turns_taken

    def awake_opponents_of(self, fighter: FighterState) -> list[FighterState]:
        """Living opponents that are not asleep: a sleeper can do nothing (R10.1), so it
        neither holds a fighter in contact (R3) nor tackles a runner (R4.7)."""
        return [f for f in self.opponents_of(fighter) if f.asleep_turns == 0]

    def living_teams(self) -> list[str]:
        """Teams with at least one living fighter, in team order."""
        alive = {f.team for f in self.fighters.values() if f.alive}
        return [t for t in self.teams if t in alive]


# -- cloning ----------------------------------------------------------------------------
# `apply` clones the state for every action, so this is a hot path (bot simulations play
# hundreds of thousands of actions). A generic walk over the dataclass fields copies every
# list, dict and dataclass (new fields are covered without touching this code) while
# sharing what never changes: numbers, strings, squares, frozen pydantic models (sheets,
# settings) and the board. It is about five times faster than `copy.deepcopy`.

_ATOMIC: frozenset[type] = frozenset({int, str, bool, float, type(None), Board, DicePosition})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _duplicate(value: Any) -> Any:
    """A copy of `value` that shares nothing mutable with it."""
    t: type = type(value)
    if t in _ATOMIC:
        return value
    if t is tuple:
        if all(type(x) in _ATOMIC for x in value):
            return value
        return tuple(_duplicate(x) for x in value)
    if t is list:
        return [_duplicate(x) for x in value]
    if t is dict:
        return {k: _duplicate(v) for k, v in value.items()}
    names = _FIELD_NAMES.get(t)
    if names is None and is_dataclass(value):
        names = _FIELD_NAMES[t] = tuple(f.name for f in fields(value))
    if names is not None:
        out: Any = object.__new__(t)
        for name in names:
            object.__setattr__(out, name, _duplicate(getattr(value, name)))
        return out
    if isinstance(value, BaseModel) and value.model_config.get("frozen"):
        return value  # immutable: sheets, settings, weapons
    return copy.deepcopy(value)
