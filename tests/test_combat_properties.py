"""Property tests (hypothesis) for line of sight (R1.6) and push paths (R5.3)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from arena_game.core.board import Board
from arena_game.core.geometry import chebyshev, is_adjacent
from arena_game.core.rules.push import push_landing
from arena_game.core.rules.ranges import sight_blocker, sight_cells
from arena_game.core.terrain import Terrain
from tests.builders import tiny_match

W, H = 9, 7
cells = st.lists(
    st.sampled_from([Terrain.FLOOR] * 5 + [Terrain.WALL, Terrain.PILLAR, Terrain.OBSTACLE, Terrain.WATER, Terrain.LAVA]),
    min_size=W * H, max_size=W * H,
)
squares = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))


@given(cells, squares, squares)
@settings(max_examples=300, deadline=None)
def test_r1_6_line_of_sight_is_symmetric(terrain, a, b):
    board = Board(width=W, height=H, cells=tuple(terrain))
    assert (sight_blocker(board, a, b, 175) is None) == (sight_blocker(board, b, a, 175) is None)


@given(squares, squares)
def test_r1_6_sight_cells_walk_from_a_to_b_without_gaps(a, b):
    path = [a]
    for cell in sight_cells(a, b):
        sq = cell[-1] if len(cell) == 1 else None
        if sq is not None:
            assert is_adjacent(path[-1], sq)
            path.append(sq)
        else:  # a corner: both squares beside it touch the square the walk is on
            assert all(chebyshev(path[-1], c) == 1 for c in cell)
    if a != b:
        assert is_adjacent(path[-1], b)
    assert a not in [sq for cell in sight_cells(a, b) for sq in cell]
    assert b not in [sq for cell in sight_cells(a, b) for sq in cell]


@given(st.sampled_from([(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]),
       st.integers(1, 3), st.lists(st.sampled_from(".#Ox~L_"), min_size=7 * 7, max_size=7 * 7))
@settings(max_examples=200, deadline=None)
def test_r5_3_push_paths_are_straight_and_stop_on_the_rules(d, n, grid):
    grid[3 * 7 + 3] = "."
    pusher = (3 - d[0], 3 - d[1])
    grid[pusher[1] * 7 + pusher[0]] = "."
    text = "\n".join("".join(grid[r * 7:(r + 1) * 7]) for r in range(7))
    state, _ = tiny_match(text, {"a": {"team": "red", "at": pusher}, "b": {"team": "blue", "at": (3, 3)}})
    landing = push_landing(state, pusher, state.fighters["b"], n)
    path = landing.path
    assert path[0] == (3, 3) and len(path) <= n + 1
    for i, (p, q) in enumerate(zip(path, path[1:], strict=False)):
        assert (q[0] - p[0], q[1] - p[1]) == d
        t = state.board.terrain(q)
        assert not t.solid
        if t.dead:
            assert i == len(path) - 2  # a dead square ends the push


@given(cells, squares, st.sampled_from(["bow", "firearm", "thrown", "melee"]))
@settings(max_examples=100, deadline=None)
def test_r1_highlight_squares_agree_with_classify_target(terrain, at, family):
    from arena_game.core import queries
    from arena_game.core.rules.ranges import blocking_grid, classify_target, sight_clear

    terrain = list(terrain)
    terrain[at[1] * W + at[0]] = Terrain.FLOOR
    board = Board(width=W, height=H, cells=tuple(terrain))
    weapon = {"name": "w", "family": family, "range": 2}
    grid = "\n".join("".join({"floor": ".", "wall": "#", "pillar": "O", "obstacle": "x", "water": "~", "lava": "L"}[t.value] for t in terrain[r * W:(r + 1) * W]) for r in range(H))
    state, _ = tiny_match(grid, {"a": {"team": "red", "at": at, "weapon": weapon, "attributes": {"physique": 2, "sensoriel": 2}}})
    highlight = queries.attack_range_squares(state)
    sheet = state.fighters["a"].sheet
    blocking = blocking_grid(board, sheet.height_cm)
    for sq in board.squares():
        if sq == at or board.terrain(sq).solid:
            assert sq not in highlight
            continue
        cls = classify_target(state.board, sheet, at, sq).cls
        assert highlight.get(sq, "out_of_range") == cls
        assert sight_clear(blocking, W, at, sq) == (sight_blocker(board, at, sq, sheet.height_cm) is None)
