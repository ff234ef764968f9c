"""s56 audit: the English taunt's two wide style buttons ("Provocation simple (simple taunt) ·
difficulty 25 · 40%") leave a key too little room beside them, so the key row gets a row of its
own over them (`Hud._key_rows`) — but the taunt has no key: that row stayed blank while the card
saying why the advantaged taunt is refused sat over the board's bottom row just above it. The
card goes in that spare row when it fits there; in French at 1280 × 720 the styles share the one
row and the card stays where s48 put it (over the bottom wall)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.board_view import LEGENDS
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _refusal_cards(app) -> list:
    record_text_boxes(True)
    try:
        app.draw()
        return [rect for kind, rect, _px, _panel in text_boxes() if kind == "choice_refusal"]
    finally:
        record_text_boxes(False)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_s56_the_taunts_refusal_card_fills_the_keyless_spare_row_not_the_board(size):
    app = scene_window("taunt", "en", size)
    b = app.find(BoardScreen)
    hud = b.hud
    assert b.mode.name == "taunt" and b.mode.name not in LEGENDS and hud.key_rows == 2
    [card] = _refusal_cards(app)
    assert not card.colliderect(b.view.covered())  # nothing of the board under it
    assert hud.legend_row.contains(card), (card, hud.legend_row)
    buttons = [btn.rect for btn in hud.choice_buttons.values()]
    assert card.collidelist(buttons) == -1 and card.bottom <= min(r.top for r in buttons)


def test_s56_with_one_row_the_french_card_stays_over_the_bottom_wall():
    app = scene_window("taunt", "fr", (1280, 720))
    b = app.find(BoardScreen)
    assert b.hud.key_rows == 1
    [card] = _refusal_cards(app)
    assert card.bottom <= b.viewport.bottom


def test_s56_at_800x560_the_wrapped_card_stands_on_the_spare_row_over_the_bottom_wall_only():
    """Two lines do not fit the spare row: the card stands on it, reaching up over the board's
    bottom wall and no further (it covered two rows of floor above the blank row)."""
    from arena_game.ui.screens.board_draw import ground_under

    app = scene_window("taunt", "en", (800, 560))
    b = app.find(BoardScreen)
    assert b.hud.key_rows == 2
    [card] = _refusal_cards(app)
    assert ground_under(b, card) == 0, card
    fighters = [b.camera.square_rect(f.position) for f in b.ctrl.state.fighters.values() if f.alive]
    assert card.collidelist(fighters) == -1


def test_s56_a_card_in_the_spare_row_leaves_the_next_frame_filling_only_near_the_board():
    """The card draws nothing in the viewport: the next frame need not clear the whole of it
    (`BoardScreen.strips_clean`), as when the card sat over the bottom wall."""
    app = scene_window("taunt", "en", (1280, 720))
    b = app.find(BoardScreen)
    app.draw()
    assert b.strips_clean is not None
    app.step()  # a frame filling only near the board equals one drawn in full
    shown = pygame.image.tobytes(app.screen, "RGB")
    b.strips_clean = None
    b.widgets.disturb()
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown
