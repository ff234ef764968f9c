"""`Plan`: one scored candidate of a bot decision (in a module of its own, so the candidate
builders in `options` and `runs` make them without importing the brain at every call)."""

from __future__ import annotations

from dataclasses import dataclass, field

from arena_game.core.actions import Action
from arena_game.core.geometry import Square


@dataclass(slots=True)
class Plan:
    """One scored candidate for the next action, with what the lookahead needs."""

    score: float
    action: Action
    why: str
    family: str = ""  # the rule family, for the bench's action mix
    end: Square | None = None  # where the fighter stands after it (None: where it is)
    hits: dict[str, tuple[float, float, float]] = field(default_factory=dict)  # target → (hit, mean dmg, kill)
    room: tuple[float, str, Square] | None = None  # a push's (chance, target, landing): `pushes.push_room`
