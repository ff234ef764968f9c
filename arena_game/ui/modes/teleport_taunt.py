"""Teleportation (R6) and Provocation (R7): the means or style first, then the square."""

from __future__ import annotations

from arena_game.core.actions import (
    Taunt,
    Teleport,
)
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    taunt_options,
    teleport_refusal,
    teleport_targets,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.render.highlight import Highlight
from arena_game.ui.modes.base import (
    REDRAW,
    UNUSED,
    Choice,
    Mode,
    PlayAction,
    Result,
    describe_square,
    pct,
)
from arena_game.ui.strings import text


class TeleportMode(Mode):
    """R6: potion (anywhere free) or spell (within Magie); squares from `teleport_targets`."""

    name = "teleport"

    def __init__(self, means: str | None = None) -> None:
        self.means = means

    def current(self, state: MatchState) -> str:
        if self.means is None:
            tt = teleport_targets(state)
            self.means = "potion" if tt.potion_refusal is None or tt.spell_refusal is not None else "spell"
        return self.means

    def prompt(self, state: MatchState, lang: str) -> str:
        means = self.current(state)
        tt = teleport_targets(state)
        refusal = tt.potion_refusal if means == "potion" else tt.spell_refusal
        line = text("mode_teleport", lang, means=text(means, lang))
        return line + (f" — {refusal_line(refusal, lang)}" if refusal else "")

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        tt = teleport_targets(state)
        squares = tt.potion if self.current(state) == "potion" else tt.spell
        return [Highlight(sq, "move") for sq in squares]

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        err = teleport_refusal(state, state.active, sq, self.current(state))
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        return PlayAction(Teleport(to=sq, means=self.current(state)))

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        tt = teleport_targets(state)
        return [Choice("potion", text("potion", lang), refusal=tt.potion_refusal),
                Choice("spell", f"{text('spell', lang)} — {tt.spell_cost} mana", refusal=tt.spell_refusal)]

    def choose(self, state: MatchState, choice_id: str) -> Result:
        if choice_id not in ("potion", "spell"):
            return UNUSED
        self.means = choice_id
        return REDRAW

    def key(self, state: MatchState, key: str) -> Result:
        if key in ("p", "m"):
            self.means = "potion" if key == "p" else "spell"
            return REDRAW
        return super().key(state, key)


class TauntMode(Mode):
    """R7: simple or advantaged Provocation, with chance and eligibility from `taunt_options`."""

    name = "taunt"
    prompt_key = "mode_taunt"

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        out = []
        for o in sorted(taunt_options(state), key=lambda o: o.style != "simple"):
            label = f"{text(f'taunt_{o.style}', lang)} — {o.difficulty} — {pct(float(o.chance))}"
            out.append(Choice(o.style, label, refusal=o.refusal))
        return out

    def choose(self, state: MatchState, choice_id: str) -> Result:
        if choice_id == "simple" or choice_id == "advantaged":  # the styles `choices` offers
            return PlayAction(Taunt(style=choice_id))
        return UNUSED

    def key(self, state: MatchState, key: str) -> Result:
        if key in ("1", "2"):
            return PlayAction(Taunt(style="simple" if key == "1" else "advantaged"))
        return super().key(state, key)
