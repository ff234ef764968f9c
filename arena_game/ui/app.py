"""The window: the pygame display, the widget manager, the clock and a stack of screens.

`App` runs the loop and keeps the stack; every screen (`arena_game.ui.screens`) draws itself
and answers input while on top: the match board, the hand-off curtain, the match-over panel,
dialogs, the start screen, the tutorial, the demo. `App.run(frames=N)` runs N frames and
returns (tests, benchmarks); `App.run()` runs until the window closes. pygame is imported
only in `arena_game.ui` (and render).
"""

from __future__ import annotations

import contextlib
import copy
import json
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import pygame
import pygame_gui

from arena_game.formats.gc_pause import gc_paused
from arena_game.render.glyphs import FONT_NAME, window_theme_font
from arena_game.render.text import reset_caches, ui_scale
from arena_game.ui import keys, memory
from arena_game.ui.anim.draw import reset_caches as reset_anim_caches
from arena_game.ui.frame_meter import FrameMeter
from arena_game.ui.hud import THEME
from arena_game.ui.theme_ids import quick_theme_ids

if TYPE_CHECKING:
    from arena_game.ui.screens.base import Screen

S = TypeVar("S", bound="Screen")
FONTS = ((12, "bold"), (13, "bold"), (13, "italic"), (13, "bold_italic"), (14, "italic"), (16, "italic"), (18, "regular"),
         (20, "regular"), (24, "bold"))  # the theme loads its own
MIN_SIZE = (800, 560)
TITLE_BAR = 28  # px: pygame_gui's window title bar at 1280×720 (its default), grown with the text
# How often garbage is collected and freed memory handed back to the system (`memory.tidy`),
# in a quiet frame: the texts replaced turn after turn otherwise stay in memory, ~100 MiB in
# five minutes of bot play.
TIDY_EVERY_MS = 5_000
# A tidy costs 3-5 ms: it waits for a quiet frame that has used at most this much CPU so far
# (the frame that ends an animation and refreshes the side panels is idle too, ~12 ms), unless
# it has waited three times its period. Its full pass grows with the match (1-2 ms at the
# start, 4-7 ms 90 turns into a hot-seat match on the shipped labyrinth, and ~1 ms more
# handing memory back): at 8 ms of room a tidy frame reached 16.3 ms (s53); quiet hover
# frames take ~1 ms.
TIDY_ROOM_MS = 5.0
# ...and for the pointer and the keys to have rested this long: past a board's hover card delay
# (`hover_card.DELAY_MS`, 200 ms), so a tidy does not land in the frame that shows the card or
# in a frame the pointer moves (s59: 18-21 ms frames on 64²). Three periods late it runs anyway.
TIDY_REST_MS = 250
_INPUT = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.TEXTINPUT,
                    # a widget's answer to a click reaches the loop a frame later: that frame is input too
                    pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_BUTTON_DOUBLE_CLICKED, pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
                    pygame_gui.UI_TEXT_ENTRY_FINISHED, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                    pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, pygame_gui.UI_WINDOW_CLOSE})


def scaled_theme(theme: str | dict[str, Any] | None, scale: float) -> dict[str, Any]:
    """The window's theme (a file or a dict) with every font size grown by `scale` (the
    window's `ui_scale`): the widgets' text grows with the window."""
    data: dict[str, Any] = json.loads(THEME.read_text(encoding="utf-8")) if theme is None else (
        json.loads(Path(theme).read_text(encoding="utf-8")) if isinstance(theme, str) else copy.deepcopy(theme))
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(round(int(font["size"]) * scale))
    # the buttons and list rows take pygame_gui's own 14 pt font unless told: told, so they grow too;
    # the labels and text boxes with no font of their own too, so none is left in pygame_gui's Noto
    # Sans, which has no arrows (s54)
    base = str(round(14 * scale))
    for name in ("button", "selection_list.@selection_list_item", "text_entry_line"):
        block = data.setdefault(name, {})
        block.setdefault("font", {"name": "noto_sans", "size": base})
    for name in ("label", "text_box"):  # at pygame_gui's own size: their layout as it was
        data.setdefault(name, {}).setdefault("font", {"name": "noto_sans", "size": "14"})
    for block in data.values():  # every font in the window's own, Arena Sans (Noto Sans with arrows)
        if isinstance(block, dict) and isinstance(block.get("font"), dict):
            block["font"] = window_theme_font(block["font"])
    lists = data.setdefault("selection_list", {})
    lists.setdefault("misc", {})["list_item_height"] = str(round(20 * scale))
    # a window's title bar (and its close button, as wide) as tall as its grown title: pygame_gui
    # keeps 28 px, and at 1920×1080 the title's 21 pt text filled the bar to its edges
    windows = data.setdefault("window", {})
    windows.setdefault("misc", {})["title_bar_height"] = str(title_bar_height(scale))
    return data


def title_bar_height(scale: float) -> int:
    """A pygame_gui window's title bar height at the text scale `scale` (28 px at 1280×720)."""
    return round(TITLE_BAR * scale)


STYLES = ("regular", "bold", "italic", "bold_italic")  # a text box's HTML may set any of them (<b>, <i>)


def theme_fonts(data: dict[str, Any], scale: float) -> list[dict[str, str | int | float]]:
    """The fonts a manager with the scaled theme `data` (`scaled_theme`) may draw with: every
    size its blocks name, in the four styles, the screens' HTML sizes (`FONTS`) as they are and
    grown by `scale`, in pygame_gui's `preload_fonts` form."""
    sizes = {(s, st) for s, st in FONTS} | {(round(s * scale), st) for s, st in FONTS}
    sizes |= {(round(s * scale), st) for s in (12, 13, 14, 15, 16, 18, 20) for st in ("regular", "bold")}
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and font.get("name") == FONT_NAME and str(font.get("size", "")).isdigit():
            sizes |= {(int(font["size"]), st) for st in STYLES}
    return [{"name": FONT_NAME, "point_size": s, "style": st, "antialiased": "1"} for s, st in sorted(sizes)]


def preload_fonts(manager: pygame_gui.UIManager, data: dict[str, Any], scale: float) -> None:
    """Load the fonts of `theme_fonts` into `manager` before a frame needs them (pygame_gui
    warns of, and loads in the frame, a font it finds unloaded)."""
    with warnings.catch_warnings():  # a theme that loads one of these itself is fine
        warnings.simplefilter("ignore", UserWarning)
        manager.preload_fonts(theme_fonts(data, scale))


def new_manager(size: tuple[int, int], theme: str | dict[str, Any] | None = None, lang: str = "fr",
                scale: float = 1.0) -> pygame_gui.UIManager:
    """A widget manager as the window makes one: the theme (the window's by default) with its
    fonts grown by `scale` (`scaled_theme`), in Arena Sans, its fonts preloaded (`preload_fonts`),
    pygame_gui's shape cache bounded and its theme ids quick. Tests that build widgets apart
    take theirs from here too."""
    data = scaled_theme(theme, scale)
    manager = pygame_gui.UIManager(size, data, starting_language=lang)
    memory.bound_shape_cache(manager)
    quick_theme_ids(manager)  # nested widgets were made 2–15 ms slower each by pygame_gui's key
    preload_fonts(manager, data, scale)
    return manager


class App:
    """The Arena window: a loop over a stack of screens."""

    def __init__(self, *, size: tuple[int, int] = (1280, 800), lang: str = "fr", realtime: bool = True,
                 theme: str | dict[str, Any] | None = None, caption: str = "Arena",
                 frame_log: TextIO | None = None) -> None:
        memory.keep_big_blocks_apart()
        pygame.display.init()
        pygame.font.init()
        reset_caches()  # fonts made before a pygame.quit() are dead
        reset_anim_caches()
        self.lang = lang
        self.realtime = realtime
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(caption)
        self._theme = theme
        self.theme_scale = ui_scale(size)  # the scale the theme's fonts are drawn at
        self.manager = new_manager(size, theme, lang, self.theme_scale)
        self.clock = pygame.time.Clock()
        self.stack: list[Screen] = []
        self.running = True
        self.frames = 0
        self.time_ms = 0  # the window's own clock: real time, or 1/60 s a frame when not real-time
        self.meter = FrameMeter(frame_log, lang=lang)  # each frame's CPU time and kind (--frame-log, F3)
        self._tidied_ms = 0  # the window's clock when garbage was last collected, memory handed back
        self._stirred_ms = 0  # the window's clock at the last input or pointer move
        # the screens the last `draw` drew (the topmost opaque one up), its frame, F3's graph shown
        self.last_drawn: tuple[tuple[Screen, ...], int, bool] = ((), -1, False)
        memory.set_aside_for_good()

    # -- the stack -------------------------------------------------------------------

    @property
    def top(self) -> Screen | None:
        """The screen that gets the input."""
        return self.stack[-1] if self.stack else None

    def push(self, screen: S) -> S:
        """Put a screen on top and let it build its widgets."""
        self.stack.append(screen)
        screen.enter()
        return screen

    def pop(self, screen: Screen | None = None) -> None:
        """Take a screen (the top one by default) off the stack; nothing if it is not on it."""
        screen = screen or self.top
        if screen is not None and screen in self.stack:
            self.stack.remove(screen)
            screen.leave()

    def find(self, kind: type[S]) -> S | None:
        """The topmost screen of a kind, if one is on the stack."""
        return next((s for s in reversed(self.stack) if isinstance(s, kind)), None)

    def quit(self) -> None:
        """Stop the loop (the window closes when `run` returns)."""
        self.running = False

    # -- the loop --------------------------------------------------------------------

    def run(self, frames: int | None = None) -> int:
        """Run until the window closes, or for `frames` frames; returns an exit code."""
        n = 0
        while self.running and (frames is None or n < frames):
            self.step()
            n += 1
        return 0

    def step(self) -> None:
        """One frame: events to the top screen, every screen's update, then draw; the cycle
        collector's passes wait for the frame's end (`memory.collect_young`)."""
        with gc_paused():
            self._frame()

    def _frame(self) -> None:
        dt = self.clock.tick(60) / 1000 if self.realtime else 1 / 60
        self.meter.begin()  # after the wait for the frame: only the work counts
        dt_ms = int(dt * 1000)
        self.time_ms += dt_ms
        for event in pygame.event.get():
            self.handle(event)
        for screen in list(self.stack):
            if screen in self.stack:  # an earlier update may have closed it
                screen.update(dt_ms)
        self.manager.update(dt)
        self.draw()
        since = self.time_ms - self._tidied_ms
        if self.meter.tags & {"hover", "input"}:
            self._stirred_ms = self.time_ms
        rested = not self.meter.tags and self.time_ms - self._stirred_ms >= TIDY_REST_MS
        if since >= TIDY_EVERY_MS and self.meter.tags <= {"hover"} and (
                rested and self.meter.elapsed_ms() <= TIDY_ROOM_MS or since >= 3 * TIDY_EVERY_MS):
            self._tidied_ms = self.time_ms  # in a frame with little else to do
            memory.tidy()
        memory.collect_young(self.meter.elapsed_ms())
        self.meter.end()
        self.frames += 1

    def handle(self, event: pygame.event.Event) -> None:
        """Window events here (close, resize, F11); the rest to the top screen."""
        if event.type == pygame.MOUSEMOTION:
            self.meter.note("hover")
        elif event.type in _INPUT:
            self.meter.note("input")
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and (command := keys.command(pygame.key.name(event.key), ("window",))):
            if command == "fullscreen":
                self.toggle_fullscreen()
            elif command == "frame_graph":
                self.meter.toggle_graph()
        elif self.top is not None:
            self.top.handle(event)

    def draw(self) -> None:
        """Draw the screens from the topmost opaque one up, then show the frame."""
        first = max((i for i, s in enumerate(self.stack) if s.opaque), default=0)
        for screen in self.stack[first:]:
            screen.draw(self.screen)
        if not self.stack:
            self.screen.fill((0, 0, 0))
        self.meter.draw_graph(self.screen)
        # who left the pixels on the screen: a board drawn alone may draw only what changed next frame
        self.last_drawn = (tuple(self.stack[first:]), self.frames, self.meter.show_graph)
        pygame.display.flip()

    def screenshot(self, path: str | Path) -> Path:
        """Save the current frame as a PNG."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        self.draw()
        pygame.image.save(self.screen, str(p))
        return p

    # -- the window's size -----------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size (never below `MIN_SIZE`): every screen lays itself out again."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.last_drawn = ((), -1, False)  # the next frame draws all
        self.relayout(size)

    def relayout(self, size: tuple[int, int]) -> None:
        """Widgets of every screen, bottom up, for the window's current size; the theme's fonts
        grown or shrunk with the window (`ui_scale`) first, as a window opened at that size has them."""
        self.manager.set_window_resolution(size)
        self._rescale_theme(ui_scale(size))
        for screen in list(self.stack):
            screen.relayout(size)

    def _rescale_theme(self, scale: float) -> None:
        """The theme's font sizes for `scale` (`scaled_theme`), loaded over the current theme;
        the widgets are made again by their screens' relayout."""
        if scaled_theme(self._theme, scale) == scaled_theme(self._theme, self.theme_scale):
            return  # the same whole font sizes: nothing to reload
        self.theme_scale = scale
        with warnings.catch_warnings():  # pygame_gui warns of fonts it loads on the way
            warnings.simplefilter("ignore", UserWarning)
            self.manager.get_theme().load_theme(scaled_theme(self._theme, scale))
        self._preload_fonts(scale)
        with warnings.catch_warnings():  # a label grown in its old rectangle: laid out again just after
            warnings.simplefilter("ignore", UserWarning)
            self.manager.rebuild_all_from_changed_theme_data()

    def _preload_fonts(self, scale: float) -> None:
        """The fonts the screens' HTML and the scaled theme use, loaded before a frame needs them."""
        preload_fonts(self.manager, scaled_theme(self._theme, scale), scale)

    def toggle_fullscreen(self) -> None:
        """F11: full screen and back."""
        size_before = self.screen.get_size()
        with contextlib.suppress(pygame.error):
            pygame.display.toggle_fullscreen()
        # SDL may re-create the window: draw on its new surface, at its new size
        surface = pygame.display.get_surface()
        self.last_drawn = ((), -1, False)  # a window made again may have lost its pixels: the next frame draws all
        if surface is not None:
            self.screen = surface
            if surface.get_size() != size_before:
                self.relayout(surface.get_size())
