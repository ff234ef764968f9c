"""Baseline players to measure the bot against (bench/bench_bots.py), built on the core's queries.

- `RandomPlayer`: each decision picks one open kind at random (walk, attack, push, jump,
  end of turn), then one of its legal uses at random.
- `GreedyPlayer`: attacks the target it most likely hurts when it can, else walks one
  square nearer (by path) to the nearest enemy, else ends its turn.

Both have the bot's `choose(state) -> Action` and only send what the queries call legal.
"""

from __future__ import annotations

import random

from arena_game.bots.navigation import UNREACHABLE, navigator_for
from arena_game.core.actions import Action, Attack, CircleSplit, EndTurn, Jump, Push, StandUp, Walk
from arena_game.core.queries import (
    attack_targets,
    halving_shares,
    jump_targets,
    open_action_kinds,
    push_options,
    walk_options,
)
from arena_game.core.state import MatchState

MAX_ACTIONS_PER_TURN = 8


class _Baseline:
    """What both baselines share: their generator, and the moves every turn starts with."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._turn: tuple[int, str] | None = None
        self._steps = 0

    def new_match(self) -> None:
        """Forget the turn being counted: a new match, or a rollout replaying turn serials
        already seen (`bots/rollouts.py`)."""
        self._turn, self._steps = None, 0

    def forced(self, state: MatchState) -> Action | None:
        """End a turn that has gone on too long (a safety net) or a finished match; a fallen
        fighter stands up first. None when the player chooses."""
        if state.split_pending is not None:  # R8.2 (never theirs: neither baseline swings in a circle)
            return CircleSplit(split=halving_shares(state.split_pending.total, len(state.split_pending.hit)))
        if self.tick(state) or state.over:
            return EndTurn()
        if "stand_up" in open_action_kinds(state):
            return StandUp()
        return None

    def tick(self, state: MatchState) -> bool:
        key = (state.turn_serial, state.active.id)
        if key != self._turn:
            self._turn, self._steps = key, 0
        self._steps += 1
        return self._steps > MAX_ACTIONS_PER_TURN


class RandomPlayer(_Baseline):
    """A random legal action, kind first (so ending the turn is one choice among the kinds)."""

    def choose(self, state: MatchState) -> Action:
        """One random legal action for the active fighter."""
        forced = self.forced(state)
        if forced is not None:
            return forced
        legal = open_action_kinds(state)
        me = state.active
        uses: dict[str, list[Action]] = {"end_turn": [EndTurn()]}
        if "walk" in legal:
            uses["walk"] = [Walk(to=sq) for sq, why in walk_options(state, me).items() if why is None]
        if "attack" in legal:
            uses["attack"] = [Attack(target=t.target) for t in attack_targets(state, me) if t.refusal is None]
        if "push" in legal:
            uses["push"] = [Push(target=o.target) for o in push_options(state, me)
                            if o.refusal is None and state.fighters[o.target].team != me.team]
        if "jump" in legal:
            uses["jump"] = [Jump(over=j.over) for j in jump_targets(state, me) if j.refusal is None]
        kinds = sorted(k for k, v in uses.items() if v)
        return self.rng.choice(uses[self.rng.choice(kinds)])


class GreedyPlayer(_Baseline):
    """Attack if possible (the best expected damage), else step toward the nearest enemy."""

    def choose(self, state: MatchState) -> Action:
        """Attack, else walk nearer, else end the turn."""
        forced = self.forced(state)
        if forced is not None:
            return forced
        legal = open_action_kinds(state)
        me = state.active
        if "attack" in legal:
            options = [t for t in attack_targets(state, me) if t.refusal is None and t.forecast is not None]
            if options:
                best = max(options, key=lambda t: (t.forecast.expected_damage if t.forecast else 0, self.rng.random()))
                return Attack(target=best.target)
        if "walk" in legal:
            nav = navigator_for(state.board)
            enemies = state.opponents_of(me)
            if enemies:
                def gap(sq: tuple[int, int]) -> int:
                    return min(nav.distance(sq, e.position) for e in enemies)
                here = gap(me.position)
                steps = [sq for sq, why in walk_options(state, me).items() if why is None]
                best_sq = min(steps, key=lambda sq: (gap(sq), self.rng.random()), default=None)
                if best_sq is not None and gap(best_sq) < min(here, UNREACHABLE):
                    return Walk(to=best_sq)
        return EndTurn()
