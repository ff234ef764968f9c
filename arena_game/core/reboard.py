"""A match carried over onto a changed map (a designer's `--watch` reload), as plain data.

Not a rule of the game: the table changes the arena between two actions. Fighters whose
square is still one a fighter may stand on (floor or water) stay; the others go to the
nearest such square nobody holds. Pure and deterministic, so a save that records the
change (`Match.change_board`) replays to the same state.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain


@dataclass(frozen=True)
class Relocation:
    """A fighter moved off a square the new map no longer allows (`to` None: no room left)."""

    fighter: str
    name: str
    origin: Square
    to: Square | None


def can_stand(board: Board, sq: Square) -> bool:
    """A fighter may stay on floor or in water (as at the start of a match)."""
    return board.inside(sq) and board.terrain(sq) in (Terrain.FLOOR, Terrain.WATER)


def reboard(state: MatchState, board: Board) -> tuple[MatchState, list[Relocation]]:
    """A copy of `state` on `board`; fighters on now-illegal or shared squares move to the
    nearest legal free square (Chebyshev ring, then straight-line distance, then row, then
    column)."""
    new = state.clone()
    new.board = board
    taken: set[Square] = set()
    moved: list[Relocation] = []
    misplaced = []
    for f in (f for f in new.fighters.values() if f.alive):
        if can_stand(board, f.position) and f.position not in taken:
            taken.add(f.position)
        else:
            misplaced.append(f)
    for f in misplaced:
        to = nearest_free(board, f.position, taken)
        moved.append(Relocation(f.id, f.sheet.name, f.position, to))
        if to is not None:
            f.position = to
            taken.add(to)
    return new, moved


def nearest_free(board: Board, origin: Square, taken: set[Square]) -> Square | None:
    """The nearest square a fighter may stand on that nobody holds, or None."""
    ox, oy = origin
    for radius in range(1, max(board.width, board.height) + abs(ox) + abs(oy) + 1):
        ring = [
            (x, y)
            for y in range(oy - radius, oy + radius + 1)
            for x in range(ox - radius, ox + radius + 1)
            if max(abs(x - ox), abs(y - oy)) == radius
        ]
        for sq in sorted(ring, key=lambda s: ((s[0] - ox) ** 2 + (s[1] - oy) ** 2, s[1], s[0])):
            if can_stand(board, sq) and sq not in taken:
                return sq
    return None
