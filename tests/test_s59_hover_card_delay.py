"""The hover card waits for the pointer to rest on a square (s59): `hover_card.DELAY_MS` of the
window's own clock after the pointer came to it, as a tooltip does; the square itself is hovered
(its sheet, its highlight) from the first frame."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.resources import shipped_maps
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.ui_driver import open_app

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _window():
    app = open_app(MatchController(setup_for_map(str(shipped_maps()[0]), None, 1)), size=(1280, 720))
    board = app.find(BoardScreen)
    assert board is not None and board.ctrl is not None
    for _ in range(10):
        app.step()
    return app, board


def _point(board, sq, nudge=0):
    x, y = board.camera.square_centre(sq)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + nudge, y), rel=(1, 0), buttons=(0, 0, 0)))


def _card_drawn(app) -> bool:
    """Play one frame; whether it drew a hover card."""
    record_text_boxes(True)
    try:
        app.step()
        return any(kind == "hover_card" for kind, *_ in text_boxes())
    finally:
        record_text_boxes(False)


def _frames_till_card(app, board, most=60) -> tuple[int, int]:
    """Frames played till one draws the card (that one counted), and the window's clock then."""
    for n in range(1, most + 1):
        if _card_drawn(app):
            return n, app.time_ms
    raise AssertionError("no card")


def test_s59_the_card_shows_once_the_pointer_has_rested_its_delay_on_the_square():
    app, board = _window()
    sq = board.ctrl.state.active.position
    target = (sq[0] + 1, sq[1])
    _point(board, target)
    assert not _card_drawn(app)  # the frame the pointer arrives: the square hovered, no card yet
    arrived = app.time_ms
    assert board.hover == target and board.card_text
    n, shown_at = _frames_till_card(app, board)
    assert n > 1
    assert shown_at - arrived >= hover_card.DELAY_MS > shown_at - arrived - 1000 // 60  # the first frame due
    assert _card_drawn(app)  # and it stays while the pointer rests


def test_s59_a_new_square_waits_again_and_a_move_inside_one_does_not():
    app, board = _window()
    sq = board.ctrl.state.active.position
    a, b = (sq[0] + 1, sq[1]), (sq[0] + 2, sq[1])
    _point(board, a)
    _frames_till_card(app, board)
    _point(board, a, nudge=2)  # the pointer moves inside the same square: the card stays
    assert _card_drawn(app)
    _point(board, b)
    assert not _card_drawn(app)  # the next square's card waits its own delay
    arrived = app.time_ms
    assert board.hover == b
    _, shown_at = _frames_till_card(app, board)
    assert shown_at - arrived >= hover_card.DELAY_MS


def test_s59_the_board_s_squares_a_card_keeps_in_sight_are_found_in_quiet_frames_before_it(monkeypatch):
    """The squares a hover card and the captions keep in sight or clear of (`sights`,
    `obstacles`, `deadly`: each a walk over every square) are found a kind a quiet frame once a
    match is set: the frame of its first card walks none (on 64² it found all three: 16 ms)."""
    from arena_game.core.board import Board

    app, board = _window()
    assert board.squares_to_find is None
    walked = []
    real = Board.squares
    monkeypatch.setattr(Board, "squares", lambda self: walked.append(self) or real(self))
    sq = board.ctrl.state.active.position
    _point(board, (sq[0] + 1, sq[1]))
    _frames_till_card(app, board)
    assert walked == []


def test_s59_a_mode_key_hides_the_card_till_the_pointer_rests_again_the_square_still_hovered():
    """A key (a mode key here) hides the hover card and waits its delay again, as a tooltip does:
    the frame of the key searches no spot for a card; the square stays hovered, its highlight
    the new mode's from that frame."""
    app, board = _window()
    sq = board.ctrl.state.active.position
    target = (sq[0] + 1, sq[1])
    _point(board, target)
    _frames_till_card(app, board)
    mode = board.mode.name
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    assert not _card_drawn(app)  # the key's frame
    pressed = app.time_ms
    assert board.mode.name != mode and board.hover == target
    assert board.card_text == board.hover_text(target)
    _, shown_at = _frames_till_card(app, board)
    assert shown_at - pressed >= hover_card.DELAY_MS
