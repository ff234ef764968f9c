"""The demo: the shipped demo steps played as films (`arena_game.ui.showcase.Film`), looping
until a key or a click."""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence

import pygame

from arena_game.formats.scenario import Scenario
from arena_game.i18n import t
from arena_game.render.sprites import SpriteBook
from arena_game.ui.app import App
from arena_game.ui.screens.base import BACKGROUND, Screen
from arena_game.ui.showcase import Film, film_layout


class WholeMapFilm(Film):
    """A demo film that always shows the whole map, as the board's Fit command does: every row
    and column on the stage beside or above the log and the caption, the squares as large as
    that allows (a `Film` of a map too large for that frames the squares the story happens on)."""

    def framed(self) -> tuple[int, int]:
        """Every square of the map (the caption and the log go beside it when that makes the squares larger)."""
        return self.scenario.board.width, self.scenario.board.height


def side_by_side(scenarios: Sequence[Scenario], size: tuple[int, int]) -> bool:
    """Whether the demo shows its caption and log beside the maps: when that makes the squares
    larger on most of its maps (each film in the same layout: the caption does not jump from
    the bottom to the side between two steps)."""
    beside = sum(film_layout(size, (sc.board.width, sc.board.height)).beside for sc in scenarios)
    return 2 * beside > len(scenarios)


class DemoScreen(Screen):
    """Each demo step's film in turn, one film frame every 1/fps s (every frame when not real time)."""

    def __init__(self, app: App, scenarios: Sequence[Scenario], *, fps: int = 30, once: bool = False,
                 max_loops: int | None = None) -> None:
        super().__init__(app)
        self.scenarios = scenarios
        self.fps = fps
        self.loops_left = 1 if once else max_loops  # None: until a key
        self.book = SpriteBook(tile=64)  # a game master's sprite overrides show in the demo too
        self.frames = self.films()
        self.frame: pygame.Surface | None = None
        self.shown = 0  # film frames shown
        self.wait_ms = 0.0

    def films(self) -> Iterator[pygame.Surface | None]:
        """Every step's frames, the steps looped `loops_left` times (for ever when None); None
        while a film's pictures are made, a part a window frame (the last film frame stays).
        A step whose window is resized starts again at the new size: drawn on at the old one,
        it left part of a grown window empty and cut its caption off in a shrunk one."""
        total = len(self.scenarios)
        canvas = None  # each film draws into the last one's surface (5 ms to make at 1920×1080)
        while self.loops_left is None or self.loops_left > 0:
            for n, sc in enumerate(self.scenarios, start=1):
                played = False
                while not played:
                    size = self.app.screen.get_size()
                    film = WholeMapFilm(sc, self.lang, size, self.fps, step=(n, total), book=self.book,
                                        beside=side_by_side(self.scenarios, size), canvas=canvas)
                    for _ in film.prepare():
                        yield None
                    canvas = film.canvas
                    played = yield from self._played(film, size)
            if self.loops_left is not None:
                self.loops_left -= 1

    def _played(self, film: WholeMapFilm, size: tuple[int, int]) -> Generator[pygame.Surface, None, bool]:
        """The `film`'s frames while the window keeps its `size`; whether it played to its end."""
        for frame in film.frames():
            if self.app.screen.get_size() != size:
                return False
            yield frame
        return True

    def handle(self, event: pygame.event.Event) -> None:
        """Any key or click ends the demo."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.quit()

    def update(self, dt_ms: int) -> None:
        """The next film frame when its time has come; the window closes after the last."""
        self.wait_ms -= dt_ms
        if self.app.realtime and self.wait_ms > 0:
            return
        try:
            frame = next(self.frames)
        except StopIteration:
            self.app.quit()
            return
        if frame is None:  # a film's pictures being made: the last frame stays, its time too
            return
        self.wait_ms += 1000 / self.fps
        self.frame = frame
        self.shown += 1

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        if self.frame is not None:
            surface.blit(self.frame, (0, 0))


def run_demo(scenarios: list[Scenario], lang: str, *, once: bool = False, size: tuple[int, int] = (1280, 800),
             fps: int = 30, realtime: bool = True, max_loops: int | None = None) -> int:
    """Play the demo steps in a window, looping until a key or a click; returns the frames shown.

    `once` plays every step a single time (tests, CI); `realtime=False` does not wait
    between frames (headless runs).
    """
    app = App(size=size, lang=lang, realtime=realtime, caption=t("demo.title", lang))
    demo = app.push(DemoScreen(app, scenarios, fps=fps, once=once, max_loops=max_loops))
    app.run()
    return demo.shown
