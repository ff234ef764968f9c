"""Typed events: what happened, for the log, the animations and the JSON output.

Every event has a `type` and its fields; docs/scenarios.md lists them all. The front
end animates and logs these; it never diffs states to guess what happened.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from arena_game.core.dice import Roll
from arena_game.core.geometry import Square

DeathCause = Literal["attack", "push_into_hazard", "hazard", "suicide"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MatchStarted(_Event):
    """A match began on `map` with these fighters."""

    type: Literal["match_started"] = "match_started"
    map: str
    fighters: list[str]


class DiceRolled(_Event):
    """Any roll, with its full breakdown as data; `fighter` is who rolled it, `against` the
    fighter it was rolled against where the roll names one (a tackle's d8, R4.7)."""

    type: Literal["dice_rolled"] = "dice_rolled"
    fighter: str
    roll: Roll
    against: str | None = None


class TurnOrderSet(_Event):
    """The order of play, from initiative (R0.5) or fixed by a scenario."""

    type: Literal["turn_order_set"] = "turn_order_set"
    order: list[str]
    rolled: bool


class TurnStarted(_Event):
    """`fighter` starts their turn in `round`."""

    type: Literal["turn_started"] = "turn_started"
    fighter: str
    round: int


class TurnEnded(_Event):
    """`fighter` ended their turn."""

    type: Literal["turn_ended"] = "turn_ended"
    fighter: str


class TurnSkipped(_Event):
    """`fighter` loses their turn (asleep, R10.1)."""

    type: Literal["turn_skipped"] = "turn_skipped"
    fighter: str
    reason: str


class Moved(_Event):
    """A fighter moved along `path` (its start square first)."""

    type: Literal["moved"] = "moved"
    fighter: str
    path: list[Square]
    mode: Literal["walk", "run", "swim", "jump"]


class FleeChecked(_Event):
    """R3: a d4 to leave adjacent opponents; on failure the move is spent."""

    type: Literal["flee_checked"] = "flee_checked"
    fighter: str
    opponents: list[str]
    success: bool


class SwimRolled(_Event):
    """R2.3: the swim roll granted `squares` squares."""

    type: Literal["swim_rolled"] = "swim_rolled"
    fighter: str
    squares: int


class JumpAttempted(_Event):
    """R2.4: acrobatics against height ÷ 10."""

    type: Literal["jump_attempted"] = "jump_attempted"
    fighter: str
    over: Square
    landing: Square
    difficulty: int
    success: bool


class StoodUp(_Event):
    """A fallen fighter got up (R5.2)."""

    type: Literal["stood_up"] = "stood_up"
    fighter: str


class ModifierAdded(_Event):
    """A bonus or malus now applies to `fighter` for `turns` of their turns; `source` is a key
    ("voluntary_stop", "forced_stop", "tackle", "taunt_simple", "taunt_advantaged_failed"…)."""

    type: Literal["modifier_added"] = "modifier_added"
    fighter: str
    source: str
    rule: str
    applies_to: str
    value: int
    turns: int


class ModifierExpired(_Event):
    """A modifier ran out, or a new one replaced it (R7.4)."""

    type: Literal["modifier_expired"] = "modifier_expired"
    fighter: str
    source: str


class RunStarted(_Event):
    """R4.1: the runner declared their first squares."""

    type: Literal["run_started"] = "run_started"
    fighter: str
    declared: list[Square]


class RunRolled(_Event):
    """R4.2: the run roll granted `squares` squares."""

    type: Literal["run_rolled"] = "run_rolled"
    fighter: str
    total: int
    squares: int


class TackleChecked(_Event):
    """R4.7: a d8 for passing beside `opponent`; tackled on a 1."""

    type: Literal["tackle_checked"] = "tackle_checked"
    fighter: str
    opponent: str
    tackled: bool


class Tackled(_Event):
    """R4.7: the runner was tackled at `at`; their run is over."""

    type: Literal["tackled"] = "tackled"
    fighter: str
    by: str
    at: Square


class RunEnded(_Event):
    """The run is over: all squares used, voluntary (R4.5) or forced (R4.6) stop, tackle
    (R4.7), a failed flight before the roll (R3), or death on a dead square (magic, R9.1).

    `path` is the whole run, start square first; `squares_left` the squares granted but not run.
    """

    type: Literal["run_ended"] = "run_ended"
    fighter: str
    path: list[Square]
    reason: Literal["completed", "voluntary_stop", "forced_stop", "tackled", "flee_failed", "died"]
    squares_left: int


class Attacked(_Event):
    """An attack roll against a dodge roll (R0.4); `hit` when the attack is strictly higher.

    `target_asleep`: the target had fainted, so only a critical dodge counted (R10.1) and the
    totals alone do not say why it was hit.
    """

    type: Literal["attacked"] = "attacked"
    attacker: str
    target: str
    attack_total: int
    dodge_total: int
    hit: bool
    mode: Literal["weapon", "run", "circle"] = "weapon"
    target_asleep: bool = False


class Damaged(_Event):
    """`fighter` lost `amount` PV; `location` from R12.2."""

    type: Literal["damaged"] = "damaged"
    fighter: str
    amount: int
    location: str
    pv: int
    by: str | None = None


class CircleSplitAwaited(_Event):
    """R8.2 with `combat.circle_split = "player"`: `attacker`'s circle attack hit the fighters
    `hit` (in the declared order) for `total` damage; their player now gives the split."""

    type: Literal["circle_split_awaited"] = "circle_split_awaited"
    attacker: str
    total: int
    hit: list[str]


class Died(_Event):
    """R0.7: `fighter` is dead and leaves the board; the kill goes to `credited_team`."""

    type: Literal["died"] = "died"
    fighter: str
    cause: DeathCause
    by: str | None = None
    credited_team: str | None = None
    at: Square


class Pushed(_Event):
    """R5: `fighter` was pushed along `path` (its start first) by `by`."""

    type: Literal["pushed"] = "pushed"
    fighter: str
    by: str
    path: list[Square]
    fell: bool
    into: str


class PushFailed(_Event):
    """R5.1: the pusher did not win the opposed roll."""

    type: Literal["push_failed"] = "push_failed"
    fighter: str
    target: str


class Fell(_Event):
    """`fighter` is on the ground; their next turn is spent getting up (R5.2)."""

    type: Literal["fell"] = "fell"
    fighter: str


class Teleported(_Event):
    """R6: `fighter` moved from `origin` to `to` by potion or spell."""

    type: Literal["teleported"] = "teleported"
    fighter: str
    origin: Square
    to: Square
    means: Literal["potion", "spell"]


class ManaChanged(_Event):
    """`fighter`'s mana changed by `delta` to `mana`; `reason` is a key ("teleport_spell")."""

    type: Literal["mana_changed"] = "mana_changed"
    fighter: str
    delta: int
    mana: int
    reason: str


class Taunted(_Event):
    """R7: a taunt and whether the crowd followed."""

    type: Literal["taunted"] = "taunted"
    fighter: str
    style: Literal["simple", "advantaged"]
    difficulty: int
    success: bool


class RenownGained(_Event):
    """R7.3: `team` gained PR."""

    type: Literal["renown_gained"] = "renown_gained"
    team: str
    amount: int
    pr: int


class Fainted(_Event):
    """R10.1: mana at zero, `fighter` sleeps for `turns` turns."""

    type: Literal["fainted"] = "fainted"
    fighter: str
    turns: int


class WokeUp(_Event):
    """R10.2: `fighter` wakes with `mana` mana they cannot use for spells."""

    type: Literal["woke_up"] = "woke_up"
    fighter: str
    mana: int


class LostForGood(_Event):
    """R9.2: `fighter` killed themselves of their own will and leaves their roster for good."""

    type: Literal["lost_for_good"] = "lost_for_good"
    fighter: str
    team: str


class FighterSpared(_Event):
    """R9.2: the opponents granted the exception: `fighter`, who killed themselves, stays on their roster."""

    type: Literal["fighter_spared"] = "fighter_spared"
    fighter: str
    team: str


class ActionRefused(_Event):
    """A scenario action refused as the scenario expected (`expect_refused`); nothing changed.

    The engine never emits this: it raises `IllegalAction`. The scenario runner records it
    as data: the refusal's `code` and `fields`, which the log words in its language.
    """

    type: Literal["action_refused"] = "action_refused"
    fighter: str
    kind: str
    rule: str
    code: str
    fields: dict[str, str | int | tuple[int, int]] = {}


class MatchEnded(_Event):
    """One team is left (or none): the match is over; `reason` is "last_team_standing" or
    "no_fighter_left"."""

    type: Literal["match_ended"] = "match_ended"
    winner: str | None
    reason: str


Event = Annotated[
    MatchStarted | DiceRolled | TurnOrderSet | TurnStarted | TurnEnded | TurnSkipped | Moved
    | FleeChecked | SwimRolled | JumpAttempted | StoodUp | ModifierAdded | ModifierExpired
    | RunStarted | RunRolled | TackleChecked | Tackled | RunEnded | Attacked | Damaged
    | CircleSplitAwaited | Died | Pushed | PushFailed | Fell | Teleported | ManaChanged | Taunted | RenownGained | Fainted
    | WokeUp | LostForGood | FighterSpared | ActionRefused | MatchEnded,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
EVENT_LIST_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
