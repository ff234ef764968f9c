"""Session 56: real Tiled files of repositories not read before (SKTiled, SuperTiled2Unity,
Tiled2Unity, tiled-java, Tactile, TiledLib.Net, kayahr/tiled, pytmxlib, shawn42/tmx, korge…),
two misreadings of the same kind:

- Tactile's own JSON maps (a Tiled-like editor: `"type": "map"`, `tactile-version`, `rows`,
  `columns`, layers of type `tile-layer`; albin-johansson/tactile's `meta/proto.json`) were read
  as Tiled maps for their `type`, refused as "`width` is missing", and `check FOLDER` failed on
  them;
- Pyxel Edit's tilemap export (`tileswide`, `tileshigh`, `tilewidth`, `tileheight` and `layers`
  of `tiles`; a FEBuilder workflow keeps one beside a TMX map of the same name) was read as a
  Tiled map for its tile size and refused the same way.

Another editor's level is now told by its `layers` that are not Tiled's, beside keys Tiled never
writes at a map's top, without any of a Tiled map's own keys (a size, a version, the next ids).
"""

from __future__ import annotations

import json

import pytest

from tests.file_faults import cli_fault, folder_beside_maps, run_cli

# the top of albin-johansson/tactile's `meta/proto.json` (v0.2.0), as that repository holds it
TACTILE_MAP = {"tactile-version": "0.1.0", "format-version": 1, "type": "map", "name": "foo", "next-layer-id": 6,
               "next-object-id": 7, "rows": 7, "columns": 5,
               "layers": [{"id": 1, "name": "foo", "opacity": 1.0, "type": "tile-layer", "visible": True,
                           "data": [1, 2, 3]}],
               "tilesets": [{"first-global-id": 1, "source": "foo.json"}],
               "properties": [{"name": "foo", "type": "int", "value": 123}]}


# Pyxel Edit's "Export tilemap as JSON" (tile -1: an empty square)
PYXEL_MAP = {"tileshigh": 2, "tilewidth": 16, "tileswide": 2, "tileheight": 16,
             "layers": [{"name": "Layer 0", "number": 0,
                         "tiles": [{"x": x, "y": y, "flipX": False, "rot": 0, "tile": 2 * y + x - 1, "index": 2 * y + x}
                                   for y in range(2) for x in range(2)]}]}


@pytest.mark.parametrize("level", [TACTILE_MAP, PYXEL_MAP], ids=["tactile", "pyxel-edit"])
def test_s56_another_editors_level_beside_the_maps_is_passed_over(tmp_path, capsys, level):
    folder = folder_beside_maps(tmp_path, level=level)
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'level.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]


@pytest.mark.parametrize("level", [TACTILE_MAP, PYXEL_MAP], ids=["tactile", "pyxel-edit"])
def test_s56_another_editors_level_given_as_a_map_is_said_another_tools(tmp_path, capsys, level):
    p = tmp_path / "level.json"
    p.write_text(json.dumps(level), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: not a Tiled map: another tool's file (its `layers` is not a Tiled map's)")


@pytest.mark.parametrize(("body", "line"), [
    ({"type": "map"}, "`width` is missing"),  # Tiled's word alone: a map missing its keys
    ({"type": "map", "rows": 7, "tilewidth": 16}, "`width` is missing"),  # beside a key Tiled writes in every map
    ({"type": "map", "rows": 7, "layers": [{"type": "tilelayer"}]}, "`width` is missing"),  # beside Tiled's layers
    ({"type": "map", "layers": [], "tilesets": []}, "`width` is missing"),  # among a Tiled map's keys only
    ({**PYXEL_MAP, "width": 2}, "`height` is missing"),  # beside a Tiled map's own key
    ({**PYXEL_MAP, "tiledversion": "1.11.2"}, "`width` is missing"),  # in a file Tiled wrote
])
def test_s56_a_map_type_still_makes_a_tiled_map_where_tiled_would_write_it(tmp_path, capsys, body, line):
    p = tmp_path / "m.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}: {line}"
