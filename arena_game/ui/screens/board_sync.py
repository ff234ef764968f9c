"""The board screen's words and curtains in step with the animation: an event's result
reaches the log and the roster only when the animation queue has played it (the board
itself draws a dying fighter until it has sunk, `anim.pose_to_draw`); the hand-off curtain
and the match-over panel wait for their event too. And E's confirm when run squares would
be thrown away (R4.5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from arena_game.core.actions import EndTurn
from arena_game.core.events import DiceRolled, Event, Moved
from arena_game.core.state import MatchState
from arena_game.i18n import tn
from arena_game.i18n.glosses import glossed
from arena_game.i18n.narration import describe, told
from arena_game.ui.modes import run_squares_left
from arena_game.ui.screens.handoff import HandoffScreen, turn_events
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.ui.screens.board import BoardScreen


def catch_up(board: BoardScreen) -> None:
    """Log the events whose animation is over; the roster follows once every one is."""
    if board.ctrl is None:
        return
    reached = board.anim.reached
    done = [e for serial, e in board.unshown if serial < reached]
    if done:
        board.unshown = [(serial, e) for serial, e in board.unshown if serial >= reached]
        # events as log lines, words said beside them (R9.2) as they are: one append (one
        # re-layout of the log box) for all of them
        board.hud.append_log(done, board.ctrl.names())
    if board.shown_state is not None and not board.unshown:
        board.shown_state = None
        board.refresh()  # the roster, then the next mode's button, choices and prompt
    if board.curtain is not None and reached >= board.curtain[1]:
        kind, _ = board.curtain
        board.curtain = None
        state = board.ctrl.state
        if kind == "over":
            board.show_match_over()
        else:
            push_handoff(board, state)


def push_handoff(board: BoardScreen, state: MatchState) -> None:
    """The opaque curtain in the incoming team's colour, with all the other team did since
    the last curtain (dice lines left out: the log has them; a run's or walk's steps one line)."""
    assert board.ctrl is not None
    log = board.ctrl.log
    names = board.ctrl.names()
    team = state.teams[state.active.team]
    played = turn_events(log, board.handoff_mark, {fid: f.team for fid, f in state.fighters.items()}, team.id)
    since = [e for e in played if not isinstance(e, DiceRolled) and told(e)]
    board.handoff_mark = len(log)
    summary = [describe(e, names, board.lang).strip() for e in merged_steps(since)]
    movers = [getattr(e, "fighter", None) for e in since]
    others = {state.fighters[f].team for f in movers if isinstance(f, str) and f in state.fighters} - {team.id}
    # each name glossed (`fill` glosses a field that is one shipped name, not a list of them)
    title = text("handoff_summary", board.lang, team=", ".join(glossed(state.teams[t].name, board.lang) for t in sorted(others)))
    board.app.push(HandoffScreen(board.app, board.handoff_line(state), team.colour, summary if others else [], title,
                                 team_line=text("handoff_team", board.lang, team=team.name),
                                 hint=text("handoff_lift", board.lang)))


def merged_steps(events: Sequence[Event]) -> list[Event]:
    """The events with each run of a fighter's back-to-back steps of one kind made one move
    along the whole path: the curtain says "(3, 2) → (4, 2) → (5, 2)" once, not a line a step."""
    out: list[Event] = []
    for e in events:
        last = out[-1] if out else None
        if isinstance(e, Moved) and isinstance(last, Moved) and last.fighter == e.fighter \
                and last.mode == e.mode and last.path and e.path and last.path[-1] == e.path[0]:
            out[-1] = last.model_copy(update={"path": [*last.path, *e.path[1:]]})
        else:
            out.append(e)
    return out


def handoff_line(board: BoardScreen, state: MatchState) -> str:
    """The hand-off curtain's title: the fighter whose turn it is."""
    return text("handoff", board.lang, name=state.active.sheet.name)


def forget_unshown(board: BoardScreen) -> None:
    """The match changed under the animation (undo, load, new match): nothing waits to be shown."""
    board.unshown = []
    board.shown_state = None
    board.curtain = None


def tell_roster(board: BoardScreen, serial: int = -1) -> None:
    """R9.2: say in the log which fighters the last action struck off the roster file,
    once the event `serial` is shown."""
    assert board.ctrl is not None
    names = board.ctrl.names()
    roster = board.ctrl.roster
    lines = [text("roster_lost", board.lang, name=names.get(fid, fid), file=roster.name if roster else "")
             for fid in board.ctrl.roster_removed]
    if board.ctrl.roster_error:
        lines.append(text("roster_failed", board.lang, problem=board.ctrl.roster_error.in_language(board.lang)))
        board.notice = lines[-1]  # on the status line once the action is shown (the next prompt would wipe it now)
    board.unshown += [(serial, line) for line in lines]


def end_turn(board: BoardScreen) -> None:
    """E: end the turn; with run squares left, only when pressed twice in a row (R4.5: they are lost)."""
    assert board.ctrl is not None
    left = run_squares_left(board.ctrl.state)
    if left and not board.confirming_end:
        board.confirming_end = True
        board.hud.set_status(tn("ui.confirm_end_run", left, board.lang, left=left), error=True)
        return
    board.confirming_end = False
    board.apply(EndTurn())

