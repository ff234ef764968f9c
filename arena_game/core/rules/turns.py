"""Turns (R0.5, R0.6): match start, initiative, ending a turn, modifier expiry, sleep, match end."""

from __future__ import annotations

from collections.abc import Sequence

from arena_game.core.board import Board
from arena_game.core.dice import Dice
from arena_game.core.errors import IllegalAction
from arena_game.core.events import (
    Event,
    MatchEnded,
    MatchStarted,
    ModifierExpired,
    StoodUp,
    TurnEnded,
    TurnOrderSet,
    TurnSkipped,
    TurnStarted,
    WokeUp,
)
from arena_game.core.geometry import Square
from arena_game.core.resolution import Resolution
from arena_game.core.settings import RulesSettings
from arena_game.core.sheets import FighterSheet, Team
from arena_game.core.state import FighterState, MatchState, TeamState, TurnBudget
from arena_game.core.terrain import Terrain


def start_match(
    board: Board,
    teams: Sequence[Team],
    placements: dict[str, Square],
    settings: RulesSettings,
    dice: Dice,
    turn_order: Sequence[str] | None = None,
) -> tuple[MatchState, list[Event]]:
    """Set up a match and roll initiative (R0.5) unless `turn_order` is given.

    `placements` maps each fighter id to its starting square.
    """
    fighters: dict[str, FighterState] = {}
    sheets: list[FighterSheet] = [f for t in teams for f in t.fighters]
    for sheet in sheets:
        if sheet.id in fighters:
            raise IllegalAction("R0.3", f"fighter id {sheet.id!r} is used twice", code="fighter_id_twice", fields={"id": sheet.id})
        if sheet.id not in placements:
            raise IllegalAction(
                "R0.3", f"fighter {sheet.id!r} has no starting square", code="no_start_square", fields={"id": sheet.id},
            )
        sq = placements[sheet.id]
        if not board.inside(sq) or not (board.terrain(sq).walkable or board.terrain(sq) is Terrain.WATER):
            raise IllegalAction(
                "R13", f"fighter {sheet.id!r} cannot start on {board.describe_square(sq)}",
                code="bad_start_square", fields={"id": sheet.id, "terrain": board.terrain(sq).value, "square": sq},
            )
        fighters[sheet.id] = FighterState(
            sheet=sheet, position=sq, pv=sheet.pv, mana=sheet.mana,
            teleport_potions=sheet.teleport_potions,
        )
    squares = [f.position for f in fighters.values()]
    if len(set(squares)) != len(squares):
        raise IllegalAction("R13", "two fighters start on the same square", code="shared_start_square")
    team_states = {t.id: TeamState(id=t.id, name=t.name, colour=t.colour) for t in teams}
    for f in fighters.values():
        if f.team not in team_states:
            raise IllegalAction(
                "R12", f"fighter {f.id!r} names unknown team {f.team!r}",
                code="unknown_team", fields={"id": f.id, "team": f.team},
            )
    state = MatchState(board=board, settings=settings, fighters=fighters, teams=team_states)
    r = Resolution(state, dice)
    r.emit(MatchStarted(map=board.name, fighters=list(fighters)))
    if turn_order is not None:
        order = list(turn_order)
        if sorted(order) != sorted(fighters):
            raise IllegalAction("R0.5", "the turn order must name every fighter exactly once", code="bad_turn_order")
        r.emit(TurnOrderSet(order=order, rolled=False))
    else:
        order = roll_initiative(r)
        r.emit(TurnOrderSet(order=order, rolled=True))
    state.order = order
    state.active_index = -1
    _advance(r)
    state.dice = dice.where()
    return state, r.events


def roll_initiative(r: Resolution) -> list[str]:
    """R0.5: 1d20 + Agilité each; highest first, ties by Agilité then sheet order."""
    key = r.settings.turns.initiative_attribute
    scored = []
    for index, f in enumerate(r.state.fighters.values()):
        roll = r.check_roll(f, "initiative", (key,), "initiative")
        scored.append((-roll.total, -f.sheet.attribute(key), index, f.id))
    return [fid for *_, fid in sorted(scored)]


def end_turn(r: Resolution) -> None:
    """End the active fighter's turn and start the next living fighter's (R0.5)."""
    state = r.state
    f = state.active
    if f.alive and f.fallen and state.budget.fallen_at_start:
        # R5.2: a fallen fighter's whole turn is getting up, even if they just end the turn.
        f.fallen = False
        r.emit(StoodUp(fighter=f.id))
    r.emit(TurnEnded(fighter=f.id))
    _close_turn(r, f)
    _advance(r)


def _close_turn(r: Resolution, f: FighterState) -> None:
    f.turns_taken += 1
    r.state.last_turn_serial[f.id] = r.state.turn_serial
    if r.settings.turns.duration_clock == "own_turns":
        _expire(r, f, f.turns_taken)


def _expire(r: Resolution, f: FighterState, clock: int) -> None:
    """Drop the modifiers whose time is up at `clock` (own turns taken, or rounds completed)."""
    kept = []
    for m in f.modifiers:
        if clock >= m.expires_after:
            r.emit(ModifierExpired(fighter=f.id, source=m.source))
        else:
            kept.append(m)
    f.modifiers = kept


def _advance(r: Resolution) -> None:
    """Move to the next living fighter; sleeping fighters lose their turn (R10.1)."""
    state = r.state
    if state.over:
        return
    n = len(state.order)
    # Every skipped turn shortens someone's sleep, so this loop ends.
    for _ in range(n * (r.settings.magic.faint_turns + 2) + 1):
        nxt = state.active_index + 1
        if nxt >= n:
            nxt = 0
            if state.active_index >= 0:
                state.round += 1
                if r.settings.turns.duration_clock == "rounds":
                    for g in state.fighters.values():
                        _expire(r, g, state.round - 1)
        state.active_index = nxt
        f = state.active
        if not f.alive:
            continue
        state.turn_serial += 1
        state.budget = TurnBudget(fallen_at_start=f.fallen)
        r.emit(TurnStarted(fighter=f.id, round=state.round))
        if f.asleep_turns > 0:
            r.emit(TurnSkipped(fighter=f.id, reason="asleep"))
            f.asleep_turns -= 1
            _close_turn(r, f)
            if f.asleep_turns == 0:
                wake(r, f)
            continue
        return


def wake(r: Resolution, f: FighterState) -> None:
    """R10.2: the sleeper wakes with 1d4 mana they cannot use for spells."""
    roll = r.plain_roll(f, "wake", r.settings.magic.wake_mana_die)
    f.mana = roll.total
    f.mana_locked = not r.settings.magic.wake_mana_usable
    r.emit(WokeUp(fighter=f.id, mana=f.mana))


def check_match_end(r: Resolution) -> None:
    """R0.7: the match ends when at most one team has living fighters."""
    state = r.state
    if state.over:
        return
    first = None
    teams = state.teams
    for f in state.fighters.values():  # two of `living_teams` found: the match goes on (asked after every action)
        if f.alive and f.team in teams:
            if first is None:
                first = f.team
            elif f.team != first:
                return
    living = state.living_teams()
    if len(living) <= 1:
        state.over = True
        state.winner = living[0] if living else None
        reason = "last_team_standing" if living else "no_fighter_left"
        r.emit(MatchEnded(winner=state.winner, reason=reason))
