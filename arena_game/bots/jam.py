"""The jam (`BotStyle.jam`; docs/bots.md, "The jam: a bow makes way"): a bow or gun at the front
of its own file in a one-square corridor, an enemy near, its friends' blades barred behind it
(R2.1, R4.9: nobody walks or runs through a fighter's square, R2.4: nor jumps over a friend).
It shoots at R1.7's −8 from beside the enemy while the blades strike nobody; in self-play such
files met the round cap. The charge makes it step aside where it can (a side square at a
junction), or teleport behind them where the held bow's spell is weighed, so a blade can strike."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arena_game.bots.context import Context
    from arena_game.core.state import FighterState

JAM_REACH = 4  # `strike_field` value: the friend blade's blow on the enemy is a walk of ≤ 3 squares away, but for us
JAM_SLACK = 2  # path squares: a blade whose way to its blow is longer than that by more is barred

# per jammed pair: the friend blade, the enemy, the cell of the enemy, the blade's free strike
# value there, the other friends' cells (not the blade's, not the fighter's), the blade's hit
Pair = tuple["FighterState", "FighterState", int, int, tuple[int, ...], float]


def jammed(ctx: Context) -> list[Pair]:
    """The friend blades the fighter (a bow or gun) bars from an enemy near them: the blade would
    strike that enemy after a walk of at most three squares (`JAM_REACH`) with no fighter in its
    way, its way is more than `JAM_SLACK` squares longer with its friends as obstacles, and no
    longer than that without the fighter. Kept for the decision; empty off a labyrinth with
    `jam_maze`, and before round `jam_from`."""
    got = ctx.kept.get("jammed")
    if got is not None:
        return got  # type: ignore[return-value]
    pairs: list[Pair] = []
    st, nav, me = ctx.style, ctx.nav, ctx.me
    if ctx.ranged and (not st.jam_maze or ctx.state.board.labyrinth) and ctx.state.round >= st.jam_from:
        w = nav.width
        mine = me.position[1] * w + me.position[0]
        others = [f for f in ctx.friends if f.id != me.id]
        foes = [e for e in ctx.enemies if e.asleep_turns <= 1]
        for f in others:
            if f.asleep_turns > 1 or ctx.bot.reach_of(f)[1]:
                continue  # a bow or gun shoots over the fighter (R1.6): only blades are barred
            plain = nav.strike_field(f.position)
            near = [(e, i) for e in foes if plain[i := e.position[1] * w + e.position[0]] <= JAM_REACH]
            if not near:
                continue
            rest = tuple(sorted(o.position[1] * w + o.position[0] for o in others if o.id != f.id))
            with_me = nav.blocked_strike_field(f.position, tuple(sorted((*rest, mine))))
            without = nav.blocked_strike_field(f.position, rest)
            for e, i in near:
                free = plain[i]
                if with_me[i] > free + JAM_SLACK >= without[i]:
                    pairs.append((f, e, i, free, rest, ctx.odds.expected_hit(f, e)))
    ctx.kept["jammed"] = pairs
    return pairs


def jam_at(ctx: Context, idx: int) -> float:
    """`BotStyle.jam`: the hits the jammed blades (`jammed`) lose with the fighter ending its turn
    on cell `idx`: each blade's best blow on its jammed enemies, unless it may strike one of them
    with the fighter there (one blow a turn). Kept per cell."""
    pairs = jammed(ctx)
    if not pairs:
        return 0.0
    cells: dict[int, float] = ctx.kept.setdefault("jam_cells", {})  # type: ignore[assignment]
    got = cells.get(idx)
    if got is None:
        lost: dict[str, float] = {}
        freed: set[str] = set()
        for f, _e, i, free, rest, hit in pairs:
            if f.id in freed:
                continue
            fld = ctx.nav.blocked_strike_field(f.position, tuple(sorted((*rest, idx))))
            if fld[i] > free + JAM_SLACK:
                lost[f.id] = max(hit, lost.get(f.id, 0.0))  # still barred with the fighter there
            else:
                freed.add(f.id)
        got = cells[idx] = sum(v for fid, v in lost.items() if fid not in freed)
    return got
