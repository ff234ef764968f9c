"""`arena-game scenario FILE [--json] [--lang] [--gif OUT.gif]`: play a scenario file and print its
log, or record its animated play to a GIF (headless)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import file_name, gif_file, image_size
from arena_game.commands.demo import headless
from arena_game.commands.usage import program_line
from arena_game.core.events import EVENT_LIST_ADAPTER
from arena_game.core.summary import state_summary
from arena_game.formats.problems import one_line
from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n import add_lang_argument, pick_lang, tn
from arena_game.i18n.narration import describe, told
from arena_game.resources import find_scenario


def register(sub: Any) -> None:
    """Add the `scenario` subcommand."""
    p = sub.add_parser("scenario")
    p.add_argument("file", type=file_name)
    p.add_argument("--json", action="store_true")
    add_lang_argument(p)
    p.add_argument("--gif", metavar="OUT.gif", type=gif_file)
    p.add_argument("--size", type=image_size, default=(960, 720))


def run(args: argparse.Namespace) -> int:
    """Play the scenario; a refused action is reported on stderr with exit code 2."""
    scenario = load_scenario(find_scenario(args.file))
    args.lang = pick_lang(args.lang)
    result = play(scenario)
    if args.gif and not result.error:
        headless()
        from arena_game.ui.showcase import scenario_gif

        frames, size = scenario_gif(scenario, Path(args.gif), args.lang, args.size)
        print(tn("demo.gif_written", frames, args.lang, file=args.gif, w=size[0], h=size[1]))
        return 0
    if args.json:
        doc = {
            "events": EVENT_LIST_ADAPTER.dump_python(result.events, mode="json"),
            "final": state_summary(result.state) if result.state else None,
        }
        if result.error:
            doc["error"] = result.error.one_line()  # for programs: the same words whatever --lang
        print(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False))
    else:
        names = {t.id: t.name for t in scenario.teams}
        names.update({f.id: f.name for t in scenario.teams for f in t.fighters})
        if scenario.spec.title:
            print(f"# {one_line(scenario.spec.title)}")  # a title from the file: one line, whatever it holds
        for ev in filter(told, result.events):  # a tackle's check and its `Tackled`: one line
            # names, a map's or a weapon's from the file: each event stays one line and cannot
            # turn the terminal (a line break or an escape sequence in a fighter's name)
            print(one_line(describe(ev, names, args.lang)))
    if result.error:
        # a refusal is the log's last line, a fault of the file a terminal line: both in the log's language
        print(program_line(result.error.in_language(args.lang), args.lang), file=sys.stderr)
        return 2
    return 0

