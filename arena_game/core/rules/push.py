"""Pushing (Poussée, R5): opposed Physique + Corps à corps, 1 square, or 3 and a fall."""

from __future__ import annotations

from dataclasses import dataclass

from arena_game.core.actions import Push
from arena_game.core.dice import wins_opposed
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Fell, Pushed, PushFailed
from arena_game.core.geometry import Square, fmt, is_adjacent, step_direction
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import action_refusal, require
from arena_game.core.settings import RulesSettings
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain


@dataclass(frozen=True)
class PushLanding:
    """Where a push of some squares ends: the path (start first), the terrain, what stopped it."""

    path: tuple[Square, ...]
    into: Terrain
    stopped_by: Square | None

    @property
    def end(self) -> Square:
        """The square the pushed fighter ends on."""
        return self.path[-1]

    @property
    def hazard(self) -> bool:
        """R2.5, R5.3: the push ends in lava, acid or a hole, which kills."""
        return self.into.dead


def push_keys(settings: RulesSettings) -> tuple[str, ...]:
    """R5.1: both sides roll Physique + Corps à corps."""
    return (settings.push.attribute, settings.push.skill)


def push_result(
    settings: RulesSettings,
    pusher_total: int,
    pusher_critical: str | None,
    pushed_total: int,
    pushed_critical: str | None,
) -> tuple[int, bool]:
    """R5.1, R5.2: (squares pushed, 0 when the push fails; whether it was a critical push).

    The pusher must win strictly; a critical success of the pusher or a critical failure
    of the pushed makes it 3 squares (and a fall). Reading (`push.critical_always_succeeds`):
    such a critical wins the push even when the totals would not.
    """
    st = settings.push
    critical = pusher_critical == "success" or pushed_critical == "failure"
    if critical and st.critical_always_succeeds:
        return st.critical_squares, True
    if wins_opposed(pusher_total, pushed_total):
        return (st.critical_squares, True) if critical else (st.squares, False)
    return 0, False


def push_landing(state: MatchState, pusher_at: Square, pushed: FighterState, squares: int) -> PushLanding:
    """R5.3: the path of a push straight away from `pusher_at`, square by square.

    It stops at the last free square before a wall, pillar, obstacle, fighter or the
    map's edge; a diagonal step across a wall corner or a dead square stops it too
    (R2.2); a dead square is entered (and kills); water is entered and the push goes on.
    The two Readings are settings: `push.diagonal_corners_stop`, `push.into_water`.
    """
    board = state.board
    st = state.settings.push
    d = step_direction(pusher_at, pushed.position)
    cur = pushed.position
    path = [cur]
    stopped_by: Square | None = None
    for _ in range(squares):
        nxt = (cur[0] + d[0], cur[1] + d[1])
        other = state.fighter_at(nxt)
        if (
            not board.inside(nxt) or board.terrain(nxt).solid or (other is not None and other.id != pushed.id)
            or (board.terrain(nxt) is Terrain.WATER and not st.into_water)
        ):
            stopped_by = nxt
            break
        blocker = board.diagonal_blocker(cur, nxt) if st.diagonal_corners_stop else None
        if blocker is not None:
            stopped_by = blocker
            break
        path.append(nxt)
        cur = nxt
        if board.terrain(nxt).dead:
            break
    return PushLanding(tuple(path), board.terrain(cur), stopped_by)


def push_refusal(state: MatchState, f: FighterState, target_id: str) -> IllegalAction | None:
    """Why `f` may not push `target_id` now, if so (R0.6, R5.1)."""
    if (err := action_refusal(state, f)) is not None:
        return err
    target = state.fighters.get(target_id)
    if target is None:
        return IllegalAction("R5.1", f"there is no fighter {target_id!r}", code="no_such_fighter", fields={"id": target_id})
    if not target.alive:
        return IllegalAction("R0.7", f"{target.sheet.name} is dead", code="target_dead", fields={"fighter": target.sheet.name})
    if target.id == f.id:
        return IllegalAction(
            "R5.1", f"{f.sheet.name} cannot push themselves", code="push_self", fields={"fighter": f.sheet.name},
        )
    if not is_adjacent(f.position, target.position):
        return IllegalAction(
            "R5.1", f"{target.sheet.name} at {fmt(target.position)} is not adjacent",
            code="not_adjacent", fields={"fighter": target.sheet.name, "square": target.position},
        )
    return None


def push(r: Resolution, action: Push) -> None:
    """R5: opposed roll; on a win the target goes back 1 square, or 3 and falls on a critical."""
    state = r.state
    f = state.active
    require(push_refusal(state, f, action.target))
    target = state.fighters[action.target]
    state.budget.acted = True
    keys = push_keys(r.settings)
    mine = r.check_roll(f, "push", keys, "push")
    theirs = r.check_roll(target, "push_resist", keys, "push")
    squares, critical = push_result(r.settings, mine.total, mine.critical, theirs.total, theirs.critical)
    if squares == 0:
        r.emit(PushFailed(fighter=f.id, target=target.id))
        return
    landing = push_landing(state, f.position, target, squares)
    # R5.2: the fall; a fighter ending in water is swimming, not lying down.
    fell = (
        critical and r.settings.push.critical_falls and not landing.hazard
        and landing.into is not Terrain.WATER
    )
    r.emit(Pushed(
        fighter=target.id, by=f.id, path=list(landing.path), fell=fell, into=landing.into.value,
    ))
    target.position = landing.end
    if landing.hazard:
        r.kill(target, "push_into_hazard", f, landing.end)
    elif fell:
        target.fallen = True
        r.emit(Fell(fighter=target.id))
