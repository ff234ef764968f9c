"""Readable log lines from core events (the CLI log and the window's combat log).

The front end writes its log from these events; it never diffs states.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena_game.core.errors import IllegalAction
from arena_game.core.events import DiceRolled, Event, TackleChecked
from arena_game.core.geometry import fmt
from arena_game.i18n import LANGS, fill, plural_form, refusal_text, section
from arena_game.i18n import t as tr
from arena_game.i18n.terms import (
    held,
    location_name,
    mana_reason,
    modifier_source,
    roll_line,
    signed,
    trait_name,
)

Names = Mapping[str, str]

# The log templates live in the catalog (arena_game/i18n/*.toml, section [log]).
_T: dict[str, dict[str, str]] = {lang: section("log", lang) for lang in LANGS}
# Events whose line says a count: the field holding it (the template has `_one` / `_other` forms).
_COUNTED = {"swim_rolled": "squares", "run_rolled": "squares", "run_ended": "squares_left",
            "modifier_added": "turns", "fainted": "turns", "circle_split_awaited": "total"}


def and_list(items: list[str], lang: str = "fr") -> str:
    """Names as a sentence lists them: "Oruk", "Oruk and Kael", "Oruk, Kael and Nyssa" ("et" in French)."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _T.get(lang, _T["fr"])["list_and"] + items[-1]


def applies_to_words(key: str, lang: str = "fr") -> str:
    """What a modifier applies to, in words: French game terms for an attribute, "all rolls" (R0.5)."""
    t = _T.get(lang, _T["fr"])
    return t.get(f"applies_{key}") or trait_name(key, lang)


def path_text(squares: Sequence[Sequence[int]], held_arrows: bool = False) -> str:
    """The squares of a path joined by arrows, "(6, 6) → (5, 6)". `held_arrows` (a line shown in
    a box that wraps it): a line may break before an arrow, never after it ("(6, 6) →" / "(5, 6)"
    left the square alone), and a path of two squares stays whole ("(6, 6)\u00a0→\u00a0(5, 6)")."""
    shown = [fmt((sq[0], sq[1])) for sq in squares]
    if not held_arrows:
        return " → ".join(shown)
    return ("\u00a0→\u00a0" if len(shown) == 2 else " →\u00a0").join(shown)


def dice_line(event: DiceRolled, names: Names | None = None, lang: str = "fr", hidden: bool = False,
              held_terms: bool = False, drawn: bool = False) -> str:
    """A roll's breakdown in `lang` ("Course : d20 14 + Physique 5 … = 20"), without who rolled it;
    `hidden`: the face and total not known yet ("d20 … + Physique 5 = …", while the die rolls);
    `drawn`: a line the window draws, its die and face set apart (`roll_line`)."""
    against = (names or {}).get(event.against, event.against) if event.against else ""
    return roll_line(event.roll, lang, against, hidden, held_terms, drawn)


def told(event: Event) -> bool:
    """False for an event whose news the next event's line gives in full: a tackle check that
    tackles ("passes Nyssa: tackled!") is followed by its `Tackled` ("Tarn is tackled by Nyssa
    at (6, 2)"); a log shows one line for the two."""
    return not (isinstance(event, TackleChecked) and event.tackled)


def describe(event: Event, names: Names | None = None, lang: str = "fr", held_terms: bool = False) -> str:
    """One log line for an event, in French or English; dice rolls show their breakdown.

    `names` maps fighter and team ids to the names shown; `held_terms`: a roll's terms held
    together by no-break spaces (`roll_line`), and so are a round's banner and a path's arrows
    (`path_text`), for a box that wraps the line (the log), whose rolls set their die and face
    apart as the window draws them (`roll_line`'s `drawn`).
    """
    t = _T.get(lang, _T["fr"])
    n: Callable[[Any], str] = lambda fid: (names or {}).get(fid, fid) if fid else "—"  # noqa: E731
    d = event.model_dump()
    kind = d["type"]
    if isinstance(event, DiceRolled):
        return f"  🎲 {n(d['fighter'])} — {dice_line(event, names, lang, held_terms=held_terms, drawn=held_terms)}"
    if kind in _COUNTED:
        kind = f"{kind}_{plural_form(d[_COUNTED[kind]], lang)}"
    for key in ("fighter", "attacker", "target", "by", "opponent", "team", "winner"):
        if key in d and isinstance(d[key], str):
            d[key] = n(d[key])
    for key in ("at", "over", "landing", "origin", "to"):
        if key in d and isinstance(d[key], tuple | list):
            d[key] = fmt(tuple(d[key]))
    for key in ("path", "declared"):
        if key in d:
            d[key] = path_text(d[key], held_arrows=held_terms)
    if kind == "turn_started" and held_terms:  # a log column never splits the banner ("— Round 2:" / "Sielle —")
        return held(fill(t[kind], lang, **d))
    if kind == "turn_order_set":
        return fill(t[kind], lang, how=t["rolled"] if d["rolled"] else "", order=", ".join(n(x) for x in d["order"]))
    if kind == "moved":  # a run or a swim names its French term ("Tarn's Course (run): …")
        if f"moved_{d['mode']}" in t:
            return fill(t[f"moved_{d['mode']}"], lang, fighter=d["fighter"], path=d["path"])
        return fill(t[kind], lang, fighter=d["fighter"], verb=t[d["mode"]], path=d["path"])
    if kind == "flee_checked":
        opp = and_list([n(x) for x in event.opponents], lang)  # type: ignore[union-attr]
        return fill(t["flee_ok" if d["success"] else "flee_fail"], lang, fighter=d["fighter"], opponents=opp)
    if kind == "jump_attempted":
        return fill(t["jump_ok" if d["success"] else "jump_fail"], lang, **d)
    if kind == "tackle_checked":
        return fill(t[kind], lang, fighter=d["fighter"], opponent=d["opponent"], tackled=t["tackled_yes" if d["tackled"] else "tackled_no"])
    if kind.startswith("run_ended"):
        if d["reason"] == "completed" and d["squares_left"] == 0:  # not "(all squares run, 0 squares left)"
            return fill(t["run_ended_all"], lang, fighter=d["fighter"])
        d["reason"] = t.get(f"run_end_{d['reason']}", d["reason"])
    if kind == "turn_skipped":
        d["reason"] = t.get(f"skip_{d['reason']}", d["reason"])
    if kind == "action_refused":
        d["kind"] = t.get(f"kind_{d['kind']}", d["kind"])
        refused = IllegalAction(d["rule"], d["code"], code=d["code"], fields=event.fields)  # type: ignore[union-attr]
        d["reason"] = refusal_text(refused, lang)
    if kind == "teleported":
        d["means"] = t.get(f"means_{d['means']}", d["means"])
    if kind == "attacked":
        result = "hit" if d["hit"] else "miss"
        if d.get("target_asleep"):  # R10.1: say why the totals did not decide it
            result += "_asleep"
        return fill(t[kind], lang, **d, result=t[result])
    if kind == "pushed":
        return fill(t[kind], lang, **{**d, "fell": t["fell_suffix"] if d["fell"] else ""})
    if kind == "taunted":
        taunt = tr(f"term.purpose_taunt_{d['style']}", lang)
        return fill(t[kind], lang, **{**d, "taunt": taunt, "result": t["taunt_ok" if d["success"] else "taunt_fail"]})
    if kind in ("modifier_added_one", "modifier_added_other", "modifier_expired"):
        d["source"] = modifier_source(d["source"], lang)
    if kind.startswith("modifier_added"):
        return fill(t[kind], lang, **{**d, "value": signed(d["value"]), "applies_to": applies_to_words(d["applies_to"], lang)})
    if kind == "damaged":
        d["location"] = location_name(d["location"], lang)
        if d["pv"] < 0:  # struck below 0: a minus, as the rolls write theirs, not a hyphen
            d["pv"] = signed(d["pv"])
    if kind == "mana_changed":
        d["reason"] = mana_reason(d["reason"], lang)
        d["delta"] = signed(d["delta"])
    if kind == "died":
        return fill(t[kind], lang, **{**d, "cause": t.get(f"cause_{event.cause}", event.cause)})  # type: ignore[union-attr]
    if kind.startswith("circle_split_awaited"):
        return fill(t[kind], lang, attacker=d["attacker"], total=d["total"], hit=and_list([n(x) for x in d["hit"]], lang))
    if kind == "match_ended":
        w = fill(t["winner"], lang, team=d["winner"]) if d["winner"] else t["no_winner"]
        return fill(t[kind], lang, winner=w)
    template = t.get(kind)
    if template is None:
        return f"{kind}: {d}"
    return fill(template, lang, **d)
