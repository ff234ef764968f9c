"""R9.2 on the board: a fighter committed suicide; their opponents say whether they spare them.

The match waits (the core refuses every other action while `MatchState.suicide_pending`):
this mode is the dialog for the other team, two choice buttons, Enter for "lost for good".
"""

from __future__ import annotations

from arena_game.core.actions import SuicideVerdict
from arena_game.core.state import MatchState
from arena_game.ui.modes.base import UNUSED, Choice, Mode, PlayAction, Result
from arena_game.ui.strings import text


class SuicideVerdictMode(Mode):
    """R9.2: "sauf cas exceptionnel défini par les adversaires": spare the fighter, or it is lost for good."""

    name = "suicide_verdict"

    def prompt(self, state: MatchState, lang: str) -> str:
        fid = state.suicide_pending
        if fid is None:
            return ""
        f = state.fighters[fid]
        opponents = ", ".join(t.name for t in state.teams.values() if t.id != f.team)
        return text("mode_suicide_verdict", lang, name=f.sheet.name, opponents=opponents)

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        if state.suicide_pending is None:
            return []
        return [Choice("spare", text("verdict_spare", lang)), Choice("strike", text("verdict_strike", lang))]

    def choose(self, state: MatchState, choice_id: str) -> Result:
        if state.suicide_pending is None or choice_id not in ("spare", "strike"):
            return UNUSED
        return PlayAction(SuicideVerdict(target=state.suicide_pending, spared=choice_id == "spare"))

    def key(self, state: MatchState, command: str) -> Result:
        if command == "confirm":  # named on the "lost for good" button
            return self.choose(state, "strike")
        return UNUSED  # the verdict cannot be put off: the match waits for it
