"""The costliest modes made ahead, in the quiet frames after a state is shown (s60).

A potion teleport on a large map marks every free square (~3,600 on 64×64): its key's frame
asked the core for them, made what the board shows of them and drew them all into the
overlay, ~22 ms; a run's key asked for its chance map and wrote a tip for each square, ~9 ms.
Once the state the player sees is shown (no action being drawn) and the window is quiet,
these modes' highlights on that state are asked of the core and made into what the board
shows, and an overlay marking most of the board is drawn (`BoardView.drawn_ahead`; again after
a zoom), a part a quiet frame (`BoardScreen.update`); the key's frame takes them as made. They
are kept with the very state they were asked on, the window's language and the mode's picks:
any other state (an action, an undo, a new match), language or pick never finds them, and its
mode asks the core again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena_game.core.state import MatchState
from arena_game.render.highlight import Highlight
from arena_game.render.marks import as_shown
from arena_game.ui.board_view import REDRAWN_MOST
from arena_game.ui.modes import Mode, RunDeclareMode, TeleportMode

if TYPE_CHECKING:
    from arena_game.ui.screens.board import BoardScreen

AHEAD: tuple[tuple[type[Mode], str], ...] = ((TeleportMode, "teleport"), (RunDeclareMode, "run_start"))
"""The modes made ahead, each with the action kind whose refusal greys its button."""

MOST_SQUARES = 64 * 64
"""The largest board (in squares) anything is made ahead on: on 64×64 (the frame targets'
largest) a part takes up to ~6 ms; on 128×128 a potion teleport's parts took 24–30 ms each,
quiet frames over budget in every state for a key the player may never press."""


@dataclass(eq=False)
class Ahead:
    """A fresh mode's highlights on one state, made before its key is pressed."""

    state: MatchState  # the state they were asked on (its very object)
    lang: str
    mode: Mode  # the mode that made them: its picks (a teleport's means) as they are then
    highlights: list[Highlight]
    shown: list[Highlight] | None = None  # as the board shows them (`marks.as_shown`), once made


def kept(board: BoardScreen) -> list[Ahead]:
    """What was made ahead on the state and in the language shown now."""
    ctrl = board.ctrl
    if ctrl is None:
        return []
    return [a for a in board.ahead if a.state is ctrl.state and a.lang == board.lang]


def step(board: BoardScreen) -> bool:
    """A part of what is made ahead in this quiet frame; False when there is none to make (nor
    while a screen is over the board: its frames are that screen's)."""
    if not board.on_top:
        return False
    if board.ahead_steps is not None and not kept(board):
        board.ahead_steps = None  # made for a state no longer shown: let it go
    if board.ahead_steps is None:
        board.ahead_steps = parts_due(board)
        if board.ahead_steps is None:
            return False
    if next(board.ahead_steps, True):
        board.ahead_steps = None
    return True


def parts_due(board: BoardScreen) -> Iterator[None] | None:
    """What to make ahead next on the state shown now, if anything: on the player's turn, the
    state shown, a board of `MOST_SQUARES` at most, an overlay marking most of the board not
    drawn at this zoom yet (none drawn, or drawn at another zoom), else a mode not made yet
    whose action is not refused; never the board's mode already shown."""
    ctrl, view = board.ctrl, board.view
    if ctrl is None or view is None or board.bot_turn or board.shown_state is not None or board.unshown \
            or ctrl.state.over or ctrl.state.board.width * ctrl.state.board.height > MOST_SQUARES:
        return None
    made_now = kept(board)
    for ahead in made_now:
        if ahead.shown is not None and len(ahead.shown) > REDRAWN_MOST and type(board.mode) is not type(ahead.mode) \
                and not view.drawn_for(ahead.shown):  # (a few squares are drawn over the last overlay at once)
            state = ctrl.state
            return view.drawn_ahead(ahead.shown, frozenset(f.position for f in state.fighters.values() if f.alive))
    allowed = ctrl.available_actions()
    cls = next((cls for cls, kind in AHEAD if allowed.get(kind, True) is None and type(board.mode) is not cls
                and all(type(a.mode) is not cls for a in made_now)), None)
    return None if cls is None else made(board, cls())


def made(board: BoardScreen, mode: Mode) -> Iterator[None]:
    """`mode` made ahead on the state shown now: its highlights asked of the core, then what
    the board shows of them, a part a call."""
    assert board.ctrl is not None
    state = board.ctrl.state
    ahead = Ahead(state, board.lang, mode, mode.highlights(state, board.lang))
    board.ahead = [*kept(board), ahead]
    yield
    ahead.shown = as_shown(ahead.highlights, state.board)


def found(board: BoardScreen) -> Ahead | None:
    """What was made ahead for the board's mode as it is, on the state and language shown now."""
    mode = board.mode
    return next((a for a in kept(board) if type(a.mode) is type(mode) and vars(a.mode) == vars(mode)), None)


def highlights(board: BoardScreen) -> list[Highlight]:
    """The mode's highlights on the state now: made ahead if they were (`found`), else asked."""
    assert board.ctrl is not None
    ahead = found(board)
    return ahead.highlights if ahead is not None else board.mode.highlights(board.ctrl.state, board.lang)


def shown(board: BoardScreen, hl: list[Highlight]) -> list[Highlight] | None:
    """What the board shows of the highlights `hl` when they are the ones made ahead (None
    otherwise, or not made yet)."""
    ahead = found(board)
    return ahead.shown if ahead is not None and ahead.highlights is hl else None
