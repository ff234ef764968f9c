"""Session 62: what a Tiled map shows its designer and the board does not read was taken
silently — a tile layer (or an image layer) drawn over the `terrain` layer (seen in Tiled, never
read as terrain), a terrain layer at opacity 0 (Tiled shows what is under it), a hidden layer named
`terrain` while the only visible tile layer is read in its place, and objects that are no
spawn (no `team`, not of class `spawn`). `check` now says each as a warning (docs/maps.md);
every such map still loads and plays as before."""

from __future__ import annotations

import json

import pytest

from tests.builders import write_tiled
from tests.file_faults import run_cli

W, H = 6, 3


def _tiles(name: str, gid: int = 1, **kw: object) -> dict[str, object]:
    return {"type": "tilelayer", "name": name, "width": W, "height": H, "visible": True, "opacity": 1,
            "data": [gid] * (W * H), **kw}


def _spawn(oid: int, team: int, x: int, y: int) -> dict[str, object]:
    return {"id": oid, "point": True, "visible": True, "x": x * 64 + 32, "y": y * 64 + 32,
            "properties": [{"name": "team", "type": "int", "value": team}]}


def _spawns(*extra: dict[str, object], **kw: object) -> dict[str, object]:
    # three a side, mirrored: the plain map gives no warning of its own
    objects = [*(_spawn(1 + y, 1, 0, y) for y in range(H)), *(_spawn(4 + y, 2, W - 1, y) for y in range(H))]
    return {"type": "objectgroup", "name": "spawns", "visible": True, "objects": [*objects, *extra], **kw}


def _map(*layers: dict[str, object]) -> dict[str, object]:
    return {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "width": W, "height": H, "tilewidth": 64, "tileheight": 64, "infinite": False,
            "tilesets": [{"firstgid": 1, "source": "arena-tiles.tsj"}], "layers": list(layers)}


def _check(capsys, path, lang: str = "en") -> tuple[int, list[str]]:
    code, _, out = run_cli(capsys, "check", "--lang", lang, path)
    return code, [line for line in out.splitlines() if not line.startswith("  ")]


def _loads(capsys, path) -> None:
    code, lines, _ = run_cli(capsys, "play", "--frames", "0", path)
    assert code == 0, lines


def test_s62_the_plain_map_is_clean(tmp_path, capsys):
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _spawns()))
    assert _check(capsys, path) == (0, [f"{path} (m): ok"])


def test_s62_a_tile_layer_drawn_over_the_terrain_is_said(tmp_path, capsys):
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _tiles("decor", 2), _spawns()))
    assert _check(capsys, path) == (1, [
        f"{path} (m): warning [layer-over-terrain] layer 'decor' is drawn over the terrain layer 'terrain': "
        "Tiled shows it, but only 'terrain' is read as terrain (hide it, or move it under 'terrain')"])
    assert _check(capsys, path, "fr") == (1, [
        f"{path} (m) : avertissement [layer-over-terrain] le calque 'decor' est dessiné par-dessus le calque de "
        "terrain 'terrain' : Tiled le montre, mais seul 'terrain' est lu comme terrain (masquez-le, ou placez-le "
        "sous 'terrain')"])
    _loads(capsys, path)


def test_s62_many_layers_over_the_terrain_are_counted(tmp_path, capsys):
    decor = [_tiles(f"d{i}", 2) for i in range(6)]
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _tiles("empty", 0), *decor, _spawns()))
    assert _check(capsys, path) == (1, [
        f"{path} (m): warning [layer-over-terrain] 6 layers are drawn over the terrain layer 'terrain' "
        "('d0', 'd1', 'd2', 'd3' and 2 more): Tiled shows them, but only 'terrain' is read as terrain "
        "(hide them, or move them under 'terrain')"])


def test_s62_an_image_layer_drawn_over_the_terrain_is_said(tmp_path, capsys):
    sky = {"type": "imagelayer", "name": "sky", "visible": True, "opacity": 0.5, "image": "sky.png"}
    bare = {"type": "imagelayer", "name": "bare", "visible": True, "image": ""}  # no picture: Tiled shows nothing
    under = {"type": "imagelayer", "name": "under", "visible": True, "image": "ground.png"}
    path = write_tiled(tmp_path, _map(under, _tiles("terrain"), bare, sky, _spawns()))
    assert _check(capsys, path) == (1, [
        f"{path} (m): warning [layer-over-terrain] layer 'sky' is drawn over the terrain layer 'terrain': "
        "Tiled shows it, but only 'terrain' is read as terrain (hide it, or move it under 'terrain')"])
    _loads(capsys, path)


def test_s62_the_warning_is_in_check_json(tmp_path, capsys):
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _tiles("decor", 2), _spawns()))
    code, _, out = run_cli(capsys, "check", "--json", "--lang", "fr", path)
    (report,) = json.loads(out)
    assert code == 1
    assert report["errors"] == []
    assert [(w["code"], w["severity"], w["message"][:40]) for w in report["warnings"]] == [
        ("layer-over-terrain", "warning", "le calque 'decor' est dessiné par-dessus")]


@pytest.mark.parametrize("layers", [
    pytest.param([_tiles("decor", 2), _tiles("terrain")], id="under the terrain"),
    pytest.param([_tiles("terrain"), _tiles("decor", 0)], id="empty"),
    pytest.param([_tiles("terrain"), _tiles("decor", 0x80000000)], id="flip bits only"),
    pytest.param([_tiles("terrain"), _tiles("decor", 2, visible=False)], id="hidden"),
    pytest.param([_tiles("terrain"), _tiles("decor", 2, opacity=0)], id="opacity 0"),
    pytest.param([_tiles("terrain"), {"type": "group", "name": "g", "visible": True, "opacity": 0,
                                      "layers": [_tiles("decor", 2)]}], id="in a group of opacity 0"),
])
def test_s62_a_layer_tiled_does_not_show_over_the_terrain_is_not_said(tmp_path, capsys, layers):
    path = write_tiled(tmp_path, _map(*layers, _spawns()))
    assert _check(capsys, path) == (0, [f"{path} (m): ok"])


def test_s62_a_terrain_layer_at_opacity_0_is_said(tmp_path, capsys):
    group = {"type": "group", "name": "g", "visible": True, "opacity": 0.5, "layers": [_tiles("terrain", opacity=0)]}
    path = write_tiled(tmp_path, _map(group, _spawns()))
    assert _check(capsys, path) == (1, [
        f"{path} (m): warning [terrain-layer-transparent] the terrain layer 'terrain' has opacity 0: Tiled does "
        "not show it, so the squares seen in Tiled are not the board's (give it an opacity above 0)"])
    assert _check(capsys, path, "fr")[1] == [
        f"{path} (m) : avertissement [terrain-layer-transparent] le calque de terrain 'terrain' a une opacité de "
        "0 : Tiled ne le montre pas, et les cases vues dans Tiled ne sont pas celles du plateau (donnez-lui une "
        "opacité au-dessus de 0)"]
    _loads(capsys, path)


def test_s62_a_hidden_terrain_layer_read_from_another_is_said(tmp_path, capsys):
    path = write_tiled(tmp_path, _map(_tiles("Terrain", 2, visible=False), _tiles("ground"), _spawns()))
    assert _check(capsys, path) == (1, [
        f"{path} (m): warning [terrain-layer-hidden] tile layer 'Terrain' is hidden, so the terrain is read from "
        "'ground', the only visible tile layer (show 'Terrain' if it is the terrain)"])
    _loads(capsys, path)


def test_s62_objects_that_are_no_spawn_are_said(tmp_path, capsys):
    extra = [{"id": 10, "x": 100, "y": 100, "visible": True, "type": "Spawn"},
             {"id": 11, "x": 100, "y": 100, "visible": False, "type": "chest"},  # hidden: Tiled does not show it
             {"id": 12, "x": 100, "y": 100, "visible": True},
             {"id": 13, "x": 100, "y": 100, "visible": True, "class": "spawn"}]  # the class gives team 1
    notes = {"type": "objectgroup", "name": "notes", "visible": True,
             "objects": [{"id": 20 + i, "x": 10, "y": 10, "visible": True, "class": "note"} for i in range(4)]}
    hidden = {"type": "objectgroup", "name": "old", "visible": False, "objects": [{"id": 30, "x": 1, "y": 1}]}
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _spawns(*extra), notes, hidden))
    code, lines = _check(capsys, path)
    assert code == 1
    assert lines[0] == (
        f"{path} (m): warning [objects-not-spawns] 6 objects Tiled shows are no spawns and are not read (a spawn "
        "has a `team` property or the class `spawn`): layer 'spawns' object 10 (class 'Spawn'), layer 'spawns' "
        "object 12, layer 'notes' object 20 (class 'note'), layer 'notes' object 21 (class 'note') and 2 more")
    _, fr = _check(capsys, path, "fr")
    assert fr[0] == (
        f"{path} (m) : avertissement [objects-not-spawns] 6 objets montrés par Tiled ne sont pas des départs et "
        "ne sont pas lus (un départ a une propriété `team` ou la classe `spawn`) : calque 'spawns' objet 10 "
        "(classe 'Spawn'), calque 'spawns' objet 12, calque 'notes' objet 20 (classe 'note'), calque 'notes' "
        "objet 21 (classe 'note') et 2 autres")
    _loads(capsys, path)


TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="2" height="1" tilewidth="64"
     tileheight="64" infinite="0">
 <tileset firstgid="1" source="arena-tiles.tsx"/>
 <layer id="1" name="terrain" width="2" height="1"{terrain}><data encoding="csv">1,1</data></layer>
 <layer id="2" name="decor" width="2" height="1"><data encoding="csv">0,2</data></layer>
 <imagelayer id="4" name="sky"><image source="sky.png" width="64" height="64"/></imagelayer>
 <imagelayer id="5" name="bare"/>
 <objectgroup id="3" name="spawns">
  <object id="1" x="32" y="32"><properties><property name="team" type="int" value="1"/></properties><point/></object>
  <object id="2" x="96" y="32"><properties><property name="team" type="int" value="2"/></properties><point/></object>
  <object id="3" x="96" y="32" name="door"><point/></object>
 </objectgroup>
</map>
"""


def test_s62_a_tmx_map_is_read_the_same(tmp_path, capsys):
    path = write_tiled(tmp_path, TMX.format(terrain=' opacity="0"'), "m.tmx")
    code, lines = _check(capsys, path)
    assert code == 1
    assert [line.split("] ")[0] for line in lines if "[" in line][:3] == [
        f"{path} (m): warning [terrain-layer-transparent", f"{path} (m): warning [layer-over-terrain",
        f"{path} (m): warning [objects-not-spawns"]
    assert "2 layers are drawn over the terrain layer 'terrain' ('decor', 'sky')" in lines[1]
    assert lines[2].endswith(": layer 'spawns' object 3")  # warnings only (exit code 1): the map loads
    path.write_text(TMX.format(terrain=' opacity="0.4"'), encoding="utf-8")
    assert "terrain-layer-transparent" not in "".join(_check(capsys, path)[1])


def test_s62_layers_past_the_squares_looked_into_are_counted(tmp_path, capsys, monkeypatch):
    many = write_tiled(tmp_path / "many", _map(_tiles("terrain"), *(_tiles(f"d{i}", 2) for i in range(70)), _spawns()))
    assert _check(capsys, many)[1][0].startswith(  # a small map's layers are all looked into (were 64 at most)
        f"{many} (m): warning [layer-over-terrain] 70 layers are drawn over the terrain layer 'terrain' "
        "('d0', 'd1', 'd2', 'd3' and 66 more)")
    monkeypatch.setattr("arena_game.formats.tiled.LOOKED_SQUARES", 3 * W * H)  # three layers looked into
    decor = [_tiles(f"d{i}", 2) for i in range(8)]
    path = write_tiled(tmp_path, _map(_tiles("terrain"), *decor, _spawns()))
    assert _check(capsys, path)[1] == [
        f"{path} (m): warning [layer-over-terrain] 8 layers are drawn over the terrain layer 'terrain' "
        "('d0', 'd1', 'd2' and 5 more): Tiled shows them, but only 'terrain' is read as terrain "
        "(hide them, or move them under 'terrain')"]


def test_s62_long_names_from_the_file_keep_the_warning_one_short_line(tmp_path, capsys):
    long = "L" * 5000
    objects = [{"id": 10 + i, "x": 1, "y": 1, "visible": True, "type": long} for i in range(5)]
    layers = {"type": "objectgroup", "name": long + "\n", "visible": True, "objects": objects}
    path = write_tiled(tmp_path, _map(_tiles("terrain"), _tiles(long, 2), _spawns(), layers))
    code, lines = _check(capsys, path)
    assert code == 1 and len(lines) == 2, lines
    cut = "'" + "L" * 59 + "…" + "L" * 11 + "'"  # `problems.shorten`: a long run cut in its middle
    assert lines[0].startswith(f"{path} (m): warning [layer-over-terrain] layer {cut} is drawn over")
    assert lines[1].startswith(f"{path} (m): warning [objects-not-spawns] 5 objects Tiled shows are no spawns")
    assert f"layer {cut[:60]}…LLLLLLLLL\\n' object 10 (class {cut})" in lines[1]  # the line break escaped
    assert all(len(line) - len(str(path)) < 600 for line in lines), [len(line) for line in lines]
