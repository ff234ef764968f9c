"""s49, item 2: a hover card far off its square is tied to the square itself by its leader line.
On the push-lava scene at 1920×1080 (French) the card went over the chance figure "66 %", which
sits on the square above Tarn's, and the line stopped at that square's top: a square short of
Tarn, on bare floor."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render import palette
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box
from tools.window_screenshots import scene_window


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_the_push_lava_leader_line_reaches_the_hovered_square(lang):
    app = scene_window("push-lava", lang, (1920, 1080))
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    assert board.hover is not None
    sq = board.camera.square_rect(board.hover)
    if not hover_card.far_off(card, sq):
        return  # beside its square: no line to check (the card's place is other tests' business)
    assert card.bottom <= sq.top or card.top >= sq.bottom, (card, sq)
    x = next(x for x in (sq.left, sq.right) if card.left < x < card.right)
    gap = range(card.bottom + 1, sq.top - 1) if card.bottom <= sq.top else range(sq.bottom + 1, card.top - 1)
    casing = [y for y in gap if tuple(app.screen.get_at((x - 2, y)))[:3] != palette.SHADOW]
    assert len(gap) > 0 and not casing, f"line broken at rows {casing[:3]}…{casing[-3:]} between {card} and {sq}"


def test_s49_a_leader_to_a_square_with_its_figure_beside_ends_on_the_square():
    """Drawn alone: the card over the union of the square and its figure's square above."""
    pygame.font.init()
    hover_card.reset_caches()
    t = 40
    s = pygame.Surface((20 * t, 15 * t))
    s.fill((200, 180, 140))
    sq, tag = pygame.Rect(6 * t, 8 * t, t, t), pygame.Rect(6 * t, 7 * t, t, t)
    box = pygame.Rect(5 * t, 2 * t, 300, 60)
    hover_card.draw_leader(s, box, sq.union(tag), hover_card.CARD_EDGE, sq)
    column = [tuple(s.get_at((sq.left, y)))[:3] for y in range(box.bottom, sq.top)]
    assert all(c == hover_card.CARD_EDGE for c in column)
