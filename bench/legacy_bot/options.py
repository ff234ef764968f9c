"""Candidate actions for the bot, read off the core's queries (never re-deciding a rule).

Each function returns only what the matching query says is legal now. Kinds whose
handlers are not registered in the engine are absent from `available_actions`, so
their candidates are simply empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from arena_game.core.actions import (
    Action,
    Attack,
    CircleAttack,
    EndTurn,
    Jump,
    Push,
    RunAttack,
    RunStart,
    RunStep,
    RunStop,
    Swim,
    Taunt,
    Teleport,
    Walk,
)
from arena_game.core.geometry import Square, chebyshev, neighbours
from arena_game.core.queries import (
    circle_attack_squares,
    jump_targets,
    push_options,
    run_attack_targets,
    swim_distribution,
    swim_reach,
    taunt_options,
    teleport_targets,
)
from arena_game.core.queries import walk_options as core_walk_options
from arena_game.core.rules.attack import attack_refusal
from arena_game.core.rules.movement import JumpTarget, fleeing_from, step_refusal
from arena_game.core.rules.running import (
    declared_options,
    run_next_squares,
    run_squares,
    run_step_refusal,
)
from arena_game.core.state import FighterState
from legacy_bot.estimates import (
    attack_bonus,
    dodge_bonus,
    mean_damage,
    opposed_win_chance,
    strikes_from,
)

if TYPE_CHECKING:
    from legacy_bot.brain import Plan, _Context

SWIM_LOOKAHEAD = 4


def walk(to: Square) -> Action:
    """A walk action (R2.1)."""
    return Walk(to=to)


def jump(over: Square) -> Action:
    """A jump action (R2.4)."""
    return Jump(over=over)


def swim(path: list[Square]) -> Action:
    """A swim action (R2.3)."""
    return Swim(path=path)


def walk_options(ctx: _Context) -> Iterator[tuple[Square, bool]]:
    """Legal walks, each with whether it is a flight that needs the R3.1 d4."""
    if "walk" not in ctx.legal:
        return
    for sq, why in core_walk_options(ctx.state, ctx.me).items():
        if why is None:
            yield sq, bool(fleeing_from(ctx.state, ctx.me, [sq]))


def jump_options(ctx: _Context) -> Iterator[tuple[JumpTarget, float]]:
    """Legal jumps with their exact chance of success."""
    if "jump" not in ctx.legal:
        return
    for t in jump_targets(ctx.state, ctx.me):
        if t.refusal is None:
            yield t, t.chance


def swim_options(ctx: _Context) -> Iterator[tuple[list[Square], list[tuple[Square, float]]]]:
    """Swim paths to the far or shore squares in reach, with where each roll leaves the swimmer."""
    if "swim" not in ctx.legal:
        return
    state, me = ctx.state, ctx.me
    dist = swim_distribution(state, me)
    reach = swim_reach(state, me, limit=SWIM_LOOKAHEAD)
    if not reach:
        return
    board = state.board
    for end, d in reach.items():
        on_land = board.terrain(end).walkable
        if not on_land and d < SWIM_LOOKAHEAD:
            continue
        path = _swim_path(ctx, reach, end)
        if path is None:
            continue
        outcomes: list[tuple[Square, float]] = []
        for squares, p in dist.items():
            where = me.position if squares <= 0 else path[min(squares, len(path)) - 1]
            outcomes.append((where, p))
        yield path, outcomes


def _swim_path(ctx: _Context, reach: dict[Square, int], end: Square) -> list[Square] | None:
    """Walk back from `end` through squares one swim step nearer, as the query measured them."""
    origin = ctx.me.position
    path = [end]
    cur = end
    while reach[cur] > 1:
        prev = None
        for nb in neighbours(cur):
            if reach.get(nb) == reach[cur] - 1 and ctx.state.board.terrain(nb).value == "water" and (
                step_refusal(ctx.state, ctx.me, nb, cur, allow_water=True) is None
            ):
                prev = nb
                break
        if prev is None:
            return None
        path.append(prev)
        cur = prev
    if step_refusal(ctx.state, ctx.me, origin, cur, allow_water=True) is not None:
        return None
    path.reverse()
    return path


KILL_BONUS = 8.0  # a dead enemy deals no more damage: worth more than its last PV
FALL_BONUS = 3.0  # R5.2: a fallen enemy spends its next turn standing up
POTION_COST = 3.0  # a potion is used up (R6.1)
TAUNT_MIN_CHANCE = 0.6  # taunt only when the crowd is likely to follow


def action_options(ctx: _Context) -> list[tuple[float, Action, str]]:
    """Attacks, circle attacks, pushes, taunts and teleports, each with its expected gain."""
    out: list[tuple[float, Action, str]] = []
    legal = ctx.legal
    if "attack" in legal:
        out += _attacks(ctx)
    if "circle_attack" in legal:
        out += _circle(ctx)
    if "push" in legal:
        out += _pushes(ctx)
    if "taunt" in legal:
        out += _taunts(ctx)
    if "teleport" in legal:
        out += _teleports(ctx)
    return out


def _kill_worth(ctx: _Context, target: FighterState) -> float:
    return target.pv + KILL_BONUS + ctx.incoming(target.id)


def _attacks(ctx: _Context) -> list[tuple[float, Action, str]]:
    """R0.4, R1: every legal attack, valued by its exact forecast.

    The same refusal and forecast functions as the `attack_targets` query, target by
    target; forecasts are kept by the bot while attacker and target stand as they were
    (melee exchanges and duels repeat them round after round).
    """
    out: list[tuple[float, Action, str]] = []
    state, me = ctx.state, ctx.me
    # Firearms may shoot beyond their range at a malus (R1.3).
    slack = 6 if me.sheet.weapon.family.value == "firearm" else 0
    for target in ctx.enemies:
        if not strikes_from(me, me.position, target.position, slack):
            continue
        if attack_refusal(state, me, target.id) is not None:
            continue
        hit, dmg = ctx.bot.forecast(state, me, target)
        expected = hit * sum(d * p for d, p in dmg)
        kill = hit * sum(p for d, p in dmg if d >= target.pv)
        gain = expected + kill * (KILL_BONUS + ctx.incoming(target.id))
        out.append((gain, Attack(target=target.id), f"attack {target.id} (hit {hit:.0%})"))
    return out


def _circle(ctx: _Context) -> list[tuple[float, Action, str]]:
    """R8: enemies first in the order (they take the larger shares), allies last."""
    opt = circle_attack_squares(ctx.state, ctx.me)
    if opt.refusal is not None or not opt.squares:
        return []
    state, me = ctx.state, ctx.me
    around = [(sq, state.fighter_at(sq)) for sq in opt.squares]
    foes = [(sq, f) for sq, f in around if f is not None and f.team != me.team]
    friends = [(sq, f) for sq, f in around if f is not None and f.team == me.team]
    if len(foes) < 2:
        return []  # one enemy: a plain attack does as well without hurting friends
    foes.sort(key=lambda p: p[1].pv)
    order = foes + friends
    total = mean_damage(me) - 0.8  # R8.3: no location bonus
    left, gain = total, 0.0
    bonus = attack_bonus(state, me)
    for i, (_, f) in enumerate(order):
        share = left if i == len(order) - 1 else -(-left // 2)
        left -= share
        p = opposed_win_chance(bonus, dodge_bonus(state, f))
        gain += p * share * (1 if f.team != me.team else -1.5)
    if gain <= 0:
        return []
    return [(gain, CircleAttack(order=[sq for sq, _ in order]), "circle attack")]


def _pushes(ctx: _Context) -> list[tuple[float, Action, str]]:
    """R5: pushes that send an enemy into a deadly square, or knock it down."""
    out: list[tuple[float, Action, str]] = []
    if not any(_deadly_behind(ctx, e) for e in ctx.enemies):
        return out  # no push here could kill; an attack does more
    for opt in push_options(ctx.state, ctx.me):
        if opt.refusal is not None:
            continue
        target = ctx.state.fighters[opt.target]
        if target.team == ctx.me.team:
            continue
        fc = opt.forecast
        gain = 0.0
        for chance, landing, fell in (
            (fc.normal, fc.normal_landing, False), (fc.critical, fc.critical_landing, True),
        ):
            if landing.hazard:
                gain += float(chance) * _kill_worth(ctx, target)
            elif fell:
                gain += float(chance) * FALL_BONUS
            else:
                gain += float(chance) * 0.3  # a little room, no more
        out.append((gain, Push(target=opt.target), f"push {opt.target} (R5)"))
    return out


def _deadly_behind(ctx: _Context, enemy: FighterState) -> bool:
    """An adjacent enemy with a dead square within a critical push's reach behind it (R5.2)."""
    me = ctx.me
    dx, dy = enemy.position[0] - me.position[0], enemy.position[1] - me.position[1]
    if max(abs(dx), abs(dy)) != 1:
        return False
    board = ctx.state.board
    reach = ctx.state.settings.push.critical_squares
    return any(
        board.terrain((enemy.position[0] + k * dx, enemy.position[1] + k * dy)).dead
        for k in range(1, reach + 1)
    )


def _taunts(ctx: _Context) -> list[tuple[float, Action, str]]:
    """R7: taunt when the odds are good and friends are about to strike."""
    out: list[tuple[float, Action, str]] = []
    st = ctx.state.settings.taunt
    strikers = [
        f for f in ctx.friends
        if f.id != ctx.me.id and any(strikes_from(f, f.position, e.position) for e in ctx.enemies)
    ]
    team_state = ctx.state.teams[ctx.me.team]
    for opt in taunt_options(ctx.state, ctx.me):
        if opt.refusal is not None or float(opt.chance) < TAUNT_MIN_CHANCE:
            continue
        p = float(opt.chance)
        if opt.style == "advantaged":
            bonus, malus, malus_on = st.advantaged_bonus, st.advantaged_failure_malus, [ctx.me]
        else:
            bonus, malus, malus_on = st.simple_bonus, st.simple_failure_malus, ctx.friends
        # One point of Dextérité is about 5% more hits on the next attack.
        up = sum(0.05 * bonus * mean_damage(f) for f in strikers)
        down = sum(0.05 * -malus * mean_damage(f) for f in malus_on if f in strikers)
        renown = 0.0 if team_state.taunt_success_done else 0.5 * st.first_success_pr
        gain = p * (up + renown) - (1 - p) * down
        if gain > 0:
            out.append((gain, Taunt(style=opt.style), f"taunt ({opt.style}, {p:.0%})"))
    return out


TELEPORT_CANDIDATES = 24


def _safe_squares(ctx: _Context, squares: list[Square]) -> list[Square]:
    """The destinations farthest from the enemies (a few, to keep the choice cheap)."""
    def far(sq: Square) -> int:
        return min((chebyshev(sq, e.position) for e in ctx.enemies), default=0)

    return sorted(squares, key=lambda sq: (-far(sq), sq[1], sq[0]))[:TELEPORT_CANDIDATES]


def _teleports(ctx: _Context) -> list[tuple[float, Action, str]]:
    """R6: leave a square where the enemies would likely finish the fighter off."""
    me = ctx.me
    magic = ctx.state.settings.magic
    has_means = me.teleport_potions > 0 or (
        not me.mana_locked and me.mana > magic.teleport_spell_mana and me.sheet.attribute("magie") > 0
    )
    if not has_means:
        return []
    danger = ctx.threat_at(me.position)
    if danger < 0.7 * me.pv and not ctx.fleeing:
        return []
    tt = teleport_targets(ctx.state, me)
    here = ctx.value(me.position, can_act=False)
    best: tuple[float, Action, str] | None = None
    choices: list[tuple[str, list[Square], float]] = []
    if tt.potion_refusal is None:
        choices.append(("potion", tt.potion, POTION_COST))
    if tt.spell_refusal is None and me.mana - tt.spell_cost > 0:  # R10.1: never faint for it
        choices.append(("spell", tt.spell, 1.0))
    for means, squares, cost in choices:
        for sq in _safe_squares(ctx, squares):
            gain = ctx.value(sq, can_act=False) - here - cost
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, Teleport(to=sq, means=means), f"teleport by {means} (R6)")
    return [best] if best else []


RUN_MIN_DISTANCE = 3  # closer than this, a walk and a full action do better
STOP_COST_PER_SQUARE = 0.5  # R4.5: squares left become a malus on every roll for a turn


def run_distribution(ctx: _Context) -> dict[int, float]:
    """Chance of each number of run squares from the roll (R4.2), for planning."""
    st = ctx.state.settings
    me = ctx.me
    rs = st.run
    keys = (rs.attribute, rs.skill)
    bonus = me.sheet.attribute(rs.attribute) + me.sheet.skill(rs.skill) + sum(
        m.value for m in me.modifiers if m.applies_to in ("all", "run", *keys)
    )
    die = st.dice.die
    out: dict[int, float] = {}
    for face in range(1, die + 1):
        n = run_squares(face + bonus, rs)
        out[n] = out.get(n, 0.0) + 1 / die
    return out


RUN_BRANCHING = 2  # at each declared square, follow the two that close in best


def _declarations(ctx: _Context) -> list[list[Square]]:
    """Full declarations (R4.1) the runner could run through as things stand, heading for
    its target: at each square only the few options that close in best are followed."""
    state, me = ctx.state, ctx.me
    want = state.settings.run.declared_squares
    assert ctx.target is not None
    field = ctx.nav.field(ctx.target.position)
    w = ctx.nav.width
    found: list[list[Square]] = []
    stack: list[list[Square]] = [[]]
    while stack:
        decl = stack.pop()
        if len(decl) == want:
            found.append(decl)
            continue
        opts = declared_options(state, decl, me)
        clear = sorted(
            (sq for sq, why in opts.items() if why is None), key=lambda sq: (field[sq[1] * w + sq[0]], sq)
        )[:RUN_BRANCHING]
        if not opts and decl:
            found.append(decl)  # nothing may be declared further: a short declaration is legal
        # Options that would stop the run (R4.6, a malus for 5 turns) are never declared.
        for sq in clear:
            stack.append([*decl, sq])
    return found


def run_plans(ctx: _Context) -> list[Plan]:
    """R4: runs that bring the fighter near its target when it is far (R4.1, R4.2, R4.8)."""
    from legacy_bot.brain import Plan

    if "run_start" not in ctx.legal or ctx.target is None or ctx.fleeing:
        return []
    me = ctx.me
    if ctx.nav.distance(me.position, ctx.target.position) < RUN_MIN_DISTANCE:
        return []
    dist = run_distribution(ctx)
    melee = not me.sheet.weapon.family.ranged
    malus = ctx.state.settings.run.attack_malus
    plans = []
    seen: dict[Square, tuple[float, int]] = {}  # square → (its value, path gap to the target)

    def worth(sq: Square) -> tuple[float, int]:
        got = seen.get(sq)
        if got is None:
            v = ctx.value(sq, can_act=melee, attack_malus=malus, reach=1, force=True)
            assert ctx.target is not None
            got = seen[sq] = (v, ctx.nav.distance(sq, ctx.target.position))
        return got

    outcomes = sorted(dist.items())
    for decl in _declarations(ctx):
        score = 0.0
        for k, p in outcomes:
            where = me.position if k <= 0 else decl[min(k, len(decl)) - 1]
            v, gap = worth(where)
            # Squares beyond the declared ones are chosen freely (R4.3): count them as ground gained.
            extra = k - len(decl)
            if extra > 0:
                v += ctx.style.closing * min(extra, max(0, gap - 1))
            score += p * v
        plans.append(Plan(score - 0.3, RunStart(declared=decl), "run (R4)"))
    return plans


def continue_run(ctx: _Context) -> list[Plan]:
    """The run under way: strike (R4.8), run on (R4.3), or stop (R4.5)."""
    from legacy_bot.brain import Plan

    state, me = ctx.state, ctx.me
    run = state.budget.run
    assert run is not None
    plans: list[Plan] = []
    left = 0 if run.finished or run.granted is None else max(0, run.granted - run.moved)
    stop_cost = STOP_COST_PER_SQUARE * left
    can_strike = "run_attack" in ctx.legal and not run.attacked
    malus = state.settings.run.attack_malus
    here = ctx.value(me.position, can_act=False)
    if can_strike and any(chebyshev(e.position, me.position) == 1 for e in ctx.enemies):
        for t in run_attack_targets(state, me):
            if t.refusal is not None or t.forecast is None:
                continue
            target = state.fighters[t.target]
            gain = float(t.forecast.expected_damage) + float(t.forecast.kill) * (
                KILL_BONUS + ctx.incoming(target.id)
            )
            plans.append(Plan(here + gain - stop_cost * 0.5, RunAttack(target=t.target), "run attack (R4.8)"))
    if "run_step" in ctx.legal and left > 0:
        for sq in run_next_squares(state, me, run):
            if run_step_refusal(state, me, sq) is not None:
                continue
            v = ctx.value(sq, can_act=can_strike, attack_malus=malus, reach=1, force=can_strike)
            plans.append(Plan(v - STOP_COST_PER_SQUARE * (left - 1), RunStep(to=sq), "run on (R4.3)"))
    if "run_stop" in ctx.legal:
        plans.append(Plan(here - stop_cost - 0.01, RunStop(), "stop the run (R4.5)"))
    plans.append(Plan(here - stop_cost - 0.02, EndTurn(), "end turn"))
    return plans
