"""The windows the commands open, each an `App` with its first screens on the stack.

`match_window` is the hot-seat match (`arena-game play`, `resume`, no argument): the board,
with the start screen over it when there is no match yet. The tutorial and the demo have
their own (`arena_game.ui.screens.tutorial.tutorial_window`, `...demo.demo_window`), kept
there so a match launch never imports the lessons or the films.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from arena_game.ui.app import App
from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.screens.board import BoardScreen

if TYPE_CHECKING:
    from arena_game.bots.seats import BotSeats
    from arena_game.core.match import MatchSetup
    from arena_game.design.hotreload import MapWatcher
    from arena_game.ui.controller import MatchController


def match_window(ctrl: MatchController | None = None, *, size: tuple[int, int] = (1280, 800), lang: str = "fr",
                 handoff: bool = True, realtime: bool = True, start_screen: bool = False,
                 teams_path: str | None = None, bots: BotSeats | None = None,
                 watcher: MapWatcher | None = None, anim_speed: float | None = None,
                 frame_log: TextIO | None = None, table_setup: MatchSetup | None = None) -> App:
    """The match window on `ctrl`; the start screen on top when asked or when there is no match.
    `frame_log`: one line per frame (`arena_game.ui.frame_meter`); `table_setup`: a match with
    dice at the table, started once its initiative faces are given."""
    app = App(size=size, lang=lang, realtime=realtime, frame_log=frame_log)
    board = app.push(BoardScreen(app, ctrl, handoff=handoff, teams_path=teams_path, bots=bots,
                                 watcher=watcher, anim_speed=anim_speed))
    if table_setup is not None:
        from arena_game.ui.screens.board_files import start_setup

        start_setup(board, table_setup, teams_path)
    else:
        board.prepare()
        if start_screen or ctrl is None:
            board.open_start_screen()
        ready(app)
    return app


def ready(app: App) -> None:
    """Make before the window's first frame what its first frames would make: the screens'
    widgets (at launch nothing is under the start screen to show meanwhile), pygame_gui's
    button looks, a first draw. Left to them, the first frames took 17–41 ms."""
    for screen in app.stack:
        if screen.building and isinstance(screen, BuiltOverFrames):
            screen.build_now()
    for _ in range(6):  # pygame_gui makes a new button's other looks one an update
        app.manager.update(1 / 60)
    app.draw()
