"""Core events → motions and effects on a timeline (pure; no pygame).

The choreographer reads events and a snapshot of the state taken BEFORE they applied;
it never touches a `MatchState` after construction and never changes one. It keeps its
own idea of where each token stands as the events go by (a walk moves a token, a death
hides it), which is how a run followed by an attack lunges from the run's last square.

Durations are seconds at 1× speed. Blocking steps advance the `cursor` (the next
event starts there); floating labels and dice banners outlive the step that made them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from arena_game.core.events import (
    Attacked,
    Damaged,
    DiceRolled,
    Died,
    Event,
    Fainted,
    Fell,
    FleeChecked,
    JumpAttempted,
    LostForGood,
    ManaChanged,
    MatchEnded,
    MatchStarted,
    ModifierAdded,
    Moved,
    Pushed,
    PushFailed,
    RenownGained,
    RunEnded,
    RunRolled,
    RunStarted,
    StoodUp,
    SwimRolled,
    TackleChecked,
    Tackled,
    Taunted,
    Teleported,
    TurnOrderSet,
    TurnSkipped,
    TurnStarted,
    WokeUp,
)
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.i18n import t as catalog_text
from arena_game.i18n.narration import applies_to_words, dice_line
from arena_game.i18n.terms import location_name, mana_reason, modifier_source
from arena_game.ui.anim.timeline import Effect, Motion, Pose, PoseCurve, Timeline, along_path

# Speeds in squares per second at 1×.
RUN_SPEED = 6.0
WALK_SPEED = 3.5
SWIM_SPEED = 3.0
PUSH_SPEED = 7.0

RED = (235, 70, 60)
WHITE = (250, 250, 250)
GOLD = (250, 210, 80)
BLUE = (110, 170, 255)
GREEN = (120, 220, 120)
GREY = (190, 190, 190)
ORANGE = (255, 160, 60)

SINK_TERRAINS = ("lava", "acid", "hole")
DEATH_CAUSES = ("death_attack", "death_push_into_hazard", "death_hazard", "death_suicide")
"""Death causes with a label in the catalog (section [anim])."""


def cruise(steps: float, speed: float, ease_in: bool, ease_out: bool) -> tuple[float, float, float, float]:
    """Speed profile over `steps` squares: (accel distance, decel distance, duration, speed).

    Constant speed, with a constant acceleration at the start when `ease_in`
    and a deceleration over the last one when `ease_out`: half a square each.
    """
    d_in = min(0.5, steps / 2) if ease_in else 0.0
    d_out = min(0.5, steps / 2) if ease_out else 0.0
    cruise_d = max(0.0, steps - d_in - d_out)
    duration = (2 * d_in + cruise_d + 2 * d_out) / speed
    return d_in, d_out, duration, speed


def cruise_distance(profile: tuple[float, float, float, float], t: float) -> float:
    """Squares covered `t` seconds into a `cruise` profile."""
    d_in, d_out, duration, v = profile
    t = min(max(t, 0.0), duration)
    t_in = 2 * d_in / v
    t_out = 2 * d_out / v
    t_cruise = duration - t_in - t_out
    if t < t_in:
        return v * t * t / (2 * t_in)
    if t < t_in + t_cruise:
        return d_in + v * (t - t_in)
    if t_out <= 0:
        return d_in + v * t_cruise
    tb = t - t_in - t_cruise
    return d_in + v * t_cruise + v * tb - v * tb * tb / (2 * t_out)


class Choreographer:
    """Turns event batches into timeline motions and effects, in order."""

    def __init__(self, timeline: Timeline, state: MatchState, start: float = 0.0, lang: str = "fr") -> None:
        self.tl = timeline
        self.lang = lang
        self.cursor = start
        self.board = state.board  # immutable, shared safely
        self.names: dict[str, str] = {}
        self.team_names: dict[str, str] = {}
        self.known: set[str] = set()
        self.sunk: set[str] = set()
        self.sweep_angle: dict[str, float] = {}  # circle attack (R8): where the last swing ended
        self.earlier: list[Event] = []  # the events of the batch before the one being played
        self.learn(state)

    # -- state snapshot ----------------------------------------------------------------

    def learn(self, state: MatchState) -> None:
        """Take the names and resting poses of fighters not seen yet (plain copies only)."""
        for t in state.teams.values():
            self.team_names.setdefault(t.id, t.name)
        for f in state.fighters.values():
            self.names.setdefault(f.id, f.sheet.name)
            if f.id in self.known:
                continue
            self.known.add(f.id)
            if f.alive:
                lying = f.fallen or f.asleep_turns > 0
                self.tl.initial[f.id] = Pose(
                    float(f.position[0]), float(f.position[1]),
                    alpha=0.6 if f.asleep_turns > 0 else 1.0, angle=90.0 if lying else 0.0,
                )

    # -- helpers -----------------------------------------------------------------------

    def pose(self, fid: str) -> Pose:
        """Where the token stands once everything scheduled so far is over."""
        p = self.tl.last_pose(fid)
        return p if p is not None else Pose(0.0, 0.0, visible=False)

    def free_at(self, fid: str) -> float:
        """When the fighter's last scheduled motion ends."""
        return max((m.end for m in self.tl.motions.get(fid, ())), default=0.0)

    def move(self, fid: str, duration: float, curve: PoseCurve, start: float | None = None) -> Motion:
        """Schedule a motion no earlier than the cursor (or `start`) and the fighter's last one."""
        begin = max(self.cursor if start is None else start, self.free_at(fid))
        m = Motion(fid, begin, duration, curve)
        self.tl.add_motion(m)
        return m

    def effect(self, kind: str, duration: float, at: tuple[float, float] | None = None,
               start: float | None = None, text: str = "", colour: tuple[int, int, int] = WHITE,
               **data: object) -> Effect:
        """Add an effect (by default at the cursor)."""
        e = Effect(kind, self.cursor if start is None else start, duration, at, text, colour, dict(data))
        self.tl.effects.append(e)
        return e

    def label(self, fid: str, text: str, colour: tuple[int, int, int] = WHITE,
              duration: float = 1.3, start: float | None = None, sub: str = "",
              big: bool = False) -> Effect:
        """A floating label over a fighter; labels alive at once stack upwards (draw._labels)."""
        begin = self.cursor if start is None else start
        p = self.pose(fid)
        return self.effect("label", duration, (p.x + 0.5, p.y + 0.5), begin, text, colour,
                           fighter=fid, sub=sub, big=big)

    def tr(self, key: str, **fields: object) -> str:
        """A label's text from the catalog (section [anim]) in the queue's language."""
        return catalog_text(f"anim.{key}", self.lang, **fields)

    def name(self, fid: str | None) -> str:
        """A fighter's display name."""
        return self.names.get(fid, fid) if fid else "—"

    # -- entry -------------------------------------------------------------------------

    def play(self, events: Iterable[Event]) -> None:
        """Schedule every event in order."""
        batch = list(events)
        self.sweep_angle.clear()
        for i, e in enumerate(batch):
            handler = getattr(self, f"_on_{e.type}", None)
            if handler is not None:
                self.earlier = batch[:i]
                handler(e, batch[i + 1:])
        self.tl.cursor = max(self.tl.cursor, self.cursor)

    # -- turns -------------------------------------------------------------------------

    def _on_match_started(self, e: MatchStarted, rest: list[Event]) -> None:
        self.effect("banner", 1.2, text=self.tr("match_started"), sub=self.tr("match_started_sub"), colour=GOLD)
        self.cursor += 0.9

    def _on_turn_order_set(self, e: TurnOrderSet, rest: list[Event]) -> None:
        order = " · ".join(self.name(f) for f in e.order)
        self.effect("banner", 1.4, text=self.tr("turn_order"), sub=order, colour=WHITE, small=True)
        self.cursor += 0.8

    def _on_turn_started(self, e: TurnStarted, rest: list[Event]) -> None:
        self.effect("banner", 1.0, text=self.tr("turn_started", round=e.round, name=self.name(e.fighter)),
                    sub=self.tr("turn_started_sub", round=e.round, name=self.name(e.fighter)), colour=GOLD,
                    fighter=e.fighter)
        self.cursor += 0.8

    def _on_turn_skipped(self, e: TurnSkipped, rest: list[Event]) -> None:
        self.label(e.fighter, self.tr("turn_skipped"), GREY, sub=self.tr("turn_skipped_sub", reason=e.reason))
        self.cursor += 0.6

    def _on_match_ended(self, e: MatchEnded, rest: list[Event]) -> None:
        team = self.team_names.get(e.winner, e.winner) if e.winner else None
        key = "match_won" if team else "match_no_winner"
        self.effect("banner", 2.2, text=self.tr(key, team=team), sub=self.tr(f"{key}_sub", team=team),
                    colour=GOLD, final=True)
        self.cursor += 2.2

    # -- dice --------------------------------------------------------------------------

    def _on_dice_rolled(self, e: DiceRolled, rest: list[Event]) -> None:
        r = e.roll
        if rest and isinstance(rest[0], Attacked) and rest[0].mode == "circle":
            # a dodge in a circle attack (R8): the swing goes on while the roll shows
            self.effect("dice", 1.8, text=dice_line(e, self.names, self.lang), colour=WHITE, fighter=e.fighter,
                        who=self.name(e.fighter), die=r.die, face=r.face, total=r.total,
                        critical=r.critical)
            self.cursor += 0.1
            return
        if rest and isinstance(rest[0], TackleChecked) and not rest[0].tackled:
            # a tackle roll the runner survives: shown while it runs on
            self.effect("dice", 1.8, text=dice_line(e, self.names, self.lang), colour=WHITE, fighter=e.fighter,
                        who=self.name(e.fighter), die=r.die, face=r.face, total=r.total,
                        critical=r.critical)
            return
        self.effect("dice", 1.8, text=dice_line(e, self.names, self.lang), colour=WHITE, fighter=e.fighter,
                    who=self.name(e.fighter), die=r.die, face=r.face, total=r.total,
                    critical=r.critical)
        self.cursor += 0.3

    # -- movement ----------------------------------------------------------------------

    def _on_moved(self, e: Moved, rest: list[Event]) -> None:
        fid, path = e.fighter, [(s[0], s[1]) for s in e.path]
        base = self.pose(fid)
        steps = len(path) - 1
        if steps <= 0:
            return
        if e.mode == "jump":
            self._jump(fid, path[0], path[-1], base)
            return
        if e.mode == "run":
            # A run comes in segments (split by tackle rolls, one per step action): the
            # runner speeds up on the batch's first segment and slows down on its last,
            # unless a tackle stops it dead.
            def running(x: Event) -> bool:
                return isinstance(x, Moved) and x.mode == "run" and x.fighter == fid

            ease_in = not any(running(x) for x in self.earlier)
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

        m = self.move(fid, duration, curve)
        # A trail effect per square left behind: dust for runs, ripples for swims.
        trail = {"run": "dust", "swim": "ripple"}.get(e.mode)
        if trail is not None:
            for i, sq in enumerate(path[:-1] if e.mode == "run" else path[1:]):
                s = i if e.mode == "run" else i + 1
                at_t = m.start + _time_to_reach(profile, s)
                self.effect(trail, 0.6, (sq[0] + 0.5, sq[1] + 0.5), at_t,
                            heading=_heading(path, max(0, s - 1) if e.mode == "swim" else s))
        self.cursor = m.end

    def _jump(self, fid: str, origin: Square, landing: Square, base: Pose) -> None:
        ox, oy = origin
        lx, ly = landing

        def curve(u: float) -> Pose:
            k = math.sin(math.pi * u)
            return base.moved(x=ox + (lx - ox) * u, y=oy + (ly - oy) * u,
                              offset=(0.0, -0.7 * k), scale=1.0 + 0.25 * k)

        m = self.move(fid, 0.65, curve)
        self.effect("dust", 0.5, (lx + 0.5, ly + 0.5), m.end - 0.05, heading=(0.0, 0.0))
        self.cursor = m.end

    def _on_jump_attempted(self, e: JumpAttempted, rest: list[Event]) -> None:
        if e.success:
            return  # the Moved(jump) that follows draws the arc
        base = self.pose(e.fighter)
        dx, dy = e.over[0] - base.x, e.over[1] - base.y

        def curve(u: float) -> Pose:
            k = math.sin(math.pi * u)
            return base.moved(offset=(0.35 * dx * k, 0.35 * dy * k - 0.35 * k))

        m = self.move(e.fighter, 0.5, curve)
        self.label(e.fighter, self.tr("jump_failed"), ORANGE, sub=self.tr("jump_failed_sub"), start=m.start + 0.3)
        self.cursor = m.end + 0.2

    def _on_flee_checked(self, e: FleeChecked, rest: list[Event]) -> None:
        if e.success:
            self.label(e.fighter, self.tr("flee_ok"), GREEN, sub=self.tr("flee_ok_sub"))
        else:
            self.label(e.fighter, self.tr("flee_fail"), ORANGE, sub=self.tr("flee_fail_sub"))
            self._shake(e.fighter, 0.35, 0.08)
        self.cursor += 0.45

    def _on_swim_rolled(self, e: SwimRolled, rest: list[Event]) -> None:
        self.label(e.fighter, self.tr("swim", squares=e.squares), BLUE, sub=self.tr("swim_sub"), duration=1.0)
        self.cursor += 0.3

    def _on_stood_up(self, e: StoodUp, rest: list[Event]) -> None:
        base = self.pose(e.fighter)
        m = self.move(e.fighter, 0.4, lambda u: base.moved(angle=base.angle * (1 - u)))
        self.label(e.fighter, self.tr("stood_up"), WHITE, sub=self.tr("stood_up_sub"), start=m.start)
        self.cursor = m.end

    def _on_fell(self, e: Fell, rest: list[Event]) -> None:
        base = self.pose(e.fighter)
        if base.angle >= 90 or e.fighter in self.sunk:
            return  # already drawn lying by the push that threw it down
        self._fall(e.fighter, base)

    def _fall(self, fid: str, base: Pose) -> Motion:
        def curve(u: float) -> Pose:
            return base.moved(angle=90.0 * u, offset=(0.0, 0.12 * math.sin(math.pi * u)))

        m = self.move(fid, 0.35, curve)
        self.effect("dust", 0.5, (base.x + 0.5, base.y + 0.5), m.end - 0.1, heading=(0.0, 0.0))
        self.label(fid, self.tr("fallen"), ORANGE, sub=self.tr("fallen_sub"), start=m.start + 0.1)
        self.cursor = m.end
        return m

    # -- run ---------------------------------------------------------------------------

    def _on_run_started(self, e: RunStarted, rest: list[Event]) -> None:
        self.effect("declared", 1.2, text=self.tr("run_declared"), colour=GOLD,
                    squares=[(s[0], s[1]) for s in e.declared], origin=self.pose(e.fighter))
        self.label(e.fighter, self.tr("run_started"), GOLD, sub=self.tr("run_started_sub"))
        self.cursor += 0.4

    def _on_run_rolled(self, e: RunRolled, rest: list[Event]) -> None:
        self.label(e.fighter, self.tr("run_rolled", squares=e.squares), GOLD, sub=self.tr("run_rolled_sub", total=e.total))
        self.cursor += 0.35

    def _on_tackled(self, e: Tackled, rest: list[Event]) -> None:
        p = self.pose(e.fighter)
        self.effect("impact", 0.45, (p.x + 0.5, p.y + 0.5), colour=ORANGE)
        m = self._shake(e.fighter, 0.5, 0.14)
        self.label(e.fighter, self.tr("tackled"), RED, sub=self.tr("tackled_sub", by=self.name(e.by)), start=m.start, big=True)
        self.cursor = m.end + 0.1

    def _on_run_ended(self, e: RunEnded, rest: list[Event]) -> None:
        if e.reason in ("tackled", "died", "flee_failed"):
            return  # the tackle, the death or the failed flight already said it
        key = e.reason if e.reason in ("voluntary_stop", "forced_stop") else "completed"
        text, sub = self.tr(f"run_{key}"), self.tr(f"run_{key}_sub")
        left = self.tr("run_left", n=e.squares_left) if e.squares_left else ""
        self.label(e.fighter, text, GREY, sub=f"{sub}{left}", duration=1.0)
        self.cursor += 0.25

    def _shake(self, fid: str, duration: float, amp: float) -> Motion:
        base = self.pose(fid)

        def curve(u: float) -> Pose:
            k = amp * (1 - u) * math.sin(u * math.pi * 9)
            return base.moved(offset=(base.offset[0] + k, base.offset[1]))

        return self.move(fid, duration, curve)

    # -- combat ------------------------------------------------------------------------

    def _on_attacked(self, e: Attacked, rest: list[Event]) -> None:
        a, t = self.pose(e.attacker), self.pose(e.target)
        dx, dy = t.x - a.x, t.y - a.y
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        ranged = dist > 1.5 and e.mode != "circle"
        if e.mode == "circle":
            angle = math.degrees(math.atan2(dy, dx))
            prev = self.sweep_angle.get(e.attacker, angle - 75)
            self.effect("sweep", 0.55, (a.x + 0.5, a.y + 0.5), colour=WHITE,
                        start_angle=prev, end_angle=angle, radius=1.25)
            self.sweep_angle[e.attacker] = angle
            reach = 0.15
        else:
            reach = 0.12 if ranged else 0.35

        def lunge(u: float) -> Pose:
            k = math.sin(math.pi * u)
            return a.moved(offset=(a.offset[0] + ux * reach * k, a.offset[1] + uy * reach * k))

        m = self.move(e.attacker, 0.4, lunge)
        hit_t = m.start + 0.18
        if ranged:
            self.effect("shot", 0.25, (a.x + 0.5, a.y + 0.5), m.start + 0.1,
                        to=(t.x + 0.5, t.y + 0.5))
            hit_t = m.start + 0.35
        if e.mode == "run":
            self.label(e.attacker, self.tr("run_attack"), GOLD, sub=self.tr("run_attack_sub"), start=m.start)
        if e.hit:
            self.effect("impact", 0.4, (t.x + 0.5, t.y + 0.5), hit_t, colour=RED)

            def struck(u: float) -> Pose:
                k = (1 - u)
                return t.moved(flash=k, offset=(t.offset[0] + ux * 0.12 * math.sin(math.pi * u),
                                                 t.offset[1] + uy * 0.12 * math.sin(math.pi * u)))

            self.move(e.target, 0.35, struck, start=hit_t)
        else:
            def dodge(u: float) -> Pose:
                k = math.sin(math.pi * u) * 0.22
                return t.moved(offset=(t.offset[0] - uy * k, t.offset[1] + ux * k))

            self.move(e.target, 0.35, dodge, start=hit_t - 0.05)
            self.label(e.target, self.tr("dodged"), GREY, sub=self.tr("dodged_sub"), start=hit_t)
        self.cursor = max(m.end, hit_t + 0.3)

    def _on_damaged(self, e: Damaged, rest: list[Event]) -> None:
        where = location_name(e.location, self.lang)
        self.label(e.fighter, self.tr("damaged", amount=e.amount), RED, sub=self.tr("damaged_sub", where=where, pv=max(0, e.pv)),
                   duration=1.5, big=True)
        self.cursor += 0.55

    def _on_died(self, e: Died, rest: list[Event]) -> None:
        fid = e.fighter
        base = self.pose(fid)
        terrain = self.board.terrain((e.at[0], e.at[1])).value
        cause = self.tr(f"death_{e.cause}") if f"death_{e.cause}" in DEATH_CAUSES else e.cause
        if fid in self.sunk:
            self.label(fid, self.tr("died"), RED, sub=cause, start=self.cursor)
            self.cursor += 0.4
            return
        if terrain in SINK_TERRAINS:
            self._sink(fid, base, terrain)
            self.label(fid, self.tr("died"), RED, sub=cause)
            self.cursor += 0.4
            return

        def fade(u: float) -> Pose:
            return base.moved(flash=max(0.0, 1 - 3 * u), alpha=1 - u, scale=1 - 0.4 * u,
                              angle=base.angle + 70 * u, visible=u < 1)

        m = self.move(fid, 0.8, fade)
        self.effect("death", 1.2, (base.x + 0.5, base.y + 0.5), m.start)
        self.label(fid, self.tr("died"), RED, sub=cause, start=m.start, big=True)
        self.cursor = m.end

    def _sink(self, fid: str, base: Pose, terrain: str) -> Motion:
        def sink(u: float) -> Pose:
            return base.moved(scale=1 - 0.7 * u, alpha=1 - u, offset=(base.offset[0], 0.15 * u),
                              visible=u < 1)

        m = self.move(fid, 0.9, sink)
        self.effect("sink", 1.2, (base.x + 0.5, base.y + 0.5), m.start, terrain=terrain)
        self.label(fid, self.tr("sunk", terrain=self.tr(f"terrain_{terrain}")), ORANGE,
                   sub=self.tr("sunk_sub", terrain=terrain), start=m.start + 0.2)
        self.sunk.add(fid)
        self.cursor = m.end
        return m

    def _on_pushed(self, e: Pushed, rest: list[Event]) -> None:
        fid, path = e.fighter, [(s[0], s[1]) for s in e.path]
        base, pusher = self.pose(fid), self.pose(e.by)
        dx, dy = base.x - pusher.x, base.y - pusher.y
        d = math.hypot(dx, dy) or 1.0

        def shove(u: float) -> Pose:
            k = math.sin(math.pi * u) * 0.3
            return pusher.moved(offset=(pusher.offset[0] + dx / d * k, pusher.offset[1] + dy / d * k))

        self.move(e.by, 0.3, shove)
        start = self.cursor + 0.12
        self.effect("impact", 0.4, (base.x + 0.5, base.y + 0.5), start, colour=WHITE)
        self.label(fid, self.tr("pushed"), WHITE, sub=self.tr("pushed_sub", by=self.name(e.by)), start=start)
        steps = len(path) - 1
        if steps > 0:
            profile = cruise(steps, PUSH_SPEED, False, True)
            duration = profile[2]

            def slide(u: float, path: list[Square] = path) -> Pose:
                x, y = along_path(path, cruise_distance(profile, u * duration))
                return base.moved(x=x, y=y)

            m = self.move(fid, duration, slide, start=start)
            self.effect("dust", 0.5, (path[-1][0] + 0.5, path[-1][1] + 0.5), m.end - 0.05,
                        heading=(dx / d, dy / d))
            self.cursor = m.end
        else:
            self._shake(fid, 0.3, 0.1)
            self.cursor = start + 0.3
        end = path[-1]
        into = e.into if e.into in SINK_TERRAINS else self.board.terrain(end).value
        if into in SINK_TERRAINS:
            self._sink(fid, self.pose(fid), into)
        elif e.fell:
            self._fall(fid, self.pose(fid))

    def _on_push_failed(self, e: PushFailed, rest: list[Event]) -> None:
        pusher, target = self.pose(e.fighter), self.pose(e.target)
        dx, dy = target.x - pusher.x, target.y - pusher.y
        d = math.hypot(dx, dy) or 1.0

        def shove(u: float) -> Pose:
            k = math.sin(math.pi * u) * 0.25
            return pusher.moved(offset=(pusher.offset[0] + dx / d * k, pusher.offset[1] + dy / d * k))

        m = self.move(e.fighter, 0.35, shove)
        self.label(e.target, self.tr("push_failed"), GREY, sub=self.tr("push_failed_sub"), start=m.start + 0.15)
        self.cursor = m.end + 0.2

    def _on_teleported(self, e: Teleported, rest: list[Event]) -> None:
        fid = e.fighter
        base = self.pose(fid)
        ox, oy = e.origin
        tx, ty = e.to
        origin = base.moved(x=float(ox), y=float(oy))

        def vanish(u: float) -> Pose:
            return origin.moved(alpha=1 - u, scale=1 - 0.8 * u, visible=u < 1)

        def appear(u: float) -> Pose:
            return origin.moved(x=float(tx), y=float(ty), alpha=u, scale=0.2 + 0.8 * u)

        out = self.move(fid, 0.45, vanish)
        self.effect("teleport", 0.7, (ox + 0.5, oy + 0.5), out.start, phase="out")
        gap = out.end + 0.1
        self.effect("teleport", 0.7, (tx + 0.5, ty + 0.5), gap - 0.15, phase="in")
        back = self.move(fid, 0.45, appear, start=gap)
        means = self.tr("means_potion" if e.means == "potion" else "means_spell")
        self.label(fid, self.tr("teleported"), BLUE, sub=self.tr("teleported_sub", means=means), start=back.start)
        self.cursor = back.end

    def _on_mana_changed(self, e: ManaChanged, rest: list[Event]) -> None:
        self.label(e.fighter, self.tr("mana", delta=f"{e.delta:+d}".replace("-", "−")), BLUE, sub=mana_reason(e.reason, self.lang), duration=1.1)
        self.cursor += 0.15

    def _on_modifier_added(self, e: ModifierAdded, rest: list[Event]) -> None:
        colour = GREEN if e.value > 0 else ORANGE
        what = applies_to_words(e.applies_to, self.lang)
        self.label(e.fighter, self.tr("modifier", value=f"{e.value:+d}".replace("-", "−"), what=what), colour,
                   sub=self.tr("modifier_sub", source=modifier_source(e.source, self.lang), rule=e.rule, turns=e.turns), duration=1.3)
        self.cursor += 0.2

    # -- taunts, sleep -------------------------------------------------------------------

    def _on_taunted(self, e: Taunted, rest: list[Event]) -> None:
        base = self.pose(e.fighter)

        def bounce(u: float) -> Pose:
            k = abs(math.sin(2 * math.pi * u)) * 0.25
            return base.moved(offset=(base.offset[0], base.offset[1] - k), scale=1 + 0.3 * k)

        m = self.move(e.fighter, 0.6, bounce)
        self.label(e.fighter, self.tr(f"taunt_{e.style}"), GOLD, sub=self.tr("taunt_sub"), start=m.start)
        if e.success:
            self.effect("crowd", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.3,
                        text=self.tr("crowd_ok"), sub=self.tr("crowd_ok_sub"), colour=GOLD, cheer=True)
        else:
            self.effect("crowd", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.3,
                        text=self.tr("crowd_fail"), sub=self.tr("crowd_fail_sub"), colour=GREY, cheer=False)
        self.cursor = m.end + 0.9

    def _on_renown_gained(self, e: RenownGained, rest: list[Event]) -> None:
        team = self.team_names.get(e.team, e.team)
        self.effect("banner", 1.2, text=self.tr("renown", amount=e.amount, team=team), sub=self.tr("renown_sub", pr=e.pr),
                    colour=GOLD, small=True)
        self.cursor += 0.4

    def _on_fainted(self, e: Fainted, rest: list[Event]) -> None:
        base = self.pose(e.fighter)

        def faint(u: float) -> Pose:
            return base.moved(angle=90.0 * u, alpha=1 - 0.4 * u)

        m = self.move(e.fighter, 0.8, faint)
        self.effect("zzz", 1.6, (base.x + 0.5, base.y + 0.5), m.start + 0.2)
        self.label(e.fighter, self.tr("fainted"), BLUE, sub=self.tr("fainted_sub", turns=e.turns), start=m.start)
        self.cursor = m.end + 0.3

    def _on_woke_up(self, e: WokeUp, rest: list[Event]) -> None:
        base = self.pose(e.fighter)

        def wake(u: float) -> Pose:
            return base.moved(angle=base.angle * (1 - u), alpha=base.alpha + (1 - base.alpha) * u)

        m = self.move(e.fighter, 0.5, wake)
        self.label(e.fighter, self.tr("woke_up"), GREEN, sub=self.tr("woke_up_sub", mana=e.mana), start=m.start)
        self.cursor = m.end

    def _on_lost_for_good(self, e: LostForGood, rest: list[Event]) -> None:
        self.effect("banner", 1.4, text=self.tr("lost_for_good", name=self.name(e.fighter)),
                    sub=self.tr("lost_for_good_sub"), colour=RED, small=True)
        self.cursor += 0.5


def _time_to_reach(profile: tuple[float, float, float, float], s: float) -> float:
    """Seconds into a cruise profile when `s` squares are covered (bisection)."""
    lo, hi = 0.0, profile[2]
    for _ in range(30):
        mid = (lo + hi) / 2
        if cruise_distance(profile, mid) < s:
            lo = mid
        else:
            hi = mid
    return hi


def _heading(path: list[Square], i: int) -> tuple[float, float]:
    """Unit direction of the step leaving path[i] (or the last step)."""
    i = min(i, len(path) - 2)
    dx, dy = path[i + 1][0] - path[i][0], path[i + 1][1] - path[i][1]
    d = math.hypot(dx, dy) or 1.0
    return (dx / d, dy / d)
