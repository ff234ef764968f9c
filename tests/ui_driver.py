"""Drive the real window headless: posted pygame mouse and key events, a few frames at a time.

The window is an `App` with a stack of screens; `board(app)` is the match screen (its match,
widgets, camera, mode), `top(app, Kind)` the screen of that kind when it is the top one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from arena_game.core.settings import RulesSettings
from arena_game.formats.save import MatchSetup
from arena_game.ui.app import App
from arena_game.ui.controller import MatchController
from arena_game.ui.screens.base import Screen
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.windows import match_window
from tests.builders import tiny_board, tiny_teams

if TYPE_CHECKING:
    from arena_game.ui.screens.tutorial import LessonScreen

SHOTS = Path("/tmp/arena-shots")


def ui_match(grid: str, fighters: dict[str, dict[str, Any]], faces: list[int] | None = None,
             order: list[str] | None = None, seed: int = 0, labyrinth: bool = False,
             settings: RulesSettings | None = None) -> MatchController:
    """A controller on a tiny map with scripted dice (same conventions as tests.builders.tiny_match)."""
    team_models, placements = tiny_teams(fighters)
    setup = MatchSetup(board=tiny_board(grid, labyrinth=labyrinth), teams=team_models, placements=placements, seed=seed,
                       scripted=list(faces or []), turn_order=order or list(fighters),
                       **({"settings": settings} if settings is not None else {}))
    return MatchController(setup)


def open_app(ctrl: MatchController | None, **kw: Any) -> App:
    """The real match window, headless, not real-time, without the hand-off curtain unless asked."""
    kw.setdefault("handoff", False)
    app = match_window(ctrl, realtime=False, **kw)
    app.run(frames=2)
    settle_match_start(app)
    wait_while_building(app)
    return app


def settle_match_start(app: App) -> None:
    """Frames until a new match's texts and memory, done a piece a frame, are all done."""
    screen = app.find(BoardScreen)
    for _ in range(10):
        if screen is None or not screen.starting:
            break
        app.step()
    app.step()  # the sheet: a frame after the turn order


def demo_playing(stem: str, index: int, lang: str, size: tuple[int, int]) -> tuple[App, BoardScreen]:
    """A window of `size` in `lang` on the demo `stem`'s match, its action `index` just applied
    (its animation starts with the next frame, at real speed)."""
    from tools.window_screenshots import _board_window, demo_match, demo_scenario

    app = _board_window(demo_match(stem, index), lang, size, anim_speed=1.0)
    screen = board(app)
    screen.apply(demo_scenario(stem).actions[index])
    return app, screen


def board(app: App) -> BoardScreen:
    """The match screen at the bottom of the window's stack."""
    screen = app.find(BoardScreen)
    assert screen is not None, [type(s).__name__ for s in app.stack]
    return screen


S = TypeVar("S", bound=Screen)


def top(app: App, kind: type[S]) -> S | None:
    """The top screen when it is of this kind, else None."""
    return app.top if isinstance(app.top, kind) else None


def click_square(app: App, sq: tuple[int, int], button: int = 1, frames: int = 2) -> None:
    """Press and release the mouse over a board square."""
    pos = board(app).camera.square_centre(sq)
    click_at(app, pos, button, frames)


def hover_square(app: App, sq: tuple[int, int], rest: bool = True) -> None:
    """Move the mouse over a board square and play one frame (a hover frame); with `rest`, then
    the frames till its card shows, the pointer resting there (`hover_card.DELAY_MS`)."""
    screen = board(app)
    pos = screen.camera.square_centre(sq)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    app.step()
    while rest and screen.card_pending:
        app.step()


def click_at(app: App, pos: tuple[int, int], button: int = 1, frames: int = 2) -> None:
    """Move to, press and release the mouse at a screen point."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run(frames=frames)
    wait_while_building(app)


def press_key(app: App, key: int, mod: int = 0, frames: int = 2, scancode: int | None = None) -> None:
    """Press and release a key; a letter sits where a US keyboard has it unless `scancode`
    says where (SDL's scancodes for A–Z are 4–29 in order)."""
    name = pygame.key.name(key)
    if scancode is None:
        scancode = pygame.KSCAN_A + ord(name) - ord("a") if len(name) == 1 and "a" <= name <= "z" else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=name if len(name) == 1 else "",
                                         scancode=scancode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=scancode))
    app.run(frames=frames)
    wait_while_building(app)


def tap_key(app: App, key: int) -> None:
    """A key pressed and released, and the one frame that sees it (no waiting for what it opens:
    the tests of what each frame of an opening makes)."""
    name = pygame.key.name(key)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=name, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step()


def wait_while_building(app: App) -> None:
    """Frames until no screen is still making its widgets a part a frame (`BuiltOverFrames`),
    as a player waits to see it (the roster editor takes ~20)."""
    for _ in range(60):
        if not any(s.building for s in app.stack):
            return
        app.step()


def click_button(app: App, button: Any, frames: int = 3) -> None:
    """Click a pygame_gui button where it is drawn."""
    click_at(app, button.rect.center, frames=frames)


def pixel(app: App, sq: tuple[int, int], dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The colour drawn at a square's centre, offset by a fraction of a tile."""
    app.draw()
    x, y = board(app).camera.square_centre(sq)
    t = board(app).camera.tile
    c = app.screen.get_at((int(x + dx * t), int(y + dy * t)))
    return (c.r, c.g, c.b)


def shot(app: App, name: str) -> Path:
    """Save a screenshot to look at."""
    return app.screenshot(SHOTS / f"{name}.png")


def open_lesson(stem: str, progress: Path, lang: str = "en",
                size: tuple[int, int] | None = None) -> tuple[App, LessonScreen]:
    """The tutorial window, headless (at `size`, else the default), with the shipped lesson whose
    id holds `stem` opened."""
    from arena_game.learn.lessons import shipped_lessons
    from arena_game.ui.screens.tutorial import LessonPickerScreen, tutorial_window

    lessons = shipped_lessons()
    i = next(i for i, x in enumerate(lessons) if stem in x.id)
    app = (tutorial_window(lessons, lang, progress, realtime=False) if size is None
           else tutorial_window(lessons, lang, progress, size=size, realtime=False))
    picker = app.find(LessonPickerScreen)
    assert picker is not None
    lesson = picker.open_lesson(i)
    wait_while_building(app)  # made a part a frame, as a player waits to see it
    return app, lesson


def lesson_started(stem: str, progress: Path, lang: str = "en",
                   size: tuple[int, int] | None = None) -> tuple[App, LessonScreen]:
    """`open_lesson`, its start played out (the board set up, the player's turn come)."""
    app, lesson = open_lesson(stem, progress, lang, size)
    while lesson.starting:
        app.step()
    return app, lesson


def lesson_mid_run(progress: Path, lang: str = "en") -> tuple[App, LessonScreen]:
    """The tackle lesson's "Show me" (M) under way: the run declared and rolled, squares still to go."""
    app, lesson = lesson_started("tackle", progress, lang)
    press_key(app, pygame.K_m)
    for _ in range(900):
        app.step()
        if lesson.pending and lesson.mode.name == "run_go" and lesson.shown_state is None:
            break
    assert lesson.pending and lesson.mode.name == "run_go" and lesson.shown_state is None
    return app, lesson


def house_rules_pages(app: App) -> Iterator[Any]:
    """Open the house rules (R) and give its panel once a page, the page built, then turn to
    the next one (Page Down)."""
    from arena_game.ui.house_draft import PAGES
    from arena_game.ui.screens.house_rules import HouseRulesScreen

    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    assert panel is not None
    for page in range(len(PAGES)):
        wait_while_building(app)
        assert panel.page == page
        yield panel
        press_key(app, pygame.K_PAGEDOWN)


def start_opening_unquiet(monkeypatch, size: tuple[int, int]) -> tuple[App, Any]:
    """A window of `size` on a two-fighter match with nothing drawn ahead, N pressed: the start
    screen being made, and no frame of it quiet once shown (what it draws for Play, it draws
    while it is made)."""
    from arena_game.ui import board_view
    from arena_game.ui.screens.start import StartScreen

    app = open_app(ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)},
                                                      "b": {"team": "blue", "at": (5, 2)}}), size=size, lang="en")
    monkeypatch.setattr(StartScreen, "_quiet", lambda self: False)
    board_view._WARM.clear()
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    return app, start
