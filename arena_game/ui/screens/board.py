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

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, assert_never

import pygame

from arena_game.core.actions import Action, EndTurn, StandUp
from arena_game.core.board import Board
from arena_game.core.dice import NeedsFace
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event, TurnStarted
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from arena_game.formats.mapfile import tiled_readers_made
from arena_game.i18n import refusal_line, t
from arena_game.render.highlight import HighlightKind
from arena_game.ui import memory
from arena_game.ui.anim import INSTANT, SPEEDS, AnimationQueue
from arena_game.ui.anim.captions import banner_sizes
from arena_game.ui.anim.measure import keep_ruler
from arena_game.ui.autoplay import BotTurns, MapPoll
from arena_game.ui.board_view import (
    BoardView,
    board_camera,
    legend_font_sizes,
    load_sprites,
    warm_legend_font,
)
from arena_game.ui.camera import Camera
from arena_game.ui.controller import MatchController
from arena_game.ui.hud import ACTION_BUTTONS, Hud
from arena_game.ui.map_findings import Answer, desk, notice_html
from arena_game.ui.modes import (
    MODE_FOR_BUTTON,
    Choice,
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
from arena_game.ui.modes.base import describe_square
from arena_game.ui.rules_text import sections_made
from arena_game.ui.screens import (
    board_ahead,
    board_draw,
    board_files,
    board_input,
    board_sync,
    board_table,
    hover_card,
)
from arena_game.ui.screens.base import Screen
from arena_game.ui.screens.dialog import WindowScreen
from arena_game.ui.screens.handoff import HandoffScreen, last_turn_start
from arena_game.ui.screens.match_over import MatchOverScreen
from arena_game.ui.screens.pointer import Pointer
from arena_game.ui.strings import text
from arena_game.ui.widget_layer import WidgetLayer

if TYPE_CHECKING:  # the bots and the map watcher are imported only when a match uses them
    from arena_game.bots.seats import BotSeats
    from arena_game.design.hotreload import MapWatcher
    from arena_game.design.mapcheck import Finding
    from arena_game.render.sprites import SpriteBook
    from arena_game.ui.app import App

CANVAS_ROOM_MS = 2.5
"""The most CPU ms a quiet frame may have used when the log's canvas is made in it (~11 ms)."""


class BoardScreen(Screen):
    """The match: board, widgets around it, input modes; the bottom of the match window's stack."""

    # a match on a map file says what `arena-game check` finds about its board (a notice over the log)
    checks_maps = True

    def __init__(self, app: App, ctrl: MatchController | None = None, *, handoff: bool = True,
                 teams_path: str | None = None, bots: BotSeats | None = None,
                 watcher: MapWatcher | None = None, anim_speed: float | None = None) -> None:
        super().__init__(app)
        self.ctrl: MatchController | None = None
        self.first_match = ctrl
        self.handoff = handoff  # hot-seat: a curtain between the two teams' turns
        self.teams_path = teams_path
        self.hud = Hud(app.manager, self.lang)
        self.key_fonts: list[int] = []  # font sizes of the highlights' key still to load (`relayout`)
        self.faces_to_warm = False  # action buttons whose other face is still to make (`Hud.warm_face`)
        # the skip hint's font and glyphs, still to load: ~2 ms at the first action's animation
        self.hint_to_warm = False
        # the rules window's text (`rules_text.rules_sections`), made a family a quiet frame: all
        # at once it took ~15 ms of the frame of F1
        self.rules_to_warm: Iterator[None] | None = sections_made(app.lang)
        # the banners' measuring fonts, one a size (`measure.keep_ruler`), made a quiet frame each
        self.rulers_to_make = False
        # the Tiled loader (its modules and validators), a part a quiet frame: the start screen
        # reads a shipped Tiled map, ~30 ms in one of its frames (s56)
        self.files_to_warm: Iterator[None] | None = tiled_readers_made()
        # the match board's squares a hover card and the captions keep in sight or clear of
        # (`hover_card.board_squares_found`), a kind a quiet frame (`set_match`)
        self.squares_to_find: Iterator[None] | None = None
        # the viewport beside the board as the last frame left it: plain background beyond the
        # band round the board, for this place of the board (`board_draw.draw_board`)
        self.strips_clean: tuple[object, ...] | None = None
        self.aside_drawn: pygame.Rect | None = None  # where the last frame drew a hover card off the board
        # what the last frame drew the board from and over it (`board_draw.frame_scene`), and
        # the part of the board this frame drew again (None: all of it; `board_draw.redraw_area`)
        self.drawn_scene: board_draw.Drawn | None = None
        self.redrawn: pygame.Rect | None = None
        # the match board and its walls-less squares summed (`board_draw.ground_sums`), made once
        # a refusal card weighs its places on it; dropped with the match (`set_match`)
        self.ground_sums: tuple[Board, list[list[int]]] | None = None
        self.book: SpriteBook | None = None
        self.view: BoardView | None = None
        self.viewport = pygame.Rect(0, 0, *app.screen.get_size())
        self.camera = Camera(tuple(self.viewport), (1, 1))  # type: ignore[arg-type]
        self.legend_rect: pygame.Rect | None = None  # where the highlight key was last drawn (tests)
        self.legend_kinds: tuple[int | None, frozenset[HighlightKind]] = (None, frozenset())  # (version, kinds shown)
        self.mode: Mode = IdleMode()
        self.highlights: list[Highlight] = []
        self.version = 0  # bumped whenever the match or the mode changed: highlights are redrawn
        self._hl_version = -1
        # the costliest modes' highlights (and overlay) on the state shown, made in quiet frames
        # before their key is pressed (`board_ahead`), and the parts still to make
        self.ahead: list[board_ahead.Ahead] = []
        self.ahead_steps: Iterator[None] | None = None
        self._tips: dict[Square, str] = {}  # square → hover tip of the current highlights
        self._kinds: dict[Square, str] = {}  # square → the kind of the highlight whose tip it shows
        self.hover: Square | None = None
        self.cursor: Square | None = None  # the keyboard's pointer, moved since Space last acted on it
        # the window's time (ms) from which the hovered square's card shows: the pointer came to
        # it then (`hover_card.DELAY_MS`); a square hovered otherwise (a lesson, the gallery) at once
        self.card_due = 0
        self.pointer = Pointer()
        self.bots = BotTurns(bots) if bots else None
        self.map_poll = MapPoll(watcher) if watcher is not None else None
        # Animations run on the window's clock; headless runs default to instant, so posted
        # clicks are never held up.
        self.anim = AnimationQueue(lang=self.lang, clock=lambda: app.time_ms / 1000,
                                   speed=anim_speed if anim_speed is not None else (1.0 if app.realtime else INSTANT))
        self.widgets = WidgetLayer()
        # An event's result reaches the log and the roster only when its animation is over:
        # the events not shown yet (with their serial in the queue), and the state the roster shows meanwhile.
        self.unshown: list[tuple[int, Event | str]] = []
        self.shown_state: MatchState | None = None
        self.handoff_mark = 0  # the log's length at the last hand-off curtain (its summary starts there)
        self.confirming_end = False  # E pressed once with run squares left: a second E ends the turn
        # all shown, but the animation still holds input (a turn's banner): the prompt comes when it ends
        self.prompt_held = False
        self.notice: str | None = None  # a fault to say on the status line once the action is shown
        self.leaving = False  # Esc pressed with nothing to step back from: a second Esc leaves the window
        self.curtain: tuple[str, int] | None = None  # match over / hand-off, and the event serial it waits for
        self.starting: list[Callable[[], None]] = []  # a new match's texts and memory still to do, a piece a frame
        self.started_at = 0  # the window's frame that set the last match up
        self.findings: Answer | None = None  # `check`'s findings about the board, being worked out
        self.notice_findings: tuple[Finding, ...] = ()  # the findings the notice says
        self.hidden_findings: tuple[Finding, ...] | None = None  # the findings whose notice the player hid

    def enter(self) -> None:
        self.relayout(self.app.screen.get_size())
        if self.first_match is not None:
            self.set_match(self.first_match)
            self.first_match = None

    def leave(self) -> None:
        self.hud.clear()

    def relayout(self, size: tuple[int, int]) -> None:
        """Widgets, viewport and camera for the window's size."""
        for _ in self.laid_out(size):
            pass

    def laid_out(self, size: tuple[int, int], hidden: bool = False) -> Iterator[None]:
        """`relayout` a part at a time (`Hud.build_parts`; `hidden`: its widgets hidden)."""
        yield from self.hud.build_parts(size, hidden)
        self.viewport = self.hud.viewport
        # the fonts of the key's row (board_draw.draw_board), loaded a size a frame (`update`)
        self.key_fonts = legend_font_sizes(self.hud.legend_row.h - 6)
        self.faces_to_warm = True  # and each action button's other face, one a quiet frame
        self.hint_to_warm = True  # and the skip hint's font at this size
        self.rulers_to_make = True  # and the banners' measuring fonts at this size
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        self.camera.fit()
        self.refresh()

    def follow_viewport(self) -> None:
        """The board's room ending where the widgets leave it now (`Hud._key_rows`; its top kept: a
        lesson's panel takes the top of it): a board fitted to the last one is fitted to it, one
        the player zoomed or moved is kept in it."""
        was = Camera(tuple(self.viewport), self.camera.board_size, margin=self.camera.margin)  # type: ignore[arg-type]
        was.fit()
        fitted = (was.tile, was.ox, was.oy) == (self.camera.tile, self.camera.ox, self.camera.oy)
        v = self.viewport
        self.viewport = pygame.Rect(v.x, v.y, v.w, self.hud.viewport.bottom - v.y)
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        if fitted:
            self.camera.fit()
        else:
            self.camera.clamp()

    @property
    def under_dialog(self) -> bool:
        """A dialog window (load, rules, dice, a message) is over this board."""
        return any(isinstance(s, WindowScreen) for s in self.above())

    # -- the match -------------------------------------------------------------------

    def set_match(self, ctrl: MatchController) -> None:
        """Show a match (new, loaded or resumed)."""
        for screen in self.above():
            if isinstance(screen, (HandoffScreen, MatchOverScreen)):
                screen.close()
        self.ctrl = ctrl
        if self.bots is not None:
            self.bots.new_match()
        self.anim.skip()
        self.forget_unshown()
        self.handoff_mark = last_turn_start(ctrl.log)  # the first curtain's summary: this match's, from the turn under way
        self.notice = None  # the last match's: this one's autosave has not failed
        board = ctrl.state.board
        self.ground_sums = None  # the last board's: let it go
        self.ahead, self.ahead_steps = [], None  # (the last match's states)
        self.squares_to_find = hover_card.board_squares_found(board)
        self.camera = board_camera(self.viewport, board)
        if self.book is None:
            self.book = load_sprites()
        self.view = BoardView(board, self.camera, self.book)
        self.mode = default_mode(ctrl.state)
        self.hud.show_notice("")  # the last board's
        self.notice_findings, self.hidden_findings = (), None
        self.check_board(board)
        # The side panels' texts and the last match's memory follow one a frame (`update`):
        # together with the new board they took 30–40 ms in the frame of the click.
        notes = [text("roster_missing", self.lang, file=ctrl.roster_missing)] if ctrl.roster_missing else []
        if ctrl.roster_unchosen:
            notes.append(text("roster_unchosen", self.lang, file=ctrl.roster_unchosen))
        self.starting = [lambda: self._show_log(notes), lambda: memory.settle(self.app.manager), self._show_panels]
        self.started_at = self.app.frames
        if ctrl.roster_missing:  # R9.2: a loaded match whose roster file is gone: say so, keep playing
            self.hud.set_status(notes[0], error=True)
        if ctrl.roster_unchosen:  # R9.2: a save's roster file is only rewritten when the player chose it
            self.hud.set_status(notes[-1])
        pygame.display.set_caption(text("title", self.lang, map=board.name))
        self.refresh()
        if ctrl.state.over:
            self.show_match_over()

    def _show_log(self, notes: list[str]) -> None:
        """A new match's log (and the roster's notes, R9.2) in the log box."""
        assert self.ctrl is not None
        self.hud.reset_log(self.ctrl.log, self.ctrl.names())
        if notes:
            self.hud.append_lines(notes)

    def _show_panels(self) -> None:
        """A new match's turn order, teams and sheet (the sheet a frame later: `Hud.flush`);
        called once taken off `starting`, so `refresh` lays them out."""
        self.refresh()

    def prepare(self) -> None:
        """Before the window's first frame (at launch): the match's pieces, the legend's fonts
        and the action bar's other faces made now, not in the first frames (`windows.ready`)."""
        self.finish_starting()
        while self.key_fonts:
            warm_legend_font(self.key_fonts.pop())
        while self.faces_to_warm:
            self.faces_to_warm = self.hud.warm_face()
        self.warm_hint()

    def warm_hint(self) -> None:
        """Load the skip hint's font and its words' glyphs (`board_draw.skip_hint`), drawn by no
        frame yet: the frame that starts the first action's animation does not."""
        if self.hint_to_warm:
            self.hint_to_warm = False
            board_draw.skip_hint(self)

    def finish_starting(self) -> None:
        """What a new match still had to show, shown now (before a frame draws it)."""
        while self.starting:
            self.starting.pop(0)()
        self.hud.flush()

    def refresh(self) -> None:
        """Texts, buttons and highlights after anything changed."""
        if self.ctrl is None:
            return
        state = self.ctrl.state
        drawing = self.shown_state is not None  # the last action is still being drawn: the next
        if self._show_panels not in self.starting:  # a new match's panels: a frame of their own
            shown = self.shown_state or state  # the sheet of who stands under the pointer now: one
            self.hud.sheet_of = self.hovered_fighter(shown)  # who died or left there is not shown on
            self.hud.refresh_match(shown)  # mode's button and choices wait for it
        if drawing:  # the bar greyed, no mode lit, till it is shown (`Hud.show_current`): the next state's
            # actions are asked then (`catch_up`), not in the frame starting the animation (~2 ms on 64²)
            self.hud.show_current(None, playing=True)
        else:
            self.hud.update_buttons(self.ctrl.available_actions(), self.mode.name, self.ctrl.can_undo(), state.over,
                                    not self.ctrl.actions, self.greyed_buttons())
        self.hud.set_choices([] if drawing else self.offered_choices(state))
        if self.hud.viewport.bottom != self.viewport.bottom:  # the key took a row of its own over the choices,
            self.follow_viewport()  # or gave it back
        self.version += 1
        self.show_prompt(keep_refusal=False)

    def offered_choices(self, state: MatchState) -> list[Choice]:
        """The mode's choices shown beside its key (none while a bot plays, nor while a lesson's
        solution plays)."""
        return [] if self.bot_turn else self.mode.choices(state, self.lang)

    @property
    def bot_turn(self) -> bool:
        """A bot seat has the move (`play --bot`): the person watches. The mode's prompt, choices
        and buttons invited a click for the bot's fighter while the bot paused, and a hand-off
        curtain asked to "click to start the turn" that the bot lifted by itself (s50 window2)."""
        return self.bots is not None and self.ctrl is not None and not self.ctrl.state.over \
            and self.bots.plays(self.ctrl.state)

    def greyed_buttons(self) -> dict[str, str]:
        """Action-bar buttons that do nothing on this screen whatever the rules say, each with
        why: the actions and Undo while a bot plays (the core undoes only the playing team's
        actions: Undo took back the bot's own step) (a lesson's own: `LessonScreen.greyed_buttons`)."""
        if not self.bot_turn:
            return {}
        assert self.ctrl is not None
        why = t("watch.bot_turn", self.lang, name=self.ctrl.state.active.sheet.name)
        return {bid: why for bid, *_ in ACTION_BUTTONS if bid not in ("fit", "rules", "new")}

    def switch_mode(self, mode: Mode) -> None:
        """Another input mode: its highlights, choices and help line."""
        self.mode = mode
        self.refresh()

    def show_prompt(self, keep_refusal: bool = True) -> None:
        """The status line: the mode's prompt (a hovered square speaks in the hover card). A
        refusal stays (it can be clicked to open its rule) until the match or the mode changes
        (`keep_refusal` false)."""
        if self.ctrl is None or (keep_refusal and self.hud.status_error):
            return
        if self.shown_state is not None:  # the last action is still being drawn: its results and
            self.hud.set_status(text("anim_playing", self.lang))  # the next prompt wait for it
            return
        if (need := board_table.asked(self)) is not None:  # the table rolls: the mode's prompt waits
            self.hud.set_status(board_table.waiting_line(need, self.ctrl.names(), self.lang))
            return
        if self.notice is not None:  # a fault (an autosave not written): said in the prompt's place,
            self.hud.set_status(self.notice, error=True)  # and kept as a refusal is
            self.notice = None
            return
        if self.anim.busy and not self.bot_turn and not self.ctrl.state.over:  # all shown, but input still held (a turn's banner,
            self.prompt_held = True  # where a click only ends the banner): the prompt when it ends (s59)
            self.hud.set_status(text("anim_playing", self.lang))
            return
        state = self.ctrl.state  # a match over has nothing to pick in the bar: what may be done next
        if self.bot_turn:  # from the bot's turn's first frame, not from its first action
            self.hud.set_status(t("watch.bot_turn", self.lang, name=state.active.sheet.name))
            return
        over = self.app.find(MatchOverScreen) if state.over else None
        if over is not None:  # its bar names New match and OK: only what its Esc does (s47 #2), said
            if not over.building:  # from the frame the bar shows, not while it is made hidden (s58)
                self.hud.set_status(text("over_bar_hint", self.lang))
            return
        self.hud.set_status(text("over_hint", self.lang) if state.over else self.mode.prompt(state, self.lang))

    def show_hovered_sheet(self) -> None:
        """The side panel shows the sheet of the fighter under the pointer, else the active one's."""
        if self.ctrl is None:
            return
        state = self.shown_state or self.ctrl.state
        self.hud.show_sheet(state, self.hovered_fighter(state))

    def hovered_fighter(self, state: MatchState) -> str | None:
        """The living fighter on the hovered square in `state`, if any."""
        there = state.fighter_at(self.hover) if self.hover is not None else None
        return there.id if there is not None else None

    @property
    def card_pending(self) -> bool:
        """The pointer has not rested on the hovered square long enough for its card yet."""
        return self.hover is not None and self.app.time_ms < self.card_due

    @property
    def card_text(self) -> str:
        """What the hover card beside the cursor says about the hovered square ('' for nothing)."""
        if self.ctrl is None or self.hover is None:
            return ""
        return self.hover_text(self.hover)

    @property
    def card_refused(self) -> bool:
        """Whether the hovered square's highlight is a refusal (the card's edge says so)."""
        self.current_highlights()
        if self.hover is None or self.ctrl is None:
            return False
        if self.bot_turn:
            return False
        if self.hover in self._tips:
            return self._kinds.get(self.hover) == "blocked"
        return self.mode.refusal(self.ctrl.state, self.hover) is not None  # a square the mode would refuse

    def hover_text(self, sq: Square) -> str:
        """Hover line for a square: the highlight's tip, or the mode's reason; while a bot plays,
        what the square is (the mode would say why a click the person cannot make is refused)."""
        assert self.ctrl is not None
        if self.bot_turn:
            return describe_square(self.ctrl.state, sq, self.lang)
        self.current_highlights()
        tip = self._tips.get(sq)
        return tip if tip is not None else self.mode.hover(self.ctrl.state, sq, self.lang)

    def current_highlights(self) -> list[Highlight]:
        """The mode's highlights, recomputed only when the match or the mode changed."""
        if self.ctrl is None:
            return []
        if self._hl_version != self.version:  # none while a bot plays: its squares are not the person's to pick
            self.highlights = [] if self.bot_turn else board_ahead.highlights(self)
            self._hl_version = self.version
            self._tips = {}  # the first highlight with a tip on a square speaks for it
            self._kinds = {}
            for h in self.highlights:
                if h.tip:
                    self._tips.setdefault(h.square, h.tip)
                    self._kinds.setdefault(h.square, h.kind)
        return self.highlights

    def refuse(self, reason: str) -> None:
        """A refusal on the status line."""
        self.hud.set_status(text("illegal", self.lang, reason=reason), error=True)

    def do(self, result: Result) -> None:
        """Carry out a mode's answer, whichever of the `Result` cases it is; none while a bot
        plays (`bot_turn`): a click on the board is not the bot's move."""
        self.confirming_end = False
        if self.ctrl is None or self.bot_turn:
            return
        match result:
            case PlayAction(action=action):
                self.apply(action)
            case PlayRoute(steps=steps):
                self.play_route(list(steps))
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

    def play_route(self, steps: list[Action]) -> None:
        """A run route, step after step: it stops at the first refusal or when the run ends;
        while the table rolls a face, the rest of the route waits for it."""
        def go_on(events: list[Event]) -> None:
            if self.route_goes_on(events):
                self.play_route(steps)

        if steps:
            self.apply(steps.pop(0), then=go_on)

    def route_goes_on(self, events: list[Event]) -> bool:
        """After a step of a route: True while the run is still under way."""
        run = self.ctrl.state.budget.run if events and self.ctrl is not None else None
        return not (run is None or run.finished or self.mode.name != "run_go")

    def apply(self, action: object, faces: Sequence[int] = (),
              then: Callable[[list[Event]], object] | None = None) -> list[Event]:
        """Apply an action; a refusal goes to the status line and changes nothing. With dice at
        the table, a roll without a face asks for it and plays the action again with it;
        `then(events)` once the action is played (now or after the dialog)."""
        assert self.ctrl is not None
        self.finish_starting()  # the log shows the match's start before this action's lines
        ctrl = self.ctrl
        before_team = None if ctrl.state.over else ctrl.state.active.team
        try:
            events = ctrl.apply(action, faces)  # type: ignore[arg-type]
        except NeedsFace as need:
            played: list[Event] = []  # the computer's faces for a bot (mixed) play it at once

            def retry(more: list[int]) -> None:
                nonlocal played
                if self.ctrl is ctrl:  # still the same match when the table answers
                    played = self.apply(action, [*faces, *more], then)

            board_table.ask(self, need, ctrl.setup, ctrl.match.dice_position.used + len(faces), retry)
            return played
        except IllegalAction as e:
            self.refuse(refusal_line(e, self.lang))
            return []
        except ValueError as e:  # e.g. a malformed action from a mode
            self.refuse(str(e))
            return []
        self.after_events(events, before_team)
        self.tell_autosave()
        if then is not None:
            then(events)
        return events

    def after_events(self, events: Sequence[Event], before_team: str | None) -> None:
        """Animate and log, refresh, pick the next mode, then the hand-off curtain or match-over."""
        assert self.ctrl is not None
        state = self.ctrl.state
        self.app.meter.note("animation start")  # the costly frame: log, texts, highlights, first pose
        first = self.anim.pushed
        if self.ctrl.before is not None:
            if self.shown_state is None:
                self.shown_state = self.ctrl.before
            self.anim.push(events, self.ctrl.before)
        if self.ctrl.before is None or self.anim.pushed == first:
            self.hud.append_log(events, self.ctrl.names())
        else:
            self.unshown += [(first + i, e) for i, e in enumerate(events)]
        if state.over:
            self.curtain = ("over", self.anim.pushed)
        elif self.handoff and any(isinstance(e, TurnStarted) for e in events) and state.active.team != before_team \
                and not self.bot_turn:  # a curtain is for people: the next one sums the bot's turn up
            turn = next(i for i, e in enumerate(events) if isinstance(e, TurnStarted))
            self.curtain = ("handoff", first + turn if self.anim.pushed > first else first)
        self.tell_roster(self.anim.pushed - 1)
        self.mode = default_mode(state)  # before `catch_up`: its refresh, when all is shown, is the mode's too
        refreshed = self.version
        self.catch_up()
        if self.version == refreshed:  # once a frame's texts: each refresh re-lays out the HUD's (~6 ms)
            self.refresh()

    catch_up, handoff_line, forget_unshown = board_sync.catch_up, board_sync.handoff_line, board_sync.forget_unshown
    tell_roster, end_turn = board_sync.tell_roster, board_sync.end_turn  # results in step with the animation

    def show_match_over(self) -> None:
        """The match ended: the match-over panel over the board."""
        if self.app.find(MatchOverScreen) is None:
            self.app.push(MatchOverScreen(self.app, self))

    def undo(self) -> None:
        """Take back the last action if it rolled no dice."""
        if self.ctrl is None:
            return
        self.finish_starting()
        if self.ctrl.undo():
            self.anim.skip()
            self.forget_unshown()
            over = self.app.find(MatchOverScreen)
            if over is not None:
                over.close()
            self.hud.reset_log(self.ctrl.log, self.ctrl.names())
            self.switch_mode(default_mode(self.ctrl.state))
            self.hud.set_status(text("undone", self.lang))
        else:
            self.hud.set_status(text("nothing_to_undo" if not self.ctrl.actions else "cannot_undo", self.lang), error=True)

    def press_button(self, bid: str) -> None:
        """An action-bar button or its shortcut (the actions not while a bot plays: `greyed_buttons`)."""
        if bid != "end":
            self.confirming_end = False
        if self.bot_turn and bid in self.greyed_buttons():
            self.show_prompt(keep_refusal=False)
            return
        if bid == "fit":
            self.camera.fit()
        elif bid == "rules":
            self.open_rules()
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
                self.end_turn()
            elif bid == "stand":
                self.apply(StandUp())
            elif bid in MODE_FOR_BUTTON:
                self.switch_mode(MODE_FOR_BUTTON[bid]())

    def key_scopes(self) -> tuple[str, ...]:
        """Where the key table is read for this board, first match first: the mode, the board."""
        return (self.mode.name, "board")

    def step_out(self, again: bool) -> None:
        """Esc with nothing to step back from: a match over leaves the window at once; else the
        status line asks for Esc again, and that second Esc leaves (the match autosaved first)."""
        ctrl = self.ctrl
        if ctrl is None or ctrl.state.over or again:
            if ctrl is not None and ctrl.autosave and not ctrl.state.over:
                ctrl.write_autosave()  # this turn's actions too: `arena-game resume` goes on from here
            self.app.quit()
            return
        self.leaving = True
        self.hud.set_status(text("quit_confirm" if ctrl.autosave else "quit_confirm_unsaved", self.lang))

    def open_rules(self, rule: str | None = None) -> None:
        """The rules reference (F1, the "?" button, a rule number clicked), at `rule` if given."""
        from arena_game.ui.screens.rules import open_rules

        open_rules(self.app, rule)

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
    tell_autosave = board_files.tell_autosave

    # -- each frame ------------------------------------------------------------------

    @property
    def out_of_sight(self) -> bool:
        """An opaque screen (the hand-off curtain, the start screen…) hides this one."""
        return any(s.opaque for s in self.above())

    def update(self, dt_ms: int) -> None:
        """Held arrow keys pan, animations run, a watched map reloads, a bot plays."""
        if not self.out_of_sight:  # what the last refresh left for a frame of its own, once it shows
            self.hud.flush()
        self.hud.place_notice()  # the findings' notice made last frame
        if self.starting and self.app.frames > self.started_at:  # a new match's texts and memory,
            self.starting.pop(0)()  # one piece a frame after the one that set it up (`set_match`)
        self.pointer.update(self.camera, dt_ms)
        self.anim.update()
        quiet = not self.anim.busy and self.app.meter.tags <= {"hover"}  # no animation, key nor click
        if self.key_fonts and not self.anim.busy and not self.unshown:  # 3 ms, in a quiet frame
            warm_legend_font(self.key_fonts.pop())
        elif self.faces_to_warm and quiet and not self.unshown:
            self.faces_to_warm = self.hud.warm_face()  # 2.5 ms, in a quiet frame
        elif self.hint_to_warm and quiet and not self.unshown:
            self.warm_hint()  # 2.5 ms, in a quiet frame
        elif quiet and self.app.meter.elapsed_ms() <= CANVAS_ROOM_MS:  # a light quiet frame: one piece ahead
            if self.squares_to_find is not None:
                if next(self.squares_to_find, True):  # a kind of the board's squares a frame (~2 ms each on 64²)
                    self.squares_to_find = None
            elif board_ahead.step(self):  # a mode's squares or overlay on the state shown (≤ ~6 ms each on 64²)
                pass
            elif self.rules_to_warm is not None:
                if next(self.rules_to_warm, True):  # the rules' text for F1, a family a frame (~1 ms each)
                    self.rules_to_warm = None
            elif self.rulers_to_make:  # a banner's font size a frame (~2 ms each: 64²'s end-turn frame measured 5 shapes)
                view = pygame.Rect(self.camera.view).clip(self.app.screen.get_rect())  # (the captions' layer)
                self.rulers_to_make = keep_ruler(banner_sizes(view.h))
            # (a screen over the board may make the rest: the start screen, a part a frame of its own)
            elif self.files_to_warm is not None and self.app.stack[-1] is self:
                if next(self.files_to_warm, True):  # a Tiled module or validator a frame (≤ 4 ms each)
                    self.files_to_warm = None
            else:
                self.hud.warm_log_canvas()  # ~11 ms at 1920×1080, once
        if self.unshown or self.shown_state is not None or self.curtain is not None:
            self.catch_up()
        if self.prompt_held and not self.anim.busy:  # input taken again: now the prompt
            self.prompt_held = False
            self.show_prompt()
        if self.anim.busy:
            self.app.meter.note("animation")
        if self.findings is not None and self.findings.ready and not self.starting:  # (not with the match's texts)
            self.show_findings()
        if self.map_poll is not None and self.ctrl is not None:
            got = self.map_poll.poll(dt_ms)
            if got is not None:
                board_files.reload_map(self, got)
        if self.bots is not None:
            self.play_bot(dt_ms)
        # pygame_gui redraws a button's look in its update, after this: told only in the draw, the
        # bar showed the last state a frame too long
        self.show_bar()

    def check_board(self, board: Board) -> None:
        """Ask for `check`'s findings about the board of a match on a map file (worked out off
        the frame path; shown by `show_findings` once known)."""
        setup = self.ctrl.setup if self.ctrl is not None else None
        self.findings = desk().ask_board(board, Path(setup.map_path)) if self.checks_maps and setup is not None and setup.map_path else None

    def show_findings(self) -> None:
        """The notice of the board's findings over the log, or none when it has none; findings the
        player hid stay hidden until they change (a hot reload)."""
        assert self.findings is not None
        found, self.findings = self.findings.findings, None
        if not found:  # fixed: findings that come back later are news again
            self.hidden_findings = None
        if found == self.notice_findings or found == self.hidden_findings:
            return
        self.hidden_findings = None
        self.notice_findings = found
        self.hud.show_notice(notice_html(found, self.lang))

    def hide_findings(self) -> None:
        """The notice's Hide link (or its key): the notice goes, the log takes its room back."""
        if not self.notice_findings:  # the key with no notice shown: nothing to hide
            return
        self.hidden_findings, self.notice_findings = self.notice_findings, ()
        self.hud.show_notice("")

    def veiled(self) -> None:
        self.show_bar()  # the modal shows in this frame: its bar, disabled, too

    def show_bar(self) -> None:
        """The action bar lit and enabled for what the board shows now (`hud.show_current`)."""
        if self.view is not None and self.ctrl is not None:
            self.hud.show_current(board_draw.in_progress(self), self.anim.busy or self.shown_state is not None,
                                  board_draw.veiled(self))

    def play_bot(self, dt_ms: int) -> bool:
        """Let a bot take one action when it has the move and nothing is in the way; True when it did."""
        above = self.above()
        if self.bots is None or self.ctrl is None or self.anim.busy or self.starting \
                or any(not isinstance(s, HandoffScreen) for s in above):
            return False
        ctrl = self.ctrl
        action = self.bots.next_action(ctrl.state, dt_ms)
        if action is None:
            return False
        for curtain in above:
            curtain.close()  # the hand-off curtain is for people, not bots
        if not self.apply(action) and not board_table.asking(self):
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
    on_command = board_input.on_command
