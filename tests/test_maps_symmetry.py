"""Shipped maps are point-symmetric: a half-turn swaps the teams (docs/maps.md), so neither
side starts nearer the pool, the pillars or the crates. Issue 19, point 4."""

from pathlib import Path

import pytest

from arena_game.core.board import Board
from arena_game.formats.mapfile import load_map

MAPS = sorted(
    p for p in (Path(__file__).parent.parent / "maps").iterdir() if p.suffix in {".toml", ".tmj", ".tmx"}
)


def half_turn_faults(board: Board) -> list[str]:
    """Every square whose terrain or height differs from its image under a half-turn,
    and a line if the spawns of one team do not land on the other's."""
    w, h = board.width, board.height
    faults = [
        f"({x}, {y})"
        for x, y in board.squares()
        if board.terrain((x, y)) != board.terrain((w - 1 - x, h - 1 - y))
        or board.height_at((x, y)) != board.height_at((w - 1 - x, h - 1 - y))
    ]
    slots = list(board.spawns)
    turned = {t: sorted((w - 1 - x, h - 1 - y) for x, y in board.spawns[t]) for t in slots}
    if len(slots) != 2 or turned[slots[0]] != sorted(board.spawns[slots[1]]):
        faults.append(f"spawns {dict(board.spawns)} do not swap under a half-turn")
    return faults


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_19_4_shipped_map_is_point_symmetric(path: Path) -> None:
    assert half_turn_faults(load_map(path)) == []


def test_19_4_half_turn_check_finds_an_off_centre_crate() -> None:
    # The check itself must be able to fail: arene-classique's crates before the fix.
    grid = ["#####", "#1.2#", "#.x.#", "#...#", "#####"]
    from arena_game.formats.mapfile import load_map_text

    text = 'name = "t"\ngrid = """\n' + "\n".join(grid) + '\n"""\n[legend]\n"x" = { terrain = "obstacle", height_cm = 90 }\n'
    board = load_map_text("t.toml", text)
    faults = half_turn_faults(board)
    assert "(2, 2)" not in faults  # the centre maps onto itself
    assert any("spawns" in f for f in faults)  # 1 at (1,1) turns onto (3,3), not 2's (3,1)
