"""Candidate actions for the bot, read off the core's queries (never re-deciding a rule).

Each function returns only what the matching query says is legal now, as `Plan`s whose
score is the expected gain of the action (moves: the value of where they end).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, cast

from arena_game.bots.plans import Plan
from arena_game.bots.reach import RUN_REACH
from arena_game.core.actions import (
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
    circle_forecast,
    jump_targets,
    open_attack_targets,
    open_circle_squares,
    open_taunts,
    push_options,
    strike_outcomes,
    swim_distribution,
    swim_path_allowed,
    swim_reach,
    taunt_replaces,
    teleport_targets,
    walk_squares,
)
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context

SWIM_LOOKAHEAD = 4
KILL_BONUS = 8.0  # a dead enemy deals no more damage: worth more than its last PV
FALL_BONUS = 3.0  # R5.2: a fallen enemy spends its next turn standing up
POTION_COST = 3.0  # a potion is used up (R6.1)
RENOWN_VALUE = 0.75  # per renown point (R7.3): worth a taunt when no attack is open
RENOWN_MIN_CHANCE = 0.15  # below this, a taunt for renown alone is a wasted action
RUN_STRIKE = 10  # path squares from which a melee fighter may reach a foe with a run (R4.2, R4.8)
DEX_TO_HIT = 0.05  # one point of Dextérité is one face of the d20 on the next attack


@lru_cache(maxsize=8192)
def walk_to(sq: Square) -> Walk:
    """The walk to `sq` (actions are frozen values: one per square serves every decision)."""
    return Walk(to=sq)


@lru_cache(maxsize=1024)
def attack_on(target: str) -> Attack:
    """The attack on `target` (a frozen value, one per fighter)."""
    return Attack(target=target)


def _plan(score: float, action: object, why: str, family: str, **kw: object) -> Plan:
    return Plan(score, action, why, family, **kw)  # type: ignore[arg-type]


def action_options(ctx: Context) -> list[Plan]:
    """Attacks, circle attacks, pushes, taunts and teleports, each with its expected gain."""
    out: list[Plan] = []
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


def capped_mean(damage_if_hit: Mapping[int, Fraction], pv: int) -> float:
    """The mean damage of a hit that counts: no more than the target's PV left."""
    return float(sum(min(d, pv) * p for d, p in damage_if_hit.items()))


def damage_worth(ctx: Context, target: FighterState, expected: float, kill: float) -> float:
    """What damage on `target` is worth: its PV, more for a dangerous target with few PV
    left (focus fire), and a kill bonus (a dead enemy deals no more damage)."""
    threat = ctx.odds.output(target)
    focus = 1 + ctx.style.focus * threat / max(target.pv, 1)
    return expected * focus + kill * (KILL_BONUS + threat)


def _attacks(ctx: Context) -> list[Plan]:
    """R0.4, R1: every legal attack, valued by its exact forecast (`open_attack_targets`)."""
    out: list[Plan] = []
    state, me = ctx.state, ctx.me
    for t in open_attack_targets(state, me):
        if t.forecast is None:
            continue
        target = state.fighters[t.target]
        fc = t.forecast
        hit, expected, kill = float(fc.hit), float(fc.expected_damage), float(fc.kill)
        mean = expected / hit if hit else 0.0
        expected = hit * float(fc.counted_mean)  # damage past its PV is wasted (`capped_mean`, worked out by the core)
        out.append(_plan(damage_worth(ctx, target, expected, kill), attack_on(t.target),
                         f"attack {t.target} (hit {hit:.0%})", "attack", hits={t.target: (hit, mean, kill / hit if hit else 0.0)}))
    return out


CIRCLE_ORDERS = 3  # foes up to which every order is weighed (3! = 6 forecasts); past it, the weakest first
ALLY_HIT_COST = 1.5  # a point of damage on a friend counts more than one on a foe (and its death much more)


def circle_worth(ctx: Context, squares: Iterable[Square], attacker: FighterState | None = None,
                 ) -> tuple[float, list[Square], dict[str, tuple[float, float, float]], float]:
    """R8: the best order of a circle attack on the fighters on `squares` by its exact forecast
    (`circle_forecast`: one attack roll against each dodge, one damage roll shared by those hit
    in the order, R8.2, so a lone hit takes the whole roll): (worth, order, per foe (hit, mean
    share if hit, kill if hit) for the lookahead, plain expected damage on foes less friends').
    Worth 0 and no order with fewer than two foes (a plain attack does better on one)."""
    state = ctx.state
    me = attacker or ctx.me
    around = [(sq, f) for sq in squares if (f := state.fighter_at(sq)) is not None and f.id != me.id]
    foes = [(sq, f) for sq, f in around if f.team != me.team]
    friends = [sq for sq, f in around if f.team == me.team]
    if len(foes) < 2:
        return 0.0, [], {}, 0.0
    foes.sort(key=lambda p: (p[1].pv, p[0][1], p[0][0]))
    orders = ([list(o) for o in permutations(foes)] if len(foes) <= CIRCLE_ORDERS else [foes])
    best: tuple[float, list[Square], dict[str, tuple[float, float, float]], float] | None = None
    for o in orders:
        order = [sq for sq, _ in o] + friends
        fc = circle_forecast(state, order, me)
        worth = plain = 0.0
        hits: dict[str, tuple[float, float, float]] = {}
        for t in fc.targets:
            f = state.fighters[t.target]
            hit = float(t.hit)
            if f.team != me.team:  # damage past its PV counts for nothing; a share that kills counts the kill
                counted = hit * capped_mean(t.damage_if_hit, f.pv)
                kill = float(t.kill)
                worth += damage_worth(ctx, f, counted, kill)
                plain += counted
                if hit:
                    hits[f.id] = (hit, float(t.expected_damage) / hit, kill / hit)
            else:
                worth -= ALLY_HIT_COST * float(t.expected_damage) + float(t.kill) * KILL_BONUS
                plain -= ALLY_HIT_COST * float(t.expected_damage)
        if best is None or worth > best[0]:
            best = (worth, order, hits, plain)
    assert best is not None
    return best


def _circle(ctx: Context) -> list[Plan]:
    """R8: the circle attack in its best order, by its exact forecast (`circle_worth`), when it is
    open (`open_circle_squares`)."""
    squares = open_circle_squares(ctx.state, ctx.me)
    if not squares:
        return []
    gain, order, hits, _ = circle_worth(ctx, squares)
    if gain <= 0:
        return []
    return [_plan(gain, CircleAttack(order=order), "circle attack (R8)", "circle_attack", hits=hits)]


def _pushes(ctx: Context) -> list[Plan]:
    """R5: pushes into a deadly square or water, and knock-downs (R5.2), by their forecast."""
    out: list[Plan] = []
    for opt in push_options(ctx.state, ctx.me, include_allies=False):
        if opt.refusal is not None:
            continue
        target = ctx.state.fighters[opt.target]
        if target.team == ctx.me.team:
            continue
        fc = opt.forecast
        gain, kind = 0.0, "push"
        lost_turn = ctx.odds.output(target)  # a fallen or swimming enemy strikes no one next turn
        ranged = ctx.bot.reach_of(target)[1]
        silenced = 0.0  # the chance the pushed makes no attack in its next turn (for the lookahead)
        room: tuple[float, str, Square] | None = None
        for chance, landing, fell in (
            (fc.normal, fc.normal_landing, False), (fc.critical, fc.critical_landing, True),
        ):
            if landing.hazard:
                gain += float(chance) * (target.pv + KILL_BONUS + lost_turn)
                kind = "push_lethal"
                silenced += float(chance)
                continue
            if landing.into.value == "water":
                kind = "push_water" if kind == "push" else kind
            if fell:  # R5.2: its next turn is spent standing up, wherever it lands
                gain += float(chance) * (FALL_BONUS + lost_turn)
                silenced += float(chance)
            elif landing.into.value == "water" and not ranged and not any(
                    max(abs(f.position[0] - landing.end[0]), abs(f.position[1] - landing.end[1])) == 1
                    for f in ctx.friends if f.id != ctx.me.id):
                # R2.3: a blade must swim back (no action); a bow or gun shoots from the water,
                # and a blade strikes a friend beside it without moving
                gain += float(chance) * (lost_turn + 1.0)
                silenced += float(chance)
            elif ctx.style.push_room and landing.end != target.position:
                room = (float(chance), opt.target, landing.end)  # weighed with the step after (`pushes.push_room`)
            else:
                gain += float(chance) * 0.3  # a little room, no more
        hits = {opt.target: (silenced, 0.0, 1.0)} if silenced else {}
        out.append(_plan(gain, Push(target=opt.target), f"push {opt.target} (R5)", kind, hits=hits, room=room))
    return out


def _strikers_next_turn(ctx: Context, run: int = 0) -> list[FighterState]:
    """Friends (the taunter included) likely to attack in their next turn: in reach, or a
    walk away (`run`: or a run of that many squares away, by path, for melee weapons)."""
    out = []
    fields = [ctx.nav.field(e.position) for e in ctx.enemies] if run else []
    w = ctx.nav.width
    foes = [e.position for e in ctx.enemies]
    reach_of = ctx.bot.reach_of
    for f in ctx.friends:
        reach, ranged = reach_of(f)
        x, y = f.position
        near = reach + 1  # (a Chebyshev distance within `near`, written out)
        for ex, ey in foes:
            if -near <= x - ex <= near and -near <= y - ey <= near:
                out.append(f)
                break
        else:
            if run and not ranged and any(fld[y * w + x] <= run for fld in fields):
                out.append(f)
    return out


def _blow_worth(ctx: Context, f: FighterState, taunted: int | None = None) -> float:
    """The expected damage of `f`'s next blow, with a taunt's Dextérité modifier `taunted`
    (R7; None: as it stands), at the team's focus target when it lies within `f`'s reach and
    a walk, else at the enemy there it most likely hits. Exact odds (`strike_chance`): the
    dice are opposed d20s, so +5 and −5 do not move a chance by the same amount (a hard
    target gains more from +5 than it loses to −5)."""
    extra = 0
    if taunted is not None:
        extra = taunted - taunt_replaces(ctx.state, f)  # R7.4: it takes a running taunt's place
    reach = ctx.bot.reach_of(f)[0] + 1
    t = ctx.target
    if t is not None and chebyshev(f.position, t.position) <= reach:
        return ctx.odds.expected_hit(f, t, extra)
    return max((ctx.odds.expected_hit(f, e, extra) for e in ctx.enemies if chebyshev(f.position, e.position) <= reach),
               default=0.0)


def _taunts(ctx: Context) -> list[Plan]:
    """R7: taunt when it pays the team: Dextérité for friends about to strike against the
    risk of the failure malus, and the renown of the match's first success (R7.3)."""
    out: list[Plan] = []
    st = ctx.state.settings.taunt
    strikers = _strikers_next_turn(ctx)
    # Who might attack at all next turn, a run away included: with none of them, a failure
    # costs nothing, and the renown of the first success (R7.3) is free to try for.
    # (Worked out only when it counts: with strikers, a taunt that helps them has `up` > 0.)
    idle: bool | None = None if strikers else ctx.style.taunt_renown and not _strikers_next_turn(ctx, run=RUN_STRIKE)
    if not strikers and not idle:
        return []  # nothing to gain: no Dextérité for a striker, no renown tried for
    striking = {id(f) for f in strikers}
    # each striker's blow as it stands, the same for both styles (exact pricing only)
    now = {id(f): _blow_worth(ctx, f) for f in strikers} if ctx.style.exact_taunts else {}
    damage: dict[int, float] | None = None
    for opt in open_taunts(ctx.state, ctx.me):
        p = float(opt.chance)
        if opt.style == "advantaged":
            bonus, malus, malus_on = st.advantaged_bonus, st.advantaged_failure_malus, [ctx.me]
        else:
            bonus, malus, malus_on = st.simple_bonus, st.simple_failure_malus, ctx.friends
        if ctx.style.exact_taunts:
            up = sum(_blow_worth(ctx, f, bonus) - now[id(f)] for f in strikers)
            down = sum(now[id(f)] - _blow_worth(ctx, f, malus) for f in malus_on if id(f) in striking)
        else:
            if damage is None:  # each striker's mean damage, once for both taunts
                damage = {id(f): ctx.bot.hit_damage(ctx.state, f) for f in strikers}
            up = sum(DEX_TO_HIT * bonus * damage[id(f)] for f in strikers)
            down = sum(DEX_TO_HIT * -malus * damage[id(f)] for f in malus_on if id(f) in striking)
        # Renown (R7.3) only sweetens a taunt that already helps the strikers: taunting for
        # renown alone lost matches in the bench (the malus lands on friends who then close in).
        if opt.earns_renown and not up > 0 and p >= RENOWN_MIN_CHANCE and idle is None:
            idle = ctx.style.taunt_renown and not _strikers_next_turn(ctx, run=RUN_STRIKE)
        renown = RENOWN_VALUE * st.first_success_pr if opt.earns_renown and (up > 0 or (idle and p >= RENOWN_MIN_CHANCE)) else 0.0
        gain = p * (up + renown) - (1 - p) * down
        if gain > 0:
            out.append(_plan(gain, Taunt(style=opt.style), f"taunt ({opt.style}, {p:.0%})", f"taunt_{opt.style}"))
    return out


TELEPORT_CANDIDATES = 24
TELEPORT_FAR = 16  # path squares to the target past which a teleport to it is weighed


def _teleport_squares(ctx: Context, squares: list[Square]) -> list[Square]:
    """A few destinations: the farthest from the enemies (escape) and those beside or in
    range of the focus target (attack), to keep the choice cheap."""
    w, h = ctx.width, ctx.state.board.height
    # each foe's distance by column and by row (a Chebyshev distance is the larger): read, not worked out, per square
    apart = [([abs(x - ex) for x in range(w)], [abs(y - ey) for y in range(h)]) for ex, ey in
             (e.position for e in ctx.enemies)]
    # per square the nearest foe's distance, negated (`-min(..., default=0)` written out)
    keys = []
    for x, y in squares:
        near = -1
        for cols, rows in apart:
            d, across = cols[x], rows[y]
            if across > d:
                d = across
            if near < 0 or d < near:
                near = d
        keys.append((-near if near > 0 else 0, y, x))
    # (`nsmallest` gives what `sorted(...)[:k]` gives, without sorting every square; its keys
    # are made first, each unique by the square's row and column, so no key function is called)
    half = TELEPORT_CANDIDATES // 2
    picked = [(x, y) for _, y, x in heapq.nsmallest(half, keys)]
    if ctx.target is not None:
        ax, ay = ctx.target.position
        want = 1 if not ctx.me.sheet.weapon.family.ranged else min(ctx.my_reach, 4)
        cols, rows = [abs(x - ax) for x in range(w)], [abs(y - ay) for y in range(h)]
        picked += [(x, y) for _, y, x in heapq.nsmallest(
            half, [(abs((cols[x] if cols[x] >= rows[y] else rows[y]) - want), y, x) for x, y in squares])]
    return picked


def death_risk(ctx: Context, sq: Square) -> float:
    """R0.7: the chance the active fighter dies on `sq` before its next turn: every awake enemy
    strikes it once where it reaches it (a shot in range, a blade a walk away, or a run away at
    R4.8's malus), the blows' damage added up exactly (`strike_outcomes`)."""
    pv = ctx.me.pv
    idx = sq[1] * ctx.nav.width + sq[0]
    blows: list[Mapping[int, float]] = []
    most = 0  # the most the reaching blows can deal together
    x, y = sq
    for pos, reach, field, near_blow, run_blow, top in _strikers(ctx):
        if field is None:
            if not (-reach <= pos[0] - x <= reach and -reach <= pos[1] - y <= reach):  # (`chebyshev` written out)
                continue
            blows.append(near_blow)
        else:
            d = field[idx]
            if d > RUN_REACH:  # (a blade a run away, at R4.8's malus, as `Danger.threat_at` counts it)
                continue
            blows.append(near_blow if d <= 2 else run_blow)
        most += top
    if most < pv:  # no mix of these blows kills (the sums below would leave nothing at `pv`)
        return 0.0
    # Squares reached by the same blows share their answer (the strikers hold the blows, so
    # their ids stay theirs for the decision).
    key = tuple(map(id, blows))
    risks = cast(dict[tuple[int, ...], float], ctx.kept.setdefault("death_risks", {}))
    got = risks.get(key)
    if got is None:
        got = risks[key] = kill_chance(blows, pv)
    return got


def kill_chance(blows: list[Mapping[int, float]], pv: int) -> float:
    """The chance that `blows`, one after the other, deal at least `pv` together."""
    # (the sums are made in the very order of the plain convolution, so the floats are the same)
    dist = {0: 1.0}  # damage taken so far, no more than `pv` kept apart
    for blow in blows[:-1]:
        nxt: dict[int, float] = {}
        get = nxt.get
        steps = list(blow.items())
        for taken, p in dist.items():
            for dmg, q in steps:
                t = taken + dmg
                if t > pv:
                    t = pv
                nxt[t] = get(t, 0.0) + p * q
        dist = nxt
    # the last blow: only what reaches `pv` is asked for
    dead = 0.0
    last = list(blows[-1].items()) if blows else [(0, 1.0)]
    for taken, p in dist.items():
        for dmg, q in last:
            if taken + dmg >= pv:
                dead = dead + p * q
    return dead


_Striker = tuple[Square, int, "list[int] | None", Mapping[int, float], Mapping[int, float], int]


def _strikers(ctx: Context) -> list[_Striker]:
    """Per awake enemy, for `death_risk`: where it stands, its shot's reach (+1 step) or its
    path field (a blade), its blow's outcomes from near and at a run's malus (R4.8), and the
    most one blow deals. Kept for the decision (the state does not change while the bot thinks)."""
    got = ctx.kept.get("strikers")
    if got is not None:
        return cast(list[_Striker], got)
    state, me = ctx.state, ctx.me
    run_malus = state.settings.run.attack_malus
    strikers: list[_Striker] = []
    for e in ctx.enemies:
        if e.asleep_turns > 1:
            continue
        reach, ranged = ctx.bot.reach_of(e)
        near = strike_outcomes(state, e, me, 0)
        run = near if ranged else strike_outcomes(state, e, me, run_malus)
        top = max(max(near), max(run))
        strikers.append((e.position, reach + 1, None if ranged else ctx.enemy_reach.field(e), near, run, top))
    ctx.kept["strikers"] = strikers
    return strikers


def _teleports(ctx: Context) -> list[Plan]:
    """R6: leave a square where the enemies would likely finish the fighter off, or (a bow or
    gun) one beside an enemy, or jump to the focus target when walking there would take turns."""
    me = ctx.me
    magic = ctx.state.settings.magic
    has_means = me.teleport_potions > 0 or (
        not me.mana_locked and me.mana > magic.teleport_spell_mana and me.sheet.attribute("magie") > 0
    )
    if not has_means:
        return []
    # (`BotStyle.press_from`: past it no fighter teleports away from the fight)
    danger = not ctx.pressing and (ctx.danger.threat_at(me.position) >= 0.7 * me.pv or ctx.fleeing)
    # Far only when walking and running would take several turns (a maze): a teleport that
    # lands among the enemies costs the action and often the fighter.
    far = ctx.style.teleport_attack and ctx.target is not None and (
        ctx.nav.distance(me.position, ctx.target.position) > TELEPORT_FAR)
    # A bow or gun held beside an enemy shoots at −8 (R1.7); in a corridor it often stands in
    # front of its own blades, which cannot pass it (`BotStyle.teleport_unpin`): a spell out.
    held = ctx.style.teleport_unpin and ctx.ranged and any(
        chebyshev(e.position, me.position) == 1 for e in ctx.enemies)
    if not danger and not far and not held:
        return []
    tt = teleport_targets(ctx.state, me)
    here = ctx.value(me.position, can_act=False)
    best: Plan | None = None
    choices: list[tuple[str, list[Square], float]] = []
    if tt.potion_refusal is None and (danger or far):  # a held bow keeps its potion for a real danger
        choices.append(("potion", tt.potion, POTION_COST))
    if tt.spell_refusal is None and me.mana - tt.spell_cost > 0:  # R10.1: never faint for it
        choices.append(("spell", tt.spell, 1.0))
    # Out of danger the fighter lives on: the chance it would die here and not there, worth
    # what a kill of it would be to the enemies (`damage_worth`'s kill bonus, its own output).
    life = KILL_BONUS + max((ctx.odds.expected_hit(me, e) for e in ctx.enemies), default=0.0)
    risk_here = death_risk(ctx, me.position) if danger else 0.0
    for means, squares, cost in choices:
        for sq in _teleport_squares(ctx, squares):
            # Out of danger, the square's worth; to attack (or held), half the blow it can strike next turn too.
            there = ctx.value(sq, can_act=False)
            if not danger:
                there = 0.5 * there + 0.5 * ctx.value(sq, can_act=True, force=True)
            elif risk_here:
                there += (risk_here - death_risk(ctx, sq)) * life
            gain = there - here - cost
            if gain > 0 and (best is None or gain > best.score):
                family = "teleport_escape" if danger else "teleport_attack"
                best = _plan(gain, Teleport(to=sq, means=means), f"teleport by {means} (R6)", family, end=sq)
    return [best] if best else []


# -- moves ------------------------------------------------------------------------------------


def move_options(ctx: Context, walks_only: bool = False) -> list[Plan]:
    """Walks, jumps and swims (or only walks), each valued by where it ends."""
    plans: list[Plan] = []
    state, me = ctx.state, ctx.me
    can_act_after = ctx.can_attack
    here = ctx.value(me.position, can_act=False)
    if "walk" in ctx.legal:
        for sq in walk_squares(state, me):
            v = ctx.value(sq, can_act_after)
            if ctx.flees(sq):
                v = 0.75 * v + 0.25 * here  # R3.1: a 1 on the d4 keeps it here
            plans.append(Plan(v, walk_to(sq), "walk", "walk", sq))
    if walks_only:
        return plans
    if "jump" in ctx.legal:
        for t in jump_targets(state, me):
            if t.refusal is not None:
                continue
            v = t.chance * ctx.value(t.landing, can_act_after, attack_malus=ctx.jump_malus())
            plans.append(_plan(v + (1 - t.chance) * here - 0.2, Jump(over=t.over), "jump", "jump", end=t.landing))
    if "swim" in ctx.legal:
        for path, outcomes in _swims(ctx):
            v = sum(p * ctx.value(sq, False) for sq, p in outcomes)
            plans.append(_plan(v, Swim(path=path), "swim", "swim", end=path[-1]))
    return plans


def _swims(ctx: Context) -> list[tuple[list[Square], list[tuple[Square, float]]]]:
    """Swim paths to the far or shore squares in reach, with where each roll leaves the swimmer."""
    state, me = ctx.state, ctx.me
    reach = swim_reach(state, me, limit=SWIM_LOOKAHEAD)
    if not reach:
        return []
    dist = swim_distribution(state, me)
    board = state.board
    out = []
    for end, d in reach.items():
        if not board.terrain(end).walkable and d < SWIM_LOOKAHEAD:
            continue
        path = _swim_path(ctx, reach, end)
        if path is None:
            continue
        outcomes = [(me.position if n <= 0 else path[min(n, len(path)) - 1], float(p)) for n, p in dist.items()]
        out.append((path, outcomes))
    return out


def _swim_path(ctx: Context, reach: dict[Square, int], end: Square) -> list[Square] | None:
    """Walk back from `end` through water squares one swim step nearer, as the query measured them."""
    path = [end]
    cur = end
    board = ctx.state.board
    while reach[cur] > 1:
        prev = next((nb for nb in neighbours(cur) if reach.get(nb) == reach[cur] - 1
                     and board.terrain(nb).value == "water"), None)
        if prev is None:
            return None
        path.append(prev)
        cur = prev
    path.reverse()
    return path if swim_path_allowed(ctx.state, ctx.me, path) else None
