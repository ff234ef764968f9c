"""Tackles on the way (R4.7): which opponents' d8 a run under way rolls on its route to each
square, and the chance that one of them stops it there, for the window's tackle flags
(Blood Bowl's "risk before each step")."""

from __future__ import annotations

from fractions import Fraction

from arena_game.core.geometry import Square, is_adjacent
from arena_game.core.rules.running_chances import tackle_survival
from arena_game.core.rules.running_reach import RunSearch, run_route, run_search
from arena_game.core.state import FighterState, MatchState


def route_tackles(state: MatchState, f: FighterState, route: list[Square]) -> list[str]:
    """R4.7: the opponents whose tackle die the runner rolls running `route` from where they
    stand: each awake opponent beside a square they move on from, once per run (not those
    already rolled for), never from the run's start square (a flight there, R3)."""
    run = state.budget.run
    if run is None:
        return []
    checked = set(run.tackle_checked)
    origins = ([f.position] if len(run.path) >= 2 else []) + list(route[:-1])
    out: list[str] = []
    for origin in origins:
        for o in state.awake_opponents_of(f):
            if o.id not in checked and is_adjacent(o.position, origin):
                checked.add(o.id)
                out.append(o.id)
    return out


def run_tackle_risks(state: MatchState, f: FighterState | None = None,
                     search: RunSearch | None = None) -> dict[Square, Fraction]:
    """R4.7: for each square a run under way reaches (`run_reach`), the chance that a tackle
    stops the runner on the route a click there runs (`run_route`); squares without a tackle
    die on the way are left out. `search`: `run_search` of this state, when kept."""
    f = f or state.active
    search = search if search is not None else run_search(state, f)
    survive = tackle_survival(state.settings.run)
    width = state.board.width
    out: dict[Square, Fraction] = {}
    for t in search[0]:
        sq = (t % width, t // width)
        route = run_route(state, sq, f, search)
        dice = len(route_tackles(state, f, route)) if route else 0
        if dice:
            out[sq] = 1 - survive**dice
    return out
