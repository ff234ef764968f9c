"""`arena-game [play] [MAP] [--teams FILE] [--seed N] [--lang fr|en]`: a hot-seat match in a window."""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from typing import Any

from arena_game.commands.arguments import file_name, terminal_lang, window_size
from arena_game.commands.usage import program_line
from arena_game.commands.user_sprites import check_user_sprites
from arena_game.i18n import pick_lang, refusal_line, t
from arena_game.resources import DEFAULT_MAP

BOT_LEVELS = ("easy", "normal", "strong")  # bots.brain.PLAY_LEVELS, named here so a launch needs no bot


def register(sub: Any) -> None:
    """Add the `play` subcommand."""
    p = sub.add_parser("play")
    p.add_argument("map", nargs="?", default=DEFAULT_MAP, type=file_name)
    p.add_argument("--teams", type=file_name)
    p.add_argument("--rules", type=file_name)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--bot", action="append", default=[], metavar="TEAM")
    p.add_argument("--bots", choices=("all",), default=None)
    p.add_argument("--bot-level", choices=BOT_LEVELS, default="normal")
    p.add_argument("--dice", choices=("computer", "physical", "mixed"), default="computer")
    p.add_argument("--watch", action="store_true")
    add_window_options(p)


def add_window_options(p: argparse.ArgumentParser) -> None:
    """Options shared by every command that opens the window."""
    p.add_argument("--lang", choices=("fr", "en"), default=None)
    p.add_argument("--size", type=window_size, default=(1280, 800))
    p.add_argument("--no-handoff", action="store_true")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # run N frames and exit (tests)
    p.add_argument("--frame-log", metavar="FILE", default=None, type=file_name)


def window_lang(args: argparse.Namespace) -> str:
    """The interface language: --lang, else the system locale's (LC_ALL, LC_MESSAGES, LANG), else
    English; the terminal's lines are in the same (`arguments.terminal_lang`)."""
    return pick_lang(args.lang)


_NO_DRIVER = re.compile(r"(\S+) not available")  # SDL's words for a video driver it cannot start


def window_why(e: BaseException, lang: str) -> str:
    """Why SDL could not open the window, in `lang` (SDL writes English): a video driver it
    cannot start (no display open, or `SDL_VIDEODRIVER` naming one), no video device, else
    SDL's own words quoted as its."""
    words = str(e).strip().rstrip(".")
    m = _NO_DRIVER.fullmatch(words)
    if m:
        return t("terminal.window_no_driver", lang, driver=m.group(1))
    if words.lower() == "no available video device":
        return t("terminal.window_no_device", lang)
    return t("terminal.window_sdl_words", lang, words=words)


def open_window(ctrl: Any, args: argparse.Namespace, **extra: Any) -> int:
    """Open the window on a match and run it until closed (or for --frames frames)."""
    check_user_sprites()  # before the window's start-up: a bad sprite is said at once
    try:
        import pygame

        from arena_game.formats.save import forget_autosave_fault
        from arena_game.ui.windows import match_window
    except ImportError as e:  # pragma: no cover - pygame is a dependency
        lang = terminal_lang(args)
        print(program_line(t('terminal.window_failed', lang, why=e), lang), file=sys.stderr)
        return 2
    log = None
    try:
        if getattr(args, "frame_log", None):
            try:
                log = open(args.frame_log, "w", encoding="utf-8")  # noqa: SIM115 - closed below
            except OSError as e:
                from arena_game.formats.problems import one_line, system_words

                lang = terminal_lang(args)  # the system's sentence said in it ("No such file…" is English)
                why = system_words(e.strerror or "", lang)
                print(program_line(t('terminal.frame_log_unwritable', lang, file=one_line(args.frame_log), why=why), lang),
                      file=sys.stderr)
                return 2
        app = match_window(ctrl, size=args.size, lang=window_lang(args), handoff=not args.no_handoff,
                           realtime=args.frames is None, frame_log=log, **extra)
        forget_autosave_fault()
        try:
            code = app.run(frames=args.frames)
        finally:  # the window closed (Esc, its close button, Ctrl+C, a fault): this turn's actions too
            last_autosave(app)
        return autosave_said(args) or code
    except pygame.error as e:
        lang = terminal_lang(args)
        print(program_line(t('terminal.window_failed', lang, why=window_why(e, lang)), lang), file=sys.stderr)
        return 2
    finally:
        if log is not None:
            log.close()
        pygame.quit()


def last_autosave(app: Any) -> None:
    """Autosave the window's match as it stands when the window closes, however it closes (its
    close button, Ctrl+C on the terminal, a fault in the window): the actions of the turn in
    play are written too, as Esc does. A match where nothing was played, or nothing since its
    autosave, is left alone (opening the game and closing it keeps the last match's autosave
    for `resume`). A match over was autosaved with its last action when it ended; that write is
    tried again here only if it failed. A failed write is said by `autosave_said`."""
    from arena_game.formats.save import autosave_holds

    for screen in getattr(app, "stack", ()):
        ctrl = getattr(screen, "ctrl", None)
        if ctrl is None or not getattr(ctrl, "autosave", False):
            continue
        if (ctrl.actions or ctrl.match.board_changes) and not autosave_holds(ctrl.to_save()):
            ctrl.write_autosave()
        return


def autosave_said(args: argparse.Namespace) -> int:
    """When the window's last autosave could not be written (a full disk, a read-only folder),
    one line on the terminal naming the file and why, and exit code 2 (0 when it was written):
    the match played since the last autosave written is not on disk."""
    from arena_game.formats.save import autosave_fault

    fault = autosave_fault()
    if fault is None:
        return 0
    lang = terminal_lang(args)
    print(program_line(fault.in_language(lang), lang), file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Set up the match (bad files exit 2 with one line), then open the window."""
    from dataclasses import replace

    from arena_game.core.dice import NeedsFace
    from arena_game.core.errors import IllegalAction
    from arena_game.core.settings import DEFAULT_SETTINGS
    from arena_game.formats.problems import separator
    from arena_game.formats.rulesfile import load_rules
    from arena_game.formats.save import clean_autosave_folder
    from arena_game.ui.controller import MatchController, setup_for_map

    clean_autosave_folder()  # what a hard kill during the last autosave left behind
    settings = load_rules(args.rules) if args.rules else DEFAULT_SETTINGS
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    setup = replace(setup_for_map(args.map, args.teams, seed, settings), dice_mode=args.dice)
    extra: dict[str, Any] = {}
    ctrl = None
    try:
        ctrl = MatchController(setup, autosave=True, roster=args.teams)
    except NeedsFace:  # dice at the table: the window asks for the initiative faces first
        extra.update(table_setup=setup, teams_path=args.teams)
    except IllegalAction as e:
        lang = terminal_lang(args)
        print(program_line(f"{args.map}{separator(lang)}{refusal_line(e, lang)}", lang), file=sys.stderr)
        return 2
    wanted = [*args.bot, *(["all"] if args.bots else [])]
    if wanted:
        from arena_game.bots.seats import BotSeats, UnknownTeam

        try:
            extra["bots"] = BotSeats(wanted, [t.id for t in setup.teams], seed, args.bot_level)
        except UnknownTeam as e:
            lang = terminal_lang(args)
            words = t("terminal.unknown_bot_team", lang, team=e.team, known=", ".join(e.known))
            print(program_line(words, lang), file=sys.stderr)
            return 2
    if args.watch:
        from arena_game.design.hotreload import MapWatcher

        extra["watcher"] = MapWatcher(setup.map_path or args.map, settings.maps, lang=window_lang(args))
    return open_window(ctrl, args, **extra)
