"""What forcing a rule family costs the strong bot: a `strong` bot whose plans of one family
get +4 on their score (so it takes them whenever they are legal) against the plain `strong`,
identical rosters, on the maps given. Prints the forced bot's wins with 95% Wilson intervals
and how often it used the family (docs/bots.md, "Where it stands").

    .venv/bin/python bench/bench_families.py --family jump --maps arene-classique,marais-acides --matches 60
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_bots import Counting, mirrored  # noqa: E402

from arena_game.bots import options  # noqa: E402
from arena_game.bots.brain import Bot  # noqa: E402
from arena_game.bots.match import MatchSetup, match_seed, play_bot_match  # noqa: E402
from arena_game.core.actions import Taunt  # noqa: E402
from arena_game.core.queries import taunt_options  # noqa: E402
from arena_game.design.simulation.stats import wilson_interval  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402

FAMILIES = ("jump", "push_water", "push", "circle_attack", "taunt_simple")
# the option function that scores each family ("push": a push onto floor, only its knock-down pays, R5.2)
SOURCES = {"jump": "move_options", "push_water": "_pushes", "push": "_pushes", "circle_attack": "_circle"}
BOOST = 4.0


class Forced(Bot):
    """The strong bot; the patched option functions favour one family for this class only."""


def _force(family: str) -> None:
    """Patch the bot's option functions so `Forced` bots favour `family`."""
    if family == "taunt_simple":
        taunts = options._taunts

        def _taunts(ctx: Any) -> Any:
            out = taunts(ctx)
            if isinstance(ctx.bot, Forced) and not any(p.family == "taunt_simple" for p in out):
                for opt in taunt_options(ctx.state, ctx.me):
                    if opt.refusal is None and opt.style == "simple":
                        out.append(options._plan(BOOST, Taunt(style="simple"), "forced", "taunt_simple"))
            return out

        options._taunts = _taunts  # type: ignore[assignment]
        return
    name = SOURCES[family]
    orig = getattr(options, name)

    def boosted(ctx: Any) -> Any:
        out = orig(ctx)
        if isinstance(ctx.bot, Forced):
            for p in out:
                if p.family == family:
                    p.score += BOOST
        return out

    setattr(options, name, boosted)


def play_one(task: tuple[str, int, str]) -> tuple[str, bool, int]:
    """One match, the forced bot as team 0: (map, won, uses of the family)."""
    map_name, index, family = task
    teams = mirrored(load_teams(default_teams_path())[0])
    setup = MatchSetup(load_map(find_map(map_name)), teams, round_cap=40)
    seed = match_seed(20, index)
    rng = random.Random(seed)
    mix: Counter[str] = Counter()
    forced = Counting(Forced(random.Random(rng.getrandbits(63))), mix)
    plain = Bot.at_level("strong", random.Random(rng.getrandbits(63)))
    rec = play_bot_match(setup, seed, index, bots={teams[0].id: forced, teams[1].id: plain})  # type: ignore[dict-item]
    return map_name, rec.winner == teams[0].id, mix.get(family, 0)


def main() -> int:
    """Play the series and print one line per map."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", choices=FAMILIES, required=True)
    ap.add_argument("--maps", default="arene-classique")
    ap.add_argument("--matches", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    maps = args.maps.split(",")
    tasks = [(m, i, args.family) for m in maps for i in range(args.matches)]
    with ProcessPoolExecutor(args.jobs, initializer=_force, initargs=(args.family,)) as ex:
        results = list(ex.map(play_one, tasks, chunksize=4))
    for m in maps:
        rs = [r for r in results if r[0] == m]
        w = sum(r[1] for r in rs)
        lo, hi = wilson_interval(w, len(rs))
        print(f"{args.family} forced on {m}: {w}/{len(rs)} won ({100 * w / len(rs):.0f}% [{100 * lo:.0f}–{100 * hi:.0f}]), "
              f"{sum(r[2] for r in rs) / len(rs):.2f} uses per match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
