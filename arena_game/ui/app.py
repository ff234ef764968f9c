"""The window: one `App` object that owns the screen, the widgets, the camera and the match.

`App.run(frames=N)` runs N frames and returns (tests, benchmarks); `App.run()` runs until
the window closes. Clicks and keys go to the current input mode, which answers with an
action (applied by the controller through `core.apply`) or the next mode; a refused
action is shown, never raised. pygame is imported only in `arena_game.ui` (and render).
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from arena_game.core.actions import EndTurn, StandUp
from arena_game.core.errors import IllegalAction
from arena_game.core.events import Event, TurnStarted
from arena_game.core.geometry import Square
from arena_game.core.queries import available_actions
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import user_data_dir
from arena_game.i18n import refusal_line
from arena_game.render.glyphs import drawable
from arena_game.render.text import reset_caches
from arena_game.ui.anim import INSTANT, SPEEDS, AnimationQueue
from arena_game.ui.anim.draw import reset_caches as reset_anim_caches
from arena_game.ui.autoplay import play_bots, poll_watch
from arena_game.ui.board_view import BoardView, font, legend, load_sprites
from arena_game.ui.camera import Camera
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.hud import THEME, Hud
from arena_game.ui.modes import (
    AttackMode,
    CircleMode,
    Highlight,
    IdleMode,
    JumpMode,
    Mode,
    PushMode,
    RunDeclareMode,
    SwimMode,
    TauntMode,
    TeleportMode,
    WalkMode,
    default_mode,
    outcome_is_action,
)
from arena_game.ui.strings import text
from arena_game.ui.widget_layer import WidgetLayer

if TYPE_CHECKING:  # the bots and the map watcher are imported only when a match uses them
    from arena_game.bots.seats import BotSeats
    from arena_game.design.hotreload import MapWatcher
    from arena_game.render.sprites import SpriteBook

PAN_KEYS = {
    pygame.K_LEFT: (1, 0), pygame.K_a: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_d: (-1, 0),
    pygame.K_UP: (0, 1), pygame.K_w: (0, 1), pygame.K_DOWN: (0, -1), pygame.K_s: (0, -1),
}
PAN_STEP = 24  # pixels per key press / per frame while held
MODE_FOR_BUTTON = {
    "walk": WalkMode, "run": RunDeclareMode, "swim": SwimMode, "jump": JumpMode,
    "attack": AttackMode, "circle": CircleMode, "push": PushMode, "teleport": TeleportMode,
    "taunt": TauntMode,
}
SHORTCUTS = {
    "1": "walk", "2": "run", "3": "swim", "4": "jump", "5": "attack", "6": "circle", "7": "push",
    "8": "teleport", "9": "taunt", "0": "stand", "e": "end", "f": "fit", "n": "new",
}
DRAG_THRESHOLD = 6


BACKGROUND = (24, 25, 28)


def fill_around(screen: pygame.Surface, colour: tuple[int, int, int], hole: pygame.Rect,
                within: pygame.Rect | None = None) -> None:
    """Fill `within` (the whole screen by default) except `hole` (at most four strips), for a
    hole something opaque covers next."""
    area = screen.get_rect() if within is None else pygame.Rect(within).clip(screen.get_rect())
    hole = hole.clip(area)
    if not hole.w or not hole.h:
        screen.fill(colour, area)
        return
    screen.fill(colour, (area.left, area.top, area.w, hole.top - area.top))
    screen.fill(colour, (area.left, hole.bottom, area.w, area.bottom - hole.bottom))
    screen.fill(colour, (area.left, hole.top, hole.left - area.left, hole.h))
    screen.fill(colour, (hole.right, hole.top, area.right - hole.right, hole.h))


def speed_label(speed: float, lang: str = "fr") -> str:
    """'1×', '2×' or 'instantané' / 'instant' for the animation speed setting."""
    label = next((label for label, v in SPEEDS if v == speed), f"{speed:g}×")
    return text(label, lang) if label.startswith("anim_") else label


class App:
    """The Arena window."""

    def __init__(
        self,
        ctrl: MatchController | None = None,
        *,
        size: tuple[int, int] = (1280, 800),
        lang: str = "fr",
        handoff: bool = True,
        realtime: bool = True,
        start_screen: bool = False,
        teams_path: str | None = None,
        bots: BotSeats | None = None,
        watcher: MapWatcher | None = None,
        anim_speed: float | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        reset_caches()  # fonts made before a pygame.quit() are dead
        reset_anim_caches()
        self.lang = lang
        self.handoff = handoff
        self.realtime = realtime
        self.teams_path = teams_path
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Arena")
        self.manager = pygame_gui.UIManager(size, str(THEME), starting_language=lang)  # its own buttons too
        self.manager.preload_fonts([
            {"name": "noto_sans", "point_size": s, "style": st, "antialiased": "1"}
            for s, st in ((12, "bold"), (13, "bold"), (13, "italic"), (14, "italic"), (16, "italic"), (18, "regular"),
                          (20, "regular"), (24, "bold"))  # the theme loads its own
        ])
        self.hud = Hud(self.manager, lang)
        self.clock = pygame.time.Clock()
        self.ctrl: MatchController | None = None
        self.book: SpriteBook | None = None
        self.view: BoardView | None = None
        self.legend_rect: pygame.Rect | None = None  # where the highlight key was last drawn (tests)
        self.camera = Camera((0, 0, size[0], size[1]), (1, 1))
        self.mode: Mode = IdleMode()
        self.highlights: list[Highlight] = []
        self.version = 0
        self._hl_version = -1
        self._tips: dict[Square, str] = {}  # square → hover tip of the current highlights
        self.hover: Square | None = None
        self.running = True
        self.frames = 0
        self.time_ms = 0
        self.press: tuple[tuple[int, int], int] | None = None  # where a board press began, button
        self.dragging = False
        self.held: set[int] = set()
        self.dialog: pygame_gui.core.UIElement | None = None
        self.start: object | None = None
        self.banner_up = False
        self.bots = bots  # seats the computer plays (autoplay.play_bots)
        self.watcher = watcher  # a map file to reload when it changes (autoplay.poll_watch)
        self.bot_wait_ms = 0
        self.watch_wait_ms = 0
        # Animations run on the window's own clock (real time, or 1/60 s a frame when not
        # real-time); headless runs default to instant so posted clicks are never held up.
        self.anim = AnimationQueue(
            lang=lang,
            clock=lambda: self.time_ms / 1000,
            speed=anim_speed if anim_speed is not None else (1.0 if realtime else INSTANT),
        )
        self.widgets = WidgetLayer()
        self.viewport = self.hud.build(size)
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        if ctrl is not None:
            self.set_match(ctrl)
        if start_screen or ctrl is None:
            self.open_start_screen()

    # -- match -----------------------------------------------------------------------

    def set_match(self, ctrl: MatchController) -> None:
        """Show a match (new, loaded or resumed)."""
        self.ctrl = ctrl
        self.anim.skip()
        board = ctrl.state.board
        self.camera = Camera(tuple(self.viewport), (board.width, board.height))  # type: ignore[arg-type]
        self.camera.fit()
        if self.book is None:
            self.book = load_sprites()
        self.view = BoardView(board, self.camera, self.book)
        self.hud.hide_over()
        self.hud.hide_banner()
        self.banner_up = False
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
        if ctrl.state.over:
            self.hud.show_over(ctrl.state, ctrl.names())

    def refresh(self) -> None:
        """Texts, buttons and highlights after anything changed."""
        if self.ctrl is None:
            return
        state = self.ctrl.state
        self.hud.refresh_match(state)
        self.hud.update_buttons(available_actions(state), self.mode.name, self.ctrl.can_undo(), state.over)
        self.hud.set_choices(self.mode.choices(state, self.lang))
        self.version += 1
        self.show_prompt()

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

    def do(self, outcome: object) -> None:
        """Carry out a mode's answer: apply an action, switch mode, or show a refusal."""
        if self.ctrl is None or outcome is None:
            self.version += 1
            self.refresh()
            return
        if isinstance(outcome, IllegalAction):
            self.hud.set_status(text("illegal", self.lang, reason=refusal_line(outcome, self.lang)), error=True)
            return
        if isinstance(outcome, Mode):
            self.mode = outcome
            self.refresh()
            return
        if isinstance(outcome, list):  # several steps in a row (a run route): stop at the first refusal
            for action in outcome:
                if not self.apply(action) or self.mode.name != "run_go" or not self.ctrl.state.budget.run \
                        or self.ctrl.state.budget.run.finished:
                    break
            return
        if outcome_is_action(outcome):
            self.apply(outcome)

    def apply(self, action: object) -> list[Event]:
        """Apply an action; a refusal goes to the status line and changes nothing."""
        assert self.ctrl is not None
        before_team = None if self.ctrl.state.over else self.ctrl.state.active.team
        try:
            events = self.ctrl.apply(action)  # type: ignore[arg-type]
        except IllegalAction as e:
            self.hud.set_status(text("illegal", self.lang, reason=refusal_line(e, self.lang)), error=True)
            return []
        except ValueError as e:  # e.g. a malformed action from a mode
            self.hud.set_status(text("illegal", self.lang, reason=str(e)), error=True)
            return []
        self.after_events(events, before_team)
        return events

    def after_events(self, events: Sequence[Event], before_team: str | None) -> None:
        """Log, refresh, pick the next mode, show hand-off or match-over."""
        assert self.ctrl is not None
        state = self.ctrl.state
        if self.ctrl.before is not None:
            self.anim.push(events, self.ctrl.before)
        self.hud.append_log(events, self.ctrl.names())
        self.tell_roster()
        self.mode = default_mode(state)
        self.refresh()
        if state.over:
            self.hud.show_over(state, self.ctrl.names())
        elif self.handoff and any(isinstance(e, TurnStarted) for e in events) and state.active.team != before_team:
            team = state.teams[state.active.team]
            self.hud.show_banner(text("handoff", self.lang, team=team.name, name=state.active.sheet.name))
            self.banner_up = True

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
            self.hud.reset_log(self.ctrl.log, self.ctrl.names())
            self.hud.hide_over()
            self.mode = default_mode(self.ctrl.state)
            self.refresh()
            self.hud.set_status(text("undone", self.lang))
        else:
            self.hud.set_status(text("cannot_undo", self.lang), error=True)

    def press_button(self, bid: str) -> None:
        """An action-bar button or its shortcut."""
        if bid == "fit":
            self.camera.fit()
            return
        if bid == "new":
            self.open_start_screen()
            return
        if bid == "undo":
            self.undo()
            return
        if self.ctrl is None:
            return
        b = self.hud.buttons.get(bid)
        refusal = getattr(b, "refusal", None) if b is not None else None
        if refusal:
            self.hud.set_status(text("illegal", self.lang, reason=refusal), error=True)
            return
        if bid == "end":
            self.apply(EndTurn())
        elif bid == "stand":
            self.apply(StandUp())
        elif bid in MODE_FOR_BUTTON:
            self.mode = MODE_FOR_BUTTON[bid]()
            self.refresh()

    # -- files -----------------------------------------------------------------------

    def save(self, path: str | Path | None = None) -> Path | None:
        """Ctrl+S: save the match (to the user saves folder unless a path is given)."""
        if self.ctrl is None:
            return None
        if path is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = user_data_dir() / "saves" / f"match-{stamp}.arena.json"
        try:
            p = self.ctrl.save(path)
        except OSError as e:
            self.show_problem(f"{path}: {e.strerror or e}")
            return None
        self.hud.set_status(text("saved", self.lang, path=str(p)))
        return p

    def open_load_dialog(self) -> None:
        """Ctrl+O: pick a save file."""
        if self.dialog is not None and self.dialog.alive():
            return
        folder = user_data_dir() / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        w, h = self.screen.get_size()
        rect = pygame.Rect(0, 0, min(640, w - 40), min(480, h - 40))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(rect, self.manager, window_title="Ctrl+O", initial_file_path=str(folder),
                                   allow_existing_files_only=True)

    def load(self, path: str | Path) -> bool:
        """Load a save file; a bad file is shown in the window, the current match kept."""
        try:
            ctrl = MatchController.load(path, autosave=True)
        except FileProblem as e:
            self.show_problem(e.one_line())
            return False
        self.close_start_screen()
        self.set_match(ctrl)
        if not (ctrl.roster_missing or ctrl.roster_unchosen):  # else the status line keeps the roster's note (R9.2)
            self.hud.set_status(text("loaded", self.lang, path=str(path)))
        return True

    def new_match(self, map_name: str, teams_path: str | None, seed: int) -> bool:
        """Start a new match from the start screen; a bad map or teams file is shown, not raised."""
        try:
            ctrl = MatchController(setup_for_map(map_name, teams_path, seed), autosave=True, roster=teams_path)
        except FileProblem as e:
            self.show_problem(e.one_line())
            return False
        except IllegalAction as e:
            self.show_problem(f"{map_name}: {refusal_line(e, self.lang)}")
            return False
        self.close_start_screen()
        self.set_match(ctrl)
        return True

    def show_problem(self, line: str) -> None:
        """A refused file: a message window and the status line."""
        self.hud.set_status(text("file_problem", self.lang, problem=line), error=True)
        w, h = self.screen.get_size()
        rect = pygame.Rect(0, 0, min(560, w - 40), 220)
        rect.center = (w // 2, h // 2)
        UIMessageWindow(rect, html_message=drawable(line).replace("&", "&amp;").replace("<", "&lt;"), manager=self.manager, window_title=text("file_problem", self.lang, problem="")[:-2])

    def open_start_screen(self) -> None:
        """The map and teams picker."""
        from arena_game.ui.start_screen import StartScreen

        self.close_start_screen()
        self.start = StartScreen(self)

    def close_start_screen(self) -> None:
        """Remove the start screen if shown."""
        if self.start is not None:
            self.start.kill()  # type: ignore[attr-defined]
            self.start = None

    # -- the loop --------------------------------------------------------------------

    def run(self, frames: int | None = None) -> int:
        """Run until the window closes, or for `frames` frames; returns an exit code."""
        n = 0
        while self.running and (frames is None or n < frames):
            self.step()
            n += 1
        return 0

    def step(self) -> None:
        """One frame: events, update, draw."""
        dt = self.clock.tick(60) / 1000 if self.realtime else 1 / 60
        self.time_ms += int(dt * 1000)
        for event in pygame.event.get():
            self.handle(event)
        for key in self.held:
            dx, dy = PAN_KEYS[key]
            self.camera.pan(dx * PAN_STEP * dt * 30, dy * PAN_STEP * dt * 30)
        self.anim.update()
        self.manager.update(dt)
        poll_watch(self, int(dt * 1000))
        play_bots(self, int(dt * 1000))
        self.draw()
        self.frames += 1

    def draw(self) -> None:
        """Draw the board and the widgets, then show the frame."""
        if self.view is not None and self.ctrl is not None and self.start is None:
            if self.manager.get_hovering_any_element() or self.modal_open():
                self.widgets.disturb()
            self.widgets.draw(self.screen, self.manager, self.viewport, self.hud.status_rect,
                              (self.version, self.hud.changes),
                              self.draw_board)
        else:
            self.screen.fill(BACKGROUND)
            self.manager.draw_ui(self.screen)
            self.widgets.disturb()
        pygame.display.flip()

    def draw_board(self, clear_all: bool) -> None:
        """The board, its highlights and fighters, and the status line; `clear_all`: clear the
        whole screen first, else only the viewport (the widget layer restores the rest)."""
        assert self.view is not None and self.ctrl is not None
        # the opaque board blit paints over the rest
        fill_around(self.screen, BACKGROUND, self.view.covered(), None if clear_all else self.viewport)
        hl = self.current_highlights()
        if self.anim.busy:  # no highlights while pieces move (their own cache key)
            hl, version = [], -1 - self.version
        else:
            version = self.version
        self.view.draw(self.screen, self.ctrl.state, hl, version, self.hover, self.time_ms, self.anim)
        # the key to the highlights sits at the right end of the status line, off the board
        key = None if self.anim.busy else legend(self.mode.name, self.lang, self.hud.status_rect.h - 4)
        self.legend_rect = None if key is None else key.get_rect(midright=(self.hud.status_rect.right - 4, self.hud.status_rect.centery))
        self.hud.draw_status(self.screen, 0 if key is None else key.get_width() + 8)
        if key is not None and self.legend_rect is not None:
            self.screen.blit(key, self.legend_rect)
        if self.anim.busy:
            self.draw_skip_hint()

    def draw_skip_hint(self) -> None:
        """While an animation plays: how to skip it and the speed setting."""
        hint = text("anim_hint", self.lang, speed=speed_label(self.anim.speed, self.lang))
        img = font(15, bold=True).render(hint, True, (235, 230, 215))
        x = self.viewport.centerx - img.get_width() // 2
        y = self.viewport.bottom - img.get_height() - 10
        back = pygame.Rect(x - 10, y - 4, img.get_width() + 20, img.get_height() + 8)
        pygame.draw.rect(self.screen, (20, 18, 24), back, border_radius=6)
        self.screen.blit(img, (x, y))

    def cycle_anim_speed(self) -> None:
        """V: animation speed 1× → 2× → instant → 1×."""
        speeds = [v for _, v in SPEEDS]
        i = speeds.index(self.anim.speed) if self.anim.speed in speeds else -1
        self.anim.speed = speeds[(i + 1) % len(speeds)]
        self.hud.set_status(text("anim_speed", self.lang, speed=speed_label(self.anim.speed, self.lang)))

    def screenshot(self, path: str | Path) -> Path:
        """Save the current frame as a PNG."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        self.draw()
        pygame.image.save(self.screen, str(p))
        return p

    # -- input -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Route one pygame event."""
        if event.type != pygame.MOUSEMOTION or any(getattr(event, "buttons", ())):
            self.widgets.disturb()  # anything but a plain mouse move may change a widget
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if self.anim.busy and self.hold_for_animation(event):
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_ui_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.load(event.text)
            return
        if self.start is not None:
            self.start.handle(event)  # type: ignore[attr-defined]
            return
        if consumed or self.modal_open():
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.on_mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.on_mouse_up(event)
        elif event.type == pygame.MOUSEMOTION:
            self.on_mouse_move(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if not self.viewport.collidepoint(pos):
                pos = self.viewport.center
            self.camera.zoom(event.y, pos)

    def hold_for_animation(self, event: pygame.event.Event) -> bool:
        """While an animation plays, input waits: a click or Space skips it; True when held."""
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
            self.anim.skip()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v:
                self.cycle_anim_speed()
            return event.key != pygame.K_F11
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def modal_open(self) -> bool:
        """A dialog or message window is up: board input waits."""
        ws = self.manager.get_window_stack()
        return bool(ws.get_full_stack())

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for a new window size."""
        size = (max(800, size[0]), max(560, size[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.relayout(size)

    def relayout(self, size: tuple[int, int]) -> None:
        """Widgets, viewport and camera for the window's current size."""
        self.manager.set_window_resolution(size)
        self.viewport = self.hud.build(size)
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        self.camera.fit()
        if self.start is not None:
            self.open_start_screen()
        self.refresh()

    def on_ui_button(self, element: object) -> None:
        """A pygame_gui button was pressed."""
        for bid, b in self.hud.buttons.items():
            if b is element:
                self.press_button(bid)
                return
        for cid, b in self.hud.choice_buttons.items():
            if b is element:
                refusal = getattr(b, "refusal", None)
                if refusal:
                    self.hud.set_status(text("illegal", self.lang, reason=refusal), error=True)
                elif self.ctrl is not None:
                    self.do(self.mode.choose(self.ctrl.state, cid))
                return
        for oid, b in self.hud.over_buttons.items():
            if b is element:
                self.hud.hide_over()
                if oid == "new":
                    self.open_start_screen()
                return
        if self.start is not None:
            self.start.on_button(element)  # type: ignore[attr-defined]

    def on_key(self, event: pygame.event.Event) -> None:
        """Keyboard: file and window keys, the banner, the mode, then the action shortcuts."""
        ctrl_held = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl_held and event.key == pygame.K_s:
            self.save()
            return
        if ctrl_held and event.key == pygame.K_o:
            self.open_load_dialog()
            return
        if ctrl_held and event.key == pygame.K_z:
            self.undo()
            return
        if event.key == pygame.K_F11:
            with contextlib.suppress(pygame.error):
                pygame.display.toggle_fullscreen()
            # SDL may re-create the window: draw on its new surface, at its new size
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
                if surface.get_size() != self.hud.size:
                    self.relayout(surface.get_size())
            return
        if event.key == pygame.K_v and not ctrl_held:
            self.cycle_anim_speed()
            return
        if self.banner_up:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.dismiss_banner()
            return
        if self.hud.over is not None:
            if event.key == pygame.K_n:
                self.open_start_screen()
            elif event.key == pygame.K_ESCAPE:
                self.running = False
            return
        name = pygame.key.name(event.key)
        if self.ctrl is not None:
            outcome = self.mode.key(self.ctrl.state, name)
            if outcome is not None:
                self.do(outcome)
                return
        if event.key in PAN_KEYS:
            dx, dy = PAN_KEYS[event.key]
            self.camera.pan(dx * PAN_STEP, dy * PAN_STEP)
            self.held.add(event.key)
            return
        if name in SHORTCUTS:
            self.press_button(SHORTCUTS[name])

    def dismiss_banner(self) -> None:
        """Hide the hand-off banner."""
        self.hud.hide_banner()
        self.banner_up = False

    def on_mouse_down(self, event: pygame.event.Event) -> None:
        if self.banner_up:
            self.dismiss_banner()
            return
        if event.button in (1, 2, 3) and self.viewport.collidepoint(event.pos):
            self.press = (event.pos, event.button)
            self.dragging = event.button != 1

    def on_mouse_up(self, event: pygame.event.Event) -> None:
        press = self.press
        self.press = None
        if press is None or event.button != press[1]:
            return
        was_drag = self.dragging
        self.dragging = False
        if was_drag or event.button != 1 or self.ctrl is None:
            return
        sq = self.camera.square_at(event.pos)
        if sq is None:
            return
        self.do(self.mode.click(self.ctrl.state, sq))

    def on_mouse_move(self, event: pygame.event.Event) -> None:
        if self.press is not None:
            start, _ = self.press
            if not self.dragging and (abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])) > DRAG_THRESHOLD:
                self.dragging = True
            if self.dragging:
                self.camera.pan(*event.rel)
        sq = self.camera.square_at(event.pos)
        if sq != self.hover:
            self.hover = sq
            self.show_prompt()
