"""Hot reload of an edited map: changed files reload, broken ones keep the old map."""

import os

from arena_game.hotreload import MapWatcher, nearest_free, reboard
from tests.builders import tiny_board, tiny_match

MAP = 'name = "watched"\ngrid = """\n{grid}\n"""\n'


def _write(path, grid, bump):
    path.write_text(MAP.format(grid=grid), encoding="utf-8")
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + bump * 1_000_000_000))


def test_watch_reloads_a_changed_file(tmp_path):
    p = tmp_path / "m.toml"
    _write(p, "1..2\n....", 0)
    w = MapWatcher(p)
    assert w.poll() is None  # unchanged since the watcher started
    _write(p, "1.~2\n....", 1)
    got = w.poll()
    assert got is not None and got.error is None
    assert got.board.terrain((2, 0)).value == "water"
    assert w.poll() is None


def test_watch_survives_a_broken_file_and_recovers(tmp_path):
    p = tmp_path / "m.toml"
    _write(p, "1..2\n....", 0)
    w = MapWatcher(p)
    _write(p, "1..2\n...", 1)  # ragged row
    bad = w.poll()
    assert bad is not None and bad.board is None
    assert "m.toml" in bad.error and "ragged row" in bad.error
    p.write_text("grid = [", encoding="utf-8")
    os.utime(p, ns=(0, 5_000_000_000_000))
    worse = w.poll()
    assert worse is not None and worse.board is None and "m.toml" in worse.error
    _write(p, "1..2\n....", 9999)
    good = w.poll()
    assert good is not None and good.board is not None and good.error is None


def test_watch_reports_a_deleted_file(tmp_path):
    p = tmp_path / "m.toml"
    _write(p, "1..2\n....", 0)
    w = MapWatcher(p)
    p.unlink()
    gone = w.poll()
    assert gone is not None and gone.board is None and "gone" in gone.error


def test_r13_reboard_keeps_legal_squares_and_moves_the_rest():
    state, _ = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (3, 1)}},
    )
    board = tiny_board(
        """
.L...
.....
"""
    )
    new, moved = reboard(state, board)
    assert state.fighters["a"].position == (1, 0)  # the caller's state is untouched
    assert new.board is board
    assert new.fighters["b"].position == (3, 1)
    assert [(m.fighter, m.origin, m.to) for m in moved] == [("a", (1, 0), (0, 0))]
    assert "(1, 0)" in moved[0].text("fr") and "illégale" in moved[0].text("fr")


def test_r13_reboard_on_a_smaller_map_moves_fighters_inside():
    state, _ = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (4, 1)}, "b": {"team": "blue", "at": (0, 0)}},
    )
    new, moved = reboard(state, tiny_board("..\n.."))
    assert new.fighters["a"].position == (1, 1)
    assert moved[0].to == (1, 1)


def test_nearest_free_skips_taken_squares_and_may_find_none():
    board = tiny_board("...\n#.#")
    assert nearest_free(board, (1, 1), {(0, 0), (1, 0)}) == (2, 0)
    assert nearest_free(board, (1, 1), {(0, 0), (1, 0), (2, 0), (1, 1)}) is None
