"""s51: F3's frame graph was drawn at the window's top left, over the board's column numbers 0–3.
On the board screen it goes where it covers nothing a player reads: the action bar's last row,
right of its last button (`board_draw.graph_spot`)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import board, open_app, press_key, ui_match

GRID = "\n".join(["." * 20] * 14)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(800, 560), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_frame_graph_covers_nothing_a_player_reads(lang, size):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl, size=size, lang=lang)
    b = board(app)
    press_key(app, pygame.K_F3, frames=3)
    graph = app.meter.drawn
    assert graph is not None and graph.w >= 120 and graph.h >= 24, graph
    assert app.screen.get_rect().contains(graph)
    hud = b.hud
    read = [*b.view.coordinate_boxes(), b.view.covered(), hud.status_rect, hud.key_rect,
            hud.sheet_box.rect, hud.teams_box.rect, hud.log_box.rect, hud.order_box.rect,
            *(w.rect for w in hud.buttons.values() if w.visible)]
    assert graph.collidelist(read) == -1, (graph, read[graph.collidelist(read)])
