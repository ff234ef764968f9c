"""`arena-game tutorial [--lang]`: interactive lessons, one per rule family.

Each lesson is a scenario file with a goal (`scenarios/lessons/*.toml`; `--lessons DIR`
for a game master's own); progress is kept in the user data folder.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import window_size
from arena_game.formats.problems import keyed
from arena_game.i18n import add_lang_argument, pick_lang
from arena_game.learn.lessons import lessons_dir, load_lesson, ordered_files


def register(sub: Any) -> None:
    """Add the `tutorial` subcommand."""
    p = sub.add_parser("tutorial")
    add_lang_argument(p)
    p.add_argument("--lessons", metavar="DIR")
    p.add_argument("--size", type=window_size, default=(1280, 800))


def run(args: argparse.Namespace) -> int:
    """Open the lesson picker."""
    folder = Path(args.lessons) if args.lessons else lessons_dir()
    files = ordered_files(folder)
    if not files:
        raise keyed(folder, "no_lessons")
    lessons = [load_lesson(p) for p in files]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from arena_game.ui.screens.tutorial import run_tutorial

    return run_tutorial(lessons, pick_lang(args.lang), size=args.size)
