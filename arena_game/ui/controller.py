"""The window's side of a match: a core `Match` plus autosave and the user's roster file.

The `Match` (`arena_game.core.match`) plays the actions, keeps the log and decides what
may be taken back; this wrapper adds what only the window does: autosave at each turn and
when the match ends, strike fighters lost for good off the roster file (R9.2), and tell
listeners. It never imports pygame, never decides legality: the core does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena_game.core.actions import Action
from arena_game.core.board import Board
from arena_game.core.dice import DicePosition
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event, LostForGood, MatchEnded, TurnStarted
from arena_game.core.match import BoardChange, Match
from arena_game.core.reboard import Relocation
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.spawns import TooFewSpawns, assign_spawns
from arena_game.core.state import MatchState
from arena_game.formats.mapfile import load_map, map_named
from arena_game.formats.problems import FileProblem, keyed, unwritable
from arena_game.formats.save import (
    LogDigest,
    MatchSetup,
    SaveFile,
    archive_autosave,
    autosave_fault,
    autosave_path,
    match_from_save,
    read_save_dice,
    save_from_match,
    write_autosave,
    write_new_save,
    write_save,
)
from arena_game.formats.teamfile import load_teams, match_teams, record_lost_for_good
from arena_game.resources import default_teams_path


class MatchController:
    """A hot-seat match in the window: a `Match`, its autosave and its roster file."""

    def __init__(self, setup: MatchSetup, autosave: bool = False, roster: str | Path | None = None,
                 match: Match | None = None) -> None:
        # R9.2: the user's roster file the teams came from (never a file shipped in the package)
        self.roster: Path | None = user_roster(roster)
        if self.roster is not None:
            CHOSEN_ROSTERS.add(self.roster)
        self.roster_unchosen: str | None = None  # a loaded save's roster file not chosen in this session
        self.setup = replace(setup, roster=str(self.roster)) if self.roster else setup
        self.match = match if match is not None else Match(self.setup)
        self.log_digest = LogDigest()  # the event log's digest for the saves, kept as the log grows
        self.roster_missing: str | None = None  # a loaded match's roster file that is no longer there
        self.roster_removed: list[str] = []  # fighters the last action struck off the roster
        self.roster_error: FileProblem | None = None  # why the roster could not be updated, if it failed
        self.autosave = autosave
        self.new_match = True  # its first autosave archives an earlier match's autosave
        # why the last autosave could not be written (None while they are); `autosave_notice`
        # is that fault for the window to say, once: set by the first failure after a success
        self.autosave_failing: FileProblem | None = None
        self.autosave_notice: FileProblem | None = None
        self.listeners: list[Callable[[list[Event]], None]] = []

    # -- the match -------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The match state now."""
        return self.match.state

    @property
    def log(self) -> list[Event]:
        """Every event since the match started."""
        return self.match.log

    @property
    def actions(self) -> list[Action]:
        """Every applied action, in order (what a save file holds)."""
        return self.match.actions

    @property
    def before(self) -> MatchState | None:
        """The state before the last action (what its animation starts from)."""
        return self.match.before

    def available_actions(self) -> dict[str, IllegalAction | None]:
        """Each action kind → None when it may be tried now, else why not (once per state)."""
        return self.match.available_actions()

    def apply(self, action: Action | Mapping[str, Any], faces: Sequence[int] = ()) -> list[Event]:
        """Apply an action for the active fighter; raises IllegalAction and changes nothing if
        refused, or `NeedsFace` with dice at the table (`faces`: the faces rolled for it so far)."""
        events = self.match.play(action, faces=faces)
        self.record_roster(events)
        if self.roster_removed:  # a fighter struck off its roster file is gone for good: no take-back
            self.match.seal()
        # at each turn's start, and when the match ends: the autosave then holds every action
        if self.autosave and any(isinstance(e, (TurnStarted, MatchEnded)) for e in events):
            self.write_autosave()
        for listener in self.listeners:
            listener(events)
        return events

    def change_board(self, board: Board) -> list[Relocation]:
        """The watched map changed (`play --watch`): go on over `board`, recorded in the match
        so the autosave replays it; autosaved at once. Returns the fighters that had to move."""
        moves = self.match.change_board(board)
        if self.autosave:
            self.write_autosave()
        return moves

    def record_roster(self, events: list[Event]) -> None:
        """R9.2: strike fighters lost for good off the user's roster file, atomically."""
        self.roster_removed, self.roster_error = [], None
        if self.roster is None or not any(isinstance(e, LostForGood) for e in events):
            return
        try:
            self.roster_removed = record_lost_for_good(self.roster, events)
        except FileProblem as e:  # a vanished file, or one edited into something else: say so, keep playing
            self.roster_error = e
        except OSError as e:  # a file that cannot be written
            self.roster_error = unwritable(self.roster, e)

    def can_undo(self) -> bool:
        """True when the last action may be taken back (`Match.can_undo`)."""
        return self.match.can_undo()

    def undo(self) -> bool:
        """Take back the last action if allowed; True when something was undone."""
        if not self.match.undo():
            return False
        self.log_digest.restart()  # the log lost its last events: hashed again from the start
        return True

    # -- files ---------------------------------------------------------------------

    def to_save(self) -> SaveFile:
        """The match as a save file."""
        return save_from_match(self.setup, self.actions, self.match.dice_position, self.match.board_changes,
                               self.log_digest.of(self.match.log))

    def save(self, path: str | Path) -> Path:
        """Save the match atomically to `path`."""
        return write_save(path, self.to_save())

    def save_new(self, folder: str | Path, stem: str) -> Path:
        """Save the match atomically to `folder/STEM.arena.json`, or `STEM-2…` if that name is
        taken (`write_new_save`: never over another file). Returns the file written."""
        return write_new_save(folder, stem, self.to_save())

    def write_autosave(self) -> Path | None:
        """Autosave (atomic); a failing disk is not worth a crash mid-match. A write that fails
        is noted in `autosave_failing`, and in `autosave_notice` when the one before it was
        written (the window says it once, not at every turn while the disk stays full)."""
        try:
            if self.new_match:
                archive_autosave()
                self.new_match = False
            path = write_autosave(self.to_save())
        except OSError as e:
            fault = autosave_fault() or unwritable(autosave_path(), e)
            if self.autosave_failing is None:
                self.autosave_notice = fault
            self.autosave_failing = fault
            return None
        self.autosave_failing = self.autosave_notice = None
        return path

    def take_autosave_notice(self) -> FileProblem | None:
        """The autosave failure not said yet (None when there is none); said once, it is gone."""
        notice, self.autosave_notice = self.autosave_notice, None
        return notice

    @classmethod
    def replay(cls, setup: MatchSetup, actions: Sequence[Action], source: str | Path = "save", autosave: bool = False,
               keep_roster: bool = False, dice: DicePosition | None = None,
               board_changes: Sequence[BoardChange] = (), events_digest: str | None = None) -> MatchController:
        """Start from `setup` and apply `actions`; a refused action is a FileProblem, and so
        is a replay that does not leave the dice at `dice`, or gives events other than
        `events_digest` says (when given: another version of the game played it).

        The save's roster file is updated from then on only if the player chose it in this
        session, or `keep_roster` (R9.2: a save someone sends you must not aim that rewrite
        at a file of yours)."""
        # no roster while replaying: the fighters lost for good were struck off when first played
        digest = LogDigest()
        ctrl = cls(setup, match=match_from_save(source, setup, actions, dice, board_changes, events_digest, digest))
        ctrl.log_digest = digest  # the replayed log, hashed once when checked
        ctrl.new_match = False  # a loaded or resumed match continues its own autosave
        ctrl.autosave = autosave
        ctrl.attach_roster(setup.roster, keep_roster)
        return ctrl

    def attach_roster(self, path: str | None, asked: bool = False) -> None:
        """R9.2: update the saved match's roster file from now on, if the player chose that
        file in this session or `asked`; else it is noted in `roster_unchosen`. A missing or
        moved file does not stop the match, it is noted in `roster_missing` (the window logs it)."""
        roster = user_roster(path)
        if roster is None:
            return
        if roster not in CHOSEN_ROSTERS and not asked:
            self.roster_unchosen = str(roster)
        elif roster.is_file():
            self.roster = roster
        else:
            self.roster_missing = str(roster)

    @classmethod
    def load(cls, path: str | Path, autosave: bool = False, accept_edited: bool = False,
             keep_roster: bool = False) -> MatchController:
        """Load a save file and replay it exactly (an edited save only if `accept_edited`)."""
        setup, actions, dice, changes, digest = read_save_dice(path, accept_edited=accept_edited)
        if accept_edited:  # an edited save is played as it now reads: its dice and events may differ
            dice, digest = None, None
        return cls.replay(setup, actions, path, autosave, keep_roster, dice, changes, digest)

    # -- names ---------------------------------------------------------------------

    def names(self) -> dict[str, str]:
        """Fighter id → name, and team id → team name (for the log)."""
        out = {f.id: f.sheet.name for f in self.state.fighters.values()}
        out.update({t.id: t.name for t in self.state.teams.values()})
        return out


# R9.2: the roster files the player chose in this session (a new match's teams): only these,
# or one the player names when resuming, are ever rewritten.
CHOSEN_ROSTERS: set[Path] = set()


def user_roster(path: str | Path | None) -> Path | None:
    """`path` if it is a user's roster file, None for no file or a file shipped inside the package."""
    if path is None:
        return None
    p = Path(path).resolve()
    package = Path(__file__).resolve().parents[1]
    return None if p.is_relative_to(package) else p


def setup_for_map(map_name: str, teams_path: str | Path | None = None, seed: int = 0,
                  settings: RulesSettings = DEFAULT_SETTINGS) -> MatchSetup:
    """A new match on a map (file or shipped name) with teams placed on their spawns (R13). A
    teams file of one team, or of more teams than the map has spawn slots, is refused naming it."""
    map_path = map_named(map_name)
    board = load_map(map_path, settings.maps)  # a board of its own: what is kept with it goes with the match
    teams_file = Path(teams_path) if teams_path else default_teams_path()
    teams = match_teams(teams_file, load_teams(teams_file, settings))  # one team: refused as `play` does
    slots = {team.id: str(n) for n, team in enumerate(teams, start=1)}
    sides = next((k for k in range(len(teams)) if str(k + 1) not in board.spawns), len(teams))  # slots 1…k it has
    if sides < len(teams):  # the teams file asks more of the map than it has: said as `simulate` says it
        raise keyed(teams_file, "spawns_for_fewer_teams", field="teams", map=repr(board.name), n=sides, teams=len(teams))
    try:  # the spawn draw has its own generator: the dice stream stays the match's
        out = assign_spawns(board, teams, slots, random.Random(f"arena-spawns:{seed}"), settings.maps.spawn_assignment)
    except TooFewSpawns as e:
        raise keyed(map_path, "too_few_spawns", slot=e.slot, team=e.team.name) from None
    return MatchSetup(board=board, teams=teams, placements=out, seed=seed, settings=settings, map_path=str(map_path))


