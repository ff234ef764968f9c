"""Fighter sheets, weapons and team rosters (R0.3, R12.1) as validated data."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from arena_game.core.errors import BadValue

# Attribute and skill keys of a sheet; their names in each language are in the catalog
# (arena_game/i18n, section [term]).
ATTRIBUTES: tuple[str, ...] = ("physique", "sensoriel", "magie", "charisme", "dexterite", "agilite")
SKILLS: tuple[str, ...] = ("corps_a_corps", "acrobatie", "seduction", "esquive", "course", "nage")

# Bounds on sheet numbers. The rules roll a d20 plus small values; past these bounds a sheet
# is not a fighter but a hostile file: a run total of a billion squares or a bow range of
# 10^11 would have the odds tables and range queries run out of memory or never finish.
SCORE_LIMIT = 99  # an attribute or a skill, either sign
PV_LIMIT = 9999
MANA_LIMIT = 9999
RANGE_LIMIT = 99  # a weapon's range value ("Arme", R1)
POTION_LIMIT = 99
DAMAGE_BONUS_LIMIT = 999

Score = Annotated[int, Field(ge=-SCORE_LIMIT, le=SCORE_LIMIT)]
"""An attribute or skill value: −99 to 99."""


class WeaponFamily(StrEnum):
    """Weapon families (R0.3); each has its own skill on the sheet."""

    MELEE = "melee"
    TWO_HANDED = "two_handed"  # two-handed or very long: circle attack (R8)
    BOW = "bow"  # bow or crossbow (R1.2)
    FIREARM = "firearm"  # musket, rifle (R1.3)
    THROWN = "thrown"  # R1.5

    ranged: bool  # set on each member below (a plain attribute: read in the rules' hot loops)
    """A ranged weapon (R1.7 applies when used at melee distance)."""


for _family in WeaponFamily:
    _family.ranged = _family in (WeaponFamily.BOW, WeaponFamily.FIREARM, WeaponFamily.THROWN)


# ASCII digits only (`\d` takes any script's: '١d٨' played as 1d8), spaces and tabs only,
# matched whole (`$` lets a final line break through).
_DAMAGE_RE = re.compile(r"[ \t]*([0-9]+)[ \t]*d[ \t]*([0-9]+)[ \t]*(?:([+-])[ \t]*([0-9]+))?[ \t]*")
_LONG_DIGITS = 30  # past every bound: kept this long, the number is still refused by its bound


def _whole(digits: str) -> int:
    """ASCII digits as a number; a very long one cut to a number as far past every bound (int()
    of thousands of digits raises), so its fault is the bound's, not Python's."""
    digits = digits.lstrip("0") or "0"
    return int(digits[:_LONG_DIGITS])


class DamageDice(BaseModel):
    """Damage written as NdM+K, e.g. '2d6+1'."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    count: int = Field(ge=1, le=20)
    sides: int = Field(ge=2, le=100)
    bonus: int = Field(0, ge=-DAMAGE_BONUS_LIMIT, le=DAMAGE_BONUS_LIMIT)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: object) -> object:
        if isinstance(value, str):
            m = _DAMAGE_RE.fullmatch(value)
            if not m:
                raise BadValue("damage_form", f"damage {value!r} is not of the form NdM or NdM+K", damage=repr(value))
            bonus = _whole(m.group(4) or "0") * (-1 if m.group(3) == "-" else 1)
            return {"count": _whole(m.group(1)), "sides": _whole(m.group(2)), "bonus": bonus}
        return value

    def __str__(self) -> str:
        extra = f"{'+' if self.bonus > 0 else '-'}{abs(self.bonus)}" if self.bonus else ""
        return f"{self.count}d{self.sides}{extra}"


def _visible(name: str) -> str:
    if not any(ch.isprintable() and not ch.isspace() for ch in name):
        raise BadValue("name_invisible", "a name needs at least one visible character")
    return name


Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(_visible)]
"""A name shown on the board and in the log: 1 to 60 characters, at least one visible."""


class Weapon(BaseModel):
    """An equipped weapon: family, range value ('Arme' in R1) and damage dice."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    family: WeaponFamily
    range: int = Field(0, ge=0, le=RANGE_LIMIT)
    damage: DamageDice = DamageDice(count=1, sides=6)


class Attributes(BaseModel):
    """The six attributes of R0.3."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    physique: Score = 0
    sensoriel: Score = 0
    magie: Score = 0
    charisme: Score = 0
    dexterite: Score = 0
    agilite: Score = 0


class Skills(BaseModel):
    """Skills of R0.3, plus one skill per weapon family."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    corps_a_corps: Score = 0
    acrobatie: Score = 0
    seduction: Score = 0
    esquive: Score = 0
    course: Score = 0
    nage: Score = 0
    weapons: dict[WeaponFamily, Score] = {}

    def __hash__(self) -> int:
        # hashable as the sheet's other parts: pydantic deep-copies an unhashable default for
        # every sheet that leaves it out (half the load of a file of 20,000 sheets)
        return hash((tuple(getattr(self, k) for k in SKILLS), tuple(sorted(self.weapons.items()))))


_ID_RE = r"^[a-z0-9][a-z0-9_-]*$"


class FighterSheet(BaseModel):
    """A fighter's sheet (R0.3). Immutable; the match state holds what changes."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=_ID_RE)
    name: Name
    team: str = Field(pattern=_ID_RE)
    height_cm: int = Field(175, ge=20, le=400)
    pv: int = Field(ge=1, le=PV_LIMIT)
    mana: int = Field(0, ge=0, le=MANA_LIMIT)
    attributes: Attributes = Attributes()
    skills: Skills = Skills()
    weapon: Weapon = Weapon(name="Poings", family=WeaponFamily.MELEE)
    teleport_potions: int = Field(0, ge=0, le=POTION_LIMIT)
    magic_effect: bool = False  # R9.1: a fighter under a magic effect may die by their own move

    def attribute(self, key: str) -> int:
        """Value of an attribute by its key (e.g. 'physique')."""
        return int(getattr(self.attributes, key))

    def skill(self, key: str) -> int:
        """Value of a skill by its key, or of a weapon family's skill."""
        if key in SKILLS:
            return int(getattr(self.skills, key))
        return self.skills.weapons.get(WeaponFamily(key), 0)


class Team(BaseModel):
    """A team roster (R12): its fighters and its chest of animals and slaves."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=_ID_RE)
    name: Name
    colour: str = Field("#c0392b", pattern=r"^#[0-9a-fA-F]{6}$")
    chest: list[str] = []  # R12.1: animals and slaves, at most `teams.chest_limit`
    fighters: list[FighterSheet] = []

    @field_validator("fighters")
    @classmethod
    def _unique_ids(cls, fighters: list[FighterSheet]) -> list[FighterSheet]:
        seen: set[str] = set()
        for f in fighters:
            if f.id in seen:
                raise BadValue("fighter_twice", f"fighter id {f.id!r} appears twice", fighter=repr(f.id))
            seen.add(f.id)
        return fighters


class RosterError(ValueError):
    """A roster that breaks a team rule (R12.1)."""


def check_chest(team: Team, limit: int) -> None:
    """R12.1: animals and slaves count as chest items, at most `limit` per team."""
    if len(team.chest) > limit:
        raise RosterError(
            f"R12.1: team {team.id!r} has {len(team.chest)} animals/slaves in its chest, "
            f"the limit is {limit}"
        )
