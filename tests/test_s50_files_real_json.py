"""Real game folders, session 50: other tools' JSON files beside the maps.

HaxeFlixel's demos (HaxeFlixel/flixel-demos) keep, in the folders a designer would give to
`check`, an Ogmo Editor 3 level (`Tutorials/TurnBasedRPG/assets/data/room-001.json`: top-level
`ogmoVersion`, `width`, `height`, `layers`) and TexturePacker atlases whose `meta` object gives
`"version"` twice (`Editors/TexturePackerAtlas/assets/test-trim-rotation.json`). `check FOLDER`
counted each as a broken map (exit code 2): the level as a Tiled map without `tilewidth`, the
atlas for its key given twice. The fixtures here are hand-made, with the real files' structure.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.file_faults import cli_fault, run_cli

MAPS = Path(__file__).resolve().parent.parent / "maps"
OGMO_LEVEL = {
    "ogmoVersion": "3.3.0", "width": 640, "height": 480, "offsetX": 0, "offsetY": 0,
    "layers": [{"name": "entities", "_eid": "40110095", "offsetX": 0, "offsetY": 0, "gridCellWidth": 16,
                "gridCellHeight": 16, "gridCellsX": 40, "gridCellsY": 30,
                "entities": [{"name": "player", "id": 0, "_eid": "40117707", "x": 128, "y": 144}]}],
}
# TexturePacker's `meta` as in the demo's file: "version" twice (json keeps the last)
ATLAS = '''{"frames": {"a.png": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}, "rotated": false}},
"meta": {"app": "http://www.codeandweb.com/texturepacker", "version": "1.0", "image": "a.png",
"format": "RGBA8888", "size": {"w": 8, "h": 8}, "scale": "1", "version": "1.0"}}
'''


def game_folder(tmp_path: Path) -> Path:
    shutil.copy(MAPS / "tutoriel.toml", tmp_path / "tutoriel.toml")
    (tmp_path / "room-001.json").write_text(json.dumps(OGMO_LEVEL, indent=2), encoding="utf-8")
    (tmp_path / "test-trim-rotation.json").write_text(ATLAS, encoding="utf-8")
    return tmp_path


def test_s50_check_folder_passes_over_an_ogmo_level_and_an_atlas_giving_a_key_twice(tmp_path, capsys):
    folder = game_folder(tmp_path)
    code, lines, out = run_cli(capsys, "check", folder)
    assert (code, lines) == (0, []), out
    assert out.splitlines()[:3] == [
        f"{folder / 'room-001.json'}: skipped (an Ogmo Editor level, not a map)",
        f"{folder / 'test-trim-rotation.json'}: skipped (a texture atlas, not a map)",
        f"{folder / 'tutoriel.toml'} (Petite arène du tutoriel): ok",
    ]


def test_s50_an_ogmo_level_given_as_a_map_is_said_to_be_one(tmp_path, capsys):
    path = game_folder(tmp_path) / "room-001.json"
    assert cli_fault(capsys, "play", "--frames", "0", path) == (
        f"arena-game: {path}: is an Ogmo Editor level, not a Tiled map")  # was "`tilewidth` is missing"
    assert cli_fault(capsys, "play", "--frames", "0", path, "--lang", "fr") == (
        f"arena-game : {path} : est un niveau d'Ogmo Editor, pas une carte Tiled")


def test_s50_a_tiled_map_giving_a_key_twice_is_still_refused_in_a_folder(tmp_path, capsys):
    folder = game_folder(tmp_path)
    text = (MAPS / "arene-inondee.tmj").read_text(encoding="utf-8")
    assert text.count('"width":') > 1
    shutil.copy(MAPS / "arena-tiles.tsj", folder / "arena-tiles.tsj")
    (folder / "twice.tmj").write_text(text.replace('"width":', '"width": 1, "width":', 1), encoding="utf-8")
    twice = folder / "twice.json"
    twice.write_text(text.replace('"width":', '"width": 1, "width":', 1), encoding="utf-8")
    code, lines, out = run_cli(capsys, "check", folder)
    assert (code, lines) == (2, []), out
    errors = [line for line in out.splitlines() if ": error [" in line]
    assert [line.split(": error [")[0] for line in errors] == [str(twice), str(folder / "twice.tmj")]
    assert all(line.endswith("key `width` is given twice in one object (keep one)") for line in errors), errors
