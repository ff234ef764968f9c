"""Tiled files, session 49: what real and hostile Tiled files found.

- A map naming one tileset many times (3,000 `<tileset source="t.tsx">`, or hard links to one
  file) read and checked that file once per mention: 3,000 mentions of a 1.8 MB tileset took
  minutes. Each file is now read once per map, by its identity on disk, and the map and the
  files it names may come to at most twice the one-file byte cap: past it, the file is refused
  before it is read.
- A square whose tile number falls past the end of its tileset (Tiled keeps such numbers when
  a tileset's image shrinks, and shows a missing tile) was said as "tile 4: has no `terrain`
  property", sending the designer to a tile that does not exist. It is now said as such.
- A tile object written without a size (Tiled before 0.13; a JSON `"width": 0`) stood on the
  square under its bottom-left corner, one row below the tile Tiled draws: Tiled reads such an
  object with its tile's size (its image's, in an image collection), and so does the loader.
- A Tiled 1.12 list property in a `.tmx` (`<item>` elements) was read as the text '', its
  `.tmj` twin as a list: both are lists now, and say so.
- A map of 480,000 empty layers (3.8 MB of `<layer/>`) or 400,000 objects took 9 to 15 s and
  up to 750 MB before its line: a map may hold 10,000 layers and 50,000 objects, counted
  before they are read, and the models no longer deep-copy a `[]` default per item.
- A Windows absolute path to another drive (`C:/Users/…/t.tsx`, as Tiled writes it) read, on
  Linux, as a name in the map's folder: "not found". It leaves the folder, as on Windows.
- 50,000 instances of one template resolved its path once each (2 of their 4 s): once now.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from arena_game.formats import tiled_files
from arena_game.formats.mapfile import load_map
from arena_game.formats.safe_read import MAX_BYTES_ENV
from tests.file_faults import cli_fault, play_fault

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
SPAWNS = ('<objectgroup id="9" name="spawns">'
          '<object id="1" x="8" y="8"><properties><property name="team" type="int" value="1"/></properties><point/></object>'
          '<object id="2" x="24" y="8"><properties><property name="team" type="int" value="2"/></properties><point/></object>'
          '</objectgroup>')


def tileset(name: str, tiles: int = 1, count: int | None = None, terrain: str = "floor") -> str:
    """A TSX tileset of `tiles` floor tiles (ids 0…), saying `tilecount` = `count` (default: `tiles`)."""
    listed = "".join(f'<tile id="{i}"><properties><property name="terrain" value="{terrain}"/></properties></tile>'
                     for i in range(tiles))
    return (f'{HEAD}<tileset version="1.10" name="{name}" tilewidth="16" tileheight="16" '
            f'tilecount="{tiles if count is None else count}" columns="1">'
            f'<image source="{name}.png" width="16" height="{16 * tiles}"/>{listed}</tileset>\n')


def two_square_map(folder: Path, tilesets: str, data: str = "1,1") -> Path:
    """A 2×1 TMX map with the given `<tileset>` elements, its terrain `data`, a spawn per team."""
    path = folder / "m.tmx"
    path.write_text(
        f'{HEAD}<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" '
        f'tileheight="16" infinite="0">{tilesets}'
        f'<layer id="1" name="terrain" width="2" height="1"><data encoding="csv">{data}</data></layer>'
        f'{SPAWNS}</map>\n', encoding="utf-8")
    return path


def count_reads(monkeypatch) -> dict[str, int]:
    """How many times each file name is read by the Tiled loader."""
    reads: dict[str, int] = {}
    real = tiled_files.read_bytes

    def counted(path, *args, **kwargs):
        reads[Path(path).name] = reads.get(Path(path).name, 0) + 1
        return real(path, *args, **kwargs)

    monkeypatch.setattr(tiled_files, "read_bytes", counted)
    return reads


def test_s49_a_tileset_named_3000_times_is_read_once(tmp_path, monkeypatch):
    (tmp_path / "t.tsx").write_text(tileset("t", tiles=50), encoding="utf-8")
    mentions = "".join(f'<tileset firstgid="{1 + 50 * i}" source="t.tsx"/>' for i in range(3000))
    path = two_square_map(tmp_path, mentions, data=f"1,{1 + 50 * 2999}")
    reads = count_reads(monkeypatch)
    board = load_map(path)
    assert reads == {"m.tmx": 1, "t.tsx": 1}
    assert board.spawns == {"1": ((0, 0),), "2": ((1, 0),)}


def test_s49_hard_links_and_other_spellings_of_one_tileset_are_read_once(tmp_path, monkeypatch):
    (tmp_path / "t.tsx").write_text(tileset("t"), encoding="utf-8")
    os.link(tmp_path / "t.tsx", tmp_path / "u.tsx")
    (tmp_path / "sub").mkdir()
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/><tileset firstgid="2" source="u.tsx"/>'
                                    '<tileset firstgid="3" source="sub/../t.tsx"/>', data="1,3")
    reads = count_reads(monkeypatch)
    load_map(path)
    assert sum(n for name, n in reads.items() if name != "m.tmx") == 1, reads


def test_s49_files_past_the_read_budget_are_refused_before_they_are_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(MAX_BYTES_ENV, "4000")  # the budget: 8,000 bytes for the map and its files
    padding = "<!--" + "x" * 2400 + "-->"
    for i in range(4):  # about 2,700 bytes each: the third one passes the budget
        (tmp_path / f"t{i}.tsx").write_text(tileset(f"t{i}") + padding, encoding="utf-8")
    path = two_square_map(tmp_path, "".join(f'<tileset firstgid="{1 + i}" source="t{i}.tsx"/>' for i in range(4)))
    reads = count_reads(monkeypatch)
    line = play_fault(capsys, path)
    assert line == ("tileset file 't2.tsx': with the map and the files it names before, more than 8,000 bytes to read "
                    "(a map names a few tilesets and templates; each file counts once however often it is named)")
    assert "t2.tsx" not in reads and "t3.tsx" not in reads, reads


def test_s49_a_tile_number_past_the_tilesets_end_is_said_so(tmp_path, capsys):
    (tmp_path / "t.tsx").write_text(tileset("t", tiles=2), encoding="utf-8")
    flipped = 0x80000000 | 5  # flipped horizontally: tile 4 of a tileset of 2
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/>', data=f"1,{flipped}")
    assert play_fault(capsys, path) == (
        "layer 'terrain': square (1, 0): tile number 5 would be tile 4 of tileset 't', which has only 2 tiles "
        "(a tile past its end: Tiled shows it as missing)")


def test_s49_a_listed_tile_past_tilecount_still_loads(tmp_path):
    # an image collection whose tile 0 was removed in Tiled: tilecount 1, its one tile has id 1
    (tmp_path / "t.tsx").write_text(
        f'{HEAD}<tileset version="1.10" name="c" tilewidth="16" tileheight="16" tilecount="1" columns="0">'
        '<grid orientation="orthogonal" width="1" height="1"/>'
        '<tile id="1"><properties><property name="terrain" value="floor"/></properties>'
        '<image source="floor.png" width="16" height="16"/></tile></tileset>\n', encoding="utf-8")
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/>', data="2,2")
    assert load_map(path).width == 2


def test_s49_a_tileset_without_tilecount_still_names_the_tile(tmp_path, capsys):
    # Tiled before 0.13 wrote no tilecount: a tile past the listed ones may still be on its image
    text = tileset("t").replace(' tilecount="1"', "")
    (tmp_path / "t.tsx").write_text(text, encoding="utf-8")
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/>', data="1,4")
    assert cli_fault(capsys, "play", "--frames", "0", path) == (
        f"arena-game: {tmp_path / 't.tsx'}: tileset 't' tile 3: has no `terrain` property (used at square (1, 0) of m.tmx)")


def test_s49_a_tile_object_written_without_a_size_stands_on_its_tile(tmp_path):
    # Tiled before 0.13 wrote a tile object without width and height; Tiled reads it with its
    # tile's size (mapreader.cpp, "Fix up sizes of tile objects"): this one covers square (1, 1)
    path = tmp_path / "m.tmx"
    path.write_text(
        f'{HEAD}<map version="0.9" orientation="orthogonal" width="3" height="3" tilewidth="16" tileheight="16">'
        '<tileset firstgid="1" name="t" tilewidth="16" tileheight="16"><image source="t.png" width="32" height="16"/>'
        '<tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>'
        '<tile id="1"><properties><property name="terrain" value="floor"/><property name="team" value="1"/></properties>'
        '</tile></tileset>'
        '<layer name="terrain" width="3" height="3"><data encoding="csv">1,1,1,1,1,1,1,1,1</data></layer>'
        '<objectgroup name="spawns"><object id="1" gid="2" x="16" y="32"/>'
        '<object id="2" x="40" y="40"><properties><property name="team" value="2"/></properties></object>'
        '</objectgroup></map>\n', encoding="utf-8")
    assert load_map(path).spawns == {"1": ((1, 1),), "2": ((2, 2),)}


def test_s49_a_json_tile_object_of_size_0_takes_its_collection_images_size(tmp_path):
    floor = [{"name": "terrain", "type": "string", "value": "floor"}]
    tiles = [{"id": 0, "image": "floor.png", "imagewidth": 16, "imageheight": 16, "properties": floor},
             {"id": 1, "image": "flag.png", "imagewidth": 32, "imageheight": 32,
              "properties": [*floor, {"name": "team", "type": "int", "value": 1}]}]
    doc = {"type": "map", "orientation": "orthogonal", "width": 4, "height": 4, "tilewidth": 16, "tileheight": 16,
           "infinite": False,
           "tilesets": [{"firstgid": 1, "name": "c", "tilewidth": 32, "tileheight": 32, "tilecount": 2, "columns": 0,
                         "tiles": tiles}],
           "layers": [{"type": "tilelayer", "name": "terrain", "visible": True, "width": 4, "height": 4, "data": [1] * 16},
                      {"type": "objectgroup", "name": "spawns", "visible": True, "objects": [
                          {"id": 1, "gid": 2, "x": 16, "y": 48, "width": 0, "height": 0, "visible": True},
                          {"id": 2, "x": 56, "y": 8, "point": True, "visible": True,
                           "properties": [{"name": "team", "type": "int", "value": 2}]}]}]}
    path = tmp_path / "m.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    # the flag covers x 16–48, y 16–48: its centre is on square (2, 2), not on (1, 3) under its corner
    assert load_map(path).spawns == {"1": ((2, 2),), "2": ((3, 0),)}


def test_s49_a_tiled_1_12_list_property_reads_as_a_list_in_tmx_as_in_json(tmp_path, capsys):
    # Tiled 1.12 writes a list property as <item> elements (no `value`): it was read as the
    # text '' ("team '' must be 1 to 9"), where its .tmj twin said "found a list"
    spawns = ('<objectgroup id="9" name="spawns">'
              '<object id="1" x="8" y="8"><properties><property name="team" type="list"><item type="int" value="1"/>'
              '</property></properties><point/></object>'
              '<object id="2" x="24" y="8"><properties><property name="team" type="int" value="2"/></properties><point/>'
              '</object></objectgroup>')
    (tmp_path / "t.tsx").write_text(tileset("t"), encoding="utf-8")
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/>')
    path.write_text(path.read_text(encoding="utf-8").replace(SPAWNS, spawns), encoding="utf-8")
    assert play_fault(capsys, path) == "layer 'spawns' object 1: `team` must be a whole number from 1 to 9 (found a list)"


def test_s49_a_tmx_of_480000_empty_layers_is_refused_by_count(tmp_path, capsys):
    # 3.8 MB of `<layer/>`: read whole, it took 15 s and 750 MB before a line was said
    path = tmp_path / "m.tmx"
    path.write_text('<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">'
                    + "<layer/>" * 480_000 + "</map>", encoding="utf-8")
    assert play_fault(capsys, path) == "holds more than 10000 layers (an Arena map needs a terrain layer and a layer of spawns)"


def test_s49_layers_inside_groups_count_too(tmp_path, capsys):
    path = tmp_path / "m.tmx"
    path.write_text('<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">'
                    + "<group>" * 3 + "<layer/>" * 9_998 + "</group>" * 3 + "</map>", encoding="utf-8")
    assert play_fault(capsys, path).startswith("holds more than 10000 layers")


def test_s49_a_json_map_of_too_many_objects_is_refused_by_count(tmp_path, capsys):
    path = tmp_path / "m.tmj"
    layers = [{"type": "objectgroup", "visible": True, "objects": [{}] * 30_000} for _ in range(2)]
    path.write_text(json.dumps({"type": "map", "width": 2, "height": 1, "tilewidth": 16, "tileheight": 16,
                                "layers": layers}), encoding="utf-8")
    assert play_fault(capsys, path) == "holds more than 50000 objects (an Arena map needs one per spawn)"


def test_s49_a_tmx_of_too_many_objects_is_refused_in_french_too(tmp_path, capsys):
    path = tmp_path / "m.tmx"
    path.write_text('<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">'
                    '<objectgroup name="a">' + "<object/>" * 50_001 + "</objectgroup></map>", encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "fr", path)
    assert line == (f"arena-game : {path} : contient plus de 50000 objets "
                    "(une carte d'Arena en a besoin d'un par case de départ)")


@pytest.mark.parametrize("source", ["C:/Users/me/Downloads/Amp Plains.tsx", r"D:\tiles\t.tsx", r"\\nas\tiles\t.tsx"])
def test_s49_a_windows_path_to_another_drive_leaves_the_folder_on_any_system(tmp_path, capsys, source):
    # Tiled writes an absolute path for a tileset on another drive (a real map: "source":
    # "C:/Users/…/Downloads/Amp Plains.tsx"); on Linux it read as a name in the map's folder,
    # "not found (it must sit in the map's folder)", where Windows says it leaves the folder
    doc = {"type": "map", "width": 2, "height": 1, "tilewidth": 24, "tileheight": 24, "infinite": False,
           "tilesets": [{"firstgid": 1, "source": source}],
           "layers": [{"type": "tilelayer", "name": "Tile Layer 1", "visible": True, "width": 2, "height": 1,
                       "data": [1, 1]}]}
    path = tmp_path / "m.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert play_fault(capsys, path) == (
        f"tileset path {source!r} leaves the map's folder (copy the tileset into the map's folder, or embed it in "
        "Tiled: Tilesets view → Embed Tileset, or keep maps and tilesets under the folder of a Tiled project file)")


def test_s49_a_template_named_by_many_objects_is_resolved_once(tmp_path, monkeypatch):
    # 50,000 instances of one template resolved its path (system calls) 50,000 times: 2 of 4 s
    from arena_game.formats import tiled

    (tmp_path / "t.tsx").write_text(tileset("t"), encoding="utf-8")
    (tmp_path / "spawn.tx").write_text(f'{HEAD}<template><object><properties><property name="team" type="int" '
                                       'value="1"/></properties><point/></object></template>\n', encoding="utf-8")
    path = two_square_map(tmp_path, '<tileset firstgid="1" source="t.tsx"/>')
    instances = "".join(f'<object id="{10 + i}" template="spawn.tx" x="8" y="8" visible="0"/>' for i in range(1000))
    text = path.read_text(encoding="utf-8").replace('<objectgroup id="9" name="spawns">',
                                                    f'<objectgroup id="9" name="spawns">{instances}')
    path.write_text(text, encoding="utf-8")
    calls: list[Path] = []
    real = tiled.real_path
    monkeypatch.setattr(tiled, "real_path", lambda p: calls.append(p) or real(p))
    assert load_map(path).spawns == {"1": ((0, 0),), "2": ((1, 0),)}
    assert len(calls) == 1
