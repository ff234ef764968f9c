"""Rough planning estimates for the bots: how hard a fighter hits from where it stands.

These only rank squares while planning a move; they never decide legality. What the
bot finally does comes from the core's queries and their exact forecasts.
"""

from __future__ import annotations

from functools import lru_cache

from arena_game.core.geometry import chebyshev
from arena_game.core.sheets import WeaponFamily
from arena_game.core.state import FighterState, MatchState


@lru_cache(maxsize=4096)
def opposed_win_chance(attack_bonus: int, dodge_bonus: int, die: int = 20) -> float:
    """Chance that d`die`+attack is strictly above d`die`+dodge (R0.2: ties to the defender)."""
    wins = 0
    for a in range(1, die + 1):
        for d in range(1, die + 1):
            if a + attack_bonus > d + dodge_bonus:
                wins += 1
    return wins / (die * die)


def _modifier_sum(f: FighterState, keys: tuple[str, ...]) -> int:
    return sum(m.value for m in f.modifiers if m.applies_to == "all" or m.applies_to in keys)


def attack_bonus(state: MatchState, f: FighterState) -> int:
    """1d20 + Dextérité + weapon skill + modifiers (R0.4), without the die."""
    key = state.settings.combat.attack_attribute
    family = f.sheet.weapon.family.value
    return (
        f.sheet.attribute(key) + f.sheet.skill(family)
        + _modifier_sum(f, (key, family, "attack"))
    )


def dodge_bonus(state: MatchState, f: FighterState) -> int:
    """1d20 + Agilité + Esquive + modifiers (R0.4), without the die."""
    c = state.settings.combat
    return f.sheet.attribute(c.dodge_attribute) + f.sheet.skill(c.dodge_skill) + _modifier_sum(
        f, (c.dodge_attribute, c.dodge_skill, "dodge")
    )


def mean_damage(f: FighterState) -> float:
    """Average of the weapon's damage dice, plus about one point of hit location (R12.2)."""
    d = f.sheet.weapon.damage
    return d.count * (d.sides + 1) / 2 + d.bonus + 0.8


def weapon_reach(f: FighterState) -> int:
    """How far the fighter strikes, in squares (R1): 1 for melee weapons."""
    w = f.sheet.weapon
    a = f.sheet.attributes
    if w.family is WeaponFamily.BOW:
        return max(1, a.physique + w.range)
    if w.family is WeaponFamily.FIREARM:
        return max(1, a.sensoriel + w.range)
    if w.family is WeaponFamily.THROWN:
        return max(1, a.physique)
    return 1


def is_ranged(f: FighterState) -> bool:
    """True for bows, firearms and thrown weapons."""
    return f.sheet.weapon.family.ranged


def expected_hit(state: MatchState, attacker: FighterState, target: FighterState, malus: int = 0) -> float:
    """Expected damage of one attack, ignoring range and line of sight."""
    p = opposed_win_chance(attack_bonus(state, attacker) + malus, dodge_bonus(state, target))
    if target.asleep_turns > 0:
        p = 1.0 - 1 / state.settings.dice.die  # R10.1: dodges only on a critical success
    return p * mean_damage(attacker)


def strikes_from(f: FighterState, origin: tuple[int, int], target: tuple[int, int], slack: int = 0) -> bool:
    """Whether `f` standing on `origin` could plausibly attack `target` (range only)."""
    dist = chebyshev(origin, target)
    if dist == 0:
        return False
    return dist <= weapon_reach(f) + slack
