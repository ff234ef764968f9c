"""Heatmaps: the spawn squares' side numbers stay readable over the colours (s61 audit2: in
held.png side 2's numbers were drawn under its orange, side 1's under its blue, and all but
vanished: a side's own spawns are the squares it holds most, so the deepest colour)."""

from arena_game.core.board import Board
from arena_game.design.simulation.heatmap import CELL, heatmap, held_map
from arena_game.formats.mapfile import load_map_text


def _board() -> Board:
    return load_map_text("m.toml", 'name = "m"\ngrid = """\n#######\n#1...2#\n#1...2#\n#######\n"""\n')


def _white_in(img, sq):
    """The pure-white pixels (the number's face) of square `sq`."""
    x0, y0 = sq[0] * CELL, sq[1] * CELL
    return {(x, y) for x in range(x0, x0 + CELL) for y in range(y0, y0 + CELL)
            if img.getpixel((x, y))[:3] == (255, 255, 255)}


def test_spawn_numbers_drawn_over_the_held_colours():
    board = _board()
    cells = board.width * board.height
    one, two = [0] * cells, [0] * cells
    for sq in board.spawns["1"]:
        one[sq[1] * board.width + sq[0]] = 20
    for sq in board.spawns["2"]:
        two[sq[1] * board.width + sq[0]] = 20
    plain = heatmap(board, [0] * cells).convert("RGB")
    held = held_map(board, [one, two]).convert("RGB")
    for slot in ("1", "2"):
        for sq in board.spawns[slot]:
            face = _white_in(plain, sq)
            assert len(face) > 10  # the number is there on the bare map
            assert face <= _white_in(held, sq)  # and untouched by its side's colour


def test_spawn_numbers_drawn_over_the_heat():
    board = _board()
    cells = board.width * board.height
    counts = [0] * cells
    for squares in board.spawns.values():
        for sq in squares:
            counts[sq[1] * board.width + sq[0]] = 50  # the hottest squares: deep red
    plain = heatmap(board, [0] * cells).convert("RGB")
    hot = heatmap(board, counts).convert("RGB")
    for squares in board.spawns.values():
        for sq in squares:
            face = _white_in(plain, sq)
            assert len(face) > 10
            assert face <= _white_in(hot, sq)
