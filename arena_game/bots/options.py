"""Candidate actions for the bot, read off the core's queries (never re-deciding a rule).

Each function returns only what the matching query says is legal now. Kinds whose
handlers are not registered in the engine are absent from `available_actions`, so
their candidates are simply empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from arena_game.bots.estimates import (
    attack_bonus,
    dodge_bonus,
    mean_damage,
    opposed_win_chance,
    strikes_from,
)
from arena_game.core.actions import (
    Action,
    Attack,
    CircleAttack,
    Jump,
    Push,
    Swim,
    Taunt,
    Teleport,
    Walk,
)
from arena_game.core.geometry import Square, chebyshev, neighbours
from arena_game.core.queries import (
    attack_targets,
    circle_attack_squares,
    jump_targets,
    push_options,
    swim_distribution,
    swim_reach,
    taunt_options,
    teleport_targets,
)
from arena_game.core.queries import walk_options as core_walk_options
from arena_game.core.rules.movement import JumpTarget, fleeing_from, step_refusal
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.brain import Plan, _Context

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
    out: list[tuple[float, Action, str]] = []
    me = ctx.me
    # The exact forecasts are costly: ask only when some enemy may be within reach
    # (firearms may shoot beyond their range at a malus, R1.3).
    slack = 6 if me.sheet.weapon.family.value == "firearm" else 0
    if not any(strikes_from(me, me.position, e.position, slack) for e in ctx.enemies):
        return out
    for t in attack_targets(ctx.state, me):
        if t.refusal is not None or t.forecast is None:
            continue
        target = ctx.state.fighters[t.target]
        fc = t.forecast
        gain = float(fc.expected_damage) + float(fc.kill) * (KILL_BONUS + ctx.incoming(target.id))
        out.append((gain, Attack(target=t.target), f"attack {t.target} (hit {float(fc.hit):.0%})"))
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
    if not any(chebyshev(e.position, ctx.me.position) == 1 for e in ctx.enemies):
        return out
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
            out.append((gain, Taunt(style=opt.style), f"taunt ({opt.style}, {p:.0%})"))  # type: ignore[arg-type]
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
    danger = ctx.threat_at(me.position)
    if danger < 0.5 * me.pv and not ctx.fleeing:
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
                best = (gain, Teleport(to=sq, means=means), f"teleport by {means} (R6)")  # type: ignore[arg-type]
    return [best] if best else []


def run_plans(ctx: _Context) -> list[Plan]:
    """Runs worth starting (R4), once the running rules are present."""
    return []


def continue_run(ctx: _Context) -> list[Plan]:
    """The next step of a run under way (R4)."""
    return []
