"""What a run can reach (R4): the queries the window draws, and their exact chances.

- `run_distribution`: the squares a run roll grants, with their exact chances (R4.2).
- `declared_options` (in `running`): the legal next declared squares (R4.1, R4.4).
- `run_step_options`, `run_reach`, `run_route`: after the roll, where the runner can go
  with the squares left, turning at most 45° per step (R4.3, R4.4, R4.9, R2.2).
- `run_probability_map`: for each square, the exact chance that a fighter reaches it
  with a run this turn, from its roll distribution and current modifiers, the flight
  before the roll (R3) included; optionally times the tackle survival (R4.7) along the
  best path.

The searches walk states (square, heading) on plain integers: a square is an index
`y * width + x`, a state `index * 8 + direction` (direction in `geometry.DIRECTIONS`).
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
from arena_game.core.geometry import DIRECTIONS, Square, is_adjacent, neighbours
from arena_game.core.rules.budget import move_refusal
from arena_game.core.rules.running import (
    declared_options,
    max_turn,
    run_heading,
    run_squares,
    run_step_refusal,
)
from arena_game.core.settings import FleeSettings, RunSettings
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

__all__ = [
    "declared_options", "run_distribution", "run_probability_map", "run_reach", "run_route",
    "run_step_options",
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
    # max turn → per state (index*8+d), the states one step on, filled as searches reach
    # them: a search stays near the runner, so a large board costs nothing up front
    successors: dict[int, list[tuple[int, ...] | None]]
    # (start index, max turn, dead squares allowed, squares declared) → declarations
    declarations: dict[tuple[int, int, bool, int], _Declarations]

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

    def next_states(self, limit: int) -> list[tuple[int, ...] | None]:
        """Per state, the states one step on turning at most `limit` × 45° (R4.4), or None
        until `fill` computes them (terrain aside from R2.2 and the map's edge is checked
        by the search)."""
        table = self.successors.get(limit)
        if table is None:
            table = self.successors[limit] = [None] * (self.width * self.height * 8)
        return table

    def fill(self, table: list[tuple[int, ...] | None], turns: tuple[tuple[int, ...], ...], s: int) -> tuple[int, ...]:
        """Compute and keep the states one step on from state `s`."""
        idx = s >> 3
        row = tuple((t << 3) | d for d in turns[s & 7] if (t := self.step(idx, d)) >= 0)
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
    for key in [k for k, (ref, _) in _GRIDS.items() if ref() is None]:
        del _GRIDS[key]
    _GRIDS[id(board)] = (weakref.ref(board), grid)
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
    b = bytearray(grid.kind if _may_enter_dead(state, f) else grid.kind_no_dead)
    w = grid.width
    for o in state.fighters.values():
        if o.alive and o.id != f.id:
            b[o.position[1] * w + o.position[0]] = _BLOCKED
    return b


def _may_enter_dead(state: MatchState, f: FighterState) -> bool:
    """R9.1: as `movement.dead_square_refusal` — magic effect, or the opponents' leave."""
    return f.sheet.magic_effect or state.settings.teams.suicide_allowed_by_opponents


def _square(grid: _Grid, idx: int) -> Square:
    return (idx % grid.width, idx // grid.width)


# -- the plain search ---------------------------------------------------------------------


def _search(
    grid: _Grid,
    blocked: bytearray,
    turns: int,
    frontier: list[int],
    step: int,
    limit: int,
    dist: dict[int, int],
    parents: dict[int, int] | None = None,
    arrival: dict[int, int] | None = None,
) -> None:
    """Breadth-first over states from `frontier` (states reached at `step`) up to `limit`
    steps, turning at most `turns` × 45°; records in `dist` the fewest steps to each
    square not already recorded (and, when asked, each state's parent and the first
    state found on each square)."""
    succ = grid.next_states(turns)
    dirs = _turns(turns)
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
                row = grid.fill(succ, dirs, s)
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


@lru_cache(maxsize=1024)
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


def _run_under_way(state: MatchState, f: FighterState) -> tuple[int, int, int] | None:
    """(square index, heading or -1, squares left) of the active fighter's rolled, unfinished run."""
    run = state.budget.run
    if f is not state.active or run is None or run.finished or run.granted is None:
        return None
    prev, cur = run_heading(run)
    heading = -1 if prev is None else DIRECTIONS.index((cur[0] - prev[0], cur[1] - prev[1]))
    grid = _grid(state.board)
    return cur[1] * grid.width + cur[0], heading, run.granted - run.moved


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
) -> dict[int, int]:
    under_way = _run_under_way(state, f)
    dist: dict[int, int] = {}
    if under_way is None or under_way[1] < 0:
        return dist  # (an unfinished rolled run has always run a square: it has a heading)
    idx, heading, left = under_way
    grid = _grid(state.board)
    turns = max_turn(state)
    _search(grid, _blocked(state, f, grid), turns, [(idx << 3) | heading], 0, left, dist, parents, arrival)
    return dist


def run_reach(state: MatchState, fighter: FighterState | str | None = None) -> dict[Square, int]:
    """R4.3, R4.4: after the roll, every square the runner can reach with the squares left,
    turning at most 45° per step (90° in labyrinths), with the fewest steps needed.

    Empty when the fighter has no rolled run under way. Squares must be free and
    walkable (R4.9, R2.2); tackles (R4.7) are not counted here.
    """
    f = _fighter(state, fighter)
    grid = _grid(state.board)
    return {_square(grid, i): d for i, d in _reach_from_run(state, f).items()}


def run_route(state: MatchState, to: Square, fighter: FighterState | str | None = None) -> list[Square] | None:
    """The squares to run through, one `RunStep` each, to reach `to` in the fewest steps."""
    f = _fighter(state, fighter)
    grid = _grid(state.board)
    parents: dict[int, int] = {}
    arrival: dict[int, int] = {}
    _reach_from_run(state, f, parents, arrival)
    s = arrival.get(to[1] * grid.width + to[0])
    if s is None:
        return None
    path = []
    while s in parents:
        path.append(_square(grid, s >> 3))
        s = parents[s]
    path.reverse()
    return path


# -- before the roll: the probability map -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Prefix:
    """A legal declaration (R4.1): its squares, the squares run along it before any block,
    the opponents fled from (R3), and the tackle mask after its runnable squares."""

    reached: tuple[int, ...]  # square indices runnable from the start, in order
    seed: int  # the state after the last declared square when all are runnable, else -1
    fled: int  # bit mask of opponents the declaration leaves (R3)
    masks: tuple[int, ...]  # tackle mask on arriving at each reached square (bits: checked)
    seed_mask: int


_Declaration = tuple[tuple[Square, int], ...]
"""A declaration (R4.1): its squares, each with the direction of the step onto it."""
_Entry = tuple[_Declaration, tuple[int, ...]]
"""A declaration and, per square, its index when the step onto it is possible on the
board alone (the map's edge and R2.2's cut diagonals), else -1."""
_Declarations = tuple[tuple[_Entry, ...], dict[tuple[Square, ...], list[_Entry]]]


def _declarations(state: MatchState, f: FighterState, prefix: Sequence[Square] = ()) -> list[_Declaration]:
    """Every legal declaration (R4.1) starting with `prefix`: full length, or shorter when
    nothing can follow. The same squares as `declared_options`, step by step, in its order."""
    return [d for d, _ in _entries(state, f, prefix)]


def _entries(state: MatchState, f: FighterState, prefix: Sequence[Square] = ()) -> Sequence[_Entry]:
    """`_declarations` with their board steps, worked out once per board and start square."""
    grid = _grid(state.board)
    n = state.settings.run.declared_squares
    key = (f.position[1] * grid.width + f.position[0], max_turn(state), _may_enter_dead(state, f), n)
    found = grid.declarations.get(key)
    if found is None:
        start = key[0]
        every = []
        by_start: dict[tuple[Square, ...], list[_Entry]] = {}
        for d in _all_declarations(grid, f.position, key[1], key[2], n):
            targets, origin = [], start
            for sq, direction in d:
                t = grid.step(origin, direction)
                targets.append(t)
                origin = sq[1] * grid.width + sq[0]
            entry = (d, tuple(targets))
            every.append(entry)
            squares = tuple(sq for sq, _ in d)
            for k in range(1, len(squares) + 1):
                by_start.setdefault(squares[:k], []).append(entry)
        found = grid.declarations[key] = (tuple(every), by_start)
    if not prefix:
        return found[0]
    return found[1].get(tuple((sq[0], sq[1]) for sq in prefix), ())


def _all_declarations(grid: _Grid, start: Square, limit: int, dead_ok: bool, n: int) -> tuple[_Declaration, ...]:
    """Declarations from `start` on the board alone: squares on the map (R13), each step
    turning at most `limit` × 45° from the one before (R4.4), no dead square unless it
    may be entered (R9.1). Occupied or blocked squares stop a run but are declarable."""
    kind = grid.kind
    w, h = grid.width, grid.height
    out: list[_Declaration] = []

    def grow(declared: list[tuple[Square, int]]) -> None:
        options: list[tuple[Square, int]] = []
        if len(declared) < n:
            (x, y), heading = declared[-1] if declared else (start, -1)
            for d, (dx, dy) in enumerate(DIRECTIONS):
                tx, ty = x + dx, y + dy
                if not (0 <= tx < w and 0 <= ty < h):
                    continue
                if heading >= 0 and min((d - heading) % 8, (heading - d) % 8) > limit:
                    continue
                if not dead_ok and kind[ty * w + tx] == _DEAD:
                    continue
                options.append(((tx, ty), d))
        if not options:
            if declared:
                out.append(tuple(declared))
            return
        for option in options:
            grow([*declared, option])

    grow([])
    return tuple(out)


def _flee_chance(state: MatchState, count: int) -> Fraction:
    """R3.1: the chance that a flight from `count` opponents succeeds."""
    return _flee_odds(state.settings.flee, count)


@lru_cache(maxsize=64)
def _flee_odds(st: FleeSettings, count: int) -> Fraction:
    if count == 0:
        return Fraction(1)
    one = Fraction(sum(1 for face in range(1, st.die + 1) if face not in st.fail_faces), st.die)
    return one if st.one_roll_per_attempt else one**count


def _prefixes(
    state: MatchState, f: FighterState, grid: _Grid, blocked: bytearray, opp_adj: dict[int, int],
    opponents: list[FighterState], prefix: Sequence[Square],
) -> list[_Prefix]:
    start = f.position
    beside_start = [i for i, o in enumerate(opponents) if is_adjacent(o.position, start)]
    out = []
    n = state.settings.run.declared_squares
    for declaration, targets in _entries(state, f, prefix):
        fled = 0
        for i in beside_start:
            o = opponents[i].position
            if any(not is_adjacent(o, sq) for sq, _ in declaration):
                fled |= 1 << i
        reached: list[int] = []
        masks: list[int] = []
        mask = fled
        origin = -1
        seed = -1
        for k, t in enumerate(targets):
            if t < 0 or blocked[t] == _BLOCKED:
                break  # R4.6: the run would be stopped here
            if k > 0 and opp_adj:
                mask |= opp_adj.get(origin, 0)  # moving on from a run square: tackle dice (R4.7)
            reached.append(t)
            masks.append(mask)
            if blocked[t] == _DEAD:
                break
            origin = t
            if k == n - 1:
                seed = (t << 3) | declaration[k][1]
        out.append(_Prefix(tuple(reached), seed, fled, tuple(masks), mask))
    return out


def run_probability_map(
    state: MatchState,
    fighter: FighterState | str | None = None,
    count_tackles: bool = False,
    declared: Sequence[Square] = (),
) -> dict[Square, Fraction]:
    """For each square, the exact chance that the fighter can reach it with a run this turn.

    Before the roll: the best declaration (R4.1) for that square, times the chance its
    flight succeeds (R3), times the chance the roll grants the steps needed (R4.2, from
    the fighter's modifiers now). During a rolled run: 1 for each square of `run_reach`.
    With `count_tackles`, each value is also multiplied by the chance of surviving the
    tackle dice (R4.7) along the best single path (a lower bound when a longer, safer
    path would pay only for some rolls). Squares at chance 0 are left out; so is the
    fighter's own square. Empty when the fighter cannot run this turn.

    `declared`: the squares declared so far (while the player declares): only the
    declarations that begin with them count. Empty when they are not a legal start.
    """
    f = _fighter(state, fighter)
    grid = _grid(state.board)
    opponents = state.awake_opponents_of(f)
    surv = _tackle_survival(state.settings.run)
    opp_adj = _opponent_masks(grid, opponents) if count_tackles else {}
    run = state.budget.run
    if f is state.active and run is not None:
        if run.finished or run.granted is None:
            return {}
        return _map_under_way(state, f, grid, opp_adj, opponents, surv)
    if _cannot_run(state, f):
        return {}
    _, at_least, at_least_f = _run_odds(state, f)
    limit = len(at_least) - 2
    blocked = _blocked(state, f, grid)
    turns = max_turn(state)
    n = state.settings.run.declared_squares
    groups: dict[tuple[Fraction, int], list[_Prefix]] = {}
    for p in _prefixes(state, f, grid, blocked, opp_adj, opponents, declared):
        flee = _flee_chance(state, p.fled.bit_count())
        groups.setdefault((flee, p.fled if count_tackles else 0), []).append(p)
    best: dict[int, tuple[float, Fraction]] = {}
    start = f.position[1] * grid.width + f.position[0]
    for (flee, fled), prefixes in groups.items():
        if not count_tackles:
            dist: dict[int, int] = {}
            for p in prefixes:
                for step, t in enumerate(p.reached, start=1):
                    if step <= limit and dist.get(t, limit + 1) > step:
                        dist[t] = step
            seeds = [p.seed for p in prefixes if p.seed >= 0]
            _search(grid, blocked, turns, seeds, n, limit, dist)
            chances = [(float(c), c) for c in (flee * a for a in at_least)]
            for t, step in dist.items():
                _offer(best, t, chances[step])
        else:
            surv_f = float(surv)
            values = [[a * surv_f**k for k in range(len(opponents) + 1)] for a in at_least_f]
            found: dict[int, tuple[float, int, int]] = {}
            for p in prefixes:
                for step, (t, mask) in enumerate(zip(p.reached, p.masks, strict=True), start=1):
                    if step <= limit:
                        _consider(found, values, t, step, (mask & ~fled).bit_count())
            label_seeds = [(p.seed, p.seed_mask) for p in prefixes if p.seed >= 0]
            _tackle_search(grid, blocked, turns, label_seeds, n, limit, opp_adj, fled, values, found)
            cache: dict[tuple[int, int], tuple[float, Fraction]] = {}
            for t, (_, step, k) in found.items():
                c = cache.get((step, k))
                if c is None:
                    value = flee * at_least[step] * surv**k
                    c = cache[(step, k)] = (float(value), value)
                _offer(best, t, c)
    best.pop(start, None)
    w = grid.width
    return {(t % w, t // w): v for t, (_, v) in sorted(best.items()) if v.numerator > 0}


@lru_cache(maxsize=64)
def _tackle_survival(st: RunSettings) -> Fraction:
    """R4.7: the chance that one tackle die does not stop the runner."""
    return 1 - Fraction(sum(1 for face in range(1, st.tackle_die + 1) if face in st.tackle_faces), st.tackle_die)


def _consider(found: dict[int, tuple[float, int, int]], values: list[list[float]], t: int, step: int, k: int) -> None:
    v = values[step][k]
    cur = found.get(t)
    if cur is None or v > cur[0]:
        found[t] = (v, step, k)


def _offer(best: dict[int, tuple[float, Fraction]], t: int, chance: tuple[float, Fraction]) -> None:
    """Keep the higher chance for square `t` (compared as floats, exactly on a tie)."""
    cur = best.get(t)
    if cur is None or chance[0] > cur[0] or (chance[0] == cur[0] and chance[1] > cur[1]):
        best[t] = chance


def _cannot_run(state: MatchState, f: FighterState) -> bool:
    if f is state.active:
        return move_refusal(state, f, "run") is not None
    # another fighter: as at the start of its own turn
    return (
        not f.alive or f.fallen or f.asleep_turns > 0
        or state.board.terrain(f.position) is Terrain.WATER
    )


def _opponent_masks(grid: _Grid, opponents: Sequence[FighterState]) -> dict[int, int]:
    """Square index → bit mask of the opponents beside it (R4.7)."""
    out: dict[int, int] = {}
    w = grid.width
    for i, o in enumerate(opponents):
        for x, y in neighbours(o.position):
            if 0 <= x < grid.width and 0 <= y < grid.height:
                out[y * w + x] = out.get(y * w + x, 0) | (1 << i)
    return out


def _tackle_search(
    grid: _Grid,
    blocked: bytearray,
    turns: int,
    seeds: list[tuple[int, int]],
    step: int,
    limit: int,
    opp_adj: dict[int, int],
    ignore: int,
    values: list[list[float]],
    found: dict[int, tuple[float, int, int]],
) -> None:
    """Breadth-first over (state, checked mask) from `seeds` (reached at `step`). Moving on
    from a square checks the opponents beside it (R4.7); a label is dropped when an earlier
    one reached the same state having checked a subset of its opponents. `found` keeps,
    per square, the best `values[steps][tackle dice]` (opponents in `ignore` roll none)."""
    succ = grid.next_states(turns)
    dirs = _turns(turns)
    seen: dict[int, list[int]] = {}
    clear = bytearray(len(succ))  # states reached by a label with no opponent checked
    for s, m in seeds:
        if m == 0:
            clear[s] = 1
        else:
            seen.setdefault(s, []).append(m)
    frontier = seeds
    while frontier and step < limit:
        step += 1
        row = values[step]
        new: list[tuple[int, int]] = []
        for s, mask in frontier:
            out_mask = mask | opp_adj.get(s >> 3, 0)
            k = (out_mask & ~ignore).bit_count()
            v = row[k]
            nexts = succ[s]
            if nexts is None:
                nexts = grid.fill(succ, dirs, s)
            for s2 in nexts:
                t = s2 >> 3
                b = blocked[t]
                if b == _BLOCKED:
                    continue
                if clear[s2]:
                    continue  # an earlier label got here having checked no opponent at all
                if out_mask == 0:
                    clear[s2] = 1
                else:
                    masks = seen.get(s2)
                    if masks is None:
                        seen[s2] = [out_mask]
                    else:
                        dominated = False
                        for m in masks:
                            if m & ~out_mask == 0:  # an earlier label checked a subset of these
                                dominated = True
                                break
                        if dominated:
                            continue
                        masks.append(out_mask)
                cur = found.get(t)
                if cur is None or v > cur[0]:
                    found[t] = (v, step, k)
                if b == _FLOOR:
                    new.append((s2, out_mask))
        frontier = new


def _map_under_way(
    state: MatchState, f: FighterState, grid: _Grid, opp_adj: dict[int, int],
    opponents: list[FighterState], surv: Fraction,
) -> dict[Square, Fraction]:
    """During a rolled run: 1 per reachable square, times tackle survival when counted."""
    if not opp_adj:
        return {sq: Fraction(1) for sq in run_reach(state, f)}
    under_way = _run_under_way(state, f)
    run = state.budget.run
    if under_way is None or under_way[1] < 0 or run is None:
        return {}
    idx, heading, left = under_way
    checked = 0
    for i, o in enumerate(opponents):
        if o.id in run.tackle_checked:
            checked |= 1 << i
    values = [[float(surv) ** k for k in range(len(opponents) + 1)] for _ in range(left + 1)]
    found: dict[int, tuple[float, int, int]] = {}
    seeds = [((idx << 3) | heading, checked)]
    _tackle_search(grid, _blocked(state, f, grid), max_turn(state), seeds, 0, left, opp_adj, checked, values, found)
    found.pop(idx, None)
    return {_square(grid, t): surv**k for t, (_, _step, k) in sorted(found.items())}
