"""The input modes' base: `Mode`, the typed `Result` every mode answers with, and helpers.

A mode answers a click on a square, a key or a choice button with exactly one `Result`:
`PlayAction` (an action for the match), `PlayRoute` (run steps played one by one until a
refusal or the run's end), `SwitchMode` (the next mode), `Refused` (the core's refusal,
shown, nothing changed), `Redraw` (the mode's own picks changed: redraw its highlights) or
`Unused` (the mode has no use for this input; the screen may, e.g. a shortcut key).
The board screen's `do` handles every case of `Result` (mypy checks it is exhaustive).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena_game.core.actions import Action
from arena_game.core.errors import IllegalAction
from arena_game.core.geometry import Square, fmt
from arena_game.core.queries import (
    AttackTarget,
    CircleForecast,
    CircleTargetForecast,
    RollSide,
    attack_sides,
    available_actions,
)
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line
from arena_game.i18n.numbers import number
from arena_game.i18n.terms import (
    card_sum,
    held,
    modifier_source,
    modifier_word,
    roll_term,
    sign,
    signed,
    term_text,
)
from arena_game.render.highlight import Highlight
from arena_game.ui.strings import text


@dataclass(frozen=True)
class PlayAction:
    """Apply this action to the match."""

    action: Action


@dataclass(frozen=True)
class PlayRoute:
    """Apply these run steps in order, stopping at the first refusal or when the run ends (R4.3)."""

    steps: tuple[Action, ...]


@dataclass(frozen=True)
class SwitchMode:
    """Go on in this mode."""

    mode: Mode


@dataclass(frozen=True)
class Refused:
    """The core refuses what was asked: show why; nothing changes."""

    error: IllegalAction


@dataclass(frozen=True)
class Redraw:
    """The mode's own picks changed (a declared square, an order, a means): redraw it."""


@dataclass(frozen=True)
class Unused:
    """The mode has no use for this input."""


REDRAW = Redraw()
UNUSED = Unused()
Result = PlayAction | PlayRoute | SwitchMode | Refused | Redraw | Unused


@dataclass(frozen=True)
class Choice:
    """A button the mode shows above the action bar (taunt style, teleport means, run stop…)."""

    id: str
    label: str
    tip: str = ""
    refusal: IllegalAction | None = None
    picked: bool = False  # the one Enter plays (Tab picks the next)



def chance_band(p: float) -> int:
    """Speed-ruler bands: 0 ≥ 90 %, 1 ≥ 60 %, 2 ≥ 30 %, 3 ≥ 10 %, 4 below."""
    for band, low in enumerate((0.9, 0.6, 0.3, 0.1)):
        if p >= low:
            return band
    return 4


def pct(p: float, lang: str) -> str:
    """A chance as players read it on a square: "65%", "65 %" in French (`i18n.numbers`)."""
    return number(round(p * 100) / 100, lang, ".0%")


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

    def click(self, state: MatchState, sq: Square) -> Result:
        """A click on a square."""
        return UNUSED

    def key(self, state: MatchState, command: str) -> Result:
        """A command of the key table (`arena_game.ui.keys`) every mode may answer: "confirm",
        "next_choice", "erase", "back"; `UNUSED` lets the screen carry it out (back: leave)."""
        if command == "back":
            return SwitchMode(IdleMode())
        return UNUSED

    def choices(self, state: MatchState, lang: str) -> list[Choice]:
        """Extra buttons for this mode."""
        return []

    def choose(self, state: MatchState, choice_id: str) -> Result:
        """A choice button was pressed."""
        return UNUSED

    def hover(self, state: MatchState, sq: Square, lang: str) -> str:
        """What hovering a square says when no highlight there has a tip (the app looks at
        the cached highlights first): by default the terrain and who stands there."""
        return describe_square(state, sq, lang)

    def refusal(self, state: MatchState, sq: Square) -> IllegalAction | None:
        """The core's refusal of what a click on `sq` would play, when the mode knows it
        without trying (the hover card then says why, edged as a refusal)."""
        return None


def refused_square(state: MatchState, sq: Square, err: IllegalAction, lang: str) -> str:
    """The hover card of a square a click would be refused on: why, after who stands there
    (a fighter's name and PV stay on the card)."""
    if state.fighter_at(sq) is None:
        return text("square_why", lang, sq=fmt(sq), reason=refusal_line(err, lang))
    return describe_square(state, sq, lang) + "\n" + text("not_allowed", lang, reason=refusal_line(err, lang))


def describe_square(state: MatchState, sq: Square, lang: str) -> str:
    """'Case (3, 4) : eau — Nyssa, 12 PV' for the hover line (the catalog's `square`, `square_fighter`)."""
    t = state.board.terrain(sq)
    name = text(f"terrain_{t.value}", lang)
    if t.value == "obstacle":
        name += f" {state.board.height_at(sq)} cm"
    line = text("square", lang, sq=fmt(sq), terrain=name)
    f = state.fighter_at(sq)
    if f is not None:
        line = text("square_fighter", lang, square=line, name=f.sheet.name, pv=f.pv)
    return line


class IdleMode(Mode):
    """No action picked: Esc has nothing to step back from (the screen leaves)."""

    def prompt(self, state: MatchState, lang: str) -> str:
        """Pick an action, or, when the core refuses every kind but End turn (the greyed bar),
        say that only End turn is left (s48 review 2, item 8); a fallen fighter, that standing
        up takes its turn (R5.2, s59)."""
        open_ = [kind for kind, err in available_actions(state).items() if err is None]
        if open_ == ["end_turn"]:
            return text("mode_idle_done", lang)
        if state.active.fallen and "stand_up" in open_:  # the bar greyed but for Stand up: say why (R5.2)
            return text("mode_idle_fallen", lang, name=state.active.sheet.name)
        return super().prompt(state, lang)

    def key(self, state: MatchState, command: str) -> Result:
        return UNUSED


def target_highlights(state: MatchState, targets: list[AttackTarget], lang: str) -> list[Highlight]:
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
        if fc.damage_if_hit:  # Wesnoth-like: one fact a line, both sides, each modifier with its rule
            lines.append(text("card_damage", lang, low=min(fc.damage_if_hit), high=max(fc.damage_if_hit)))
        lines += sides_lines(state, *attack_sides(state, t), lang)
        out.append(Highlight(t.square, "target", pct(hit, lang), "\n".join(lines), chance_band(hit)))
    return out


def sides_lines(state: MatchState, attack: RollSide, dodge: RollSide, lang: str) -> list[str]:
    """Both sides of an attack for a card, a line each: the roll's terms, then each modifier on
    it with its rule, then the total they add up to ("Nyssa attacks: d20 + Dextérité 6 + … − penalty 8
    (beyond range, R1.3) = d20 +2"): every figure before the total it is part of, signs "+" and "−"."""
    lines = []
    for side, key in ((attack, "card_attack"), (dodge, "card_dodge")):
        # no-break spaces: a line may break between terms, never inside one ("+ Esquive (dodge) 4"),
        # not even inside a gloss ("weapon skill (firearm)")
        terms = [roll_term(sign(x.value), term_text(x, state.settings.dice.die, lang), abs(x.value)) for x in side.terms]
        mods = [held(text("card_modifier", lang, sign=sign(m.value), amount=abs(m.value),
                          word=modifier_word(m.value, lang),
                          source=modifier_source(m.source, lang, m.count), rule=m.rule or "R0.4"))
                for m in side.modifiers if m.value]
        # a line breaks before a term only: the modifiers stay with the term before them
        lines.append(text(key, lang, name=state.fighters[side.fighter].sheet.name, parts=card_sum(terms, mods),
                          bonus=signed(side.bonus)))
    return lines


def circle_card(state: MatchState, fc: CircleForecast, t: CircleTargetForecast, lang: str, picked: bool) -> str:
    """R8: the card of one fighter around a circle attack: its place in the order, its chances,
    the share it takes if hit (R8.2), then both sides of the roll."""
    f = state.fighters[t.target]
    lines = [text("circle_forecast", lang, name=f.sheet.name, place=t.place, count=len(fc.targets),
                  hit=float(t.hit), dmg=float(t.expected_damage), kill=float(t.kill))]
    if t.damage_if_hit:
        lines.append(text("circle_share", lang, low=min(t.damage_if_hit), high=max(t.damage_if_hit)))
    if f.team == state.active.team:
        lines.append(text("circle_ally", lang))
    if not picked:
        lines.append(text("circle_not_picked", lang))
    return "\n".join(lines + sides_lines(state, fc.attack, t.dodge, lang))
