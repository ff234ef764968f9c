"""The board's side of dice at the table (issue 18): ask for the faces a roll needs.

`ask(board, need, setup, shown, then)` answers a `NeedsFace`: in mixed mode the computer
rolls for a bot's fighter at once; otherwise the face dialog is pushed over the board and
`then(faces)` is called with what the table rolled; meanwhile the board behind shows
which roll is asked (`waiting_line`) instead of its mode's highlights. The action is then played again with
those faces, so the core never waits: it only ever sees faces it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arena_game.core.dice import NeedsFace
from arena_game.core.match import MatchSetup
from arena_game.i18n import t
from arena_game.i18n.terms import purpose_name
from arena_game.ui.screens.dice_dialog import FaceDialogScreen, computer_faces

if TYPE_CHECKING:
    from arena_game.ui.screens.board import BoardScreen


def fighter_team(setup: MatchSetup, fighter: str) -> str | None:
    """The team id of a fighter of the set-up."""
    return next((t.id for t in setup.teams for f in t.fighters if f.id == fighter), None)


def names_of(setup: MatchSetup) -> dict[str, str]:
    """Fighter id → name, for the dialog (the match may not have started yet: initiative)."""
    return {f.id: f.name for t in setup.teams for f in t.fighters}


def computer_rolls(board: BoardScreen, setup: MatchSetup, need: NeedsFace) -> bool:
    """True in mixed mode when the fighter who rolls belongs to a team the computer plays."""
    if setup.dice_mode != "mixed" or board.bots is None:
        return False
    return fighter_team(setup, need.fighter) in board.bots.seats.bots


def ask(board: BoardScreen, need: NeedsFace, setup: MatchSetup, shown: int,
        then: Callable[[list[int]], object], on_cancel: Callable[[], object] | None = None) -> None:
    """Faces for `need` (`shown`: faces of the match so far, to seed the computer's)."""
    if computer_rolls(board, setup, need):
        then(computer_faces(need, setup.seed, shown))
        return

    def cancelled() -> None:  # the board shows its mode again (given faces play the action: it refreshes)
        board.refresh()
        if on_cancel is not None:
            on_cancel()

    board.app.push(FaceDialogScreen(board.app, need, names_of(setup), setup.settings, then, cancelled))
    board.refresh()  # the board behind says which roll is asked, without the mode's highlights


def asking(board: BoardScreen) -> bool:
    """True while a face dialog waits over the board."""
    return board.app.find(FaceDialogScreen) is not None


def asked(board: BoardScreen) -> NeedsFace | None:
    """The roll a face dialog over the board asks for, if one does."""
    dialog = board.app.find(FaceDialogScreen)
    return dialog.need if dialog is not None else None


def waiting_line(need: NeedsFace, names: dict[str, str], lang: str) -> str:
    """The board's status line while the table rolls: who rolls which dice, for what."""
    opponent = names.get(need.against or "", need.against or "")
    return t("table.waiting", lang, name=names.get(need.fighter, need.fighter), die=f"{need.count}d{need.sides}",
             purpose=purpose_name(need.purpose, lang, opponent))
