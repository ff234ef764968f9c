"""`arena-game resume`: continue the last match from its autosave."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from arena_game.commands.arguments import file_name, terminal_lang
from arena_game.commands.play import add_window_options, open_window
from arena_game.commands.usage import program_line
from arena_game.formats.problems import FileProblem
from arena_game.i18n import t


def register(sub: Any) -> None:
    """Add the `resume` subcommand."""
    p = sub.add_parser("resume")
    p.add_argument("file", nargs="?", default=None, type=file_name)
    p.add_argument("--accept-edited", action="store_true")
    p.add_argument("--keep-roster", action="store_true")
    add_window_options(p)


def run(args: argparse.Namespace) -> int:
    """Load the autosave (or the previous one if the last is damaged) and open the window."""
    from arena_game.formats.save import (
        clean_autosave_folder,
        latest_autosave,
        previous_autosave_path,
    )
    from arena_game.ui.controller import MatchController

    clean_autosave_folder()

    if args.file:
        ctrl = MatchController.load(args.file, autosave=True, **_load_options(args))
        return open_window(ctrl, args)
    path = latest_autosave()
    if not path.exists() and not path.is_symlink():  # a link going nowhere is a fault to say, not "no match yet"
        lang = terminal_lang(args)
        print(program_line(t('terminal.no_autosave', lang, file=path), lang), file=sys.stderr)
        return 2
    try:
        ctrl = MatchController.load(path, autosave=True, **_load_options(args))
    except FileProblem as e:
        prev = previous_autosave_path()
        if path == prev or not prev.exists():
            raise
        try:
            ctrl = MatchController.load(prev, autosave=True, **_load_options(args))
        except FileProblem:
            raise e from None
        lang = terminal_lang(args)
        print(program_line(t('terminal.previous_autosave', lang, fault=e.in_language(lang), file=prev), lang), file=sys.stderr)
    return open_window(ctrl, args)


def _load_options(args: argparse.Namespace) -> dict[str, bool]:
    return {"accept_edited": args.accept_edited, "keep_roster": args.keep_roster}
