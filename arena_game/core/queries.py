"""What is legal here? The whole read API of the rules for the window and the bots.

Nothing outside the core imports `arena_game.core.rules` (a test checks the imports):
front ends ask here, and highlight only what these queries return, never a rule of their
own. Per-square "why not" queries return an `IllegalAction` (or None when allowed), the
same refusal `apply` would raise. `available_actions` builds every kind's refusal (with
forecasts and teleport squares): a `Match` keeps it per state (`Match.available_actions`);
the cheaper `kind_refusal` and `open_action_kinds` answer for one kind or all kinds at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from arena_game.core.actions import ACTION_KINDS, Action
from arena_game.core.dice import Dice
from arena_game.core.engine import HANDLERS, apply, gate_refusal
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square
from arena_game.core.rules import running as _running
from arena_game.core.rules import running_chances as _chances
from arena_game.core.rules import running_reach as _reach
from arena_game.core.rules import targets as _targets
from arena_game.core.rules.attack import (
    attack_refusal,
    run_attack_left,
    run_attack_open,
)
from arena_game.core.rules.budget import action_open, move_refusal
from arena_game.core.rules.circle import (
    circle_split_refusal,
    halving_split,
    no_split_refusal,
    open_circle_squares,
    split_pending_refusal,
)
from arena_game.core.rules.forecast import (
    CircleForecast,
    CircleTargetForecast,
    RollSide,
    hit_damage,
    mean_damage,
    plain_hit_chance,
    plain_hit_odds,
)
from arena_game.core.rules.forecast import attack_sides as _attack_sides
from arena_game.core.rules.forecast import circle_forecast as _circle_forecast
from arena_game.core.rules.movement import (
    JumpTarget,
    fleeing_from,
    holding_opponents,
    jump_landing,
    jump_refusal,
    jump_targets,
    step_refusal,
)
from arena_game.core.rules.movement import walk_options as _walk_options
from arena_game.core.rules.movement import walk_refusal as _walk_refusal
from arena_game.core.rules.movement import walk_squares as _walk_squares
from arena_game.core.rules.ranges import RangeClass, weapon_range
from arena_game.core.rules.run_declarations import built_declarations
from arena_game.core.rules.run_tackles import route_tackles
from arena_game.core.rules.run_tackles import run_tackle_risks as _run_tackle_risks
from arena_game.core.rules.running import (
    declaration_refusal,
    run_continue_open,
    run_continue_refusal,
    run_next_squares,
    run_squares,
    run_step_refusal,
)
from arena_game.core.rules.running_reach import run_distribution, run_step_options
from arena_game.core.rules.suicide import pending_refusal, verdict_refusal
from arena_game.core.rules.swimming import (
    swim_chances,
    swim_distribution,
    swim_path_allowed,
    swim_path_refusal,
    swim_reach,
)
from arena_game.core.rules.targets import (
    RANGE_CODES,
    AttackTarget,
    CircleOption,
    PushOption,
    TauntOption,
    TeleportTargets,
    circle_attack_squares,
    combat_availability,
    open_taunts,
    push_options,
    run_attack_targets,
    taunt_options,
)
from arena_game.core.rules.taunt import replaced_taunt_modifiers
from arena_game.core.rules.teleport import teleport_refusal
from arena_game.core.state import FighterState, MatchState, PendingSplit
from arena_game.core.terrain import Terrain

T = TypeVar("T")

__all__ = [
    # what the turn allows (R0.6)
    "available_actions", "kind_refusal", "open_action_kinds",
    # moving (R2, R3)
    "JumpTarget", "fleeing_from", "holding_opponents", "jump_landing", "jump_refusal", "jump_targets", "step_refusal",
    "swim_chances", "swim_distribution", "swim_path_allowed", "swim_path_refusal", "swim_reach", "walk_options",
    "walk_refusal", "walk_squares",
    # running (R4)
    "declaration_refusal", "declared_options", "run_distribution", "run_next_squares", "run_probability_map",
    "route_tackles", "run_reach", "run_route", "run_squares", "run_step_options", "run_step_refusal",
    "run_tackle_risks",
    # combat (R0.4, R1, R4.8, R5–R8)
    "AttackTarget", "CircleForecast", "CircleOption", "CircleTargetForecast", "PushOption", "RollSide",
    "RANGE_CODES", "TauntOption", "TeleportTargets", "attack_range_squares", "attack_refusal", "attack_sides",
    "attack_targets", "circle_attack_squares", "circle_forecast", "open_attack_targets", "open_circle_squares",
    "open_taunts", "push_options",
    "range_grid", "run_attack_ahead", "run_attack_targets", "taunt_options", "teleport_refusal", "teleport_targets",
    # planning (bots): cheap odds
    "mean_hit_damage", "strike_chance", "strike_outcomes", "taunt_replaces", "weapon_reach",
]


# -- answers kept per state -------------------------------------------------------------
# The window asks the same state the same question for its buttons, prompt, highlights and
# choices, and the bots ask it for every plan: the costly answers are kept in `state.memo`.
# A state is read-only once asked (`apply` changes only its own clone, which starts with an
# empty memo), and an answer is shared: read it, never change it.


def _memoised(state: MatchState, key: tuple[Any, ...], make: Callable[[], T]) -> T:
    """`make()`, worked out once for this state and `key`."""
    memo = state.memo
    if key not in memo:
        memo[key] = make()
    out: T = memo[key]
    return out


def _own(state: MatchState, f: FighterState | str | None) -> str | None | bool:
    """A fighter argument as a memo key: None (the active one), its id, or False when it is
    a fighter object that is not this state's own (a what-if): such answers are not kept."""
    if f is None or isinstance(f, str):
        return f
    return f.id if state.fighters.get(f.id) is f else False


def available_actions(state: MatchState) -> dict[str, IllegalAction | None]:
    """Each action kind → None when it may be tried now, else why not (for greyed buttons)."""
    return _memoised(state, ("available_actions",), lambda: {kind: kind_refusal(state, kind) for kind in ACTION_KINDS})


def pending_split(state: MatchState) -> PendingSplit | None:
    """R8.2: the circle attack whose damage awaits the player's split (its total, the
    fighters hit in the declared order), or None; while it waits only `CircleSplit` is legal."""
    return state.split_pending


def split_refusal(state: MatchState, split: Sequence[int]) -> IllegalAction | None:
    """R8.2: why `split` cannot share the pending circle attack's damage, or None when it can
    (non-increasing, one share per fighter hit, adding up to the roll)."""
    return circle_split_refusal(state, list(split))


def halving_shares(total: int, hit: int) -> list[int]:
    """R8.2 Reading: the halving split of `total` damage among `hit` fighters (the default
    shares, and where a player's own split may start from)."""
    return halving_split(total, hit)


def walk_options(state: MatchState, f: FighterState | None = None) -> dict[Square, IllegalAction | None]:
    """R2.1, R2.2: for each neighbour of `f` (the active fighter by default) on the map:
    None when they may walk there, else the refusal (`walk_refusal`)."""
    who = _own(state, f)
    if who is False:
        return _walk_options(state, f)
    return _memoised(state, ("walk_options", who), lambda: _walk_options(state, f))


def walk_refusal(state: MatchState, fighter: FighterState | None, square: Square) -> IllegalAction | None:
    """The refusal `apply` raises for `Walk(to=square)` by `fighter` (the active one by
    default), or None when that walk is played (its R3 flee roll may still spend the move).

    Any square, not only a neighbour: the match's state first (R9.2 a suicide's verdict,
    R8.2 a circle split, R0.7 the match over, R0.5 another fighter's turn), then the walk
    handler's own check (R0.6 the turn's budget, R2.1 adjacent and free, R2.2 diagonal
    corners, R2.3 water, R2.5 dead squares, R13 walls and the map's edge), in `apply`'s
    order, so the window explains a refused walk click with the words the click gets.
    """
    # `apply`'s own checks before any handler, then the walk handler's (`movement.walk`)
    gate = gate_refusal(state, "walk", fighter.id if fighter is not None else None)
    return gate if gate is not None else _walk_refusal(state, state.active, square)


def walk_squares(state: MatchState, f: FighterState | None = None) -> list[Square]:
    """The squares of `walk_options` that `f` may walk to now, in its order, without the
    refusals of the others (cheaper: for bots)."""
    who = _own(state, f)
    if who is False:
        return _walk_squares(state, f)
    return _memoised(state, ("walk_squares", who), lambda: _walk_squares(state, f))


def teleport_targets(state: MatchState, f: FighterState | None = None) -> TeleportTargets:
    """R6: where `f` (the active fighter by default) may teleport by potion and by spell, and why not."""
    who = _own(state, f)
    if who is False:
        return _targets.teleport_targets(state, f)
    return _memoised(state, ("teleport_targets", who), lambda: _targets.teleport_targets(state, f))


def attack_range_squares(state: MatchState, f: FighterState | None = None) -> dict[Square, RangeClass]:
    """R1: every square `f`'s weapon reaches, with its range class."""
    who = _own(state, f)
    if who is False:
        return _targets.attack_range_squares(state, f)
    return _memoised(state, ("attack_range_squares", who), lambda: _targets.attack_range_squares(state, f))


def range_grid(state: MatchState, f: FighterState | None = None, at: Square | None = None) -> bytes:
    """R1: `attack_range_squares` of `f` (the active fighter by default) fired from `at` (its
    own square by default), as one code of `RANGE_CODES` per board square, row-major. It
    depends on the terrain and the weapon alone, so it is kept with the board and shared by
    every state on it: for bots weighing many squares (sight is symmetric, R1.6: the squares
    from which `f` would reach a foe standing on `at`)."""
    f = f or state.active
    return _targets.range_grid(state.board, f.sheet, f.position if at is None else at,
                               state.settings.combat.line_of_sight)


def attack_targets(state: MatchState, f: FighterState | None = None, include_allies: bool = False) -> list[AttackTarget]:
    """R0.4, R1: every fighter `f` might attack, with the refusal or the exact forecast for each."""
    who = _own(state, f)
    if who is False:
        return _targets.attack_targets(state, f, include_allies)
    return _memoised(state, ("attack_targets", who, include_allies),
                     lambda: _targets.attack_targets(state, f, include_allies))


def open_attack_targets(state: MatchState, f: FighterState | None = None) -> list[AttackTarget]:
    """The targets of `attack_targets` that `f` may attack now (no refusal), the others' refusals
    not built: for bots (read off `attack_targets` when this state was already asked it)."""
    who = _own(state, f)
    if who is False:
        return _targets.open_attack_targets(state, f)
    full = state.memo.get(("attack_targets", who, False))
    if full is not None:
        return [t for t in full if t.refusal is None]
    return _memoised(state, ("open_attack_targets", who), lambda: _targets.open_attack_targets(state, f))


def attack_sides(state: MatchState, target: AttackTarget, attacker: FighterState | None = None) -> tuple[RollSide, RollSide]:
    """R0.4: both sides of an attack on `target` (from `attack_targets` or `run_attack_targets`):
    the attack roll's terms and every modifier on it, and the target's dodge, for a card that
    shows each (Wesnoth's attack prediction)."""
    return _attack_sides(state, attacker or state.active, state.fighters[target.target], target.modifiers)


def circle_forecast(state: MatchState, order: Sequence[Square], attacker: FighterState | None = None) -> CircleForecast:
    """R8: the exact forecast of a circle attack naming `order`: for each fighter around, in
    that order, the chance they are hit, their damage share (R8.2 halving split, no location bonus,
    R8.3), the chance they die, and both sides of the roll."""
    f = attacker or state.active
    key = ("circle_forecast", f.id, tuple(order))
    if state.fighters.get(f.id) is not f:
        return _circle_forecast(state, f, list(order))
    return _memoised(state, key, lambda: _circle_forecast(state, f, list(order)))


def run_probability_map(state: MatchState, fighter: FighterState | str | None = None, count_tackles: bool = False,
                        declared: Sequence[Square] = ()) -> dict[Square, Fraction]:
    """R4: the exact chance of reaching each square by a run (after `declared` squares)."""
    who = _own(state, fighter)
    if who is False:
        return _chances.run_probability_map(state, fighter, count_tackles, declared)
    return _memoised(state, ("run_probability_map", who, count_tackles, tuple(declared)),
                     lambda: _chances.run_probability_map(state, fighter, count_tackles, declared))


def declared_options(
    state: MatchState, declared_so_far: Sequence[Square], fighter: FighterState | None = None,
) -> dict[Square, IllegalAction | None]:
    """R4.1, R4.4: the squares that may be declared next after `declared_so_far`, each
    with None, or (only with `run.declared_must_be_free` off) why the run would be
    stopped there (`running.declared_options`). With the default reading, once the run
    odds have enumerated the declarations from this square, they are read off that table
    (a test compares both ways square by square)."""
    if not state.settings.run.declared_must_be_free:
        return _running.declared_options(state, declared_so_far, fighter)
    f = fighter or state.active
    k = len(declared_so_far)
    if k >= state.settings.run.declared_squares:
        return {}
    prefix = [(sq[0], sq[1]) for sq in declared_so_far]
    found = built_declarations(state, f, prefix)
    if found is None:  # no run map asked from here yet: square by square beats building the table
        return _running.declared_options(state, declared_so_far, fighter)
    return dict.fromkeys(d[k][0] for d in found if len(d) > k)


def run_reach(state: MatchState, fighter: FighterState | str | None = None) -> dict[Square, int]:
    """R4.3, R4.4: after the roll, the squares the runner can reach with the squares left,
    with the fewest steps (`running_reach.run_reach`)."""
    who = _own(state, fighter)
    if who is False:
        return _reach.run_reach(state, fighter)

    def from_search() -> dict[Square, int]:  # the search `run_route` walks back through: one search for both
        search = _memoised(state, ("run_search", who), lambda: _reach.run_search(state, fighter))
        return _reach.reach_of(state, search)

    return _memoised(state, ("run_reach", who), from_search)


def run_route(state: MatchState, to: Square, fighter: FighterState | str | None = None) -> list[Square] | None:
    """The squares to run through to reach `to` in the fewest steps (`running_reach.run_route`);
    the search behind it is kept per state, so a route to every square costs one search."""
    who = _own(state, fighter)
    if who is False:
        return _reach.run_route(state, to, fighter)
    search = _memoised(state, ("run_search", who), lambda: _reach.run_search(state, fighter))
    return _reach.run_route(state, to, fighter, search)


def run_tackle_risks(state: MatchState) -> dict[Square, Fraction]:
    """R4.7: for each square the active fighter's run under way reaches, the chance that a
    tackle stops it on the route a click there runs (`run_route`); no tackle die, no entry."""
    search = _memoised(state, ("run_search", None), lambda: _reach.run_search(state, None))
    return _memoised(state, ("run_tackle_risks",), lambda: _run_tackle_risks(state, None, search))


def kind_refusal(state: MatchState, kind: str) -> IllegalAction | None:
    """Why the active fighter cannot try an action of `kind` now, or None when they may
    (one entry of `available_actions`, for a caller that needs only one kind)."""
    pending = pending_refusal(state)  # R9.2: the opponents' verdict on a suicide comes first
    if kind == "suicide_verdict":
        return None if pending is not None else verdict_refusal(state, "")
    if pending is not None:
        return pending
    if kind == "circle_split":
        return no_split_refusal(state)
    if (split := split_pending_refusal(state)) is not None:  # R8.2: a circle attack's damage awaits its split
        return split
    if state.over:
        return IllegalAction("R0.7", "the match is over", code="match_over")
    f = state.active
    if kind == "stand_up":
        if f.fallen and f.asleep_turns == 0:
            return None if not state.budget.acted else IllegalAction("R5.2", "already stood up", code="already_stood_up")
        return IllegalAction(
            "R5.2", f"{f.sheet.name} is not on the ground", code="not_on_ground", fields={"fighter": f.sheet.name},
        )
    if kind not in HANDLERS:
        return IllegalAction(
            "R0.6", f"{kind} is not available in this version", code="kind_unavailable", fields={"kind": kind},
        )
    return _availability(state, kind)


def _availability(state: MatchState, kind: str) -> IllegalAction | None:
    f = state.active
    if kind == "end_turn":
        return None
    if kind == "walk":
        if (err := move_refusal(state, f, "walk")) is not None:
            return err
        if all(v is not None for v in _walk_options(state).values()):
            return IllegalAction("R2.1", "no adjacent square can be walked to", code="no_walk_square")
        return None
    if kind == "swim":
        if (err := move_refusal(state, f, "swim")) is not None:
            return err
        return None if swim_reach(state, f, limit=1) else IllegalAction("R2.3", "no water next to the fighter", code="no_water")
    if kind == "jump":
        if (err := move_refusal(state, f, "jump")) is not None:
            return err
        if not any(t.refusal is None for t in jump_targets(state, f)):
            return IllegalAction("R2.4", "no opponent or obstacle to jump over", code="nothing_to_jump")
        return None
    if kind.startswith("run_"):
        if kind == "run_start":
            if (err := move_refusal(state, f, "run")) is not None:
                return err
            if not declared_options(state, []):
                # R4.1, R4.9: nothing can be declared, so no run can start
                return IllegalAction("R4.9", "no square can be declared for a run", code="no_run_square")
            return None
        if kind in ("run_step", "run_stop"):
            return run_continue_refusal(state, f)
        if state.budget.run is None:
            return IllegalAction("R4.1", "no run under way", code="no_run")
        return combat_availability(state, kind)
    if kind in ("attack", "circle_attack", "push", "teleport", "taunt"):
        return combat_availability(state, kind)
    return None


_HANDLED = frozenset(HANDLERS)  # the kinds `apply` handles (HANDLERS is filled once, at import)


def open_action_kinds(state: MatchState) -> set[str]:
    """The kinds the active fighter's turn still allows (R0.6), without looking for targets.

    Much cheaper than `available_actions` (no forecasts, no teleport squares): for bots,
    which then ask each kind's own query (`walk_options`, `attack_targets`, …) for its
    legal uses. A kind listed here may still have no legal use.
    """
    if state.suicide_pending is not None:
        return {"suicide_verdict"}
    if state.split_pending is not None:
        return {"circle_split"}
    if state.over:
        return set()
    f = state.active
    out = {"end_turn"}
    if f.fallen and f.asleep_turns == 0:
        if not state.budget.acted:
            out.add("stand_up")
        return out & (_HANDLED | {"stand_up"})
    b = state.budget
    if f.asleep_turns == 0 and not f.fallen and b.moved is None and not b.move_spent:
        # `move_open` for the four moves, its shared tests made once (asked for every decision)
        land = state.board.terrain(f.position) is not Terrain.WATER
        if not b.acted:
            if land:
                out.add("walk")
            out.add("swim")
            if land and not b.acrobatics:
                out.add("jump")
            if land:
                out.add("run_start")
        elif land and state.settings.turns.walk_then_action:
            out.add("walk")
    if b.run is not None:
        if run_continue_open(state, f):
            out.update(("run_step", "run_stop"))
        if run_attack_open(state, f):
            out.add("run_attack")
    if action_open(state, f):
        out.update(("attack", "circle_attack", "push", "teleport", "taunt"))
    return out & _HANDLED


def run_attack_ahead(state: MatchState, f: FighterState | None = None) -> bool:
    """R4.8: whether the run under way still has its attack to make on a square further on:
    open now, or once the runner has run their first square (the attack is made on a square
    of the run, never before moving; `run_attack_left`)."""
    return run_attack_left(state, f or state.active)


# -- planning: cheap odds for bots ranking squares they might stand on ---------------------


def strike_chance(state: MatchState, attacker: FighterState, target: FighterState, extra: int = 0) -> float:
    """R0.4 (R10.1 for a sleeper): the chance that one weapon attack of `attacker` hits
    `target` wherever the two stand, without range modifiers (R1.3, R1.7); `extra` is
    added to the attack roll (a planned run's R4.8 or jump's R2.4 malus). Exact (every
    face of both dice), as a float, for planning; `attack_targets` forecasts a real attack."""
    return plain_hit_odds(state, attacker, target, extra)


def strike_outcomes(state: MatchState, attacker: FighterState, target: FighterState, extra: int = 0,
                    ) -> Mapping[int, float]:
    """R0.4, R12.2: the damage one weapon attack of `attacker` deals `target` (0: a miss), each
    with its chance, wherever the two stand (as `strike_chance`: no range modifiers; `extra` on
    the attack roll). Exact, as floats, for planning (e.g. the chance a fighter dies)."""
    return hit_damage(state, attacker).strike(plain_hit_chance(state, attacker, target, extra))


def mean_hit_damage(state: MatchState, attacker: FighterState) -> float:
    """R12.2: the mean damage of one weapon hit of `attacker` (dice, bonuses, hit location)."""
    return float(mean_damage(state, attacker))


def taunt_replaces(state: MatchState, f: FighterState) -> int:
    """R7.4: the Dextérité of the running taunt modifiers on `f` that a new taunt's modifier
    would replace (0 when none runs, or when they add up: `taunt.modifiers_stack`)."""
    return sum(m.value for m in replaced_taunt_modifiers(state.settings, f))


def weapon_reach(attacker: FighterState) -> int:
    """R1.1–R1.5: how many squares the equipped weapon reaches (at least 1)."""
    return max(1, weapon_range(attacker.sheet))


def what_if(state: MatchState, action: Action, dice: Dice) -> MatchState:
    """The state `action` would lead to with `dice`: a what-if for the bots' play-outs
    (`bots/rollouts.py`). The caller's state is not touched and no match keeps the result;
    an action the rules refuse raises `IllegalAction`, as `Match.play` would."""
    return apply(state, action, dice)[0]
