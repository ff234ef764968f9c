"""The worth of ending the turn on a square (`square_value`, behind `Context.value`), in PV-like
units: the attack it still allows, less the tempo given away, the danger there (`bots/danger.py`),
standing alone or barring a friend in a labyrinth (`bots/support.py`, `bots/fall_back.py`), a
bow's jam (`bots/jam.py`), the push hazard (`bots/pushes.py`) and the gap to where the fighter
closes to (`bots/closing.py`), each by its `BotStyle` weight (docs/bots.md, "How it chooses")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots import jam, options
from arena_game.bots.pushes import push_hazard
from arena_game.bots.reach import BEYOND_RANGE, IN_RANGE
from arena_game.core.geometry import Square, neighbours

if TYPE_CHECKING:
    from arena_game.bots.context import Context


def caution(ctx: Context) -> float:
    """The weight of `Danger.threat_at` in the value: doubled in flight, else faded with the
    rounds (`Context.late`), a bow or gun's own (`BotStyle.ranged_caution`)."""
    st = ctx.style
    if ctx.fleeing:
        return 2.0 * st.caution
    if ctx.ranged:
        return st.ranged_caution * ctx.late
    return st.caution * ctx.late


def square_value(ctx: Context, sq: Square, can_act: bool, attack_malus: int, reach: int | None, force: bool,
                 struck: bool) -> float:
    """The value of `sq` (see `Context.value` for the arguments, and for the answers kept)."""
    idx = sq[1] * ctx.width + sq[0]
    score = 0.0
    struck_at: str | None = None  # the enemy struck from `sq` (`Danger.tempo_at` spares it)
    if can_act and (ctx.can_attack or force):
        best, struck_at = _attack(ctx, sq, idx, attack_malus, reach)
        score += best
    if ctx.tempo_on:
        score = _tempo(ctx, sq, score, attack_malus, struck, struck_at)
    # The parts that do not depend on the attack, kept per square, each with its weight (the
    # same products, taken off in the same order).
    parts = ctx.square_parts.get(sq)
    if parts is None:
        parts = ctx.square_parts[sq] = _parts(ctx, sq, idx)
    score -= parts[0]
    if ctx.more_terms:
        score = _more_terms(ctx, sq, idx, score)
    score -= parts[1]
    return score - parts[2]


def value_terms(ctx: Context) -> tuple[bool, bool]:
    """Which of `square_value`'s terms that hold for the whole decision are weighed: the
    tempo (`BotStyle.tempo`), and any of the kite, the support, the jam and the death risk."""
    st = ctx.style
    late, fleeing, ranged = ctx.late > 0, ctx.fleeing, ctx.ranged
    tempo = bool(st.tempo) and late and not fleeing and (
        not st.tempo_held or ctx.state.round - ctx.bot.went <= st.tempo_held
        or ctx.bot.came_lately(ctx.state, ctx.enemies, st.tempo_held))
    more = bool(st.kite and ranged and not fleeing and late) or bool(st.iso and late and not fleeing) or bool(
        st.jam and ranged and not fleeing) or bool(st.death)
    return tempo, more


def _parts(ctx: Context, sq: Square, idx: int) -> tuple[float, float, float]:
    """What `sq` costs whatever the attack: the weighed threat, the push hazard, and the
    weighed gap to where the fighter closes to (negative: the distance a fleeing fighter keeps;
    0 without a target)."""
    if ctx.fleeing:
        place: float = min(min((fld[idx] for fld in ctx.enemy_fields), default=0), 8)
        closing = -(ctx.style.closing * place)  # (taking off its negative adds the product)
    elif ctx.target is not None:
        closing = ctx.style.closing * ctx.closing.gap(sq, idx)
    else:
        closing = 0.0  # (taking off 0.0 leaves the score as it is)
    return ctx.caution * ctx.danger.threat_at(sq), push_hazard(ctx, sq), closing


def _tempo(ctx: Context, sq: Square, score: float, attack_malus: int, struck: bool, struck_at: str | None) -> float:
    """`score` less the first strikes given away on `sq` (`BotStyle.tempo`, `Danger.tempo_at`)."""
    st, me, late = ctx.style, ctx.me, ctx.late
    tempo_at = ctx.danger.tempo_at
    if st.tempo_strikes or not (struck or ctx.acted or struck_at):
        spare = _struck(ctx) if struck or ctx.acted else ({struck_at} if struck_at else set())
        score -= st.tempo * late * tempo_at(sq, spare)
    elif st.tempo_weak and struck_at and attack_malus:
        expected_hit = ctx.odds.expected_hit
        target = ctx.state.fighters[struck_at]
        full = expected_hit(me, target)
        share = expected_hit(me, target, attack_malus) / full if full else 1.0
        if share < 1 and tempo_at(sq) > tempo_at(sq, {struck_at}):  # it is a free enemy
            score -= st.tempo * late * (1 - share) * ctx.odds.incoming(struck_at)
    return score


def _more_terms(ctx: Context, sq: Square, idx: int, score: float) -> float:
    """`score` less the kite, the lack of support, the jam and the death risk on `sq`."""
    st, me, late = ctx.style, ctx.me, ctx.late
    if st.kite and ctx.ranged and not ctx.fleeing and late > 0:
        score -= st.kite * ctx.danger.blades_at(idx)
    if st.iso and late > 0 and not ctx.fleeing:
        support = ctx.support
        score -= st.iso * late * support.alone_at(sq, idx)
        if st.make_way and support.strike_on():
            score -= st.make_way * late * ctx.fall_back.barring_at(sq, idx)
        if st.fall_back and not ctx.ranged and support.strike_on():
            score -= st.fall_back * late * ctx.fall_back.fall_at(idx)
    if st.jam and ctx.ranged and not ctx.fleeing:
        score -= st.jam * jam.jam_at(ctx, idx)
    if st.death:
        weight = ctx.danger.death_weight()
        if weight:  # (a nil chance or weight takes nothing off: the sums are skipped)
            risk = ctx.danger.death_at(idx)
            if risk:
                score -= weight * risk * ctx.odds.life_of(me)
    return score


def _attack(ctx: Context, sq: Square, idx: int, attack_malus: int, reach: int | None) -> tuple[float, str | None]:
    """The best expected hit from `sq` (cell `idx`) and the enemy it strikes (None when none):
    a shot (R1: range and sight, `beyond_range` at its malus) or a blade's blow, for a
    two-handed fighter a circle attack when two foes stand beside `sq` (R8)."""
    me = ctx.me
    expected_hit = ctx.odds.expected_hit
    struck_at: str | None = None
    # R8: a circle attack after a walk or a teleport, not a run's attack (R4.8: one
    # melee attack, `reach` given) nor a jump's (at −15, R2.4)
    circle = ctx.two_handed and reach is None and not attack_malus
    reach = ctx.my_reach if reach is None else reach
    best = 0.0  # expected hits are never negative
    if ctx.ranged and reach > 1:
        shots = ctx.shots_at_enemies
        if shots is None:
            shots = ctx.shots_at_enemies = [(e, ctx.bot.shots(ctx.state, me, e.position)) for e in ctx.enemies]
        for e, grid in shots:
            code = grid[idx]
            if code in (IN_RANGE, BEYOND_RANGE):
                hit = expected_hit(me, e, attack_malus + (0 if code == IN_RANGE else ctx.beyond_malus))
                if hit > best:
                    best, struck_at = hit, e.id
        return best, struck_at
    x, y = sq
    near = [e for e in ctx.enemies  # within `reach` (a Chebyshev distance, written out), not on `sq`
            if -reach <= (dx := e.position[0] - x) <= reach and -reach <= (dy := e.position[1] - y) <= reach
            and (dx or dy)]
    for e in near:
        hit = expected_hit(me, e, attack_malus)
        if hit > best:
            best, struck_at = hit, e.id
    if circle and len(near) > 1:
        best = max(best, options.circle_worth(ctx, neighbours(sq))[3])  # two foes in one swing
    return best, struck_at


def _struck(ctx: Context) -> set[str]:
    """The enemies the turn's action most likely struck: those within the fighter's reach."""
    x, y = ctx.me.position
    reach = ctx.my_reach if ctx.ranged else 1
    # Chebyshev distance (R0.8) written out: this runs for every plan of every decision (session 56's speed work)
    return {e.id for e in ctx.enemies if max(abs(e.position[0] - x), abs(e.position[1] - y)) <= reach}
