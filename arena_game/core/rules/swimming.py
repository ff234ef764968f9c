"""Swimming (R2.3): a path of water squares (a shore square last), as far as the roll goes;
the flight (R3) is rolled once the squares swum are known."""

from __future__ import annotations

from collections import deque

from arena_game.core.actions import Swim
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Moved, SwimRolled
from arena_game.core.geometry import Square, fmt, neighbours
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import move_open, move_refusal, require
from arena_game.core.rules.movement import enter_square, flee_check, step_allowed, step_refusal
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain


def swim_path_refusal(state: MatchState, f: FighterState, path: list[Square]) -> IllegalAction | None:
    """Why this swim path is illegal, if so: every square is water, except a last one on land."""
    if (err := move_refusal(state, f, "swim")) is not None:
        return err
    board = state.board
    in_water = board.terrain(f.position) is Terrain.WATER
    if not in_water and board.terrain(path[0]) is not Terrain.WATER:
        return IllegalAction(
            "R2.3", f"{f.sheet.name} is not in the water and {fmt(path[0])} is not water",
            code="swim_not_water", fields={"fighter": f.sheet.name, "square": path[0]},
        )
    origin = f.position
    for i, sq in enumerate(path):
        if (err := step_refusal(state, f, origin, sq, allow_water=True)) is not None:
            return err
        if board.terrain(sq) is not Terrain.WATER and i != len(path) - 1:
            return IllegalAction(
                "R2.3", f"climbing out at {fmt(sq)} ends the swim: it must be the last square",
                code="swim_climb_out", fields={"square": sq},
            )
        origin = sq
    return None


def swim_path_allowed(state: MatchState, f: FighterState, path: list[Square]) -> bool:
    """`swim_path_refusal(...) is None`, without building the refusal: the same checks in the
    same order (bots check every swim path they weigh; a test compares both on random paths)."""
    if not move_open(state, f, "swim"):
        return False
    board = state.board
    if board.terrain(f.position) is not Terrain.WATER and board.terrain(path[0]) is not Terrain.WATER:
        return False
    origin = f.position
    last = len(path) - 1
    for i, sq in enumerate(path):
        if not step_allowed(state, f, origin, sq, allow_water=True):
            return False
        if i != last and board.terrain(sq) is not Terrain.WATER:
            return False
        origin = sq
    return True


def swim_squares(total: int, per: int) -> int:
    """R2.3 Reading: one square per full `per` points of the swim roll."""
    return max(0, total) // per


def swim(r: Resolution, action: Swim) -> None:
    """Roll 1d20 + Physique + Nage and swim that many squares along the path (R2.3)."""
    f = r.state.active
    st = r.settings.movement
    require(swim_path_refusal(r.state, f, action.path))
    r.state.budget.moved = "swim"
    roll = r.check_roll(f, "swim", (st.swim_attribute, st.swim_skill), "swim")
    granted = swim_squares(roll.total, st.swim_squares_per)
    r.emit(SwimRolled(fighter=f.id, squares=granted))
    taken = action.path[:granted]
    # R3.1: the flight is rolled once the squares actually swum are known.
    if taken and flee_check(r, f, taken, "swim"):
        r.emit(Moved(fighter=f.id, path=[f.position, *taken], mode="swim"))
        enter_square(r, f, taken[-1])


def swim_reach(state: MatchState, f: FighterState | None = None, limit: int = 10) -> dict[Square, int]:
    """Squares `f` can swim to, with the fewest squares needed (water, or a shore square last)."""
    f = f or state.active
    if move_refusal(state, f, "swim") is not None:
        return {}
    board = state.board
    start_in_water = board.terrain(f.position) is Terrain.WATER
    dist: dict[Square, int] = {f.position: 0}
    queue = deque([f.position])
    out: dict[Square, int] = {}
    while queue:
        sq = queue.popleft()
        d = dist[sq]
        if d >= limit:
            continue
        if sq != f.position and board.terrain(sq) is not Terrain.WATER:
            continue  # climbed out: the swim ends here
        for nb in neighbours(sq):
            if nb in dist:
                continue
            if sq == f.position and not start_in_water and board.terrain(nb) is not Terrain.WATER:
                continue
            if step_allowed(state, f, sq, nb, allow_water=True):
                dist[nb] = d + 1
                out[nb] = d + 1
                queue.append(nb)
    return out


def swim_distribution(state: MatchState, f: FighterState | None = None) -> dict[int, float]:
    """Exact chance of each number of swim squares from the roll (R2.3)."""
    f = f or state.active
    st = state.settings
    bonus = f.sheet.attribute(st.movement.swim_attribute) + f.sheet.skill(st.movement.swim_skill)
    bonus += sum(m.value for m in f.modifiers if m.applies_to in ("all", "swim", st.movement.swim_attribute, st.movement.swim_skill))
    die = st.dice.die
    counts: dict[int, int] = {}
    for face in range(1, die + 1):
        n = swim_squares(face + bonus, st.movement.swim_squares_per)
        counts[n] = counts.get(n, 0) + 1
    return {n: c / die for n, c in counts.items()}


def swim_chances(state: MatchState, f: FighterState | None = None) -> dict[Square, float]:
    """Squares `f` may reach by swimming with a chance above 0, and that chance (R2.3).

    A square needing more squares than the best roll can give is left out.
    """
    f = f or state.active
    dist = swim_distribution(state, f)
    out: dict[Square, float] = {}
    for sq, need in swim_reach(state, f).items():
        p = sum(v for n, v in dist.items() if n >= need)
        if p > 0:
            out[sq] = p
    return out
