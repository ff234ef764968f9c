"""`arena-game check MAP... [--json] [--lang fr|en]`: errors and design warnings per map (arena_game.design.mapcheck).

Exit code: 2 when any map has an error, 1 when there are only warnings, 0 when all is clean.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import file_name, terminal_lang
from arena_game.design.checkwords import figure_lines, said_findings
from arena_game.design.mapcheck import check_map, refused_report
from arena_game.formats.file_kinds import toml_kind
from arena_game.formats.mapfile import map_named
from arena_game.formats.problems import FileProblem, keyed, one_line, say, shorten
from arena_game.formats.teamfile import load_teams
from arena_game.formats.tiled import TILED_OTHER_SUFFIXES, file_kind, kind_words, suffix_kind
from arena_game.i18n import t
from arena_game.resources import MAP_SUFFIXES, default_teams_path, exists, is_file

# Files that sit beside Tiled maps: a shell glob such as `maps/*` names them too (any case).
# A `.json` file is looked into: a Tiled map is checked, a tileset or an atlas passed over.
NOT_MAPS = (".tsj", ".tsx", ".png", ".md", ".txt", ".tiled-project", ".tiled-session", ".tj", ".tx", ".world")


def register(sub: Any) -> None:
    """Add the `check` subcommand."""
    p = sub.add_parser("check")
    p.add_argument("maps", nargs="+", metavar="MAP", type=file_name)
    p.add_argument("--json", action="store_true")
    p.add_argument("--teams", type=file_name)
    p.add_argument("--lang", choices=("fr", "en"), default=None)


def run(args: argparse.Namespace) -> int:
    """Check every map; print a report; return 2 / 1 / 0."""
    lang = terminal_lang(args)
    paths, skipped = map_paths(args.maps)
    teams = load_teams(args.teams or default_teams_path())
    team_size = max((len(t.fighters) for t in teams), default=0)
    reports = [check_map(p, team_size, len(teams)) if isinstance(p, Path) else refused_report(p.path, p)
               for p in paths]
    if args.json:
        print(json.dumps([r.as_json(lang) for r in reports], ensure_ascii=False, indent=1))
    else:
        for p, kind in skipped:
            print(one_line(_skipped_line(p, kind, lang)))
        for r in reports:
            title = f" ({shorten(r.name)})" if r.name else ""  # the map's own name: a hostile one stays a line
            path = one_line(str(r.path))
            if not r.findings:
                print(t("check.ok_line", lang, path=path, title=title))
            for f, said in said_findings(r.findings, lang, beside=r.path):
                print(t("check.line", lang, path=path, title=title, severity=t(f"check.severity_{f.severity}", lang),
                        code=f.code, message=one_line(said)))
            for line in figure_lines(r, lang):
                print(line)
    if any(r.errors for r in reports):
        return 2
    return 1 if any(r.warnings for r in reports) else 0


def map_paths(names: list[str]) -> tuple[list[Path | FileProblem], list[tuple[Path, object]]]:
    """Map files to check (a folder gives its map files, suffixes in any case) and the files
    passed over, each with what it is (a `tiled.json_kind` word, or None: an image or a text
    file). A `.json` file is a map only when it is a Tiled map: a tileset, a template, a world
    or a texture atlas saved as `.json` is passed over, in a folder as by name (a glob). In a
    folder, a scenario, teams or rules file beside the maps is passed over too (named, it is
    checked, and said to be what it is). A bare name that is neither a file nor a shipped map
    gives its refusal in the list (`map_named`: the nearest shipped map's name), said in its turn."""
    paths: list[Path | FileProblem] = []
    skipped: list[tuple[Path, object]] = []
    for name in names:
        p = Path(name)
        if exists(p) and p.is_dir():
            before = len(paths) + len(skipped)
            try:
                entries = sorted(p.iterdir())
            except OSError as e:
                raise keyed(p, "unreadable", why=e.strerror or "error") from None
            for f in entries:
                if not is_file(f) or f.suffix.lower() not in MAP_SUFFIXES:
                    continue
                kind = file_kind(f) if f.suffix.lower() == ".json" else toml_kind(f)
                if kind == "map":
                    paths.append(f)
                else:
                    skipped.append((f, kind))
            if len(paths) + len(skipped) == before:  # nothing checked is not "all clean"
                raise keyed(p, "folder_no_maps")
        elif is_file(p) and p.suffix.lower() in NOT_MAPS:  # a Tiled file said by its kind
            skipped.append((p, suffix_kind(p) if p.suffix.lower() in TILED_OTHER_SUFFIXES else None))
        elif is_file(p) and p.suffix.lower() == ".json" and (kind := file_kind(p)) != "map":
            skipped.append((p, kind))
        else:
            try:
                paths.append(map_named(name))
            except FileProblem as e:
                paths.append(e)
    return paths, skipped


def _skipped_line(path: Path, kind: object, lang: str) -> str:
    if kind is None:
        return t("check.skipped", lang, path=path)
    return t("check.skipped_kind", lang, path=path, kind=say(kind_words(kind), lang))
