"""The match-over panel (s45 review, item 17) leaves the final position in sight: it goes
where it covers the fewest fighters' squares (the dead ones' where they died), and it does
not repeat the key help the status line under it already shows."""

from __future__ import annotations

import pygame

from arena_game.i18n import t
from arena_game.ui.screens.match_over import MatchOverScreen, clear_place
from tests.ui_driver import board, open_app, top, ui_match

GRID = "\n".join(["." * 12] * 9)


def test_the_panel_goes_where_it_covers_no_fighter_when_it_can():
    room = pygame.Rect(0, 0, 600, 500)
    squares = [pygame.Rect(280, 230, 40, 40)]  # a fighter in the middle
    box = clear_place((400, 200), room, squares)
    assert room.contains(box) and box.collidelist(squares) < 0
    assert clear_place((400, 200), room, []).center == room.center  # nothing to keep in sight: the middle


def test_the_match_over_panel_keeps_the_fighters_in_sight_and_says_no_key_help():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 4)}, "b": {"team": "blue", "at": (1, 4)}})
    app = open_app(ctrl, size=(1280, 720), lang="en")
    b = board(app)
    b.show_match_over()
    over = top(app, MatchOverScreen)
    while over.building:
        app.step()
    squares = [b.camera.square_rect(f.position) for f in ctrl.state.fighters.values()]
    assert over.panel.rect.collidelist(squares) < 0, (over.panel.rect, squares)
    words = " ".join(el.html_text for el in app.manager.get_sprite_group().sprites()
                     if hasattr(el, "html_text") and "#over_text" in el.get_object_ids())
    assert "Match over" in words and t("ui.over_hint", "en").split(" · ")[0] not in words
    pygame.quit()
