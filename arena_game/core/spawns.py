"""Fighters onto their team's spawn squares at the start of a match (maps, R13).

`maps.spawn_assignment` says how: "shuffled" (the default) draws which square each fighter
takes from the match's own random generator, so over a series every spawn is used and no
square is favoured by reading order; "in_order" fills them in reading order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.sheets import Team


class TooFewSpawns(ValueError):
    """A team has more fighters than its spawn slot has squares."""

    def __init__(self, slot: str, team: Team) -> None:
        self.slot, self.team = slot, team
        super().__init__(f"not enough spawn squares for team {slot} ({team.name})")


def assign_spawns(board: Board, teams: Sequence[Team], slots: Mapping[str, str], rng: random.Random,
                  assignment: str = "shuffled") -> dict[str, Square]:
    """Fighter id → spawn square: team `t` on slot `slots[t.id]`, shuffled with `rng` or in
    reading order by `assignment`. Raises `TooFewSpawns`."""
    out: dict[str, Square] = {}
    for team in teams:
        squares = sorted(board.spawns.get(slots[team.id], ()), key=lambda s: (s[1], s[0]))
        if assignment == "shuffled":
            rng.shuffle(squares)
        if len(squares) < len(team.fighters):
            raise TooFewSpawns(slots[team.id], team)
        for fighter, sq in zip(team.fighters, squares, strict=False):
            out[fighter.id] = sq
    return out
