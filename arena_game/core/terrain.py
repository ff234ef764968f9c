"""Terrain kinds and what each allows (R13, R2.2, R2.5, R1.6)."""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    """The terrain of one square (R13).

    What a kind allows is a plain attribute of each member, set once below: the rules read
    them in their hottest loops, where a property call cost more than the test itself."""

    FLOOR = "floor"
    WALL = "wall"
    PILLAR = "pillar"
    OBSTACLE = "obstacle"
    WATER = "water"
    LAVA = "lava"
    ACID = "acid"
    HOLE = "hole"

    walkable: bool
    """A fighter may stand here by walking or running."""
    dead: bool
    """A dead square (R2.5): entering it kills."""
    blocks_diagonal: bool
    """R2.2: walls (square corners) and dead squares block a diagonal step past them."""
    solid: bool
    """Stops a push (R5.3) and cannot be stood on."""


_DEAD = frozenset({Terrain.LAVA, Terrain.ACID, Terrain.HOLE})

for _kind in Terrain:
    _kind.walkable = _kind is Terrain.FLOOR
    _kind.dead = _kind in _DEAD
    _kind.blocks_diagonal = _kind is Terrain.WALL or _kind in _DEAD
    _kind.solid = _kind in (Terrain.WALL, Terrain.PILLAR, Terrain.OBSTACLE)
