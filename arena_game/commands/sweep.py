"""`arena-game sweep --maps M… [--rules R…] [--teams T…] --matches N`: one balance series per
map × rules file × teams file, written as one table (`sweep.csv`) and chart (`sweep.png`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arena_game.bots.match import DEFAULT_ROUND_CAP, MatchSetup
from arena_game.commands.arguments import file_name, positive
from arena_game.commands.progress import ProgressBar
from arena_game.commands.simulate import add_series_arguments, checked_setup
from arena_game.commands.usage import program_line
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.design.simulation.runner import (
    ClusterProblem,
    scheduler_from,
)
from arena_game.design.simulation.sweep import (
    SHIPPED,
    Combination,
    run_sweep,
    write_chart,
    write_csv,
)
from arena_game.formats.atomic import staged_folder
from arena_game.formats.mapfile import load_map, map_named
from arena_game.formats.problems import one_line, unwritable
from arena_game.formats.rulesfile import load_rules
from arena_game.formats.teamfile import load_teams, match_teams
from arena_game.i18n import add_lang_argument, pick_lang, t, tn
from arena_game.resources import default_teams_path

DEFAULT = SHIPPED  # names the shipped rules or teams in --rules / --teams


def register(sub: Any) -> None:
    """Add the `sweep` subcommand."""
    p = sub.add_parser("sweep")
    p.add_argument("--maps", nargs="+", required=True, metavar="MAP", type=file_name)
    p.add_argument("--rules", nargs="+", default=[DEFAULT], metavar="FILE", type=file_name)
    p.add_argument("--teams", nargs="+", default=[DEFAULT], metavar="FILE", type=file_name)
    p.add_argument("--matches", type=positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    add_series_arguments(p)
    p.add_argument("--rounds", type=positive, default=DEFAULT_ROUND_CAP)
    p.add_argument("--scheduler", metavar="ADDRESS", default=None)
    p.add_argument("--out", default="sweep", type=file_name)
    add_lang_argument(p)
    p.add_argument("--no-progress", action="store_true")


def combinations(args: argparse.Namespace) -> list[Combination]:
    """Every map × rules × teams the command line names, loaded and checked."""
    combos = []
    for rules_name in args.rules:
        settings = DEFAULT_SETTINGS if rules_name == DEFAULT else load_rules(rules_name)
        for map_name in args.maps:
            map_path = map_named(map_name)
            board = load_map(map_path, settings.maps)
            for teams_name in args.teams:
                teams_path = default_teams_path() if teams_name == DEFAULT else teams_name
                teams = match_teams(teams_path, load_teams(teams_path, settings))
                setup = checked_setup(MatchSetup(board, tuple(teams), settings, round_cap=args.rounds,
                                                 bot_level=args.level), map_path)
                # labels from file names: one line each, writable in the CSV and the chart (a name with
                # a line break, an escape sequence or bytes that are not UTF-8)
                combos.append(Combination(one_line(Path(map_path).stem), one_line(Path(rules_name).stem),
                                          one_line(Path(teams_name).stem), setup))
    return combos


def run(args: argparse.Namespace) -> int:
    """Play every combination; write the table and the chart."""
    combos = combinations(args)
    lang = pick_lang(args.lang)  # the progress line, the chart's titles and the closing line
    bar = None if args.no_progress else ProgressBar(len(combos) * args.matches, "matches", lang)
    try:
        rows = run_sweep(combos, args.matches, args.seed, args.jobs, scheduler_from(args.scheduler),
                         bar.update if bar else None)
    except ClusterProblem as e:
        print(program_line(e.in_language(lang), lang), file=sys.stderr)
        return 2
    finally:
        if bar:
            bar.close()
    out = Path(args.out)
    try:
        with staged_folder(out) as stage:  # the table and the chart replaced whole, or not at all
            write_csv(rows, stage / "sweep.csv")
            write_chart(rows, stage / "sweep.png", lang)
    except OSError as e:
        raise unwritable(out, e) from None
    files = f"{one_line(str(out / 'sweep.csv'))}, {one_line(str(out / 'sweep.png'))}"
    print(t("sweep.written_line", lang, files=files, combinations=tn("sweep.written", len(rows), lang),
            matches=tn("sweep.matches", args.matches, lang)))
    return 0
