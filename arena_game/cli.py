"""`arena-game` command line. Each subcommand lives in `arena_game.commands.<name>`.

Bad files and bad arguments give one clear line on stderr and exit code 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import sys
from collections.abc import Sequence

from arena_game import __version__
from arena_game.commands.arguments import terminal_lang
from arena_game.commands.usage import asked_lang, localize, program_line, usage_line
from arena_game.formats.problems import FileProblem

# Subcommand modules, in the order `--help` lists them. Each has `register(sub)` and `run(args)`.
COMMANDS: tuple[str, ...] = ("play", "scenario", "resume", "simulate", "sweep", "check", "render", "demo", "tutorial")
DEFAULT_COMMAND = "play"


class UsageError(Exception):
    """A bad command line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser(only: str | None = None, lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser with every subcommand (or just `only`: a launch then imports
    nothing the command it runs does not need), its `--help` in `lang` (from the catalog)."""
    parser = _Parser(prog="arena-game")
    parser.add_argument("--version", action="version", version=f"arena-game {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    # argparse lists a command in --help only when add_parser is given a help; its words come
    # from the catalog with every option's (`localize`)
    sub.add_parser = functools.partial(sub.add_parser, help=None)  # type: ignore[method-assign]
    for name in (only,) if only in COMMANDS else COMMANDS:
        module = importlib.import_module(f"arena_game.commands.{name}")
        module.register(sub)
    return localize(parser, lang)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")):
        args_list = [DEFAULT_COMMAND, *args_list]
    asked = asked_lang(args_list)  # read before parsing: `--help` and a refused line need it
    parser = build_parser(only=args_list[0] if args_list else None, lang=asked)
    try:
        args = parser.parse_args(args_list)
    except UsageError as e:
        print(usage_line(str(e), asked), file=sys.stderr)
        return 2
    module = importlib.import_module(f"arena_game.commands.{args.command}")
    # A bad file's line in the player's language: --lang, else the locale's, else English
    lang = terminal_lang(args)
    try:
        code = int(module.run(args) or 0)
        sys.stdout.flush()  # a reader gone away (`| head`) shows up here, not as a traceback at exit
        return code
    except FileProblem as e:
        print(program_line(e.in_language(lang), lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `arena-game check --json | head`: the reader closed the pipe; stop quietly, as cat does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    raise SystemExit(main())
