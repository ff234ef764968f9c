"""Seat bias: the same bot on both sides with identical rosters, and who wins by seat.

Team A (the default lions) plays a copy of itself (team B) at `--level`, both sides the same
bot. Each match records A's spawn side, which team its sheet lists first (R0.5: it breaks
initiative ties), who acts first, and how many ties the sheet order broke between the two
teams. The spawn sides and the sheet order are each rotated as in `simulate`
(`MatchSetup.slot_assignment`, `sheet_order`) or held fixed (A on the map's first slot, A
listed first). Prints, per map and pooled, the share of decided matches won by team A, by
the first slot, by the sheet's first team and by the first to act, with 95% Wilson intervals.

    .venv/bin/python bench/seat_bias.py [--level fast] [--matches N] [--maps a,b]
        [--sides rotated|fixed] [--sheet rotated|fixed] [--seed S] [--fresh] [--twin-first] [--out rows.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_bots import MAPS, mirrored  # noqa: E402

from arena_game.bots.match import MatchSetup, match_seed, opening, play_bot_match  # noqa: E402
from arena_game.core.sheets import Team  # noqa: E402
from arena_game.design.simulation.stats import wilson_interval  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402


@dataclass(frozen=True)
class SeatSetup(MatchSetup):
    """`MatchSetup` with the spawn sides and the sheet order each rotated or held as match 0's."""

    rotate_sides: bool = True
    rotate_sheet: bool = True

    def slot_assignment(self, index: int) -> dict[str, str]:
        """Team → spawn slot: `simulate`'s rotation, or match 0's."""
        return super().slot_assignment(index if self.rotate_sides else 0)

    def sheet_order(self, index: int) -> list[Team]:
        """The teams in sheet order: `simulate`'s rotation, or match 0's."""
        return super().sheet_order(index if self.rotate_sheet else 0)


def play_one(setup: SeatSetup, seed: int, index: int, map_name: str) -> dict[str, Any]:
    """One match and the seats it was played from."""
    a, b = (t.id for t in setup.teams)
    opened = opening(setup, seed, index)[0]
    start = opened.state
    team_of = {f.id: f.team for f in start.fighters.values()}
    order = start.order
    # ties the sheet order broke between the teams: neighbours in the order with the same roll
    rolls = {e.fighter: e.roll.total for e in opened.log if e.type == "dice_rolled"}
    agility = {f.id: f.sheet.attribute("agilite") for f in start.fighters.values()}
    ties = sum(1 for x, y in zip(order, order[1:], strict=False)
               if team_of[x] != team_of[y] and rolls.get(x) == rolls.get(y) and agility[x] == agility[y])
    rec = play_bot_match(setup, seed, index)
    return {
        "map": map_name, "index": index, "winner": rec.winner, "capped": rec.capped, "rounds": rec.rounds,
        "a_slot": rec.slots[a], "first_slot": setup.slots()[0], "sheet_first": setup.sheet_order(index)[0].id,
        "first_to_act": team_of[order[0]], "ties": ties, "a": a, "b": b,
    }


def rate(rows: list[dict[str, Any]], wins: Any) -> str:
    """Share of the decided matches in `rows` where `wins(row)`, with its 95% Wilson interval."""
    decided = [r for r in rows if r["winner"] is not None]
    n, w = len(decided), sum(1 for r in decided if wins(r))
    if not n:
        return "—"
    lo, hi = wilson_interval(w, n)
    return f"{100 * w / n:5.1f}% [{100 * lo:4.1f}–{100 * hi:4.1f}] ({w}/{n})"


def report(rows: list[dict[str, Any]], label: str) -> None:
    """One block of rates for `rows`."""
    draws = sum(1 for r in rows if r["winner"] is None)
    print(f"  {label}: {len(rows)} matches, {draws} draws")
    print(f"    team A ({rows[0]['a']})        {rate(rows, lambda r: r['winner'] == r['a'])}")
    print(f"    first spawn slot      {rate(rows, lambda r: (r['winner'] == r['a']) == (r['a_slot'] == r['first_slot']))}")
    print(f"    sheet's first team    {rate(rows, lambda r: r['winner'] == r['sheet_first'])}")
    print(f"    first to act          {rate(rows, lambda r: r['winner'] == r['first_to_act'])}")
    tied = [r for r in rows if r["ties"]]
    print(f"    sheet's first, {len(tied)} matches with a tie broken by it: "
          f"{rate(tied, lambda r: r['winner'] == r['sheet_first'])}")


def main() -> int:
    """Play the series and print the rates."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="fast")
    ap.add_argument("--matches", type=int, default=200, help="matches per map")
    ap.add_argument("--maps", default=",".join(MAPS))
    ap.add_argument("--sides", choices=("rotated", "fixed"), default="rotated")
    ap.add_argument("--sheet", choices=("rotated", "fixed"), default="rotated")
    ap.add_argument("--seed", type=int, default=58)
    ap.add_argument("--twin-first", action="store_true", help="team A is the copy (`lions_bis`): does a "
                    "bias follow the team's place in the set-up or its ids?")
    ap.add_argument("--fresh", action="store_true", help="each map its own seeds (indices k·N … k·N + N − 1 "
                    "on the k-th map): without it every map plays indices 0 … N − 1, and maps with as many "
                    "spawn squares share their dice")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    teams = mirrored(load_teams(default_teams_path())[0])
    if args.twin_first:
        teams = teams[::-1]
    rows = []
    load, t0 = os.getloadavg()[0], time.process_time()
    maps = args.maps.split(",")
    for k, name in enumerate(maps):
        first = k * args.matches if args.fresh else 0
        setup = SeatSetup(load_map(find_map(name)), teams, round_cap=40, bot_level=args.level,
                          rotate_sides=args.sides == "rotated", rotate_sheet=args.sheet == "rotated")
        rows += [play_one(setup, match_seed(args.seed, i), i, name) for i in range(first, first + args.matches)]
    print(f"level {args.level}, sides {args.sides}, sheet {args.sheet}, seed {args.seed}{' fresh' if args.fresh else ''}, "
          f"{args.matches} matches "
          f"per map; {time.process_time() - t0:.0f} CPU-s, load {load:.1f} → {os.getloadavg()[0]:.1f}")
    for name in maps:
        report([r for r in rows if r["map"] == name], name)
    if len(maps) > 1:
        report(rows, "pooled")
    if args.out:
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
