"""Bot strength: the bot's win rates against the baselines, per shipped map, with 95% intervals.

Every series uses identical rosters (the default lions team against a copy of itself), the
sides and the sheet order rotating as in `simulate`. Opponents:

- random: `bots.baselines.RandomPlayer` (draws count as non-wins) — target ≥ 98% per map;
- greedy: `bots.baselines.GreedyPlayer` — target ≥ 80% per map, labyrinthe included;
- old: the bot as it was before issue 20 (`bench/legacy_bot/`) — target ≥ 65% pooled;
- self: the bot against itself (`--style` on both sides) — round-cap draws ≤ 2% per map, and the action mix:
  uses per match of each rule family (target ≥ 0.2 where the family applies).

    .venv/bin/python bench/bench_bots.py [--matches N] [--maps a,b] [--vs random,greedy,old,self]
        [--level strong] [--jobs J] [--style name=value,maze.name=value,…] [--out results.json]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from arena_game.bots.baselines import GreedyPlayer, RandomPlayer  # noqa: E402
from arena_game.bots.brain import Bot  # noqa: E402
from arena_game.bots.match import MatchSetup, match_seed, play_bot_match  # noqa: E402
from arena_game.bots.style import BotStyle  # noqa: E402
from arena_game.core.geometry import chebyshev  # noqa: E402
from arena_game.core.queries import open_action_kinds  # noqa: E402
from arena_game.core.sheets import Team  # noqa: E402
from arena_game.core.terrain import Terrain  # noqa: E402
from arena_game.design.mapcheck import shortcut_jumps  # noqa: E402
from arena_game.design.simulation.stats import wilson_interval  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402

MAPS = ("tutoriel", "arene-classique", "arene-inondee", "fosse-de-lave", "labyrinthe", "marais-acides")
OPPONENTS = ("random", "greedy", "old", "self")
TARGETS = {"random": 0.98, "greedy": 0.80, "old": 0.65}
# the rule families the action mix names, and its target (uses per match)
MIX_FAMILIES = ("taunt_simple", "taunt_advantaged", "circle_attack", "teleport_attack", "teleport_escape",
                "push", "push_water", "jump")
MIX_TARGET = 0.2
ROUND_CAP = 40


def mirrored(team: Team) -> tuple[Team, Team]:
    """The team and a copy of it under another id: identical rosters."""
    twin_id = f"{team.id}_bis"
    twin = team.model_copy(update={
        "id": twin_id, "name": f"{team.name} (bis)",
        "fighters": [f.model_copy(update={"id": f"{f.id}_bis", "team": twin_id}) for f in team.fighters],
    })
    return team, twin


class Counting:
    """Wraps a player and counts the rule family of every action it sends."""

    def __init__(self, player: Any, mix: Counter[str]) -> None:
        self.player = player
        self.mix = mix

    def choose(self, state: Any) -> Any:
        action = self.player.choose(state)
        self.mix[family(action, getattr(self.player, "last_plan", None))] += 1
        me = state.active
        if "run_start" in open_action_kinds(state) and all(
            chebyshev(me.position, e.position) > 7 for e in state.opponents_of(me)
        ):  # the maze figure: every enemy more than 7 squares away and a run open
            self.mix["(far, run open)"] += 1
            self.mix["(far, walked)"] += action.kind == "walk"
        return action


def family(action: Any, plan: Any) -> str:
    """The rule family of an action, with the bot's own tag when it gives one."""
    tag = getattr(plan, "family", None) if plan is not None and plan.action is action else None
    if tag:
        return str(tag)
    kind = action.kind
    if kind == "taunt":
        return f"taunt_{action.style}"
    if kind == "teleport":
        return f"teleport_{action.means}"
    return str(kind)


def _opponent(name: str, rng: random.Random, level: str) -> Any:
    if name == "random":
        return RandomPlayer(rng)
    if name == "greedy":
        return GreedyPlayer(rng)
    if name == "old":
        from legacy_bot import Bot as OldBot

        return OldBot(rng)
    return Bot.at_level(level, rng)


def _ours(level: str, style: str, rng: random.Random) -> Bot:
    """The bot measured: `level`'s style, with `--style` fields changed (`name=value,…`;
    `maze.name=value` sets the field's value on labyrinths only, `BotStyle.in_maze`)."""
    bot = Bot.at_level(level, rng)
    if style:
        bot.style = style_with(bot.style, style)
    return bot


def style_with(base: BotStyle, style: str) -> BotStyle:
    """`base` with the `--style` changes: `name=value` fields, `maze.name=value` pairs added
    to (or replacing those of) `in_maze`."""
    kinds = {f.name: f.type for f in dataclasses.fields(BotStyle) if f.name != "in_maze"}
    changes: dict[str, Any] = {}
    maze: dict[str, Any] = dict(base.in_maze)
    for item in style.split(","):
        name, _, text = item.partition("=")
        name, text = name.strip(), text.strip()
        key = name.removeprefix("maze.")
        if key not in kinds:
            raise SystemExit(f"bench_bots.py: --style: no BotStyle field {key!r}")
        kind = kinds[key]
        value = text in ("1", "true", "True") if kind in ("bool", bool) else (
            int(text) if kind in ("int", int) else float(text))
        (maze if name.startswith("maze.") else changes)[key] = value
    return dataclasses.replace(base, **changes, in_maze=tuple(maze.items()))


def play_one(task: tuple[str, str, int, str, str]) -> dict[str, Any]:
    """One match of the bot (team 0) against `opponent` (team 1) on `map_name`."""
    map_name, opponent, index, level, style = task
    teams = mirrored(load_teams(default_teams_path())[0])
    setup = MatchSetup(load_map(find_map(map_name)), teams, round_cap=ROUND_CAP)
    seed = match_seed(20, index)
    rng = random.Random(seed)
    mix: Counter[str] = Counter()
    ours = Counting(_ours(level, style, random.Random(rng.getrandbits(63))), mix)
    # self: both sides play the measured style (`--style` too: a switch measured as if in the level)
    theirs_rng = random.Random(rng.getrandbits(63))
    theirs_player = _ours(level, style, theirs_rng) if opponent == "self" else _opponent(opponent, theirs_rng, level)
    theirs = Counting(theirs_player, mix) if opponent == "self" else theirs_player
    t0 = time.process_time()
    rec = play_bot_match(setup, seed, index, bots={teams[0].id: ours, teams[1].id: theirs})
    return {
        "map": map_name, "vs": opponent, "won": rec.winner == teams[0].id, "draw": rec.winner is None,
        "capped": rec.capped, "mix": dict(mix), "cpu": time.process_time() - t0,
        "refused": len(rec.refused), "rounds": rec.rounds,
    }


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def series_tasks(maps: list[str], opponents: list[str], first: int, matches: int, fresh: bool,
                 level: str, style: str) -> list[tuple[str, str, int, str, str]]:
    """The series' matches as (map, opponent, index, level, style); with `fresh` map k plays the
    indices after those of the maps before it, else every map plays `first` … `first + matches − 1`."""
    def indices(k: int) -> range:
        start = first + (k * matches if fresh else 0)
        return range(start, start + matches)

    return [(m, o, i, level, style) for k, m in enumerate(maps) for o in opponents for i in indices(k)]


def main() -> int:
    """Play the series and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=60, help="matches per map and opponent")
    ap.add_argument("--maps", default=",".join(MAPS))
    ap.add_argument("--vs", default=",".join(OPPONENTS))
    ap.add_argument("--level", default="strong")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first match (seeds go by index): --first 400 --matches 200 plays 400–599")
    ap.add_argument("--style", default="", help="the measured bot's style fields changed, e.g. tempo=1,caution=0.5; "
                    "maze.caution=0.5: on labyrinths only (BotStyle.in_maze)")
    ap.add_argument("--fresh", action="store_true",
                    help="each map its own seeds (map k plays indices first + k·N … first + k·N + N − 1): without it "
                    "every map plays the same indices, and maps with as many spawn squares share their dice, so a "
                    "pooled interval over maps is narrower than the matches are independent")
    ap.add_argument("--out", default="", help="write each match's result (map, opponent, index, won, draw, capped, rounds) "
                    "to this JSON file: two series on the same indices give a paired difference (bench/paired.py)")
    args = ap.parse_args()
    maps, opponents = args.maps.split(","), args.vs.split(",")
    tasks = series_tasks(maps, opponents, args.first, args.matches, args.fresh, args.level, args.style)
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            results = list(ex.map(play_one, tasks, chunksize=4))
    else:
        results = [play_one(t) for t in tasks]
    wall = time.perf_counter() - t0
    print(f"bot level {args.level!r}{' with ' + args.style if args.style else ''}, {args.matches} matches per map and opponent "
          f"(indices {args.first}–{args.first + args.matches - 1}"
          f"{f', then the next {args.matches} for each further map' if args.fresh and len(maps) > 1 else ''}), identical rosters, "
          f"round cap {ROUND_CAP}; {len(results)} matches in {wall:.0f} s wall")
    _win_table(results, maps, opponents)
    if args.out:
        rows = [{k: r[k] for k in ("map", "vs", "won", "draw", "capped", "rounds")} | {"index": t[2]}
                for t, r in zip(tasks, results, strict=True)]
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")
    if "self" in opponents:
        _mix_table([r for r in results if r["vs"] == "self"], maps)
    refused = sum(r["refused"] for r in results)
    print(f"\nactions the engine refused: {refused}")
    return 0


def _win_table(results: list[dict[str, Any]], maps: list[str], opponents: list[str]) -> None:
    print("\nwin rate of the bot (draws count as non-wins), 95% Wilson interval; draws; round-cap draws")
    for o in opponents:
        target = TARGETS.get(o)
        head = f"vs {o}" + (f" (target ≥ {target:.0%})" if target else " (target: round-cap draws ≤ 2%)")
        print(f"  {head}")
        pooled_w = pooled_n = 0
        for m in maps:
            rs = [r for r in results if r["map"] == m and r["vs"] == o]
            n, w = len(rs), sum(r["won"] for r in rs)
            d, c = sum(r["draw"] for r in rs), sum(r["capped"] for r in rs)
            pooled_w, pooled_n = pooled_w + w, pooled_n + n
            lo, hi = wilson_interval(w, n)
            cpu = sum(r["cpu"] for r in rs)
            mark = "" if target is None else ("  met" if n and w / n >= target else "  NOT MET")
            if o == "self":
                mark = "  met" if n and c / n <= 0.02 else "  NOT MET"
            print(f"    {m:16s} {_pct(w / n if n else 0)} [{_pct(lo)} – {_pct(hi)}]  draws {d:3d}  capped {c:3d}"
                  f"  ({n / cpu if cpu else 0:5.1f} matches/CPU-s){mark}")
        lo, hi = wilson_interval(pooled_w, pooled_n)
        print(f"    {'pooled':16s} {_pct(pooled_w / pooled_n if pooled_n else 0)} [{_pct(lo)} – {_pct(hi)}]")


def _mix_table(results: list[dict[str, Any]], maps: list[str]) -> None:
    families = sorted({k for r in results for k in r["mix"]})
    print("\naction mix in bot-vs-bot matches: uses per match (both sides), share of all actions")
    print("  " + f"{'family':22s}" + "".join(f"{m[:14]:>16s}" for m in maps))
    totals = {m: sum(sum(r["mix"].values()) for r in results if r["map"] == m) for m in maps}
    counts = {m: len([r for r in results if r["map"] == m]) for m in maps}
    for fam in [f for f in families if not f.startswith("(")]:
        cells = []
        for m in maps:
            uses = sum(r["mix"].get(fam, 0) for r in results if r["map"] == m)
            per = uses / counts[m] if counts[m] else 0
            share = uses / totals[m] if totals[m] else 0
            cells.append(f"{per:7.2f} {_pct(share)}")
        print("  " + f"{fam:22s}" + "".join(f"{c:>16s}" for c in cells))
    cells = []
    for m in maps:
        far = sum(r["mix"].get("(far, run open)", 0) for r in results if r["map"] == m)
        walked = sum(r["mix"].get("(far, walked)", 0) for r in results if r["map"] == m)
        cells.append(f"{_pct(walked / far) if far else '—'} of {far}")
    print("  " + f"{'walks when far':22s}" + "".join(f"{c:>16s}" for c in cells))
    print("  (walks when far: first choices with every enemy more than 7 squares away and a run open)")
    _mix_targets(results, maps, counts)


@functools.cache
def _map_features(map_name: str) -> tuple[bool, bool]:
    """Whether `map_name` has water, and a jump that shortens a path (`mapcheck.shortcut_jumps`)."""
    board = load_map(find_map(map_name))
    return any(board.terrain(sq) is Terrain.WATER for sq in board.squares()), bool(shortcut_jumps(board))


def _applies(family_name: str, map_name: str) -> bool:
    """Whether the issue's action-mix target counts `family_name` on `map_name`: water pushes
    where there is water, jumps where one shortens a path (`mapcheck.shortcut_jumps`), the
    other families everywhere (the shipped roster has taunters, a two-handed axe, mana and a
    potion)."""
    water, jumps = _map_features(map_name)
    return {"push_water": water, "jump": jumps}.get(family_name, True)


def _mix_targets(results: list[dict[str, Any]], maps: list[str], counts: dict[str, int]) -> None:
    print(f"\ntarget: each family of the issue ≥ {MIX_TARGET} uses a match where it applies"
          " (water pushes: maps with water; jumps: maps where one shortens a path)")
    for fam in MIX_FAMILIES:
        short, idle = [], []
        for m in maps:
            if not counts[m]:
                continue
            if not _applies(fam, m):
                idle.append(m)
                continue
            per = sum(r["mix"].get(fam, 0) for r in results if r["map"] == m) / counts[m]
            if per < MIX_TARGET:
                short.append(f"{m} {per:.2f}")
        verdict = "NOT MET" if short else "met"
        parts = [f"under: {', '.join(short)}"] if short else []
        parts += [f"n/a: {', '.join(idle)}"] if idle else []
        print(f"  {fam:22s}{verdict:8s} {'; '.join(parts)}".rstrip())


if __name__ == "__main__":
    raise SystemExit(main())
