"""Checks shared by the files that set a match up (saves, scenarios): placements and turn
order are refused with one line naming the field before the match starts (R0.5, R13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from arena_game.core.board import Board
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import Word, keyed


def check_placements(path: str | Path, placements: Mapping[str, Sequence[int]], board: Board, fighters: Sequence[str]) -> None:
    """Every placement names a known fighter, on a square of the map a fighter can stand on
    (floor or water, R13), and no two fighters share a square."""
    taken: dict[tuple[int, int], str] = {}
    for fid, raw in placements.items():
        sq = (raw[0], raw[1])
        where = f"placements.{fid}"
        if fid not in fighters:
            raise keyed(path, "placement_unknown", field=where, fighter=repr(fid))
        if not board.inside(sq):
            raise keyed(path, "placement_outside", field=where, x=sq[0], y=sq[1], width=board.width, height=board.height)
        terrain = board.terrain(sq)
        if not (terrain.walkable or terrain is Terrain.WATER):
            raise keyed(path, "placement_terrain", field=where, x=sq[0], y=sq[1], terrain=Word(f"ui.terrain_{terrain.value}"))
        if sq in taken:
            raise keyed(path, "placement_taken", field=where, x=sq[0], y=sq[1], fighter=repr(taken[sq]))
        taken[sq] = fid


def check_turn_order(path: str | Path, order: Sequence[str], fighters: Sequence[str]) -> None:
    """R0.5: a fixed turn order names every fighter exactly once."""
    for fid in order:
        if fid not in fighters:
            raise keyed(path, "order_unknown", field="turn_order", fighter=repr(fid), fighters=", ".join(fighters))
        if list(order).count(fid) > 1:
            raise keyed(path, "order_twice", field="turn_order", fighter=repr(fid))
    missing = [fid for fid in fighters if fid not in order]
    if missing:
        raise keyed(path, "order_missing", field="turn_order", missing=", ".join(missing))
