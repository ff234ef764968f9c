"""Runs for the bot (R4), planned on the core's exact run queries.

Before the roll, `run_probability_map` (with tackles, R4.7) gives the chance of reaching
each square this turn; the bot weighs the best destinations by that chance against the
value of staying short, and declares (R4.1) the legal squares (`declared_options`) that
lead there, checking the declaration's own chance. After the roll, `run_reach` and
`run_route` give where the squares left can take it; it runs to the best, strikes
(R4.8) when an enemy is beside it, and stops (R4.5) when nothing better is in reach.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from arena_game.bots.plans import Plan
from arena_game.core.actions import EndTurn, RunAttack, RunStart, RunStep, RunStop
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.queries import (
    declared_options,
    run_attack_ahead,
    run_attack_targets,
    run_distribution,
    run_next_squares,
    run_probability_map,
    run_reach,
    run_route,
    run_step_refusal,
)
from arena_game.core.state import FighterState, RunProgress

if TYPE_CHECKING:
    from arena_game.bots.brain import Bot
    from arena_game.bots.context import Context
    from arena_game.core.state import MatchState

RUN_MIN_DISTANCE = 3  # closer than this, a walk and a full action do better
STOP_COST_PER_SQUARE = 0.5  # R4.5: squares left become a malus on every roll for a turn
SHORT_COST = 0.6  # a roll too short for the destination: a square or two gained, a malus risked
END_TURN, RUN_STOP = EndTurn(), RunStop()  # frozen values, shared by every decision
DESTINATIONS = 2  # destinations whose declaration is built and checked
RUN_SQUARES_VALUED = 16  # squares in run reach valued before choosing the destination


@lru_cache(maxsize=8192)
def run_step_to(sq: Square) -> RunStep:
    """The run step to `sq` (a frozen value, one per square)."""
    return RunStep(to=sq)


def _plan(score: float, action: object, why: str, family: str, **kw: object) -> Plan:
    return Plan(score, action, why, family, **kw)  # type: ignore[arg-type]


def run_plans(ctx: Context) -> list[Plan]:
    """R4: runs that bring the fighter near its target when it is far (R4.1, R4.2, R4.7, R4.8)."""
    if "run_start" not in ctx.legal or ctx.target is None or ctx.fleeing:
        return []
    state, me = ctx.state, ctx.me
    if ctx.nav.distance(me.position, ctx.target.position) < RUN_MIN_DISTANCE:
        return []
    melee = not me.sheet.weapon.family.ranged
    wait = ctx.style.wait_coming
    # Enemies closing in come anyway: a run that does not strike (R4.8) would only bring the
    # runner into their reach first and ahead of its friends; it walks, or runs to strike.
    strike_only = bool(wait) and ctx.late > 0 and any(
        e.id in ctx.bot.coming and ctx.nav.distance(me.position, e.position) <= wait for e in ctx.enemies)
    # With the whole enemy team near, only a run that strikes pays (`BotStyle.strike_runs`): a
    # blade runs when its best destination, weighed with every other, is beside an enemy; a bow walks.
    reach = ctx.style.strike_runs
    to_strike = bool(reach) and all(ctx.nav.distance(me.position, e.position) < reach for e in ctx.enemies)
    if (strike_only or to_strike) and not melee:
        return []
    malus = state.settings.run.attack_malus
    if ctx.style.direct_runs:
        return _direct_run(ctx, melee, malus)
    chances = run_probability_map(state, me, count_tackles=True)
    if not chances:
        return []
    short = ctx.value(me.position, can_act=False) - SHORT_COST
    worth: dict[Square, float] = {}
    scored = []
    # Only the squares nearest the target are worth valuing (the value's main term is that distance;
    # `nsmallest` gives what sorting all of them and keeping the first would).
    field = ctx.closing.goal_field()
    w = ctx.nav.width
    squares: Iterable[Square] = chances
    if melee and engaged(ctx):
        fresh = fresh_enemies(ctx)
        if fresh:  # no run ends beside an enemy it may strike only at −8 (`BotStyle.engaged_runs`)
            squares = [sq for sq in chances if not any(chebyshev(sq, e.position) == 1 for e in fresh)]
    if strike_only:
        near = heapq.nsmallest(RUN_SQUARES_VALUED, (sq for sq in squares if any(
            chebyshev(sq, e.position) == 1 for e in ctx.enemies)), key=lambda sq: (field[sq[1] * w + sq[0]], sq))
    else:
        near = heapq.nsmallest(RUN_SQUARES_VALUED, squares, key=lambda sq: (field[sq[1] * w + sq[0]], sq))
    for sq in near:
        chance = chances[sq]
        v = worth[sq] = ctx.value(sq, can_act=melee, attack_malus=malus, reach=1, force=melee)
        scored.append((float(chance) * v + (1 - float(chance)) * short, sq))
    scored.sort(key=lambda t: (-t[0], t[1]))
    plans = []
    for rank, (screened, dest) in enumerate(scored[:DESTINATIONS]):
        decl = _declaration(ctx, dest)
        if not decl:
            continue
        score = screened
        if ctx.style.run_checks and (ctx.style.lookahead or rank):  # the strong level checks the declaration's own chance
            p = float(run_probability_map(state, me, count_tackles=True, declared=decl).get(dest, 0))
            there = worth[dest] - (_forced_left(ctx, decl, dest) if ctx.style.forced_runs else 0.0)
            score = p * there + (1 - p) * short
        plans.append(_plan(score, RunStart(declared=decl), f"run to {dest} (R4)", "run", end=dest))
    if to_strike:
        return [p for p in plans if p.end is not None and any(chebyshev(p.end, e.position) == 1 for e in ctx.enemies)]
    return plans


def engaged(ctx: Context) -> bool:
    """`BotStyle.engaged_runs` holds this turn: switched on, its clock (`engaged_until`) has
    not run out, and (`engaged_maze`) the map is a labyrinth."""
    st = ctx.style
    return st.engaged_runs and (not st.engaged_until or ctx.state.round < st.engaged_until) and (
        not st.engaged_maze or ctx.state.board.labyrinth)


def fresh_enemies(ctx: Context) -> list[FighterState]:
    """`BotStyle.engaged_runs`: the enemies a run should not strike at R4.8's −8: none of the
    fighter's friends stands beside them, and one hit of its weapon does not likely kill them
    (its mean damage is below their PV)."""
    others = [f.position for f in ctx.friends if f.id != ctx.me.id]
    damage = ctx.bot.hit_damage(ctx.state, ctx.me)
    return [e for e in ctx.enemies if e.pv > damage and not any(chebyshev(p, e.position) == 1 for p in others)]


def _forced_left(ctx: Context, decl: list[Square], dest: Square) -> float:
    """`BotStyle.forced_runs`: what the squares the roll grants past `dest` cost, on average
    over the rolls that reach it, when `dest` is a declared square with no square beyond it
    (R4.6: a forced stop, 1 point a square on every roll for `run.forced_stop_turns` turns;
    a corridor's last square before the enemy it strikes). After the roll `continue_run`
    charges that cost (`_stop_cost`), and a run declared to strike there stopped where it
    started, its squares left a malus (R4.5) within the enemy's reach (docs/bots.md,
    "Blows across a corridor's bend"); 0 where the run may go on."""
    if dest not in decl:
        return 0.0
    steps = decl.index(dest) + 1
    state, me = ctx.state, ctx.me
    if run_next_squares(state, me, RunProgress(declared=list(decl), path=[me.position, *decl[:steps]])):
        return 0.0
    odds = run_distribution(state, me)
    reach = sum(float(p) for k, p in odds.items() if k >= steps)
    if reach <= 0:
        return 0.0
    left = sum(float(p) * (k - steps) for k, p in odds.items() if k > steps) / reach
    return left * max(1, state.settings.run.forced_stop_turns) * _per_square(ctx, dest)


def _direct_run(ctx: Context, melee: bool, malus: int) -> list[Plan]:
    """`BotStyle.direct_runs`: one declaration, along the shortest way to the target, weighed
    by its own exact chances (`run_probability_map` with the declared squares): the squares
    nearest the target, each by the chance of reaching it."""
    assert ctx.target is not None
    state, me = ctx.state, ctx.me
    decl = _declaration(ctx, ctx.target.position)
    if not decl:
        return []
    chances = run_probability_map(state, me, count_tackles=True, declared=decl)
    if not chances:
        return []
    short = ctx.value(me.position, can_act=False) - SHORT_COST
    field = ctx.nav.field(ctx.target.position)
    w = ctx.nav.width
    near = heapq.nsmallest(ctx.style.run_squares or RUN_SQUARES_VALUED, chances,
                           key=lambda sq: (field[sq[1] * w + sq[0]], sq))
    scored = []
    for sq in near:
        p = float(chances[sq])
        v = ctx.value(sq, can_act=melee, attack_malus=malus, reach=1, force=melee)
        scored.append((p * v + (1 - p) * short, sq))
    score, dest = min(scored, key=lambda t: (-t[0], t[1]))
    return [_plan(score, RunStart(declared=decl), f"run to {dest} (R4)", "run", end=dest)]


def _declaration(ctx: Context, dest: Square) -> list[Square]:
    """The legal declared squares (R4.1, R4.4) that follow the shortest way to `dest`."""
    state, me = ctx.state, ctx.me
    field = ctx.nav.field(dest)
    w = ctx.nav.width
    decl: list[Square] = []
    for _ in range(state.settings.run.declared_squares):
        found = declared_options(state, decl, me)
        if not found and decl:
            break  # nothing may be declared further: a short declaration is legal (R4.1)
        opts = [sq for sq, why in found.items() if why is None]
        if not opts:
            return []  # only squares that would stop the run (R4.6): no such declaration
        prev = decl[-1] if decl else me.position
        decl.append(min(opts, key=lambda sq: (field[sq[1] * w + sq[0]], chebyshev(sq, dest), sq != _ahead(decl, me.position, prev), sq)))
    return decl


def _ahead(decl: list[Square], start: Square, prev: Square) -> Square:
    """The square straight ahead of the last declared step (keeps runs straight on ties)."""
    before = decl[-2] if len(decl) > 1 else start
    return (2 * prev[0] - before[0], 2 * prev[1] - before[1])


def continue_run(ctx: Context) -> list[Plan]:
    """The run under way: strike (R4.8), run on toward the best square in reach (R4.3), or stop (R4.5)."""
    state, me = ctx.state, ctx.me
    run = state.budget.run
    assert run is not None
    plans: list[Plan] = []
    left = 0 if run.finished else run.squares_left
    stop_cost = _per_square(ctx, me.position) * left
    can_strike = "run_attack" in ctx.legal and not run.attacked
    malus = state.settings.run.attack_malus
    here = ctx.value(me.position, can_act=False)
    if can_strike and any(chebyshev(e.position, me.position) == 1 for e in ctx.enemies):
        from arena_game.bots.options import damage_worth

        fresh = {e.id for e in fresh_enemies(ctx)} if engaged(ctx) else set()
        for t in run_attack_targets(state, me):
            if t.refusal is not None or t.forecast is None or t.target in fresh:
                continue
            target = state.fighters[t.target]
            fc = t.forecast
            hit = float(fc.hit)
            gain = damage_worth(ctx, target, hit * float(fc.counted_mean), float(fc.kill))
            plans.append(_plan(here + gain - stop_cost * 0.5, RunAttack(target=t.target), "run attack (R4.8)",
                               "run_attack", hits={t.target: (hit, float(fc.expected_damage) / hit if hit else 0.0,
                                                             float(fc.kill) / hit if hit else 0.0)}))
    if "run_step" in ctx.legal and left > 0:
        # the squares further on are worth the blow struck from them while the run's attack is
        # still to come: before its first square the attack is not open yet (R4.8), and valued
        # without it a run rolled to strike stopped where it started, its squares left a malus
        plans += _run_on(ctx, run_attack_ahead(state, me), malus, left)
    if "run_stop" in ctx.legal:
        plans.append(_plan(here - stop_cost - 0.01, RUN_STOP, "stop the run (R4.5)", "run_stop"))
    plans.append(_plan(here - stop_cost - 0.02, END_TURN, "end turn", "end_turn"))
    return plans


def _run_on(ctx: Context, can_strike: bool, malus: int, left: int) -> list[Plan]:
    """One step toward each of the best squares the squares left reach (`run_reach`, `run_route`)."""
    state, me = ctx.state, ctx.me
    reach = run_reach(state, me)
    if not reach:
        return []
    safe = run_probability_map(state, me, count_tackles=True)  # R4.7: the chance of getting there untackled
    here = ctx.value(me.position, can_act=False)
    best: dict[Square, float] = {}
    routes: dict[Square, list[Square]] = {}
    squares: Iterable[tuple[Square, int]] = reach.items()
    if ctx.style.run_squares and ctx.target is not None and len(reach) > ctx.style.run_squares:
        field = ctx.nav.field(ctx.target.position)  # the nearest the target (the value's main term)
        w = ctx.nav.width
        squares = heapq.nsmallest(ctx.style.run_squares, squares, key=lambda t: (field[t[0][1] * w + t[0][0]], t[0]))
    run = state.budget.run
    assert run is not None
    for sq, steps in squares:
        route = run_route(state, sq, me)
        if not route:
            continue
        v = ctx.value(sq, can_act=can_strike, attack_malus=malus, reach=1, force=can_strike)
        p = float(safe.get(sq, 1))
        score = p * v + (1 - p) * here - _stop_cost(state, run, route, left - steps) * _per_square(ctx, sq) / STOP_COST_PER_SQUARE
        if score > best.get(route[0], float("-inf")):
            best[route[0]] = score
            routes[route[0]] = route
    if ctx.style.follow_runs and state.budget.run is not None:
        ctx.bot.run_routes = (state.turn_serial, me.id, len(state.budget.run.path), routes)
    return [_plan(score, run_step_to(sq), "run on (R4.3)", "run_step", end=sq) for sq, score in best.items()]


def _per_square(ctx: Context, sq: Square) -> float:
    """What one square left costs at `sq` (R4.5): a little, more where enemies reach it
    (`BotStyle.stop_threat`: the malus is on its dodge too)."""
    if not ctx.style.stop_threat:
        return STOP_COST_PER_SQUARE
    return STOP_COST_PER_SQUARE + ctx.style.stop_threat * ctx.danger.threat_at(sq)


def _stop_cost(state: MatchState, run: RunProgress, route: list[Square], left: int) -> float:
    """What the squares left at the end of `route` cost: a voluntary stop's malus for one
    turn (R4.5) or, where no square lies beyond it (`run_next_squares`), the forced stop's
    malus for its longer duration (R4.6: 5 turns by default)."""
    if left <= 0:
        return 0.0
    ahead = run.clone()
    ahead.path.extend(route)
    if not run_next_squares(state, state.active, ahead):
        return STOP_COST_PER_SQUARE * left * max(1, state.settings.run.forced_stop_turns)
    return STOP_COST_PER_SQUARE * left


def planned_step(bot: Bot, state: MatchState, legal: set[str]) -> Plan | None:
    """`BotStyle.follow_runs`: the next square of the route chosen at an earlier step of
    this run, while no enemy is beside the runner (it may strike) and the core accepts the
    step; None to weigh the run again (`continue_run`)."""
    kept = bot.run_routes
    run = state.budget.run
    if not bot.style_on(state.board).follow_runs or kept is None or run is None or "run_step" not in legal:
        return None
    serial, fid, start, routes = kept
    me = state.active
    if serial != state.turn_serial or fid != me.id or run.squares_left == 0:
        return None
    if "run_attack" in legal and not run.attacked and any(
        chebyshev(e.position, me.position) == 1 for e in state.opponents_of(me)
    ):
        return None
    taken = run.path[start:]  # the squares run since the route was chosen
    route = routes.get(taken[0]) if taken else None
    if route is None or route[:len(taken)] != taken or len(route) <= len(taken):
        return None
    nxt = route[len(taken)]
    if run_step_refusal(state, me, nxt) is not None:
        return None
    return _plan(0.0, run_step_to(nxt), "run on along the route (R4.3)", "run_step", end=route[-1])
