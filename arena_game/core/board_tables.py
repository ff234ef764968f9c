"""Tables worked out once per board: boards are immutable and shared by every state of a
match, so what depends on the terrain alone (free floor, sight blockers) is kept with it."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from arena_game.core.board import Board

T = TypeVar("T")

# id(board) → (a weak reference to the board, its tables): a board that is gone is
# forgotten, and a new board reusing its id is not mistaken for it.
_TABLES: dict[int, tuple[weakref.ref[Board], dict[Hashable, Any]]] = {}


def board_table(board: Board, key: Hashable, build: Callable[[Board], T]) -> T:
    """`build(board)`, computed the first time it is asked for this board and `key`."""
    entry = _TABLES.get(id(board))
    if entry is None or entry[0]() is not board:
        for k in [k for k, (ref, _) in _TABLES.items() if ref() is None]:
            del _TABLES[k]
        entry = _TABLES[id(board)] = (weakref.ref(board), {})
    tables = entry[1]
    if key not in tables:
        tables[key] = build(board)
    value: T = tables[key]
    return value
