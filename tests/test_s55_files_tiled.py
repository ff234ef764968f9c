"""Session 55, task 2: real Tiled files not read before (bevy_tiled, flame, tiled.dart, pixi,
Hawkthorne, Mr. Rescue, The Mana World, SuperTux Advance…), two misreadings:

- an infinite map as Tiled 1.11 writes it (`width="0" height="0"`, its tiles in chunks) was
  refused as "`width` must be at least 1 (found 0)": now said to be infinite, as an infinite
  map of any other size is (Syynth/bevy_tiled's `infinite_map.tmx`);
- a layer's CSV data with its rows indented, on a small map of flipped tiles, was refused as
  "its CSV data is longer than 1 tile can be", its white space counted as data (flame's
  `single_tile_map_2.tmx`: one number, 2147483649, indented by four spaces): white space no
  longer counts.
"""

from __future__ import annotations

import json

import pytest

from arena_game.formats.mapfile import load_map
from tests.file_faults import FLOOR_TILESET, cli_fault, run_cli, spawn_map

INFINITE_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.2" orientation="orthogonal" renderorder="right-down" width="0" height="0" tilewidth="32" tileheight="32" infinite="1" nextlayerid="2" nextobjectid="1">
 {tileset}
 <layer id="1" name="terrain" width="0" height="0">
  <data encoding="csv">
   <chunk x="-16" y="-16" width="16" height="16">
{rows}
</chunk>
  </data>
 </layer>
</map>
"""
INFINITE_SAID = "infinite: is on, but an Arena map has a fixed size (Map → Map Properties: uncheck Infinite)"


def test_s55_an_infinite_map_of_size_0_is_said_infinite(tmp_path, capsys):
    rows = ",\n".join([",".join(["1"] * 16)] * 16)
    p = tmp_path / "m.tmx"
    p.write_text(INFINITE_TMX.format(tileset=FLOOR_TILESET.format(first=1), rows=rows), encoding="utf-8")
    code, err, out = run_cli(capsys, "check", "--lang", "en", p)
    assert (code, err, out.splitlines()) == (2, [], [f"{p}: error [file-problem] {INFINITE_SAID}"])


@pytest.mark.parametrize("infinite", [True, 1])
def test_s55_an_infinite_json_map_of_size_0_is_said_infinite(tmp_path, capsys, infinite):
    doc = {"type": "map", "version": "1.10", "tiledversion": "1.11.2", "orientation": "orthogonal", "infinite": infinite,
           "width": 0, "height": 0, "tilewidth": 32, "tileheight": 32, "tilesets": [],
           "layers": [{"type": "tilelayer", "name": "terrain", "width": 0, "height": 0, "visible": True,
                       "chunks": [{"x": 0, "y": 0, "width": 1, "height": 1, "data": [1]}]}]}
    p = tmp_path / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}: {INFINITE_SAID}"


def test_s55_a_finite_map_of_size_0_is_still_said_too_small(tmp_path, capsys):
    p = tmp_path / "m.tmj"
    p.write_text(json.dumps({"type": "map", "orientation": "orthogonal", "infinite": False, "width": 0, "height": 3,
                             "tilewidth": 32, "tileheight": 32, "layers": []}), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}: `width` must be at least 1 (found 0)"


TEAM_2 = ('<object id="2" x="112" y="112"><properties><property name="team" type="int" value="2"/></properties>'
          '<point/></object>')


def test_s55_csv_rows_indented_around_flipped_tiles_are_read(tmp_path):
    plain = spawn_map(tmp_path, TEAM_2)
    text = plain.read_text(encoding="utf-8")
    flat = ",".join([",".join(["1"] * 4)] * 4)
    assert flat in text
    flipped = str(0x80000001)  # tile 1 mirrored: the same terrain
    rows = ",\n".join("        " + ",".join([flipped] * 4) for _ in range(4))
    indented = tmp_path / "indented" / "m.tmx"  # the same name: a board is named after its file
    indented.parent.mkdir()
    indented.write_text(text.replace(flat, f"\n{rows}\n      "), encoding="utf-8")
    # 16 numbers of 10 digits and their commas: within 12 characters a square; with the white space, 248
    assert len(rows) > 16 * 12
    assert load_map(indented) == load_map(plain)


def test_s55_csv_data_too_long_for_its_squares_is_still_refused(tmp_path, capsys):
    plain = spawn_map(tmp_path, TEAM_2)
    text = plain.read_text(encoding="utf-8")
    flat = ",".join([",".join(["1"] * 4)] * 4)
    p = tmp_path / "long.tmx"
    p.write_text(text.replace(flat, ",".join(["1"] * 200)), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: layer 'terrain': its CSV data is longer than 16 tiles can be")
