"""The animation queue the window feeds after each applied action.

    queue = AnimationQueue()
    new_state, events = apply(state, action, dice)
    queue.push(events, state)          # `state` is the snapshot BEFORE the action
    ...each frame:
    queue.update()
    for fid in fighters: pose = queue.token_pose(fid)   # None → draw as the state says
    queue.draw(surface, to_screen, tile, book)

Time is elapsed wall time (from `clock`) scaled by the speed setting, never a frame
count, so a slow frame does not slow the match down. Animations only read events and a
snapshot; they never change a state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from arena_game.core.events import Event
from arena_game.core.state import FighterState, MatchState
from arena_game.ui.anim.choreography import Choreographer
from arena_game.ui.anim.timeline import Effect, Pose, Timeline

if TYPE_CHECKING:
    import pygame

INSTANT = math.inf
"""The speed setting that skips every animation as soon as it is pushed."""

SPEEDS: tuple[tuple[str, float], ...] = (("1×", 1.0), ("2×", 2.0), ("anim_instant", INSTANT))
"""The speed settings offered in the UI: label (a catalog key [ui] when it has words) and factor."""

ToScreen = Callable[[float, float], tuple[float, float]]
"""Board point in squares (0, 0 = the top-left corner of square (0, 0)) → screen pixels."""


MEASURE_AHEAD_S = 0.6
"""Timeline seconds: how soon a roll must be to show for its line to be measured ahead (s54)."""


class AnimationQueue:
    """Core events in, timed token poses and effects out; skippable, speed-scaled."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, speed: float = 1.0, lang: str = "fr") -> None:
        self._clock = clock
        self.lang = lang  # of the labels and banners (catalog section [anim])
        self._timeline = Timeline()
        self._choreo: Choreographer | None = None
        self._t = 0.0  # timeline seconds (1×) played so far
        self._last: float | None = None
        self._speed = 1.0
        self._pushed = 0  # events pushed since the queue was made
        self._reached_at: list[float] = []  # when each event of the current timeline is reached
        self._first = 0  # serial of the first event of the current timeline
        self.speed = speed
        # what the window draws over the board after the animation (the skip hint's strip),
        # in window pixels: the captions keep off it (`draw`); the window sets it each frame
        self.keep_clear: tuple[pygame.Rect, ...] = ()
        # window boxes new floating labels had better leave in sight (marked squares, obstacles)
        self.soft_clear: list[pygame.Rect] = []
        # window boxes the rolls' lines and banners had better leave in sight too (the deadly squares)
        self.stacks_clear: list[pygame.Rect] = []
        # window boxes of the rolls' lines and banners drawn over the board's edge (`draw`): the
        # window fills that floor again in the next frame; it empties the list once read
        self.over_edge: list[pygame.Rect] = []

    # -- settings ----------------------------------------------------------------------

    @property
    def speed(self) -> float:
        """1.0, 2.0… or INSTANT."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if not value > 0:
            raise ValueError(f"animation speed must be positive, not {value}")
        self._speed = value
        if value == INSTANT:
            self.skip()

    # -- feeding -----------------------------------------------------------------------

    def push(self, events: Iterable[Event], before_state: MatchState) -> None:
        """Queue the animations for `events`, which applied to `before_state` (not changed)."""
        evs = list(events)
        if not evs:
            return
        if self._choreo is None or not self.busy:
            # Start from the snapshot (the state may have changed without events: undo,
            # load); labels and dice banners still fading keep fading.
            lingering = [e for e in self._timeline.effects if e.end > self._t]
            if not lingering:
                self._t = 0.0
            self._timeline = Timeline(effects=lingering, cursor=self._t)
            self._choreo = Choreographer(self._timeline, before_state, start=self._t, lang=self.lang)
            self._first = self._pushed
            self._last = self._clock()
        else:
            self._choreo.learn(before_state)
            self._choreo.cursor = max(self._choreo.cursor, self._t)
        self._choreo.play(evs)
        self._pushed += len(evs)
        if self._speed == INSTANT:
            self.skip()

    def update(self) -> None:
        """Advance by the wall time elapsed since the last call (scaled by the speed)."""
        now = self._clock()
        if self._last is None or not self.active:
            self._last = now
            return
        self._t += max(0.0, now - self._last) * self._speed
        self._last = now
        if self._t >= self._timeline.end:
            self._reset()

    def skip(self) -> None:
        """Jump to the end of everything queued (click or space in the window)."""
        self._reset()

    def _reset(self) -> None:
        self._timeline = Timeline()
        self._choreo = None
        self._t = 0.0
        self._first = self._pushed

    @property
    def pushed(self) -> int:
        """How many events were pushed since the queue was made."""
        return self._pushed

    @property
    def reached(self) -> int:
        """How many of the pushed events the animation has played to the end: the window
        shows an event's result (log line, roster) only once it is reached."""
        if self._choreo is None:
            return self._pushed
        marks = self._choreo.reached
        done = next((i for i, at in enumerate(marks) if at > self._t), len(marks))
        return self._first + done

    # -- reading -----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while tokens move or a blocking step plays: input waits (except skip)."""
        return self._choreo is not None and self._t < self._timeline.hold

    @property
    def active(self) -> bool:
        """True while anything is on screen, fading labels and dice banners included."""
        return self._choreo is not None and self._t < self._timeline.end

    @property
    def remaining(self) -> float:
        """Wall seconds until input is accepted again, at the current speed."""
        if not self.busy:
            return 0.0
        return (self._timeline.hold - self._t) / self._speed

    @property
    def remaining_drawn(self) -> float:
        """Wall seconds until the last label or banner has faded, at the current speed."""
        if not self.active:
            return 0.0
        return (self._timeline.end - self._t) / self._speed

    @property
    def now(self) -> float:
        """Timeline seconds (at 1×) played of the current queue."""
        return self._t

    def token_pose(self, fighter_id: str) -> Pose | None:
        """The token's pose while busy; None when idle (draw it where the state says)."""
        if not self.busy:
            return None
        return self._timeline.pose_at(fighter_id, self._t)

    def upcoming(self, kind: str, within: float) -> list[Effect]:
        """The effects of `kind` not on screen yet that start within `within` timeline seconds."""
        if not self.active:
            return []
        return [e for e in self._timeline.effects if e.kind == kind and self._t < e.start <= self._t + within]

    def effects(self) -> list[tuple[Effect, float]]:
        """Effects on screen now, each with its progress 0..1."""
        if not self.active:
            return []
        out = []
        for e, p in self._timeline.effects_at(self._t):
            fid = e.data.get("fighter") if e.kind == "label" else None
            pose = self._timeline.pose_at(fid, self._t) if fid and self.busy else None
            if pose is not None and pose.visible:  # a label follows its fighter's token
                e = replace(e, at=(pose.x + 0.5, pose.y + 0.5))
            out.append((e, p))
        return out

    def draw(
        self, surface: pygame.Surface, to_screen: ToScreen, tile: float, book: Any = None,
        layer: str = "all", room: pygame.Rect | None = None,
        under_labels: Callable[[list[pygame.Rect]], None] | None = None,
    ) -> None:
        """Draw effects, floating labels and dice banners (tokens are the window's).

        `layer="ground"` before the tokens (dust, ripples, sinking rings, declared run
        squares) and `layer="over"` after them; "all" draws both at once. The captions keep
        inside `room` (the surface's clip when None); `under_labels` draws under the floating
        labels, given their boxes (the demo's name tags): once a frame that draws the labels'
        layer, with no box when no label is alive (an idle queue included). No caption goes
        under `keep_clear` (what the window draws over the board afterwards).
        """
        if not self.active:
            if under_labels is not None and layer != "ground":
                under_labels([])
            return
        from arena_game.ui.anim.draw import draw_effects  # pygame only where drawing happens

        keep, soft, stacks = [], [], []
        if self.keep_clear or self.soft_clear or self.stacks_clear:  # the window's boxes on this surface
            dx, dy = surface.get_abs_offset()  # (a subsurface of it)
            keep = [r.move(-dx, -dy) for r in self.keep_clear]
            soft = [r.move(-dx, -dy) for r in self.soft_clear]
            stacks = [r.move(-dx, -dy) for r in self.stacks_clear]
        shown = self.effects()
        beyond = draw_effects(surface, shown, to_screen, tile, book, layer, self.token_boxes(to_screen, tile), room,
                              under_labels, keep, soft, stacks)
        if beyond:
            dx, dy = surface.get_abs_offset()
            self.over_edge += [r.move(dx, dy) for r in beyond]
        soon = self.upcoming("dice", MEASURE_AHEAD_S) if layer != "ground" else []
        if soon:  # the rolls' lines about to show, measured a shape a frame ahead (`captions.measure_ahead`)
            from arena_game.ui.anim.captions import measure_ahead

            measure_ahead(surface, [e for e, _ in shown if e.kind == "dice"] + soon, room)

    def token_boxes(self, to_screen: ToScreen, tile: float) -> list[pygame.Rect]:
        """Where the tokens stand now on the drawing surface (captions keep off them)."""
        import pygame

        out = []
        for fid in set(self._timeline.initial) | set(self._timeline.motions):
            pose = self._timeline.pose_at(fid, self._t)
            if pose is not None and pose.visible:
                x, y = to_screen(pose.x + pose.offset[0], pose.y + pose.offset[1])
                # the token and, under it, where a name tag goes (the demo's)
                out.append(pygame.Rect(int(x), int(y), int(tile), int(tile * 1.45)))
        return out


def resting_pose(fighter: FighterState) -> Pose | None:
    """How a token stands when nothing plays: at its square, lying if fallen or asleep."""
    if not fighter.alive:
        return None
    lying = fighter.fallen or fighter.asleep_turns > 0
    return Pose(float(fighter.position[0]), float(fighter.position[1]),
                alpha=0.6 if fighter.asleep_turns > 0 else 1.0, angle=90.0 if lying else 0.0)


def pose_to_draw(queue: AnimationQueue, fighter: FighterState) -> Pose | None:
    """The pose to draw `fighter` at this frame (None: do not draw it).

    While the queue is busy a fighter that died in the queued events is still drawn
    (it dies on screen); once idle, the current state decides.
    """
    pose = queue.token_pose(fighter.id)
    if pose is None:
        return resting_pose(fighter)
    return pose if pose.visible else None
