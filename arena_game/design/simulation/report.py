"""The balance report of a series: win rates with Wilson intervals, draws, match lengths,
deaths by cause, and the verdict on the map's balance.

Teams rotate through the spawn sides, one step each match, and their sheet order (which
breaks initiative ties, R0.5) rotates once per full turn of the sides, so with a whole
number of n² matches every team plays every side at every place in the order equally
often: a side that wins more is the map's doing, a team that wins more is the roster's.

Draws enter the verdict: a map where most matches end without a winner is reported as
such, whatever the decisive matches say, and a draw share past 5% is warned about.
`build_report` gives plain data (keys and numbers); `format_report` words it in one
language from the catalog's `[simulate]` section.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from arena_game.bots.match import MatchRecord, MatchSetup
from arena_game.design.simulation.stats import (
    binomial_two_sided_p,
    chi_square_uniform_p,
    smallest_detectable_split,
    wilson_interval,
)
from arena_game.formats.problems import one_line, shorten
from arena_game.i18n import DEFAULT_LANG, t
from arena_game.i18n.numbers import number

ALPHA = 0.05
POWER = 0.8  # the chance of catching a split of the reported size
MIN_DECISIVE = 10  # below this many decided matches no verdict is given
DRAW_WARNING = 0.05  # past this share of draws the report warns
MOSTLY_DRAWS = 0.5  # past this share the verdict is that the map mostly draws


def _spread(values: list[int]) -> dict[str, float | int | None]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    return {
        "mean": round(statistics.fmean(values), 2), "median": statistics.median(values),
        "min": min(values), "max": max(values),
    }


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, n)
    return {"wins": wins, "rate": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def balance_test(counts: dict[str, int], alpha: float = ALPHA) -> dict[str, Any]:
    """Do these win counts (decisive matches only) differ more than chance allows?

    Two groups: exact two-sided binomial test against 50% (with the smallest split it
    would catch at this size); more: Pearson chi-square goodness of fit against equal shares.
    """
    keys = list(counts)
    values = [counts[k] for k in keys]
    n = sum(values)
    detectable = None
    if len(keys) == 2:
        p = binomial_two_sided_p(values[0], n)
        test = "binomial"
        split = smallest_detectable_split(n, alpha, POWER)
        detectable = None if split is None else round(split, 4)
    else:
        p = chi_square_uniform_p(values)
        test = "chi_square"
    enough = n >= MIN_DECISIVE
    significant = enough and p < alpha
    favoured = max(keys, key=lambda k: counts[k]) if significant else None
    return {
        "significant": significant, "favoured": favoured, "p_value": float(f"{p:.4g}"),
        "alpha": alpha, "decisive": n, "enough_data": enough, "test": test,
        "detectable_split": detectable,
    }


def build_report(
    setup: MatchSetup, records: list[MatchRecord], seed: int, rules_file: str | None = None,
    teams_file: str | None = None,
) -> dict[str, Any]:
    """Everything the text and JSON reports show, as plain data; `basis` says what the
    figures rest on: the bots' level, the rules file and the teams file (None: the defaults)."""
    n = len(records)
    team_wins = Counter(r.winner for r in records if r.winner)
    slot_wins = Counter(r.winner_slot for r in records if r.winner_slot)
    slots = setup.slots()
    deaths = Counter(d["cause"] for r in records for d in r.deaths)
    incidents: Counter[str] = Counter()
    for r in records:
        incidents.update(r.incidents)
    contacts = [r.first_contact for r in records if r.first_contact is not None]
    side_test = balance_test({s: slot_wins.get(s, 0) for s in slots})
    team_test = balance_test({t.id: team_wins.get(t.id, 0) for t in setup.teams})
    draws = sum(1 for r in records if r.winner is None)
    capped = sum(1 for r in records if r.capped)
    share = round(draws / n, 4) if n else 0.0
    return {
        "map": setup.board.name,
        "matches": n,
        "seed": seed,
        "round_cap": setup.round_cap,
        "basis": {"bots": setup.bot_level, "rules": rules_file, "teams": teams_file},
        "teams": [{"id": t.id, "name": t.name, **_rate(team_wins.get(t.id, 0), n)} for t in setup.teams],
        "sides": [{"slot": s, **_rate(slot_wins.get(s, 0), n)} for s in slots],
        "draws": {"count": draws, "capped": capped, "share": share, **_rate(draws, n),
                  "warning": share > DRAW_WARNING},
        "rounds": _spread([r.rounds for r in records]),
        "first_contact": {**_spread(contacts), "never": n - len(contacts)},
        "deaths_by_cause": dict(sorted(deaths.items(), key=lambda kv: (-kv[1], kv[0]))),
        "incidents": dict(sorted(incidents.items(), key=lambda kv: (-kv[1], kv[0]))),
        "side_balance": side_test,
        "team_balance": team_test,
        "refused_actions": sum(len(r.refused) for r in records),
        "verdict": verdict(side_test, draws, capped, n),
    }


def verdict(side_test: dict[str, Any], draws: int, capped: int, matches: int) -> dict[str, Any]:
    """The map's verdict as a key and its figures: mostly draws, too few, unbalanced, or balanced."""
    share = draws / matches if matches else 0.0
    if matches and share > MOSTLY_DRAWS:
        return {"kind": "mostly_draws", "draws": draws, "capped": capped, "share": round(share, 4)}
    if not side_test["enough_data"]:
        return {"kind": "not_enough", "decisive": side_test["decisive"], "needed": MIN_DECISIVE}
    base = {"p_value": side_test["p_value"], "alpha": side_test["alpha"], "test": side_test["test"]}
    if side_test["significant"]:
        return {"kind": "unbalanced", "side": side_test["favoured"], **base}
    return {"kind": "balanced", **base}


def _pct(x: float | None, lang: str) -> str:
    return "—" if x is None else number(x, lang, "6.1%")


def _line(key: str, lang: str, **fields: object) -> str:
    return t(f"simulate.{key}", lang, **fields)


P_SHOWN_FLOOR = 1e-4  # smaller p-values are written "p < 0.0001" (a long series' exact p can underflow to 0)


def p_shown(p: float, lang: str = DEFAULT_LANG) -> str:
    """A p-value as the report writes it: "p = 0.1701", or "p < 0.0001" below the floor."""
    if p < P_SHOWN_FLOOR:
        return "p < " + number(P_SHOWN_FLOOR, lang, "f").rstrip("0")
    return "p = " + number(p, lang, ".4g")


def verdict_text(v: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
    """The verdict as one sentence in `lang`."""
    fields = dict(v)
    kind = fields.pop("kind")
    if "p_value" in fields:
        fields["p"] = p_shown(fields.pop("p_value"), lang)
    if "test" in fields:
        fields["test"] = _line(f"test_{fields['test']}", lang)
    if "share" in fields:
        fields["share"] = _pct(fields["share"], lang).strip()
    return _line(f"verdict_{kind}", lang, **fields)


def level_name(level: str, lang: str = DEFAULT_LANG) -> str:
    """The bots' level `level` (its code, as typed after `--level`) named in `lang`, the code
    beside ("fort (strong)"): in the report, the heatmaps' titles and the sweep chart's."""
    return _line(f"level_name_{level}", lang)


def basis_text(basis: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
    """What the figures rest on, as one line: the bots' level and what it plays like, the
    rules and the teams."""
    # the files' names and the map's and teams' own come from the command line and the files:
    # each stays on its line and cannot turn the terminal (an escape sequence in a name)
    rules = one_line(basis["rules"]) if basis["rules"] else _line("rules_default", lang)
    teams = one_line(basis["teams"]) if basis["teams"] else _line("teams_default", lang)
    level = basis["bots"]
    return _line("basis", lang, level=level_name(level, lang), about=_line(f"level_{level}", lang),
                 rules=rules, teams=teams)


def format_report(rep: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
    """The report as text for the terminal, all in `lang`."""
    out = [_line("head", lang, map=shorten(rep["map"]), matches=rep["matches"], seed=rep["seed"], cap=rep["round_cap"]),
           basis_text(rep["basis"], lang), ""]
    out.append(_line("teams_head", lang))
    for tm in rep["teams"]:
        lo, hi = tm["ci95"]
        label = _line("row", lang, label=f"{shorten(tm['name'])} ({shorten(tm['id'])})")
        out.append(f"  {label} {tm['wins']:4d}  {_pct(tm['rate'], lang)}  [{_pct(lo, lang)} – {_pct(hi, lang)}]")
    out.append(_line("sides_head", lang))
    for s in rep["sides"]:
        lo, hi = s["ci95"]
        label = _line("row", lang, label=_line("side", lang, slot=s["slot"]))
        out.append(f"  {label} {s['wins']:4d}  {_pct(s['rate'], lang)}  [{_pct(lo, lang)} – {_pct(hi, lang)}]")
    d = rep["draws"]
    lo, hi = d["ci95"]
    out.append("  " + _line("draws", lang, count=d["count"], share=_pct(d["share"], lang).strip(),
                            lo=_pct(lo, lang).strip(), hi=_pct(hi, lang).strip(), capped=d["capped"]))
    r, c = rep["rounds"], rep["first_contact"]
    # a series where no fighter ever met an enemy has no figures to give ("moyenne None", s50)
    met = _line("contact", lang, **c) if c["mean"] is not None else _line("contact_never", lang, n=c["never"])
    out += ["", _line("rounds", lang, **r), met]
    causes = ", ".join(f"{_cause(k, lang)} {v}" for k, v in rep["deaths_by_cause"].items())
    out.append(_line("deaths", lang, causes=causes or _line("none", lang)))
    if rep["incidents"]:
        out.append(_line("incidents", lang, list=", ".join(f"{_incident(k, lang)} {v}" for k, v in rep["incidents"].items())))
    tb, sb = rep["team_balance"], rep["side_balance"]
    out.append("")
    if tb["significant"]:
        # named as in the rows above, the file's id beside (a team's id alone, "vipers", is no name a player gave)
        favoured = next((tm for tm in rep["teams"] if tm["id"] == tb["favoured"]), None)
        team = f"{shorten(favoured['name'])} ({shorten(favoured['id'])})" if favoured else shorten(str(tb["favoured"]))
        out.append(_line("teams_stronger", lang, team=team, p=p_shown(tb["p_value"], lang)))
    else:
        out.append(_line("teams_even", lang, p=p_shown(tb["p_value"], lang)))
    split = sb.get("detectable_split")
    if split is None:
        out.append(_line("detect_none", lang, decisive=sb["decisive"]))
    else:
        win = round(split, 3)  # the two shares rounded once, so they add up to 100%
        out.append(_line("detect", lang, decisive=sb["decisive"], win=number(win, lang, ".1%"),
                         lose=number(1 - win, lang, ".1%"), power=round(100 * POWER)))
    out.append(_line("verdict", lang, text=verdict_text(rep["verdict"], lang)))
    if d["warning"]:
        out.append(_line("draw_warning", lang, share=_pct(d["share"], lang).strip(), limit=_pct(DRAW_WARNING, lang).strip()))
    if rep["refused_actions"]:
        out.append(_line("refused", lang, count=rep["refused_actions"]))
    if rep.get("heatmaps"):
        out.append(_line("heatmaps", lang, list=", ".join(one_line(h) for h in rep["heatmaps"])))
    return "\n".join(out)


def _cause(key: str, lang: str) -> str:
    return t(f"simulate.cause_{key.replace(' ', '_')}", lang)


def _incident(key: str, lang: str) -> str:
    return t(f"simulate.incident_{key.replace(' ', '_')}", lang)
