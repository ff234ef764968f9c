"""Mana at zero (R10): spending mana, fainting for 2 turns, waking with locked mana."""

from __future__ import annotations

from arena_game.core.events import Fainted, ManaChanged
from arena_game.core.resolution import Resolution
from arena_game.core.rules import turns
from arena_game.core.state import FighterState


def spend_mana(r: Resolution, f: FighterState, amount: int, reason: str) -> None:
    """Take `amount` mana; at 0 the fighter faints (R10.1)."""
    if amount <= 0:
        return
    f.mana = max(0, f.mana - amount)
    r.emit(ManaChanged(fighter=f.id, delta=-amount, mana=f.mana, reason=reason))
    if f.mana == 0:
        faint(r, f)


def faint(r: Resolution, f: FighterState) -> None:
    """R10.1: sleep for `magic.faint_turns` own turns (turns.py skips them and wakes the fighter, R10.2).

    A fighter who faints in their own turn can do nothing more: the turn ends at once.
    """
    n = r.settings.magic.faint_turns
    if n <= 0:
        return
    f.asleep_turns = n
    r.emit(Fainted(fighter=f.id, turns=n))
    if r.state.order and r.state.active.id == f.id and not r.state.over:
        turns.end_turn(r)
