"""The exact chance of reaching each square with a run this turn (R4): `run_probability_map`.

From the fighter's roll distribution and current modifiers (R4.2), the best legal
declaration for each square (R4.1), the flight before the roll (R3), and optionally the
tackle survival (R4.7) along the best path. Searches run on the integer grid of
`running_reach`; the declarations from a start square come from `run_declarations`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arena_game.core.geometry import Square, is_adjacent, neighbours
from arena_game.core.kept import Kept, by_identity
from arena_game.core.rules.budget import move_refusal
from arena_game.core.rules.run_declarations import _declarations
from arena_game.core.rules.running_reach import (
    _BLOCKED,
    _DEAD,
    _FLOOR,
    _blocked,
    _fighter,
    _Grid,
    _grid,
    _keep_heading,
    _run_odds,
    _runnable_ahead,
    _search,
    _square,
    _turns,
    _turns_of,
    _under_way,
    run_reach,
)
from arena_game.core.settings import FleeSettings, RunSettings
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

__all__ = ["run_probability_map"]


@dataclass(frozen=True, slots=True)
class _Prefix:
    """A legal declaration (R4.1): its squares, the squares run along it before any block,
    the opponents fled from (R3), and the tackle mask after its runnable squares."""

    reached: tuple[int, ...]  # square indices runnable from the start, in order
    seed: int  # the state after the last declared square when all are runnable, else -1
    fled: int  # bit mask of opponents the declaration leaves (R3)
    masks: tuple[int, ...]  # tackle mask on arriving at each reached square (bits: checked)
    seed_mask: int


def _flee_chance(state: MatchState, count: int) -> Fraction:
    """R3.1: the chance that a flight from `count` opponents succeeds."""
    return _flee_odds(state.settings.flee, count)


@by_identity(maxsize=64)
def _flee_odds(st: FleeSettings, count: int) -> Fraction:
    if count == 0:
        return Fraction(1)
    one = Fraction(sum(1 for face in range(1, st.die + 1) if face not in st.fail_faces), st.die)
    return one if st.one_roll_per_attempt else one**count


def _prefixes(
    state: MatchState, f: FighterState, grid: _Grid, blocked: bytearray, opp_adj: dict[int, int],
    opponents: list[FighterState], prefix: Sequence[Square],
) -> list[_Prefix]:
    w = grid.width
    start = f.position
    beside_start = [i for i, o in enumerate(opponents) if is_adjacent(o.position, start)]
    out = []
    n = state.settings.run.declared_squares
    keep = _keep_heading(state)  # R4.4: the first step's heading all along
    for declaration in _declarations(state, f, prefix):
        fled = 0
        for i in beside_start:
            o = opponents[i].position
            if any(not is_adjacent(o, sq) for sq, _ in declaration):
                fled |= 1 << i
        reached: list[int] = []
        masks: list[int] = []
        mask = fled
        origin = start[1] * w + start[0]
        seed = -1
        for k, (_, d) in enumerate(declaration):
            t = grid.step(origin, d)
            if t < 0 or blocked[t] == _BLOCKED:
                break  # R4.6: the run would be stopped here
            if k > 0:
                mask |= opp_adj.get(origin, 0)  # moving on from a run square: tackle dice (R4.7)
            reached.append(t)
            masks.append(mask)
            if blocked[t] == _DEAD:
                break
            origin = t
            if k == len(declaration) - 1 and len(declaration) == n:
                seed = (t << 3) | (declaration[0][1] if keep else d)
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
    surv = tackle_survival(state.settings.run)
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
    turns = _turns_of(state)
    n = state.settings.run.declared_squares
    # Prefixes grouped by their flight's chance (R3) and, with tackles, the opponents fled;
    # the chance is looked up once per number of opponents fled, not hashed per prefix.
    chance_of: dict[int, tuple[int, Fraction]] = {}  # opponents fled → (group of equal chances, chance)
    groups: dict[tuple[int, int], list[_Prefix]] = {}
    for p in _prefixes(state, f, grid, blocked, opp_adj, opponents, declared):
        count = p.fled.bit_count()
        got = chance_of.get(count)
        if got is None:
            flee = _flee_chance(state, count)
            same = next((g for g, c in chance_of.values() if c == flee), len(chance_of))
            got = chance_of[count] = (same, flee)
        groups.setdefault((got[0], p.fled if count_tackles else 0), []).append(p)
    flee_of = {g: c for g, c in chance_of.values()}
    best: dict[int, tuple[float, Fraction]] = {}
    start = f.position[1] * grid.width + f.position[0]
    for (group, fled), prefixes in groups.items():
        flee = flee_of[group]
        if not count_tackles:
            dist: dict[int, int] = {}
            for p in prefixes:
                for step, t in enumerate(p.reached, start=1):
                    if step <= limit and dist.get(t, limit + 1) > step:
                        dist[t] = step
            seeds = [p.seed for p in prefixes if p.seed >= 0]
            _search(grid, blocked, turns, seeds, n, limit, dist)
            chances = _fled_chances(flee, at_least)
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
                    c = cache[(step, k)] = _chance_of(flee, at_least, step, surv, k)
                _offer(best, t, c)
    best.pop(start, None)
    w = grid.width
    return {(t % w, t // w): v for t, (_, v) in sorted(best.items()) if v.numerator > 0}


_FLED: Kept[tuple[int, int], tuple[Fraction, list[Fraction], list[tuple[float, Fraction]]]] = Kept(1024)


def _fled_chances(flee: Fraction, at_least: list[Fraction]) -> list[tuple[float, Fraction]]:
    """`flee * a` for each chance `a` of `at_least`, with its float, worked out once per pair
    (both come from caches, `_flee_odds` and `_run_odds`: looked up by identity, each entry
    holding them); a shared answer, read and never changed."""
    key = (id(flee), id(at_least))
    got = _FLED.get(key)
    if got is None or got[0] is not flee or got[1] is not at_least:
        got = _FLED.keep(key, (flee, at_least, [(float(c), c) for c in (flee * a for a in at_least)]))
    return got[2]


_CHANCES: Kept[tuple[int, int, int, int, int, int], tuple[list[Fraction], Fraction, tuple[float, Fraction]]] = Kept(8192)


def _chance_of(flee: Fraction, at_least: list[Fraction], step: int, surv: Fraction, k: int) -> tuple[float, Fraction]:
    """`flee * at_least[step] * surv**k` and its float, worked out once (exact fractions are
    slow, and bots ask the same few for every run they weigh). `at_least` and `surv` come
    from caches (`_run_odds`, `tackle_survival`): looked up by identity, each entry holding them."""
    key = (flee.numerator, flee.denominator, id(at_least), step, id(surv), k)
    got = _CHANCES.get(key)
    if got is None or got[0] is not at_least or got[1] is not surv:
        value = flee * at_least[step] * surv**k
        got = _CHANCES.keep(key, (at_least, surv, (float(value), value)))
    return got[2]


@by_identity(maxsize=64)
def tackle_survival(st: RunSettings) -> Fraction:
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
    # another fighter: as at the start of their own turn
    return (
        not f.alive or f.fallen or f.asleep_turns > 0
        or state.board.terrain(f.position) is Terrain.WATER
    )


def _opponent_masks(grid: _Grid, opponents: Sequence[FighterState]) -> dict[int, int]:
    """Square index → bit mask of the opponents beside it (R4.7), kept per board size and
    squares of the opponents (the bots weigh every runner's map against the same few): a
    shared answer, read and never changed."""
    key = (grid.width, grid.height, tuple(o.position for o in opponents))
    got = _MASKS.get(key)
    if got is None:
        got = _MASKS.keep(key, _masks(grid, opponents))
    return got


_MASKS: Kept[tuple[int, int, tuple[Square, ...]], dict[int, int]] = Kept(1024)


def _masks(grid: _Grid, opponents: Sequence[FighterState]) -> dict[int, int]:
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
    turns: tuple[int, bool],
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
    dirs = _turns(turns[0])
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
                nexts = grid.fill(succ, dirs, s, turns[1])
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
        return dict.fromkeys(run_reach(state, f), _CERTAIN)
    plan = _under_way(state, f)
    run = state.budget.run
    if plan is None or run is None:
        return {}
    checked = 0
    for i, o in enumerate(opponents):
        if o.id in run.tackle_checked:
            checked |= 1 << i
    powers = _powers(surv, len(opponents))
    values = [powers[1]] * (plan.left + 1)  # the same chances at every step (read, never changed)
    found: dict[int, tuple[float, int, int]] = {}
    blocked = _blocked(state, f, grid)
    # R4.1: the declared squares still ahead come first; moving on from a run square (not
    # the start) rolls the tackle dice of the opponents beside it (R4.7).
    mask, origin, moved = checked, plan.current, plan.moved
    ahead, goes_on = _runnable_ahead(grid, blocked, plan)  # up to where the run stops (R4.6, R9)
    for step, t in enumerate(ahead, start=1):
        if moved > 0:
            mask |= opp_adj.get(origin, 0)
        _consider(found, values, t, step, (mask & ~checked).bit_count())
        origin, moved = t, moved + 1
    if goes_on and plan.seed >= 0:
        turns = _turns_of(state)
        seeds = [(plan.seed, mask)]
        _tackle_search(grid, blocked, turns, seeds, len(plan.ahead), plan.left, opp_adj, checked, values, found)
    found.pop(plan.current, None)
    exact = powers[0]
    return {_square(grid, t): exact[k] for t, (_, _step, k) in sorted(found.items())}


_CERTAIN = Fraction(1)
_POWERS: Kept[tuple[int, int], tuple[Fraction, tuple[list[Fraction], list[float]]]] = Kept(256)


def _powers(surv: Fraction, most: int) -> tuple[list[Fraction], list[float]]:
    """`surv**k` for k from 0 to `most`, exact and as floats (`float(surv) ** k`), worked out
    once: `surv` comes from `tackle_survival`'s cache (looked up by identity, each entry holding it)."""
    key = (id(surv), most)
    got = _POWERS.get(key)
    if got is None or got[0] is not surv:
        got = _POWERS.keep(key, (surv, ([surv**k for k in range(most + 1)], [float(surv) ** k for k in range(most + 1)])))
    return got[1]
