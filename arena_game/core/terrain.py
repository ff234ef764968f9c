"""Terrain kinds and what each allows (R13, R2.2, R2.5, R1.6)."""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    """The terrain of one square (R13)."""

    FLOOR = "floor"
    WALL = "wall"
    PILLAR = "pillar"
    OBSTACLE = "obstacle"
    WATER = "water"
    LAVA = "lava"
    ACID = "acid"
    HOLE = "hole"

    @property
    def walkable(self) -> bool:
        """A fighter may stand here by walking or running."""
        return self is Terrain.FLOOR

    @property
    def dead(self) -> bool:
        """A dead square (R2.5): entering it kills."""
        return self in _DEAD

    @property
    def blocks_diagonal(self) -> bool:
        """R2.2: walls (square corners) and dead squares block a diagonal step past them."""
        return self is Terrain.WALL or self in _DEAD

    @property
    def solid(self) -> bool:
        """Stops a push (R5.3) and cannot be stood on."""
        return self in (Terrain.WALL, Terrain.PILLAR, Terrain.OBSTACLE)


_DEAD = frozenset({Terrain.LAVA, Terrain.ACID, Terrain.HOLE})
