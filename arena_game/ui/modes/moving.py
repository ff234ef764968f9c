"""Walking, swimming and jumping (R2): the modes that move the active fighter."""

from __future__ import annotations

from arena_game.core import queries
from arena_game.core.actions import (
    Jump,
    Swim,
    Walk,
)
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import jump_refusal, swim_path_refusal
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.render.highlight import Highlight
from arena_game.ui.modes.base import (
    REDRAW,
    UNUSED,
    Mode,
    PlayAction,
    Result,
    chance_band,
    describe_square,
    pct,
    refused_square,
)
from arena_game.ui.strings import text


class WalkMode(Mode):
    """R2.1: the adjacent squares from `walk_options`, legal ones filled, refused ones hatched."""

    name = "walk"
    prompt_key = "mode_walk"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = []
        for sq, err in queries.walk_options(state).items():
            if err is None:
                out.append(Highlight(sq, "move", tip=describe_square(state, sq, lang)))
            elif not state.board.terrain(sq).solid:
                out.append(Highlight(sq, "blocked", tip=text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        err = self.refusal(state, sq)
        if err is not None:
            return refused_square(state, sq, err, lang)
        return describe_square(state, sq, lang)

    def refusal(self, state: MatchState, sq: Square) -> IllegalAction | None:
        """Why a click on `sq` walks nowhere: the refusal `apply` gives that walk, from the
        core's `walk_refusal` (any square: a neighbour's R2.2 corner as a far square's R2.1);
        none on the walker's own square (a click there does nothing)."""
        f = state.active
        if sq == f.position:
            return None
        return queries.walk_refusal(state, f, sq)

    def click(self, state: MatchState, sq: Square) -> Result:
        if sq == state.active.position:
            return UNUSED
        return PlayAction(Walk(to=sq))


class SwimMode(Mode):
    """R2.3: pick the swim path square by square over `swim_reach`, then roll."""

    name = "swim"
    prompt_key = "mode_swim"

    def __init__(self) -> None:
        self.path: list[Square] = []

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = []
        for sq, p in queries.swim_chances(state).items():
            out.append(Highlight(sq, "chance", pct(p, lang), text("reach_chance", lang, sq=fmt(sq), p=p), chance_band(p),
                                 ground=state.board.terrain(sq)))  # its band tinted for the water or the shore
        for i, sq in enumerate(self.path, start=1):
            out.append(Highlight(sq, "declared", str(i)))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if sq not in self.path and (err := swim_path_refusal(state, state.active, [*self.path, sq])) is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        if self.path and sq == self.path[-1]:
            return PlayAction(Swim(path=list(self.path)))
        if sq in self.path:
            self.path = self.path[: self.path.index(sq) + 1]
            return REDRAW
        self.path.append(sq)
        return REDRAW

    def key(self, state: MatchState, command: str) -> Result:
        if command == "confirm" and self.path:
            return PlayAction(Swim(path=list(self.path)))
        if command == "erase" and self.path:
            self.path.pop()
            return REDRAW
        return super().key(state, command)


class JumpMode(Mode):
    """R2.4: the adjacent opponents and obstacles from `jump_targets`, with difficulty and chance."""

    name = "jump"
    prompt_key = "mode_jump"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = []
        for t in queries.jump_targets(state):
            if t.refusal is None:
                tip = text("jump_tip", lang, over=fmt(t.over), landing=fmt(t.landing), difficulty=t.difficulty,
                           chance=pct(t.chance, lang))
                out.append(Highlight(t.over, "target", pct(t.chance, lang), tip, chance_band(t.chance)))
                # the drawn triangle marks it; the same tip says which jump lands there (the
                # hover card over the target then leaves the landing in sight, as a push's)
                out.append(Highlight(t.landing, "landing", tip=tip))
            else:
                out.append(Highlight(t.over, "blocked", tip=text("square_why", lang, sq=fmt(t.over), reason=refusal_line(t.refusal, lang))))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if (err := jump_refusal(state, state.active, sq)) is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        return PlayAction(Jump(over=sq))
