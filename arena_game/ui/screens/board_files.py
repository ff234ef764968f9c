"""The board screen's files: save (Ctrl+S), load (Ctrl+O), a new match from the start screen,
a reloaded map file (--watch); a bad file is a message in the window, never a crash.

These functions are `BoardScreen` methods kept in their own module (`BoardScreen.save` is
`save` here), so the screen's module stays about play.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from arena_game.core.dice import NeedsFace
from arena_game.core.errors import IllegalAction
from arena_game.core.match import DiceMode, MatchSetup
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.formats.problems import FileProblem, unwritable
from arena_game.formats.save import SAVE_SUFFIX, user_data_dir
from arena_game.i18n import refusal_line, t
from arena_game.ui.board_view import BoardView, board_camera, numbers_outside
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.modes import default_mode
from arena_game.ui.screens import board_table
from arena_game.ui.screens.dialog import LoadDialogScreen, MessageScreen
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.design.hotreload import Reload
    from arena_game.ui.screens.board import BoardScreen


def save(board: BoardScreen, path: str | Path | None = None) -> Path | None:
    """Ctrl+S: save the match (to the user saves folder unless a path is given), as
    `saves/match-YYYYmmdd-HHMMSS.arena.json`, or `…-2`, `…-3` when a save of that second is
    there already (never over another file)."""
    if board.ctrl is None:
        return None
    stem = None if path is not None else "match-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = user_data_dir() / "saves"
    target = path if path is not None else folder / f"{stem}{SAVE_SUFFIX}"
    try:
        p = board.ctrl.save(target) if stem is None else board.ctrl.save_new(folder, stem)
    except OSError as e:
        board.show_problem(unwritable(target, e).in_language(board.lang))  # a folder on the way at fault: named
        return None
    board.hud.set_status(text("saved", board.lang, path=str(p)))
    return p


def open_load_dialog(board: BoardScreen) -> None:
    """Ctrl+O: pick a save file."""
    board.app.push(LoadDialogScreen(board.app, user_data_dir() / "saves", board.load,
                                    title=text("load_title", board.lang)))


def load(board: BoardScreen, path: str | Path) -> bool:
    """Load a save file; a bad file is shown in the window, the current match kept."""
    try:
        ctrl = MatchController.load(path, autosave=True)
    except FileProblem as e:
        board.show_problem(e.in_language(board.lang))
        return False
    board.set_match(ctrl)
    if not (ctrl.roster_missing or ctrl.roster_unchosen):  # else the status line keeps the roster's note (R9.2)
        board.hud.set_status(text("loaded", board.lang, path=str(path)))
    return True


def new_match(board: BoardScreen, map_name: str, teams_path: str | None, seed: int,
              dice_mode: DiceMode = "computer", settings: RulesSettings = DEFAULT_SETTINGS) -> bool:
    """Start a new match (from the start screen); a bad map or teams file is shown, not raised."""
    try:
        setup = replace(setup_for_map(map_name, teams_path, seed, settings), dice_mode=dice_mode)
    except FileProblem as e:
        board.show_problem(e.in_language(board.lang))
        return False
    return start_setup(board, setup, teams_path)


def start_setup(board: BoardScreen, setup: MatchSetup, teams_path: str | None) -> bool:
    """Start the match of `setup`; with dice at the table, initiative faces (R0.5) are asked
    first (the match starts once every one is given; Esc goes back to the start screen)."""
    try:
        ctrl = MatchController(setup, autosave=True, roster=teams_path)
    except NeedsFace as need:
        def more(faces: list[int]) -> None:
            start_setup(board, replace(setup, scripted=[*setup.scripted, *faces]), teams_path)

        def cancelled() -> None:
            if board.ctrl is None:
                board.open_start_screen()

        board_table.ask(board, need, setup, len(setup.scripted), more, cancelled)
        return True
    except IllegalAction as e:
        board.show_problem(f"{setup.board.name}: {refusal_line(e, board.lang)}")
        return False
    board.set_match(ctrl)
    return True


def show_problem(board: BoardScreen, line: str) -> None:
    """A refused file: on the status line, and a message window over whatever is shown."""
    board.hud.set_status(text("file_problem", board.lang, problem=line), error=True)
    board.app.push(MessageScreen(board.app, line))


def tell_autosave(board: BoardScreen) -> None:
    """An autosave that could not be written is said at once, in the window's language: one line
    naming the file and why, in the log and on the status line (once the action is shown, as a
    refusal is kept); the match goes on. Said once until an autosave is written again."""
    fault = board.ctrl.take_autosave_notice() if board.ctrl is not None else None
    if fault is None:
        return
    line = text("autosave_failed", board.lang, problem=fault.in_language(board.lang))
    if board.unshown:  # in step with the action's lines
        board.unshown.append((board.unshown[-1][0], line))
    else:
        board.hud.append_lines([line])
    board.notice = line
    board.show_prompt(keep_refusal=False)


def reload_map(board: BoardScreen, got: Reload) -> None:
    """The watched map file changed: carry the match on over the new board, or say why not."""
    from arena_game.design.hotreload import relocation_text

    ctrl = board.ctrl
    assert ctrl is not None
    lang = board.lang
    if got.board is None:
        line = t("watch.load_error", lang, problem=got.error or "")
        board.hud.set_status(line, error=True)
        board.hud.append_lines([line])
        return
    board.anim.skip()
    new = got.board
    moves = ctrl.change_board(new)
    if (new.width, new.height) != board.camera.board_size or numbers_outside(new) != (board.camera.margin is not None):
        board.camera = board_camera(board.viewport, new)
    board.view = BoardView(new, board.camera, board.book)
    board.check_board(new)  # the notice follows the file: a fix that clears a finding clears it
    lines = [t("watch.reloaded", lang, map=new.name)] + [relocation_text(m, lang) for m in moves]
    board.hud.append_lines(lines)
    board.hud.set_status(lines[0])
    board.switch_mode(default_mode(ctrl.state))
    tell_autosave(board)  # the reload is autosaved at once
