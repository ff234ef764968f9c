"""Actions a player can take: small serializable values with a `kind` discriminator.

Every action is for the active fighter; `fighter` may name them for readability and is
then checked (R0.5). Scenario and save files hold lists of these.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from arena_game.core.geometry import Square


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    fighter: str | None = None


class EndTurn(_Action):
    """End the active fighter's turn (always legal, R0.6)."""

    kind: Literal["end_turn"] = "end_turn"


class Walk(_Action):
    """Walk one square, diagonals included (R2.1, R2.2)."""

    kind: Literal["walk"] = "walk"
    to: Square


class Swim(_Action):
    """Swim along a path of squares; the roll decides how far (R2.3)."""

    kind: Literal["swim"] = "swim"
    path: list[Square] = Field(min_length=1)


class Jump(_Action):
    """Jump over the adjacent opponent or obstacle at `over` (R2.4)."""

    kind: Literal["jump"] = "jump"
    over: Square


class StandUp(_Action):
    """A fallen fighter's whole turn (R5.2)."""

    kind: Literal["stand_up"] = "stand_up"


class RunStart(_Action):
    """Declare the first squares of a run, then roll (R4.1, R4.2); the runner then runs
    them one `run_step` at a time."""

    kind: Literal["run_start"] = "run_start"
    declared: list[Square] = Field(min_length=1)


class RunStep(_Action):
    """Run on by one square: the next declared one (R4.1), then a free choice (R4.3, R4.4)."""

    kind: Literal["run_step"] = "run_step"
    to: Square


class RunStop(_Action):
    """Stop the run before its squares are used (R4.5)."""

    kind: Literal["run_stop"] = "run_stop"


class RunAttack(_Action):
    """The one melee attack allowed during or at the end of a run (R4.8)."""

    kind: Literal["run_attack"] = "run_attack"
    target: str


class Attack(_Action):
    """Attack a fighter with the equipped weapon (R0.4, R1)."""

    kind: Literal["attack"] = "attack"
    target: str


class CircleAttack(_Action):
    """Circle attack with a two-handed or very long weapon (R8)."""

    kind: Literal["circle_attack"] = "circle_attack"
    order: list[Square] = Field(min_length=1)
    split: list[int] | None = None  # R8.2: the player's own non-increasing split


class Push(_Action):
    """Push an adjacent fighter straight away (R5)."""

    kind: Literal["push"] = "push"
    target: str


class Teleport(_Action):
    """Teleport by potion (anywhere) or spell (within Magie squares) (R6)."""

    kind: Literal["teleport"] = "teleport"
    to: Square
    means: Literal["potion", "spell"]


class Taunt(_Action):
    """Taunt the opponents to sway the crowd (R7)."""

    kind: Literal["taunt"] = "taunt"
    style: Literal["simple", "advantaged"]


class SuicideVerdict(_Action):
    """R9.2: the opponents' word on a fighter who killed themselves: spared (the exception) or
    lost for good. Given by the opponents while the match waits for it, on anyone's turn."""

    kind: Literal["suicide_verdict"] = "suicide_verdict"
    target: str
    spared: bool


class CircleSplit(_Action):
    """R8.2 with `combat.circle_split = "player"`: the player's own split of a circle attack's
    damage roll among the fighters hit, in the declared order, given after the roll while
    the match waits for it (`MatchState.split_pending`)."""

    kind: Literal["circle_split"] = "circle_split"
    split: list[int] = Field(min_length=1)


Action = Annotated[
    EndTurn | Walk | Swim | Jump | StandUp | RunStart | RunStep | RunStop | RunAttack
    | Attack | CircleAttack | CircleSplit | Push | Teleport | Taunt | SuicideVerdict,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_KINDS: tuple[str, ...] = (
    "end_turn", "walk", "swim", "jump", "stand_up", "run_start", "run_step", "run_stop",
    "run_attack", "attack", "circle_attack", "circle_split", "push", "teleport", "taunt", "suicide_verdict",
)
