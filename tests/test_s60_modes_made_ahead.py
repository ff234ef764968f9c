"""s60: the teleport's and the run's highlights made ahead in quiet frames (`board_ahead`), and a
potion teleport's overlay drawn ahead (`BoardView.drawn_ahead`): the key's frame takes them on
the very state they were made on, and looks as one drawn afresh; a changed state never shows
them, its mode asks the core again."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.actions import Walk
from arena_game.core.match import MatchSetup
from arena_game.core.queries import teleport_targets, walk_options
from arena_game.ui.board_view import REDRAWN_MOST, BoardView
from arena_game.ui.controller import MatchController
from arena_game.ui.modes import RunDeclareMode, TeleportMode
from arena_game.ui.screens import board_ahead
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.board_draw import shown_highlights
from arena_game.ui.windows import match_window
from tests.builders import tiny_board, tiny_teams

N = 30  # an open floor of 28×28 squares inside its walls: a potion reaches more than REDRAWN_MOST


def potion_window(settled: bool = True, n: int = N) -> tuple[object, BoardScreen]:
    """A match window on an open n×n board whose active fighter may teleport by potion anywhere
    free, once its quiet frames have made the teleport ahead (and the run) when `settled`."""
    rows = ["#" * n] + ["#" + "." * (n - 2) + "#" for _ in range(n - 2)] + ["#" * n]
    teams, placements = tiny_teams({
        "mage": {"team": "red", "at": (3, 3), "teleport_potions": 2, "attributes": {"agilite": 3}},
        "brute": {"team": "blue", "at": (n - 4, n - 4)},
    })
    setup = MatchSetup(board=tiny_board("\n".join(rows)), teams=teams, placements=placements, seed=1,
                       turn_order=["mage", "brute"])
    app = match_window(MatchController(setup), size=(1280, 720), realtime=False, handoff=False)  # (headless: animations instant)
    board = app.find(BoardScreen)
    assert board is not None and board.ctrl is not None
    if settled:
        settle(app, board)
        assert {type(a.mode) for a in board_ahead.kept(board)} == {TeleportMode, RunDeclareMode}
    return app, board


def settle(app, board: BoardScreen) -> None:
    """Quiet frames till nothing is left to make ahead."""
    for _ in range(200):
        app.step()
        if board.ahead_steps is None and board_ahead.parts_due(board) is None:
            return


def potion_squares(board: BoardScreen) -> set[tuple[int, int]]:
    assert board.ctrl is not None
    return set(teleport_targets(board.ctrl.state).potion)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def drawn_afresh(board: BoardScreen) -> bytes:
    """The overlay of the board's highlights as a new view draws it, nothing drawn before."""
    assert board.ctrl is not None and board.view is not None
    view = BoardView(board.ctrl.state.board, board.camera, board.book)
    taken = frozenset(f.position for f in board.ctrl.state.fighters.values() if f.alive)
    return pixels(view.overlay(shown_highlights(board), 0, taken))


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_the_teleport_key_takes_what_was_made_ahead_on_its_state():
    app, board = potion_window()
    ahead = next(a for a in board_ahead.kept(board) if type(a.mode) is TeleportMode)
    assert ahead.shown is not None and len(ahead.shown) > REDRAWN_MOST
    made = board.view._ahead
    assert made is not None and made[0] is ahead.shown and made[3] is not None
    board.press_button("teleport")
    app.step()
    assert board.current_highlights() is ahead.highlights
    assert shown_highlights(board) is ahead.shown
    assert board.view._overlay is made[3]  # the overlay drawn ahead, shown as drawn
    assert {h.square for h in board.highlights} == potion_squares(board)
    assert pixels(board.view._overlay) == drawn_afresh(board)


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_a_changed_state_never_shows_the_highlights_made_ahead():
    app, board = potion_window()
    assert board.ctrl is not None and board.view is not None
    ahead = next(a for a in board_ahead.kept(board) if type(a.mode) is TeleportMode)
    drawn = board.view._ahead
    assert drawn is not None and drawn[3] is not None
    before = potion_squares(board)
    to = next(sq for sq, why in walk_options(board.ctrl.state).items() if why is None)
    board.apply(Walk(to=to))  # a new state, no quiet frame yet: nothing made ahead on it
    board.press_button("teleport")
    assert type(board.mode) is TeleportMode and ahead.state is not board.ctrl.state
    now = potion_squares(board)
    assert now != before  # (the square walked from is free now, the one walked to taken)
    assert {h.square for h in board.current_highlights()} == now
    assert shown_highlights(board) is not ahead.shown
    app.step()
    assert board.view._overlay is not drawn[3]
    assert pixels(board.view._overlay) == drawn_afresh(board)


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_another_pick_on_the_same_state_is_not_drawn_from_the_overlay_made_ahead():
    """Tab to the spell before a frame drew the potion's squares: the same state and fighters,
    other highlights (the spell's), drawn as they are, not as the potion's overlay made ahead."""
    app, board = potion_window()
    assert board.view is not None
    drawn = board.view._ahead
    assert drawn is not None and drawn[3] is not None
    board.press_button("teleport")
    board.do(board.mode.key(board.ctrl.state, "next_choice"))
    assert isinstance(board.mode, TeleportMode) and board.mode.means == "spell"
    app.step()
    assert board.view._overlay is not drawn[3]
    assert pixels(board.view._overlay) == drawn_afresh(board)


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_after_a_zoom_the_teleport_s_overlay_is_drawn_ahead_again():
    app, board = potion_window()
    assert board.view is not None
    ahead = next(a for a in board_ahead.kept(board) if type(a.mode) is TeleportMode)
    assert board.view.drawn_for(ahead.shown)
    board.camera.tile -= 2
    assert not board.view.drawn_for(ahead.shown)
    settle(app, board)
    assert board.view.drawn_for(ahead.shown)
    drawn = board.view._ahead
    assert drawn is not None and drawn[1][0] == board.camera.tile and drawn[3] is not None
    board.press_button("teleport")
    app.step()
    assert board.view._overlay is drawn[3]
    assert pixels(board.view._overlay) == drawn_afresh(board)


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_nothing_is_made_ahead_while_a_screen_is_over_the_board():
    """The frames of a screen over the board (the rules, the start screen…) are its own: what
    the board makes ahead waits till it is closed."""
    from arena_game.ui.screens.rules import RulesScreen

    app, board = potion_window(settled=False)
    board.open_rules()
    rules = app.find(RulesScreen)
    assert rules is not None
    for _ in range(60):
        app.step()
    assert board_ahead.kept(board) == [] and board.ahead_steps is None
    app.pop(rules)
    settle(app, board)
    assert {type(a.mode) for a in board_ahead.kept(board)} == {TeleportMode, RunDeclareMode}


@pytest.mark.usefixtures("fresh_pygame")
def test_s60_nothing_is_made_ahead_on_a_board_larger_than_64_by_64():
    """Beyond `MOST_SQUARES` a part would take longer than a quiet frame's budget: the keys
    ask their modes in their own frames, as before."""
    app, board = potion_window(settled=False, n=65)
    assert board.ctrl is not None
    ground = board.ctrl.state.board
    assert ground.width * ground.height > board_ahead.MOST_SQUARES
    for _ in range(60):
        app.step()
    assert board_ahead.kept(board) == [] and board.ahead_steps is None
    board.press_button("teleport")
    assert {h.square for h in board.current_highlights()} == potion_squares(board)
