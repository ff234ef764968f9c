"""The combat log panel: lines rendered once, wrapped to the panel, newest at the bottom,
scrolled back with the wheel, the oldest dropped past the limit; a match start settles memory."""

from __future__ import annotations

import gc

import pygame

from arena_game.render import palette
from arena_game.ui import memory
from arena_game.ui.log_panel import LogPanel
from tests.ui_driver import board, open_app, ui_match


def _panel(limit: int = 50) -> tuple[LogPanel, pygame.Surface]:
    pygame.font.init()
    panel = LogPanel(limit)
    panel.set_rect(pygame.Rect(10, 10, 200, 120))
    return panel, pygame.Surface((220, 140))


def _inked_rows(surface: pygame.Surface, rect: pygame.Rect) -> list[int]:
    """The pixel rows of `rect` holding something else than the panel's background."""
    rows = []
    for y in range(rect.y + 2, rect.bottom - 2):
        if any(surface.get_at((x, y))[:3] != palette.LOG_BACKGROUND for x in range(rect.x + 2, rect.right - 2, 2)):
            rows.append(y)
    return rows


def test_a_long_line_is_wrapped_to_the_panel_and_the_newest_line_sits_at_the_bottom():
    panel, surface = _panel()
    panel.add([("short", "plain")])
    panel.add([("a much longer line of the log that cannot fit in two hundred pixels at all", "dice")])
    assert len(panel._rows[0]) == 1 and len(panel._rows[1]) >= 2
    assert all(row.get_width() <= panel.rect.w for rows in panel._rows for row in rows)
    panel.draw(surface)
    inked = _inked_rows(surface, panel.rect)
    assert inked and inked[-1] > panel.rect.bottom - 20  # the newest rows are at the bottom


def test_the_wheel_scrolls_back_and_a_new_line_brings_the_newest_back():
    panel, surface = _panel()
    panel.add((f"line {i}", "plain") for i in range(40))
    panel.draw(surface)
    newest = pygame.image.tobytes(surface, "RGB")
    panel.wheel(2)
    assert panel.scroll == 6
    panel.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != newest
    panel.add([("line 40", "turn")])
    assert panel.scroll == 0
    panel.wheel(-5)
    assert panel.scroll == 0


def test_past_the_limit_the_oldest_lines_are_dropped():
    panel, _ = _panel(limit=10)
    panel.add((f"line {i}", "plain") for i in range(25))
    assert panel.lines == [f"line {i}" for i in range(15, 25)] and len(panel._rows) == 10


def test_the_window_shows_the_log_in_its_panel_and_a_match_start_settles_memory():
    ctrl = ui_match(".....\n.....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl, size=(1280, 720))
    hud = board(app).hud
    assert hud.log_lines and hud.log.rect == hud.log_rect
    assert _inked_rows(app.screen, hud.log_rect)
    assert gc.get_freeze_count() > 0  # the objects alive at the match's start are set aside
    gc.unfreeze()
    memory.settle()
    assert gc.get_freeze_count() > 0
