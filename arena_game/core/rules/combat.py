"""Attacks, ranges, line of sight, circle attacks, push, teleport, taunts, mana (R0.4, R1, R5–R10).

Implemented by the combat issue; the engine already dispatches here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena_game.core.resolution import Resolution

HANDLERS: dict[str, Callable[[Resolution, Any], None]] = {}
