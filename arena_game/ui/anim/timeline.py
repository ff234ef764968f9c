"""Pure timeline data: token poses, motions and effects placed on a time axis.

Times here are seconds at 1× speed; the queue scales elapsed wall time by the speed
setting. Nothing in this module imports pygame, so the timing is testable headless with a
fake clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from arena_game.render import palette


@dataclass(frozen=True, slots=True)
class Pose:
    """Where and how to draw a fighter's token at one instant.

    `x`, `y` are square coordinates (fractional while moving): (3.0, 4.0) is square (3, 4),
    so the token's centre is at board point (x + 0.5, y + 0.5). `offset` is an extra
    displacement in squares (lunge, shake, jump arc), `flash` a 0..1 white hit flash,
    `angle` a tilt in degrees (90 = lying on the ground).
    """

    x: float
    y: float
    alpha: float = 1.0
    scale: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    visible: bool = True
    flash: float = 0.0
    angle: float = 0.0

    @property
    def centre(self) -> tuple[float, float]:
        """Board point of the token's centre, offset included."""
        return (self.x + 0.5 + self.offset[0], self.y + 0.5 + self.offset[1])

    def moved(self, **changes: Any) -> Pose:
        """A copy with some fields changed."""
        return replace(self, **changes)


PoseCurve = Callable[[float], Pose]
"""A motion's pose as a function of its progress u in [0, 1]."""


@dataclass(frozen=True, slots=True)
class Motion:
    """A fighter's token following `curve` from `start` for `duration` seconds (1×)."""

    fighter: str
    start: float
    duration: float
    curve: PoseCurve

    @property
    def end(self) -> float:
        """When the motion is over."""
        return self.start + self.duration

    def pose(self, t: float) -> Pose:
        """The pose at timeline time `t` (clamped to the motion's span)."""
        if self.duration <= 0:
            return self.curve(1.0)
        return self.curve(min(1.0, max(0.0, (t - self.start) / self.duration)))


@dataclass(frozen=True, slots=True)
class Effect:
    """Something drawn over the board for a while: a label, a banner, particles…

    `kind` names how it is drawn (see draw.py); `at` is a board point (square centre
    = x + 0.5) or None for screen-space banners; `data` carries kind-specific values.
    """

    kind: str
    start: float
    duration: float
    at: tuple[float, float] | None = None
    text: str = ""
    colour: tuple[int, int, int] = palette.WHITE
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def end(self) -> float:
        """When the effect disappears."""
        return self.start + self.duration

    def progress(self, t: float) -> float:
        """0..1 through the effect at timeline time `t`."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (t - self.start) / self.duration))


@dataclass(slots=True)
class Timeline:
    """Motions per fighter and effects.

    `hold` is when the blocking part is over (input waits until then); `end` is when
    the last effect (a fading label, a dice banner) disappears.
    """

    initial: dict[str, Pose] = field(default_factory=dict)
    motions: dict[str, list[Motion]] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    cursor: float = 0.0

    @property
    def hold(self) -> float:
        """Timeline time when every motion and every blocking step is over."""
        ends = [m.end for ms in self.motions.values() for m in ms]
        return max([self.cursor, *ends])

    @property
    def end(self) -> float:
        """Timeline time when everything is over."""
        return max([self.hold, *(e.end for e in self.effects)])

    def add_motion(self, motion: Motion) -> None:
        """Add a motion (kept in start order for its fighter)."""
        ms = self.motions.setdefault(motion.fighter, [])
        ms.append(motion)
        ms.sort(key=lambda m: m.start)

    def last_pose(self, fighter: str) -> Pose | None:
        """The pose a fighter is left in once all its motions are over."""
        ms = self.motions.get(fighter)
        if ms:
            return max(ms, key=lambda m: m.end).curve(1.0)
        return self.initial.get(fighter)

    def pose_at(self, fighter: str, t: float) -> Pose | None:
        """The fighter's pose at time `t`: the latest motion begun, else its initial pose."""
        current: Motion | None = None
        for m in self.motions.get(fighter, ()):
            if m.start <= t:
                current = m
            else:
                break
        if current is None:
            return self.initial.get(fighter)
        return current.pose(t)

    def effects_at(self, t: float) -> list[tuple[Effect, float]]:
        """Effects alive at `t` with their progress, in the order they were added."""
        return [(e, e.progress(t)) for e in self.effects if e.start <= t < e.end]


# -- easing ------------------------------------------------------------------------------


def ease_out(u: float) -> float:
    """Fast start, gentle stop."""
    return 1.0 - (1.0 - u) ** 2


def along_path(path: list[tuple[int, int]], s: float) -> tuple[float, float]:
    """The point `s` squares along `path` (square by square, straight between centres)."""
    if not path:
        raise ValueError("empty path")
    if s <= 0 or len(path) == 1:
        return (float(path[0][0]), float(path[0][1]))
    last = len(path) - 1
    if s >= last:
        return (float(path[-1][0]), float(path[-1][1]))
    i = int(math.floor(s))
    f = s - i
    (ax, ay), (bx, by) = path[i], path[i + 1]
    return (ax + (bx - ax) * f, ay + (by - ay) * f)
