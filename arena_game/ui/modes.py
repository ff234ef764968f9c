"""Input modes: a small state machine, tcod-tutorial style.

A mode answers clicks on squares, keys and choice buttons with either an action for
the core, the next mode, or nothing. It also says what to highlight: every highlight is
a drawing of a core query (`arena_game.core.queries`), never a rule re-implemented here.
Modes import no pygame: keys arrive as names ("return", "escape", "1").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena_game.core import queries
from arena_game.core.actions import (
    Action,
    Attack,
    CircleAttack,
    Jump,
    Push,
    RunAttack,
    RunStart,
    RunStep,
    RunStop,
    Swim,
    Taunt,
    Teleport,
    Walk,
)
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    AttackTarget,
    attack_range_squares,
    attack_targets,
    circle_attack_squares,
    declaration_refusal,
    declared_options,
    jump_refusal,
    push_options,
    run_attack_targets,
    run_next_squares,
    run_step_refusal,
    swim_path_refusal,
    taunt_options,
    teleport_refusal,
    teleport_targets,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line, tn
from arena_game.i18n import t as catalog_text
from arena_game.i18n.terms import modifier_source
from arena_game.render.highlight import Highlight, HighlightKind
from arena_game.ui.strings import text


@dataclass(frozen=True)
class Choice:
    """A button the mode shows above the action bar (taunt style, teleport means, run stop…)."""

    id: str
    label: str
    tip: str = ""
    refusal: IllegalAction | None = None


Outcome = Any  # an Action, a Mode, or None


def chance_band(p: float) -> int:
    """Speed-ruler bands: 0 ≥ 90 %, 1 ≥ 60 %, 2 ≥ 30 %, 3 ≥ 10 %, 4 below."""
    for band, low in enumerate((0.9, 0.6, 0.3, 0.1)):
        if p >= low:
            return band
    return 4


def pct(p: float) -> str:
    """A chance as players read it on a square: '65%'."""
    return f"{round(p * 100)}%"


class Mode:
    """Base mode: nothing highlighted, clicks ignored, Escape goes back to the default mode."""

    name = "idle"
    prompt_key = "mode_idle"

    def prompt(self, state: MatchState, lang: str) -> str:
        """The help line shown under the board."""
        return text(self.prompt_key, lang)

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        """Squares to draw, from core queries."""
        return []

    def click(self, state: MatchState, sq: Square) -> Outcome:
        """A click on a square."""
        return None

    def key(self, state: MatchState, key: str) -> Outcome:
        """A key the app did not use itself; returning None lets the app try its shortcuts."""
        if key == "escape":
            return IdleMode()
        return None

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        """Extra buttons for this mode."""
        return []

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        """A choice button was pressed."""
        return None

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        """What hovering a square says when no highlight there has a tip (the app looks at
        the cached highlights first): by default the terrain and who stands there."""
        return describe_square(state, sq, lang)


def describe_square(state: MatchState, sq: Square, lang: str) -> str:
    """'Case (3, 4) : eau — Nyssa' for the hover line."""
    t = state.board.terrain(sq)
    name = text(f"terrain_{t.value}", lang)
    if t.value == "obstacle":
        name += f" {state.board.height_at(sq)} cm"
    line = text("square", lang, sq=fmt(sq), terrain=name)
    f = state.fighter_at(sq)
    if f is not None:
        line += f" — {f.sheet.name} ({f.pv} PV)"
    return line


class IdleMode(Mode):
    """No action picked."""


# -- walking, swimming, jumping (R2) ------------------------------------------------------


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
        err = queries.walk_options(state).get(sq)
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if sq == state.active.position:
            return None
        return Walk(to=sq)


class SwimMode(Mode):
    """R2.3: pick the swim path square by square over `swim_reach`, then roll."""

    name = "swim"
    prompt_key = "mode_swim"

    def __init__(self) -> None:
        self.path: list[Square] = []

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = []
        for sq, p in queries.swim_chances(state).items():
            out.append(Highlight(sq, "chance", pct(p), text("reach_chance", lang, sq=fmt(sq), p=p), chance_band(p)))
        for i, sq in enumerate(self.path, start=1):
            out.append(Highlight(sq, "declared", str(i)))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if sq not in self.path and (err := swim_path_refusal(state, state.active, [*self.path, sq])) is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if self.path and sq == self.path[-1]:
            return Swim(path=list(self.path))
        if sq in self.path:
            self.path = self.path[: self.path.index(sq) + 1]
            return None
        self.path.append(sq)
        return None

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "return" and self.path:
            return Swim(path=list(self.path))
        if key == "backspace" and self.path:
            self.path.pop()
            return self
        return super().key(state, key)


class JumpMode(Mode):
    """R2.4: the adjacent opponents and obstacles from `jump_targets`, with difficulty and chance."""

    name = "jump"
    prompt_key = "mode_jump"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = []
        for t in queries.jump_targets(state):
            if t.refusal is None:
                tip = f"{fmt(t.over)} » {fmt(t.landing)} : {t.difficulty} — {pct(t.chance)}"
                out.append(Highlight(t.over, "target", pct(t.chance), tip, chance_band(t.chance)))
                out.append(Highlight(t.landing, "landing"))  # the drawn triangle marks it
            else:
                out.append(Highlight(t.over, "blocked", tip=text("square_why", lang, sq=fmt(t.over), reason=refusal_line(t.refusal, lang))))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if (err := jump_refusal(state, state.active, sq)) is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        return Jump(over=sq)


# -- running (R4) --------------------------------------------------------------------------


class RunDeclareMode(Mode):
    """R4.1: declare the first squares, each from `declared_options`; the chance map is shown."""

    name = "run"

    def __init__(self) -> None:
        self.declared: list[Square] = []

    def prompt(self, state: MatchState, lang: str) -> str:
        return text("mode_run_declare", lang, n=len(self.declared) + 1, total=state.settings.run.declared_squares)

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        for sq, chance in queries.run_probability_map(state, declared=self.declared).items():
            p = float(chance)
            out.append(Highlight(sq, "chance", pct(p), text("reach_chance", lang, sq=fmt(sq), p=p), chance_band(p)))
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

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if sq in self.declared:
            self.declared = self.declared[: self.declared.index(sq)]
            return None
        if sq not in declared_options(state, self.declared):
            err = declaration_refusal(state, state.active, [*self.declared, sq])
            return err or IllegalAction(
                "R4.1", f"{fmt(sq)} cannot be declared next", code="run_not_declarable", fields={"square": sq},
            )
        self.declared.append(sq)
        if len(self.declared) >= state.settings.run.declared_squares or not declared_options(state, self.declared):
            return RunStart(declared=list(self.declared))
        return None

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "backspace" and self.declared:
            self.declared.pop()
            return self
        if key == "return" and self.declared:
            return RunStart(declared=list(self.declared))
        return super().key(state, key)


def run_squares_left(state: MatchState) -> int:
    """Squares the run under way may still go (0 without one)."""
    run = state.budget.run
    if run is None or run.granted is None or run.finished:
        return 0
    return max(0, run.granted - run.moved)


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
            for sq, steps in queries.run_reach(state).items():
                out.append(Highlight(sq, "reach", str(steps)))
            for sq in run_next_squares(state, state.active, run):
                out.append(Highlight(sq, "move", tip=describe_square(state, sq, lang)))
        for i, sq in enumerate(run.path[1:], start=1):
            out.append(Highlight(sq, "path", str(i)))
        out += _target_highlights(state, run_attack_targets(state), lang)
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        if run_under_way(state):
            err = run_step_refusal(state, state.active, sq)
            if err is not None and state.fighter_at(sq) is None:
                return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return super().hover(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is not None and other.team != state.active.team:
            return RunAttack(target=other.id)
        if run_under_way(state) and sq in queries.run_reach(state):
            route = queries.run_route(state, sq)
            if route and len(route) > 1:
                return [RunStep(to=s) for s in route]  # square by square: each may be tackled
        return RunStep(to=sq)

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "return" and run_under_way(state):
            return RunStop()
        return None  # Escape does not cancel a run under way: stop it (R4.5)

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        if not run_under_way(state):
            return []
        return [Choice("stop", text("run_stop", lang))]

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return RunStop() if choice_id == "stop" else None


def _target_highlights(state: MatchState, targets: list[AttackTarget], lang: str) -> list[Highlight]:
    """Attack targets: refused ones hatched with the reason, others with the forecast (R0.4)."""
    out = []
    for t in targets:
        if t.refusal is not None or t.forecast is None:
            reason = refusal_line(t.refusal, lang) if t.refusal else t.cls
            out.append(Highlight(t.square, "blocked", tip=text("square_why", lang, sq=fmt(t.square), reason=reason)))
            continue
        fc = t.forecast
        hit, dmg, kill = float(fc.hit), float(fc.expected_damage), float(fc.kill)
        name = state.fighters[t.target].sheet.name
        lines = [text("hit_forecast", lang, name=name, hit=hit, dmg=dmg, kill=kill)]
        if fc.damage_if_hit:  # Wesnoth-like: one fact a line, each modifier with its rule
            lines.append(text("card_damage", lang, low=min(fc.damage_if_hit), high=max(fc.damage_if_hit)))
        lines += [text("card_modifier", lang, value=m.value, source=modifier_source(m.source, lang, m.count),
                       rule=m.rule or "R0.4") for m in t.modifiers]
        tip = "\n".join(lines)
        out.append(Highlight(t.square, "target", pct(hit), tip, chance_band(hit)))
    return out


# -- actions (R0.4, R1, R5–R8) ------------------------------------------------------------

_RANGE_KIND: dict[str, HighlightKind] = {"in_range": "inrange", "beyond_range": "far", "adjacent_ranged": "far", "no_line_of_sight": "nolos"}


class AttackMode(Mode):
    """R0.4, R1: range classes from `attack_range_squares`, targets with forecasts from `attack_targets`."""

    name = "attack"
    prompt_key = "mode_attack"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out = [Highlight(sq, _RANGE_KIND.get(cls, "inrange"), tip=text(f"range_{cls}", lang, sq=fmt(sq)))
               for sq, cls in attack_range_squares(state).items() if state.fighter_at(sq) is None]
        return out + _target_highlights(state, attack_targets(state), lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is None:
            return IllegalAction("R0.4", f"no fighter at {fmt(sq)} to attack", code="attack_no_one_there", fields={"square": sq})
        return Attack(target=other.id)


class CircleMode(Mode):
    """R8.1: click the squares of `circle_attack_squares` in the order of the attack, then Enter."""

    name = "circle"
    prompt_key = "mode_circle"

    def __init__(self) -> None:
        self.order: list[Square] = []

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        opt = circle_attack_squares(state)
        tip = refusal_line(opt.refusal, lang) if opt.refusal else ""
        out = [Highlight(sq, "target", tip=tip) for sq in opt.squares if sq not in self.order]
        out += [Highlight(sq, "order", str(i)) for i, sq in enumerate(self.order, start=1)]
        return out

    def prompt(self, state: MatchState, lang: str) -> str:
        opt = circle_attack_squares(state)
        return text("mode_circle", lang) + (f" — {opt.refusal}" if opt.refusal else "")

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if sq in self.order:
            self.order.remove(sq)
            return None
        if sq not in circle_attack_squares(state).squares:
            return IllegalAction(
                "R8.1", f"{fmt(sq)} is not a square around the attacker with a fighter on it",
                code="circle_not_around", fields={"square": sq},
            )
        self.order.append(sq)
        return None

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "return" and self.order:
            return CircleAttack(order=list(self.order))
        if key == "backspace" and self.order:
            self.order.pop()
            return self
        return super().key(state, key)

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        return [Choice("go", text("circle_go", lang))] if self.order else []

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return CircleAttack(order=list(self.order)) if self.order else None


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
            name = state.fighters[p.target].sheet.name
            tip = text("push_forecast", lang, name=name, ok=ok, one=_landing_text(one, lang),
                       three=_landing_text(three, lang), crit=float(fc.critical))
            out.append(Highlight(p.square, "target", pct(ok), tip, chance_band(ok)))
            far = three.end if three.end != p.square else one.end
            if far != p.square:  # R5.1: straight away from the pusher
                out.append(Highlight(p.square, "arrow", to=far))
            if one.end != p.square and one.end == three.end:  # both pushes end on the same square
                out.append(Highlight(one.end, "hazard" if one.hazard else "landing", f"1/3·{pct(ok)}", tip))
            elif one.end != p.square:
                out.append(Highlight(one.end, "hazard" if one.hazard else "landing", f"1·{pct(float(fc.normal))}", tip))
            if three.end != p.square and three.end != one.end:
                out.append(Highlight(three.end, "hazard" if three.hazard else "landing", f"3·{pct(float(fc.critical))}", tip))
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is None:
            return IllegalAction("R5.1", f"no fighter at {fmt(sq)} to push", code="push_no_one_there", fields={"square": sq})
        return Push(target=other.id)


def _landing_text(landing: Any, lang: str) -> str:
    where = fmt(landing.end)
    if landing.hazard:
        t = landing.into
        return text("deadly", lang, square=where, terrain=text(f"terrain_{t.value}", lang))
    return where


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
        return line + (f" — {refusal}" if refusal else "")

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        tt = teleport_targets(state)
        squares = tt.potion if self.current(state) == "potion" else tt.spell
        return [Highlight(sq, "move") for sq in squares]

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        err = teleport_refusal(state, state.active, sq, self.current(state))
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
        return describe_square(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        return Teleport(to=sq, means=self.current(state))

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        tt = teleport_targets(state)
        return [Choice("potion", text("potion", lang), refusal=tt.potion_refusal),
                Choice("spell", f"{text('spell', lang)} — {tt.spell_cost} mana", refusal=tt.spell_refusal)]

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        self.means = choice_id
        return self

    def key(self, state: MatchState, key: str) -> Outcome:
        if key in ("p", "m"):
            self.means = "potion" if key == "p" else "spell"
            return self
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

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return Taunt(style=choice_id)

    def key(self, state: MatchState, key: str) -> Outcome:
        if key in ("1", "2"):
            return Taunt(style="simple" if key == "1" else "advantaged")
        return super().key(state, key)


def default_mode(state: MatchState) -> Mode:
    """The mode after an action: the run under way, else walking if legal, else idle."""
    if state.over:
        return IdleMode()
    run = state.budget.run
    if run is not None and (not run.finished or any(t.refusal is None for t in run_attack_targets(state))):
        return RunGoMode()
    if queries.kind_refusal(state, "walk") is None:
        return WalkMode()
    return IdleMode()


MODE_FOR_BUTTON: dict[str, type[Mode]] = {
    "walk": WalkMode, "run": RunDeclareMode, "swim": SwimMode, "jump": JumpMode,
    "attack": AttackMode, "circle": CircleMode, "push": PushMode, "teleport": TeleportMode,
    "taunt": TauntMode,
}


def outcome_is_action(outcome: Outcome) -> bool:
    """True when a mode's answer is an action for the core."""
    from pydantic import BaseModel

    return isinstance(outcome, BaseModel) and hasattr(outcome, "kind")


__all__ = [
    "MODE_FOR_BUTTON", "Action", "AttackMode", "Choice", "CircleMode", "Highlight", "IdleMode", "JumpMode", "Mode",
    "PushMode", "RunDeclareMode", "RunGoMode", "SwimMode", "TauntMode", "TeleportMode", "WalkMode",
    "chance_band", "default_mode", "outcome_is_action",
]
