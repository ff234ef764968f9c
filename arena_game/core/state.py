"""Match state: plain data that changes as actions apply. No callables, no drawing.

The board and the rules settings are immutable and shared; `MatchState.clone()`
copies only what an action may change, so `apply` can work on a copy and leave the
caller's state untouched when an action is refused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal

from arena_game.core.board import Board
from arena_game.core.dice import DicePosition
from arena_game.core.geometry import Square
from arena_game.core.settings import RulesSettings
from arena_game.core.sheets import FighterSheet


@dataclass(slots=True)
class Modifier:
    """A bonus or malus on a fighter's rolls, until the end of one of their own turns (R0.5).

    `applies_to` is "all" (every roll), an attribute or skill key ("dexterite"), or
    "attack" (attack rolls only). It lasts while the fighter's `turns_taken` is below
    `expires_after`.
    """

    source: str
    rule: str
    applies_to: str
    value: int
    expires_after: int

    def clone(self) -> Modifier:
        """A copy (modifiers are changed in place when they expire or stack)."""
        return Modifier(self.source, self.rule, self.applies_to, self.value, self.expires_after)


@dataclass(slots=True)
class RunProgress:
    """A run (R4): declared squares, squares granted, path so far.

    After the roll the runner is still on their start square and advances one `run_step` at
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

    def clone(self) -> RunProgress:
        """A copy sharing nothing mutable (squares are tuples)."""
        c = object.__new__(RunProgress)
        c.declared = list(self.declared)
        c.granted = self.granted
        c.path = list(self.path)
        c.tackle_checked = list(self.tackle_checked)
        c.attacked = self.attacked
        c.finished = self.finished
        c.end_reason = self.end_reason
        c.data = copy.deepcopy(self.data) if self.data else {}
        return c

    @property
    def moved(self) -> int:
        """Squares moved so far."""
        return max(0, len(self.path) - 1)

    @property
    def squares_left(self) -> int:
        """Squares granted and not yet run: the malus of a stop or a tackle (R4.5–R4.7); 0
        before the roll."""
        return 0 if self.granted is None else max(0, self.granted - self.moved)


@dataclass(slots=True)
class TurnBudget:
    """What the active fighter has used this turn (R0.6)."""

    moved: Literal["walk", "run", "swim", "jump", "stand_up"] | None = None
    acted: bool = False
    move_spent: bool = False  # a failed flee/jump or finished run: no more moving
    acrobatics: bool = False  # R2.4: attacks this turn at −15
    fallen_at_start: bool = False  # R5.2: this turn is spent getting up
    run: RunProgress | None = None

    def clone(self) -> TurnBudget:
        """A copy sharing nothing mutable."""
        c = object.__new__(TurnBudget)
        c.moved = self.moved
        c.acted = self.acted
        c.move_spent = self.move_spent
        c.acrobatics = self.acrobatics
        c.fallen_at_start = self.fallen_at_start
        c.run = None if self.run is None else self.run.clone()
        return c


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
    mana_locked: bool = False  # R10.2: mana they cannot use for spells
    teleport_potions: int = 0
    modifiers: list[Modifier] = field(default_factory=list)
    turns_taken: int = 0  # own turns completed; modifier expiry counts these
    # The sheet's id and team, read on every rule and bot path: kept as plain fields (a
    # property cost more than most of what reads them). A fighter's sheet never changes.
    id: str = field(init=False, repr=False, compare=False)
    team: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.id = self.sheet.id
        self.team = self.sheet.team

    def clone(self) -> FighterState:
        """A copy sharing the (frozen) sheet, copying the modifiers."""
        c = object.__new__(FighterState)
        c.sheet = self.sheet
        c.id = self.id
        c.team = self.team
        c.position = self.position
        c.pv = self.pv
        c.mana = self.mana
        c.alive = self.alive
        c.fallen = self.fallen
        c.asleep_turns = self.asleep_turns
        c.mana_locked = self.mana_locked
        c.teleport_potions = self.teleport_potions
        c.modifiers = [m.clone() for m in self.modifiers] if self.modifiers else []
        c.turns_taken = self.turns_taken
        return c

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

    def clone(self) -> TeamState:
        """A copy with its own list of kills."""
        c = object.__new__(TeamState)
        c.id = self.id
        c.name = self.name
        c.colour = self.colour
        c.pr = self.pr
        c.taunt_success_done = self.taunt_success_done
        c.kills = list(self.kills)
        return c


@dataclass(frozen=True, slots=True)
class PendingSplit:
    """R8.2 with `combat.circle_split = "player"`: a circle attack rolled its damage and hit
    two fighters or more; the attacker's player now shares `total` among `hit` (in the
    declared order), and the match waits for that split (`CircleSplit`)."""

    attacker: str
    total: int
    hit: tuple[str, ...]
    location: str  # R8.3: the one hit location for all


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
    split_pending: PendingSplit | None = None  # R8.2: a circle attack's damage awaiting the player's split
    # where the dice stand after this state (set by `start_match` and `apply`): a state
    # alone is enough to go on playing with the very faces the match would have rolled
    dice: DicePosition | None = None
    # what `queries` worked out for this very state (`queries.memoised`); a clone starts with
    # none, since `apply` changes its clone: a state is read-only once it has been asked about
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False, metadata={"transient": True})

    def clone(self) -> MatchState:
        """A copy that shares the board, settings, sheets and dice position, copying the rest.

        `apply` clones the state for every action (bots play hundreds of thousands), so
        this is written out field by field; `tests/test_state_clone.py` fails when a field
        is added to any state class and not copied here.
        """
        c = object.__new__(MatchState)
        c.board = self.board
        c.settings = self.settings
        c.fighters = {k: f.clone() for k, f in self.fighters.items()}
        c.teams = {k: t.clone() for k, t in self.teams.items()}
        c.order = list(self.order)
        c.active_index = self.active_index
        c.round = self.round
        c.turn_serial = self.turn_serial
        c.budget = self.budget.clone()
        c.last_turn_serial = dict(self.last_turn_serial)
        c.winner = self.winner
        c.over = self.over
        c.lost_for_good = list(self.lost_for_good)
        c.suicide_pending = self.suicide_pending
        c.split_pending = self.split_pending  # frozen
        c.dice = self.dice  # frozen
        c.memo = {}
        return c

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

    def turns_to_come(self, fighter: FighterState, modifier: Modifier) -> int:
        """R0.5: how many of the fighter's next turns (or next rounds, by `turns.duration_clock`)
        the modifier still lasts through, the current one left out: the "for N turns" of the
        `ModifierAdded` that gave it, right after it was given; 0 while it lives only until the
        end of the current turn (round). The sheet and the log say the same number from it."""
        if self.settings.turns.duration_clock == "rounds":
            return max(0, modifier.expires_after - self.round)
        own_turn = bool(self.order) and not self.over and self.active.id == fighter.id
        return max(0, modifier.expires_after - fighter.turns_taken - (1 if own_turn else 0))

    def awake_opponents_of(self, fighter: FighterState) -> list[FighterState]:
        """Living opponents who are not asleep: a sleeper can do nothing (R10.1), so they
        neither hold a fighter in contact (R3) nor tackle a runner (R4.7)."""
        return [f for f in self.opponents_of(fighter) if f.asleep_turns == 0]

    def living_teams(self) -> list[str]:
        """Teams with at least one living fighter, in team order."""
        alive = {f.team for f in self.fighters.values() if f.alive}
        return [t for t in self.teams if t in alive]
