"""The balance report of a series: win rates with Wilson intervals, match lengths,
deaths by cause, and the verdict on the map's balance.

Teams rotate through the spawn sides, one step each match, so with a whole number of
rotations every team plays every side equally often: a side that wins more is the map's
doing, a team that wins more is the roster's.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from arena_game.bots.match import MatchRecord, MatchSetup
from arena_game.design.simulation.stats import (
    binomial_two_sided_p,
    chi_square_uniform_p,
    wilson_interval,
)

ALPHA = 0.05
MIN_DECISIVE = 10  # below this many decided matches no verdict is given


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

    Two groups: exact two-sided binomial test against 50%; more: Pearson chi-square
    goodness of fit against equal shares.
    """
    keys = list(counts)
    values = [counts[k] for k in keys]
    n = sum(values)
    if len(keys) == 2:
        p = binomial_two_sided_p(values[0], n)
        test = "exact two-sided binomial test against 50%, on decisive matches"
    else:
        p = chi_square_uniform_p(values)
        test = "Pearson chi-square test against equal shares, on decisive matches"
    enough = n >= MIN_DECISIVE
    significant = enough and p < alpha
    favoured = max(keys, key=lambda k: counts[k]) if significant else None
    return {
        "significant": significant, "favoured": favoured, "p_value": float(f"{p:.4g}"),
        "alpha": alpha, "decisive": n, "enough_data": enough, "test": test,
    }


def build_report(setup: MatchSetup, records: list[MatchRecord], seed: int) -> dict[str, Any]:
    """Everything the text and JSON reports show, as plain data."""
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
    return {
        "map": setup.board.name,
        "matches": n,
        "seed": seed,
        "round_cap": setup.round_cap,
        "teams": [{"id": t.id, "name": t.name, **_rate(team_wins.get(t.id, 0), n)} for t in setup.teams],
        "sides": [{"slot": s, **_rate(slot_wins.get(s, 0), n)} for s in slots],
        "draws": {"count": draws, "capped": sum(1 for r in records if r.capped)},
        "rounds": _spread([r.rounds for r in records]),
        "first_contact": {**_spread(contacts), "never": n - len(contacts)},
        "deaths_by_cause": dict(sorted(deaths.items(), key=lambda kv: (-kv[1], kv[0]))),
        "incidents": dict(sorted(incidents.items(), key=lambda kv: (-kv[1], kv[0]))),
        "side_balance": side_test,
        "team_balance": team_test,
        "refused_actions": sum(len(r.refused) for r in records),
        "verdict": _verdict(side_test),
    }


def _verdict(test: dict[str, Any]) -> str:
    if not test["enough_data"]:
        return f"not enough decisive matches ({test['decisive']} < {MIN_DECISIVE}) to judge the map"
    if test["significant"]:
        return (
            f"UNBALANCED map: side {test['favoured']} wins significantly more "
            f"(p = {test['p_value']:.4g} < {test['alpha']}, {test['test']})"
        )
    return (
        f"no significant side advantage (p = {test['p_value']:.4g} ≥ {test['alpha']}, {test['test']})"
    )


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:5.1f}%"


def format_report(rep: dict[str, Any]) -> str:
    """The report as text for the terminal."""
    out = [
        f"Carte / map: {rep['map']} — {rep['matches']} matches, seed {rep['seed']}, "
        f"round cap {rep['round_cap']}",
        "",
        "Victoires par équipe / wins per team (95% Wilson interval):",
    ]
    for t in rep["teams"]:
        lo, hi = t["ci95"]
        out.append(f"  {t['name']} ({t['id']}): {t['wins']:4d}  {_pct(t['rate'])}  [{_pct(lo)} – {_pct(hi)}]")
    out.append("Victoires par côté / wins per spawn side (95% Wilson interval):")
    for s in rep["sides"]:
        lo, hi = s["ci95"]
        out.append(f"  side {s['slot']}: {s['wins']:4d}  {_pct(s['rate'])}  [{_pct(lo)} – {_pct(hi)}]")
    d = rep["draws"]
    out.append(f"  draws (round cap): {d['count']}")
    r, c = rep["rounds"], rep["first_contact"]
    out.append("")
    out.append(f"Rounds per match: mean {r['mean']}, median {r['median']}, min {r['min']}, max {r['max']}")
    out.append(
        f"Round of first contact: mean {c['mean']}, median {c['median']}, min {c['min']}, "
        f"max {c['max']} (never: {c['never']})"
    )
    out.append("Morts par cause / deaths by cause: " + (
        ", ".join(f"{k} {v}" for k, v in rep["deaths_by_cause"].items()) or "none"))
    if rep["incidents"]:
        out.append("Incidents: " + ", ".join(f"{k} {v}" for k, v in rep["incidents"].items()))
    tb = rep["team_balance"]
    out.append("")
    if tb["significant"]:
        out.append(f"Teams: {tb['favoured']} is significantly stronger (p = {tb['p_value']:.4g}).")
    else:
        out.append(f"Teams: no significant difference (p = {tb['p_value']:.4g}).")
    out.append(f"Verdict: {rep['verdict']}")
    if rep["refused_actions"]:
        out.append(f"WARNING: the engine refused {rep['refused_actions']} bot action(s) — a bot bug.")
    if rep.get("heatmaps"):
        out.append("Heatmaps: " + ", ".join(rep["heatmaps"]))
    return "\n".join(out)
