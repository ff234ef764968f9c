"""How fast tokens move: speeds and eased speed profiles along a path (pure; no pygame)."""

from __future__ import annotations

import math

from arena_game.core.geometry import Square

# Speeds in squares per second at 1×.
RUN_SPEED = 6.0
WALK_SPEED = 3.5
SWIM_SPEED = 3.0
PUSH_SPEED = 7.0

# A die on screen: seconds shown at 1×, and the share of them it tumbles before its face and
# total show (the log line and the roll's outcome wait for it too).
DICE_SHOWN = 1.8
TUMBLING = 0.22

Profile = tuple[float, float, float, float]
"""(accel distance, decel distance, duration, speed) of a `cruise`."""


def cruise(steps: float, speed: float, ease_in: bool, ease_out: bool) -> Profile:
    """Speed profile over `steps` squares: (accel distance, decel distance, duration, speed).

    Constant speed, with a constant acceleration at the start when `ease_in`
    and a deceleration over the last one when `ease_out`: half a square each.
    """
    d_in = min(0.5, steps / 2) if ease_in else 0.0
    d_out = min(0.5, steps / 2) if ease_out else 0.0
    cruise_d = max(0.0, steps - d_in - d_out)
    duration = (2 * d_in + cruise_d + 2 * d_out) / speed
    return d_in, d_out, duration, speed


def cruise_distance(profile: Profile, t: float) -> float:
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


def time_to_reach(profile: Profile, s: float) -> float:
    """Seconds into a cruise profile when `s` squares are covered (bisection)."""
    lo, hi = 0.0, profile[2]
    for _ in range(30):
        mid = (lo + hi) / 2
        if cruise_distance(profile, mid) < s:
            lo = mid
        else:
            hi = mid
    return hi


def heading(path: list[Square], i: int) -> tuple[float, float]:
    """Unit direction of the step leaving path[i] (or the last step)."""
    i = min(i, len(path) - 2)
    dx, dy = path[i + 1][0] - path[i][0], path[i + 1][1] - path[i][1]
    d = math.hypot(dx, dy) or 1.0
    return (dx / d, dy / d)
