"""What a run can reach (R4): the queries the window draws, and their exact chances.

- `run_distribution`: the squares a run roll grants, with their exact chances (R4.2).
- `declared_options` (in `running`): the legal next declared squares (R4.1, R4.4).
- `run_step_options`, `run_reach`, `run_route`: after the roll, where the runner can go
  with the squares left: along the declared squares still ahead (R4.1), then turning at
  most 45° per step (R4.3, R4.4, R4.9, R2.2).
- `run_probability_map` (in `running_chances`): for each square, the exact chance that a
  fighter reaches it with a run this turn.

The searches walk states (square, heading) on plain integers: a square is an index
`y * width + x`, a state `index * 8 + direction` (direction in `geometry.DIRECTIONS`).
The heading is the last step's direction, or the first step's with
`run.heading_reference = "first_step"` (it then never changes along a run).
The terrain part (steps off the map and diagonals cut by R2.2) is kept per board, each
state's successors computed the first time a search reaches it.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from arena_game.core.board import Board
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import DIRECTIONS, Square, neighbours
from arena_game.core.kept import by_identity, forget_when_gone
from arena_game.core.rules.running import (
    declared_ahead,
    declared_options,
    heading_reference,
    max_turn,
    run_squares,
    run_step_refusal,
)
from arena_game.core.rules.suicide import suicide_allowed
from arena_game.core.settings import RunSettings
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

__all__ = [
    "declared_options", "run_distribution", "run_reach", "run_route", "run_step_options",
]

_FLOOR, _DEAD, _BLOCKED = 0, 1, 2

# -- the board as plain integers, once per board ---------------------------------------


@dataclass(frozen=True, slots=True)
class _Grid:
    width: int
    height: int
    kind: bytes  # per square index: _FLOOR, _DEAD or _BLOCKED (wall, pillar, obstacle, water)
    kind_no_dead: bytes  # the same with dead squares _BLOCKED (R9.1)
    corner: bytes  # per square index: 1 when it blocks a diagonal step past it (R2.2)
    # (max turn, heading kept) → per state (index*8+d), the states one step on, filled as
    # searches reach them: a search stays near the runner, so a large board costs nothing up front
    successors: dict[tuple[int, bool], list[tuple[int, ...] | None]]
    # the legal declarations (R4.1) from a start square, by `running_chances._declarations`
    declarations: dict[tuple[object, ...], object]

    def step(self, idx: int, d: int) -> int:
        """The square one step from `idx` in direction `d`, or -1 (off the map, or a
        diagonal cut by a wall or dead square, R2.2)."""
        w = self.width
        x, y = idx % w, idx // w
        dx, dy = DIRECTIONS[d]
        tx, ty = x + dx, y + dy
        if not (0 <= tx < w and 0 <= ty < self.height):
            return -1
        if dx and dy and (self.corner[y * w + tx] or self.corner[ty * w + x]):
            return -1
        return ty * w + tx

    def next_states(self, turns: tuple[int, bool]) -> list[tuple[int, ...] | None]:
        """Per state, the states one step on turning at most `turns[0]` × 45° from its
        heading (R4.4), or None until `fill` computes them (terrain aside from R2.2 and the
        map's edge is checked by the search). With `turns[1]` (R4.4 measured against the
        run's first step) a new state keeps the heading, else it takes the step's."""
        table = self.successors.get(turns)
        if table is None:
            table = self.successors[turns] = [None] * (self.width * self.height * 8)
        return table

    def fill(
        self, table: list[tuple[int, ...] | None], turns: tuple[tuple[int, ...], ...], s: int, keep_heading: bool,
    ) -> tuple[int, ...]:
        """Compute and keep the states one step on from state `s`."""
        idx, h = s >> 3, s & 7
        row = tuple((t << 3) | (h if keep_heading else d) for d in turns[h] if (t := self.step(idx, d)) >= 0)
        table[s] = row
        return row


_GRIDS: dict[int, tuple[weakref.ref[Board], _Grid]] = {}


def _grid(board: Board) -> _Grid:
    cached = _GRIDS.get(id(board))
    if cached is not None and cached[0]() is board:
        return cached[1]
    code = {t: (_FLOOR if t is Terrain.FLOOR else _DEAD if t.dead else _BLOCKED) for t in Terrain}
    kind = bytes(code[t] for t in board.cells)
    no_dead = kind.replace(bytes([_DEAD]), bytes([_BLOCKED]))
    corner = bytes(1 if t.blocks_diagonal else 0 for t in board.cells)
    grid = _Grid(board.width, board.height, kind, no_dead, corner, {}, {})
    _GRIDS[id(board)] = (forget_when_gone(_GRIDS, board), grid)  # goes with the board
    return grid


@lru_cache(maxsize=8)
def _turns(limit: int) -> tuple[tuple[int, ...], ...]:
    """For each heading, the directions a step may take (R4.4), straight on first."""
    out = []
    for d in range(8):
        dirs = [d]
        for k in range(1, limit + 1):
            for nd in ((d + k) % 8, (d - k) % 8):
                if nd not in dirs:
                    dirs.append(nd)
        out.append(tuple(dirs))
    return tuple(out)


def _blocked(state: MatchState, f: FighterState, grid: _Grid) -> bytearray:
    """Terrain kinds with the other living fighters' squares blocked (R4.9); dead squares
    blocked unless `f` may enter them (R9.1), and then they end the run."""
    b = bytearray(grid.kind if suicide_allowed(state, f) else grid.kind_no_dead)
    w = grid.width
    for o in state.fighters.values():
        if o.alive and o.id != f.id:
            b[o.position[1] * w + o.position[0]] = _BLOCKED
    return b


def _square(grid: _Grid, idx: int) -> Square:
    return (idx % grid.width, idx // grid.width)


def _index(grid: _Grid, sq: Square) -> int:
    return sq[1] * grid.width + sq[0]


def _keep_heading(state: MatchState) -> bool:
    """R4.4 Reading: every step measured against the run's first step."""
    return state.settings.run.heading_reference == "first_step"


def _turns_of(state: MatchState) -> tuple[int, bool]:
    """R4.4: (the largest turn per step in 45° units, whether the first step's heading is kept)."""
    return max_turn(state), _keep_heading(state)


def _heading(state: MatchState, path: Sequence[Square]) -> int:
    """The heading (a direction index) a run along `path` carries on with (R4.4); -1 before any step."""
    ref = heading_reference(state, path)
    if ref is None:
        return -1
    (ax, ay), (bx, by) = ref
    return DIRECTIONS.index((bx - ax, by - ay))


# -- the plain search ---------------------------------------------------------------------


def _search(
    grid: _Grid,
    blocked: bytearray,
    turns: tuple[int, bool],
    frontier: list[int],
    step: int,
    limit: int,
    dist: dict[int, int],
    parents: dict[int, int] | None = None,
    arrival: dict[int, int] | None = None,
) -> None:
    """Breadth-first over states from `frontier` (states reached at `step`) up to `limit`
    steps, turning as `turns` (max turn, heading kept) allows; records in `dist` the fewest steps to each
    square not already recorded (and, when asked, each state's parent and the first
    state found on each square)."""
    succ = grid.next_states(turns)
    dirs = _turns(turns[0])
    keep = turns[1]
    seen = bytearray(len(succ))
    for s in frontier:
        seen[s] = 1
    while frontier and step < limit:
        step += 1
        new: list[int] = []
        append = new.append
        for s in frontier:
            row = succ[s]
            if row is None:
                row = grid.fill(succ, dirs, s, keep)
            for s2 in row:
                if seen[s2]:
                    continue
                seen[s2] = 1
                t = s2 >> 3
                k = blocked[t]
                if k == _BLOCKED:
                    continue
                if parents is not None:
                    parents[s2] = s
                if t not in dist:
                    dist[t] = step
                    if arrival is not None:
                        arrival[t] = s2
                if k == _FLOOR:
                    append(s2)
        frontier = new


# -- the roll (R4.2) -------------------------------------------------------------------------


def _fighter(state: MatchState, fighter: FighterState | str | None) -> FighterState:
    if fighter is None:
        return state.active
    if isinstance(fighter, str):
        return state.fighters[fighter]
    return fighter


def run_distribution(state: MatchState, fighter: FighterState | str | None = None) -> dict[int, Fraction]:
    """R4.2: the exact chance of each number of run squares, from `1d20 + Physique + Course`
    and the fighter's current modifiers (those on all rolls, on either key, or on runs)."""
    return dict(_run_odds(state, _fighter(state, fighter))[0])


def _run_odds(state: MatchState, f: FighterState) -> tuple[dict[int, Fraction], list[Fraction], list[float]]:
    """The run distribution, and the chance of at least n squares (exact and as floats)."""
    st = state.settings
    keys = ("all", st.run.attribute, st.run.skill, "run")
    bonus = f.sheet.attribute(st.run.attribute) + f.sheet.skill(st.run.skill)
    bonus += sum(m.value for m in f.modifiers if m.applies_to in keys)
    return _odds_for(st.run, st.dice.die, bonus)


@by_identity(maxsize=1024)
def _odds_for(run: RunSettings, die: int, bonus: int) -> tuple[dict[int, Fraction], list[Fraction], list[float]]:
    out: dict[int, Fraction] = {}
    for face in range(1, die + 1):
        n = run_squares(face + bonus, run)
        out[n] = out.get(n, Fraction(0)) + Fraction(1, die)
    dist = dict(sorted(out.items()))
    at_least = _at_least(dist)
    return dist, at_least, [float(a) for a in at_least]


def _at_least(dist: dict[int, Fraction]) -> list[Fraction]:
    """at_least[n] = chance of at least n squares, for n in 0..max."""
    top = max(dist)
    out = [Fraction(0)] * (top + 2)
    acc = Fraction(0)
    for n in range(top, -1, -1):
        acc += dist.get(n, Fraction(0))
        out[n] = acc
    return out


# -- after the roll (R4.3, R4.4) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _UnderWay:
    """A rolled, unfinished run of the active fighter, as the searches need it."""

    ahead: tuple[int, ...]  # declared squares still to run (R4.1) that the squares left cover
    seed: int  # the state once they are run, or -1 when the squares left end on them
    left: int  # squares left now
    current: int  # the runner's square index
    moved: int  # squares run so far


def _under_way(state: MatchState, f: FighterState) -> _UnderWay | None:
    """The active fighter's rolled, unfinished run: what is still ahead of it (R4.1)."""
    run = state.budget.run
    if f is not state.active or run is None or run.finished or run.granted is None:
        return None
    grid = _grid(state.board)
    left = run.granted - run.moved
    ahead = declared_ahead(run)[:left]
    path = [*run.path, *ahead]
    heading = _heading(state, path)
    seed = -1 if heading < 0 or len(ahead) >= left else (_index(grid, path[-1]) << 3) | heading
    return _UnderWay(tuple(_index(grid, sq) for sq in ahead), seed, left, _index(grid, run.path[-1]), run.moved)


def run_step_options(
    state: MatchState, fighter: FighterState | str | None = None
) -> dict[Square, IllegalAction | None]:
    """For each neighbour on the map: None when the runner may run on to it now, else why not."""
    f = _fighter(state, fighter)
    return {
        sq: run_step_refusal(state, f, sq) for sq in neighbours(f.position) if state.board.inside(sq)
    }


def _reach_from_run(
    state: MatchState, f: FighterState, parents: dict[int, int] | None = None,
    arrival: dict[int, int] | None = None,
) -> tuple[dict[int, int], tuple[int, ...]]:
    """Fewest steps to each square the run under way reaches, and the declared squares
    ahead that it runs first (R4.1)."""
    plan = _under_way(state, f)
    dist: dict[int, int] = {}
    if plan is None:
        return dist, ()
    grid = _grid(state.board)
    blocked = _blocked(state, f, grid)
    ahead, goes_on = _runnable_ahead(grid, blocked, plan)
    for step, t in enumerate(ahead, start=1):
        dist.setdefault(t, step)
    if goes_on and plan.seed >= 0:
        turns = (max_turn(state), _keep_heading(state))
        _search(grid, blocked, turns, [plan.seed], len(plan.ahead), plan.left, dist, parents, arrival)
    return dist, ahead


def _runnable_ahead(grid: _Grid, blocked: bytearray, plan: _UnderWay) -> tuple[tuple[int, ...], bool]:
    """The declared squares still ahead (R4.1) that the runner will run, in order, and whether
    the run can go on past them. It runs up to the first one it cannot step onto (R4.9:
    occupied or not walkable; R2.2: a diagonal cut by a wall corner or a dead square), where
    the run is stopped before it (R4.6, only with `run.declared_must_be_free` off), or up to a
    dead square it may enter (R9), which ends the run there."""
    w = grid.width
    origin = plan.current
    for step, t in enumerate(plan.ahead):
        d = DIRECTIONS.index((t % w - origin % w, t // w - origin // w))
        if blocked[t] == _BLOCKED or grid.step(origin, d) != t:
            return plan.ahead[:step], False
        if blocked[t] == _DEAD:
            return plan.ahead[: step + 1], False
        origin = t
    return plan.ahead, True


def run_reach(state: MatchState, fighter: FighterState | str | None = None) -> dict[Square, int]:
    """R4.3, R4.4: after the roll, every square the runner can reach with the squares left,
    turning at most 45° per step (90° in labyrinths), with the fewest steps needed.

    Empty when the fighter has no rolled run under way. Squares must be free and
    walkable (R4.9, R2.2); tackles (R4.7) are not counted here.
    """
    f = _fighter(state, fighter)
    grid = _grid(state.board)
    return {_square(grid, i): d for i, d in _reach_from_run(state, f)[0].items()}


RunSearch = tuple[dict[int, int], tuple[int, ...], dict[int, int], dict[int, int]]
"""One search of the run under way: steps per square, declared squares ahead, each state's
parent and the first state found on each square (`run_search`, read by `run_route`)."""


def reach_of(state: MatchState, search: RunSearch) -> dict[Square, int]:
    """`run_reach` read off a `run_search` of the same state and fighter (the same search,
    its parents kept besides)."""
    grid = _grid(state.board)
    return {_square(grid, i): d for i, d in search[0].items()}


def run_search(state: MatchState, fighter: FighterState | str | None = None) -> RunSearch:
    """The search `run_route` walks back through, for every destination at once (the
    queries keep it per state, so a bot asking a route to each square searches once)."""
    parents: dict[int, int] = {}
    arrival: dict[int, int] = {}
    dist, ahead = _reach_from_run(state, _fighter(state, fighter), parents, arrival)
    return dist, ahead, parents, arrival


def run_route(
    state: MatchState, to: Square, fighter: FighterState | str | None = None, search: RunSearch | None = None,
) -> list[Square] | None:
    """The squares to run through, one `RunStep` each, to reach `to` in the fewest steps
    (the declared squares still ahead first, R4.1). `search`: `run_search` of this state
    and fighter, when the caller keeps it."""
    grid = _grid(state.board)
    _, ahead, parents, arrival = search if search is not None else run_search(state, fighter)
    target = _index(grid, to)
    if target in ahead:
        return [_square(grid, t) for t in ahead[: ahead.index(target) + 1]]
    s = arrival.get(target)
    if s is None:
        return None
    path = []
    while s in parents:
        path.append(_square(grid, s >> 3))
        s = parents[s]
    path.reverse()
    return [*(_square(grid, t) for t in ahead), *path]

