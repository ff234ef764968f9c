"""Walking (R2.1, R2.2), jumping over (R2.4), dead squares (R2.5, R9), fleeing (R3) and standing
up (R5.2). Swimming (R2.3) is `swimming`, on the steps and flights of this module."""

from __future__ import annotations

from dataclasses import dataclass

from arena_game.core.actions import Jump, StandUp, Walk
from arena_game.core.dice import chance_at_least, meets
from arena_game.core.errors import IllegalAction
from arena_game.core.events import (
    FleeChecked,
    JumpAttempted,
    Moved,
    StoodUp,
)
from arena_game.core.geometry import Square, fmt, is_adjacent, neighbours
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import MoveMode, move_open, move_refusal, require
from arena_game.core.rules.suicide import own_death, suicide_allowed
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

# -- refusals shared with the queries ---------------------------------------------


def dead_square_refusal(state: MatchState, f: FighterState, sq: Square) -> IllegalAction | None:
    """R2.5/R9.1: entering a dead square by one's own move is suicide, refused unless allowed."""
    t = state.board.terrain(sq)
    if not t.dead:
        return None
    if suicide_allowed(state, f):
        return None
    return IllegalAction(
        "R9.1", f"the {t.value} at {fmt(sq)} is a deadly square (R2.5): moving into it would be suicide",
        code="dead_square", fields={"terrain": t.value, "square": sq},
    )


_BLOCKS_DIAGONAL = frozenset(t for t in Terrain if t.blocks_diagonal)


def _plain_step(state: MatchState, f: FighterState, origin: Square, to: Square, allow_water: bool) -> bool:
    """True for the common legal step (onto free floor, or water when allowed, between two
    squares of the map, no corner cut), checked without building a refusal: what
    `step_refusal` would accept (a test compares both on every step of random maps)."""
    board = state.board
    ox, oy = origin
    tx, ty = to
    dx, dy = tx - ox, ty - oy
    w, h = board.width, board.height
    if not (-1 <= dx <= 1 and -1 <= dy <= 1) or not (dx or dy):
        return False
    if not (0 <= tx < w and 0 <= ty < h and 0 <= ox < w and 0 <= oy < h):
        return False
    cells = board.cells
    t = cells[ty * w + tx]
    if t is not Terrain.FLOOR and not (allow_water and t is Terrain.WATER):
        return False
    if dx and dy and (cells[oy * w + tx] in _BLOCKS_DIAGONAL or cells[ty * w + ox] in _BLOCKS_DIAGONAL):
        return False
    for o in state.fighters.values():
        if o.alive and o.position == to:
            return o.id == f.id
    return True


def step_refusal(
    state: MatchState, f: FighterState, origin: Square, to: Square, allow_water: bool = False
) -> IllegalAction | None:
    """Why a single step origin→to is illegal for `f`, if it is (R2.1, R2.2, R2.5, R13)."""
    if _plain_step(state, f, origin, to, allow_water):
        return None
    return _step_refusal(state, f, origin, to, allow_water)


def step_allowed(state: MatchState, f: FighterState, origin: Square, to: Square, allow_water: bool = False) -> bool:
    """`step_refusal(...) is None`, without building the refusal: the same checks in the same
    order (searches ask it for every neighbour; a test compares both on random maps)."""
    return _plain_step(state, f, origin, to, allow_water) or _step_allowed(state, f, origin, to, allow_water)


def _step_allowed(state: MatchState, f: FighterState, origin: Square, to: Square, allow_water: bool) -> bool:
    """`step_allowed` for any step, the common one included (what it asks after `_plain_step`)."""
    board = state.board
    if not is_adjacent(origin, to) or not board.inside(to):
        return False
    t = board.terrain(to)
    if t.dead:
        if not suicide_allowed(state, f):
            return False
    elif t is Terrain.OBSTACLE or t.solid or (t is Terrain.WATER and not allow_water):
        return False
    other = state.fighter_at(to)
    if other is not None and other.id != f.id:
        return False
    return board.diagonal_blocker(origin, to) is None


def open_steps(state: MatchState, f: FighterState, origin: Square, squares: list[Square],
               allow_water: bool = False) -> list[Square]:
    """The squares of `squares` that `step_allowed` accepts from `origin`, in their order, the
    fighters' squares looked up once (searches ask it for every neighbour): the common
    legal step is told here as `_plain_step` tells it, any other by the full check."""
    board = state.board
    w, h = board.width, board.height
    cells = board.cells
    ox, oy = origin
    occupied: dict[Square, str] = {}
    for o in state.fighters.values():
        if o.alive:
            occupied.setdefault(o.position, o.id)
    me = f.id
    out = []
    for to in squares:
        tx, ty = to
        dx, dy = tx - ox, ty - oy
        if ((dx or dy) and -1 <= dx <= 1 and -1 <= dy <= 1 and 0 <= tx < w and 0 <= ty < h
                and 0 <= ox < w and 0 <= oy < h):
            t = cells[ty * w + tx]
            if ((t is Terrain.FLOOR or (allow_water and t is Terrain.WATER))
                    and not (dx and dy and (cells[oy * w + tx].blocks_diagonal or cells[ty * w + ox].blocks_diagonal))
                    and occupied.get(to, me) == me):
                out.append(to)
                continue
        if _step_allowed(state, f, origin, to, allow_water):
            out.append(to)
    return out


def _step_refusal(
    state: MatchState, f: FighterState, origin: Square, to: Square, allow_water: bool
) -> IllegalAction | None:
    board = state.board
    if not is_adjacent(origin, to):
        return IllegalAction(
            "R2.1", f"{fmt(to)} is not adjacent to {fmt(origin)}", code="step_not_adjacent", fields={"square": to, "origin": origin},
        )
    if not board.inside(to):
        return IllegalAction("R13", f"{fmt(to)} is outside the map", code="outside_map", fields={"square": to})
    t = board.terrain(to)
    if t.dead:
        if (err := dead_square_refusal(state, f, to)) is not None:
            return err
    elif t is Terrain.OBSTACLE:
        return IllegalAction(
            "R2.4", f"the obstacle at {fmt(to)} can only be jumped over", code="obstacle_jump_only", fields={"square": to},
        )
    elif t.solid:
        return IllegalAction("R13", f"{fmt(to)} is a {t.value}", code="solid_square", fields={"square": to, "terrain": t.value})
    elif t is Terrain.WATER and not allow_water:
        return IllegalAction(
            "R2.3", f"the water at {fmt(to)} is entered by swimming", code="water_swim_only", fields={"square": to},
        )
    other = state.fighter_at(to)
    if other is not None and other.id != f.id:
        return IllegalAction(
            "R2.1", f"{fmt(to)} is occupied by {other.sheet.name}", code="occupied", fields={"square": to, "fighter": other.sheet.name},
        )
    blocker = board.diagonal_blocker(origin, to)
    if blocker is not None:
        return IllegalAction(
            "R2.2", f"diagonal step blocked by {board.describe_square(blocker)}",
            code="diagonal_blocked", fields={"terrain": board.terrain(blocker).value, "square": blocker},
        )
    return None


def walk_refusal(state: MatchState, f: FighterState, to: Square) -> IllegalAction | None:
    """Why `f` may not walk to `to` now, if so (R0.6, R2.1, R2.2, R2.5)."""
    return move_refusal(state, f, "walk") or step_refusal(state, f, f.position, to)


# -- fleeing (R3) ----------------------------------------------------------------------


def holding_opponents(state: MatchState, f: FighterState) -> list[FighterState]:
    """R3.1: the awake opponents adjacent to `f` now: a move that leaves one of them is a flight."""
    x, y = f.position
    team = f.team
    out = []
    for o in state.fighters.values():  # `awake_opponents_of` beside `f` (bots ask for every square)
        if o.alive and o.asleep_turns == 0 and o.team != team:
            dx = o.position[0] - x
            dy = o.position[1] - y
            if -1 <= dx <= 1 and -1 <= dy <= 1 and (dx or dy):
                out.append(o)
    return out


def fleeing_from(state: MatchState, f: FighterState, squares: list[Square]) -> list[FighterState]:
    """R3.1: opponents adjacent to `f` now that a square of their move is no longer adjacent to."""
    return [o for o in holding_opponents(state, f) if any(not is_adjacent(o.position, sq) for sq in squares)]


def flee_check(
    r: Resolution, f: FighterState, squares: list[Square], mode: MoveMode = "walk"
) -> bool:
    """R3.1: roll 1d4 to leave adjacent opponents; on a 1 the move is spent. True: go on.

    `squares` are the squares the move passes (its destination last). One d4 per attempt,
    or, with `flee.one_roll_per_attempt` off, one per opponent left (the first 1 fails).
    """
    leaving = fleeing_from(r.state, f, squares)
    if not leaving:
        return True
    st = r.settings.flee
    rolls = 1 if st.one_roll_per_attempt else len(leaving)
    ok = True
    for _ in range(rolls):
        roll = r.plain_roll(f, "flee", st.die)
        if roll.face in st.fail_faces:
            ok = False
            break
    r.emit(FleeChecked(fighter=f.id, opponents=[o.id for o in leaving], success=ok))
    if not ok:
        r.state.budget.moved = mode
        r.state.budget.move_spent = True
    return ok


def enter_square(r: Resolution, f: FighterState, sq: Square) -> None:
    """Put `f` on `sq`; a dead square kills (allowed only under magic or by the house setting, R9)."""
    f.position = sq
    if r.state.board.terrain(sq).dead:
        own_death(r, f, sq)


# -- walk (R2.1) ---------------------------------------------------------------------


def walk(r: Resolution, action: Walk) -> None:
    """Walk one square; the fighter may still act this turn (R2.1)."""
    f = r.state.active
    require(walk_refusal(r.state, f, action.to))
    if not flee_check(r, f, [action.to]):
        return
    origin = f.position
    r.state.budget.moved = "walk"
    r.emit(Moved(fighter=f.id, path=[origin, action.to], mode="walk"))
    enter_square(r, f, action.to)


def walk_options(state: MatchState, f: FighterState | None = None) -> dict[Square, IllegalAction | None]:
    """For each neighbour on the map: None when `f` may walk there, else the refusal."""
    f = f or state.active
    turn = move_refusal(state, f, "walk")  # `walk_refusal`, the turn's part worked out once
    return {
        sq: turn or step_refusal(state, f, f.position, sq) for sq in neighbours(f.position) if state.board.inside(sq)
    }


def walk_squares(state: MatchState, f: FighterState | None = None) -> list[Square]:
    """The squares `walk_options` allows (no refusal), in its order, checked without building
    the refusals of the others (bots ask it for every decision; a test compares both)."""
    f = f or state.active
    if not move_open(state, f, "walk"):
        return []
    origin = f.position
    inside = state.board.inside
    return open_steps(state, f, origin, [sq for sq in neighbours(origin) if inside(sq)])


# -- jump over (R2.4) ------------------------------------------------------------------


@dataclass(frozen=True)
class JumpTarget:
    """A square to jump over: where the jumper lands and the difficulty to beat."""

    over: Square
    landing: Square
    difficulty: int
    chance: float
    refusal: IllegalAction | None


def jump_refusal(state: MatchState, f: FighterState, over: Square) -> IllegalAction | None:
    """Why `f` may not jump over `over`, if so (R2.4)."""
    if (err := move_refusal(state, f, "jump")) is not None:
        return err
    board = state.board
    if not is_adjacent(f.position, over):
        return IllegalAction(
            "R2.4", f"{fmt(over)} is not adjacent to {f.sheet.name}",
            code="jump_not_adjacent", fields={"square": over, "fighter": f.sheet.name},
        )
    other = state.fighter_at(over)
    if other is None and board.terrain(over) is not Terrain.OBSTACLE:
        return IllegalAction(
            "R2.4", f"there is no opponent or obstacle to jump over at {fmt(over)}", code="jump_nothing", fields={"square": over},
        )
    if other is not None and other.team == f.team:
        return IllegalAction(
            "R2.4", f"{other.sheet.name} is a teammate: one jumps over an opponent or an object",
            code="jump_teammate", fields={"fighter": other.sheet.name},
        )
    landing = jump_landing(f.position, over)
    if not board.inside(landing):
        return IllegalAction(
            "R2.4", f"the landing square {fmt(landing)} is outside the map", code="landing_outside", fields={"square": landing},
        )
    t = board.terrain(landing)
    if t.dead:
        if (err := dead_square_refusal(state, f, landing)) is not None:
            return err
    elif not t.walkable:
        return IllegalAction(
            "R2.4", f"the landing square {fmt(landing)} is not walkable ({t.value})",
            code="landing_solid", fields={"square": landing, "terrain": t.value},
        )
    lander = state.fighter_at(landing)
    if lander is not None:
        return IllegalAction(
            "R2.4", f"the landing square {fmt(landing)} is occupied by {lander.sheet.name}",
            code="landing_occupied", fields={"square": landing, "fighter": lander.sheet.name},
        )
    for a, b in ((f.position, over), (over, landing)):
        blocker = board.diagonal_blocker(a, b)
        if blocker is not None:
            return IllegalAction(
                "R2.2", f"diagonal jump blocked by {board.describe_square(blocker)}",
                code="diagonal_jump_blocked", fields={"terrain": board.terrain(blocker).value, "square": blocker},
            )
    return None


def jump_landing(origin: Square, over: Square) -> Square:
    """The square just beyond `over`, in a straight line from `origin`."""
    return (2 * over[0] - origin[0], 2 * over[1] - origin[1])


def jump_difficulty(state: MatchState, over: Square) -> int:
    """R2.4: height in cm ÷ 10 (the opponent's height, or the obstacle's)."""
    other = state.fighter_at(over)
    height = other.sheet.height_cm if other is not None else state.board.height_at(over)
    return height // state.settings.movement.jump_height_divisor


def _jump_bonus(state: MatchState, f: FighterState) -> int:
    keys = ("acrobatie", "agilite")
    return sum(f.sheet.skill(k) if k == "acrobatie" else f.sheet.attribute(k) for k in keys) + sum(
        m.value for m in f.modifiers if m.applies_to in ("all", "jump", *keys)
    )


def jump_targets(state: MatchState, f: FighterState | None = None) -> list[JumpTarget]:
    """Every adjacent opponent or obstacle, with landing, difficulty, chance and any refusal."""
    f = f or state.active
    out = []
    for sq in neighbours(f.position):
        if not state.board.inside(sq):
            continue
        other = state.fighter_at(sq)
        if other is None and state.board.terrain(sq) is not Terrain.OBSTACLE:
            continue
        if other is not None and other.team == f.team:
            continue
        diff = jump_difficulty(state, sq)
        bonus = _jump_bonus(state, f)
        die = state.settings.dice.die
        chance = chance_at_least(diff, bonus, die)
        out.append(JumpTarget(sq, jump_landing(f.position, sq), diff, chance, jump_refusal(state, f, sq)))
    return out


def jump(r: Resolution, action: Jump) -> None:
    """Acrobatie + Agilité against height ÷ 10; land beyond on success (R2.4)."""
    f = r.state.active
    st = r.settings.movement
    require(jump_refusal(r.state, f, action.over))
    landing = jump_landing(f.position, action.over)
    if not flee_check(r, f, [landing], "jump"):
        return
    b = r.state.budget
    b.moved = "jump"
    b.acrobatics = True
    difficulty = jump_difficulty(r.state, action.over)
    roll = r.check_roll(f, "jump", ("acrobatie", "agilite"), "jump")
    ok = meets(roll.total, difficulty)
    r.emit(JumpAttempted(
        fighter=f.id, over=action.over, landing=landing, difficulty=difficulty, success=ok,
    ))
    if ok:
        r.emit(Moved(fighter=f.id, path=[f.position, landing], mode="jump"))
        enter_square(r, f, landing)
    elif st.jump_fail_spends_move:
        b.move_spent = True
    else:
        b.moved = None  # Reading off: a failed jump leaves the move unspent


# -- stand up (R5.2) -------------------------------------------------------------------


def stand_up(r: Resolution, action: StandUp) -> None:
    """A fallen fighter spends their whole turn getting up (R5.2)."""
    f = r.state.active
    if f.asleep_turns > 0:
        raise IllegalAction(
            "R10.1", f"{f.sheet.name} has fainted and can do nothing", code="asleep", fields={"fighter": f.sheet.name},
        )
    if not f.fallen:
        raise IllegalAction(
            "R5.2", f"{f.sheet.name} is not on the ground", code="not_on_ground", fields={"fighter": f.sheet.name},
        )
    f.fallen = False
    b = r.state.budget
    b.moved = "stand_up"
    b.move_spent = True
    b.acted = True
    r.emit(StoodUp(fighter=f.id))
