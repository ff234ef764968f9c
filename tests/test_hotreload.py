"""Hot reload of an edited map: changed files reload, broken ones keep the old map."""

import os

from arena_game.core.reboard import nearest_free, reboard
from arena_game.design.hotreload import MapWatcher, relocation_text
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
    assert "(1, 0)" in relocation_text(moved[0], "fr") and "illégale" in relocation_text(moved[0], "fr")


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


def _bump(path, n):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + n * 1_000_000_000))


def test_watch_reloads_a_tiled_map_and_its_tileset_and_survives_half_written_json(tmp_path):
    import json
    import shutil

    from arena_game.resources import shipped_maps

    src = next(p for p in shipped_maps() if p.suffix == ".tmj").parent
    for name in ("arene-inondee.tmj", "arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(src / name, tmp_path / name)
    tmj, tsj = tmp_path / "arene-inondee.tmj", tmp_path / "arena-tiles.tsj"
    w = MapWatcher(tmj)
    assert w.poll() is None
    doc = json.loads(tmj.read_text(encoding="utf-8"))
    layer = doc["layers"][0]
    layer["data"][1 * doc["width"] + 1] = 6  # (1, 1): gid 6 = tile 5, lava in the tileset
    tmj.write_text(json.dumps(doc), encoding="utf-8")
    _bump(tmj, 1)
    got = w.poll()
    assert got is not None and got.error is None and got.board.terrain((1, 1)).value == "lava"
    # the designer edits the tileset in Tiled: tile 5 becomes acid; the map file is untouched
    tiles = json.loads(tsj.read_text(encoding="utf-8"))
    for tile in tiles["tiles"]:
        if tile["id"] == 5:
            tile["properties"] = [{**p, "value": "acid"} if p["value"] == "lava" else p for p in tile["properties"]]
    tsj.write_text(json.dumps(tiles), encoding="utf-8")
    _bump(tsj, 2)
    got = w.poll()
    assert got is not None and got.error is None and got.board.terrain((1, 1)).value == "acid"
    tmj.write_text('{"width": 18, "layers": [', encoding="utf-8")  # caught half-written
    _bump(tmj, 3)
    got = w.poll()
    assert got is not None and got.board is None and "arene-inondee.tmj" in got.error
