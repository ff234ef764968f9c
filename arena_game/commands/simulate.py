"""`arena-game simulate MAP --matches N [--jobs J] [--seed S] [--teams FILE] [--json] [--out DIR]`:
bot-vs-bot matches in parallel, a balance report, and heatmap PNGs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena_game.bots.match import DEFAULT_ROUND_CAP, MatchSetup, SetupProblem
from arena_game.bots.style import LEVELS, SIMULATE_LEVEL
from arena_game.commands.arguments import file_name, positive
from arena_game.commands.progress import ProgressBar
from arena_game.commands.usage import program_line
from arena_game.commands.user_sprites import check_user_sprites
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.design.simulation.report import build_report, format_report
from arena_game.design.simulation.runner import (
    ClusterProblem,
    local_cpus,
    run_series,
    scheduler_from,
)
from arena_game.formats.atomic import staged_folder
from arena_game.formats.mapfile import load_map, map_named
from arena_game.formats.problems import keyed_fault, unwritable
from arena_game.formats.rulesfile import load_rules
from arena_game.formats.teamfile import load_teams, match_teams
from arena_game.i18n import pick_lang
from arena_game.resources import default_teams_path

if TYPE_CHECKING:
    from PIL.Image import Image


def register(sub: Any) -> None:
    """Add the `simulate` subcommand."""
    p = sub.add_parser("simulate")
    p.add_argument("map", type=file_name)
    p.add_argument("--matches", type=positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--teams", type=file_name)
    p.add_argument("--rules", type=file_name)
    p.add_argument("--rounds", type=positive, default=DEFAULT_ROUND_CAP)
    add_series_arguments(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--out", type=file_name)
    p.add_argument("--lang", choices=("fr", "en"), default=None)
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None)


def add_series_arguments(p: argparse.ArgumentParser) -> None:
    """`--jobs` and `--level`, the same for `simulate` and `sweep`."""
    cpus = local_cpus()
    p.add_argument("--jobs", type=positive, default=cpus)
    p.add_argument("--level", choices=LEVELS, default=SIMULATE_LEVEL)



def run(args: argparse.Namespace) -> int:
    """Play the series, write the heatmaps, print the report."""
    map_path = map_named(args.map)
    settings = load_rules(args.rules) if args.rules else DEFAULT_SETTINGS
    board = load_map(map_path, settings.maps)
    teams_path = args.teams or default_teams_path()
    teams = match_teams(teams_path, load_teams(teams_path, settings))
    setup = checked_setup(MatchSetup(board, tuple(teams), settings, round_cap=args.rounds, bot_level=args.level),
                          map_path)
    # the heatmaps draw the map with its sprites: a bad override said now, not a plain map later
    check_user_sprites({board.terrain(sq) for sq in board.squares()})
    lang = pick_lang(args.lang)
    bar = None if args.no_progress else ProgressBar(args.matches, "matches", lang)
    base: Image | None = None  # the map under the heatmaps (`prepare`), drawn once

    def meanwhile() -> None:  # the heatmaps' map picture and fonts, drawn on a core the workers leave free
        nonlocal base
        from arena_game.design.simulation.heatmap import prepare

        base = prepare(board)

    try:
        records = run_series(setup, args.matches, args.seed, args.jobs, bar.update if bar else None,
                             scheduler=scheduler_from(args.scheduler), meanwhile=meanwhile)
    except ClusterProblem as e:
        print(program_line(e.in_language(lang), lang), file=sys.stderr)
        return 2
    if bar:
        bar.close()
    report = build_report(setup, records, args.seed, rules_file=args.rules, teams_file=args.teams)
    out = Path(args.out) if args.out else Path(f"simulation-{Path(map_path).stem}")
    # Pillow and the pictures' module: imported once there is a report to draw
    from arena_game.design.simulation.heatmap import remove_stale_pictures, write_heatmaps

    try:  # --out may name a file, or a folder under one: a line naming it, not a traceback
        with staged_folder(out) as stage:  # each picture replaced whole, or not at all
            written = write_heatmaps(board, records, stage, lang=lang, base=base, threads=min(args.jobs, 4),  # 5 pictures
                                     level=args.level)
        # then the pictures of an earlier series this one did not draw (a side more) go: the
        # folder holds this report only (a failed run leaves the last one whole, as it was)
        remove_stale_pictures(out, written)
        report["heatmaps"] = [str(out / p.name) for p in written]
    except OSError as e:
        raise unwritable(out, e) from None
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(format_report(report, lang))
    return 0


def checked_setup(setup: MatchSetup, map_path: str | Path) -> MatchSetup:
    """`setup` when its map hosts its teams; else the map's one-line fault (a `FileProblem`)."""
    try:
        setup.check()
    except SetupProblem as e:
        raise keyed_fault(map_path, e.key, e.params) from None
    return setup
