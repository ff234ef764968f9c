"""Spawn fairness for `arena-game check` (issue 16): does either side start better placed?

Four figures per team slot, each from walking distances the rules core allows (the
`Prober` of `mapcheck`):
- `first reach`: the share of the squares some team walks to that this team reaches
  strictly first, from its nearest spawn (ties count for nobody);
- `to centre`: mean walking squares from the team's spawns to the nearest of the walkable
  squares closest to the map's centre;
- `to hazard`: mean walking squares from its spawns to the nearest dead square (R2.5), where
  the map has any;
- `cover`: mean number of walls, pillars and obstacles around each of its spawns (the 8
  squares around it), what a fighter can stand behind.

A warning (`lopsided-spawns`) names each figure whose spread between teams passes its
threshold below; on a point-symmetric map every spread is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from arena_game.core.board import Board
from arena_game.core.geometry import Square, neighbours
from arena_game.core.terrain import Terrain

# Thresholds: past these spreads between the best and the worst team, `check` warns.
FIRST_REACH_SPREAD = 0.15  # share of the map (15 points: e.g. 57% against 42%)
CENTRE_SPREAD = 2.0  # walking squares
HAZARD_SPREAD = 2.0  # walking squares
COVER_SPREAD = 1.5  # blocking squares around a spawn

_COVER = (Terrain.WALL, Terrain.PILLAR, Terrain.OBSTACLE)


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def centre_squares(board: Board, walkable: set[Square]) -> list[Square]:
    """The walkable squares nearest the map's centre, all of them when several tie (on an
    even-sized or point-symmetric map, picking one would favour a side)."""
    cx, cy = (board.width - 1) / 2, (board.height - 1) / 2
    gap = {s: (s[0] - cx) ** 2 + (s[1] - cy) ** 2 for s in walkable}
    nearest = min(gap.values(), default=None)
    return sorted(s for s, g in gap.items() if g == nearest)


Distances = Callable[[Iterable[Square]], dict[Square, int]]


def fairness_figures(
    board: Board, walk: dict[str, dict[Square, int]], distances: Distances,
) -> dict[str, dict[str, float | None]]:
    """Per team slot: first reach share, distance to the centre and to a hazard, cover.

    `walk[t]` maps each square team `t` walks to onto its distance from t's nearest spawn;
    `distances(starts)` gives walking distances from any starts."""
    teams = sorted(walk)
    reached: set[Square] = set().union(*walk.values()) if walk else set()
    firsts = {t: 0 for t in teams}
    fields = list(walk.items())
    for sq in reached:  # the team strictly nearest, if one is (a tie counts for nobody)
        first: str | None = None
        best, tied = 0, False
        for t, d in fields:
            here = d.get(sq)
            if here is None:
                continue
            if first is None or here < best:
                first, best, tied = t, here, False
            elif here == best:
                tied = True
        if first is not None and not tied:
            firsts[first] += 1
    from_centre = distances(centre_squares(board, reached))
    hazards = [sq for sq in board.squares() if board.terrain(sq).dead]
    # A hazard is entered, never stood on: measure to the walkable squares beside one.
    brinks = [n for h in hazards for n in neighbours(h) if n in reached]
    from_hazard = distances(brinks) if brinks else {}
    out: dict[str, dict[str, float | None]] = {}
    for t in teams:
        spawns = board.spawns[t]
        out[t] = {
            "first reach": round(firsts[t] / len(reached), 3) if reached else None,
            "to centre": _mean([from_centre[s] for s in spawns if s in from_centre]),
            "to hazard": _mean([from_hazard[s] + 1 for s in spawns if s in from_hazard]) if hazards else None,
            "cover": _mean([sum(board.terrain(n) in _COVER for n in neighbours(s)) for s in spawns]),
        }
    return out


def lopsided(figures: dict[str, dict[str, float | None]]) -> list[dict[str, object]]:
    """Each figure whose spread between teams passes its threshold: its name and the
    value of every team that has one ({"figure": "cover", "values": {"1": 0.5, "2": 3.0}})."""
    limits = {"first reach": FIRST_REACH_SPREAD, "to centre": CENTRE_SPREAD,
              "to hazard": HAZARD_SPREAD, "cover": COVER_SPREAD}
    out: list[dict[str, object]] = []
    for name, limit in limits.items():
        values = {t: v for t, f in figures.items() if (v := f[name]) is not None}
        if len(values) >= 2 and max(values.values()) - min(values.values()) > limit:
            out.append({"figure": name, "values": values})
    return out
