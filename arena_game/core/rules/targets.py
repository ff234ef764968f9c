"""Combat queries the window highlights (exported by `core/queries.py`).

Each answer carries the refusal (`IllegalAction`) when the action is not possible, so the
window greys it out with the reason, and an exact forecast when it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.dice import RollModifier
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, neighbours
from arena_game.core.rules.attack import (
    attack_check,
    attack_modifiers,
    range_refusal,
    run_attack_open_refusal,
    run_attack_refusal,
    target_refusal,
)
from arena_game.core.rules.budget import action_open, action_refusal
from arena_game.core.rules.circle import circle_refusal, circle_squares
from arena_game.core.rules.forecast import (
    AttackForecast,
    PushForecast,
    attack_forecast,
    push_forecast,
)
from arena_game.core.rules.push import push_refusal
from arena_game.core.rules.ranges import (
    RangeCheck,
    RangeClass,
    Walk,
    blocking_grid,
    needs_sight,
    range_class,
    sight_clear,
    sight_walk,
    spell_range,
    weapon_range,
)
from arena_game.core.rules.taunt import (
    advantaged_window,
    first_success_earns_pr,
    taunt_chance,
    taunt_difficulty,
    taunt_refusal,
)
from arena_game.core.rules.teleport import means_refusal
from arena_game.core.sheets import FighterSheet, WeaponFamily
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain


@dataclass(frozen=True)
class AttackTarget:
    """A fighter seen from the attacker: their range class, modifiers, refusal and forecast."""

    target: str
    square: Square
    cls: RangeClass
    distance: int
    modifiers: list[RollModifier]
    refusal: IllegalAction | None
    forecast: AttackForecast | None


def attack_targets(
    state: MatchState, f: FighterState | None = None, include_allies: bool = False
) -> list[AttackTarget]:
    """Every opponent (and ally if asked) classed for the equipped weapon (R1), with a forecast."""
    f = f or state.active
    out = []
    turn = action_refusal(state, f)  # `attack_refusal`, its parts worked out once per query
    for t in state.fighters.values():
        if not t.alive or t.id == f.id or (t.team == f.team and not include_allies):
            continue
        check = attack_check(state, f, t)
        refusal = turn or target_refusal(state, f, t.id, "attack") or range_refusal(state, f, t, check)
        mods = attack_modifiers(state, check, "weapon")
        legal_range = check.cls not in ("out_of_range", "no_line_of_sight")
        forecast = attack_forecast(state, f, t, check, "weapon") if legal_range else None
        out.append(AttackTarget(t.id, t.position, check.cls, check.distance, mods, refusal, forecast))
    return out


def open_attack_targets(state: MatchState, f: FighterState | None = None) -> list[AttackTarget]:
    """The opponents of `attack_targets` that `f` may attack now (no refusal), in its order,
    without building the others' refusals (bots ask it every decision; a test compares both)."""
    f = f or state.active
    if not action_open(state, f):
        return []
    out = []
    for t in state.fighters.values():
        if not t.alive or t.team == f.team:  # (`f` itself among them)
            continue
        check = attack_check(state, f, t)
        if check.cls == "out_of_range" or check.cls == "no_line_of_sight":  # what `range_refusal` refuses
            continue
        forecast = attack_forecast(state, f, t, check, "weapon")
        out.append(AttackTarget(t.id, t.position, check.cls, check.distance, attack_modifiers(state, check, "weapon"),
                                None, forecast))
    return out


def run_attack_targets(state: MatchState, f: FighterState | None = None) -> list[AttackTarget]:
    """R4.8: adjacent fighters the runner may strike now, with −8 and the run's damage bonus."""
    f = f or state.active
    out = []
    for sq in neighbours(f.position):
        t = state.fighter_at(sq)
        if t is None or t.team == f.team:
            continue
        check = RangeCheck("in_range", 1, 1)
        refusal = run_attack_refusal(state, f, t.id)
        forecast = attack_forecast(state, f, t, check, "run") if refusal is None else None
        out.append(AttackTarget(t.id, sq, "in_range", 1, attack_modifiers(state, check, "run"), refusal, forecast))
    return out


RANGE_CODES: tuple[RangeClass | None, ...] = (None, "in_range", "beyond_range", "no_line_of_sight", "adjacent_ranged")
"""The range classes of `range_grid`, by code (0: not reached, a solid square or the shooter's own)."""
RANGE_GRIDS_BYTES = 4_000_000  # grids kept per board, in cells (a few MiB at most, any map size)


def range_grid(board: Board, sheet: FighterSheet, at: Square, line_of_sight: bool = True) -> bytes:
    """R1: for each square of the board (row-major), the code in `RANGE_CODES` of its class
    for `sheet`'s weapon fired from `at`. It depends on the terrain, the weapon, the
    shooter's height and the sight setting only, so it is kept with the board, shared by
    every state and match on it (bots ask it for every square an enemy stands on)."""
    family = sheet.weapon.family
    reach = weapon_range(sheet)
    key = (family, reach, sheet.height_cm if line_of_sight else 0, line_of_sight, at)
    grids: dict[tuple[object, ...], bytes] = board_table(board, "range_grids", lambda b: {})
    got = grids.get(key)
    if got is None:
        if len(grids) * max(1, board.width * board.height) >= RANGE_GRIDS_BYTES:
            grids.clear()
        got = grids[key] = _range_grid(board, family, reach, sheet.height_cm, at, line_of_sight)
    return got


def _range_grid(board: Board, family: WeaponFamily, reach: int, height: int, at: Square, line_of_sight: bool) -> bytes:
    # (at least the adjacent squares: a ranged weapon of no reach still strikes there at −8, R1.7)
    far = board.width + board.height if family is WeaponFamily.FIREARM else max(1, reach)
    # The same `range_class` / `needs_sight` as `classify_target`, with the sight walk on
    # a precomputed grid (a test compares both square by square).
    grid = blocking_grid(board, height) if line_of_sight else None
    w = board.width
    out = bytearray(w * board.height)
    x0, y0 = at
    solid = board_table(board, "solid", lambda b: bytes(1 if t.solid else 0 for t in b.cells))
    # per distance: the class's code and whether it needs sight
    classes = [range_class(family, d, reach) for d in range(far + 1)]
    codes = [RANGE_CODES.index(c) if c != "out_of_range" else 0 for c in classes]
    sight = [grid is not None and needs_sight(family, c) for c in classes]
    blind = RANGE_CODES.index("no_line_of_sight")
    sums = blocker_sums(board, height) if grid is not None else None
    w1 = w + 1
    own = grid[y0 * w + x0] if grid is not None else 0
    base = y0 * w + x0
    for y in range(max(0, y0 - far), min(board.height, y0 + far + 1)):
        dy = abs(y - y0)
        row = y * w
        lo_y, hi_y = (y, y0) if y < y0 else (y0, y)
        # blockers in rows lo_y..hi_y of the columns < k, for every k (one subtraction per column)
        cols = ([a - b for a, b in zip(sums[(hi_y + 1) * w1:(hi_y + 2) * w1], sums[lo_y * w1:(lo_y + 1) * w1], strict=True)]
                if sums is not None else [])
        for x in range(max(0, x0 - far), min(w, x0 + far + 1)):
            if solid[row + x] or (x == x0 and y == y0):
                continue
            dx = abs(x - x0)
            d = dx if dx > dy else dy
            code = codes[d]
            if not code:
                continue
            if sight[d]:
                # No blocker in the rectangle the two squares span (their own left out): every
                # square the walk looks at lies inside it, so the sight is clear without it.
                inside = (cols[x0 + 1] - cols[x] if x < x0 else cols[x + 1] - cols[x0]) - own - grid[row + x]  # type: ignore[index]
                if inside and _blocked(grid, base, sight_walk(w, x - x0, y - y0)):  # type: ignore[arg-type]
                    code = blind
            out[row + x] = code
    return bytes(out)


def _blocked(grid: bytes, base: int, walk: Walk) -> bool:
    """`not sight_clear(...)` from the square at index `base`, on its `sight_walk`."""
    singles, corners = walk
    for d in singles:
        if grid[base + d]:
            return True
    return any(grid[base + d] and grid[base + e] for d, e in corners)


def blocker_sums(board: Board, shooter_height: int) -> list[int]:
    """Sums of the `blocking_grid` over every rectangle from the corner: entry
    y * (width + 1) + x counts the blockers in columns < x of rows < y (kept with the board)."""
    def build(b: Board) -> list[int]:
        grid = blocking_grid(b, shooter_height)
        w = b.width
        sums = [0] * ((w + 1) * (b.height + 1))
        for y in range(b.height):
            run = 0
            for x in range(w):
                run += grid[y * w + x]
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + run
        return sums
    return board_table(board, ("sight_sums", shooter_height), build)


def attack_range_squares(state: MatchState, f: FighterState | None = None) -> dict[Square, RangeClass]:
    """Squares to highlight for the equipped weapon: in range, beyond range (firearm),
    adjacent (ranged weapon, −8) or out of sight (R1). Solid squares are left out."""
    f = f or state.active
    board = state.board
    grid = range_grid(board, f.sheet, f.position, state.settings.combat.line_of_sight)
    w = board.width
    out: dict[Square, RangeClass] = {}
    for i, code in enumerate(grid):
        if code:
            out[(i % w, i // w)] = RANGE_CODES[code]  # type: ignore[assignment]
    return out


@dataclass(frozen=True)
class PushOption:
    """An adjacent fighter to push: refusal, exact chances and both landings (R5)."""

    target: str
    square: Square
    refusal: IllegalAction | None
    forecast: PushForecast


def push_options(state: MatchState, f: FighterState | None = None, include_allies: bool = True) -> list[PushOption]:
    """Every adjacent fighter (allies too, unless `include_allies` is off), with the 1- and
    3-square landings and hazards."""
    f = f or state.active
    out = []
    taken = state.occupied()  # (one pass over the fighters, not one per neighbour)
    for sq in neighbours(f.position):
        who = taken.get(sq)
        if who is None:
            continue
        t = state.fighters[who]
        if not include_allies and t.team == f.team:
            continue
        out.append(PushOption(t.id, sq, push_refusal(state, f, t.id), push_forecast(state, f, t)))
    return out


@dataclass(frozen=True)
class TeleportTargets:
    """R6: destinations by potion and by spell, each with why the means is closed, if it is."""

    potion: list[Square]
    potion_refusal: IllegalAction | None
    spell: list[Square]
    spell_refusal: IllegalAction | None
    spell_cost: int


def teleport_targets(state: MatchState, f: FighterState | None = None) -> TeleportTargets:
    """Free squares for the potion (anywhere) and the spell (within Magie squares): floor,
    and water with `teleport.into_water` (R6).

    The same squares as `destination_refusal` accepts (a test compares them square by
    square), as a set difference: the board's floor (and water) less the fighters'
    squares, then for the spell the reach and, with `teleport.spell_needs_sight`, the line
    of sight (R1.6), on tables kept with the board.
    """
    f = f or state.active
    board = state.board
    potion_refusal = means_refusal(state, f, "potion")
    spell_refusal = means_refusal(state, f, "spell")
    potion: list[Square] = []
    spell: list[Square] = []
    if potion_refusal is None or spell_refusal is None:
        taken = {o.position for o in state.fighters.values() if o.alive} | {f.position}
        if potion_refusal is None:
            table = board_table(board, "floor_water", _floor_water) if state.settings.teleport.into_water \
                else board_table(board, "floor", _floor)
            potion = [sq for sq in table if sq not in taken]
        if spell_refusal is None:
            spell = _spell_squares(state, f, taken)
    return TeleportTargets(potion, potion_refusal, spell, spell_refusal, state.settings.magic.teleport_spell_mana)


def _floor(board: Board) -> list[Square]:
    """The walkable squares (R13), row by row: dead squares and water are not."""
    w = board.width
    return [(i % w, i // w) for i, t in enumerate(board.cells) if t.walkable]


def _floor_water(board: Board) -> list[Square]:
    """The squares a teleport may land on with `teleport.into_water` (R6.1): floor and water."""
    return [sq for sq in board.squares() if board.terrain(sq).walkable or board.terrain(sq) is Terrain.WATER]


def _spell_squares(state: MatchState, f: FighterState, taken: set[Square]) -> list[Square]:
    """R6.2: free floor (and water) within the spell's reach, in sight when the spell needs it (R1.6)."""
    board = state.board
    reach = spell_range(f.sheet)
    x0, y0 = f.position
    sight = blocking_grid(board, f.sheet.height_cm) if state.settings.teleport.spell_needs_sight else None
    water = state.settings.teleport.into_water
    out = []
    for y in range(max(0, y0 - reach), min(board.height, y0 + reach + 1)):
        for x in range(max(0, x0 - reach), min(board.width, x0 + reach + 1)):
            sq = (x, y)
            t = board.terrain(sq)
            if sq in taken or not (t.walkable or (water and t is Terrain.WATER)):
                continue
            if sight is not None and not sight_clear(sight, board.width, f.position, sq):
                continue
            out.append(sq)
    return out


@dataclass(frozen=True)
class CircleOption:
    """R8: the squares a circle attack must name (fighters around, allies included)."""

    squares: list[Square]
    fighters: list[str]
    refusal: IllegalAction | None


def circle_attack_squares(state: MatchState, f: FighterState | None = None) -> CircleOption:
    """The occupied adjacent squares, clockwise from north, and whether the circle attack is open."""
    f = f or state.active
    squares = circle_squares(state, f)
    fighters = [t.id for sq in squares if (t := state.fighter_at(sq)) is not None]
    refusal = circle_refusal(state, f, squares, None) if squares else (
        action_refusal(state, f) or IllegalAction("R8.1", "there is no fighter around to hit", code="circle_no_one")
    )
    return CircleOption(squares, fighters, refusal)


@dataclass(frozen=True)
class TauntOption:
    """R7: a taunt style, its difficulty, exact chance and why it is closed, if it is."""

    style: str
    difficulty: int
    chance: Fraction
    refusal: IllegalAction | None
    earns_renown: bool = False  # R7.3: a success now would be the first that earns PR


def taunt_options(state: MatchState, f: FighterState | None = None) -> list[TauntOption]:
    """The advantaged (R7.1) and simple (R7.2) taunts for `f` now."""
    f = f or state.active
    renown = first_success_earns_pr(state, f.team)
    return [
        TauntOption(style, taunt_difficulty(state.settings, style), taunt_chance(state, f, style),
                    taunt_refusal(state, f, style), renown)
        for style in ("advantaged", "simple")
    ]


def open_taunts(state: MatchState, f: FighterState | None = None) -> list[TauntOption]:
    """The options of `taunt_options` that `f` may take now (no refusal), in its order, without
    building the closed ones (bots ask it every decision; a test compares both)."""
    f = f or state.active
    if not action_open(state, f):
        return []
    renown = first_success_earns_pr(state, f.team)
    return [TauntOption(style, taunt_difficulty(state.settings, style), taunt_chance(state, f, style), None, renown)
            for style in ("advantaged", "simple") if style != "advantaged" or advantaged_window(state, f)]


def combat_availability(state: MatchState, kind: str) -> IllegalAction | None:
    """For greyed buttons: None when a combat action of `kind` has at least one legal use now."""
    f = state.active
    if kind == "run_attack":
        if (err := run_attack_open_refusal(state, f)) is not None:
            return err
        if not any(t.refusal is None for t in run_attack_targets(state, f)):
            return IllegalAction("R4.8", "no opponent beside the runner", code="run_attack_no_one")
        return None
    if (err := action_refusal(state, f)) is not None:
        return err
    if kind == "attack":
        if not any(t.refusal is None for t in attack_targets(state, f)):
            return IllegalAction(
                "R1", f"no opponent within reach of {f.sheet.weapon.name}",
                code="no_one_in_reach", fields={"weapon": f.sheet.weapon.name},
            )
        return None
    if kind == "circle_attack":
        return circle_attack_squares(state, f).refusal
    if kind == "push":
        if not push_options(state, f):
            return IllegalAction("R5.1", "no fighter adjacent to push", code="push_no_one")
        return None
    if kind == "teleport":
        t = teleport_targets(state, f)
        if t.potion or t.spell:
            return None
        return t.potion_refusal or t.spell_refusal or IllegalAction(
            "R6.1", "no free square to teleport to", code="teleport_no_square",
        )
    if kind == "taunt":
        return None  # the simple taunt is open whenever an action is (R7.2)
    return None
