"""A session of matches on one map shares one board: what is worked out once per board (free
floor, sight, the bots' distance fields) is not worked out and kept again every match, so the
window's memory does not grow match after match. A changed file is loaded afresh."""

from __future__ import annotations

import os
import shutil

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.resources import find_map
from arena_game.ui.controller import setup_for_map

SHIPPED = find_map("arene-classique")


def test_matches_on_the_same_unchanged_map_share_its_board(tmp_path):
    path = tmp_path / "arena.toml"
    shutil.copy(SHIPPED, path)
    first = setup_for_map(str(path), None, seed=1)
    again = setup_for_map(str(path), None, seed=2)
    assert again.board is first.board
    assert again.placements != first.placements or again.seed != first.seed  # still a match of its own


def test_a_changed_map_file_or_other_map_rules_load_the_board_again(tmp_path):
    path = tmp_path / "arena.toml"
    shutil.copy(SHIPPED, path)
    first = setup_for_map(str(path), None, seed=1)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "', 'name = "Renamed ', 1), encoding="utf-8")
    os.utime(path, ns=(1, first_mtime := path.stat().st_mtime_ns + 1_000_000))
    changed = setup_for_map(str(path), None, seed=1)
    assert changed.board is not first.board and changed.board.name.startswith("Renamed")
    in_order = DEFAULT_SETTINGS.model_copy(update={"maps": DEFAULT_SETTINGS.maps.model_copy(
        update={"spawn_assignment": "in_order"})})
    other_rules = setup_for_map(str(path), None, seed=1, settings=in_order)
    assert other_rules.board is not changed.board
    assert path.stat().st_mtime_ns == first_mtime
