"""Rollouts for the `deep` level: the best few candidates, after the replies' reranking
(`bots/lookahead.py`), each played forward with the core's `what_if` query and fresh seeded dice
to the start of the fighter's next turn, both teams driven by light play-outs (the greedy
baseline: the likeliest hurt if an attack is open, else a step nearer the nearest enemy), and
scored by what is left of each team (each living fighter's PV and a fixed worth for being alive).
The greedy policy makes the level as strong as play-outs by the `fast` level did (74.9% against
greedy on the maze over 2,000 matches, 75–76.5% before) at less than half their CPU
(docs/bots.md "Light play-outs").

The same dice seeds serve every candidate (their differences are the candidates', not the
dice's), drawn from the bot's own generator: the same seed and the same match give the same
choices. Rollouts are played only with an enemy near (the far walk to the fight is the
one-ply scores' business) and cost about 15 times the strong level's CPU (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from arena_game.bots.baselines import GreedyPlayer
from arena_game.core.actions import Action, EndTurn
from arena_game.core.dice import Dice, SeededDice
from arena_game.core.errors import IllegalAction
from arena_game.core.queries import what_if
from arena_game.core.state import MatchState

if TYPE_CHECKING:
    from arena_game.bots.context import Context
    from arena_game.bots.plans import Plan

CANDIDATES = 3  # the best plans played forward
WEIGHT = 0.3  # how much one point of PV left after the round counts beside a plan's score
NEAR = 10  # path squares: with no enemy nearer, no rollout
ALIVE_WORTH = 8  # a living fighter is worth this on top of its PV
MAX_ACTIONS = 400  # a rollout's safety net (a round is a few dozen actions)


class Policy(Protocol):
    """A player driving one team in the play-outs."""

    def choose(self, state: MatchState) -> Action: ...

    def new_match(self) -> None: ...


def material(state: MatchState, team: str) -> float:
    """What is left of `team` against the others: each living fighter's PV plus ALIVE_WORTH,
    the enemies' taken off."""
    total = 0.0
    for f in state.fighters.values():
        if f.alive:
            worth = f.pv + ALIVE_WORTH
            total += worth if f.team == team else -worth
    return total


def play_out(state: MatchState, action: Action, seed: int, policy: dict[str, Policy]) -> float | None:
    """`action` for the active fighter, then every fighter by its team's `policy` bot until the
    same fighter's next turn starts (or the match ends); the material then, None when the core
    refuses `action`."""
    me = state.active
    dice = SeededDice(seed)
    try:
        now = what_if(state, action, dice)
    except IllegalAction:
        return None
    for bot in policy.values():
        bot.new_match()  # their memory of turns and routes is keyed by turn serials that repeat here
    return material(play_on(now, dice, policy, until=(me.id, state.turn_serial)), me.team)


def play_on(state: MatchState, dice: Dice, policy: Mapping[str, Policy], until: tuple[str, int] | None = None,
            round_cap: int | None = None, max_actions: int = MAX_ACTIONS) -> MatchState:
    """Every fighter played by its team's `policy` from `state` with `dice`, until the match
    ends, the round passes `round_cap`, or (with `until`) the fighter `until[0]` starts a turn
    other than turn serial `until[1]`; at most `max_actions` actions (a safety net)."""
    now = state
    for _ in range(max_actions):
        if now.over or (round_cap is not None and now.round > round_cap):
            break
        if until is not None and now.active.id == until[0] and now.turn_serial != until[1]:
            break
        step = policy[now.active.team].choose(now)
        try:
            now = what_if(now, step, dice)
        except IllegalAction:  # never expected (the bots send what the queries allow): the turn ends
            now = what_if(now, EndTurn(), dice)
    return now


def rerank(ctx: Context, plans: list[Plan], rollouts: int) -> list[Plan]:
    """The CANDIDATES best plans scored again with the mean material of `rollouts` play-outs
    each; the others stay below them."""
    # From round 20 on (the caution faded, `Context.late`) no rollout: two sides that weigh the
    # next round wait for each other in a maze's corridors, and the match meets the round cap.
    if len(plans) <= 1 or not ctx.enemies or ctx.late <= 0:
        return plans
    w = ctx.nav.width
    here = ctx.nav.field(ctx.me.position)
    if min(here[e.position[1] * w + e.position[0]] for e in ctx.enemies) > NEAR:
        return plans
    ranked = sorted(plans, key=lambda p: -p.score)
    head, tail = ranked[:CANDIDATES], ranked[CANDIDATES:]
    seeds = [ctx.bot.rng.getrandbits(63) for _ in range(rollouts)]
    policy = ctx.bot.rollout_policy(ctx.state)
    out = []
    for p in head:
        results = [play_out(ctx.state, p.action, seed, policy) for seed in seeds]
        if any(r is None for r in results):
            continue  # the core refuses it: not a candidate
        out.append(replace(p, score=p.score + WEIGHT * sum(r for r in results if r is not None) / rollouts))
    if not out:
        return plans
    lowest = min(p.score for p in out)
    return out + [replace(p, score=lowest - 1 - 1e-3 * i) for i, p in enumerate(tail)]


def policy_bots(teams: list[str], seed: int) -> dict[str, Policy]:
    """One greedy player per team to play the rollouts: light play-outs, about 2.5 times cheaper
    than the `fast` level's and as good a guide over one round (docs/bots.md)."""
    return {team: GreedyPlayer(random.Random(f"arena-rollout:{seed}:{team}")) for team in teams}
