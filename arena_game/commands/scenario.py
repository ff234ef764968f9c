"""`arena-game scenario FILE [--json]`: play a scenario file and print its log."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from arena_game.core.events import EVENT_LIST_ADAPTER
from arena_game.core.summary import state_summary
from arena_game.formats.scenario import load_scenario, play
from arena_game.narration import describe
from arena_game.resources import find_scenario


def register(sub: Any) -> None:
    """Add the `scenario` subcommand."""
    p = sub.add_parser("scenario", help="play a scenario file and print its log")
    p.add_argument("file", help="scenario TOML file, or a shipped one's name (basics/swim)")
    p.add_argument("--json", action="store_true", help='print {"events": [...], "final": {...}}')
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of the log")


def run(args: argparse.Namespace) -> int:
    """Play the scenario; a refused action is reported on stderr with exit code 2."""
    scenario = load_scenario(find_scenario(args.file))
    result = play(scenario)
    if args.json:
        doc = {
            "events": EVENT_LIST_ADAPTER.dump_python(result.events, mode="json"),
            "final": state_summary(result.state) if result.state else None,
        }
        if result.error:
            doc["error"] = result.error.one_line()
        print(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False))
    else:
        names = {t.id: t.name for t in scenario.teams}
        names.update({f.id: f.name for t in scenario.teams for f in t.fighters})
        if scenario.spec.title:
            print(f"# {scenario.spec.title}")
        for ev in result.events:
            print(describe(ev, names, args.lang))
    if result.error:
        print(f"arena-game: {result.error.one_line()}", file=sys.stderr)
        return 2
    return 0
