"""Dice passed into the rules (R0.1, R0.2): seeded dice, scripted dice, and roll breakdowns.

No module-level random state: every roll goes through a `Dice` object that the caller
owns, so the same seed and the same actions give the same events, byte for byte.
"""

from __future__ import annotations

import random
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict

TermKind = Literal["attribute", "skill", "weapon_skill", "weapon", "location", "die", "bonus"]


class Term(BaseModel):
    """One term of a roll, as data: what it is (`kind`), which one (`key`), its value.

    `attribute` / `skill`: an attribute or skill key of the sheet ("physique", "course");
    `weapon_skill`: a weapon family's skill, `key` the family ("melee"); `weapon`: the
    weapon's damage bonus; `location`: a hit-location bonus (R12.2), `key` the table's row
    name; `die`: a further die of a damage roll, `key` its number ("2"); `bonus`: a fixed
    number. The edge words it (`arena_game.i18n.narration.roll_line`).
    """

    model_config = ConfigDict(frozen=True)
    kind: TermKind
    key: str = ""
    value: int


class RollModifier(BaseModel):
    """A bonus or malus applied to a roll: `source` is a key ("voluntary_stop", "run_attack"…),
    `rule` the rule that gives it, `count` how many (squares run for R4.8) where it depends on one."""

    model_config = ConfigDict(frozen=True)
    source: str
    value: int
    rule: str = ""
    count: int | None = None


class Roll(BaseModel):
    """A resolved roll with its whole breakdown as data, so the log can say why in any language.

    `purpose` is a key ("run", "attack", "dodge", "damage", "location", "flee", "tackle"…).
    """

    model_config = ConfigDict(frozen=True)
    purpose: str
    die: int
    face: int
    terms: list[Term] = []
    modifiers: list[RollModifier] = []
    total: int
    critical: Literal["success", "failure"] | None = None


class Dice(Protocol):
    """Where faces come from. Implementations must be deterministic given their seed."""

    def face(self, sides: int) -> int:
        """One face of a die with `sides` faces, 1..sides."""
        ...

    def checkpoint(self) -> object:
        """An opaque marker to rewind to (used when an action turns out illegal)."""
        ...

    def restore(self, mark: object) -> None:
        """Rewind to a marker from `checkpoint`."""
        ...


class SeededDice:
    """Pseudo-random faces from a seed (Python's Mersenne Twister, stable across versions)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolled = 0

    def face(self, sides: int) -> int:
        """A face drawn from the seeded generator."""
        self.rolled += 1
        return self._rng.randint(1, sides)

    def checkpoint(self) -> object:
        """Marker: the generator state and the count of faces drawn."""
        return (self._rng.getstate(), self.rolled)

    def restore(self, mark: object) -> None:
        """Rewind the generator."""
        assert isinstance(mark, tuple)
        self._rng.setstate(mark[0])
        self.rolled = int(mark[1])


class ScriptedFaceError(ValueError):
    """A scripted face that a die cannot show (e.g. 9 on a d8)."""


class ScriptedDice:
    """Forced faces, used in order, then faces from the seed (tests, demos, bug reports)."""

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        self.faces = list(faces)
        self.position = 0
        self._seeded = SeededDice(seed)

    @property
    def exhausted(self) -> bool:
        """True once every scripted face has been used."""
        return self.position >= len(self.faces)

    def face(self, sides: int) -> int:
        """The next scripted face, or a seeded one once the script is used up."""
        if self.position < len(self.faces):
            f = self.faces[self.position]
            if not 1 <= f <= sides:
                raise ScriptedFaceError(
                    f"scripted face #{self.position + 1} is {f}, but the die rolled is a d{sides}"
                )
            self.position += 1
            return f
        return self._seeded.face(sides)

    def checkpoint(self) -> object:
        """Marker: script position and seeded state."""
        return (self.position, self._seeded.checkpoint())

    def restore(self, mark: object) -> None:
        """Rewind both the script and the seed."""
        assert isinstance(mark, tuple)
        self.position = int(mark[0])
        self._seeded.restore(mark[1])


def roll(
    dice: Dice,
    purpose: str,
    sides: int,
    terms: list[Term] | None = None,
    modifiers: list[RollModifier] | None = None,
    crit_success: tuple[int, ...] = (),
    crit_failure: tuple[int, ...] = (),
) -> Roll:
    """Roll one die and add its named terms and modifiers into a `Roll` (R0.1)."""
    terms = terms or []
    modifiers = [m for m in (modifiers or []) if m.value != 0]
    f = dice.face(sides)
    total = f + sum(t.value for t in terms) + sum(m.value for m in modifiers)
    critical: Literal["success", "failure"] | None = None
    if f in crit_success:
        critical = "success"
    elif f in crit_failure:
        critical = "failure"
    return Roll(
        purpose=purpose, die=sides, face=f, terms=terms, modifiers=modifiers,
        total=total, critical=critical,
    )


def meets(total: int, difficulty: int) -> bool:
    """R0.2: a check of difficulty D succeeds when the total is at least D."""
    return total >= difficulty


def wins_opposed(attacker_total: int, defender_total: int) -> bool:
    """R0.2: an opposed roll is won by the strictly higher total; a tie goes to the defender."""
    return attacker_total > defender_total


def chance_at_least(target: int, bonus: int, sides: int) -> float:
    """Exact chance that d`sides` + bonus ≥ target (R0.2), for forecasts."""
    hits = sum(1 for f in range(1, sides + 1) if f + bonus >= target)
    return hits / sides
