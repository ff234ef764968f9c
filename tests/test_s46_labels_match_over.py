"""The match-over panel (s45 review, item 17) leaves the final position in sight (since s47 a
bar in the side panel, off the board: the fighters' squares, the dead ones' where they died,
all show), and it does not repeat the key help the status line under it already shows."""

from __future__ import annotations

import pygame

from arena_game.i18n import t
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import board, open_app, top, ui_match

GRID = "\n".join(["." * 12] * 9)


def test_the_match_over_panel_keeps_the_fighters_in_sight_and_says_no_key_help():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 4)}, "b": {"team": "blue", "at": (1, 4)}})
    app = open_app(ctrl, size=(1280, 720), lang="en")
    b = board(app)
    b.show_match_over()
    over = top(app, MatchOverScreen)
    while over.building:
        app.step()
    squares = [b.camera.square_rect(f.position) for f in ctrl.state.fighters.values()]
    assert over.panel.rect.collidelist(squares) < 0 and not over.panel.rect.colliderect(b.viewport)
    words = " ".join(button.text for button in over.buttons.values())
    assert "New match" in words and t("ui.over_hint", "en").split(" · ")[0] not in words
    pygame.quit()
