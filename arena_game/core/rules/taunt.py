"""Taunts (Provocations, R7): advantaged after a kill by the team, simple any time; PR (R7.3);
a new taunt's modifier replaces a running one (R7.4 Reading).

Reading of "the turn after an opponent was killed by a member of the taunter's team":
the taunter's FIRST turn that starts after the kill. A kill is recorded with the serial
of the turn it happened in (`TeamState.kills`, R11.1); `MatchState.last_turn_serial`
holds the serial of the taunter's last completed turn. The advantaged taunt is open when
some kill of the team has  last_turn_serial ≤ kill serial < current turn serial — that
is, it happened after the taunter's previous turn began (or in it) and before this one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from arena_game.core.actions import Taunt
from arena_game.core.dice import meets
from arena_game.core.errors import IllegalAction
from arena_game.core.events import ModifierExpired, RenownGained, Taunted
from arena_game.core.resolution import Resolution, check_bonus
from arena_game.core.rules.budget import action_refusal, require
from arena_game.core.settings import RulesSettings
from arena_game.core.state import FighterState, MatchState, Modifier


def taunt_keys(settings: RulesSettings) -> tuple[str, ...]:
    """R7: Charisme + Séduction."""
    return (settings.taunt.attribute, settings.taunt.skill)


def taunt_difficulty(settings: RulesSettings, style: str) -> int:
    """R7.1: 15 for the advantaged taunt; R7.2: 25 for the simple one."""
    st = settings.taunt
    return st.advantaged_difficulty if style == "advantaged" else st.simple_difficulty


def advantaged_window(state: MatchState, f: FighterState) -> bool:
    """R7.1: is this `f`'s first turn since their team killed an opponent? (see the module doc)"""
    last = state.last_turn_serial.get(f.id, 0)
    return any(last <= serial < state.turn_serial for _, serial in state.teams[f.team].kills)


def taunt_refusal(state: MatchState, f: FighterState, style: str) -> IllegalAction | None:
    """Why `f` may not taunt this way now, if so (R0.6, R7.1)."""
    if (err := action_refusal(state, f)) is not None:
        return err
    if style == "advantaged" and not advantaged_window(state, f):
        return IllegalAction(
            "R7.1", "the advantaged taunt is only for the turn after the team killed an opponent",
            code="taunt_advantage_not_earned",
        )
    return None


def taunt_chance(state: MatchState, f: FighterState, style: str) -> Fraction:
    """Exact chance that the taunt succeeds (total ≥ difficulty, R0.2)."""
    bonus = check_bonus(f, taunt_keys(state.settings), "taunt")
    return _chance(state.settings.dice.die, taunt_difficulty(state.settings, style), bonus)


@lru_cache(maxsize=1024)
def _chance(die: int, target: int, bonus: int) -> Fraction:
    """Every face of the die counted once per difficulty and bonus (bots ask this every decision)."""
    return Fraction(sum(1 for face in range(1, die + 1) if meets(face + bonus, target)), die)


def taunt(r: Resolution, action: Taunt) -> None:
    """R7: roll Charisme + Séduction; the team's Dextérité goes up (or down) for 1 turn."""
    state = r.state
    f = state.active
    require(taunt_refusal(state, f, action.style))
    state.budget.acted = True
    st = r.settings.taunt
    difficulty = taunt_difficulty(r.settings, action.style)
    label = f"taunt_{action.style}"  # the roll's purpose and the modifiers' source
    rule = "R7.1" if action.style == "advantaged" else "R7.2"
    roll = r.check_roll(f, label, taunt_keys(r.settings), "taunt")
    success = meets(roll.total, difficulty)
    r.emit(Taunted(fighter=f.id, style=action.style, difficulty=difficulty, success=success))
    team = [m for m in state.fighters.values() if m.alive and m.team == f.team]
    if success:
        bonus = st.advantaged_bonus if action.style == "advantaged" else st.simple_bonus
        for mate in team:
            _taunt_modifier(r, mate, label, rule, bonus)
        ts = state.teams[f.team]
        if first_success_earns_pr(state, f.team):  # R7.3
            ts.pr += st.first_success_pr
            r.emit(RenownGained(team=ts.id, amount=st.first_success_pr, pr=ts.pr))
        ts.taunt_success_done = True
    elif action.style == "advantaged":
        _taunt_modifier(r, f, f"{label}_failed", rule, st.advantaged_failure_malus)
    else:
        for mate in team:
            _taunt_modifier(r, mate, f"{label}_failed", rule, st.simple_failure_malus)


_TAUNT_RULES = ("R7.1", "R7.2")


def first_success_earns_pr(state: MatchState, team: str) -> bool:
    """R7.3: would a successful taunt by `team` now earn PR? Only the match's first success
    does (`taunt.first_success_scope = "match"`), or each team's first ("team")."""
    if state.settings.taunt.first_success_scope == "team":
        return not state.teams[team].taunt_success_done
    return not any(ts.taunt_success_done for ts in state.teams.values())


def replaced_taunt_modifiers(settings: RulesSettings, mate: FighterState) -> list[Modifier]:
    """R7.4 Reading: the running taunt modifiers on `mate` that a new taunt's Dextérité
    modifier replaces (none when they add up, `taunt.modifiers_stack`)."""
    if settings.taunt.modifiers_stack:
        return []
    return [m for m in mate.modifiers if m.rule in _TAUNT_RULES and m.applies_to == "dexterite"]


def _taunt_modifier(r: Resolution, mate: FighterState, source: str, rule: str, value: int) -> None:
    """R7.4 Reading: a taunt's Dextérité modifier replaces a running one from a taunt on
    the same fighter (they add up with `taunt.modifiers_stack`)."""
    for m in replaced_taunt_modifiers(r.settings, mate):
        mate.modifiers.remove(m)
        r.emit(ModifierExpired(fighter=mate.id, source=m.source))
    r.add_modifier(mate, source, rule, "dexterite", value, r.settings.taunt.duration_turns)
