"""One match in play: set-up + dice + state + log. Every front end drives a `Match`.

The window, the scenario runner, the demo film, the lessons and the bot matches all play
through `Match.play`, which applies one action through the core's `apply` and keeps what
follows from it: the new state (with the dice position inside it, `MatchState.dice`),
the events in the log, the action in the list a save holds, and what undo needs.
`Match.replay(setup, actions)` rebuilds a match from a save, a scenario or a lesson.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from arena_game.core.actions import Action
from arena_game.core.board import Board
from arena_game.core.dice import Dice, DicePosition, ScriptedDice, SeededDice, TableDice
from arena_game.core.engine import apply, parse_action
from arena_game.core.errors import IllegalAction
from arena_game.core.events import ActionRefused, Event
from arena_game.core.geometry import Square
from arena_game.core.queries import available_actions
from arena_game.core.reboard import Relocation, reboard
from arena_game.core.rules.turns import start_match
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import Team
from arena_game.core.state import MatchState

DiceMode = Literal["computer", "physical", "mixed"]
DICE_MODES: tuple[DiceMode, ...] = ("computer", "physical", "mixed")


@dataclass
class MatchSetup:
    """Everything needed to start a match and replay it: a save file minus its actions."""

    board: Board
    teams: list[Team]
    placements: dict[str, Square]
    seed: int
    settings: RulesSettings = DEFAULT_SETTINGS
    scripted: list[int] = field(default_factory=list)  # faces shown before the seed's (scenarios)
    turn_order: list[str] | None = None  # a fixed order instead of rolled initiative (R0.5)
    map_path: str | None = None  # where the map came from, for the reader of a save
    roster: str | None = None  # R9.2: the user's roster file the teams came from
    # who rolls: the computer, the players at the table (every face asked for, `scripted` holds
    # the faces of the start: initiative), or the table for people and the computer for bots
    dice_mode: DiceMode = "computer"

    def dice(self) -> Dice:
        """Fresh dice for this match: scripted faces first (if any), then the seed; dice at
        the table show the scripted faces, then ask (`NeedsFace`)."""
        if self.dice_mode != "computer":
            return TableDice(self.scripted)
        if self.scripted:
            return ScriptedDice(self.scripted, self.seed)
        return SeededDice(self.seed)


class NotRefused(ValueError):
    """An action expected to be refused (a scenario's `expect_refused`) that the rules allow."""

    def __init__(self, rule: str) -> None:
        self.rule = rule
        super().__init__(f"expected a refusal under {rule}, but the action was applied")


class ReplayFailed(ValueError):
    """Replaying a list of actions stopped: which action (`index`), why (`error`: an
    `IllegalAction`, `NotRefused` or a scripted face the die cannot show), and the match
    as it stood just before that action."""

    def __init__(self, index: int, error: ValueError, match: Match) -> None:
        self.index = index
        self.error = error
        self.match = match
        super().__init__(f"actions[{index}]: {error}")


@dataclass(frozen=True)
class BoardChange:
    """A map reload recorded in a match: the new board, made once `after` actions were played."""

    after: int
    board: Board


@dataclass(frozen=True)
class _Undo:
    """An applied action that may still be taken back, with what taking it back needs."""

    before: MatchState
    log_length: int  # the log's length before the action


class Match:
    """A match being played: `setup`, `state` (dice position included), `log` (every event
    since the start), `actions` (every applied action, what a save holds).

    `play` applies an action or raises (changing nothing); `undo` takes back the last
    action where the rules of the table allow it.
    """

    def __init__(self, setup: MatchSetup, state: MatchState | None = None, log: Sequence[Event] = (),
                 actions: Sequence[Action] = ()) -> None:
        """Start the match: place the fighters and roll initiative (R0.5) unless the set-up
        fixes the turn order; raises `IllegalAction` for a set-up the rules refuse. Given a
        `state` (and the `log` and `actions` that led there), go on from it instead."""
        self.setup = setup
        if state is None:
            self._dice = setup.dice()
            state, events = start_match(
                setup.board, setup.teams, setup.placements, setup.settings, self._dice, setup.turn_order,
            )
            log = events
        elif state.dice is None:
            raise ValueError("a state without its dice position cannot be resumed")
        else:
            self._dice = state.dice.dice()  # the faces the match would have rolled next
        self.state = state
        self.log: list[Event] = list(log)
        self.actions: list[Action] = list(actions)
        self.before: MatchState | None = None  # the state before the last applied action
        self._undo: list[_Undo] = []
        self.board_changes: list[BoardChange] = []  # designers' map reloads, replayed in order

    @property
    def dice_position(self) -> DicePosition:
        """Where the dice stand now (kept in the state, written to saves)."""
        assert self.state.dice is not None  # every state a Match holds has one
        return self.state.dice

    def available_actions(self) -> dict[str, IllegalAction | None]:
        """`queries.available_actions` for the state now (kept with the state, worked out once)."""
        return available_actions(self.state)

    # -- playing -----------------------------------------------------------------------

    def play(self, action: Action | Mapping[str, Any], *, expect_refused: str | None = None,
             faces: Sequence[int] = ()) -> list[Event]:
        """Apply `action` for the active fighter and return its events.

        With dice at the table, `faces` are the faces rolled for this action so far; a roll
        past them raises `NeedsFace` (changing nothing): ask, then play again with one more.
        A refused action raises `IllegalAction` and changes nothing. With `expect_refused`
        (a rule number), the action must be refused under that rule: the refusal is logged
        as an `ActionRefused` event and returned; an action the rules allow raises
        `NotRefused` instead, and changes nothing either.
        """
        act = parse_action(action)
        before = self.state
        if faces:
            self._dice = self.dice_position.dice(tuple(faces))
        try:
            new, events = apply(before, act, self._dice)
        except IllegalAction as e:
            self._drop_faces(faces)
            if expect_refused is None or e.rule != expect_refused:
                raise
            refused = ActionRefused(
                fighter=before.active.id, kind=act.kind, rule=e.rule, code=e.code or "", fields=e.fields,
            )
            self.log.append(refused)
            return [refused]
        except Exception:  # NeedsFace, a face the die cannot show: nothing kept, faces given dropped
            self._drop_faces(faces)
            raise
        if faces and new.dice is not None:
            self._dice = new.dice.dice()  # a face given but never shown is no part of the match
        if expect_refused is not None:
            self._dice = self.dice_position.dice()  # `apply` rolled: put the dice back
            raise NotRefused(expect_refused)
        self._keep(act, before, new, events)
        return events

    def _drop_faces(self, faces: Sequence[int]) -> None:
        """Faces given for an action that was not played belong to no roll: forget them."""
        if faces:
            self._dice = self.dice_position.dice()

    def _keep(self, action: Action, before: MatchState, new: MatchState, events: list[Event]) -> None:
        """Record an applied action; keep what undo needs only while undo may reach it."""
        takeable = (new.dice is before.dice or new.dice == before.dice) and new.active.team == before.active.team
        if takeable:
            self._undo.append(_Undo(before, len(self.log)))
        else:
            self._undo.clear()  # nothing before a roll or a hand-over can be taken back
        self.state, self.before = new, before
        self.log.extend(events)
        self.actions.append(action)

    # -- taking back -----------------------------------------------------------------------

    def can_undo(self) -> bool:
        """True when the last action may be taken back: it rolled no dice (so taking it
        back changes no later roll) and the team that played it is still to play (hot
        seat: never take back the other side's turn), and it was not `seal`ed."""
        return bool(self._undo) and self._undo[-1].before.active.team == self.state.active.team

    def undo(self) -> bool:
        """Take back the last action if `can_undo`; True when something was taken back."""
        if not self.can_undo():
            return False
        step = self._undo.pop()
        self.state = step.before
        del self.log[step.log_length:]
        self.actions.pop()
        self.before = self._undo[-1].before if self._undo else None
        self._dice = self.dice_position.dice()  # unchanged by the action, but say so plainly
        return True

    def change_board(self, board: Board) -> list[Relocation]:
        """A designer's reload of the map between two actions (`play --watch`): the match goes
        on over `board` (`core.reboard`), and the change is recorded so a save replays it.
        Nothing before it can be taken back. Returns the fighters that had to move."""
        self.state, moves = reboard(self.state, board)
        self.board_changes.append(BoardChange(len(self.actions), board))
        self._undo.clear()
        self.before = None
        return moves

    def seal(self) -> None:
        """Nothing played so far may be taken back (the last action changed something
        outside the match, such as a fighter struck off a roster file, R9.2)."""
        self._undo.clear()

    # -- rebuilding -------------------------------------------------------------------------

    @classmethod
    def replay(cls, setup: MatchSetup, actions: Sequence[Action | Mapping[str, Any]],
               expected: Sequence[str | None] = (), board_changes: Sequence[BoardChange] = ()) -> Match:
        """Start from `setup` and play `actions` in order (saves, scenarios, lessons, demos).

        `expected[i]`, when given and not None, is the rule action `i` must be refused
        under; `board_changes` are map reloads, each made once `after` actions were played.
        Raises `ReplayFailed` at the first action that fails.
        """
        match = cls(setup)
        changes = sorted(board_changes, key=lambda c: c.after)
        for i, action in enumerate(actions):
            while changes and changes[0].after <= i:
                match.change_board(changes.pop(0).board)
            expect = expected[i] if i < len(expected) else None
            try:
                match.play(action, expect_refused=expect)
            except ValueError as e:  # IllegalAction, NotRefused, a face a die cannot show
                raise ReplayFailed(i, e, match) from e
        for change in changes:  # reloads after the last action
            match.change_board(change.board)
        return match

    @classmethod
    def resume(cls, setup: MatchSetup, state: MatchState, actions: Sequence[Action] = (),
               log: Sequence[Event] = ()) -> Match:
        """Go on from `state` (its dice position included) as if it had just been played."""
        return cls(setup, state, log, actions)
