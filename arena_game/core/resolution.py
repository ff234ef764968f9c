"""The work area of one action: the state copy being changed, the dice, the events.

Rule modules receive a `Resolution` and use its helpers so that every roll, modifier,
hit and death is recorded as a typed event the same way.
"""

from __future__ import annotations

from arena_game.core.dice import Dice, NeedsFace, Roll, RollModifier, Term, TermKind, roll
from arena_game.core.events import (
    DeathCause,
    DiceRolled,
    Died,
    Event,
    ModifierAdded,
)
from arena_game.core.geometry import Square
from arena_game.core.kept import Kept, PerObject, answers_of
from arena_game.core.settings import RulesSettings
from arena_game.core.sheets import ATTRIBUTES, SKILLS, FighterSheet
from arena_game.core.state import FighterState, MatchState, Modifier

_TERMS: PerObject[Term] = {}  # each sheet's terms, kept with it
_TERM_LISTS: PerObject[tuple[Term, ...]] = {}  # and per tuple of keys
_PLAIN_TERMS: Kept[tuple[str, str, int], Term] = Kept(4096)


def plain_term(kind: TermKind, key: str, value: int) -> Term:
    """`Term(kind=…, key=…, value=…)` (a die, a bonus, a weapon or location bonus), one
    frozen value per triple, built once."""
    k = (kind, key, value)
    got = _PLAIN_TERMS.get(k)
    if got is None:
        got = _PLAIN_TERMS.keep(k, Term(kind=kind, key=key, value=value))
    return got


def term_of(fighter: FighterState, key: str) -> Term:
    """The roll term for an attribute, skill or weapon-family skill key of `fighter`'s sheet.

    Kept with the sheet (sheets and terms are frozen; `answers_of`: a match's sheets take
    their terms with them): a term is built once, not for every roll."""
    sheet = fighter.sheet
    terms = answers_of(_TERMS, sheet)
    found = terms.get(key)
    if found is None:
        if key in ATTRIBUTES:
            found = Term(kind="attribute", key=key, value=sheet.attribute(key))
        else:
            kind: TermKind = "skill" if key in SKILLS else "weapon_skill"
            found = Term(kind=kind, key=key, value=sheet.skill(key))
        terms[key] = found  # one per attribute or skill key: a handful per sheet
    return found


def terms_of(fighter: FighterState, keys: tuple[str, ...]) -> tuple[Term, ...]:
    """`term_of` for each key, kept with the sheet per tuple of keys (a check rolls on the
    same two or three keys every time)."""
    lists = answers_of(_TERM_LISTS, fighter.sheet)
    found = lists.get(keys)
    if found is None:
        found = lists[keys] = tuple(term_of(fighter, k) for k in keys)
    return found


class Resolution:
    """Applies one action to `state` (a private copy), rolling `dice`, collecting events."""

    def __init__(self, state: MatchState, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    @property
    def settings(self) -> RulesSettings:
        """The match's rules settings."""
        return self.state.settings

    def emit(self, event: Event) -> None:
        """Record an event."""
        self.events.append(event)

    # -- rolls ---------------------------------------------------------------

    def check_roll(
        self,
        fighter: FighterState,
        purpose: str,
        keys: tuple[str, ...],
        category: str,
        extra: list[RollModifier] | None = None,
        sides: int | None = None,
    ) -> Roll:
        """Roll `1d20 + the named attributes/skills + modifiers` for `fighter` (R0.1) and log it."""
        st = self.state.settings.dice
        terms = list(terms_of(fighter, keys))
        mods = fighter_modifiers(fighter, keys, category) if fighter.modifiers else []
        if extra:
            mods += extra
        try:
            r = roll(
                self.dice, purpose, sides or st.die, terms, mods,
                crit_success=st.critical_success, crit_failure=st.critical_failure,
            )
        except NeedsFace as need:  # dice at the table: say whose roll it is and what it adds
            raise need.about(fighter.id, purpose, terms, mods) from None
        self.emit(DiceRolled(fighter=fighter.id, roll=r))
        return r

    def damage_roll(
        self,
        fighter: FighterState,
        purpose: str,
        count: int,
        sides: int,
        terms: list[Term] | None = None,
        modifiers: list[RollModifier] | None = None,
    ) -> Roll:
        """Roll `count`d`sides` plus named bonuses as ONE logged roll (weapon damage, R0.4).

        The first die is the roll's face; the other dice appear as terms "d6 n°2"…, so the
        breakdown shows every die (`Term(kind="die", key="2")`…).
        """
        faces: list[int] = []
        try:
            while len(faces) < count:
                faces.append(self.dice.face(sides))
        except NeedsFace as need:  # dice at the table: ask for every die still to show at once
            raise need.about(fighter.id, purpose, terms, modifiers, count=count - len(faces)) from None
        first = faces[0]
        extra = [plain_term("die", str(i + 2), f) for i, f in enumerate(faces[1:])]
        all_terms = extra + list(terms or [])
        mods = [m for m in (modifiers or []) if m.value != 0]
        total = first + sum(t.value for t in all_terms) + sum(m.value for m in mods)
        r = Roll(purpose=purpose, die=sides, face=first, terms=all_terms, modifiers=mods, total=total)
        self.emit(DiceRolled(fighter=fighter.id, roll=r))
        return r

    def plain_roll(
        self, fighter: FighterState, purpose: str, sides: int, bonus: int = 0, against: str | None = None
    ) -> Roll:
        """A bare die (d4 to flee, d8 to tackle against `against`…) with no criticals, logged."""
        terms = [plain_term("bonus", "", bonus)] if bonus else []
        try:
            r = roll(self.dice, purpose, sides, terms)
        except NeedsFace as need:
            raise need.about(fighter.id, purpose, terms, against=against) from None
        self.emit(DiceRolled(fighter=fighter.id, roll=r, against=against))
        return r

    # -- modifiers -----------------------------------------------------------

    def add_modifier(
        self, fighter: FighterState, source: str, rule: str, applies_to: str, value: int, turns: int
    ) -> None:
        """Give `fighter` a modifier for `turns` turns (R0.5 durations: their own turns, or
        whole rounds with `turns.duration_clock = "rounds"`)."""
        if value == 0 or turns <= 0:
            return
        if self.settings.turns.duration_clock == "rounds":
            expires = self.state.round + turns  # compared with completed rounds
        else:
            in_own_turn = self.state.order and self.state.active.id == fighter.id
            expires = fighter.turns_taken + turns + (1 if in_own_turn else 0)
        fighter.modifiers.append(Modifier(source, rule, applies_to, value, expires))
        self.emit(ModifierAdded(
            fighter=fighter.id, source=source, rule=rule, applies_to=applies_to,
            value=value, turns=turns,
        ))

    # -- harm ------------------------------------------------------------------

    def kill(
        self, fighter: FighterState, cause: DeathCause, by: FighterState | None, at: Square | None = None
    ) -> None:
        """R0.7: the fighter dies and leaves the board; the kill goes to the killer's team (R11)."""
        fighter.alive = False
        team = by.team if by is not None and by.team != fighter.team else None
        if team is not None:
            self.state.teams[team].kills.append((fighter.id, self.state.turn_serial))
        self.emit(Died(
            fighter=fighter.id, cause=cause,
            by=by.id if by else None, credited_team=team, at=at or fighter.position,
        ))


def fighter_modifiers(fighter: FighterState, keys: tuple[str, ...], category: str) -> list[RollModifier]:
    """The fighter's active modifiers that touch a roll on `keys` of `category` (forecasts use it too)."""
    out: list[RollModifier] = []
    for m in fighter.modifiers:
        if m.applies_to == "all" or m.applies_to in keys or m.applies_to == category:
            out.append(roll_modifier(m.source, m.value, m.rule))
    return out


_ROLL_MODIFIERS: Kept[tuple[str, int, str], RollModifier] = Kept(4096)


def roll_modifier(source: str, value: int, rule: str) -> RollModifier:
    """`RollModifier(source=…, value=…, rule=…)`, one frozen value per triple (built once)."""
    key = (source, value, rule)
    got = _ROLL_MODIFIERS.get(key)
    if got is None:
        got = _ROLL_MODIFIERS.keep(key, RollModifier(source=source, value=value, rule=rule))
    return got


def check_bonus(
    fighter: FighterState, keys: tuple[str, ...], category: str, extra: list[RollModifier] | None = None
) -> int:
    """What `check_roll` adds to the die: the named terms, the fighter's modifiers and `extra`."""
    terms = sheet_terms(fighter.sheet, keys)
    # the values of `fighter_modifiers`, summed without building them (forecasts ask this often)
    mods = sum(m.value for m in fighter.modifiers
               if m.applies_to == "all" or m.applies_to in keys or m.applies_to == category) if fighter.modifiers else 0
    return terms + mods + (sum(m.value for m in extra) if extra else 0)


_SHEET_TERMS: PerObject[int] = {}


def sheet_terms(sheet: FighterSheet, keys: tuple[str, ...]) -> int:
    """The sum of the sheet's values for `keys` (attributes, skills, weapon-family skills),
    kept with the sheet (sheets are frozen; `answers_of`: a match's sheets take their sums
    with them)."""
    sums = answers_of(_SHEET_TERMS, sheet)
    found = sums.get(keys)
    if found is None:
        found = sums[keys] = sum(sheet.attribute(k) if k in ATTRIBUTES else sheet.skill(k) for k in keys)
    return found

