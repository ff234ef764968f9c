"""Dice passed into the rules (R0.1, R0.2): seeded dice, scripted dice, and roll breakdowns.

No module-level random state: every roll goes through a `Dice` object that the caller
owns, so the same seed and the same actions give the same events, byte for byte.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
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

    def where(self) -> DicePosition | None:
        """Where the dice stand, as plain data (None for dice that cannot say)."""
        ...


@dataclass(frozen=True, slots=True)
class DicePosition:
    """Where a match's dice stand, as plain data kept in the state and in saves.

    `seed` and `scripted` are the dice a match started with; `used` counts the scripted
    faces shown and `drawn` the 32-bit words the seeded generator gave, so `dice()` makes
    dice that go on exactly where these stopped (boardgame.io keeps its PRNG state in the
    game state the same way: a state alone can be resumed, and undo needs no special case).
    """

    seed: int
    scripted: tuple[int, ...] = ()
    used: int = 0
    drawn: int = 0
    table: bool = False  # dice rolled at the table: `scripted` holds every face shown so far

    def dice(self, faces: tuple[int, ...] | list[int] = ()) -> Dice:
        """Fresh dice standing at this position; table dice get `faces` as the next faces shown."""
        if self.table:
            return TableDice([*self.scripted, *faces], used=self.used)
        if faces:
            raise ValueError("faces are given only to dice rolled at the table")
        if not self.scripted:
            return SeededDice(self.seed, drawn=self.drawn)
        return ScriptedDice(list(self.scripted), self.seed, used=self.used, drawn=self.drawn)


class _CountedTwister(random.Random):
    """Python's Mersenne Twister counting the 32-bit words it gives out: every face costs
    one word per draw (more on a rejected draw), so the count is the generator's position."""

    def __init__(self, seed: int) -> None:
        self.words = 0
        super().__init__(seed)

    def getrandbits(self, k: int) -> int:
        """The same bits as `random.Random`, counted."""
        self.words += (k + 31) // 32
        return super().getrandbits(k)

    def face(self, sides: int) -> int:
        """`randint(1, sides)`, the same draws counted the same way, without its four layers of
        calls: `randrange` draws `sides.bit_length()` bits until they fall below `sides`."""
        if sides < 1:
            return self.randint(1, sides)  # refused as randint refuses it
        k = sides.bit_length()
        per = (k + 31) // 32
        r = _BITS(self, k)
        self.words += per
        while r >= sides:
            r = _BITS(self, k)
            self.words += per
        return r + 1


_BITS = random.Random.getrandbits  # the generator's own draw (`_CountedTwister.face` counts it)


class SeededDice:
    """Pseudo-random faces from a seed (Python's Mersenne Twister, stable across versions)."""

    def __init__(self, seed: int, drawn: int = 0) -> None:
        self.seed = seed
        self._rng = _CountedTwister(seed)
        self.rolled = 0
        self._where: DicePosition | None = None  # the last position reported (`where`)
        if drawn:  # go on where an earlier match stopped (one word per 32 bits asked)
            self._rng.getrandbits(32 * drawn)

    def face(self, sides: int) -> int:
        """A face drawn from the seeded generator."""
        self.rolled += 1
        return self._rng.face(sides)

    def checkpoint(self) -> object:
        """Marker: the count of faces and of words drawn (the position in the stream; copying
        the generator's state for every action cost more than the rest of most actions)."""
        return (self.rolled, self._rng.words)

    def restore(self, mark: object) -> None:
        """Rewind the generator to the marker: nothing to do when nothing was drawn since,
        else a fresh generator moved on by the words drawn before it (as `DicePosition.dice`)."""
        assert isinstance(mark, tuple)
        rolled, words = int(mark[0]), int(mark[1])
        if self._rng.words != words:
            self._rng = _CountedTwister(self.seed)
            if words:
                self._rng.getrandbits(32 * words)
        self.rolled = rolled

    def where(self) -> DicePosition:
        """Where these dice stand (the same frozen position again while nothing was drawn:
        `apply` asks after every action, most of which roll nothing)."""
        words = self._rng.words
        got = self._where
        if got is None or got.drawn != words:
            got = self._where = DicePosition(self.seed, (), 0, words)
        return got


class ScriptedFaceError(ValueError):
    """A scripted face that a die cannot show (e.g. 9 on a d8): the `number`-th face given,
    `face`, on a d`sides`; `scripted` for the dice of tests and demos, not for faces given at
    the table."""

    def __init__(self, number: int, face: int, sides: int, scripted: bool = True) -> None:
        self.number, self.face, self.sides, self.scripted = number, face, sides, scripted
        words = "scripted face" if scripted else "face"
        super().__init__(f"{words} #{number} is {face}, but the die rolled is a d{sides}")


class ScriptedDice:
    """Forced faces, used in order, then faces from the seed (tests, demos, bug reports)."""

    def __init__(self, faces: list[int], seed: int = 0, used: int = 0, drawn: int = 0) -> None:
        self.faces = list(faces)
        self._script = tuple(faces)  # shared by every position these dice report
        self.position = used  # scripted faces shown so far
        self._seeded = SeededDice(seed, drawn=drawn)

    @property
    def exhausted(self) -> bool:
        """True once every scripted face has been used."""
        return self.position >= len(self.faces)

    def face(self, sides: int) -> int:
        """The next scripted face, or a seeded one once the script is used up."""
        if self.position < len(self.faces):
            f = self.faces[self.position]
            if not 1 <= f <= sides:
                raise ScriptedFaceError(self.position + 1, f, sides)
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

    def where(self) -> DicePosition:
        """Where these dice stand: faces of the script shown, words of the seed drawn."""
        return DicePosition(self._seeded.seed, self._script, self.position, self._seeded._rng.words)


class NeedsFace(Exception):  # noqa: N818 - a signal, not a fault: the caller asks and retries
    """Dice rolled at the table have no face for the next die: who rolls (`fighter`), for what
    (`purpose`, `against`), which die (`sides`, `count` of them still to show) and the terms and
    modifiers that will be added. Raised before anything changes (`apply` keeps nothing), so the
    caller asks the table for the face(s) and plays the action again with them."""

    def __init__(self, sides: int, *, count: int = 1, purpose: str = "", fighter: str = "",
                 terms: tuple[Term, ...] = (), modifiers: tuple[RollModifier, ...] = (),
                 against: str | None = None) -> None:
        self.sides, self.count, self.purpose, self.fighter = sides, count, purpose, fighter
        self.terms, self.modifiers, self.against = terms, modifiers, against
        super().__init__(f"{fighter or 'someone'} rolls {count}d{sides} for {purpose or 'a roll'}")

    def about(self, fighter: str, purpose: str, terms: list[Term] | None = None,
              modifiers: list[RollModifier] | None = None, against: str | None = None,
              count: int = 1) -> NeedsFace:
        """The same need, saying whose roll it is and what is added to it."""
        return NeedsFace(self.sides, count=count, purpose=purpose, fighter=fighter,
                         terms=tuple(terms or ()), modifiers=tuple(m for m in modifiers or () if m.value),
                         against=against)


class TableDice:
    """Faces rolled at the table (physical dice): `faces` are every face shown so far plus the
    ones just given; past them, `face` raises `NeedsFace` instead of inventing one."""

    def __init__(self, faces: list[int], used: int = 0) -> None:
        self.faces = list(faces)
        self.position = used

    def face(self, sides: int) -> int:
        """The next face given, checked against the die; `NeedsFace` when none is left."""
        if self.position >= len(self.faces):
            raise NeedsFace(sides)
        f = self.faces[self.position]
        if not 1 <= f <= sides:
            raise ScriptedFaceError(self.position + 1, f, sides, scripted=False)
        self.position += 1
        return f

    def checkpoint(self) -> object:
        """Marker: the faces shown so far."""
        return self.position

    def restore(self, mark: object) -> None:
        """Rewind to a marker."""
        assert isinstance(mark, int)
        self.position = mark

    def where(self) -> DicePosition:
        """Every face shown so far (faces given but not shown are not part of the match)."""
        return DicePosition(0, tuple(self.faces[:self.position]), self.position, 0, table=True)


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
    total = f
    for t in terms:  # (a loop: no generator for two or three terms, rolled for every action)
        total += t.value
    for m in modifiers:
        total += m.value
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
