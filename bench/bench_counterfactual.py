"""What a rule family the strong bot passes on would have brought: play-outs to the match's end.

Strong bots play each other (identical rosters). At up to `--per-match` decisions of a match,
drawn at random among those where a plan of the family was open and the bot chose something
else, the bot's choice and each open plan of the family are each played from that state to the
match's end by fresh strong bots on both sides, with the same `--seeds` dice seeds for every
alternative (their differences are the alternatives', not the dice's). Per map and per kind of
decision it prints the family minus the bot's choice, mean ± standard error over the rows (one
row per open plan): the acting team's wins (percentage points), its material (`rollouts.material`:
each living fighter's PV plus a fixed worth, the enemies' taken off) at the acting fighter's next
turn and at the match's end (docs/bots.md, "Pushes and jumps played out to the match's end").
`--split` adds a line per acting weapon ('bow': any ranged weapon, or 'blade'; for a push, the
pushed foe's too) and per choice it replaced; `--out` writes every row with the round, a push's
odds and whether the pushed foe stood beside a wounded friend of the pusher ("Pushes and jumps
split by who plays them (session 61)").

    .venv/bin/python bench/bench_counterfactual.py --family push --maps arene-classique --matches 30
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_bots import mirrored  # noqa: E402

from arena_game.bots.brain import Bot  # noqa: E402
from arena_game.bots.context import Context  # noqa: E402
from arena_game.bots.match import DEFAULT_ROUND_CAP, MatchSetup, match_seed, opening  # noqa: E402
from arena_game.bots.rollouts import material, play_on  # noqa: E402
from arena_game.core.actions import Action, EndTurn  # noqa: E402
from arena_game.core.dice import SeededDice  # noqa: E402
from arena_game.core.errors import IllegalAction  # noqa: E402
from arena_game.core.geometry import chebyshev  # noqa: E402
from arena_game.core.queries import open_action_kinds, push_options, what_if  # noqa: E402
from arena_game.core.state import MatchState  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402

# the plan families each measured family stands for (a push into water is a push too)
FAMILIES = {"push": ("push", "push_water"), "push_water": ("push_water",), "jump": ("jump",),
            "circle_attack": ("circle_attack",), "taunt_simple": ("taunt_simple",)}
SERIES = 39  # the series seed of the matches (bots/match.py `match_seed`)
MAX_ACTIONS = 4000  # a play-out's safety net


def _setup(map_name: str) -> MatchSetup:
    teams = mirrored(load_teams(default_teams_path())[0])
    return MatchSetup(load_map(find_map(map_name)), teams, round_cap=DEFAULT_ROUND_CAP)


def _bots(state: MatchState, seed: int) -> dict[str, Bot]:
    teams = sorted({f.team for f in state.fighters.values()})
    return {t: Bot.at_level("strong", random.Random(f"cf:{seed}:{t}")) for t in teams}


def _outcome(state: MatchState, action: Action, seed: int, cap: int) -> tuple[float, float, float] | None:
    """(won, material at the fighter's next turn, material at the end) for the acting team."""
    me = state.active
    dice = SeededDice(seed)
    try:
        now = what_if(state, action, dice)
    except IllegalAction:
        return None
    bots = _bots(state, seed)
    now = play_on(now, dice, bots, until=(me.id, state.turn_serial), round_cap=cap, max_actions=MAX_ACTIONS)
    at_next = material(now, me.team)
    now = play_on(now, dice, bots, round_cap=cap, max_actions=MAX_ACTIONS)
    return float(now.over and now.winner == me.team), at_next, material(now, me.team)


def _open_plans(probe: Bot, state: MatchState, wanted: tuple[str, ...]) -> list[Any]:
    legal = open_action_kinds(state)
    if state.budget.run is not None or "stand_up" in legal or state.suicide_pending is not None:
        return []
    ctx = Context(probe, state, legal)
    return [p for p in ctx.action_plans() + ctx.move_plans() if p.family in wanted]


def _who(probe: Bot, state: MatchState, plan: Any) -> str:
    """Who plays the plan and, for a push, whom it pushes: 'bow' (any ranged weapon) or 'blade'."""
    def kind(fighter_id: str) -> str:
        return "bow" if probe.reach_of(state.fighters[fighter_id])[1] else "blade"

    target = getattr(plan.action, "target", None)
    pushed = f" pushes {kind(target)}" if plan.family.startswith("push") and isinstance(target, str) else ""
    return kind(state.active.id) + pushed


def _odds(state: MatchState, plan: Any) -> tuple[float, float]:
    """A push's chances to move its target (R5.1) and to make it fall (R5.2); (0, 0) for another plan."""
    target = getattr(plan.action, "target", None)
    if not plan.family.startswith("push") or not isinstance(target, str):
        return 0.0, 0.0
    fc = next(o.forecast for o in push_options(state, state.active) if o.target == target)
    return float(fc.normal + fc.critical), float(fc.critical)


def _guards(state: MatchState, plan: Any) -> bool:
    """Whether a push moves a foe that stands beside a wounded friend of the pusher (at half its PV or less)."""
    target = getattr(plan.action, "target", None)
    if not plan.family.startswith("push") or not isinstance(target, str):
        return False
    at, me = state.fighters[target].position, state.active
    return any(f.alive and f.team == me.team and f.id != me.id and 2 * f.pv <= f.sheet.pv
               and chebyshev(f.position, at) == 1 for f in state.fighters.values())


def measure(task: tuple[str, int, str, int, int]) -> list[dict[str, Any]]:
    """One match's rows: per sampled decision and open plan of the family, the differences."""
    map_name, index, family, per_match, seeds = task
    setup = _setup(map_name)
    match, _, rng = opening(setup, match_seed(SERIES, index), index)
    state = match.state
    wanted = FAMILIES[family]
    bots = {t.id: Bot.at_level("strong", random.Random(rng.getrandbits(63))) for t in setup.teams}
    probe = Bot.at_level("strong", random.Random(0))
    dice = SeededDice(rng.getrandbits(63))
    spots: list[tuple[MatchState, Action, str, list[Any]]] = []
    for _ in range(MAX_ACTIONS):
        if state.over or state.round > setup.round_cap:
            break
        bot = bots[state.active.team]
        action = bot.choose(state)
        chosen = bot.last_plan.family if bot.last_plan is not None else "?"
        if chosen not in wanted and (alts := _open_plans(probe, state, wanted)):
            spots.append((state, action, chosen, alts))
        try:
            state = what_if(state, action, dice)
        except IllegalAction:
            state = what_if(state, EndTurn(), dice)
    pick = random.Random(f"cf-spots:{index}")
    rows = []
    for st, action, chosen, alts in pick.sample(spots, min(per_match, len(spots))):
        dice_seeds = [pick.getrandbits(63) for _ in range(seeds)]
        base = [_outcome(st, action, s, setup.round_cap) for s in dice_seeds]
        for alt in alts:
            got = [_outcome(st, alt.action, s, setup.round_cap) for s in dice_seeds]
            pairs = [(a, b) for a, b in zip(got, base, strict=True) if a is not None and b is not None]
            if not pairs:
                continue
            diff = [statistics.fmean(a[k] - b[k] for a, b in pairs) for k in range(3)]
            rows.append({"map": map_name, "family": alt.family, "chosen": chosen, "who": _who(probe, st, alt),
                         "round": st.round, "odds": _odds(st, alt),
                         "guards": _guards(st, alt),
                         "win": 100 * diff[0], "next": diff[1], "end": diff[2]})
    return rows


def _line(label: str, rows: list[dict[str, Any]]) -> str:
    def cell(key: str) -> str:
        xs = [r[key] for r in rows]
        se = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
        return f"{statistics.fmean(xs):+.1f} ±{se:.1f}"

    better = sum(r["next"] > 0 for r in rows)
    return (f"{label}: {len(rows)} rows; wins {cell('win')} points, material at the next turn {cell('next')} "
            f"({better}/{len(rows)} better), at the end {cell('end')}")


def main() -> int:
    """Measure and print one line per map and family of the open plans."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", choices=sorted(FAMILIES), default="push")
    ap.add_argument("--maps", default="arene-classique,arene-inondee")
    ap.add_argument("--matches", type=int, default=30, help="matches per map")
    ap.add_argument("--first", type=int, default=1000, help="index of the first match")
    ap.add_argument("--per-match", type=int, default=4, help="decisions measured per match at most")
    ap.add_argument("--seeds", type=int, default=20, help="dice seeds per alternative")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="", help="write every row (map, family, who, chosen, round, odds, guards, differences) to this JSON file")
    ap.add_argument("--split", action="store_true", help="also one line per acting weapon (and pushed weapon) and choice")
    args = ap.parse_args()
    maps = args.maps.split(",")
    tasks = [(m, i, args.family, args.per_match, args.seeds) for m in maps for i in range(args.first, args.first + args.matches)]
    with ProcessPoolExecutor(args.jobs) as ex:
        rows = [r for rs in ex.map(measure, tasks) for r in rs]
    if args.out:
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    chosen: dict[str, defaultdict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in rows:
        groups[(r["map"], r["family"])].append(r)
        chosen[r["map"]][r["chosen"]] += 1
    print(f"{args.family} against the strong bot's choice, {args.matches} matches per map, {args.seeds} dice seeds each:")
    for (m, fam), rs in sorted(groups.items()):
        print("  " + _line(f"{m}, {fam}", rs))
    if args.split:
        split: dict[tuple[str, str, str, str], list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            split[(r["map"], r["family"], r["who"], "")].append(r)
            split[(r["map"], r["family"], r["who"], r["chosen"])].append(r)
        for (m, fam, who, ch), rs in sorted(split.items()):
            print("  " + _line(f"{m}, {fam}, {who}" + (f", instead of {ch}" if ch else ""), rs))
    for m, counts in sorted(chosen.items()):
        print(f"  {m}, what the bot chose instead (rows): " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
