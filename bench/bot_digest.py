"""Did a speed change keep the bots' choices and the core's events? A digest to compare.

Plays seeded bot-vs-bot matches on five shipped maps at each level and prints, per level,
a digest of every action chosen and one of every event the core emitted (each as JSON), so
two versions of the code can be compared: the same digest is the same play, action for
action and event byte for byte. Run it before and after a change (docs/bots.md, "What the
speed work kept the same"):

    .venv/bin/python bench/bot_digest.py [--matches N] [--levels easy,normal,strong,fast] [--maps a,b] [--rounds R]

(`--maps` with the four open maps: whether a change scoped to labyrinths left them as they were.)
The matches stop at round 25 (the digests the docs cite): a change that only acts later, or play
that differs only later (maze matches are decided at rounds 25-40), leaves them the same. Check
late play too with the game's own cap: `--rounds 40 --levels strong --maps labyrinthe --matches 20`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena_game.bots.match import MatchSetup, match_seed, play_bot_match  # noqa: E402
from arena_game.bots.style import LEVELS  # noqa: E402
from arena_game.core import match as core_match  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402

MAPS = ("arene-classique", "labyrinthe", "fosse-de-lave", "marais-acides", "arene-inondee")


def digests(level: str, matches: int, maps: tuple[str, ...] = MAPS, rounds: int = 25) -> tuple[str, str, int]:
    """(actions digest, events digest, actions played) of `matches` seeded matches per map, each
    stopped at round `rounds`."""
    acts, evs = hashlib.sha256(), hashlib.sha256()
    played = 0
    real_play = core_match.Match.play

    def play(self: core_match.Match, action: object, **kw: object) -> list[object]:
        events = real_play(self, action, **kw)  # type: ignore[arg-type]
        acts.update(self.actions[-1].model_dump_json().encode())
        for ev in events:
            evs.update(ev.model_dump_json().encode())  # type: ignore[attr-defined]
        return events

    core_match.Match.play = play  # type: ignore[method-assign]
    try:
        teams = tuple(load_teams(default_teams_path()))
        for name in maps:
            setup = MatchSetup(load_map(find_map(name)), teams, round_cap=rounds, bot_level=level)
            for i in range(matches):
                played += play_bot_match(setup, match_seed(7, i), i).actions
    finally:
        core_match.Match.play = real_play  # type: ignore[method-assign]
    return acts.hexdigest()[:16], evs.hexdigest()[:16], played


def main() -> int:
    """Print one line per level: its digests and the actions played."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2, help="matches per map and level")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--maps", default=",".join(MAPS), help="the maps played, in this order")
    ap.add_argument("--rounds", type=int, default=25, help="the matches' round cap (25: the digests the docs cite)")
    args = ap.parse_args()
    maps = tuple(args.maps.split(","))
    for level in args.levels.split(","):
        a, e, n = digests(level, args.matches, maps, args.rounds)
        print(json.dumps({"level": level, "actions": a, "events": e, "played": n}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
