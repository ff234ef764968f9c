"""What is worked out once per board (free floor, sight, run grids and declarations, the bots'
distance fields and shooting squares) is kept with the board and goes when the board goes: a
window playing match after match, each on a board of its own, keeps no table of the last."""

from __future__ import annotations

import gc
import weakref

from arena_game.bots import context
from arena_game.bots.navigation import navigator_for
from arena_game.core import board_tables
from arena_game.core.rules import running_reach
from arena_game.core.rules.targets import range_grid
from tests.builders import sheet, tiny_board

GRID = ".....\n.#...\n....."


def test_a_board_table_is_kept_while_its_board_lives_and_goes_with_it():
    board = tiny_board(GRID)
    built: list[int] = []
    table = board_tables.board_table(board, "test", lambda b: built.append(1) or {"cells": len(b.cells)})
    assert board_tables.board_table(board, "test", lambda b: {}) is table and built == [1]
    key = id(board)
    gone = weakref.ref(board)
    del board
    gc.collect()
    assert gone() is None and key not in board_tables._TABLES


def test_the_run_grid_and_the_navigator_go_with_their_board():
    board = tiny_board(GRID)
    nav = navigator_for(board)
    assert navigator_for(board) is nav  # shared by every bot on the board
    assert nav.distance((0, 0), (4, 2)) < 10
    running_reach._grid(board)
    key, nav_gone, board_gone = id(board), weakref.ref(nav), weakref.ref(board)
    del board, nav
    gc.collect()
    assert board_gone() is None and nav_gone() is None  # the navigator does not hold its board
    assert key not in running_reach._GRIDS and key not in board_tables._TABLES


def test_shooting_squares_are_kept_with_the_board_of_their_grid():
    board = tiny_board(GRID)
    archer = sheet("a", "red", weapon={"name": "Arc", "family": "bow", "range": 6, "damage": "1d6"})
    grid = range_grid(board, archer, (0, 0))
    squares = context.shooting_squares(board, grid)
    assert context.shooting_squares(board, grid) is squares  # kept
    other = tiny_board(GRID)
    assert context.shooting_squares(other, grid) is not squares  # another board keeps its own
    assert all(0 <= x < board.width and 0 <= y < board.height for x, y in squares)


def test_a_bot_seated_for_the_next_match_forgets_its_answers_about_the_last_board():
    """The window's bot seats play match after match: on the next match's board a bot drops
    the range grids, shooting squares and odds it kept about the last one (so the last board
    goes), and keeps only the new match's."""
    import random

    from arena_game.bots.brain import Bot
    from arena_game.bots.match import MatchSetup, play_bot_match
    from arena_game.formats.mapfile import load_map
    from arena_game.formats.teamfile import load_teams
    from arena_game.resources import default_teams_path, find_map

    teams = tuple(load_teams(default_teams_path()))
    bots = {t.id: Bot.at_level("normal", random.Random(n)) for n, t in enumerate(teams)}
    seated = list(bots.values())

    def play(seed: int) -> MatchSetup:
        setup = MatchSetup(load_map(find_map("arene-classique")), teams, round_cap=3, bot_level="normal")
        play_bot_match(setup, seed, 0, bots=bots)
        return setup

    first = play(1)
    old_id = id(first.board)
    assert any(bot._odds for bot in seated)
    assert all(key[0] == old_id for bot in seated for key in bot._shots)
    gone = weakref.ref(first.board)
    del first
    second = play(2)
    gc.collect()
    assert gone() is None  # no bot holds the last board any more
    new_id = id(second.board)
    assert all(key[0] == new_id for bot in seated for key in [*bot._shots, *bot._shot_squares])
