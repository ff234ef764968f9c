"""Teleportation (R6): by potion anywhere on the map, by spell within Magie squares.

A destination is any free square that is not a wall, pillar, obstacle or dead square
(R9.1); water is one (`teleport.into_water`), and the fighter is then swimming (R2.3).
The spell needs no line of sight unless `teleport.spell_needs_sight` (R6.2 Reading).
"""

from __future__ import annotations

from arena_game.core.actions import Teleport
from arena_game.core.errors import IllegalAction, counted
from arena_game.core.events import Teleported
from arena_game.core.geometry import Square, chebyshev, fmt
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import action_refusal, require
from arena_game.core.rules.mana import spend_mana
from arena_game.core.rules.movement import dead_square_refusal, enter_square
from arena_game.core.rules.ranges import sight_blocker, spell_range
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain


def means_refusal(state: MatchState, f: FighterState, means: str) -> IllegalAction | None:
    """Why `f` cannot teleport by this means at all now (R6.1, R6.2, R10.2), if so."""
    if (err := action_refusal(state, f)) is not None:
        return err
    if means == "potion":
        if f.teleport_potions <= 0 and f.sheet.teleport_potions > 0:  # drank them all: said apart from never had one
            had = f.sheet.teleport_potions
            return IllegalAction(
                "R6.1", f"{f.sheet.name} has no teleport potion left (carried at the start: {had})",
                code="potion_used_up", fields={"fighter": f.sheet.name, "had": had},
            )
        if f.teleport_potions <= 0:
            return IllegalAction(
                "R6.1", f"{f.sheet.name} carries no teleport potion", code="no_potion", fields={"fighter": f.sheet.name},
            )
        return None
    if f.mana_locked:
        return IllegalAction(
            "R10.2", f"the mana {f.sheet.name} woke up with cannot be used for spells", code="mana_locked", fields={"fighter": f.sheet.name},
        )
    cost = state.settings.magic.teleport_spell_mana
    if f.mana < cost:
        return IllegalAction(
            "R6.2", f"the teleport spell costs {cost} mana; {f.sheet.name} has {f.mana}",
            code="spell_mana", fields={"cost": cost, "fighter": f.sheet.name, "mana": f.mana},
        )
    return None


def destination_refusal(state: MatchState, f: FighterState, to: Square, means: str) -> IllegalAction | None:
    """Why `to` is not a teleport destination for `f` by `means`, if so (R6, R9.1)."""
    board = state.board
    rule = "R6.1" if means == "potion" else "R6.2"
    if not board.inside(to):
        return IllegalAction(rule, f"{fmt(to)} is outside the map", code="outside_map", fields={"square": to})
    if to == f.position:
        return IllegalAction(
            rule, f"{f.sheet.name} is already at {fmt(to)}", code="already_there", fields={"fighter": f.sheet.name, "square": to},
        )
    if means == "spell" and chebyshev(f.position, to) > spell_range(f.sheet):
        return IllegalAction(
            "R6.2", f"{fmt(to)} is beyond the spell's reach of {counted(spell_range(f.sheet), 'square', 'squares')} (Magie)",
            code="spell_reach", fields={"square": to, "reach": spell_range(f.sheet)},
        )
    if means == "spell" and state.settings.teleport.spell_needs_sight:
        blocker = sight_blocker(board, f.position, to, f.sheet.height_cm)
        if blocker is not None:  # R1.6: spells need a line of sight too
            return IllegalAction(
                "R1.6", f"no line of sight to {fmt(to)}: {board.describe_square(blocker)} is in the way",
                code="no_sight_square", fields={"square": to, "terrain": board.terrain(blocker).value, "blocker": blocker},
            )
    t = board.terrain(to)
    if t.dead:
        return dead_square_refusal(state, f, to)
    if not (t.walkable or (t is Terrain.WATER and state.settings.teleport.into_water)):
        return IllegalAction(
            rule, f"{board.describe_square(to)} is not a walkable square",
            code="not_walkable", fields={"terrain": t.value, "square": to},
        )
    other = state.fighter_at(to)
    if other is not None:
        return IllegalAction(
            rule, f"{fmt(to)} is occupied by {other.sheet.name}", code="occupied", fields={"square": to, "fighter": other.sheet.name},
        )
    return None


def teleport_refusal(state: MatchState, f: FighterState, to: Square, means: str) -> IllegalAction | None:
    """Why `f` may not teleport to `to` by `means` now, if so."""
    return means_refusal(state, f, means) or destination_refusal(state, f, to, means)


def teleport(r: Resolution, action: Teleport) -> None:
    """R6: an action; the potion is used up, the spell costs mana (and may make one faint, R10)."""
    f = r.state.active
    require(teleport_refusal(r.state, f, action.to, action.means))
    r.state.budget.acted = True
    origin = f.position
    r.emit(Teleported(fighter=f.id, origin=origin, to=action.to, means=action.means))
    enter_square(r, f, action.to)
    if action.means == "potion":
        f.teleport_potions -= 1
    elif f.alive:
        spend_mana(r, f, r.settings.magic.teleport_spell_mana, "teleport_spell")
