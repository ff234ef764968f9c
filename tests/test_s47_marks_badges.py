"""Review s46 items 9 and 10: a push preview says its chance once, on the target's tag (the
deadly landing's hatching, dagger and arrow left clear), and every run-so-far step has the same
badge (since s48 it holds no figure: tests/test_s48_board_run_so_far_discs.py)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, said_once


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _drawn(h: Highlight, tile: int) -> pygame.Surface:
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in LOOKS[h.kind].marks:
        mark(s, pygame.Rect(0, 0, tile, tile), h, tile)
    return s


def _box(s: pygame.Surface, keep) -> pygame.Rect:
    xs, ys = [], []
    for y in range(s.get_height()):
        for x in range(s.get_width()):
            if keep(tuple(s.get_at((x, y)))):
                xs.append(x)
                ys.append(y)
    assert xs, "nothing drawn"
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("tile", [24, 35, 53, 96])
def test_r4_every_one_digit_step_has_the_same_badge(tile):
    sizes = {_box(_drawn(Highlight((0, 0), "path", d), tile), lambda c: c[3] > 0).size for d in "123456789"}
    assert len(sizes) == 1, sizes


def test_r5_a_push_landing_that_repeats_its_targets_chance_is_left_without_it():
    """Both pushes end on the lava square: the landing's "66%" is the target's own, said once
    (on the target); the hazard keeps its kind and its card."""
    tip = "Push on Tarn: success 66%"
    hl = [Highlight((6, 6), "target", "66%", tip, band=1), Highlight((6, 6), "arrow", to=(5, 6)),
          Highlight((5, 6), "hazard", "66%", tip)]
    shown = said_once(hl)
    assert [h.label for h in shown] == ["66%", "", ""]
    assert shown[2].kind == "hazard" and shown[2].tip == tip
    # one square and three squares end apart: each landing's own chance (50%, 16%) is not the
    # target's, so each stays; another push's landing is not taken for this target's
    hl = [Highlight((6, 6), "target", "66%", tip), Highlight((5, 6), "landing", "50%", tip),
          Highlight((3, 6), "hazard", "16%", tip), Highlight((9, 9), "landing", "66%", "another push"),
          Highlight((4, 6), "landing", "66%", tip)]
    assert [h.label for h in said_once(hl)] == ["66%", "50%", "16%", "66%", ""]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r5_the_push_lava_scene_says_its_chance_once(size):
    """The gallery's push into lava: the board shows "66%" once (the target's tag), the deadly
    landing keeps its hazard tape and no figure over it."""
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.screens.board_draw import shown_highlights
    from tools.window_screenshots import scene_window

    app = scene_window("push-lava", "en", size)
    b = app.find(BoardScreen)
    shown = shown_highlights(b)
    hazards = [h for h in shown if h.kind == "hazard"]
    assert hazards and all(h.label == "" for h in hazards)
    figures = [h.label for h in shown if h.label]
    assert len(figures) == len(set(figures)) == 1, figures
