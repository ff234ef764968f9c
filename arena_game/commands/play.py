"""`arena-game play [MAP]` (the default command): start a hot-seat match.

Until the window lands, this loads the map and teams and prints them.
"""

from __future__ import annotations

import argparse
from typing import Any

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.formats.mapfile import load_map
from arena_game.formats.rulesfile import load_rules
from arena_game.formats.teamfile import load_teams
from arena_game.resources import DEFAULT_MAP, default_teams_path, find_map


def register(sub: Any) -> None:
    """Add the `play` subcommand."""
    p = sub.add_parser("play", help="play a hot-seat match (default)")
    p.add_argument("map", nargs="?", default=DEFAULT_MAP, help="map file or shipped map name")
    p.add_argument("--teams", help="teams TOML file (default: the shipped pair)")
    p.add_argument("--rules", help="rules settings TOML file (default: RULES.md's readings)")
    p.add_argument("--seed", type=int, default=None, help="dice seed")
    p.add_argument("--lang", choices=("fr", "en"), default=None, help="interface language")


def run(args: argparse.Namespace) -> int:
    """Load and show the match set-up."""
    settings = load_rules(args.rules) if args.rules else DEFAULT_SETTINGS
    board = load_map(find_map(args.map), settings.maps)
    teams = load_teams(args.teams or default_teams_path(), settings)
    print(f"{board.name} — {board.width}×{board.height}{' (labyrinthe)' if board.labyrinth else ''}")
    for t in teams:
        print(f"  {t.name}: " + ", ".join(f.name for f in t.fighters))
    return 0
