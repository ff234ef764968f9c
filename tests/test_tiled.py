"""Tiled maps (.tmj, .tmx): twins, properties, layers as Tiled shows them, path safety (issue 16)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from arena_game.core.terrain import Terrain
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_write import board_to_tmj
from arena_game.resources import maps_dir

DATA = Path(__file__).parent / "data"
NATIVE = DATA / "maps" / "arene-inondee-natif.toml"


def test_tiled_tmj_and_native_twin_give_equal_boards():
    assert load_map(maps_dir() / "arene-inondee.tmj") == load_map(NATIVE)


def test_tiled_tmx_and_native_twin_give_equal_boards():
    assert load_map(DATA / "tiled" / "arene-inondee.tmx") == load_map(NATIVE)


def test_tiled_map_reads_terrain_heights_spawns_and_flag():
    board = load_map(maps_dir() / "arene-inondee.tmj")
    assert board.name == "L'Arène inondée"
    assert board.terrain((1, 1)) is Terrain.WATER and board.terrain((0, 0)) is Terrain.WALL
    assert board.terrain((9, 5)) is Terrain.OBSTACLE and board.height_at((9, 5)) == 100
    assert board.spawns == {"1": ((1, 3), (2, 3), (1, 4), (2, 4)), "2": ((15, 9), (16, 9), (15, 10), (16, 10))}
    assert board.labyrinth is False


def copy_map(tmp_path: Path, doc: dict) -> Path:
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(maps_dir() / f, tmp_path / f)
    p = tmp_path / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def small_doc() -> dict:
    return board_to_tmj(load_map(DATA / "maps" / "diagonal-pillars.toml"))


def test_tiled_labyrinth_flag_and_tall_crate_are_read(tmp_path):
    doc = small_doc()
    doc["properties"] = [p for p in doc["properties"] if p["name"] != "labyrinth"]
    doc["properties"].append({"name": "labyrinth", "type": "bool", "value": True})
    doc["layers"][0]["data"][10] = 10  # local tile 9: the 120 cm crate, at (1, 1)
    doc["layers"][1]["objects"] = [o for o in doc["layers"][1]["objects"] if (o["x"], o["y"]) != (96, 96)]
    board = load_map(copy_map(tmp_path, doc))
    assert board.labyrinth is True
    assert board.terrain((1, 1)) is Terrain.OBSTACLE and board.height_at((1, 1)) == 120


def test_tileset_source_leaving_the_folder_is_refused(tmp_path):
    doc = small_doc()
    doc["tilesets"][0]["source"] = "../arena-tiles.tsj"
    sub = tmp_path / "sub"
    sub.mkdir()
    copy_map(tmp_path, {})  # a real tileset one folder up: it must not be read
    p = sub / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line() == (f"{p}: tileset path '../arena-tiles.tsj' leaves the map's folder (copy the tileset "
                                  "into the map's folder, or embed it in Tiled: Tilesets view → Embed Tileset, "
                                  "or keep maps and tilesets under the folder of a Tiled project file)")


def test_tileset_image_in_a_sibling_images_folder_loads_as_images_are_never_opened(tmp_path):
    """Tiled's usual layout (maps/ and images/ side by side) loads: the game draws its own sprites."""
    p = copy_map(tmp_path, small_doc())
    tsj = json.loads((tmp_path / "arena-tiles.tsj").read_text())
    tsj["image"] = "../images/arena-tiles.png"
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    assert load_map(p) == load_map(DATA / "maps" / "diagonal-pillars.toml")


def test_embedded_tileset_with_an_absolute_image_path_loads(tmp_path):
    doc = small_doc()
    tsj = json.loads((maps_dir() / "arena-tiles.tsj").read_text())
    tsj.pop("type")
    doc["tilesets"] = [{"firstgid": 1, **tsj, "image": "/tmp/elsewhere.png"}]
    assert load_map(copy_map(tmp_path, doc)) == load_map(DATA / "maps" / "diagonal-pillars.toml")


@pytest.mark.parametrize(("change", "fault"), [
    (lambda d: d["layers"][0]["data"].__setitem__(0, 0), "square (0, 0) has no tile"),
    (lambda d: d["layers"][1].__setitem__("objects", []), "no spawns for team 1"),
    (lambda d: d["layers"][1]["objects"][0]["properties"][0].__setitem__("value", 12), "team 12 must be 1 to 9"),
    (lambda d: d["layers"][1]["objects"][0].update(x=16, y=16), "must be on floor, not wall (tile 1 of tileset "),
    (lambda d: d.__setitem__("infinite", True), "infinite: is on, but an Arena map has a fixed size "
                                                "(Map → Map Properties: uncheck Infinite)"),
    (lambda d: d.__setitem__("orientation", "isometric"), "orientation: is 'isometric', but an Arena map is orthogonal, its squares "
                                                          "in rows and columns (Map → Map Properties → Orientation)"),
])
def test_tiled_faults_are_one_line_file_problems(tmp_path, change, fault):
    doc = small_doc()
    change(doc)
    with pytest.raises(FileProblem, match=re.escape(fault)) as e:
        load_map(copy_map(tmp_path, doc))
    assert "\n" not in e.value.one_line()


def test_unknown_terrain_property_is_named(tmp_path):
    p = copy_map(tmp_path, small_doc())
    tsj = json.loads((tmp_path / "arena-tiles.tsj").read_text())
    tsj["tiles"][0]["properties"][0]["value"] = "quicksand"
    (tmp_path / "arena-tiles.tsj").write_text(json.dumps(tsj))
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line().startswith(f"{tmp_path / 'arena-tiles.tsj'}: tileset 'arena-tiles' tile 0: terrain 'quicksand' is not one of")


def test_garbage_tiled_file_is_one_line(tmp_path):
    p = tmp_path / "x.tmj"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line() == f"{p}:1:2: JSON syntax error: Expecting property name enclosed in double quotes"


def _project(tmp_path: Path, map_folder: str, source: str, project_at: str | None = "") -> Path:
    """A Tiled project as Tiled lays one out: `maps/…` beside `tilesets/`, the project file
    at `project_at` (a folder under tmp_path; None: no project file)."""
    (tmp_path / "tilesets").mkdir()
    for f in ("arena-tiles.tsj", "arena-tiles.png"):
        shutil.copy(maps_dir() / f, tmp_path / "tilesets" / f)
    if project_at is not None:
        shutil.copy(maps_dir() / "arena.tiled-project", tmp_path / project_at / "arena.tiled-project")
    doc = small_doc()
    doc["tilesets"][0]["source"] = source
    folder = tmp_path / map_folder
    folder.mkdir(parents=True)
    p = folder / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def test_a_tileset_in_the_tiled_projects_own_folder_loads(tmp_path):
    p = _project(tmp_path, "maps/dungeons", "../../tilesets/arena-tiles.tsj")
    board, native = load_map(p), load_map(DATA / "maps" / "diagonal-pillars.toml")
    assert (board.width, board.height, board.cells) == (native.width, native.height, native.cells)


def test_without_a_project_file_a_sibling_tileset_folder_is_refused(tmp_path):
    p = _project(tmp_path, "maps", "../tilesets/arena-tiles.tsj", project_at=None)
    with pytest.raises(FileProblem, match="leaves the map's folder"):
        load_map(p)


def test_a_path_leaving_the_tiled_projects_folder_is_refused(tmp_path):
    (tmp_path / "project").mkdir()
    p = _project(tmp_path / "project", "maps", "../../outside.tsj")
    shutil.copy(maps_dir() / "arena-tiles.tsj", tmp_path / "outside.tsj")
    with pytest.raises(FileProblem) as e:
        load_map(p)
    assert e.value.one_line().startswith(f"{p}: tileset path '../../outside.tsj' leaves the map's Tiled project folder (")


def test_a_project_file_too_far_above_the_map_is_not_its_project(tmp_path):
    p = _project(tmp_path, "maps/a/b/c", "../../../../tilesets/arena-tiles.tsj")  # four folders up
    with pytest.raises(FileProblem, match="leaves the map's folder"):
        load_map(p)
