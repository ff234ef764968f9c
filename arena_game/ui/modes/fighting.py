"""Attacks (R0.4, R1, R8.1) and pushes (R5): targets with the core's forecasts."""

from __future__ import annotations

from typing import Any

from arena_game.core.actions import (
    Attack,
    CircleAttack,
    Push,
)
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    attack_range_squares,
    attack_targets,
    circle_attack_squares,
    circle_forecast,
    push_options,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.render.highlight import Highlight, HighlightKind
from arena_game.ui.modes.base import (
    REDRAW,
    UNUSED,
    Choice,
    Mode,
    PlayAction,
    Refused,
    Result,
    chance_band,
    circle_card,
    pct,
    target_highlights,
)
from arena_game.ui.strings import text

# -- actions (R0.4, R1, R5–R8) ------------------------------------------------------------
# A click on a square with no fighter the action could name is refused here, not by the core:
# its actions name fighters (`Attack.target`, `Push.target`) or squares it checks itself
# (`CircleAttack.order`), so no core query answers "no one there" (codes `*_no_one_there`,
# `circle_not_around`, worded in the catalogs' window section). Every other refusal is the core's.

_RANGE_KIND: dict[str, HighlightKind] = {"in_range": "inrange", "beyond_range": "far", "adjacent_ranged": "far", "no_line_of_sight": "nolos"}


class AttackMode(Mode):
    """R0.4, R1: range classes from `attack_range_squares`, targets with forecasts from `attack_targets`."""

    name = "attack"
    prompt_key = "mode_attack"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = [Highlight(sq, _RANGE_KIND.get(cls, "inrange"), tip=text(f"range_{cls}", lang, sq=fmt(sq)))
               for sq, cls in attack_range_squares(state).items() if state.fighter_at(sq) is None]
        return out + target_highlights(state, attack_targets(state), lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        other = state.fighter_at(sq)
        if other is None:
            return Refused(IllegalAction("R0.4", f"no fighter at {fmt(sq)} to attack", code="attack_no_one_there",
                                         fields={"square": sq}))
        return PlayAction(Attack(target=other.id))


class CircleMode(Mode):
    """R8.1: click the squares of `circle_attack_squares` in the order of the attack, then Enter.

    Every fighter around shows its own forecast (`circle_forecast`) for the order picked so
    far, the fighters not yet picked counted after it, clockwise: a numbered badge on the
    picked ones, the hit chance on each, the card with the share it takes (R8.2)."""

    name = "circle"
    prompt_key = "mode_circle"

    def __init__(self) -> None:
        self.order: list[Square] = []

    def full_order(self, state: MatchState) -> list[Square]:
        """The order picked so far, then the fighters around not yet picked, clockwise."""
        around = circle_attack_squares(state).squares
        return [*(sq for sq in self.order if sq in around), *(sq for sq in around if sq not in self.order)]

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        opt = circle_attack_squares(state)
        if opt.refusal is not None:
            tip = refusal_line(opt.refusal, lang)
            return [Highlight(sq, "target", tip=tip) for sq in opt.squares]
        fc = circle_forecast(state, self.full_order(state))
        out: list[Highlight] = []
        for t in fc.targets:
            tip = circle_card(state, fc, t, lang, t.square in self.order)
            hit = float(t.hit)
            out.append(Highlight(t.square, "target", pct(hit, lang), tip, chance_band(hit)))
            if t.square in self.order:
                out.append(Highlight(t.square, "order", str(t.place), tip))
        return out

    def prompt(self, state: MatchState, lang: str) -> str:
        opt = circle_attack_squares(state)
        return text("mode_circle", lang) + (f" — {refusal_line(opt.refusal, lang)}" if opt.refusal else "")

    def click(self, state: MatchState, sq: Square) -> Result:
        if sq in self.order:
            self.order.remove(sq)
            return REDRAW
        if sq not in circle_attack_squares(state).squares:
            return Refused(IllegalAction(
                "R8.1", f"{fmt(sq)} is not a square around the attacker with a fighter on it",
                code="circle_not_around", fields={"square": sq},
            ))
        self.order.append(sq)
        return REDRAW

    def key(self, state: MatchState, command: str) -> Result:
        if command == "confirm" and self.order:
            return PlayAction(CircleAttack(order=list(self.order)))
        if command == "erase" and self.order:
            self.order.pop()
            return REDRAW
        return super().key(state, command)

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        return [Choice("go", text("circle_go", lang))] if self.order else []

    def choose(self, state: MatchState, choice_id: str) -> Result:
        return PlayAction(CircleAttack(order=list(self.order))) if self.order else UNUSED


class PushMode(Mode):
    """R5: adjacent fighters from `push_options`, with 1- and 3-square landings, chances and hazards."""

    name = "push"
    prompt_key = "mode_push"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        for p in push_options(state):
            if p.refusal is not None:
                out.append(Highlight(p.square, "blocked", tip=text("square_why", lang, sq=fmt(p.square), reason=refusal_line(p.refusal, lang))))
                continue
            fc = p.forecast
            ok = float(fc.normal + fc.critical)
            one, three = fc.normal_landing, fc.critical_landing
            tip = push_card(state, p.target, fc, lang)
            out.append(Highlight(p.square, "target", pct(ok, lang), tip, chance_band(ok)))
            far = three.end if three.end != p.square else one.end
            if far != p.square:  # R5.1: straight away from the pusher
                out.append(Highlight(p.square, "arrow", to=far))
            # each landing with the chance of ending there (the card says which push is which)
            if one.end != p.square and one.end == three.end:  # both pushes end on the same square
                out.append(Highlight(one.end, "hazard" if one.hazard else "landing", pct(ok, lang), tip))
            elif one.end != p.square:
                out.append(Highlight(one.end, "hazard" if one.hazard else "landing", pct(float(fc.normal), lang), tip))
            if three.end != p.square and three.end != one.end:
                out.append(Highlight(three.end, "hazard" if three.hazard else "landing", pct(float(fc.critical), lang), tip))
        return out

    def click(self, state: MatchState, sq: Square) -> Result:
        other = state.fighter_at(sq)
        if other is None:
            return Refused(IllegalAction("R5.1", f"no fighter at {fmt(sq)} to push", code="push_no_one_there",
                                         fields={"square": sq}))
        return PlayAction(Push(target=other.id))


def push_card(state: MatchState, target: str, fc: Any, lang: str) -> str:
    """The push card (R5.1–R5.3): the chance of success, then where the push ends, one fact
    a line. A push stopped on the way says so ("3 squares, stopped on (5, 6) lava"), and
    when the critical push ends where the plain one does, the square is said once."""
    st = state.settings.push
    one, three = fc.normal_landing, fc.critical_landing
    crit = float(fc.critical)
    if one.end == three.end and crit:
        outcome = text("push_ends" if len(one.path) > 1 else "push_stays", lang, where=_landing_text(one, lang))
        landings = [text("push_both", lang, n=st.squares, m=st.critical_squares, crit=crit, outcome=outcome)]
    else:
        landings = [_push_outcome(one, st.squares, lang)]
        if crit:
            landings.append(text("push_critical", lang, crit=crit, push=_push_outcome(three, st.critical_squares, lang)))
    name = state.fighters[target].sheet.name
    card = text("push_forecast", lang, name=name, ok=float(fc.normal + fc.critical), landings=" · ".join(landings))
    return card.replace(" · ", "\n")  # one fact a line


def _push_outcome(landing: Any, squares: int, lang: str) -> str:
    """A push of `squares` squares: all of them, stopped on the way, or not a square moved."""
    moved = len(landing.path) - 1
    key = "push_full" if moved >= squares else "push_short" if moved else "push_none"
    return text(key, lang, n=squares, where=_landing_text(landing, lang))


def _landing_text(landing: Any, lang: str) -> str:
    where = fmt(landing.end)
    if landing.hazard:
        t = landing.into
        return text("deadly", lang, square=where, terrain=text(f"terrain_{t.value}", lang))
    return where
