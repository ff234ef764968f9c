"""`arena-game demo [--lang] [--once] [--gif-dir DIR]`: the autoplay showcase.

Plays every demo step (`scenarios/demo/NN-name.toml`, in file-name order; `--steps DIR`
for a game master's own folder) with big captions, looping until a key is pressed.
`--gif-dir` writes one animated GIF per step instead, headless.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import WINDOW_MIN, file_name, image_size
from arena_game.commands.user_sprites import check_user_sprites
from arena_game.formats.problems import keyed
from arena_game.formats.scenario import load_scenario
from arena_game.i18n import add_lang_argument, pick_lang, t, tn
from arena_game.learn.lessons import demo_dir, ordered_files


def register(sub: Any) -> None:
    """Add the `demo` subcommand."""
    p = sub.add_parser("demo")
    add_lang_argument(p)
    p.add_argument("--once", action="store_true")
    p.add_argument("--steps", metavar="DIR", type=file_name)  # "" is no name, not the current folder
    p.add_argument("--gif-dir", metavar="DIR", type=file_name)
    p.add_argument("--size", type=image_size, default=None)


def headless() -> None:
    """SDL without a screen or sound (GIF export)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def scenario_files(folder: Path, none_key: str) -> list[Path]:
    """The scenario files of a folder of demo steps or lessons (`--steps`, `--lessons`), in
    play order. A folder that is missing, a file, unreadable (a name too long, a link loop, no
    permission) or holding no scenario (`none_key`) is one line naming it."""
    try:
        if not stat.S_ISDIR(folder.stat().st_mode):
            raise keyed(folder, "not_a_folder")
        with os.scandir(folder):  # a folder we may not list would look empty to glob
            pass
        files = ordered_files(folder)
    except FileNotFoundError:
        raise keyed(folder, "folder_not_found") from None
    except OSError as e:
        raise keyed(folder, "unreadable", why=e.strerror or "error") from None
    except ValueError:  # a NUL in the name
        raise keyed(repr(str(folder)), "bad_name") from None
    if not files:
        raise keyed(folder, none_key)
    return files


def run(args: argparse.Namespace) -> int:
    """Play the demo (or write its GIFs)."""
    files = scenario_files(Path(args.steps) if args.steps else demo_dir(), "no_demo_steps")
    scenarios = [load_scenario(p) for p in files]
    lang = pick_lang(args.lang)
    if args.gif_dir:
        headless()
        from arena_game.ui.showcase import scenario_gif

        out = Path(args.gif_dir)
        for n, (path, sc) in enumerate(zip(files, scenarios, strict=True), start=1):
            frames, size = scenario_gif(sc, out / f"{path.stem}.gif", lang, args.size or (960, 720), step=(n, len(files)))
            print(tn("demo.gif_written", frames, lang, file=out / f"{path.stem}.gif", w=size[0], h=size[1]))
        return 0
    if args.size and (args.size[0] < WINDOW_MIN[0] or args.size[1] < WINDOW_MIN[1]):
        small = t("usage.window_at_least", lang, size=f"{WINDOW_MIN[0]}x{WINDOW_MIN[1]}")
        print(t("usage.error_line", lang, message=t("usage.argument", lang, name="--size", message=small)), file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    check_user_sprites()  # the demo draws a game master's sprite overrides
    from arena_game.ui.screens.demo import run_demo

    realtime = not (args.once and os.environ.get("SDL_VIDEODRIVER") == "dummy")
    run_demo(scenarios, lang, once=args.once, size=args.size or (1280, 800), realtime=realtime)
    return 0
