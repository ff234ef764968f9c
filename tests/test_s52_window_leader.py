"""s52, item 1: a hover card that stays on the board ties itself to its square by a leader line
that crosses no token. After the circle attack at 1280×720 the card for Oruk (5, 9) sat under
row 11 and its line ran up the grid line between columns 4 and 5, through Brakka's token at
(5, 10) and Sielle's at (4, 11); when every way crosses a token, the square is framed in the
card's colour instead."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_box
from tools.window_screenshots import scene_window

T = 35
FLOOR = (200, 180, 140)


def _sq(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(x * T, y * T, T, T)


def _drawn(tokens: list[pygame.Rect], box: pygame.Rect, sq: pygame.Rect) -> pygame.Surface:
    pygame.font.init()
    s = pygame.Surface((20 * T, 15 * T))
    s.fill(FLOOR)
    hover_card.draw_leader(s, box, sq, hover_card.CARD_EDGE, sq, tokens)
    return s


def _touched(s: pygame.Surface, r: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom) if tuple(s.get_at((x, y)))[:3] != FLOOR]


def test_s52_the_leader_goes_round_the_tokens_between_the_card_and_its_square():
    sq = _sq(5, 9)  # Oruk; Brakka, Kael and Sielle as after the circle attack
    tokens = [sq, _sq(5, 10), _sq(6, 10), _sq(4, 11)]
    box = pygame.Rect(3 * T + 10, 12 * T + 5, 470, 32)  # the card, under row 11
    s = _drawn(tokens, box, sq)
    for token in tokens[1:]:
        assert not _touched(s, token), f"the line crosses the token at {token.topleft}"
    near = sq.inflate(6, 6)  # it reaches the square: drawn pixels right beside its edge
    assert _touched(s, near) and _touched(s, pygame.Rect(0, 0, s.get_width(), box.top))


def test_s52_with_no_way_clear_of_the_tokens_the_square_is_framed_in_the_cards_colour():
    sq = _sq(5, 5)
    tokens = [sq] + [_sq(x, 6) for x in range(20)]  # a wall of tokens between card and square
    box = pygame.Rect(2 * T, 10 * T, 300, 40)
    s = _drawn(tokens, box, sq)
    frame = sq.inflate(8, 8)  # the frame keeps within 4 px of the square
    for token in tokens[1:]:
        assert not [p for p in _touched(s, token) if not frame.collidepoint(p)], token.topleft
    ring = [tuple(s.get_at((x, sq.top - 2)))[:3] for x in range(sq.left, sq.right)]
    assert all(c == hover_card.CARD_EDGE for c in ring), set(ring)


def test_s52_a_clear_grid_line_is_kept_straight():
    sq = _sq(5, 2)
    box = pygame.Rect(4 * T, 10 * T, 300, 40)
    assert hover_card.leader_route(box, sq, sq, [sq, _sq(9, 5)]) == [(sq.left, box.top), (sq.left, sq.bottom)]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s52_the_circle_split_cards_line_crosses_no_token(lang, size):
    app = scene_window("circle-split", lang, size)
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    assert board.hover is not None
    others = [board.camera.square_rect(f.position) for f in board.ctrl.state.fighters.values()
              if f.alive and f.position != board.hover]
    edge = [(x, y) for r in others for x in range(r.left, r.right) for y in range(r.top, r.bottom)
            if tuple(app.screen.get_at((x, y)))[:3] == hover_card.CARD_EDGE and not card.collidepoint(x, y)]
    assert not edge, f"the leader line crosses a token at {edge[:3]}"


def test_s52_the_leader_strikes_through_no_squares_figure():
    """The run card right of (6, 2) at 1920×1080 (s52 gallery): Nyssa's token on the square's top
    grid line, the card's span not reaching its bottom one; the one way left ran along row 2's
    middle, through the chances "61", "42", "23", "4". A grid line misses the figures; with no
    such way the square is framed instead."""
    sq = _sq(6, 2)
    box = pygame.Rect(10 * T + 20, 1 * T, 400, T + T // 2)  # right of the square, over rows 1–2
    tokens = [sq, _sq(7, 1)]
    marks = [_sq(x, y) for x in range(6, 11) for y in (1, 2, 3)]
    assert hover_card.leader_route(box, sq, sq, tokens, (), marks) is None
    assert hover_card.leader_route(box, sq, sq, [sq], (), marks) == [(box.left, sq.top), (sq.right, sq.top)]
    pygame.font.init()
    s = pygame.Surface((20 * T, 15 * T))
    s.fill(FLOOR)
    hover_card.draw_leader(s, box, sq, hover_card.CARD_EDGE, sq, tokens, (), marks)
    for m in marks[3:]:
        middle = m.inflate(-2 * (T // 3), -2 * (T // 3))
        assert not _touched(s, middle), f"the line strikes through the figure at {m.topleft}"
