"""Teleportation (R6) and Provocation (R7): the means or style first, then the square."""

from __future__ import annotations

from arena_game.core.actions import (
    Taunt,
    Teleport,
)
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    TauntOption,
    taunt_options,
    teleport_refusal,
    teleport_targets,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.render.highlight import Highlight, marking
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
        return marking(squares, "move")

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        """Whether the active fighter may teleport to `sq` by the means picked: why not (the
        core's refusal), or what the square is and that it can be reached."""
        means = self.current(state)
        err = teleport_refusal(state, state.active, sq, means)
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang) + "\n" + text("teleport_here", lang, means=text(means, lang))

    def click(self, state: MatchState, sq: Square) -> Result:
        return PlayAction(Teleport(to=sq, means=self.current(state)))

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        tt, means = teleport_targets(state), self.current(state)
        return [Choice("potion", text("potion", lang), refusal=tt.potion_refusal, picked=means == "potion"),
                Choice("spell", f"{text('spell', lang)} — {tt.spell_cost} mana", refusal=tt.spell_refusal,
                       picked=means == "spell")]

    def choose(self, state: MatchState, choice_id: str) -> Result:
        if choice_id not in ("potion", "spell"):
            return UNUSED
        self.means = choice_id
        return REDRAW

    def key(self, state: MatchState, command: str) -> Result:
        if command == "next_choice":  # Tab: potion ↔ spell (no letter: M is a lesson's "show me")
            self.means = "spell" if self.current(state) == "potion" else "potion"
            return REDRAW
        return super().key(state, command)


class TauntMode(Mode):
    """R7: simple or advantaged Provocation, with chance and eligibility from `taunt_options`.
    A style button rolls it; from the keyboard Tab picks a style and Enter rolls it (the
    number keys stay the action bar's: 1 is Walk, never a roll)."""

    name = "taunt"
    prompt_key = "mode_taunt"

    def __init__(self) -> None:
        self.style: str | None = None

    @staticmethod
    def options(state: MatchState) -> list[TauntOption]:
        """The styles in the order shown: simple first."""
        return sorted(taunt_options(state), key=lambda o: o.style != "simple")

    def styles(self, state: MatchState) -> list[str]:
        return [o.style for o in self.options(state)]

    def picked(self, state: MatchState) -> str | None:
        """The style Enter rolls: the one picked with Tab, else the first the rules allow."""
        if self.style is None:
            options = self.options(state)
            allowed = [o.style for o in options if o.refusal is None]
            self.style = allowed[0] if allowed else next((o.style for o in options), None)
        return self.style

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        out = []
        picked = self.picked(state)
        for o in self.options(state):
            label = text("taunt_button", lang, style=text(f"taunt_{o.style}", lang), difficulty=o.difficulty,
                         chance=pct(float(o.chance), lang))
            out.append(Choice(o.style, label, refusal=o.refusal, picked=o.style == picked))
        return out

    def choose(self, state: MatchState, choice_id: str) -> Result:
        if choice_id == "simple" or choice_id == "advantaged":  # the styles `choices` offers
            return PlayAction(Taunt(style=choice_id))
        return UNUSED

    def key(self, state: MatchState, command: str) -> Result:
        styles = self.styles(state)
        if command == "next_choice" and styles:
            picked = self.picked(state)
            self.style = styles[(styles.index(picked) + 1) % len(styles)] if picked in styles else styles[0]
            return REDRAW
        if command == "confirm" and (picked := self.picked(state)) is not None:
            return self.choose(state, picked)  # a refused style is refused by the core, said on the status line
        return super().key(state, command)
