"""The window's memory over a session. Each match has a board of its own: what is worked out
once per board (free floor, sight, run declarations, the bots' distance fields) is kept with
it, and goes with the last match when the next one is set up, with the last match's view and
token pictures. Freed memory is handed back as play goes on."""

from __future__ import annotations

import gc
import shutil
import weakref

from arena_game.resources import find_map
from arena_game.ui.controller import setup_for_map

SHIPPED = find_map("arene-classique")


def test_each_match_loads_a_board_of_its_own(tmp_path):
    path = tmp_path / "arena.toml"
    shutil.copy(SHIPPED, path)
    first = setup_for_map(str(path), None, seed=1)
    again = setup_for_map(str(path), None, seed=2)
    assert again.board is not first.board and again.board.cells == first.board.cells


def test_a_new_match_releases_the_last_ones_board_view_and_what_is_kept_with_them():
    """Bots play a few turns on the shipped map (their distance fields, the run declarations and
    token pictures are made); once the next match is set up, none of it is held any more."""
    import pygame

    from arena_game.bots.seats import BotSeats
    from arena_game.core import board_tables
    from arena_game.core.rules import running_reach
    from arena_game.ui.controller import MatchController
    from tests.ui_driver import board, open_app

    def new_match(seed: int) -> tuple[MatchController, BotSeats]:
        setup = setup_for_map("arene-classique", None, seed)
        return MatchController(setup), BotSeats(["all"], [t.id for t in setup.teams], seed, "normal")

    ctrl, seats = new_match(1)
    app = open_app(ctrl, bots=seats, anim_speed=float("inf"))
    screen = board(app)
    for _ in range(300):
        app.step()
    assert screen.ctrl is not None and len(screen.ctrl.actions) > 5  # the bots played
    view = screen.view
    assert view is not None and view.book is not None and view.book is not screen.book
    assert view.book.pictures and not (screen.book and screen.book.pictures)  # the view's own copy drew them
    old_board = screen.ctrl.state.board
    key = id(old_board)
    assert key in board_tables._TABLES and key in running_reach._GRIDS
    gone_board, gone_view = weakref.ref(old_board), weakref.ref(view)
    del old_board, view, ctrl
    ctrl, seats = new_match(2)
    screen.bots.seats = seats  # type: ignore[union-attr]
    screen.set_match(ctrl)
    gc.collect()
    assert gone_board() is None and gone_view() is None
    assert key not in board_tables._TABLES and key not in running_reach._GRIDS
    pygame.quit()


def test_a_new_match_drops_the_shadows_of_the_last_ones_windows():
    """pygame_gui keeps a window's shadow by size for the theme's life (the match-over window's:
    ~3 MiB); the window drops them when a match is set up."""
    import pygame
    from pygame_gui.elements import UIWindow

    from arena_game.ui import memory
    from arena_game.ui.app import App

    app = App(size=(1280, 720), realtime=False)
    theme = app.manager.get_theme()
    window = UIWindow(pygame.Rect(100, 100, 600, 400), app.manager, "x")
    app.manager.update(1 / 60)
    assert theme.shadow_generator.short_term_rect_cache
    window.kill()
    memory.settle(app.manager)
    assert not theme.shadow_generator.short_term_rect_cache
    assert all(blit[0] is not window.image for blit in app.manager.get_sprite_group().visible)
    pygame.quit()


def test_the_window_tidies_its_memory_every_few_seconds_in_a_quiet_frame(monkeypatch):
    """The texts replaced during play stay in memory (reference cycles) until collected, and
    freed memory stays with the C allocator unless handed back: the window does both every
    few seconds of its clock, in a frame with no input or animation."""
    import pygame

    from arena_game.ui import app as app_module
    from arena_game.ui import memory
    from tests.ui_driver import open_app, press_key, ui_match

    calls: list[set[str]] = []
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl)
    monkeypatch.setattr(memory, "tidy", lambda: calls.append(set(app.meter.tags)))  # what the frame did
    start = app.time_ms
    while app.time_ms - start < 2 * app_module.TIDY_EVERY_MS + 1000:
        busy = abs(app.time_ms - start - app_module.TIDY_EVERY_MS) < 300
        if busy or app.frames % 50 == 0:  # keys pressed when it is due: it waits for a quiet frame
            press_key(app, pygame.K_2, frames=1)
        else:
            app.step()
    assert len(calls) == 2 and all(tags <= {"hover"} for tags in calls)
    pygame.quit()


def test_the_window_tidies_in_a_light_quiet_frame_not_on_top_of_a_heavy_one(monkeypatch):
    """A tidy costs 3-5 ms: on top of an idle frame that refreshed the side panels (~12 ms) it
    made a 16-17 ms frame. Due, it waits for a quiet frame that has used little CPU so far,
    unless it has waited three periods."""
    import pygame

    from arena_game.ui import app as app_module
    from arena_game.ui import memory
    from tests.ui_driver import open_app, ui_match

    calls: list[int] = []
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl)
    monkeypatch.setattr(memory, "tidy", lambda: calls.append(app.time_ms))
    heavy = {"ms": app_module.TIDY_ROOM_MS + 4}
    monkeypatch.setattr(app.meter, "elapsed_ms", lambda: heavy["ms"])
    start = app._tidied_ms = app.time_ms
    while app.time_ms - start < 2 * app_module.TIDY_EVERY_MS:
        app.step()
    assert calls == []  # due for a whole period, but every frame was heavy
    heavy["ms"] = 1.0
    app.step()
    assert len(calls) == 1  # the first light quiet frame
    heavy["ms"] = app_module.TIDY_ROOM_MS + 4
    while app.time_ms - calls[0] < 3 * app_module.TIDY_EVERY_MS + 100:
        app.step()
    assert len(calls) == 2 and calls[1] - calls[0] >= 3 * app_module.TIDY_EVERY_MS  # not forever
    pygame.quit()


def test_a_replaced_text_is_freed_when_the_window_tidies():
    """A text box's replaced layout (its rows, and the surface its text is drawn on) lives in
    reference cycles: gone once `memory.tidy` has run, not before a full collection."""
    from arena_game.ui import memory
    from arena_game.ui.app import App
    from arena_game.ui.hud import Hud

    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, "fr")
    hud.build((1280, 720))
    hud.sheet_box.set_text("<b>Brakka</b><br>PV 20/20")
    old = weakref.ref(hud.sheet_box.text_box_layout)
    gc.disable()  # no collection but the one tidy starts
    try:
        hud.sheet_box.set_text("<b>Nyssa</b><br>PV 14/18")
        assert old() is not None  # a cycle: not freed by its last reference going
        memory.tidy()
        assert old() is None
    finally:
        gc.enable()


def test_the_shape_cache_keeps_its_one_page_however_many_shapes_a_session_draws():
    """pygame_gui keeps the widget shapes it draws on pages of 1024×1024 pixels and adds a
    page (4 MiB) when one does not fit, up to three: as a session's shapes pile up (a scroll
    bar's handle of a new height at each match) the resident memory steps up a few matches
    apart. The window's cache stays on its one page; a shape with no room is drawn uncached."""
    import pygame
    import pygame_gui
    from pygame_gui.elements import UIButton

    from arena_game.ui.app import App

    def shapes(manager: pygame_gui.UIManager) -> list[UIButton]:
        buttons = [UIButton(pygame.Rect(0, 0, 190, h), "x", manager) for h in sizes]  # cached: < 40,000 px
        for _ in range(2 * len(buttons)):
            manager.update(1 / 60)  # the cache files one new shape a frame
        return buttons

    sizes = range(100, 210)  # 3 pages of shapes
    app = App(size=(1280, 720), realtime=False)
    shown = shapes(app.manager)
    assert len(app.manager.get_theme().shape_cache.cache_surfaces) == 1
    assert [b.image.get_size() for b in shown] == [(190, h) for h in sizes]
    plain = pygame_gui.UIManager((1280, 720))  # pygame_gui's own cache, the same shapes
    shapes(plain)
    assert len(plain.get_theme().shape_cache.cache_surfaces) > 1
    pygame.quit()


def test_the_window_sets_the_programs_objects_aside_once_and_a_match_start_collects_only_the_rest():
    """A full pass of the cycle collector over the program's ~44,000 long-lived objects took
    15–20 ms in the frame that starts a match: they are set aside when the window opens, and a
    match start collects what was made since, setting nothing more aside (a match's objects
    are garbage at the next one)."""
    import gc

    import pygame

    from arena_game.ui import memory
    from arena_game.ui.app import App

    app = App(size=(1280, 720), realtime=False)
    aside = gc.get_freeze_count()
    assert aside > 10_000
    made_now = [[i] for i in range(5000)]  # tracked containers, made after the window opened
    memory.settle(app.manager)
    assert gc.get_freeze_count() <= aside  # nothing more set aside
    assert any(o is made_now for o in gc.get_objects(generation=2))  # still seen by the collector
    pygame.quit()


def test_a_closed_window_is_collected_once_the_next_one_opens(fresh_pygame):
    """A window sets its objects aside from the collector (`memory.set_aside_for_good`); the next
    window takes them back, so a program opening window after window (the gallery, the tests)
    does not keep every closed one."""
    import pygame

    from arena_game.ui.app import App
    from arena_game.ui.screens.board import BoardScreen
    from tests.ui_driver import open_app, ui_match

    first = open_app(ui_match("....\n....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 1)}}))
    gone = [weakref.ref(first), weakref.ref(first.find(BoardScreen))]
    assert gc.get_freeze_count() > 0  # set aside while it is open
    del first
    pygame.quit()
    second = App(size=(800, 560), realtime=False)  # noqa: F841  (open while the first is checked)
    assert [ref() for ref in gone] == [None, None]
    assert gc.get_freeze_count() > 0
