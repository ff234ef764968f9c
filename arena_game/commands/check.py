"""`arena-game check MAP... [--json] [--lang fr|en]`: errors and design warnings per map (arena_game.design.mapcheck).

Exit code: 2 when any map has an error, 1 when there are only warnings, 0 when all is clean.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import terminal_lang
from arena_game.design.checkwords import figure_lines
from arena_game.design.mapcheck import check_map
from arena_game.formats.problems import shorten
from arena_game.formats.teamfile import load_teams
from arena_game.i18n import t
from arena_game.resources import MAP_SUFFIXES, default_teams_path, exists, find_map, is_file

# Files that sit beside Tiled maps: a shell glob such as `maps/*` names them too.
NOT_MAPS = (".tsj", ".tsx", ".png", ".md", ".txt", ".tiled-project", ".tj", ".tx")


def register(sub: Any) -> None:
    """Add the `check` subcommand."""
    p = sub.add_parser("check")
    p.add_argument("maps", nargs="+", metavar="MAP")
    p.add_argument("--json", action="store_true")
    p.add_argument("--teams")
    p.add_argument("--lang", choices=("fr", "en"), default=None)


def run(args: argparse.Namespace) -> int:
    """Check every map; print a report; return 2 / 1 / 0."""
    lang = terminal_lang(args)
    paths, skipped = map_paths(args.maps)
    teams = load_teams(args.teams or default_teams_path())
    team_size = max((len(t.fighters) for t in teams), default=0)
    reports = [check_map(p, team_size) for p in paths]
    if args.json:
        print(json.dumps([r.as_json(lang) for r in reports], ensure_ascii=False, indent=1))
    else:
        for p in skipped:
            print(t("check.skipped", lang, path=p))
        for r in reports:
            title = f" ({shorten(r.name)})" if r.name else ""  # the map's own name: a hostile one stays a line
            if not r.findings:
                print(t("check.ok_line", lang, path=r.path, title=title))
            for f in r.findings:
                print(t("check.line", lang, path=r.path, title=title, severity=t(f"check.severity_{f.severity}", lang),
                        code=f.code, message=f.text(lang)))
            for line in figure_lines(r, lang):
                print(line)
    if any(r.errors for r in reports):
        return 2
    return 1 if any(r.warnings for r in reports) else 0


def map_paths(names: list[str]) -> tuple[list[Path], list[Path]]:
    """Map files to check (a folder gives its map files) and the files passed over."""
    paths: list[Path] = []
    skipped: list[Path] = []
    for name in names:
        p = Path(name)
        if exists(p) and p.is_dir():
            paths.extend(sorted(f for f in p.iterdir() if is_file(f) and f.suffix in MAP_SUFFIXES))
        elif is_file(p) and p.suffix.lower() in NOT_MAPS:
            skipped.append(p)
        else:
            paths.append(find_map(name))
    return paths, skipped


