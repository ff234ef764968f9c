"""Tables worked out once per board: boards are immutable and shared by every state of a
match, so what depends on the terrain alone (free floor, sight blockers) is kept with it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from arena_game.core.board import Board
from arena_game.core.kept import PerObject, answers_of

T = TypeVar("T")

# id(board) → (a weak reference to the board, its tables): the tables go as soon as the
# board does (a match's board, with the match), and a new board reusing its id is not
# mistaken for it. A table must not hold its board (it would never go).
_TABLES: PerObject[Any] = {}


def board_table(board: Board, key: Hashable, build: Callable[[Board], T]) -> T:
    """`build(board)`, computed the first time it is asked for this board and `key`, and kept
    while the board lives."""
    tables: dict[Hashable, Any] = answers_of(_TABLES, board)
    if key not in tables:
        tables[key] = build(board)
    value: T = tables[key]
    return value
