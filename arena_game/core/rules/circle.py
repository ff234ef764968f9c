"""Circle attack with a two-handed or very long weapon (R8)."""

from __future__ import annotations

from arena_game.core.actions import CircleAttack, CircleSplit
from arena_game.core.errors import IllegalAction, counted
from arena_game.core.events import Attacked, CircleSplitAwaited
from arena_game.core.geometry import Square, fmt, is_adjacent, neighbours
from arena_game.core.resolution import Resolution
from arena_game.core.rules.attack import (
    attack_hits,
    attack_keys,
    attack_modifiers,
    damage_terms,
    dodge_roll,
    harm,
    hit_location,
)
from arena_game.core.rules.budget import action_open, action_refusal, require
from arena_game.core.sheets import WeaponFamily
from arena_game.core.state import FighterState, MatchState, PendingSplit


def circle_squares(state: MatchState, f: FighterState) -> list[Square]:
    """R8.1: the adjacent squares with a fighter on them (allies included), clockwise from north."""
    taken = state.occupied()  # (one pass over the fighters, not one per neighbour)
    return [sq for sq in neighbours(f.position) if sq in taken]


def halving_split(total: int, n: int) -> list[int]:
    """R8.2 Reading: the first takes half rounded up, the next half of the rest…, the last the rest."""
    shares: list[int] = []
    left = total
    for i in range(n):
        share = left if i == n - 1 else (left + 1) // 2
        shares.append(share)
        left -= share
    return shares


def split_shape_refusal(split: list[int]) -> IllegalAction | None:
    """R8.2: a player's split is made of amounts ≥ 0 in non-increasing order."""
    if any(v < 0 for v in split):
        return IllegalAction("R8.2", "damage shares cannot be negative", code="split_negative")
    if any(a < b for a, b in zip(split, split[1:], strict=False)):
        return IllegalAction(
            "R8.2", f"the split {split} is not in decreasing order",
            code="split_not_decreasing", fields={"split": str(split)},
        )
    return None


def circle_refusal(
    state: MatchState, f: FighterState, order: list[Square], split: list[int] | None
) -> IllegalAction | None:
    """Why this circle attack is illegal, if so (R0.6, R8.1, R8.2)."""
    if (err := action_refusal(state, f)) is not None:
        return err
    w = f.sheet.weapon
    if w.family is not WeaponFamily.TWO_HANDED:
        return IllegalAction(
            "R8.1", f"a circle attack needs a two-handed or very long weapon, not {w.name}",
            code="circle_weapon", fields={"weapon": w.name},
        )
    seen: set[Square] = set()
    for sq in order:
        if not is_adjacent(f.position, sq):
            return IllegalAction(
                "R8.1", f"{fmt(sq)} is not adjacent to {f.sheet.name}",
                code="circle_not_adjacent", fields={"square": sq, "fighter": f.sheet.name},
            )
        if sq in seen:
            return IllegalAction(
                "R8.1", f"{fmt(sq)} is named twice in the order", code="circle_named_twice", fields={"square": sq},
            )
        seen.add(sq)
    for sq in circle_squares(state, f):
        if sq not in seen:
            other = state.fighter_at(sq)
            assert other is not None
            return IllegalAction(
                "R8.1", f"every fighter around must be in the round: {other.sheet.name} at {fmt(sq)} is missing",
                code="circle_missing", fields={"fighter": other.sheet.name, "square": sq},
            )
    victims = [sq for sq in order if state.fighter_at(sq) is not None]
    if not victims:
        return IllegalAction("R8.1", "there is no fighter around to hit", code="circle_no_one")
    if split is not None:
        if (err := split_shape_refusal(split)) is not None:
            return err
        if len(split) > len(victims):
            return IllegalAction(
                "R8.2", f"the split has {counted(len(split), 'share', 'shares')} for {counted(len(victims), 'fighter', 'fighters')}",
                code="split_count", fields={"shares": len(split), "victims": len(victims)},
            )
    return None


def open_circle_squares(state: MatchState, f: FighterState) -> list[Square]:
    """The squares around `f` a circle attack names now (`circle_squares`) when `circle_refusal`
    would accept them in that order, else none: its checks without building a refusal (bots
    ask it every decision; a test compares both). Named in `circle_squares`' order, the squares
    are adjacent, each once, every fighter around is in the round and one at least is hit: only
    the turn's action (R0.6) and the weapon (R8.1) are left to check."""
    if f.sheet.weapon.family is not WeaponFamily.TWO_HANDED or not action_open(state, f):
        return []
    return circle_squares(state, f)


def circle_shares(total: int, hit: int, split: list[int] | None) -> list[int]:
    """R8.2: the damage of each fighter hit, in the declared order.

    A split given with the attack (a scenario's, a script's) must have one share per fighter
    hit and add up to the damage; since both are known only after the roll, a split that
    does not fit is refused then (the engine rewinds the dice). A player at the table gives
    their split after the roll instead: `combat.circle_split = "player"` and no split with the
    attack make the match wait for a `CircleSplit` (`MatchState.split_pending`).
    """
    if split is None:
        return halving_split(total, hit)
    require(split_fit_refusal(split, total, hit))
    return list(split)


def split_fit_refusal(split: list[int], total: int, hit: int) -> IllegalAction | None:
    """R8.2: a split has one share per fighter hit and adds up to the damage rolled."""
    if len(split) == hit and sum(split) == total:
        return None
    return IllegalAction(
        "R8.2", f"the split {split} does not share {total} damage among the {hit} fighters hit" if hit != 1
        else f"the split {split} does not match {total} damage for {hit} fighter hit",
        code="split_total", fields={"split": str(split), "total": total, "hit": hit},
    )


def circle_attack(r: Resolution, action: CircleAttack) -> None:
    """R8: one attack roll; every fighter around dodges; one damage roll shared, one location."""
    state = r.state
    f = state.active
    require(circle_refusal(state, f, list(action.order), action.split))
    state.budget.acted = True
    mods = attack_modifiers(state, None, "circle")
    att = r.check_roll(f, "circle_attack", attack_keys(r.settings, f), "attack", mods)
    hit: list[FighterState] = []
    for sq in action.order:
        target = state.fighter_at(sq)
        if target is None:
            continue
        dodge = dodge_roll(r, target)
        asleep = target.asleep_turns > 0
        ok = attack_hits(att.total, dodge.total, dodge.critical, asleep)
        r.emit(Attacked(
            attacker=f.id, target=target.id, attack_total=att.total, dodge_total=dodge.total,
            hit=ok, mode="circle", target_asleep=asleep,
        ))
        if ok:
            hit.append(target)
    if not hit:
        return
    loc = hit_location(r, f)  # R8.3: one location for all, no location bonus
    terms, dmods = damage_terms(state, f, None, 0)
    dmg = f.sheet.weapon.damage
    total = max(0, r.damage_roll(f, "circle_damage", dmg.count, dmg.sides, terms, dmods).total)
    if action.split is None and state.settings.combat.circle_split == "player" and len(hit) > 1 and total > 0:
        # R8.2: the player shares the roll once it is known; the match waits for the split
        state.split_pending = PendingSplit(f.id, total, tuple(t.id for t in hit), loc.name)
        r.emit(CircleSplitAwaited(attacker=f.id, total=total, hit=[t.id for t in hit]))
        return
    _deal(r, f, hit, circle_shares(total, len(hit), action.split), loc.name)


def _deal(r: Resolution, attacker: FighterState, hit: list[FighterState], shares: list[int], location: str) -> None:
    for target, share in zip(hit, shares, strict=True):
        if share > 0:
            harm(r, attacker, target, share, location)


def split_pending_refusal(state: MatchState) -> IllegalAction | None:
    """R8.2: while a circle attack's damage awaits the player's split, nothing else goes on."""
    pending = state.split_pending
    if pending is None:
        return None
    name = state.fighters[pending.attacker].sheet.name
    return IllegalAction(
        "R8.2", f"{name} first shares the circle attack's {pending.total} damage among the fighters hit",
        code="split_pending", fields={"fighter": name, "total": pending.total},
    )


def no_split_refusal(state: MatchState) -> IllegalAction | None:
    """R8.2: why no split can be given now (no circle attack's damage awaits one), if so."""
    if state.split_pending is None:
        return IllegalAction("R8.2", "no circle attack's damage awaits a split", code="no_split_pending")
    return None


def circle_split_refusal(state: MatchState, split: list[int]) -> IllegalAction | None:
    """Why `split` cannot share the circle attack's damage now, if so (R8.2)."""
    pending = state.split_pending
    if pending is None:
        return no_split_refusal(state)
    return split_shape_refusal(split) or split_fit_refusal(split, pending.total, len(pending.hit))


def circle_split(r: Resolution, action: CircleSplit) -> None:
    """R8.2: deal the pending circle attack's damage by the player's split, in the declared order."""
    state = r.state
    require(circle_split_refusal(state, list(action.split)))
    pending = state.split_pending
    assert pending is not None
    state.split_pending = None
    attacker = state.fighters[pending.attacker]
    _deal(r, attacker, [state.fighters[i] for i in pending.hit], list(action.split), pending.location)
