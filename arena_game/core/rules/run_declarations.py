"""The legal run declarations (R4.1) from a start square, on the integer grid of
`running_reach`, for the run odds (`running_chances`) and `queries.declared_options`.

All declarations from a start are enumerated once per start square, rules and nearby
fighters, and kept on the board's grid (with an index by first squares; `TABLES_KEPT` at
most); a single
full-length declaration is checked square by square without building the table, the
same check (`_declarable`) either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from arena_game.core.geometry import DIRECTION_INDEX, DIRECTIONS, Square, chebyshev
from arena_game.core.rules.running import max_turn
from arena_game.core.rules.running_reach import _DEAD, _FLOOR, _Grid, _grid, _keep_heading
from arena_game.core.rules.suicide import suicide_allowed
from arena_game.core.state import FighterState, MatchState

TABLES_KEPT = 256
"""Declaration tables kept per board (~17 KB each); past that they start over. Nearby
fighters are part of a table's key, so a board shared by match after match (a series of
`simulate`) would otherwise keep every table of every match: ~0.5 MiB a match of 6 fighters.
The window loads each match's board afresh: its tables go with its match."""

_Declaration = tuple[tuple[Square, int], ...]
"""A declaration (R4.1): its squares, each with the direction of the step onto it."""
_Declarations = tuple[tuple[_Declaration, ...], dict[tuple[Square, ...], list[_Declaration]]]


def _declarations(state: MatchState, f: FighterState, prefix: Sequence[Square] = ()) -> Sequence[_Declaration]:
    """Every legal declaration (R4.1) starting with `prefix`: full length, or shorter when
    nothing can follow. The same squares as `declared_options`, step by step, in its order.

    Enumerated once per start square and rules (kept on the board's grid); with
    `run.declared_must_be_free` the fighters standing within reach of the start are part
    of the key, as their squares cannot be declared. A full-length `prefix` is checked
    square by square when the table is not built yet (a run planned along one way)."""
    grid = _grid(state.board)
    key, occupied = _key(state, f, grid)
    found = grid.declarations.get(key)
    if found is None:
        if len(prefix) == state.settings.run.declared_squares:
            return _one_declaration(grid, f.position, key, occupied, prefix)
        found = _build(grid, f.position, key, occupied)
    return _lookup(cast(_Declarations, found), prefix)


def built_declarations(state: MatchState, f: FighterState, prefix: Sequence[Square] = ()) -> Sequence[_Declaration] | None:
    """`_declarations` when the table for this start is built already, else None (the
    caller then asks the rule square by square: cheaper than building the table)."""
    grid = _grid(state.board)
    key, _ = _key(state, f, grid)
    found = grid.declarations.get(key)
    return None if found is None else _lookup(cast(_Declarations, found), prefix)


def _key(state: MatchState, f: FighterState, grid: _Grid) -> tuple[tuple[object, ...], frozenset[int]]:
    if state.fighters.get(f.id) is not f:  # a what-if fighter: not kept with the state
        return _make_key(state, f, grid)
    memo_key = ("declarations_key", f.id, id(grid))  # the state's own fighter: kept per state (`queries`)
    found: tuple[tuple[object, ...], frozenset[int]] | None = state.memo.get(memo_key)
    if found is None or found[0][0] != f.position[1] * grid.width + f.position[0]:
        found = state.memo[memo_key] = _make_key(state, f, grid)
    return found


def _make_key(state: MatchState, f: FighterState, grid: _Grid) -> tuple[tuple[object, ...], frozenset[int]]:
    st = state.settings.run
    n = st.declared_squares
    start = f.position[1] * grid.width + f.position[0]
    occupied: frozenset[int] = frozenset()
    if st.declared_must_be_free:
        occupied = frozenset(
            o.position[1] * grid.width + o.position[0] for o in state.fighters.values()
            if o.alive and o.id != f.id and chebyshev(o.position, f.position) <= n
        )
    key = (start, max_turn(state), _keep_heading(state), suicide_allowed(state, f), n, st.declared_must_be_free, occupied)
    return key, occupied


def _build(grid: _Grid, start: Square, key: tuple[object, ...], occupied: frozenset[int]) -> _Declarations:
    every = _all_declarations(grid, start, key, occupied)
    by_start: dict[tuple[Square, ...], list[_Declaration]] = {}
    for d in every:
        squares = tuple(sq for sq, _ in d)
        for k in range(1, len(squares) + 1):
            by_start.setdefault(squares[:k], []).append(d)
    if len(grid.declarations) >= TABLES_KEPT:
        grid.declarations.clear()
    found = grid.declarations[key] = (every, by_start)
    return found


def _lookup(found: _Declarations, prefix: Sequence[Square]) -> Sequence[_Declaration]:
    every, index = found
    if not prefix:
        return every  # shared with the table: read, never changed
    return index.get(tuple((sq[0], sq[1]) for sq in prefix), ())


def _declarable(
    grid: _Grid, x: int, y: int, d: int, dead_ok: bool, must_be_free: bool, occupied: frozenset[int],
) -> bool:
    """R4.1, R4.9, R9.1, R13, R2.2: the square one step from (x, y) toward `d` may be declared."""
    w = grid.width
    tx, ty = x + DIRECTIONS[d][0], y + DIRECTIONS[d][1]
    if not (0 <= tx < w and 0 <= ty < grid.height):
        return False
    t = ty * w + tx
    kind = grid.kind
    if kind[t] == _DEAD:
        return dead_ok and (not must_be_free or grid.step(y * w + x, d) >= 0)
    if not must_be_free:
        return True
    return kind[t] == _FLOOR and t not in occupied and grid.step(y * w + x, d) >= 0


def _one_declaration(
    grid: _Grid, start: Square, key: tuple[object, ...], occupied: frozenset[int], squares: Sequence[Square],
) -> tuple[_Declaration, ...]:
    """The full-length declaration `squares` as `_all_declarations` lists it, or none."""
    _, limit, keep_heading, dead_ok, _, must_be_free, _ = key
    assert isinstance(limit, int)
    declared: list[tuple[Square, int]] = []
    x, y = start
    for sq in squares:
        d = DIRECTION_INDEX.get((sq[0] - x, sq[1] - y))
        if d is None:
            return ()
        heading = -1 if not declared else declared[0][1] if keep_heading else declared[-1][1]
        if heading >= 0 and min((d - heading) % 8, (heading - d) % 8) > limit:
            return ()
        if not _declarable(grid, x, y, d, bool(dead_ok), bool(must_be_free), occupied):
            return ()
        x, y = sq[0], sq[1]
        declared.append(((x, y), d))
    return (tuple(declared),)


def _all_declarations(
    grid: _Grid, start: Square, key: tuple[object, ...], occupied: frozenset[int],
) -> tuple[_Declaration, ...]:
    """Declarations from `start`: squares on the map (R13), each step turning at most the
    limit from the reference step (R4.4: the one before, or the first), no dead square
    unless it may be entered (R9.1); with `must_be_free`, only squares a runner can pass
    (R4.9: floor, not occupied) by a step R2.2 allows."""
    _, limit, keep_heading, dead_ok, n, must_be_free, _ = key
    assert isinstance(limit, int) and isinstance(n, int)
    out: list[_Declaration] = []
    dead, free = bool(dead_ok), bool(must_be_free)

    def grow(declared: list[tuple[Square, int]]) -> None:
        options: list[tuple[Square, int]] = []
        if len(declared) < n:
            (x, y), _ = declared[-1] if declared else (start, -1)
            heading = -1 if not declared else declared[0][1] if keep_heading else declared[-1][1]
            for d, (dx, dy) in enumerate(DIRECTIONS):
                if heading >= 0 and min((d - heading) % 8, (heading - d) % 8) > limit:
                    continue
                if _declarable(grid, x, y, d, dead, free, occupied):
                    options.append(((x + dx, y + dy), d))
        if not options:
            if declared:
                out.append(tuple(declared))
            return
        for option in options:
            grow([*declared, option])

    grow([])
    return tuple(out)
