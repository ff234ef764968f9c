"""Running (Course, R4). Implemented by the running issue; the engine already dispatches here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena_game.core.resolution import Resolution

HANDLERS: dict[str, Callable[[Resolution, Any], None]] = {}
END_TURN_HOOKS: list[Callable[[Resolution], None]] = []
