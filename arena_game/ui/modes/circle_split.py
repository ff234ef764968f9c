"""R8.2 on the board, with `combat.circle_split = "player"`: share a circle attack's damage.

The damage is rolled; the match waits for the attacker's player to share it among the
fighters hit (the core refuses every other action while `MatchState.split_pending`). The
shares start at the halving split; a click on a fighter hit picks it, −1 / +1 change its
share, and the deal button (Enter) plays the split once the core takes it (non-increasing
in the declared order, adding up to the roll); till then it is greyed with the core's reason.
"""

from __future__ import annotations

from arena_game.core.actions import CircleSplit
from arena_game.core.geometry import Square
from arena_game.core.queries import halving_shares, pending_split, split_refusal
from arena_game.core.state import MatchState, PendingSplit
from arena_game.i18n import plural_form, refusal_line
from arena_game.render.highlight import Highlight
from arena_game.ui.modes.base import REDRAW, UNUSED, Choice, Mode, PlayAction, Refused, Result
from arena_game.ui.strings import text


class CircleSplitMode(Mode):
    """R8.2: the player's own split of the damage, once rolled (the match waits for it)."""

    name = "circle_split"

    def __init__(self) -> None:
        self.pending: PendingSplit | None = None
        self.shares: list[int] = []
        self.picked = 0  # the place in the declared order −1 / +1 change

    def _sync(self, state: MatchState) -> PendingSplit | None:
        """The draft for the split the match waits for now (a new one starts at halving)."""
        pending = pending_split(state)
        if pending != self.pending:
            self.pending = pending
            self.shares = [] if pending is None else halving_shares(pending.total, len(pending.hit))
            self.picked = 0
        return pending

    def _shares_text(self, state: MatchState, pending: PendingSplit) -> str:
        return " · ".join(f"{state.fighters[fid].sheet.name}\u00a0{share}" for fid, share in zip(pending.hit, self.shares, strict=True))

    def prompt(self, state: MatchState, lang: str) -> str:
        pending = self._sync(state)
        if pending is None:
            return ""
        key = f"mode_circle_split_{plural_form(pending.total, lang)}"
        return text(key, lang, total=pending.total, shares=self._shares_text(state, pending), given=sum(self.shares))

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        pending = self._sync(state)
        if pending is None:
            return []
        out: list[Highlight] = []
        for place, (fid, share) in enumerate(zip(pending.hit, self.shares, strict=True)):
            f = state.fighters[fid]
            tip = text("split_card", lang, name=f.sheet.name, place=place + 1, count=len(pending.hit), share=share,
                       pv=f.pv)
            out.append(Highlight(f.position, "target", str(share), tip, 0 if place == self.picked else 2))
            out.append(Highlight(f.position, "order", str(place + 1), tip))
        return out

    def click(self, state: MatchState, sq: Square) -> Result:
        pending = self._sync(state)
        if pending is None:
            return UNUSED
        for place, fid in enumerate(pending.hit):
            if state.fighters[fid].position == sq:
                self.picked = place
                return REDRAW
        return UNUSED

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        pending = self._sync(state)
        if pending is None:
            return []
        name = state.fighters[pending.hit[self.picked]].sheet.name
        refusal = split_refusal(state, self.shares)
        return [
            Choice("less", text("split_less", lang, name=name)),
            Choice("more", text("split_more", lang, name=name)),
            Choice("halving", text("split_halving", lang)),
            Choice("deal", text("split_deal", lang), refusal=refusal,
                   tip=refusal_line(refusal, lang) if refusal is not None else "", picked=True),
        ]

    def choose(self, state: MatchState, choice_id: str) -> Result:
        pending = self._sync(state)
        if pending is None:
            return UNUSED
        if choice_id == "less" and self.shares[self.picked] > 0:
            self.shares[self.picked] -= 1
            return REDRAW
        if choice_id == "more":
            self.shares[self.picked] += 1
            return REDRAW
        if choice_id == "halving":
            self.shares = halving_shares(pending.total, len(pending.hit))
            return REDRAW
        if choice_id == "deal":
            refusal = split_refusal(state, self.shares)
            return Refused(refusal) if refusal is not None else PlayAction(CircleSplit(split=list(self.shares)))
        return UNUSED

    def key(self, state: MatchState, command: str) -> Result:
        if command == "confirm":
            return self.choose(state, "deal")
        if command == "next_choice":  # Tab: the next fighter hit, in the declared order
            pending = self._sync(state)
            if pending is not None:
                self.picked = (self.picked + 1) % len(pending.hit)
                return REDRAW
        return UNUSED  # the split cannot be put off: the match waits for it
