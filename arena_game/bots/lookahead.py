"""One level of expectimax for the strong bot: the best few candidates weighed again over
their exact outcomes against the replies of the opponents who act next.

A candidate's outcomes come from the core's exact forecasts (the chance its attack kills
each target); each opponent due to act before the bot's team moves again then replies
with its most damaging attack on one of the bot's fighters that it can reach (in
weapon range, or a walk or a run away: `reach.RUN_REACH`), unless the candidate killed it. The expected
damage of those replies is taken off the candidate's score, so the bot prefers to kill
or cripple the next attacker and not to end its turn where the next attackers reach it.
`BotStyle.death_replies` (off at every level) adds to a reply the chance its blow kills the friend
it strikes, times that friend's life's worth (docs/bots.md, "A fighter's death priced apart").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from arena_game.bots.reach import RUN_REACH
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.queries import weapon_reach
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context
    from arena_game.bots.plans import Plan

REPLY_WEIGHT = 0.6  # how much one expected point of reply damage counts against a plan
LATE_FLOOR = 0.3  # share of the reply weight left once the match drags on (brain.STALL_ROUNDS)
RUN_REPLY = 0.5  # a melee reply from a run away (R4.8 at −8) counts about half


def next_opponents(ctx: Context) -> list[FighterState]:
    """The living opponents who act after the active fighter and before its team's next one (R0.5)."""
    return [f for f, later in _coming_opponents(ctx) if not later]


def _coming_opponents(ctx: Context) -> list[tuple[FighterState, bool]]:
    """The awake opponents who act before the active fighter's own next turn (R0.5), each
    with whether a friend acts before it (and may kill or hold it first)."""
    state = ctx.state
    order = state.order
    if not order:
        return []
    out = []
    start = state.active_index
    later = False
    for k in range(1, len(order)):
        f = state.fighters[order[(start + k) % len(order)]]
        if not f.alive:
            continue
        if f.team == ctx.me.team:
            later = True
            continue
        if f.asleep_turns <= 0:
            out.append((f, later))
    return out


def reply_damage(ctx: Context, enemy: FighterState, me_at: Square) -> float:
    """The most damaging attack `enemy` can likely make next on one of the active fighter's team."""
    reach = weapon_reach(enemy)
    ranged = enemy.sheet.weapon.family.ranged
    field = None if ranged else ctx.enemy_reach.field(enemy)
    w = ctx.nav.width
    death = ctx.style.death_replies if ctx.danger.death_on() else 0.0
    best = 0.0
    for f in ctx.friends:
        sq = me_at if f.id == ctx.me.id else f.position
        if ranged:
            share = 1.0 if chebyshev(enemy.position, sq) <= reach + 1 else 0.0
        else:
            assert field is not None
            d = field[sq[1] * w + sq[0]]
            share = 1.0 if d <= 2 else RUN_REPLY if d <= RUN_REACH else 0.0
        if share:
            worth = ctx.odds.expected_hit(enemy, f)
            if death:  # `BotStyle.death_replies`: the chance this blow kills the friend, priced apart
                worth += death * ctx.odds.kill_odds(enemy, f) * ctx.odds.life_of(f)
            best = max(best, share * worth)
    return best


def rerank(ctx: Context, plans: list[Plan], top: int) -> list[Plan]:
    """The `top` best plans rescored against the next opponents' replies; the others left below them."""
    later = ctx.style.later_replies
    foes = [(f, later if after else 1.0) for f, after in _coming_opponents(ctx) if later or not after]
    if not foes or len(plans) <= 1 or ctx.pressing:  # (`BotStyle.press_from`: past it no reply is feared)
        return plans
    ranked = sorted(plans, key=lambda p: -p.score)
    head, tail = ranked[:top], ranked[top:]
    floor = min(p.score for p in head)
    # Replies weigh less as the match drags on, like the caution: two sides each waiting
    # for the other to step into reach would only meet the round cap.
    weight = REPLY_WEIGHT * (LATE_FLOOR + (1 - LATE_FLOOR) * ctx.late)
    out = []
    for p in head:
        end = p.end or ctx.me.position
        loss = 0.0
        for o, share in foes:
            hit, _, kill = p.hits.get(o.id, (0.0, 0.0, 0.0))
            loss += share * (1 - hit * kill) * reply_damage(ctx, o, end)
        out.append(replace(p, score=p.score - weight * loss))
    # The rescored plans stay above those not looked at (their one-ply score was lower).
    lowest = min(p.score for p in out)
    shift = min(0.0, lowest - floor)
    return out + [replace(p, score=p.score + shift - 1e-3) for p in tail]
