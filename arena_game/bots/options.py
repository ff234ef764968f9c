"""Candidate actions for the bot, read off the core's queries (never re-deciding a rule).

Each function returns only what the matching query says is legal now. Kinds whose
handlers are not registered in the engine are absent from `available_actions`, so
their candidates are simply empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from arena_game.core.actions import Action, Jump, Swim, Walk
from arena_game.core.geometry import Square, neighbours
from arena_game.core.queries import jump_targets, swim_distribution, swim_reach
from arena_game.core.queries import walk_options as core_walk_options
from arena_game.core.rules.movement import JumpTarget, fleeing_from, step_refusal

if TYPE_CHECKING:
    from arena_game.bots.brain import Plan, _Context

SWIM_LOOKAHEAD = 4


def walk(to: Square) -> Action:
    """A walk action (R2.1)."""
    return Walk(to=to)


def jump(over: Square) -> Action:
    """A jump action (R2.4)."""
    return Jump(over=over)


def swim(path: list[Square]) -> Action:
    """A swim action (R2.3)."""
    return Swim(path=path)


def walk_options(ctx: _Context) -> Iterator[tuple[Square, bool]]:
    """Legal walks, each with whether it is a flight that needs the R3.1 d4."""
    if "walk" not in ctx.legal:
        return
    for sq, why in core_walk_options(ctx.state, ctx.me).items():
        if why is None:
            yield sq, bool(fleeing_from(ctx.state, ctx.me, [sq]))


def jump_options(ctx: _Context) -> Iterator[tuple[JumpTarget, float]]:
    """Legal jumps with their exact chance of success."""
    if "jump" not in ctx.legal:
        return
    for t in jump_targets(ctx.state, ctx.me):
        if t.refusal is None:
            yield t, t.chance


def swim_options(ctx: _Context) -> Iterator[tuple[list[Square], list[tuple[Square, float]]]]:
    """Swim paths to the far or shore squares in reach, with where each roll leaves the swimmer."""
    if "swim" not in ctx.legal:
        return
    state, me = ctx.state, ctx.me
    dist = swim_distribution(state, me)
    reach = swim_reach(state, me, limit=SWIM_LOOKAHEAD)
    if not reach:
        return
    board = state.board
    for end, d in reach.items():
        on_land = board.terrain(end).walkable
        if not on_land and d < SWIM_LOOKAHEAD:
            continue
        path = _swim_path(ctx, reach, end)
        if path is None:
            continue
        outcomes: list[tuple[Square, float]] = []
        for squares, p in dist.items():
            where = me.position if squares <= 0 else path[min(squares, len(path)) - 1]
            outcomes.append((where, p))
        yield path, outcomes


def _swim_path(ctx: _Context, reach: dict[Square, int], end: Square) -> list[Square] | None:
    """Walk back from `end` through squares one swim step nearer, as the query measured them."""
    origin = ctx.me.position
    path = [end]
    cur = end
    while reach[cur] > 1:
        prev = None
        for nb in neighbours(cur):
            if reach.get(nb) == reach[cur] - 1 and ctx.state.board.terrain(nb).value == "water" and (
                step_refusal(ctx.state, ctx.me, nb, cur, allow_water=True) is None
            ):
                prev = nb
                break
        if prev is None:
            return None
        path.append(prev)
        cur = prev
    if step_refusal(ctx.state, ctx.me, origin, cur, allow_water=True) is not None:
        return None
    path.reverse()
    return path


def action_options(ctx: _Context) -> list[tuple[float, Action, str]]:
    """Attacks, pushes, taunts and teleports with their expected gain (filled as rules land)."""
    return []


def run_plans(ctx: _Context) -> list[Plan]:
    """Runs worth starting (R4), once the running rules are present."""
    return []


def continue_run(ctx: _Context) -> list[Plan]:
    """The next step of a run under way (R4)."""
    return []
