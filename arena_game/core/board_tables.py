"""Tables worked out once per board: boards are immutable and shared by every state of a
match, so what depends on the terrain alone (free floor, sight blockers) is kept with it."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from arena_game.core.board import Board

T = TypeVar("T")

# id(board) → (a weak reference to the board, its tables): the tables go as soon as the
# board does (a match's board, with the match), and a new board reusing its id is not
# mistaken for it. A table must not hold its board (it would never go).
_TABLES: dict[int, tuple[weakref.ref[Board], dict[Hashable, Any]]] = {}


def forget_when_gone(table: dict[int, Any], board: Board) -> weakref.ref[Board]:
    """A weak reference to `board` that removes `table[id(board)]` when the board is gone
    (if that entry is still the one holding this reference, at index 0)."""
    key = id(board)

    def gone(ref: weakref.ref[Board]) -> None:
        entry = table.get(key)
        if entry is not None and entry[0] is ref:
            del table[key]

    return weakref.ref(board, gone)


def board_table(board: Board, key: Hashable, build: Callable[[Board], T]) -> T:
    """`build(board)`, computed the first time it is asked for this board and `key`, and kept
    while the board lives."""
    entry = _TABLES.get(id(board))
    if entry is None or entry[0]() is not board:
        entry = _TABLES[id(board)] = (forget_when_gone(_TABLES, board), {})
    tables = entry[1]
    if key not in tables:
        tables[key] = build(board)
    value: T = tables[key]
    return value
