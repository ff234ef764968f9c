"""Checks shared by the files that set a match up (saves, scenarios): placements and turn
order are refused with one line naming the field before the match starts (R0.5, R13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from arena_game.core.board import Board
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import FileProblem


def check_placements(path: str | Path, placements: Mapping[str, Sequence[int]], board: Board, fighters: Sequence[str]) -> None:
    """Every placement names a known fighter, on a square of the map a fighter can stand on
    (floor or water, R13), and no two fighters share a square."""
    taken: dict[tuple[int, int], str] = {}
    for fid, raw in placements.items():
        sq = (raw[0], raw[1])
        where = f"placements.{fid}"
        if fid not in fighters:
            raise FileProblem(path, f"placement for unknown fighter {fid!r}", field=where)
        if not board.inside(sq):
            raise FileProblem(path, f"({sq[0]}, {sq[1]}) is outside the {board.width}×{board.height} map", field=where)
        terrain = board.terrain(sq)
        if not (terrain.walkable or terrain is Terrain.WATER):
            raise FileProblem(path, f"({sq[0]}, {sq[1]}) is {terrain.value}: a fighter cannot start there", field=where)
        if sq in taken:
            raise FileProblem(path, f"({sq[0]}, {sq[1]}) is already the starting square of {taken[sq]!r}", field=where)
        taken[sq] = fid


def check_turn_order(path: str | Path, order: Sequence[str], fighters: Sequence[str]) -> None:
    """R0.5: a fixed turn order names every fighter exactly once."""
    for fid in order:
        if fid not in fighters:
            raise FileProblem(path, f"unknown fighter {fid!r} (fighters: {', '.join(fighters)})", field="turn_order")
        if list(order).count(fid) > 1:
            raise FileProblem(path, f"fighter {fid!r} is named twice", field="turn_order")
    missing = [fid for fid in fighters if fid not in order]
    if missing:
        raise FileProblem(path, f"every fighter must be named; missing: {', '.join(missing)}", field="turn_order")
