"""The window's memory over a session. Matches on one map share one board: what is worked out
once per board (free floor, sight, the bots' distance fields) is not worked out and kept again
every match; a changed file is loaded afresh. Freed memory is handed back as play goes on."""

from __future__ import annotations

import os
import shutil

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.resources import find_map
from arena_game.ui.controller import setup_for_map

SHIPPED = find_map("arene-classique")


def test_matches_on_the_same_unchanged_map_share_its_board(tmp_path):
    path = tmp_path / "arena.toml"
    shutil.copy(SHIPPED, path)
    first = setup_for_map(str(path), None, seed=1)
    again = setup_for_map(str(path), None, seed=2)
    assert again.board is first.board
    assert again.placements != first.placements or again.seed != first.seed  # still a match of its own


def test_a_changed_map_file_or_other_map_rules_load_the_board_again(tmp_path):
    path = tmp_path / "arena.toml"
    shutil.copy(SHIPPED, path)
    first = setup_for_map(str(path), None, seed=1)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "', 'name = "Renamed ', 1), encoding="utf-8")
    os.utime(path, ns=(1, first_mtime := path.stat().st_mtime_ns + 1_000_000))
    changed = setup_for_map(str(path), None, seed=1)
    assert changed.board is not first.board and changed.board.name.startswith("Renamed")
    in_order = DEFAULT_SETTINGS.model_copy(update={"maps": DEFAULT_SETTINGS.maps.model_copy(
        update={"spawn_assignment": "in_order"})})
    other_rules = setup_for_map(str(path), None, seed=1, settings=in_order)
    assert other_rules.board is not changed.board
    assert path.stat().st_mtime_ns == first_mtime


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


def test_a_replaced_text_is_freed_when_the_window_tidies():
    """A text box's replaced layout (its rows, and the surface its text is drawn on) lives in
    reference cycles: gone once `memory.tidy` has run, not before a full collection."""
    import gc
    import weakref

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
