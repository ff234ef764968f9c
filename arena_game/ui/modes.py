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
from arena_game.core.state import MatchState
from arena_game.ui.strings import text


@dataclass(frozen=True)
class Highlight:
    """One highlighted square. `kind` picks the drawing (colour AND pattern), `label` is drawn in it."""

    square: Square
    kind: str  # move, blocked, target, far, nolos, declared, path, chance, landing, hazard, order, reach
    label: str = ""
    tip: str = ""
    band: int = 0  # chance bands 0 (sure) … 4 (unlikely), like a speed ruler


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


def _query(name: str) -> Any:
    """A core query by name, or None when that part of the rules has not landed yet."""
    return getattr(queries, name, None)


def _field(obj: Any, *names: str, default: Any = None) -> Any:
    """Read the first present attribute or key among `names` (query results are dataclasses or dicts)."""
    for n in names:
        if isinstance(obj, dict) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            return getattr(obj, n)
    return default


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
        """What hovering a square says: the highlight's tip, or the terrain."""
        for h in self.highlights(state, lang):
            if h.square == sq and h.tip:
                return h.tip
        return describe_square(state, sq, lang)


def describe_square(state: MatchState, sq: Square, lang: str) -> str:
    """'Case (3, 4) : eau — Nyssa' for the hover line."""
    t = state.board.terrain(sq)
    name = t.french if lang == "fr" else f"{t.value} ({t.french})"
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
                out.append(Highlight(sq, "blocked", tip=text("square_why", lang, sq=fmt(sq), reason=str(err))))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        err = queries.walk_options(state).get(sq)
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=str(err))
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
        dist = queries.swim_distribution(state)
        out = []
        for sq, need in queries.swim_reach(state).items():
            p = sum(v for n, v in dist.items() if n >= need)
            out.append(Highlight(sq, "chance", pct(p), text("reach_chance", lang, sq=fmt(sq), p=p), chance_band(p)))
        for i, sq in enumerate(self.path, start=1):
            out.append(Highlight(sq, "declared", str(i)))
        return out

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
                tip = f"{fmt(t.over)} → {fmt(t.landing)} : {t.difficulty} — {pct(t.chance)}"
                out.append(Highlight(t.over, "target", pct(t.chance), tip, chance_band(t.chance)))
                out.append(Highlight(t.landing, "landing", "↓"))
            else:
                out.append(Highlight(t.over, "blocked", tip=text("square_why", lang, sq=fmt(t.over), reason=str(t.refusal))))
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        return Jump(over=sq)


# -- running (R4) --------------------------------------------------------------------------


class RunDeclareMode(Mode):
    """R4.1: declare the first squares, each from `declared_options`; the chance map is shown."""

    name = "run"

    def __init__(self) -> None:
        self.declared: list[Square] = []

    def needed(self, state: MatchState) -> int:
        run = getattr(state.settings, "run", None)
        return int(getattr(run, "declared_squares", 3))

    def prompt(self, state: MatchState, lang: str) -> str:
        return text("mode_run_declare", lang, n=len(self.declared) + 1, total=self.needed(state))

    def options(self, state: MatchState) -> dict[Square, IllegalAction | None]:
        fn = _query("declared_options")
        if fn is None:
            return {}
        return dict(fn(state, list(self.declared)))

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        prob = _query("run_probability_map")
        if prob is not None and self.declared:
            for sq, p in dict(prob(state, list(self.declared))).items():
                out.append(Highlight(sq, "chance", pct(p), text("reach_chance", lang, sq=fmt(sq), p=p), chance_band(p)))
        for sq, err in self.options(state).items():
            if err is None:
                out.append(Highlight(sq, "move", tip=describe_square(state, sq, lang)))
        for i, sq in enumerate(self.declared, start=1):
            out.append(Highlight(sq, "declared", str(i)))
        return out

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        err = self.options(state).get(sq)
        if err is not None:
            return text("square_why", lang, sq=fmt(sq), reason=str(err))
        return super().hover(state, sq, lang)

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if sq in self.declared:
            self.declared = self.declared[: self.declared.index(sq)]
            return None
        self.declared.append(sq)
        if len(self.declared) >= self.needed(state):
            return RunStart(declared=list(self.declared))
        return None

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "backspace" and self.declared:
            self.declared.pop()
            return self
        if key == "return" and self.declared:
            return RunStart(declared=list(self.declared))
        return super().key(state, key)


class RunGoMode(Mode):
    """R4.3–R4.8: a run under way: next squares, the reachable area, stop, the run's attack."""

    name = "run_go"

    def prompt(self, state: MatchState, lang: str) -> str:
        run = state.budget.run
        left = 0
        if run is not None and run.granted is not None:
            left = max(0, run.granted - run.moved)
        return text("mode_run_go", lang, left=left)

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        reach = _query("run_reach")
        if reach is not None:
            for sq in _squares(reach(state)):
                out.append(Highlight(sq, "reach"))
        nxt = _query("run_next_options") or _query("declared_options")
        if nxt is not None and state.budget.run is not None:
            try:
                opts = dict(nxt(state)) if nxt.__name__ == "run_next_options" else dict(nxt(state, []))
            except TypeError:
                opts = {}
            for sq, err in opts.items():
                if err is None:
                    out.append(Highlight(sq, "move"))
        run = state.budget.run
        if run is not None:
            for i, sq in enumerate(run.path[1:], start=1):
                out.append(Highlight(sq, "path", str(i)))
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is not None and other.team != state.active.team:
            return RunAttack(target=other.id)
        return RunStep(to=sq)

    def key(self, state: MatchState, key: str) -> Outcome:
        if key == "return":
            return RunStop()
        if key == "escape":
            return None  # a run under way is not cancelled by Escape: stop it (R4.5)
        return None

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        return [Choice("stop", "Arrêter la Course (R4.5)" if lang == "fr" else "Stop the Course (R4.5)", "Entrée / Enter")]

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return RunStop() if choice_id == "stop" else None


def _squares(result: Any) -> list[Square]:
    """Squares from a query result: a dict keyed by square, or a list/set of squares."""
    if isinstance(result, dict):
        return [tuple(k) for k in result]  # type: ignore[misc]
    return [tuple(s) for s in result]  # type: ignore[misc]


# -- actions (R0.4, R1, R5–R8) ------------------------------------------------------------


class AttackMode(Mode):
    """R0.4, R1: range classes and targets with the forecast from `attack_targets`."""

    name = "attack"
    prompt_key = "mode_attack"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        out: list[Highlight] = []
        area = _query("attack_range")
        if area is not None:
            for sq, cls in dict(area(state)).items():
                kind = {"in_range": "reach", "beyond": "far", "no_line_of_sight": "nolos"}.get(str(cls), "reach")
                out.append(Highlight(tuple(sq), kind))  # type: ignore[arg-type]
        fn = _query("attack_targets")
        if fn is None:
            return out
        for t in fn(state):
            sq = tuple(_field(t, "square", "position", "at"))
            refusal = _field(t, "refusal")
            if refusal is not None:
                out.append(Highlight(sq, "blocked", tip=text("square_why", lang, sq=fmt(sq), reason=str(refusal))))  # type: ignore[arg-type]
                continue
            fc = _field(t, "forecast", default=t)
            hit = float(_field(fc, "hit_chance", "chance_to_hit", "hit", default=0.0))
            dmg = float(_field(fc, "expected_damage", "mean_damage", "damage", default=0.0))
            kill = float(_field(fc, "kill_chance", "chance_to_kill", "kill", default=0.0))
            name = state.fighters[_field(t, "target", "fighter", "id")].sheet.name
            tip = text("hit_forecast", lang, name=name, hit=hit, dmg=dmg, kill=kill)
            out.append(Highlight(sq, "target", pct(hit), tip, chance_band(hit)))  # type: ignore[arg-type]
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is None:
            return IllegalAction("R0.4", f"no fighter at {fmt(sq)} to attack")
        return Attack(target=other.id)


class CircleMode(Mode):
    """R8.1: click the adjacent squares in the order of the circle attack, then Enter."""

    name = "circle"
    prompt_key = "mode_circle"

    def __init__(self) -> None:
        self.order: list[Square] = []

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        fn = _query("circle_squares")
        squares = _squares(fn(state)) if fn is not None else queries.adjacent_squares(state)
        out = [Highlight(sq, "reach") for sq in squares if sq not in self.order]
        out += [Highlight(sq, "order", str(i)) for i, sq in enumerate(self.order, start=1)]
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        if sq in self.order:
            self.order.remove(sq)
        else:
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
        return [Choice("go", "Attaquer (Entrée)" if lang == "fr" else "Attack (Enter)")] if self.order else []

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return CircleAttack(order=list(self.order)) if self.order else None


class PushMode(Mode):
    """R5: adjacent opponents from `push_landings` with 1- and 3-square landings and hazards."""

    name = "push"
    prompt_key = "mode_push"

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        fn = _query("push_landings")
        if fn is None:
            return [Highlight(sq, "reach") for sq in queries.adjacent_squares(state)
                    if (o := state.fighter_at(sq)) is not None and o.team != state.active.team]
        out: list[Highlight] = []
        for p in fn(state):
            target = _field(p, "target", "fighter")
            sq = tuple(_field(p, "square", "position", "at", default=state.fighters[target].position))
            refusal = _field(p, "refusal")
            if refusal is not None:
                out.append(Highlight(sq, "blocked", tip=text("square_why", lang, sq=fmt(sq), reason=str(refusal))))  # type: ignore[arg-type]
                continue
            ok = float(_field(p, "success_chance", "chance", default=0.0))
            crit = float(_field(p, "crit_chance", "three_chance", default=0.0))
            one = _field(p, "landing_1", "one", "landing1")
            three = _field(p, "landing_3", "three", "landing3")
            hazard1 = bool(_field(p, "hazard_1", "one_hazard", default=False))
            hazard3 = bool(_field(p, "hazard_3", "three_hazard", default=False))
            name = state.fighters[target].sheet.name
            tip = text("push_forecast", lang, name=name, ok=ok, one=fmt(one) if one else "—",
                       three=fmt(three) if three else "—", crit=crit)
            out.append(Highlight(sq, "target", pct(ok), tip, chance_band(ok)))  # type: ignore[arg-type]
            if one is not None:
                out.append(Highlight(tuple(one), "hazard" if hazard1 else "landing", "1", tip))  # type: ignore[arg-type]
            if three is not None:
                out.append(Highlight(tuple(three), "hazard" if hazard3 else "landing", "3", tip))  # type: ignore[arg-type]
        return out

    def click(self, state: MatchState, sq: Square) -> Outcome:
        other = state.fighter_at(sq)
        if other is None:
            return IllegalAction("R5.1", f"no fighter at {fmt(sq)} to push")
        return Push(target=other.id)


class TeleportMode(Mode):
    """R6: potion (anywhere free) or spell (within Magie); squares from `teleport_targets`."""

    name = "teleport"

    def __init__(self, means: str = "potion") -> None:
        self.means = means

    def prompt(self, state: MatchState, lang: str) -> str:
        return text("mode_teleport", lang, means=text(self.means, lang))

    def highlights(self, state: MatchState, lang: str) -> list[Highlight]:
        fn = _query("teleport_targets")
        if fn is None:
            return []
        return [Highlight(sq, "move") for sq in _squares(fn(state, self.means))]

    def click(self, state: MatchState, sq: Square) -> Outcome:
        return Teleport(to=sq, means=self.means)  # type: ignore[arg-type]

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        return [Choice("potion", text("potion", lang)), Choice("spell", text("spell", lang))]

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        self.means = choice_id
        return self

    def key(self, state: MatchState, key: str) -> Outcome:
        if key in ("p", "m"):
            self.means = "potion" if key == "p" else "spell"
            return self
        return super().key(state, key)


class TauntMode(Mode):
    """R7: simple or advantaged Provocation, with eligibility from `taunt_options`."""

    name = "taunt"
    prompt_key = "mode_taunt"

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        fn = _query("taunt_options")
        refusals: dict[str, Any] = dict(fn(state)) if fn is not None else {}
        out = []
        for style in ("simple", "advantaged"):
            r = refusals.get(style)
            ref = r if isinstance(r, IllegalAction) else None
            out.append(Choice(style, text(f"taunt_{style}", lang), str(ref) if ref else "", ref))
        return out

    def choose(self, state: MatchState, choice_id: str) -> Outcome:
        return Taunt(style=choice_id)  # type: ignore[arg-type]

    def key(self, state: MatchState, key: str) -> Outcome:
        if key in ("1", "2"):
            return Taunt(style="simple" if key == "1" else "advantaged")
        return super().key(state, key)


def default_mode(state: MatchState) -> Mode:
    """The mode after an action: the run under way, else walking if legal, else idle."""
    if state.over:
        return IdleMode()
    if state.budget.run is not None:
        return RunGoMode()
    avail = queries.available_actions(state)
    if avail.get("walk") is None:
        return WalkMode()
    return IdleMode()


def outcome_is_action(outcome: Outcome) -> bool:
    """True when a mode's answer is an action for the core."""
    from pydantic import BaseModel

    return isinstance(outcome, BaseModel) and hasattr(outcome, "kind")


__all__ = [
    "Action", "AttackMode", "Choice", "CircleMode", "Highlight", "IdleMode", "JumpMode", "Mode",
    "PushMode", "RunDeclareMode", "RunGoMode", "SwimMode", "TauntMode", "TeleportMode", "WalkMode",
    "chance_band", "default_mode", "outcome_is_action",
]
