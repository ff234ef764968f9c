"""Rules settings: every **Reading** and table of the rules (docs/rules-reference.md), with its default.

A game master edits these in a TOML file (see docs/rules.md); unknown keys and bad
values are refused by pydantic when the file is loaded. Types are strict: TOML has numbers and
booleans of its own, so `die = "20"`, `die = 20.0` or `line_of_sight = "yes"` is refused, naming
the key, never read as 20 or true. A list of faces or rows may be a list or a tuple (its items
strict all the same).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from arena_game.core.errors import BadValue, RefusalField

AttributeKey = Literal["physique", "sensoriel", "magie", "charisme", "dexterite", "agilite"]
"""An attribute of the sheet (R0.3), as written in files."""
SkillKey = Literal["corps_a_corps", "acrobatie", "seduction", "esquive", "course", "nage"]
"""A skill of the sheet (R0.3), as written in files."""
MAX_DIE = 100  # the largest die a setting may name (forecasts enumerate its faces), as for damage dice
# Run settings past these bounds are hostile files, not house rules: a run's declarations
# are enumerated square by square (8 declared squares already cost seconds per decision,
# 12 a minute), and a table granting a billion squares never finishes its odds.
DECLARED_SQUARES_LIMIT = 8
RUN_SQUARES_LIMIT = 128  # the side of the largest map
RUN_TOTAL_LIMIT = 1000
# Every other number has a bound too (docs/rules.md gives each range): a rules file, a scenario's
# [rules] table or a save with 64-bit extremes is hostile, not a house rule, and is refused in one
# line naming the key and the bound. The bounds leave far more room than any table would use.
MODIFIER_LIMIT = 100  # a bonus or malus, either sign: past ±100 no roll on a d100 decides anything
DIFFICULTY_LIMIT = RUN_TOTAL_LIMIT  # a difficulty or a points-per-square divisor, as the run totals
TURNS_LIMIT = 100  # how many turns a malus, a sleep or a taunt lasts
PUSH_SQUARES_LIMIT = RUN_SQUARES_LIMIT  # squares a push moves the pushed
HEIGHT_DIVISOR_LIMIT = 1000  # cm per point of jump difficulty
MANA_COST_LIMIT = 9999  # as a sheet's mana (sheets.MANA_LIMIT)
LOCATION_NAME_LIMIT = 60  # a hit location's name, as a fighter's
PR_LIMIT = 100  # renown a taunt earns
CHEST_LIMIT = 100  # animals and slaves per team chest
MAP_SIDE_LIMIT = 256  # a rules file may raise the map size limit to this, no further (a 1000×1000
# map costs 600 MB to open and minutes per simulated match)


class _Section(BaseModel):
    # strict: a text or a fractional number is no whole number, nor "yes" a bool. A tuple
    # field, written as a list in a file, says `Field(..., strict=False)`: a list is taken for
    # it, its items strict all the same.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _faces_on(die: int, name: str, faces: tuple[int, ...]) -> None:
    """Every face of a list is on its die (a d4's fail faces are 1 to 4), and listed once (a face
    given twice is a slip: the designer meant another one)."""
    seen: set[int] = set()
    for face in faces:
        if not 1 <= face <= die:
            raise BadValue("face_off_die", f"{name}: face {face} is not on a d{die}", name=name, face=face, die=die)
        if face in seen:
            raise BadValue("face_twice", f"{name}: face {face} is listed twice (list each face once)",
                           name=name, face=face)
        seen.add(face)


class DiceSettings(_Section):
    """R0.1: die size and critical faces."""

    die: int = Field(20, ge=2, le=MAX_DIE)
    critical_success: tuple[int, ...] = Field((20,), strict=False)
    critical_failure: tuple[int, ...] = Field((1,), strict=False)

    @model_validator(mode="after")
    def _faces_on_the_die(self) -> DiceSettings:
        for name in ("critical_success", "critical_failure"):
            _faces_on(self.die, name, getattr(self, name))
        if set(self.critical_success) & set(self.critical_failure):
            raise BadValue("face_both", "a face cannot be both a critical success and a critical failure")
        return self


class TurnSettings(_Section):
    """R0.5, R0.6: initiative and what a turn allows."""

    initiative_attribute: AttributeKey = "agilite"  # R0.5 Reading: 1d20 + Agilité
    # R0.5 Reading: "for N turns" counts the affected fighter's own turns (until the end of
    # its Nth next turn); "rounds" counts whole rounds instead (until the end of the Nth
    # next round).
    duration_clock: Literal["own_turns", "rounds"] = "own_turns"
    walk_then_action: bool = True  # R0.6: "walk 1 square and/or one action", either order
    # Not a Reading: a convenience. End the turn by itself once the fighter has both moved
    # and acted (nothing but ending is left); runs are left to the runner.
    auto_end_turn: bool = False


class MovementSettings(_Section):
    """R2: walking, swimming, jumping."""

    swim_squares_per: int = Field(10, ge=1, le=DIFFICULTY_LIMIT)  # R2.3 Reading: 1 square per full 10 points
    swim_attribute: AttributeKey = "physique"
    swim_skill: SkillKey = "nage"
    jump_height_divisor: int = Field(10, ge=1, le=HEIGHT_DIVISOR_LIMIT)  # R2.4: height in cm ÷ 10
    jump_fail_spends_move: bool = True  # R2.4 Reading
    jump_attack_malus: int = Field(-15, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)  # R2.4


class FleeSettings(_Section):
    """R3: fleeing an adjacent opponent."""

    die: int = Field(4, ge=2, le=MAX_DIE)
    fail_faces: tuple[int, ...] = Field((1,), strict=False)
    one_roll_per_attempt: bool = True  # R3.1 Reading; False: one d4 per adjacent opponent

    @model_validator(mode="after")
    def _faces_on_the_die(self) -> FleeSettings:
        _faces_on(self.die, "fail_faces", self.fail_faces)
        if len(self.fail_faces) == self.die:  # each face once, each on the die: all of them
            raise BadValue("flee_all_fail", f"fail_faces: every face of the d{self.die} fails, so no fighter could "
                           "ever flee (R3.1): leave at least one face out", die=self.die)
        return self


class RunBracket(_Section):
    """One row of the run table (R4.2): totals from..to give `squares`."""

    low: int | None = Field(None, ge=-RUN_TOTAL_LIMIT, le=RUN_TOTAL_LIMIT)  # None: no lower bound
    high: int | None = Field(None, ge=-RUN_TOTAL_LIMIT, le=RUN_TOTAL_LIMIT)  # None: no upper bound
    squares: int = Field(ge=0, le=RUN_SQUARES_LIMIT)


_DEFAULT_RUN_TABLE: tuple[RunBracket, ...] = (
    RunBracket(low=None, high=4, squares=1),
    RunBracket(low=5, high=9, squares=2),
    RunBracket(low=10, high=14, squares=3),
    RunBracket(low=15, high=19, squares=4),
    RunBracket(low=20, high=24, squares=5),
    RunBracket(low=25, high=29, squares=6),
    RunBracket(low=30, high=39, squares=7),
    RunBracket(low=40, high=44, squares=8),
    RunBracket(low=45, high=50, squares=9),
)


class RunSettings(_Section):
    """R4: running (Course)."""

    attribute: AttributeKey = "physique"  # R4.2 Reading: 1d20 + Physique + Course
    skill: SkillKey = "course"
    declared_squares: int = Field(3, ge=1, le=DECLARED_SQUARES_LIMIT)  # R4.1
    table: tuple[RunBracket, ...] = Field(_DEFAULT_RUN_TABLE, strict=False)  # R4.2, irregular 30–39 row kept
    above_table_base: int = Field(50, ge=0, le=RUN_TOTAL_LIMIT)  # R4.2: above 50, +1 square per started 5
    above_table_step: int = Field(5, ge=1, le=RUN_TOTAL_LIMIT)
    # R4.1 Reading (revised): the declared squares must be free and walkable (R4.9, R2.2),
    # else the declaration is refused before the roll; False: the run is stopped there (R4.6).
    declared_must_be_free: bool = True
    max_turn_45: int = Field(1, ge=0, le=4)  # R4.4: at most 45° per step
    # R4.4 Reading: each step is measured against the step before it (a run may curve round
    # 45° at a time) or against the run's first step (it never bends back on itself).
    heading_reference: Literal["previous_step", "first_step"] = "previous_step"
    labyrinth_max_turn_45: int = Field(2, ge=0, le=4)  # R4.4: right angles in labyrinths
    voluntary_stop_turns: int = Field(1, ge=0, le=TURNS_LIMIT)  # R4.5
    forced_stop_turns: int = Field(5, ge=0, le=TURNS_LIMIT)  # R4.6 Reading
    tackle_die: int = Field(8, ge=2, le=MAX_DIE)  # R4.7
    tackle_faces: tuple[int, ...] = Field((1,), strict=False)
    tackle_malus_turns: int = Field(1, ge=0, le=TURNS_LIMIT)
    attack_malus: int = Field(-8, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)  # R4.8
    attack_damage_per_square: int = Field(1, ge=0, le=MODIFIER_LIMIT)  # R4.8

    @model_validator(mode="after")
    def _table_is_ordered(self) -> RunSettings:
        _faces_on(self.tackle_die, "tackle_faces", self.tackle_faces)
        if not self.table:  # R4.2: a roll above the table takes its top row's squares
            raise BadValue("run_rows_none", "run.table has no row")
        prev_high: int | None = None
        for i, row in enumerate(self.table):
            if row.low is not None and row.high is not None and row.low > row.high:
                raise BadValue("run_row_reversed", f"run.table row {i + 1}: low {row.low} is above high {row.high}",
                               row=i + 1, low=row.low, high=row.high)
            if i > 0 and (row.low is None or prev_high is None or row.low <= prev_high):
                raise BadValue("run_rows", f"run.table row {i + 1} overlaps or is out of order", row=i + 1)
            if i > 0 and row.squares < self.table[i - 1].squares:  # a better roll never runs less
                raise BadValue("run_rows_fewer", f"run.table row {i + 1} gives {row.squares} squares, fewer than the "
                               f"row before it ({self.table[i - 1].squares}): a higher total runs at least as far "
                               "(R4.2)", row=i + 1, squares=row.squares, before=self.table[i - 1].squares)
            prev_high = row.high
        last = self.table[-1]
        top = last.high if last.high is not None else last.low
        if top is not None and top > self.above_table_base:  # totals past the base never read the rows
            raise BadValue("run_above_table", f"above_table_base {self.above_table_base} is below the top of run.table "
                           f"({top}): its rows past {self.above_table_base} would never be read (R4.2)",
                           base=self.above_table_base, top=top)
        return self


class HitLocation(_Section):
    """One row of the hit-location table (R12.2)."""

    # The House rules panel makes rows of what a player types (`ui.house_draft.parse_locations`,
    # faces already on the die): a long name or a bonus past ±MODIFIER_LIMIT is refused by
    # `formats.rulesfile.settings_from_data`, as for a file, not by this row, so making it never raises.
    # The table as a whole (rows in order, every face of the die once) is `CombatSettings`' check.
    name: str
    low: int = Field(ge=1, le=MAX_DIE)
    high: int = Field(ge=1, le=MAX_DIE)
    damage_bonus: int = 0


class CombatSettings(_Section):
    """R0.4, R1, R8, R12.2: attacks, ranges, circle attacks, hit locations."""

    attack_attribute: AttributeKey = "dexterite"
    dodge_attribute: AttributeKey = "agilite"
    dodge_skill: SkillKey = "esquive"
    line_of_sight: bool = True  # R1.6 Reading
    ranged_adjacent_malus: int = Field(-8, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)  # R1.7
    firearm_beyond_range_malus: int = Field(-8, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)  # R1.3
    location_die: int = Field(20, ge=2, le=MAX_DIE)
    locations: tuple[HitLocation, ...] = Field((
        HitLocation(name="tête", low=1, high=2, damage_bonus=3),
        HitLocation(name="torse", low=3, high=10, damage_bonus=1),
        HitLocation(name="bras", low=11, high=15, damage_bonus=0),
        HitLocation(name="jambes", low=16, high=20, damage_bonus=0),
    ), strict=False)
    circle_split: Literal["halving", "player"] = "halving"  # R8.2 Reading

    @model_validator(mode="after")
    def _locations_cover_the_die(self) -> CombatSettings:
        """R12.2: the rows, in order, give every face of the location die exactly one location.

        A hit always lands somewhere (R0.4, R8.3: "one hit location"), so a face without a row
        (a gap, or faces past the last row) is refused like an overlap, a row whose low is above
        its high, or a face past the die. The fault names the row (1-based) and its faces."""
        die, prev_high = self.location_die, 0  # prev_high: the last face the rows before gave
        named: dict[str, int] = {}  # a name (as the log shows it) → its row
        if not self.locations:
            raise BadValue("location_none", f"locations: no row; every face of the d{die} needs one", die=die)
        for i, row in enumerate(self.locations, start=1):
            fields: dict[str, RefusalField] = {"row": i, "name": row.name, "low": row.low, "high": row.high}
            if not row.name.strip():  # the location a hit lands on is named in the log
                raise BadValue("location_unnamed", f"locations row {i}: a row needs a name", row=i)
            if row.low > row.high:
                raise BadValue("location_reversed", f"locations row {i} ({row.name}): low {row.low} is above "
                               f"high {row.high}", **fields)
            if row.high > die:
                raise BadValue("location_off_die", f"locations row {i} ({row.name}): face {row.high} is not on "
                               f"the d{die}", die=die, **fields)
            if row.low <= prev_high:
                raise BadValue("location_overlap", f"locations row {i} ({row.name}): faces {row.low} to {row.high} "
                               f"overlap a row before it or are out of order", **fields)
            if row.low > prev_high + 1:
                raise BadValue("location_gap", f"locations row {i} ({row.name}) starts at face {row.low}: face "
                               f"{prev_high + 1} has no row", first=prev_high + 1, **fields)
            first = named.setdefault(row.name.strip().casefold(), i)
            if first != i:  # two rows of one name: a hit's location would not say which
                raise BadValue("location_twice", f"locations row {i} ({row.name}): row {first} has this name already "
                               "(name each location once)", first=first, **fields)
            prev_high = row.high
        if prev_high < die:
            raise BadValue("location_short", f"locations: face {prev_high + 1} of the d{die} has no row (the last "
                           f"row ends at face {prev_high})", first=prev_high + 1, high=prev_high, die=die)
        return self


class PushSettings(_Section):
    """R5: pushing (Poussée)."""

    attribute: AttributeKey = "physique"  # R5.1
    skill: SkillKey = "corps_a_corps"
    squares: int = Field(1, ge=1, le=PUSH_SQUARES_LIMIT)
    critical_squares: int = Field(3, ge=1, le=PUSH_SQUARES_LIMIT)  # R5.2
    critical_falls: bool = True
    critical_always_succeeds: bool = True  # R5.2 Reading: a critical wins the push whatever the totals
    diagonal_corners_stop: bool = True  # R5.3 Reading: R2.2 applies to diagonal pushes
    into_water: bool = True  # R5.3 Reading: a push goes on into water (False: water stops it like a wall)

    @model_validator(mode="after")
    def _critical_goes_as_far(self) -> PushSettings:
        """R5.2: a critical push moves the pushed at least as far as a plain one."""
        if self.critical_squares < self.squares:
            raise BadValue("push_critical_short", f"critical_squares {self.critical_squares} is fewer than squares "
                           f"{self.squares}: a critical push (R5.2) moves at least as far as a plain one",
                           critical=self.critical_squares, squares=self.squares)
        return self


class MagicSettings(_Section):
    """R6, R10: teleport and mana."""

    teleport_spell_mana: int = Field(5, ge=0, le=MANA_COST_LIMIT)  # R6.2 Reading
    faint_turns: int = Field(2, ge=0, le=TURNS_LIMIT)  # R10.1
    wake_mana_die: int = Field(4, ge=1, le=MAX_DIE)  # R10.2
    wake_mana_usable: bool = False  # R10.2 Reading


class TauntSettings(_Section):
    """R7: taunts (Provocations)."""

    attribute: AttributeKey = "charisme"  # R7.1
    skill: SkillKey = "seduction"
    advantaged_difficulty: int = Field(15, ge=-DIFFICULTY_LIMIT, le=DIFFICULTY_LIMIT)
    advantaged_bonus: int = Field(3, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)
    advantaged_failure_malus: int = Field(-3, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)
    simple_difficulty: int = Field(25, ge=-DIFFICULTY_LIMIT, le=DIFFICULTY_LIMIT)
    simple_bonus: int = Field(5, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)
    simple_failure_malus: int = Field(-5, ge=-MODIFIER_LIMIT, le=MODIFIER_LIMIT)
    duration_turns: int = Field(1, ge=0, le=TURNS_LIMIT)
    first_success_pr: int = Field(2, ge=0, le=PR_LIMIT)  # R7.3
    # R7.3 Reading: "la première provocation réussie du match": the match's first success
    # only earns PR ("match"), or each team's first success does ("team").
    first_success_scope: Literal["match", "team"] = "match"
    # R7.4 Reading: a new taunt's Dextérité modifier replaces a running one from a taunt on
    # the same fighter (False: they add up).
    modifiers_stack: bool = False


class TeleportSettings(_Section):
    """R6: where a teleport may land."""

    into_water: bool = True  # R6.1, R6.2: water is a destination; the fighter then swims
    spell_needs_sight: bool = False  # R6.2 Reading: the spell needs no line of sight


class TeamSettings(_Section):
    """R9, R12: rosters."""

    chest_limit: int = Field(4, ge=0, le=CHEST_LIMIT)  # R12.1
    # R9.2 house setting: the table lets a fighter kill themselves of their own will (R9.1 then
    # refuses nothing); they are lost for good unless the opponents grant the exception.
    suicide_allowed: bool = False

    @model_validator(mode="before")
    @classmethod
    def _old_suicide_key(cls, data: object) -> object:
        """Rules files and saves written before issue 15 name it `suicide_allowed_by_opponents`."""
        if isinstance(data, dict) and "suicide_allowed_by_opponents" in data:
            data = dict(data)
            old = data.pop("suicide_allowed_by_opponents")
            data.setdefault("suicide_allowed", old)
        return data


class MapSettings(_Section):
    """Limits on map files, and how fighters take their team's spawn squares."""

    max_width: int = Field(128, ge=1, le=MAP_SIDE_LIMIT)
    max_height: int = Field(128, ge=1, le=MAP_SIDE_LIMIT)
    # "shuffled": each match draws which spawn square each fighter takes from its seed, so
    # over a series every spawn is used; "in_order": fighters take them in reading order.
    spawn_assignment: Literal["shuffled", "in_order"] = "shuffled"


class RulesSettings(_Section):
    """All rules settings, grouped by rule family as in the TOML file."""

    dice: DiceSettings = DiceSettings()
    turns: TurnSettings = TurnSettings()
    movement: MovementSettings = MovementSettings()
    flee: FleeSettings = FleeSettings()
    run: RunSettings = RunSettings()
    combat: CombatSettings = CombatSettings()
    push: PushSettings = PushSettings()
    magic: MagicSettings = MagicSettings()
    teleport: TeleportSettings = TeleportSettings()
    taunt: TauntSettings = TauntSettings()
    teams: TeamSettings = TeamSettings()
    maps: MapSettings = MapSettings()


DEFAULT_SETTINGS = RulesSettings()
