"""Core events → motions and effects on a timeline (pure; no pygame).

The choreographer reads events and a snapshot of the state taken BEFORE they applied;
it never touches a `MatchState` after construction and never changes one. It keeps its
own idea of where each token stands as the events go by (a walk moves a token, a death
hides it), which is how a run followed by an attack lunges from the run's last square.

Each event type's animation is a handler registered by event class (`registry.animates`)
in `on_turns.py`, `on_moves.py` or `on_combat.py`; the motions several of them share
(jump, fall, shake, sink) are methods here. Durations are seconds at 1× speed. Blocking
steps advance the `cursor` (the next event starts there); floating labels and dice banners
outlive the step that made them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from arena_game.core.events import Event
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.i18n import t as catalog_text
from arena_game.i18n import tn as catalog_count
from arena_game.render.palette import LABEL_ORANGE as ORANGE
from arena_game.render.palette import LABEL_WHITE as WHITE
from arena_game.ui.anim.registry import handler_for
from arena_game.ui.anim.timeline import Effect, Motion, Pose, PoseCurve, Timeline


class Choreographer:
    """Turns event batches into timeline motions and effects, in order."""

    def __init__(self, timeline: Timeline, state: MatchState, start: float = 0.0, lang: str = "fr") -> None:
        self.tl = timeline
        self.lang = lang
        self.cursor = start
        self.board = state.board  # immutable, shared safely
        self.names: dict[str, str] = {}
        self.team_names: dict[str, str] = {}
        self.team_of: dict[str, str] = {}  # fighter id → its team's id
        self.known: set[str] = set()
        self.sunk: set[str] = set()
        self.sweep_angle: dict[str, float] = {}  # circle attack (R8): where the last swing ended
        self.earlier: list[Event] = []  # the events of the batch before the one being played
        self.reached: list[float] = []  # per event played, when its animation is over (the window shows its result then)
        self.reveal = 0.0  # set by a handler: its event's result shows no sooner (a die settles while the action goes on)
        self.told: float | None = None  # set by a handler: its event's result shows then (its banner is up), not at its end
        self.learn(state)

    def learn(self, state: MatchState) -> None:
        """Take the names and resting poses of fighters not seen yet (plain copies only)."""
        for t in state.teams.values():
            self.team_names.setdefault(t.id, t.name)
        for f in state.fighters.values():
            self.names.setdefault(f.id, f.sheet.name)
            self.team_of.setdefault(f.id, f.team)
            if f.id in self.known:
                continue
            self.known.add(f.id)
            if f.alive:
                lying = f.fallen or f.asleep_turns > 0
                self.tl.initial[f.id] = Pose(
                    float(f.position[0]), float(f.position[1]),
                    alpha=0.6 if f.asleep_turns > 0 else 1.0, angle=90.0 if lying else 0.0,
                )

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

    def tr_count(self, key: str, n: int, **fields: object) -> str:
        """A label saying a count, in its plural form (`anim.<key>_one` / `_other`)."""
        return catalog_count(f"anim.{key}", n, self.lang, **fields)

    def name(self, fid: str | None) -> str:
        """A fighter's display name."""
        return self.names.get(fid, fid) if fid else "—"

    def play(self, events: Iterable[Event]) -> None:
        """Schedule every event in order."""
        batch = list(events)
        self.sweep_angle.clear()
        for i, e in enumerate(batch):
            handler = handler_for(e)
            self.reveal, self.told = 0.0, None
            if handler is not None:  # None: a silent event type (registry.SILENT)
                self.earlier = batch[:i]
                handler(self, e, batch[i + 1:])
            at = max(self.cursor, self.reveal) if self.told is None else self.told
            self.reached.append(max(at, self.reached[-1] if self.reached else 0.0))
        self.tl.cursor = max(self.tl.cursor, self.cursor)

    # -- motions several events share ---------------------------------------------------

    def jump(self, fid: str, origin: Square, landing: Square, base: Pose) -> None:
        """An arc from `origin` to `landing`, dust where it lands."""
        ox, oy = origin
        lx, ly = landing

        def curve(u: float) -> Pose:
            k = math.sin(math.pi * u)
            return base.moved(x=ox + (lx - ox) * u, y=oy + (ly - oy) * u,
                              offset=(0.0, -0.7 * k), scale=1.0 + 0.25 * k)

        m = self.move(fid, 0.65, curve)
        self.effect("dust", 0.5, (lx + 0.5, ly + 0.5), m.end - 0.05, heading=(0.0, 0.0))
        self.cursor = m.end

    def fall(self, fid: str, base: Pose) -> Motion:
        """R5.2: the token tips over, with dust and a label."""
        def curve(u: float) -> Pose:
            return base.moved(angle=90.0 * u, offset=(0.0, 0.12 * math.sin(math.pi * u)))

        m = self.move(fid, 0.35, curve)
        self.effect("dust", 0.5, (base.x + 0.5, base.y + 0.5), m.end - 0.1, heading=(0.0, 0.0))
        self.label(fid, self.tr("fallen"), ORANGE, sub=self.tr("fallen_sub"), start=m.start + 0.1)
        self.cursor = m.end
        return m

    def shake(self, fid: str, duration: float, amp: float) -> Motion:
        """A sideways shake of `amp` squares, dying out."""
        base = self.pose(fid)

        def curve(u: float) -> Pose:
            k = amp * (1 - u) * math.sin(u * math.pi * 9)
            return base.moved(offset=(base.offset[0] + k, base.offset[1]))

        return self.move(fid, duration, curve)

    def sink(self, fid: str, base: Pose, terrain: str, label: bool = True) -> Motion:
        """The token shrinks and fades into lava, acid or a hole; its label says so unless
        `label` is False (a death follows and its one label tells where, `on_combat.died`)."""
        def sinking(u: float) -> Pose:
            return base.moved(scale=1 - 0.7 * u, alpha=1 - u, offset=(base.offset[0], 0.15 * u),
                              visible=u < 1)

        m = self.move(fid, 0.9, sinking)
        self.effect("sink", 1.2, (base.x + 0.5, base.y + 0.5), m.start, terrain=terrain)
        if label:
            self.label(fid, self.tr("sunk"), ORANGE, sub=self.tr("sunk_sub", into=self.tr(f"into_{terrain}")),
                       start=m.start + 0.2)
        self.sunk.add(fid)
        self.cursor = m.end
        return m


# the handler modules register themselves when imported (after Choreographer exists)
from arena_game.ui.anim import on_combat, on_moves, on_turns  # noqa: E402, F401, I001
