"""Play a whole bot-vs-bot match and keep what a balance report needs.

A match always ends: by the last team standing (R0.7) or, as a draw, at the round cap.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena_game.bots.brain import Bot
from arena_game.core import match as core_match
from arena_game.core.board import Board
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import Team
from arena_game.core.spawns import TooFewSpawns, assign_spawns
from arena_game.core.state import MatchState

DEFAULT_ROUND_CAP = 40


class SetupProblem(ValueError):
    """The map cannot host these teams (too few spawn slots or squares): the catalog's
    `file_fault.<key>` with `params`, said by whoever shows it (`formats.problems.keyed_fault`)."""

    def __init__(self, key: str, **params: object) -> None:
        from arena_game.formats.problems import fault

        self.key, self.params = key, params
        super().__init__(fault(key, **params)[0])  # the English words, as the terminal says them


@dataclass(frozen=True)
class MatchSetup:
    """What every match of a series shares: map, teams, rules and the round cap."""

    board: Board
    teams: tuple[Team, ...]
    settings: RulesSettings = DEFAULT_SETTINGS
    round_cap: int = DEFAULT_ROUND_CAP
    bot_level: str = "strong"  # the level of the bots playing every side (bots.brain.LEVELS; `simulate` and `sweep` default to it too)

    def slots(self) -> list[str]:
        """The spawn slots the teams use: the map's first ones, in number order."""
        keys = sorted(self.board.spawns, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
        if len(keys) < len(self.teams):
            raise SetupProblem("setup_few_slots", map=repr(self.board.name), n=len(keys), teams=len(self.teams))
        return keys[: len(self.teams)]

    def slot_assignment(self, index: int) -> dict[str, str]:
        """Team → spawn slot for match `index`: the teams rotate through the sides."""
        slots = self.slots()
        n = len(slots)
        return {t.id: slots[(k + index) % n] for k, t in enumerate(self.teams)}

    def sheet_order(self, index: int) -> list[Team]:
        """The teams in sheet order for match `index` (R0.5: it breaks initiative ties).

        It rotates one step per full turn of the sides, so over n² matches every team
        is listed first equally often on every side.
        """
        n = len(self.teams)
        shift = (index // n) % n
        return list(self.teams[shift:] + self.teams[:shift])

    def check(self) -> None:
        """Raise SetupProblem when some side has fewer spawn squares than its team's fighters."""
        slots = self.slots()
        biggest = max(len(t.fighters) for t in self.teams)
        for s in slots:
            have = len(self.board.spawns.get(s, ()))
            if have < biggest:
                raise SetupProblem("setup_few_squares", slot=s, map=repr(self.board.name), n=have, size=biggest)


def spawn_placements(board: Board, teams: Sequence[Team], slots: Mapping[str, str], rng: random.Random,
                     assignment: str = "shuffled") -> dict[str, Square]:
    """Each team's fighters on its slot's spawn squares (`core.spawns`, `maps.spawn_assignment`)."""
    try:
        return assign_spawns(board, teams, slots, rng, assignment)
    except TooFewSpawns as e:
        raise SetupProblem("setup_slot_short", slot=e.slot, team=repr(e.team.id)) from None


@dataclass
class MatchRecord:
    """The outcome of one match and what happened in it, as plain data."""

    index: int
    seed: int
    slots: dict[str, str]  # team → spawn slot
    winner: str | None
    rounds: int
    capped: bool
    first_contact: int | None
    deaths: list[dict[str, Any]] = field(default_factory=list)
    incidents: dict[str, int] = field(default_factory=dict)
    stood: list[int] = field(default_factory=list)  # per cell: fighter turns ended there
    stood_by_slot: dict[str, list[int]] = field(default_factory=dict)  # the same, per spawn side
    placements: dict[str, Square] = field(default_factory=dict)  # fighter → starting square
    died: list[int] = field(default_factory=list)  # per cell: deaths there
    refused: list[str] = field(default_factory=list)  # bot actions the engine refused (a bug)
    actions: int = 0

    @property
    def winner_slot(self) -> str | None:
        """The spawn slot of the winning team."""
        return self.slots.get(self.winner) if self.winner else None


_INCIDENT_EVENTS = {
    "tackled": "tackles", "pushed": "pushes", "push_failed": "failed pushes", "fell": "falls",
    "taunted": "taunts", "teleported": "teleports", "jump_attempted": "jumps",
    "run_started": "runs", "swim_rolled": "swims",
}


def match_seed(series_seed: int, index: int) -> int:
    """The seed of match `index` in a series: a function of both, whatever the worker count."""
    return random.Random(f"arena-sim:{series_seed}:{index}").getrandbits(63)


def opening(setup: MatchSetup, seed: int, index: int = 0) -> tuple[core_match.Match, dict[str, Square], random.Random]:
    """Match `index` of a series set up from its `seed`: the core match at its start, the
    fighters' placements, and the generator left after the draws (the bots' seeds come next)."""
    rng = random.Random(seed)
    placements = spawn_placements(setup.board, setup.teams, setup.slot_assignment(index), rng,
                                  setup.settings.maps.spawn_assignment)
    dice_seed = rng.getrandbits(63)
    match = core_match.Match(core_match.MatchSetup(setup.board, setup.sheet_order(index), placements, dice_seed, setup.settings))
    return match, placements, rng


def play_bot_match(
    setup: MatchSetup,
    seed: int,
    index: int = 0,
    bots: Mapping[str, Bot] | None = None,
) -> MatchRecord:
    """Play match `index` of a series to its end with bots on every side."""
    board = setup.board
    slots = setup.slot_assignment(index)
    match, placements, rng = opening(setup, seed, index)
    if bots is None:
        bots = {t.id: Bot.at_level(setup.bot_level, random.Random(rng.getrandbits(63))) for t in setup.teams}
    state = match.state
    cells = board.width * board.height
    rec = MatchRecord(
        index=index, seed=seed, slots=dict(slots), winner=None, rounds=0, capped=False,
        first_contact=None, stood=[0] * cells, died=[0] * cells, placements=dict(placements),
    )
    team_of = {f.id: f.team for f in state.fighters.values()}
    budget = setup.round_cap * len(state.fighters) * 24  # hard stop for a runaway loop
    while not state.over and state.round <= setup.round_cap and rec.actions < budget:
        active = state.active
        action = bots[active.team].choose(state)
        try:
            events = match.play(action)
        except IllegalAction as e:
            rec.refused.append(f"round {state.round} {active.id} {action.kind}: {e}")
            events = match.play({"kind": "end_turn"})
        state = match.state
        rec.actions += 1
        _note(rec, state, events, active.id, team_of, board.width)
        if rec.first_contact is None and _in_contact(state, active.id):
            rec.first_contact = state.round
    rec.winner = state.winner if state.over else None
    rec.capped = not state.over
    rec.rounds = min(state.round, setup.round_cap)
    return rec


def _in_contact(state: MatchState, fid: str) -> bool:
    f = state.fighters[fid]
    return f.alive and any(chebyshev(f.position, o.position) == 1 for o in state.opponents_of(f))


def _note(rec: MatchRecord, state: MatchState, events: list[Any], fid: str, team_of: dict[str, str], width: int) -> None:
    last_attack_mode: dict[str, str] = {}
    for ev in events:
        t = ev.type
        if t == "turn_ended":
            f = state.fighters[ev.fighter]
            if f.alive:
                x, y = f.position
                rec.stood[y * width + x] += 1
                side = rec.slots.get(f.team)
                if side is not None:
                    rec.stood_by_slot.setdefault(side, [0] * len(rec.stood))[y * width + x] += 1
        elif t == "attacked":
            last_attack_mode[ev.target] = ev.mode
            if rec.first_contact is None:
                rec.first_contact = state.round
        elif t == "died":
            cause = ev.cause
            if cause == "attack":
                mode = last_attack_mode.get(ev.fighter, "weapon")
                cause = {"run": "run attack", "circle": "circle attack"}.get(mode, "attack")
            elif cause == "push_into_hazard":
                cause = "push into hazard"
            x, y = ev.at
            if 0 <= x < width and 0 <= y * width + x < len(rec.died):
                rec.died[y * width + x] += 1
            rec.deaths.append({
                "fighter": ev.fighter, "team": team_of.get(ev.fighter), "cause": cause,
                "by": ev.by, "at": [x, y], "round": state.round,
            })
        if t in _INCIDENT_EVENTS:
            key = _INCIDENT_EVENTS[t]
            rec.incidents[key] = rec.incidents.get(key, 0) + 1
            if t in ("pushed", "push_failed", "tackled") and rec.first_contact is None:
                rec.first_contact = state.round
