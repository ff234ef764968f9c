"""s49, item 1: a subtraction on a card ("weapon skill (firearm) 4 − 8 (penalty: beyond range)")
must not read as a range like the damage "2–15" above it. The window draws U+2212 with a glyph
of the UI font (`drawable`): it must be a minus — level with the bar of "+", about as wide —
and not the en dash that ranges are written with."""

import pygame
import pytest

from arena_game.render.glyphs import drawable, ui_font_paths

SIZES = (11, 12, 13, 14, 16, 20, 24)  # the cards, sheets, logs and labels at both window sizes


def _ink(f: pygame.font.Font, text: str) -> tuple[float, int]:
    """Where `text` drawn white on black has its ink: its height (the ink's weighted mean row)
    and how many columns it spans."""
    s = f.render(text, True, (255, 255, 255), (0, 0, 0))
    total = rows = 0.0
    cols = set()
    for y in range(s.get_height()):
        for x in range(s.get_width()):
            v = s.get_at((x, y))[0]
            total, rows = total + v, rows + v * y
            if v > 100:
                cols.add(x)
    return rows / total, len(cols)


@pytest.mark.parametrize("path", ui_font_paths(), ids=lambda p: p.name)
def test_s49_a_minus_is_drawn_level_with_the_bar_of_a_plus_and_as_wide(path):
    pygame.font.init()
    minus = drawable("\u2212")
    for size in SIZES:
        f = pygame.font.Font(str(path), size)
        bar, plus_cols = _ink(f, "+")  # "+" is symmetric: its ink's mean row is its bar's
        at, cols = _ink(f, minus)
        assert abs(at - bar) <= 0.8, (path.name, size, bar, at)  # the en dash sits 1 to 3 px lower
        assert cols >= plus_cols - 1, (path.name, size, cols, plus_cols)
        assert abs(f.size(minus)[0] - f.size("+")[0]) <= 1, (path.name, size)


def test_s49_a_card_draws_a_subtraction_apart_from_a_range():
    """The ranged card's two lines: "damage 2–15 if it hits" and "… 4 − 8 (penalty …)"."""
    pygame.font.init()
    f = pygame.font.Font(str(ui_font_paths()[0]), 14)
    rng, sub = drawable("2\u201315"), drawable("4 \u2212 8")
    assert "\u2013" in rng and "\u2013" not in sub
    assert _ink(f, sub[2])[0] < _ink(f, "\u2013")[0] - 0.5  # higher: one reads as a range, the other not
