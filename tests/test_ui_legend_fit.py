"""The key to the board's highlights, narrowed to the room left of the mode's buttons, takes
its items' short words first, then the largest font size that fits (down to 11), found by
halving rather than one size at a time."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import _font
from arena_game.ui.board_view import (
    LEGEND_SHORT,
    LEGENDS,
    _legend,
    _legend_two_rows,
    legend,
    legend_font_sizes,
    legend_size,
    warm_legend_font,
)

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _stepping_down(mode: str, lang: str, height: int, width: int) -> tuple[pygame.Surface | None, bool]:
    """What the key was before: one size smaller at a time until it fits or reaches 11 (its
    items' short words, `LEGEND_SHORT`, taken first when it is too wide at its size); and
    whether it took them."""
    size = legend_size(height)
    box = _legend(mode, lang, height, size, None, False, False)
    short = box is not None and box.get_width() > width and any(k in LEGEND_SHORT for _, _, k, _ in LEGENDS[mode][1])
    if short:
        box = _legend(mode, lang, height, size, None, False, True)
    while box is not None and box.get_width() > width and size > 11:
        size -= 1
        box = _legend(mode, lang, height, size, None, False, short)
    return box, short


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("height", [28, 36])
def test_a_narrowed_key_takes_the_largest_size_that_fits(lang, height):
    pygame.font.init()
    for mode in LEGENDS:
        full = legend(mode, lang, height)
        assert full is not None
        for width in range(full.get_width() // 3, full.get_width() + 40, 37):
            got, (want, short) = legend(mode, lang, height, width), _stepping_down(mode, lang, height, width)
            if want is not None and want.get_width() > width:  # too wide even at 11 px: on two rows
                want = _legend_two_rows(mode, lang, height, width, None, False, short) or want
            assert got is want, (mode, width)  # the very surface kept for that size


def test_the_fonts_a_key_may_take_are_loaded_a_size_a_frame_after_the_layout():
    from arena_game.ui.screens.board import BoardScreen
    from tests.ui_driver import open_app, ui_match

    app = open_app(ui_match("\n".join(["." * 10] * 4), {"a": {"team": "red", "at": (1, 1)},
                                                      "b": {"team": "blue", "at": (8, 2)}}), lang="en")
    board = app.find(BoardScreen)
    assert board is not None
    sizes = legend_font_sizes(board.hud.key_rect.h - 6)
    assert sizes[0] == 11 and sizes[-1] == legend_size(board.hud.key_rect.h - 6)
    _font.cache_clear()
    board.relayout(app.screen.get_size())
    assert board.key_fonts == sizes
    for _ in sizes:
        app.step()
    assert not board.key_fonts
    loads = _font.cache_info().misses
    for size in sizes:
        warm_legend_font(size)
    assert _font.cache_info().misses == loads  # each size asked for again: already loaded
