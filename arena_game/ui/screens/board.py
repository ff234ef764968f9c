"""The match on the board: the board view, the widgets around it and the input modes.

Clicks and keys go to the current input mode (`arena_game.ui.modes`), which answers with one
typed `Result` (an action or a run route for the match, the next mode, a refusal, a redraw,
or unused); `do` carries out each case. A refused
action is shown, never raised. Everything modal (the hand-off curtain, the match-over
panel, dialogs, the start screen) is a screen pushed over this one.

The match itself is reached through `self.ctrl` only (state, apply, undo, can_undo, log,
names, save, the roster fields), so swapping the controller for another match object
touches this module and `board_files`. Its input is in `board_input`, its drawing in
`board_draw`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

import pygame

from arena_game.core.actions import EndTurn, StandUp
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event, TurnStarted
from arena_game.core.geometry import Square
from arena_game.i18n import refusal_line, t
from arena_game.ui import memory
from arena_game.ui.anim import INSTANT, SPEEDS, AnimationQueue
from arena_game.ui.autoplay import BotTurns, MapPoll
from arena_game.ui.board_view import BoardView, load_sprites
from arena_game.ui.camera import Camera
from arena_game.ui.controller import MatchController
from arena_game.ui.hud import Hud
from arena_game.ui.modes import (
    MODE_FOR_BUTTON,
    Highlight,
    IdleMode,
    Mode,
    PlayAction,
    PlayRoute,
    Redraw,
    Refused,
    Result,
    SwitchMode,
    Unused,
    default_mode,
)
from arena_game.ui.screens import board_draw, board_files, board_input
from arena_game.ui.screens.base import Screen
from arena_game.ui.screens.handoff import HandoffScreen
from arena_game.ui.screens.match_over import MatchOverScreen
from arena_game.ui.screens.pointer import Pointer
from arena_game.ui.strings import text
from arena_game.ui.widget_layer import WidgetLayer

if TYPE_CHECKING:  # the bots and the map watcher are imported only when a match uses them
    from arena_game.bots.seats import BotSeats
    from arena_game.design.hotreload import MapWatcher
    from arena_game.render.sprites import SpriteBook
    from arena_game.ui.app import App


class BoardScreen(Screen):
    """The match: board, widgets around it, input modes; the bottom of the match window's stack."""

    def __init__(self, app: App, ctrl: MatchController | None = None, *, handoff: bool = True,
                 teams_path: str | None = None, bots: BotSeats | None = None,
                 watcher: MapWatcher | None = None, anim_speed: float | None = None) -> None:
        super().__init__(app)
        self.ctrl: MatchController | None = None
        self.first_match = ctrl
        self.handoff = handoff  # hot-seat: a curtain between the two teams' turns
        self.teams_path = teams_path
        self.hud = Hud(app.manager, self.lang)
        self.book: SpriteBook | None = None
        self.view: BoardView | None = None
        self.viewport = pygame.Rect(0, 0, *app.screen.get_size())
        self.camera = Camera(tuple(self.viewport), (1, 1))  # type: ignore[arg-type]
        self.legend_rect: pygame.Rect | None = None  # where the highlight key was last drawn (tests)
        self.mode: Mode = IdleMode()
        self.highlights: list[Highlight] = []
        self.version = 0  # bumped whenever the match or the mode changed: highlights are redrawn
        self._hl_version = -1
        self._tips: dict[Square, str] = {}  # square → hover tip of the current highlights
        self.hover: Square | None = None
        self.pointer = Pointer()
        self.bots = BotTurns(bots) if bots else None
        self.map_poll = MapPoll(watcher) if watcher is not None else None
        # Animations run on the window's clock; headless runs default to instant, so posted
        # clicks are never held up.
        self.anim = AnimationQueue(lang=self.lang, clock=lambda: app.time_ms / 1000,
                                   speed=anim_speed if anim_speed is not None else (1.0 if app.realtime else INSTANT))
        self.widgets = WidgetLayer()

    def enter(self) -> None:
        self.relayout(self.app.screen.get_size())
        if self.first_match is not None:
            self.set_match(self.first_match)
            self.first_match = None

    def leave(self) -> None:
        self.hud.clear()

    def relayout(self, size: tuple[int, int]) -> None:
        """Widgets, viewport and camera for the window's size."""
        self.viewport = self.hud.build(size)
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        self.camera.fit()
        self.refresh()

    def above(self) -> list[Screen]:
        """The screens stacked over this one."""
        stack = self.app.stack
        return stack[stack.index(self) + 1:] if self in stack else []

    # -- the match -------------------------------------------------------------------

    def set_match(self, ctrl: MatchController) -> None:
        """Show a match (new, loaded or resumed)."""
        for screen in self.above():
            if isinstance(screen, (HandoffScreen, MatchOverScreen)):
                screen.close()
        self.ctrl = ctrl
        self.anim.skip()
        board = ctrl.state.board
        self.camera = Camera(tuple(self.viewport), (board.width, board.height))  # type: ignore[arg-type]
        self.camera.fit()
        if self.book is None:
            self.book = load_sprites()
        self.view = BoardView(board, self.camera, self.book)
        self.mode = default_mode(ctrl.state)
        self.hud.reset_log(ctrl.log, ctrl.names())
        if ctrl.roster_missing:  # R9.2: a loaded match whose roster file is gone: say so, keep playing
            line = text("roster_missing", self.lang, file=ctrl.roster_missing)
            self.hud.append_lines([line])
            self.hud.set_status(line, error=True)
        if ctrl.roster_unchosen:  # R9.2: a save's roster file is only rewritten when the player chose it
            line = text("roster_unchosen", self.lang, file=ctrl.roster_unchosen)
            self.hud.append_lines([line])
            self.hud.set_status(line)
        pygame.display.set_caption(text("title", self.lang, map=board.name))
        self.refresh()
        memory.settle()
        if ctrl.state.over:
            self.show_match_over()

    def refresh(self) -> None:
        """Texts, buttons and highlights after anything changed."""
        if self.ctrl is None:
            return
        state = self.ctrl.state
        self.hud.refresh_match(state)
        self.hud.update_buttons(self.ctrl.available_actions(), self.mode.name, self.ctrl.can_undo(), state.over)
        self.hud.set_choices(self.mode.choices(state, self.lang))
        self.version += 1
        self.show_prompt()

    def switch_mode(self, mode: Mode) -> None:
        """Another input mode: its highlights, choices and help line."""
        self.mode = mode
        self.refresh()

    def show_prompt(self) -> None:
        """The status line: what the hovered square says, else the mode's help."""
        if self.ctrl is None:
            return
        if self.hover is not None:
            self.hud.set_status(self.hover_text(self.hover))
        else:
            self.hud.set_status(self.mode.prompt(self.ctrl.state, self.lang))

    def hover_text(self, sq: Square) -> str:
        """Hover line for a square: the highlight's tip, or the mode's reason."""
        assert self.ctrl is not None
        self.current_highlights()
        tip = self._tips.get(sq)
        return tip if tip is not None else self.mode.hover(self.ctrl.state, sq, self.lang)

    def current_highlights(self) -> list[Highlight]:
        """The mode's highlights, recomputed only when the match or the mode changed."""
        if self.ctrl is None:
            return []
        if self._hl_version != self.version:
            self.highlights = self.mode.highlights(self.ctrl.state, self.lang)
            self._hl_version = self.version
            self._tips = {}  # the first highlight with a tip on a square speaks for it
            for h in self.highlights:
                if h.tip:
                    self._tips.setdefault(h.square, h.tip)
        return self.highlights

    def refuse(self, reason: str) -> None:
        """A refusal on the status line."""
        self.hud.set_status(text("illegal", self.lang, reason=reason), error=True)

    def do(self, result: Result) -> None:
        """Carry out a mode's answer, whichever of the `Result` cases it is."""
        if self.ctrl is None:
            return
        match result:
            case PlayAction(action=action):
                self.apply(action)
            case PlayRoute(steps=steps):  # a run route: stop at the first refusal or when the run ends
                for action in steps:
                    run = self.ctrl.state.budget.run if self.apply(action) else None
                    if run is None or run.finished or self.mode.name != "run_go":
                        break
            case SwitchMode(mode=mode):
                self.switch_mode(mode)
            case Refused(error=error):
                self.refuse(refusal_line(error, self.lang))
            case Redraw():
                self.refresh()
            case Unused():
                pass
            case _:
                assert_never(result)

    def apply(self, action: object) -> list[Event]:
        """Apply an action; a refusal goes to the status line and changes nothing."""
        assert self.ctrl is not None
        before_team = None if self.ctrl.state.over else self.ctrl.state.active.team
        try:
            events = self.ctrl.apply(action)  # type: ignore[arg-type]
        except IllegalAction as e:
            self.refuse(refusal_line(e, self.lang))
            return []
        except ValueError as e:  # e.g. a malformed action from a mode
            self.refuse(str(e))
            return []
        self.after_events(events, before_team)
        return events

    def after_events(self, events: Sequence[Event], before_team: str | None) -> None:
        """Animate and log, refresh, pick the next mode, then the hand-off curtain or match-over."""
        assert self.ctrl is not None
        state = self.ctrl.state
        self.app.meter.note("animation start")  # the costly frame: log, texts, highlights, first pose
        if self.ctrl.before is not None:
            self.anim.push(events, self.ctrl.before)
        self.hud.append_log(events, self.ctrl.names())
        self.tell_roster()
        self.switch_mode(default_mode(state))
        if state.over:
            self.show_match_over()
        elif self.handoff and any(isinstance(e, TurnStarted) for e in events) and state.active.team != before_team:
            team = state.teams[state.active.team]
            self.app.push(HandoffScreen(self.app, text("handoff", self.lang, team=team.name, name=state.active.sheet.name)))

    def show_match_over(self) -> None:
        """The match ended: the match-over panel over the board."""
        if self.app.find(MatchOverScreen) is None:
            self.app.push(MatchOverScreen(self.app, self))

    def tell_roster(self) -> None:
        """R9.2: say in the log which fighters the last action struck off the roster file."""
        assert self.ctrl is not None
        names = self.ctrl.names()
        roster = self.ctrl.roster
        lines = [text("roster_lost", self.lang, name=names.get(fid, fid), file=roster.name if roster else "")
                 for fid in self.ctrl.roster_removed]
        if self.ctrl.roster_error:
            lines.append(text("roster_failed", self.lang, problem=self.ctrl.roster_error))
            self.hud.set_status(lines[-1], error=True)
        if lines:
            self.hud.append_lines(lines)

    def undo(self) -> None:
        """Take back the last action if it rolled no dice."""
        if self.ctrl is None:
            return
        if self.ctrl.undo():
            self.anim.skip()
            over = self.app.find(MatchOverScreen)
            if over is not None:
                over.close()
            self.hud.reset_log(self.ctrl.log, self.ctrl.names())
            self.switch_mode(default_mode(self.ctrl.state))
            self.hud.set_status(text("undone", self.lang))
        else:
            self.hud.set_status(text("cannot_undo", self.lang), error=True)

    def press_button(self, bid: str) -> None:
        """An action-bar button or its shortcut."""
        if bid == "fit":
            self.camera.fit()
        elif bid == "new":
            self.open_start_screen()
        elif bid == "undo":
            self.undo()
        elif self.ctrl is not None:
            b = self.hud.buttons.get(bid)
            refusal = getattr(b, "refusal", None) if b is not None else None
            if refusal:
                self.refuse(refusal)
            elif bid == "end":
                self.apply(EndTurn())
            elif bid == "stand":
                self.apply(StandUp())
            elif bid in MODE_FOR_BUTTON:
                self.switch_mode(MODE_FOR_BUTTON[bid]())

    def open_start_screen(self) -> None:
        """The map and teams picker, over the board."""
        from arena_game.ui.screens.start import StartScreen

        self.app.push(StartScreen(self.app, self))

    # -- files (board_files) --------------------------------------------------------------

    save = board_files.save
    open_load_dialog = board_files.open_load_dialog
    load = board_files.load
    new_match = board_files.new_match
    show_problem = board_files.show_problem

    # -- each frame ------------------------------------------------------------------

    def update(self, dt_ms: int) -> None:
        """Held arrow keys pan, animations run, a watched map reloads, a bot plays."""
        self.pointer.update(self.camera, dt_ms)
        self.anim.update()
        if self.anim.busy:
            self.app.meter.note("animation")
        if self.map_poll is not None and self.ctrl is not None:
            got = self.map_poll.poll(dt_ms)
            if got is not None:
                board_files.reload_map(self, got)
        if self.bots is not None:
            self.play_bot(dt_ms)

    def play_bot(self, dt_ms: int) -> bool:
        """Let a bot take one action when it has the move and nothing is in the way; True when it did."""
        above = self.above()
        if self.bots is None or self.ctrl is None or self.anim.busy \
                or any(not isinstance(s, HandoffScreen) for s in above):
            return False
        ctrl = self.ctrl
        action = self.bots.next_action(ctrl.state, dt_ms)
        if action is None:
            return False
        for curtain in above:
            curtain.close()  # the hand-off curtain is for people, not bots
        if not self.apply(action):
            self.apply(EndTurn())  # a bot never stalls the match
        if self.bots.plays(ctrl.state):
            self.hud.set_status(t("watch.bot_turn", self.lang, name=ctrl.state.active.sheet.name))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        board_draw.draw(self, surface)

    def cycle_anim_speed(self) -> None:
        """V: animation speed 1× → 2× → instant → 1×."""
        speeds = [v for _, v in SPEEDS]
        i = speeds.index(self.anim.speed) if self.anim.speed in speeds else -1
        self.anim.speed = speeds[(i + 1) % len(speeds)]
        self.hud.set_status(text("anim_speed", self.lang, speed=board_draw.speed_label(self.anim.speed, self.lang)))

    # -- input (board_input) -------------------------------------------------------------

    handle = board_input.handle
    hold_for_animation = board_input.hold_for_animation
    on_ui_button = board_input.on_ui_button
    on_key = board_input.on_key
