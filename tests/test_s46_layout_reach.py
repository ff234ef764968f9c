"""R4.3: a run under way numbers each square still in reach with the steps it takes to get
there; the figure is large in the middle of its square (a small one in the corner went unseen
or read as a coordinate) and the run's legend says what it counts."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.render.highlight import Highlight
from arena_game.render.marks import draw_highlight
from arena_game.ui.board_view import LEGENDS
from arena_game.ui.strings import text


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@pytest.mark.parametrize("tile", [35, 53, 74])
def test_r4_3_a_reach_squares_step_count_is_large_in_the_middle_of_its_square(tile):
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    draw_highlight(s, Highlight((0, 0), "reach", "3"), tile)
    ink = [(x, y) for x in range(tile) for y in range(tile) if s.get_at((x, y))[:3] == palette.REACH_TEXT]
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    assert abs(centre[0] - tile / 2) <= tile / 10 and abs(centre[1] - tile / 2) <= tile / 10, centre
    assert max(ys) - min(ys) + 1 >= tile * 0.22  # its digits a fifth of the square high at least


@pytest.mark.parametrize("lang, word", [("en", "steps"), ("fr", "pas")])
def test_r4_3_the_run_legend_says_the_figures_on_squares_in_reach_count_steps(lang, word):
    _title, items = LEGENDS["run_go"]
    key = next(label for kind, _band, label, _fields in items if kind == "reach")
    assert word in text(key, lang).split(" ") or f"{word})" in text(key, lang)
