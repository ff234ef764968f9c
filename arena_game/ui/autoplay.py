"""What the window does by itself each frame: bot seats play, a watched map reloads.

The decisions live outside pygame (`arena_game.bots.seats`, `arena_game.design.hotreload`);
this module only hooks them to the window: a bot acts when its team has the move,
nothing is moving on screen and no dialog is open; a changed map file is reloaded and
the match carries on, a broken one is reported in the status line and the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.core.actions import EndTurn
from arena_game.design.hotreload import reboard
from arena_game.i18n import t
from arena_game.ui.board_view import BoardView
from arena_game.ui.camera import Camera
from arena_game.ui.modes import default_mode

if TYPE_CHECKING:
    from arena_game.ui.app import App

BOT_PAUSE_MS = 450  # between two bot actions, so a watcher can follow
WATCH_POLL_MS = 500  # how often a watched map file is looked at


def play_bots(app: App, dt_ms: int) -> bool:
    """Let a bot take one action when it has the move; True when it did."""
    seats = app.bots
    ctrl = app.ctrl
    if not seats or ctrl is None or app.start is not None or not seats.plays(ctrl.state):
        return False
    anim = getattr(app, "anim", None)
    if anim is not None and anim.busy:
        return False
    if app.dialog is not None:
        return False
    app.bot_wait_ms -= dt_ms
    if app.bot_wait_ms > 0:
        return False
    app.bot_wait_ms = BOT_PAUSE_MS
    if app.banner_up:
        app.dismiss_banner()  # the hand-off banner is for people, not bots
    action = seats.next_action(ctrl.state)
    if not app.apply(action):
        app.apply(EndTurn())  # a bot never stalls the match
    if seats.plays(ctrl.state):
        app.hud.set_status(t("watch.bot_turn", app.lang, name=ctrl.state.active.sheet.name))
    return True


def poll_watch(app: App, dt_ms: int) -> bool:
    """Reload the watched map when its file changed; True when something was reported."""
    watcher = app.watcher
    ctrl = app.ctrl
    if watcher is None or ctrl is None:
        return False
    app.watch_wait_ms -= dt_ms
    if app.watch_wait_ms > 0:
        return False
    app.watch_wait_ms = WATCH_POLL_MS
    got = watcher.poll()
    if got is None:
        return False
    lang = app.lang
    if got.board is None:
        line = t("watch.load_error", lang, problem=got.error or "")
        app.hud.set_status(line, error=True)
        app.hud.append_lines([line])
        return True
    anim = getattr(app, "anim", None)
    if anim is not None:
        anim.skip()
    board = got.board
    ctrl.state, moves = reboard(ctrl.state, board)
    if (board.width, board.height) != app.camera.board_size:
        app.camera = Camera(tuple(app.viewport), (board.width, board.height))  # type: ignore[arg-type]
        app.camera.fit()
    app.view = BoardView(board, app.camera, app.book)
    lines = [t("watch.reloaded", lang, map=board.name)] + [m.text(lang) for m in moves]
    app.hud.append_lines(lines)
    app.hud.set_status(lines[0])
    app.version += 1
    app.mode = default_mode(ctrl.state)
    app.refresh()
    return True
