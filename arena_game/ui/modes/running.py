"""Running (R4): declare the first squares, then the run under way, square by square."""

from __future__ import annotations

from arena_game.core import queries
from arena_game.core.actions import (
    RunAttack,
    RunStart,
    RunStep,
    RunStop,
)
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    declaration_refusal,
    declared_options,
    run_attack_targets,
    run_next_squares,
    run_step_refusal,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line, tn
from arena_game.i18n import t as catalog_text
from arena_game.render.highlight import Highlight
from arena_game.ui.modes.base import (
    REDRAW,
    UNUSED,
    Choice,
    Mode,
    PlayAction,
    PlayRoute,
    Refused,
    Result,
    chance_band,
    describe_square,
    pct,
    target_highlights,
)
from arena_game.ui.strings import text


class RunDeclareMode(Mode):
    """R4.1: declare the first squares, each from `declared_options`; the chance map is shown."""

    name = "run"

    def __init__(self) -> None:
        self.declared: list[Square] = []

    def prompt(self, state: MatchState, lang: str) -> str:
        return text("mode_run_declare", lang, n=len(self.declared) + 1, total=state.settings.run.declared_squares)

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        free = queries.run_probability_map(state, declared=self.declared)
        tackled = queries.run_probability_map(state, declared=self.declared, count_tackles=True)
        for sq, chance in free.items():  # the chance shown counts the tackles (R4.7) on the way
            if sq in self.declared:  # its number is drawn there: a chance under it would garble both
                continue
            p, risk = float(tackled.get(sq, chance)), float(chance - tackled.get(sq, chance))
            tip = text("reach_chance", lang, sq=fmt(sq), p=p)
            if risk > 1e-9:
                tip += "\n" + text("tackle_risk", lang, risk=risk)
            out.append(Highlight(sq, "chance", pct(p, lang), tip, chance_band(p)))
            if risk > 1e-9:  # over the chance fill
                out.append(Highlight(sq, "tackle"))
        for sq, err in declared_options(state, self.declared).items():
            if err is None:
                out.append(Highlight(sq, "option"))
            else:
                out.append(Highlight(sq, "blocked", tip=text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))))
        for i, sq in enumerate(self.declared, start=1):
            out.append(Highlight(sq, "declared", str(i)))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        opts = declared_options(state, self.declared)
        if sq not in opts and sq not in self.declared:
            err = declaration_refusal(state, state.active, [*self.declared, sq])
            if err is not None:
                return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return super().hover(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        if sq in self.declared:
            self.declared = self.declared[: self.declared.index(sq)]
            return REDRAW
        if sq not in declared_options(state, self.declared):
            # the core refuses every square `declared_options` leaves out (R4.1, R4.4)
            err = declaration_refusal(state, state.active, [*self.declared, sq])
            if err is not None:
                return Refused(err)
        self.declared.append(sq)
        if len(self.declared) >= state.settings.run.declared_squares or not declared_options(state, self.declared):
            return PlayAction(RunStart(declared=list(self.declared)))
        return REDRAW

    def key(self, state: MatchState, command: str) -> Result:
        if command == "erase" and self.declared:
            self.declared.pop()
            return REDRAW
        if command == "confirm" and self.declared:
            return PlayAction(RunStart(declared=list(self.declared)))
        return super().key(state, command)


def run_squares_left(state: MatchState) -> int:
    """Squares the run under way may still go (0 without one, or once it is over)."""
    run = state.budget.run
    return 0 if run is None or run.finished else run.squares_left


def run_under_way(state: MatchState) -> bool:
    """A run that may still go on (R4.3)."""
    run = state.budget.run
    return run is not None and not run.finished


class RunGoMode(Mode):
    """R4.3–R4.8: a run under way: next squares, the reachable area, stop, the run's one attack."""

    name = "run_go"

    def prompt(self, state: MatchState, lang: str) -> str:
        run = state.budget.run
        if run is not None and run.finished:  # tackled, stopped, all run: the run attack is what is left
            why = catalog_text(f"log.run_end_{run.end_reason}", lang) if run.end_reason else ""
            open_ = any(x.refusal is None for x in run_attack_targets(state))
            return text("mode_run_over" if open_ else "mode_run_over_no_attack", lang, why=why)
        return tn("ui.mode_run_go", run_squares_left(state), lang, left=run_squares_left(state))

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        run = state.budget.run
        if run is None:
            return out
        if not run.finished:
            risks = queries.run_tackle_risks(state)  # R4.7, on the route a click there runs
            tips = {sq: text("run_tackle_tip", lang, sq=fmt(sq), risk=float(risk), names=", ".join(
                state.fighters[o].sheet.name for o in queries.route_tackles(state, state.active,
                                                                            queries.run_route(state, sq) or [])))
                for sq, risk in risks.items()}
            for sq, steps in queries.run_reach(state).items():
                out.append(Highlight(sq, "reach", str(steps)))
            for sq in run_next_squares(state, state.active, run):
                out.append(Highlight(sq, "move", tip=tips.get(sq) or describe_square(state, sq, lang)))
            out += [Highlight(sq, "tackle", tip=tip) for sq, tip in tips.items()]  # over the fills
        for i, sq in enumerate(run.path[1:], start=1):
            out.append(Highlight(sq, "path", str(i)))
        out += target_highlights(state, run_attack_targets(state), lang)
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if run_under_way(state):
            err = run_step_refusal(state, state.active, sq)
            if err is not None and state.fighter_at(sq) is None:
                return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return super().hover(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Result:
        target = next((t for t in run_attack_targets(state) if t.square == sq), None)
        # a fighter the run's attack may strike is attacked (a refused one: the core says why);
        # any other square is a run step, which the core plays or refuses (R4.3, R4.8)
        if target is not None:
            return PlayAction(RunAttack(target=target.target))
        if run_under_way(state) and sq in queries.run_reach(state):
            route = queries.run_route(state, sq)
            if route and len(route) > 1:
                return PlayRoute(tuple(RunStep(to=s) for s in route))  # square by square: each may be tackled
        return PlayAction(RunStep(to=sq))

    def key(self, state: MatchState, command: str) -> Result:
        if command == "confirm" and run_under_way(state):
            return PlayAction(RunStop())  # the one stop key, named on the stop button
        return UNUSED  # Esc does not cancel a run under way: stop it (R4.5)

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        if not run_under_way(state):
            return []
        return [Choice("stop", text("run_stop", lang))]

    def choose(self, state: MatchState, choice_id: str) -> Result:
        return PlayAction(RunStop()) if choice_id == "stop" else UNUSED
