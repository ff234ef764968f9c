"""Animations of combat and its aftermath: attacks, damage, deaths, pushes, taunts, sleep."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from arena_game.core.events import (
    Attacked,
    CircleSplitAwaited,
    Damaged,
    Died,
    Event,
    Fainted,
    Pushed,
    PushFailed,
    Taunted,
    WokeUp,
)
from arena_game.core.geometry import Square
from arena_game.i18n.terms import location_name, signed
from arena_game.render.palette import LABEL_BLUE as BLUE
from arena_game.render.palette import LABEL_GOLD as GOLD
from arena_game.render.palette import LABEL_GREEN as GREEN
from arena_game.render.palette import LABEL_GREY as GREY
from arena_game.render.palette import LABEL_RED as RED
from arena_game.render.palette import LABEL_WHITE as WHITE
from arena_game.ui.anim.pacing import (
    PUSH_SPEED,
    cruise,
    cruise_distance,
)
from arena_game.ui.anim.registry import animates
from arena_game.ui.anim.timeline import Pose, along_path

if TYPE_CHECKING:
    from arena_game.ui.anim.choreography import Choreographer


SINK_TERRAINS = ("lava", "acid", "hole")
DEATH_CAUSES = ("death_attack", "death_push_into_hazard", "death_hazard", "death_suicide")
"""Death causes with a label in the catalog (section [anim])."""

@animates(Attacked)
def attacked(c: Choreographer, e: Attacked, rest: list[Event]) -> None:
    a, t = c.pose(e.attacker), c.pose(e.target)
    dx, dy = t.x - a.x, t.y - a.y
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    ranged = dist > 1.5 and e.mode != "circle"
    if e.mode == "circle":
        angle = math.degrees(math.atan2(dy, dx))
        prev = c.sweep_angle.get(e.attacker, angle - 75)
        c.effect("sweep", 0.55, (a.x + 0.5, a.y + 0.5), colour=WHITE,
                    start_angle=prev, end_angle=angle, radius=1.25)
        c.sweep_angle[e.attacker] = angle
        reach = 0.15
    else:
        reach = 0.12 if ranged else 0.35

    def lunge(u: float) -> Pose:
        k = math.sin(math.pi * u)
        return a.moved(offset=(a.offset[0] + ux * reach * k, a.offset[1] + uy * reach * k))

    m = c.move(e.attacker, 0.4, lunge)
    hit_t = m.start + 0.18
    if ranged:
        c.effect("shot", 0.25, (a.x + 0.5, a.y + 0.5), m.start + 0.1,
                    to=(t.x + 0.5, t.y + 0.5))
        hit_t = m.start + 0.35
    if e.mode == "run":
        c.label(e.attacker, c.tr("run_attack"), GOLD, sub=c.tr("run_attack_sub"), start=m.start)
    if e.hit:
        c.effect("impact", 0.4, (t.x + 0.5, t.y + 0.5), hit_t, colour=RED)

        def struck(u: float) -> Pose:
            k = (1 - u)
            return t.moved(flash=k, offset=(t.offset[0] + ux * 0.12 * math.sin(math.pi * u),
                                             t.offset[1] + uy * 0.12 * math.sin(math.pi * u)))

        c.move(e.target, 0.35, struck, start=hit_t)
    else:
        def dodge(u: float) -> Pose:
            k = math.sin(math.pi * u) * 0.22
            return t.moved(offset=(t.offset[0] - uy * k, t.offset[1] + ux * k))

        c.move(e.target, 0.35, dodge, start=hit_t - 0.05)
        # the totals say why (a miss: the attack not above the dodge); a fainted target dodges only by a critical
        why = c.tr("dodged_asleep_sub") if e.target_asleep else c.tr(
            "dodged_sub", attack=_total(e.attack_total), dodge=_total(e.dodge_total))
        c.label(e.target, c.tr("dodged"), GREY, sub=why, start=hit_t)
    c.cursor = max(m.end, hit_t + 0.3)


def _total(value: int) -> str:
    """A roll's total as the dice lines print it: a minus sign below 0 (U+2212), no plus above."""
    return signed(value) if value < 0 else str(value)


@animates(Damaged)
def damaged(c: Choreographer, e: Damaged, rest: list[Event]) -> None:
    where = location_name(e.location, c.lang)
    left = signed(e.pv) if e.pv < 0 else e.pv  # below 0 as the log's line says it (R0.7), never a 0 beside its −2
    c.label(e.fighter, c.tr("damaged", amount=e.amount), RED, sub=c.tr("damaged_sub", where=where, pv=left),
            duration=1.5, big=True)
    c.cursor += 0.55


@animates(CircleSplitAwaited)
def circle_split_awaited(c: Choreographer, e: CircleSplitAwaited, rest: list[Event]) -> None:
    """R8.2: the damage rolled, before the player shares it (the split's own Damaged events follow)."""
    c.label(e.attacker, c.tr("split_awaited", total=e.total), GOLD, sub=c.tr("split_awaited_sub"), duration=1.5, big=True)
    c.cursor += 0.55


@animates(Died)
def died(c: Choreographer, e: Died, rest: list[Event]) -> None:
    fid = e.fighter
    base = c.pose(fid)
    terrain = c.board.terrain((e.at[0], e.at[1])).value
    cause = c.tr(f"death_{e.cause}") if f"death_{e.cause}" in DEATH_CAUSES else e.cause
    if e.cause == "attack" and e.by is not None:  # who struck the blow, as a push's label names the pusher
        cause = c.tr("death_attack_by", by=c.name(e.by))
    if terrain in SINK_TERRAINS and e.cause in ("push_into_hazard", "hazard"):
        # one label for a death in lava, acid or a hole: where it fell, in words (R2.5)
        into = c.tr(f"into_{terrain}")
        cause = c.tr("death_push_into_terrain" if e.cause == "push_into_hazard" else "death_sunk", into=into)
    if fid in c.sunk:
        c.label(fid, c.tr("died"), RED, sub=cause, start=c.cursor)
        c.cursor += 0.4
        return
    if terrain in SINK_TERRAINS:
        c.sink(fid, base, terrain, label=False)
        c.label(fid, c.tr("died"), RED, sub=cause)
        c.cursor += 0.4
        return

    def fade(u: float) -> Pose:
        return base.moved(flash=max(0.0, 1 - 3 * u), alpha=1 - u, scale=1 - 0.4 * u,
                          angle=base.angle + 70 * u, visible=u < 1)

    m = c.move(fid, 0.8, fade)
    c.effect("death", 1.2, (base.x + 0.5, base.y + 0.5), m.start)
    c.label(fid, c.tr("died"), RED, sub=cause, start=m.start, big=True)
    c.cursor = m.end


@animates(Pushed)
def pushed(c: Choreographer, e: Pushed, rest: list[Event]) -> None:
    fid, path = e.fighter, [(s[0], s[1]) for s in e.path]
    base, pusher = c.pose(fid), c.pose(e.by)
    dx, dy = base.x - pusher.x, base.y - pusher.y
    d = math.hypot(dx, dy) or 1.0

    def shove(u: float) -> Pose:
        k = math.sin(math.pi * u) * 0.3
        return pusher.moved(offset=(pusher.offset[0] + dx / d * k, pusher.offset[1] + dy / d * k))

    c.move(e.by, 0.3, shove)
    start = c.cursor + 0.12
    c.effect("impact", 0.4, (base.x + 0.5, base.y + 0.5), start, colour=WHITE)
    swims = c.board.terrain((e.path[-1][0], e.path[-1][1])).value == "water"  # R5.3: it swims now, its label says why
    c.label(fid, c.tr("pushed"), WHITE, sub=c.tr("pushed_water_sub" if swims else "pushed_sub", by=c.name(e.by)),
            start=start)
    steps = len(path) - 1
    if steps > 0:
        profile = cruise(steps, PUSH_SPEED, False, True)
        duration = profile[2]

        def slide(u: float, path: list[Square] = path) -> Pose:
            x, y = along_path(path, cruise_distance(profile, u * duration))
            return base.moved(x=x, y=y)

        m = c.move(fid, duration, slide, start=start)
        c.effect("dust", 0.5, (path[-1][0] + 0.5, path[-1][1] + 0.5), m.end - 0.05,
                    heading=(dx / d, dy / d))
        c.cursor = m.end
    else:
        c.shake(fid, 0.3, 0.1)
        c.cursor = start + 0.3
    end = path[-1]
    into = e.into if e.into in SINK_TERRAINS else c.board.terrain(end).value
    if into in SINK_TERRAINS:  # a death that follows says where it fell, in its own label
        dies = any(isinstance(x, Died) and x.fighter == fid for x in rest)
        c.sink(fid, c.pose(fid), into, label=not dies)
    elif e.fell:
        c.fall(fid, c.pose(fid))
    if steps > 0:  # the squares it goes through and into stay in sight till it has sunk or fallen
        # (s54: mid-push the "Poussée" pill covered a quarter of the lava square Tarn went into)
        c.effect("sight", c.cursor - start, None, start, squares=tuple(path))


@animates(PushFailed)
def push_failed(c: Choreographer, e: PushFailed, rest: list[Event]) -> None:
    pusher, target = c.pose(e.fighter), c.pose(e.target)
    dx, dy = target.x - pusher.x, target.y - pusher.y
    d = math.hypot(dx, dy) or 1.0

    def shove(u: float) -> Pose:
        k = math.sin(math.pi * u) * 0.25
        return pusher.moved(offset=(pusher.offset[0] + dx / d * k, pusher.offset[1] + dy / d * k))

    m = c.move(e.fighter, 0.35, shove)
    c.label(e.target, c.tr("push_failed"), GREY, sub=c.tr("push_failed_sub"), start=m.start + 0.15)
    c.cursor = m.end + 0.2


@animates(Taunted)
def taunted(c: Choreographer, e: Taunted, rest: list[Event]) -> None:
    base = c.pose(e.fighter)

    def bounce(u: float) -> Pose:
        k = abs(math.sin(2 * math.pi * u)) * 0.25
        return base.moved(offset=(base.offset[0], base.offset[1] - k), scale=1 + 0.3 * k)

    m = c.move(e.fighter, 0.6, bounce)
    c.label(e.fighter, c.tr(f"taunt_{e.style}"), GOLD, sub=c.tr("taunt_sub"), start=m.start)
    if e.success:
        c.effect("crowd", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.3,
                    text=c.tr("crowd_ok"), sub=c.tr("crowd_ok_sub"), colour=GOLD, cheer=True)
    else:
        c.effect("crowd", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.3,
                    text=c.tr("crowd_fail"), sub=c.tr("crowd_fail_sub"), colour=GREY, cheer=False)
    c.cursor = m.end + 0.9


@animates(Fainted)
def fainted(c: Choreographer, e: Fainted, rest: list[Event]) -> None:
    base = c.pose(e.fighter)

    def faint(u: float) -> Pose:
        return base.moved(angle=90.0 * u, alpha=1 - 0.4 * u)

    m = c.move(e.fighter, 0.8, faint)
    c.effect("zzz", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.2)
    c.label(e.fighter, c.tr("fainted"), BLUE, sub=c.tr_count("fainted_sub", e.turns, turns=e.turns), start=m.start)
    c.cursor = m.end + 0.3


@animates(WokeUp)
def woke_up(c: Choreographer, e: WokeUp, rest: list[Event]) -> None:
    base = c.pose(e.fighter)

    def wake(u: float) -> Pose:
        return base.moved(angle=base.angle * (1 - u), alpha=base.alpha + (1 - base.alpha) * u)

    m = c.move(e.fighter, 0.5, wake)
    c.label(e.fighter, c.tr("woke_up"), GREEN, sub=c.tr("woke_up_sub", mana=e.mana), start=m.start)
    c.cursor = m.end
