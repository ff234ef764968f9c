"""Animations of movement: walks, runs, swims, jumps, falls, stand-ups, teleports."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from arena_game.core.events import (
    Event,
    Fell,
    FleeChecked,
    JumpAttempted,
    Moved,
    RunEnded,
    RunRolled,
    RunStarted,
    StoodUp,
    SwimRolled,
    Tackled,
    Teleported,
)
from arena_game.core.geometry import Square
from arena_game.render.palette import LABEL_BLUE as BLUE
from arena_game.render.palette import LABEL_GOLD as GOLD
from arena_game.render.palette import LABEL_GREEN as GREEN
from arena_game.render.palette import LABEL_GREY as GREY
from arena_game.render.palette import LABEL_ORANGE as ORANGE
from arena_game.render.palette import LABEL_RED as RED
from arena_game.render.palette import LABEL_WHITE as WHITE
from arena_game.ui.anim.pacing import (
    RUN_SPEED,
    SWIM_SPEED,
    WALK_SPEED,
    cruise,
    cruise_distance,
    heading,
    time_to_reach,
)
from arena_game.ui.anim.registry import animates
from arena_game.ui.anim.timeline import Pose, along_path

if TYPE_CHECKING:
    from arena_game.ui.anim.choreography import Choreographer


@animates(Moved)
def moved(c: Choreographer, e: Moved, rest: list[Event]) -> None:
    fid, path = e.fighter, [(s[0], s[1]) for s in e.path]
    base = c.pose(fid)
    steps = len(path) - 1
    if steps <= 0:
        return
    if e.mode == "jump":
        c.jump(fid, path[0], path[-1], base)
        return
    if e.mode == "run":
        # A run comes in segments (split by tackle rolls, one per step action): the
        # runner speeds up on the batch's first segment and slows down on its last,
        # unless a tackle stops it dead.
        def running(x: Event) -> bool:
            return isinstance(x, Moved) and x.mode == "run" and x.fighter == fid

        ease_in = not any(running(x) for x in c.earlier)
        ease_out = not any(running(x) or (isinstance(x, Tackled) and x.fighter == fid) for x in rest)
        profile = cruise(steps, RUN_SPEED, ease_in, ease_out)
    elif e.mode == "swim":
        profile = cruise(steps, SWIM_SPEED, True, True)
    else:
        profile = cruise(steps, WALK_SPEED, True, True)
    duration = profile[2]

    def curve(u: float, path: list[Square] = path, base: Pose = base) -> Pose:
        x, y = along_path(path, cruise_distance(profile, u * duration))
        return base.moved(x=x, y=y)

    m = c.move(fid, duration, curve)
    # A trail effect per square left behind: dust for runs, ripples for swims.
    trail = {"run": "dust", "swim": "ripple"}.get(e.mode)
    if trail is not None:
        for i, sq in enumerate(path[:-1] if e.mode == "run" else path[1:]):
            s = i if e.mode == "run" else i + 1
            at_t = m.start + time_to_reach(profile, s)
            c.effect(trail, 0.6, (sq[0] + 0.5, sq[1] + 0.5), at_t,
                        heading=heading(path, max(0, s - 1) if e.mode == "swim" else s))
    c.cursor = m.end


@animates(JumpAttempted)
def jump_attempted(c: Choreographer, e: JumpAttempted, rest: list[Event]) -> None:
    if e.success:
        return  # the Moved(jump) that follows draws the arc
    base = c.pose(e.fighter)
    dx, dy = e.over[0] - base.x, e.over[1] - base.y

    def curve(u: float) -> Pose:
        k = math.sin(math.pi * u)
        return base.moved(offset=(0.35 * dx * k, 0.35 * dy * k - 0.35 * k))

    m = c.move(e.fighter, 0.5, curve)
    c.label(e.fighter, c.tr("jump_failed"), ORANGE, sub=c.tr("jump_failed_sub"), start=m.start + 0.3)
    c.cursor = m.end + 0.2


@animates(FleeChecked)
def flee_checked(c: Choreographer, e: FleeChecked, rest: list[Event]) -> None:
    if e.success:
        c.label(e.fighter, c.tr("flee_ok"), GREEN, sub=c.tr("flee_ok_sub"))
    else:
        c.label(e.fighter, c.tr("flee_fail"), ORANGE, sub=c.tr("flee_fail_sub"))
        c.shake(e.fighter, 0.35, 0.08)
    c.cursor += 0.45


@animates(SwimRolled)
def swim_rolled(c: Choreographer, e: SwimRolled, rest: list[Event]) -> None:
    c.label(e.fighter, c.tr_count("swim", e.squares, squares=e.squares), BLUE, sub=c.tr("swim_sub"), duration=1.0)
    c.cursor += 0.3


@animates(StoodUp)
def stood_up(c: Choreographer, e: StoodUp, rest: list[Event]) -> None:
    base = c.pose(e.fighter)
    m = c.move(e.fighter, 0.4, lambda u: base.moved(angle=base.angle * (1 - u)))
    c.label(e.fighter, c.tr("stood_up"), WHITE, sub=c.tr("stood_up_sub"), start=m.start)
    c.cursor = m.end


@animates(Fell)
def fell(c: Choreographer, e: Fell, rest: list[Event]) -> None:
    base = c.pose(e.fighter)
    if base.angle >= 90 or e.fighter in c.sunk:
        return  # already drawn lying by the push that threw it down
    c.fall(e.fighter, base)


@animates(RunStarted)
def run_started(c: Choreographer, e: RunStarted, rest: list[Event]) -> None:
    c.effect("declared", 1.2, text=c.tr("run_declared"), colour=GOLD,
                squares=[(s[0], s[1]) for s in e.declared], origin=c.pose(e.fighter))
    c.label(e.fighter, c.tr("run_started"), GOLD, sub=c.tr_count("run_started_sub", len(e.declared), squares=len(e.declared)))
    c.cursor += 0.4


@animates(RunRolled)
def run_rolled(c: Choreographer, e: RunRolled, rest: list[Event]) -> None:
    c.label(e.fighter, c.tr_count("run_rolled", e.squares, squares=e.squares), GOLD, sub=c.tr("run_rolled_sub", total=e.total))
    c.cursor += 0.35


@animates(Tackled)
def tackled(c: Choreographer, e: Tackled, rest: list[Event]) -> None:
    p = c.pose(e.fighter)
    c.effect("impact", 0.45, (p.x + 0.5, p.y + 0.5), colour=ORANGE)
    m = c.shake(e.fighter, 0.5, 0.14)
    c.label(e.fighter, c.tr("tackled"), RED, sub=c.tr("tackled_sub", by=c.name(e.by)), start=m.start, big=True)
    c.cursor = m.end + 0.1


@animates(RunEnded)
def run_ended(c: Choreographer, e: RunEnded, rest: list[Event]) -> None:
    if e.reason in ("tackled", "died", "flee_failed"):
        return  # the tackle, the death or the failed flight already said it
    key = e.reason if e.reason in ("voluntary_stop", "forced_stop") else "completed"
    text, sub = c.tr(f"run_{key}"), c.tr(f"run_{key}_sub")
    left = c.tr_count("run_left", e.squares_left) if e.squares_left else ""
    c.label(e.fighter, text, GREY, sub=f"{sub}{left}", duration=1.0)
    c.cursor += 0.25


@animates(Teleported)
def teleported(c: Choreographer, e: Teleported, rest: list[Event]) -> None:
    fid = e.fighter
    base = c.pose(fid)
    ox, oy = e.origin
    tx, ty = e.to
    origin = base.moved(x=float(ox), y=float(oy))

    def vanish(u: float) -> Pose:
        return origin.moved(alpha=1 - u, scale=1 - 0.8 * u, visible=u < 1)

    def appear(u: float) -> Pose:
        return origin.moved(x=float(tx), y=float(ty), alpha=u, scale=0.2 + 0.8 * u)

    out = c.move(fid, 0.45, vanish)
    c.effect("teleport", 0.7, (ox + 0.5, oy + 0.5), out.start, phase="out")
    gap = out.end + 0.1
    c.effect("teleport", 0.7, (tx + 0.5, ty + 0.5), gap - 0.15, phase="in")
    back = c.move(fid, 0.45, appear, start=gap)
    means = c.tr("means_potion" if e.means == "potion" else "means_spell")
    c.label(fid, c.tr("teleported"), BLUE, sub=c.tr("teleported_sub", means=means), start=back.start)
    c.cursor = back.end
