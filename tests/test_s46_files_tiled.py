"""Tiled files as Tiled reads them, session 46 (`src/libtiled/mapreader.cpp`,
`varianttomapconverter.cpp` of mapeditor/tiled).

- A TMX flag is read with toInt() != 0: `visible="2"` shows a layer (it was refused), `visible="0"`
  hides it; a word Tiled would ignore (`visible="yes"`) is still refused.
- A JSON flag is read with toBool(): `"visible": 1` shows a layer (it was refused).
- A `<layer>` with two `<data>` elements: Tiled reads each over the squares of the one
  before, the loader read the first only. Refused, naming the layer.
- A whole number is one thing in both formats: a JSON `"width": 16.0` (Tiled reads it with
  toInt()) was refused while a JSON property `"teams": 3.0` was taken; `16.5` is refused in both.
- A Tiled project kept in a folder of its own beside the maps' (bevy_ecs_tiled's
  `assets/projects/p.tiled-project` listing `../maps` and `../tiles`): its folders may hold the
  map's tilesets (they were refused as leaving the map's folder); a project listing "/" opens
  nothing beyond the folder it was found in.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats import tiled_files
from arena_game.formats.mapfile import load_map
from tests.file_faults import play_fault

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
DATA = ROOT / "tests" / "data" / "s46"
NO_SPAWNS = "no spawns for team 1 (put objects with team = 1 on a visible object layer)"


def tmx(folder: Path, *, layer_attrs: str = "", spawns_attrs: str = "", data: str | None = None) -> Path:
    """A 4×4 TMX map on the shipped tileset: all floor, team 1 at (0, 0) and team 2 at (2, 2)."""
    shutil.copy(MAPS / "arena-tiles.tsx", folder / "arena-tiles.tsx")
    if data is None:
        data = '<data encoding="csv">' + ",".join(["1"] * 16) + "</data>"
    path = folder / "m.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="4" height="4" '
        'tilewidth="16" tileheight="16" infinite="0">\n'
        ' <tileset firstgid="1" source="arena-tiles.tsx"/>\n'
        f' <layer id="1" name="terrain" width="4" height="4"{layer_attrs}>{data}</layer>\n'
        f' <objectgroup id="2" name="spawns"{spawns_attrs}>\n'
        '  <object id="1" x="8" y="8"><properties><property name="team" type="int" value="1"/></properties>'
        '<point/></object>\n'
        '  <object id="2" x="40" y="40"><properties><property name="team" type="int" value="2"/></properties>'
        '<point/></object>\n'
        ' </objectgroup>\n'
        '</map>\n', encoding="utf-8")
    return path


def tmj(folder: Path, source: str = "arena-tiles.tsj") -> tuple[Path, dict]:
    """The JSON twin of `tmx` (its document, to edit, and where it is written)."""
    doc = {
        "type": "map", "orientation": "orthogonal", "width": 4, "height": 4, "tilewidth": 16, "tileheight": 16,
        "infinite": False, "tilesets": [{"firstgid": 1, "source": source}],
        "layers": [
            {"type": "tilelayer", "name": "terrain", "visible": True, "width": 4, "height": 4, "data": [1] * 16},
            {"type": "objectgroup", "name": "spawns", "visible": True, "objects": [
                {"id": 1, "x": 8, "y": 8, "point": True, "properties": [{"name": "team", "type": "int", "value": 1}]},
                {"id": 2, "x": 40, "y": 40, "point": True, "properties": [{"name": "team", "type": "int", "value": 2}]},
            ]},
        ],
    }
    return folder / "m.tmj", doc


def write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# -- flags ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1", "2", "-1", "10"])
def test_a_tmx_visible_flag_is_read_as_tiled_reads_it(tmp_path, value):
    """Tiled reads `visible` with toInt() != 0: `visible="2"` shows the layer (it was refused)."""
    board = load_map(tmx(tmp_path, spawns_attrs=f' visible="{value}"'))
    assert board.spawns == {"1": ((0, 0),), "2": ((2, 2),)}


def test_a_tmx_layer_visible_0_is_hidden(tmp_path, capsys):
    assert play_fault(capsys, tmx(tmp_path, spawns_attrs=' visible="00"')) == NO_SPAWNS


@pytest.mark.parametrize("value", ["2", "-1"])
def test_a_tmx_infinite_flag_is_read_as_tiled_reads_it(tmp_path, capsys, value):
    """`infinite="2"` is an infinite map to Tiled (toInt() != 0); it was refused as no flag."""
    path = tmx(tmp_path)
    path.write_text(path.read_text().replace('infinite="0"', f'infinite="{value}"'))
    assert play_fault(capsys, path).startswith("infinite: is on, but an Arena map has a fixed size")


@pytest.mark.parametrize("value", ["yes", "true", "1.0", " 1"])
def test_a_tmx_flag_tiled_would_ignore_is_refused(tmp_path, capsys, value):
    """Tiled ignores `visible="yes"` (toInt() fails) and shows the layer, whatever was meant."""
    assert play_fault(capsys, tmx(tmp_path, spawns_attrs=f' visible="{value}"')) == (
        f"layer 'spawns': `visible` must be true or false (found {value!r})")


@pytest.mark.parametrize(("value", "shown"), [(1, True), (2, True), (1.0, True), (0, False)])
def test_a_json_visible_number_is_read_as_tiled_reads_it(tmp_path, capsys, value, shown):
    """Tiled reads a JSON `visible` with toBool(): 1 is true, 0 false (a number was refused)."""
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc["layers"][1]["visible"] = value
    write(path, doc)
    if shown:
        assert load_map(path).spawns == {"1": ((0, 0),), "2": ((2, 2),)}
    else:
        assert play_fault(capsys, path) == NO_SPAWNS


@pytest.mark.parametrize("value", ["true", 0.5, None, [1]])
def test_a_json_flag_not_written_as_one_is_refused(tmp_path, capsys, value):
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc["layers"][1]["visible"] = value
    line = play_fault(capsys, write(path, doc))
    assert line.startswith("layer 'spawns': `visible` must be true or false (found "), line


# -- two <data> -------------------------------------------------------------------------------


def test_a_tmx_layer_with_two_data_elements_is_refused(tmp_path, capsys):
    """Tiled reads the second `<data>` over the first (here: all walls); the loader read the first
    (all floor) and played a map Tiled shows walled."""
    floor = '<data encoding="csv">' + ",".join(["1"] * 16) + "</data>"
    wall = '<data encoding="csv">' + ",".join(["2"] * 16) + "</data>"
    assert play_fault(capsys, tmx(tmp_path, data=floor + wall)) == (
        "layer 'terrain': holds 2 <data> elements, where Tiled writes one and reads each over the one before "
        "(keep one)")


# -- whole numbers ----------------------------------------------------------------------------


def test_a_json_whole_number_written_with_a_fraction_point_loads(tmp_path):
    """`"width": 4.0` is 4 to Tiled (toInt()), as a property's `"teams": 2.0` was to the loader."""
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc.update(width=4.0, height=4.0, tilewidth=16.0, tileheight=16.0)
    doc["tilesets"][0]["firstgid"] = 1.0
    doc["layers"][0].update(width=4.0, height=4.0, data=[1.0] * 16)
    doc["layers"][1]["objects"][0].update(id=1.0)
    board = load_map(write(path, doc))
    assert (board.width, board.height, board.spawns["1"]) == (4, 4, ((0, 0),))


@pytest.mark.parametrize(("key", "value"), [("width", 4.5), ("tilewidth", 16.25)])
def test_a_json_number_with_a_fraction_is_no_whole_number(tmp_path, capsys, key, value):
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc[key] = value
    line = play_fault(capsys, write(path, doc))
    assert line.startswith(f"`{key}` must be a whole number (found "), line


def test_a_json_tile_with_a_fraction_is_refused(tmp_path, capsys):
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc["layers"][0]["data"][5] = 1.5
    assert play_fault(capsys, write(path, doc)) == "layer 'terrain' data item 6: must be a whole number (found 1.5)"


@pytest.mark.parametrize("teams", ["2", 2, 2.0])
def test_a_whole_number_property_reads_alike_in_both_formats(tmp_path, teams):
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "arena-tiles.tsj")
    path, doc = tmj(tmp_path)
    doc["properties"] = [{"name": "teams", "type": "string" if isinstance(teams, str) else "int", "value": teams}]
    assert sorted(load_map(write(path, doc)).spawns) == ["1", "2"]


# -- a Tiled project in a folder of its own ---------------------------------------------------


def bevy_layout(tmp_path: Path, folders: list[str]) -> Path:
    """bevy_ecs_tiled's assets: `projects/p.tiled-project` listing `folders`, the map in
    `maps/orthogonal/`, its tileset in `tiles/`."""
    assets = tmp_path / "assets"
    for sub in ("projects", "maps/orthogonal", "tiles"):
        (assets / sub).mkdir(parents=True)
    shutil.copy(MAPS / "arena-tiles.tsj", assets / "tiles" / "arena-tiles.tsj")
    (assets / "projects" / "p.tiled-project").write_text(json.dumps({"folders": folders, "propertyTypes": []}))
    path, doc = tmj(assets / "maps" / "orthogonal", "../../tiles/arena-tiles.tsj")
    return write(path, doc)


def test_a_project_in_a_sibling_folder_lets_its_folders_hold_the_tilesets(tmp_path):
    path = bevy_layout(tmp_path, [".", "../tiles", "../worlds", "../maps"])
    assert load_map(path).spawns == {"1": ((0, 0),), "2": ((2, 2),)}


def test_a_sibling_project_that_does_not_list_the_maps_folder_is_not_the_maps(tmp_path, capsys):
    path = bevy_layout(tmp_path, [".", "../tiles"])
    assert play_fault(capsys, path).startswith(
        "tileset path '../../tiles/arena-tiles.tsj' leaves the map's folder (")


def test_a_sibling_project_lets_no_file_be_read_from_a_folder_it_does_not_list(tmp_path, capsys):
    path = bevy_layout(tmp_path, ["../maps"])
    assert play_fault(capsys, path).startswith(
        "tileset path '../../tiles/arena-tiles.tsj' leaves the folders of the map's Tiled project "
        "'p.tiled-project' (")


@pytest.mark.parametrize("wide", ["/", "../..", "../../.."])
def test_a_sibling_project_listing_far_folders_widens_nothing_past_its_own_parent(tmp_path, capsys, wide):
    """A hostile project listing "/" grants nothing: a tileset in `assets/secret/`, a folder it
    does not name, stays refused."""
    path = bevy_layout(tmp_path, ["../maps", wide])
    (tmp_path / "assets" / "secret").mkdir()
    shutil.copy(MAPS / "arena-tiles.tsj", tmp_path / "assets" / "secret" / "arena-tiles.tsj")
    doc = json.loads(path.read_text())
    doc["tilesets"][0]["source"] = "../../secret/arena-tiles.tsj"
    assert play_fault(capsys, write(path, doc)).startswith(
        "tileset path '../../secret/arena-tiles.tsj' leaves the folders of the map's Tiled project 'p.tiled-project' (")


def test_a_path_leaving_for_farther_than_the_projects_reach_opens_no_project_file(tmp_path, capsys, monkeypatch):
    """A path to a file farther up than `PROJECT_LEVELS` above the map (here "/etc/passwd") is
    refused before any project file beside the map's folder is even read."""
    path = bevy_layout(tmp_path, ["../maps", "/"])
    doc = json.loads(path.read_text())
    doc["tilesets"][0]["source"] = "../../../../../../../../etc/passwd"
    opened: list[Path] = []
    real_read = tiled_files.read_bytes
    monkeypatch.setattr(tiled_files, "read_bytes", lambda p, *a: opened.append(Path(p)) or real_read(p, *a))
    assert play_fault(capsys, write(path, doc)).startswith(
        "tileset path '../../../../../../../../etc/passwd' leaves the map's folder (")
    assert opened == [path]


def test_bevy_ecs_tiled_real_map_reads_its_tileset_through_its_project(capsys):
    """bevy_ecs_tiled's `assets/maps/orthogonal/finite.tmx` (Tiled 1.11) names
    `../../tiles/orthogonal_1.tsx`, in a folder its project `assets/projects/default.tiled-project`
    lists: the tileset is read (it has no terrain, so the verdict is about its tile), where the
    loader refused the path as leaving the map's folder."""
    path = DATA / "bevy_ecs_tiled" / "assets" / "maps" / "orthogonal" / "finite.tmx"
    code = main(["play", "--frames", "0", str(path)])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    tileset = DATA / "bevy_ecs_tiled" / "assets" / "tiles" / "orthogonal_1.tsx"
    assert code == 2 and err == [f"arena-game: {tileset}: tileset 'orthogonal_1' tile 1: has no `terrain` property "
                                 "(used at square (0, 0) of finite.tmx)"], err


def test_a_tiled_1_12_map_with_newer_attributes_plays(tmp_path):
    """What Tiled 1.9–1.12 added and the game has no use for (`class`, `tintcolor`, parallax,
    blend `mode`, object `opacity`, a capsule object as rs-tiled's `tiled_object_capsule.tmx`
    holds one) is read past; a capsule's square is the one under its centre, as a rectangle's."""
    path = tmx(tmp_path, layer_attrs=' class="ground" tintcolor="#ff8080" parallaxx="0.5" parallaxy="2" mode="add"',
               spawns_attrs=' class="spawns" opacity="0.5" locked="1"')
    point = ('<object id="2" x="40" y="40"><properties><property name="team" type="int" value="2"/></properties>'
             '<point/></object>')
    capsule = ('<object id="2" x="40" y="36" width="16" height="24" opacity="0.5"><properties>'
               '<property name="team" type="int" value="2"/></properties><capsule/></object>')
    text = path.read_text()
    assert point in text
    text = text.replace(point, capsule).replace(
        '<map version="1.10" tiledversion="1.10.2"', '<map version="1.10" tiledversion="1.12.0" class="arena"')
    path.write_text(text)
    assert load_map(path).spawns == {"1": ((0, 0),), "2": ((3, 3),)}
