"""During a run, the "run so far" discs hold no figure (s48 review, item 12): the disc on (2, 3)
showed "1" (its order in the run) beside the "still in reach" squares' "2" and "3" (steps to get
there), and along the row one read 1 · Tarn · next · 2 · 3, one numbering where there are two
scales. The run's order is the path itself; the figures on the board are the reach's steps."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, step_badge_size
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window


def _white(s: pygame.Surface, area: pygame.Rect) -> int:
    return sum(1 for y in range(area.top, area.bottom) for x in range(area.left, area.right)
               if tuple(s.get_at((x, y)))[:3] == palette.WHITE)


@pytest.mark.parametrize("tile", [24, 35, 53, 96])
def test_r4_a_run_so_far_disc_holds_no_figure_and_is_the_legend_s_size(tile):
    pygame.font.init()
    for label in ("1", "7", "12"):
        s = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for mark in LOOKS["path"].marks:
            mark(s, s.get_rect(), Highlight((0, 0), "path", label), tile)
        assert _white(s, s.get_rect()) == 0, label
        ink = s.get_bounding_rect()
        radius = step_badge_size(tile)
        assert abs(ink.w - 2 * radius) <= 2 and abs(ink.h - 2 * radius) <= 2, (ink, radius)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r4_the_run_under_way_scene_shows_figures_only_on_the_reach_squares(lang):
    app = scene_window("run-under-way", lang, (1280, 720))
    board = app.find(BoardScreen)
    app.draw()
    hl = board.current_highlights()
    standing = {f.position for f in board.ctrl.state.fighters.values() if f.alive}
    path = [h.square for h in hl if h.kind == "path" and h.square not in standing]  # the runner's own: a token
    reach = [h.square for h in hl if h.kind == "reach"]
    assert path and reach
    for sq in path:  # the disc's middle: where a figure would be
        box = board.camera.square_rect(sq)
        middle = pygame.Rect(0, 0, box.w // 3, box.h // 3)
        middle.center = box.center
        assert _white(app.screen, middle) == 0, sq
