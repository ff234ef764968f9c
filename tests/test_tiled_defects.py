"""Issue 17's Tiled defects (1, 2, 4, 5, 7, 9), named after them: nothing outside the map's
folder is opened, type errors and hostile files give one clean line naming the file that holds
the fault. Every refusal goes through the real command line (`arena-game check`): exit code 2
and that one line, exactly."""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import re
import shutil
import zlib
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats import tiled_files
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx
from arena_game.resources import maps_dir
from tests.builders import write_tiled
from tests.file_faults import count_unpacking, said_once

DATA = Path(__file__).parent / "data"
PILLARS = DATA / "maps" / "diagonal-pillars.toml"
INTERNALS = re.compile(r"Error|Exception|Traceback|string indices|NoneType|object is not|\bint\(\)|pydantic|validation")


write = write_tiled


def doc() -> dict:
    return board_to_tmj(load_map(PILLARS))


def refusal(p: Path | str) -> FileProblem:
    """`arena-game check P`: exit code 2 and one line, the loader's own (returned to look into)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(p)])
    with pytest.raises(FileProblem) as e:
        load_map(p)
    line = e.value.one_line()
    assert "\n" not in line and not INTERNALS.search(line), line
    assert code == 2 and err.getvalue() == ""
    assert out.getvalue().splitlines() == [f"{p}: error [file-problem] {said_once(p, line)}"]
    return e.value


def test_defect_1_object_template_outside_the_folder_is_refused_before_it_is_opened(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "spawn.tj").write_text(json.dumps({"type": "template", "object": {
        "point": True, "properties": [{"name": "team", "type": "int", "value": 1}]}}))
    d = doc()
    d["layers"][1]["objects"].append({"id": 50, "template": "../outside/spawn.tj", "x": 96, "y": 96})
    p = write(tmp_path / "maps", d)
    assert refusal(p).one_line() == (f"{p}: layer 'spawns' object 50: template path '../outside/spawn.tj' leaves "
                                     "the map's folder (copy the template into the map's folder and pick it again in Tiled)")


def test_defect_1_tmx_template_naming_a_system_file_is_refused_and_never_opened(tmp_path, monkeypatch):
    tmx = board_to_tmx(load_map(PILLARS)).replace(
        "</objectgroup>", '<object id="60" template="../../../../../../etc/passwd" x="96" y="96"/></objectgroup>')
    p = write(tmp_path, tmx, "m.tmx")
    opened: list[Path] = []
    real_read = tiled_files.read_bytes
    monkeypatch.setattr(tiled_files, "read_bytes", lambda path, *a: opened.append(Path(path)) or real_read(path, *a))
    assert refusal(p).one_line() == (f"{p}: layer 'spawns' object 60: template path '../../../../../../etc/passwd' "
                                     "leaves the map's folder (copy the template into the map's folder and pick it again in Tiled)")
    assert all(f.parent == tmp_path for f in opened) and not any(f.name == "passwd" for f in opened), opened


def test_defect_1_template_inside_the_folder_gives_its_values(tmp_path):
    d = doc()
    d["layers"][1]["objects"] = [o for o in d["layers"][1]["objects"] if o["properties"][0]["value"] == 2]
    d["layers"][1]["objects"] += [{"id": 70, "template": "tpl/spawn.tj", "x": 96, "y": 96},
                                  {"id": 71, "template": "tpl/spawn.tj", "x": 96, "y": 160}]
    p = write(tmp_path, d)
    (tmp_path / "tpl").mkdir()
    (tmp_path / "tpl" / "spawn.tj").write_text(json.dumps({"type": "template", "object": {
        "point": True, "type": "spawn", "properties": [{"name": "team", "type": "int", "value": 1}]}}))
    assert load_map(p) == load_map(PILLARS)


def test_defect_2_folder_check_does_not_depend_on_how_the_path_is_typed(tmp_path, monkeypatch):
    d = doc()
    d["tilesets"][0]["source"] = "../outside.tsj"
    sub = write(tmp_path / "sub", d).parent
    shutil.copy(maps_dir() / "arena-tiles.tsj", tmp_path / "outside.tsj")
    monkeypatch.chdir(tmp_path)
    relative = refusal("sub/m.tmj")
    absolute = refusal(sub / "m.tmj")
    assert relative.one_line() == ("sub/m.tmj: tileset path '../outside.tsj' leaves the map's folder (copy the tileset "
                                   "into the map's folder, or embed it in Tiled: Tilesets view → Embed Tileset, "
                                   "or keep maps and tilesets under the folder of a Tiled project file)")
    assert absolute.one_line() == f"{sub / 'm.tmj'}: {relative.fault}"
    monkeypatch.chdir(sub)
    assert refusal("m.tmj").one_line() == f"m.tmj: {relative.fault}"


def test_defect_2_a_link_leaving_the_folder_is_refused(tmp_path):
    shutil.copy(maps_dir() / "arena-tiles.tsj", tmp_path / "real.tsj")
    d = doc()
    d["tilesets"][0]["source"] = "linked.tsj"
    p = write(tmp_path / "maps", d)
    os.symlink(tmp_path / "real.tsj", tmp_path / "maps" / "linked.tsj")
    assert refusal(p).one_line() == (f"{p}: tileset path 'linked.tsj' leaves the map's folder (copy the tileset into "
                                     "the map's folder, or embed it in Tiled: Tilesets view → Embed Tileset, "
                                     "or keep maps and tilesets under the folder of a Tiled project file)")


def _set(path: list, value):
    def change(d: dict) -> None:
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


@pytest.mark.parametrize(("change", "line"), [
    (_set(["tilesets"], 5), "`tilesets` must be a list (found 5)"),
    (_set(["layers"], None), "`layers` must be a list (found null)"),
    (_set(["layers", 0, "data", 3], "2"), "layer 'terrain' data item 4: must be a whole number (found '2')"),
    (_set(["layers", 0, "data", 3], 2.5), "layer 'terrain' data item 4: must be a whole number (found 2.5)"),
    (_set(["layers", 1, "objects", 0, "x"], "abc"), "layer 'spawns' object 1: `x` must be a number (found 'abc')"),
    (_set(["tilewidth"], 0), "`tilewidth` must be at least 1 (found 0)"),
    (_set(["width"], "nine"), "`width` must be a whole number (found 'nine')"),
    (_set(["layers", 0, "data", 0], -1), "layer 'terrain' data item 1: must be at least 0 (found -1)"),
])
def test_defect_4_tiled_type_errors_give_one_clean_line(tmp_path, change, line):
    d = doc()
    change(d)
    p = write(tmp_path, d)
    assert refusal(p).one_line() == f"{p}: {line}"


def test_defect_4_object_x_nan_or_endless_is_one_clean_line_in_tiled_words(tmp_path):
    p = write(tmp_path, json.dumps(doc()).replace('"x": 96', '"x": NaN', 1))
    assert refusal(p).one_line() == f"{p}: layer 'spawns' object 1: `x` must be a number (found NaN)"
    p = write(tmp_path, json.dumps(doc()).replace('"x": 96', '"x": ' + "9" * 5000, 1))
    assert refusal(p).one_line() == f"{p}: layer 'spawns' object 1: `x` must be a number of at most 20 digits (found 5000 digits)"


@pytest.mark.parametrize(("change", "line"), [
    (lambda t: t.__setitem__("tiles", 5), "`tiles` must be a list (found 5)"),
    (lambda t: t["tiles"][0].__setitem__("id", "0"), "tile 0: `id` must be a whole number (found '0')"),
])
def test_defect_4_and_9_tileset_type_errors_name_the_tileset(tmp_path, change, line):
    p = write(tmp_path, doc())
    tsj = json.loads((tmp_path / "arena-tiles.tsj").read_text())
    change(tsj)
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    assert refusal(p).one_line() == f"{tmp_path / 'arena-tiles.tsj'}: {line}"


def test_defect_5_tileset_whose_source_is_the_map_itself_is_a_cycle(tmp_path):
    d = doc()
    d["tilesets"][0]["source"] = "m.tmj"
    p = write(tmp_path, d)
    assert refusal(p).one_line() == f"{p}: tileset path 'm.tmj' leads back to m.tmj (a cycle)"


@pytest.mark.parametrize("compression", ["zlib", "gzip", "zstd"])
def test_defect_7_decompression_bomb_is_refused_before_it_is_unpacked(tmp_path, compression, monkeypatch):
    import gzip

    import zstandard
    pack = {"zlib": lambda b: zlib.compress(b, 9), "gzip": gzip.compress,
            "zstd": zstandard.ZstdCompressor(level=19).compress}[compression]
    unpacked = count_unpacking(monkeypatch)
    d = doc()
    big = pack(bytes(100 * 1024 * 1024))  # 100 MB of tile data in a few KB
    d["layers"][0].update(encoding="base64", compression=compression, data=base64.b64encode(big).decode())
    fault = refusal(write(tmp_path, d)).fault
    assert unpacked == []  # refused on its packed size alone, by `check` and by the loader
    small = pack(bytes(200 * 1024))  # small enough to pass the packed-size cap: the unpack cap stops it
    assert len(small) < 1024
    d["layers"][0]["data"] = base64.b64encode(small).decode()
    small_fault = refusal(write(tmp_path, d)).fault
    # zlib and gzip stop one byte past the 144 the map needs; zstd after the 64 packed bytes fed
    # at a time, whose few blocks hold the whole 200 KB here, never more
    assert unpacked and max(unpacked) <= (145 if compression != "zstd" else 200 * 1024)
    assert fault == f"its tile data is {len(big)} bytes, more than 36 tiles need"
    assert small_fault == f"its {compression} tile data unpacks to more than 144 bytes"


def test_defect_7_declared_size_is_checked_before_the_data(tmp_path):
    d = doc()
    d.update(width=100000, height=100000)
    d["layers"][0].update(width=100000, height=100000)
    p = write(tmp_path, d)
    assert refusal(p).fault == "map is 100000×100000, larger than the 128×128 limit"
    d = doc()
    d["layers"][0].update(width=100, height=100)
    assert refusal(write(tmp_path, d)).fault == "is 100×100 tiles, the map 9×4"


@pytest.mark.parametrize(("bad", "line"), [
    ('{"width": 9, "height": 4, "tilewidth": 64, "tileheight": 64, "layers": [5]}',
     "layer 1: must be a JSON object (found 5)"),
    ('{"width": 9, "height": 4, "tilewidth": 64, "tileheight": 64, "layers": [{"type": "group", "layers": "x"}]}',
     "layer 1: `layers` must be a list (found 'x')"),
    ('{"width": 9, "height": 4, "tilewidth": 64, "tileheight": 64, "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, '
     '"properties": "x"}]}]}', "tileset 1 tile 0: `properties` must be a list (found 'x')"),
    ("[1, 2]", "not a Tiled file (the top level is not a JSON object)"),
    ("<map><layer><data encoding='csv'>1,2</data></layer></map>", "`width` is missing"),
    ("<tileset/>", "is a tileset (a Tiled file), not a map"),
    ("<map width='1' height='1' tilewidth='1' tileheight='1'><layer", "1:56: XML syntax error: unclosed token"),
])
def test_defect_9_tiled_lines_carry_no_parser_internals(tmp_path, bad, line):
    p = write(tmp_path, bad, "m.tmx" if bad.startswith("<") else "m.tmj")
    assert refusal(p).one_line() == (f"{p}:{line}" if line[0].isdigit() else f"{p}: {line}")


def test_defect_8_deeply_nested_tmx_is_one_line(tmp_path):
    deep_props = '<properties><property name="c" type="class">' * 5000 + "</property></properties>" * 5000
    tmx = board_to_tmx(load_map(PILLARS)).replace("<properties>", deep_props + "<properties>", 1)
    assert load_map(write(tmp_path, tmx, "m.tmx")).cells == load_map(PILLARS).cells  # read, never recursed into
    groups = '<group name="g">' * 100 + "</group>" * 100
    p = write(tmp_path, board_to_tmx(load_map(PILLARS)).replace("</map>", groups + "</map>"), "m.tmx")
    assert refusal(p).fault == "group layers nested more than 32 levels deep"


@pytest.mark.parametrize("suffix", [".tmj", ".tmx"])
def test_defect_9_a_spawn_on_a_tile_the_tileset_made_solid_names_the_tileset_and_tile(tmp_path, suffix):
    """The floor tile turned into an obstacle in the tileset: the line names both the spawn
    and the tile with its tileset file, so the designer sees which file to fix."""
    body = board_to_tmj(load_map(PILLARS)) if suffix == ".tmj" else board_to_tmx(load_map(PILLARS))
    p = write(tmp_path, body, "m" + suffix)
    ts = tmp_path / ("arena-tiles.tsj" if suffix == ".tmj" else "arena-tiles.tsx")
    if suffix == ".tmj":
        tsj = json.loads(ts.read_text())
        tsj["tiles"][0]["properties"][0]["value"] = "obstacle"
        ts.write_text(json.dumps(tsj))
    else:
        ts.write_text(ts.read_text().replace('value="floor"', 'value="obstacle"', 1))
    line = refusal(p).one_line()
    assert re.fullmatch(rf"{re.escape(str(p))}: layer 'spawns' object \d+: spawn of team 1 at \(\d, \d\) must be on "
                        rf"floor, not obstacle \(tile 0 of tileset 'arena-tiles' in {re.escape(str(ts))}\)", line), line


def test_defect_9_a_spawn_on_an_embedded_tile_names_the_tile_without_another_file(tmp_path):
    d = doc()
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    tsj["tiles"][0]["properties"][0]["value"] = "lava"
    d["tilesets"] = [{**tsj, "firstgid": d["tilesets"][0]["firstgid"]}]
    line = refusal(write(tmp_path, d)).one_line()
    assert line.endswith("must be on floor, not lava (tile 0 of tileset 'arena-tiles')"), line


@pytest.mark.parametrize("suffix", [".tsj", ".tsx"])
def test_defect_9_a_tile_id_given_twice_in_a_tileset_is_refused_naming_the_tileset(tmp_path, suffix):
    """A tile that lost its id reads as tile 0 and would silently replace the floor tile."""
    p = write(tmp_path, doc() if suffix == ".tsj" else board_to_tmx(load_map(PILLARS)),
              "m.tmj" if suffix == ".tsj" else "m.tmx")
    ts = tmp_path / f"arena-tiles{suffix}"
    if suffix == ".tsj":
        tsj = json.loads(ts.read_text())
        del tsj["tiles"][3]["id"]
        ts.write_text(json.dumps(tsj))
    else:
        ts.write_text(ts.read_text().replace('<tile id="3" ', "<tile "))
    assert refusal(p).one_line() == f"{ts}: tileset 'arena-tiles': tile 0 is defined twice (every tile id once)"
