"""Attacks, ranges, line of sight, circle attacks, push, teleport, taunts, mana (R0.4, R1, R5–R10).

Each rule family lives in its own module; this one gathers their handlers for the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena_game.core.resolution import Resolution
from arena_game.core.rules.attack import attack, run_attack
from arena_game.core.rules.circle import circle_attack, circle_split
from arena_game.core.rules.push import push
from arena_game.core.rules.taunt import taunt
from arena_game.core.rules.teleport import teleport

HANDLERS: dict[str, Callable[[Resolution, Any], None]] = {
    "attack": attack,
    "run_attack": run_attack,
    "circle_attack": circle_attack,
    "circle_split": circle_split,
    "push": push,
    "teleport": teleport,
    "taunt": taunt,
}
