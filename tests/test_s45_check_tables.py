"""`arena-game check` asks the rules core about each square once per board: every search
of the analysis (per team, from the centre, from hazards, round each crate) and the `reach`
overlay walk the answers kept with the board, and those answers go with the board."""

from __future__ import annotations

import gc
import weakref

from arena_game.core import board_tables
from arena_game.design import mapcheck
from arena_game.formats.mapfile import load_map_text
from tests.test_s45_check_warnings import map_text, maze_rows, open_rows


def _counting(monkeypatch) -> list[int]:
    """Count the step and jump questions the analysis asks the core."""
    asked = [0]

    def step(*args, **kw):
        asked[0] += 1
        return step_refusal(*args, **kw)

    def jump(*args, **kw):
        asked[0] += 1
        return jump_refusal(*args, **kw)

    step_refusal, jump_refusal = mapcheck.step_refusal, mapcheck.jump_refusal
    monkeypatch.setattr(mapcheck, "step_refusal", step)
    monkeypatch.setattr(mapcheck, "jump_refusal", jump)
    return asked


def test_each_step_is_asked_of_the_core_once_per_board(monkeypatch):
    # an open map with pillars, ponds and lava, and a maze with crates (jumps, pockets)
    for rows, labyrinth in ((open_rows(24), False), (maze_rows(25, seed=3, crates=6, loops=4), True)):
        board = load_map_text("t.toml", map_text("t", rows, labyrinth))
        asked = _counting(monkeypatch)
        mapcheck.analyse_board(board, 3)
        mapcheck.shortcut_jumps(board)
        # at most one walking and one own-move question per square and neighbour, and one
        # jump question per square and neighbour
        assert 0 < asked[0] <= 3 * 8 * board.width * board.height
        first = asked[0]
        mapcheck.analyse_board(board, 3)
        mapcheck.shortcut_jumps(board)
        mapcheck.walk_first(board)
        assert asked[0] == first  # all answered from what the board keeps


def test_the_kept_answers_go_with_their_board():
    board = load_map_text("t.toml", map_text("t", open_rows(16)))
    mapcheck.analyse_board(board, 3)
    key, gone = id(board), weakref.ref(board)
    assert key in board_tables._TABLES and {"design.walk_steps", "design.any_moves"} <= set(board_tables._TABLES[key][1])
    del board
    gc.collect()
    assert gone() is None and key not in board_tables._TABLES
