"""Pushes as the value of a square weighs them (R5): the risk of being pushed into a deadly
square (`push_hazard`), and the room a push that moves its target back leaves the pusher
(`push_room`, `BotStyle.push_room`: "Pushes weighed with the step after them")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots.plans import Plan
from arena_game.core.geometry import Square
from arena_game.core.queries import open_action_kinds

if TYPE_CHECKING:
    from arena_game.bots.context import Context


def push_hazard(ctx: Context, sq: Square) -> float:
    """R5.3/R2.5: a deadly square beside `sq` with room for an enemy opposite it."""
    spots = ctx.nav.push_from[sq[1] * ctx.nav.width + sq[0]]
    if not spots:
        return 0.0
    for pi in spots:
        if any(fld[pi] <= 1 for fld in ctx.enemy_fields):
            return ctx.style.push_risk * ctx.me.pv
    return 0.05 * ctx.me.pv


def push_room(ctx: Context, plan: Plan, after: float, end: Square | None) -> None:
    """`BotStyle.push_room`: a push that moves its target one square back (chance `p`) is
    worth, on top of its own gain, `p` times what the turn's end gains with the target
    there (the step after weighed again on that state: out of the target's reach, no
    flight roll from it); the lookahead then counts no reply from that target when it
    no longer reaches the square the step ends on. `plan` is changed in place (`after`,
    `end`: the turn's end weighed without the push, as `Context.action_plans` found it)."""
    from arena_game.bots.context import Context  # (the pushed state's decision: a module cycle)

    assert plan.room is not None
    chance, target, landing = plan.room
    pushed = ctx.state.clone()  # the state where the push worked: the target on its landing square
    pushed.fighters[target].position = landing
    pushed.budget.acted = True
    there = Context(ctx.bot, pushed, open_action_kinds(pushed))
    after_push, end_push = there.value(ctx.me.position, can_act=False, struck=True), None
    if there.steps_after() and "walk" in there.legal:
        after_push, end_push = there.best_step(after_push)
    plan.score = after + plan.score + chance * (after_push - after)
    likely = chance >= 0.5
    plan.end = end_push if likely else end
    sq = plan.end or ctx.me.position
    blade = not ctx.bot.reach_of(pushed.fighters[target])[1]
    reach = ctx.nav.strike_field(landing) if ctx.style.corner_reach else ctx.nav.field(landing)
    if likely and blade and reach[sq[1] * ctx.nav.width + sq[0]] > 2:
        silenced = plan.hits.get(target, (0.0, 0.0, 1.0))[0]
        plan.hits[target] = (min(1.0, silenced + chance), 0.0, 1.0)
