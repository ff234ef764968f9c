"""A new match in the window: the frame of the click draws the new board; the side panels'
texts and the last match's memory follow one a frame (together they took 30–40 ms in that
one frame). Whatever is done to the match meanwhile sees its start first."""

from __future__ import annotations

import pygame

from arena_game.core.actions import EndTurn
from arena_game.render import palette
from arena_game.render.board import draw_grid
from arena_game.ui.hud import Hud
from arena_game.ui.panels_html import log_html
from tests.ui_driver import board, open_app, ui_match

GRID = "......\n......\n......"


def first_and_next():
    first = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    nxt = ui_match(GRID, {"x": {"team": "red", "at": (1, 1)}, "y": {"team": "blue", "at": (4, 1)}})
    return first, nxt


def counting(monkeypatch, names: tuple[str, ...]) -> list[str]:
    """The calls to these Hud methods, by name, in order."""
    calls: list[str] = []
    for name in names:
        real = getattr(Hud, name)

        def spy(self, *a, _real=real, _name=name, **k):
            calls.append(_name)
            return _real(self, *a, **k)

        monkeypatch.setattr(Hud, name, spy)
    return calls


def test_a_new_match_draws_its_board_at_once_and_its_texts_a_piece_a_frame(monkeypatch):
    first, nxt = first_and_next()
    app = open_app(first)
    screen = board(app)
    calls = counting(monkeypatch, ("reset_log", "refresh_match"))
    screen.set_match(nxt)  # as the start screen's Play does, in the frame of the click
    app.step()  # the rest of that frame: the new board, no text laid out
    assert screen.view is not None and screen.view.board is nxt.state.board
    assert calls == [] and screen.starting
    app.step()
    assert calls == ["reset_log"]
    assert screen.hud.log_lines == [log_html(e, nxt.names(), screen.lang) for e in nxt.log]
    app.step()  # the last match's memory
    assert calls == ["reset_log"]
    app.step()
    assert calls == ["reset_log", "refresh_match"] and not screen.starting
    assert nxt.state.fighters["x"].sheet.name in screen.hud.order_box.html_text
    assert screen.hud.sheet_due  # the sheet: the next frame
    app.step()
    assert not screen.hud.sheet_due
    assert nxt.state.active.sheet.name in screen.hud.sheet_box.html_text
    pygame.quit()


def test_an_action_while_a_match_starts_finds_its_start_in_the_log_first():
    first, nxt = first_and_next()
    app = open_app(first)
    screen = board(app)
    screen.set_match(nxt)
    screen.apply(EndTurn())  # before the frames that show the start
    assert not screen.starting
    for _ in range(5):
        app.step()
    assert screen.hud.log_lines == [log_html(e, nxt.names(), screen.lang) for e in nxt.log]  # each line once
    pygame.quit()


def test_bots_wait_for_the_new_match_to_show_before_they_play():
    from arena_game.bots.seats import BotSeats

    first, nxt = first_and_next()
    app = open_app(first, bots=BotSeats(["all"], ["red", "blue"], 1, "fast"), anim_speed=float("inf"))
    screen = board(app)
    screen.set_match(nxt)
    while screen.starting:
        app.step()
        assert not nxt.actions or not screen.starting
    for _ in range(30):
        app.step()
    assert nxt.actions  # and then they play
    pygame.quit()


def test_the_grid_blends_each_line_pixel_once_crossings_included():
    """The faint grid over sprite terrain: the lines between squares and round the board, every
    pixel of them blended once (a crossing is no darker), nothing else touched."""
    width, height, tile, origin = 4, 3, 10, (2, 1)
    surf = pygame.Surface((60, 40))
    surf.fill((200, 180, 160))
    draw_grid(surf, width, height, tile, origin)
    line = pygame.Surface((1, 1))
    line.fill((200, 180, 160))
    dot = pygame.Surface((1, 1), pygame.SRCALPHA)
    dot.fill(palette.SPRITE_GRID)
    line.blit(dot, (0, 0))
    blended = tuple(line.get_at((0, 0)))
    for y in range(surf.get_height()):
        for x in range(surf.get_width()):
            bx, by = x - origin[0], y - origin[1]
            on = 0 <= bx <= width * tile and 0 <= by <= height * tile and (bx % tile == 0 or by % tile == 0)
            assert tuple(surf.get_at((x, y))) == (blended if on else (200, 180, 160, 255)), (x, y)


def test_a_window_launched_on_a_match_is_ready_before_its_first_frame(monkeypatch):
    """`play` on a map: the match's texts, the legend's fonts and the action bar's other faces
    are made before the loop's first frame (left to the first frames, five of them took
    17–33 ms), so the first frames only draw."""
    from arena_game.ui.windows import match_window

    first, _ = first_and_next()
    calls = counting(monkeypatch, ("reset_log", "refresh_match", "warm_face"))
    app = match_window(first, size=(1280, 720), lang="en", realtime=False, handoff=False)
    view = board(app)
    assert not view.starting and not view.key_fonts and not view.faces_to_warm
    assert "reset_log" in calls and "refresh_match" in calls and "warm_face" in calls
    assert view.hud.log_lines  # the match's start is in the log
    calls.clear()
    app.run(frames=3)
    assert "reset_log" not in calls and "warm_face" not in calls
    pygame.quit()
