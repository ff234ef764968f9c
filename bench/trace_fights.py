"""The fight after the first blow: the bot against greedy on one map, traced match by match.

Plays the bench's matches (`bench_bots.py`'s seeds: `--first` is the first index) and prints
what decided them (docs/bots.md, "The fight after the first blow"):

- who attacked first, with what (a plain blow, a run attack at R4.8's −8, a circle), and
  the share of those matches the bot won;
- where the teams stood at that first attack: the path distance of the bot's fighters to the
  fight (the opener's square, or its target's when greedy opened), and each team's spread
  (the farthest pair of its fighters, in path squares);
- the bot's run attacks: how often they landed, on an enemy a friend already stood beside or
  on a fresh one;
- the first death of each match not won, and the blows landed by each side from the first
  attack to it;
- whether the bot's fighters stood on both sides of greedy's at that first attack (two of them
  whose way round greedy's fighters is more than 6 squares longer than through them), and the
  share of those matches won;
- which side lost the first fighter and the share won then; where the bot lost it first, what
  its other fighters did in their turns from the first attack to that death, by their path
  distance to the nearest enemy: struck, closed in, or stayed (or stepped back), and of those
  how often their way was barred by a friend (more than 4 squares longer with the bot's other
  fighters as walls; docs/bots.md, "A body in the corridor").

    .venv/bin/python bench/trace_fights.py [--matches 150] [--first 80000] [--map labyrinthe]
        [--level strong] [--style name=value,…]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict, deque
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_bots import ROUND_CAP, _ours, mirrored  # noqa: E402

from arena_game.bots.baselines import GreedyPlayer  # noqa: E402
from arena_game.bots.match import MatchSetup, match_seed, opening  # noqa: E402
from arena_game.bots.navigation import navigator_for  # noqa: E402
from arena_game.core.errors import IllegalAction  # noqa: E402
from arena_game.core.geometry import chebyshev  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402


def play(map_name: str, index: int, level: str, style: str) -> dict[str, Any]:
    """One match, the bot (side 0) against greedy (side 1): per action the side, the fighters
    before it (square, PV, alive) and the attacks and deaths it caused."""
    teams = mirrored(load_teams(default_teams_path())[0])
    setup = MatchSetup(load_map(find_map(map_name)), teams, round_cap=ROUND_CAP)
    seed = match_seed(20, index)  # as `bench_bots.play_one`: the same matches
    rng = random.Random(seed)
    players: dict[str, Any] = {teams[0].id: _ours(level, style, random.Random(rng.getrandbits(63))),
               teams[1].id: GreedyPlayer(random.Random(rng.getrandbits(63)))}
    match, _, _ = opening(setup, seed, index)
    state = match.state
    log: list[dict[str, Any]] = []
    while not state.over and state.round <= ROUND_CAP and len(log) < 3000:
        me = state.active
        before = {f.id: (f.position, f.pv, f.alive, f.team == teams[0].id) for f in state.fighters.values()}
        action = players[me.team].choose(state)
        try:
            events = match.play(action)
        except IllegalAction:
            events = match.play({"kind": "end_turn"})
        state = match.state
        log.append({"side": 0 if me.team == teams[0].id else 1, "round": state.round, "before": before,
                    "actor": me.id,
                    "attacks": [(e.attacker, e.target, e.hit, e.mode) for e in events if e.type == "attacked"],
                    "died": [e.fighter for e in events if e.type == "died"]})
    won = state.over and state.winner == teams[0].id
    return {"won": won, "log": log, "board": setup.board}


def around(nav: Any, a: tuple[int, int], b: tuple[int, int], blocked: set[int]) -> int:
    """Path squares from `a` to `b` with the cells in `blocked` barred (the fighters of the other
    side), by breadth-first search on the navigator's links (water counted as one)."""
    w = nav.width
    start, goal = a[1] * w + a[0], b[1] * w + b[0]
    dist = {start: 0}
    todo = deque([start])
    while todo:
        i = todo.popleft()
        if i == goal:
            return dist[i]
        for j in nav.links[i]:
            if j not in dist and j not in blocked:
                dist[j] = dist[i] + 1
                todo.append(j)
    return 10_000


def main() -> int:
    """Play the matches and print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=150)
    ap.add_argument("--first", type=int, default=80000)
    ap.add_argument("--map", default="labyrinthe")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--style", default="")
    args = ap.parse_args()
    openers: Counter[tuple[int, str]] = Counter()
    opened_won: Counter[tuple[int, str]] = Counter()
    near: dict[tuple[int, str], list[float]] = defaultdict(list)
    spread: dict[int, list[int]] = defaultdict(list)
    runs: Counter[str] = Counter()
    deaths: Counter[str] = Counter()
    landed: Counter[int] = Counter()
    sides: Counter[str] = Counter()  # "both" / "one": the bot's fighters on both sides of greedy's, or not
    sides_won: Counter[str] = Counter()
    first_dead: Counter[str] = Counter()  # "bot" / "greedy": the side that lost the first fighter
    first_dead_won: Counter[str] = Counter()
    turns: Counter[tuple[str, str, str]] = Counter()  # (fighter, distance band, what it did)
    won = 0
    for index in range(args.first, args.first + args.matches):
        m = play(args.map, index, args.level, args.style)
        won += m["won"]
        nav = navigator_for(m["board"])
        log = m["log"]
        first = next((i for i, a in enumerate(log) if a["attacks"]), None)
        if first is None:
            continue
        act = log[first]
        attacker, target, _, mode = act["attacks"][0]
        b = act["before"]
        key = (act["side"], mode)
        openers[key] += 1
        opened_won[key] += m["won"]
        fight = b[attacker][0] if act["side"] == 0 else b[target][0]
        ours = sorted(nav.distance(v[0], fight) for v in b.values() if v[2] and v[3])
        near[key].append(ours[1] if len(ours) > 1 else 0)
        for side in (0, 1):
            sq = [v[0] for v in b.values() if v[2] and v[3] == (side == 0)]
            spread[side].append(max(nav.distance(p, q) for p in sq for q in sq))
        mine = [v[0] for v in b.values() if v[2] and v[3]]
        blocked = {v[0][1] * nav.width + v[0][0] for v in b.values() if v[2] and not v[3]}
        both = any(around(nav, p, q, blocked) > nav.distance(p, q) + 6
                   for i, p in enumerate(mine) for q in mine[i + 1:])
        sides["both" if both else "one"] += 1
        sides_won["both" if both else "one"] += m["won"]
        for a in log:
            for att, tgt, hit, how in a["attacks"]:
                if a["side"] == 0 and how == "run":
                    held = any(v[2] and v[3] and f != att and chebyshev(v[0], a["before"][tgt][0]) == 1
                               for f, v in a["before"].items())
                    runs["held" if held else "fresh"] += 1
                    runs[("held" if held else "fresh") + " landed"] += hit
        died = next(((i, a["died"][0]) for i, a in enumerate(log) if a["died"]), None)
        if died is not None:
            ours_first = log[died[0]]["before"][died[1]][3]
            first_dead["bot" if ours_first else "greedy"] += 1
            first_dead_won["bot" if ours_first else "greedy"] += m["won"]
            if ours_first:
                _count_turns(nav, log, first, died, turns)
        if not m["won"]:
            end = next((i for i, a in enumerate(log) if a["died"]), len(log) - 1)
            if log[end]["died"]:
                deaths[log[end]["died"][0]] += 1
            for a in log[first:end + 1]:
                landed[a["side"]] += sum(hit for *_, hit, _ in a["attacks"])
    n = args.matches
    print(f"{args.level}{' with ' + args.style if args.style else ''} against greedy on {args.map}, "
          f"indices {args.first}–{args.first + n - 1}: won {won} of {n}")
    print("first attack (side 0: the bot): matches, won, the bot's second fighter's path distance to the fight")
    for key in sorted(openers):
        k = openers[key]
        print(f"  side {key[0]} {key[1]:7s} {k:4d}  won {opened_won[key] / k:5.1%}  second fighter {sum(near[key]) / k:5.1f}")
    print(f"spread at the first attack (farthest pair, path squares): the bot {sum(spread[0]) / max(1, len(spread[0])):.1f}, "
          f"greedy {sum(spread[1]) / max(1, len(spread[1])):.1f}")
    for kind in ("held", "fresh"):
        print(f"run attacks on a {kind} enemy: {runs[kind]}, landed {runs[kind + ' landed']}")
    print(f"first deaths in the {n - won} matches not won: {dict(deaths)}; blows landed from the first attack "
          f"to it: the bot {landed[0]}, greedy {landed[1]}")
    for kind in ("both", "one"):
        k = sides[kind]
        print(f"the bot's fighters on {kind} side{'s' if kind == 'both' else ''} of greedy's at the first attack: "
              f"{k} matches, won {sides_won[kind] / max(1, k):.1%}")
    for who in ("greedy", "bot"):
        k = first_dead[who]
        print(f"first fighter lost by {who}: {k} matches, won {first_dead_won[who] / max(1, k):.1%}")
    print("where the bot lost the first fighter, its other fighters' turns from the first attack to that death"
          " (fighter, path squares to the nearest enemy, what it did): turns")
    for turn in sorted(turns):
        print(f"  {turn[0]:10s} {turn[1]:4s} {turn[2]:18s} {turns[turn]:5d}")
    return 0


def _count_turns(nav: Any, log: list[dict[str, Any]], first: int, died: tuple[int, str],
                 turns: Counter[tuple[str, str, str]]) -> None:
    """Count the turns of the bot's fighters other than `died`'s from the first attack (`first`)
    to that death: the band of their path distance to the nearest enemy at the turn's start,
    and whether they struck, closed in or stayed (barred: their way, with the bot's other
    fighters as walls, more than 4 squares longer)."""
    end, victim = died
    spans: list[tuple[int, int]] = []  # (first, last) log index of each turn
    for i in range(first, end + 1):
        a = log[i]
        if a["side"] != 0 or a["actor"] == victim:
            continue
        if spans and log[spans[-1][1]]["actor"] == a["actor"] and spans[-1][1] == i - 1:
            spans[-1] = (spans[-1][0], i)
        else:
            spans.append((i, i))
    for lo, hi in spans:
        b, me = log[lo]["before"], log[lo]["actor"]
        start = b[me][0]
        stop = log[hi + 1]["before"][me][0] if hi + 1 < len(log) else start
        foes = [v[0] for v in b.values() if v[2] and not v[3]]
        if not foes:
            continue
        near = min(foes, key=lambda p: nav.distance(start, p))
        d, d2 = nav.distance(start, near), min(nav.distance(stop, p) for p in foes)
        band = "≤2" if d <= 2 else "3-7" if d <= 7 else ">7"
        if any(log[i]["attacks"] for i in range(lo, hi + 1)):
            what = "struck"
        elif d2 < d:
            what = "closed in"
        else:
            what = "stayed"
            if d > 2:
                walls = {v[0][1] * nav.width + v[0][0] for f, v in b.items() if v[2] and v[3] and f != me}
                what += " barred" if around(nav, start, near, walls) > d + 4 else " free"
        turns[(me, band, what)] += 1


if __name__ == "__main__":
    raise SystemExit(main())
