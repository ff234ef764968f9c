"""`arena-game tutorial [--lang]`: interactive lessons, one per rule family.

Each lesson is a scenario file with a goal (`scenarios/lessons/*.toml`; `--lessons DIR`
for a game master's own); progress is kept in the user data folder.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import file_name, window_size
from arena_game.commands.demo import scenario_files
from arena_game.i18n import add_lang_argument, pick_lang
from arena_game.learn.lessons import lessons_dir, load_lesson


def register(sub: Any) -> None:
    """Add the `tutorial` subcommand."""
    p = sub.add_parser("tutorial")
    add_lang_argument(p)
    p.add_argument("--lessons", metavar="DIR", type=file_name)  # "" is no name, not the current folder
    p.add_argument("--size", type=window_size, default=(1280, 800))


def run(args: argparse.Namespace) -> int:
    """Open the lesson picker."""
    files = scenario_files(Path(args.lessons) if args.lessons else lessons_dir(), "no_lessons")
    lessons = [load_lesson(p) for p in files]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from arena_game.ui.screens.tutorial import run_tutorial

    return run_tutorial(lessons, pick_lang(args.lang), size=args.size)
