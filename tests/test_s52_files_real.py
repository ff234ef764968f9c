"""Session 52: files found beside real Tiled maps in public game projects, each on a minimal
hand-made file of the same shape (the projects' licences are not known):

- a kaplay (KAPLAY.js) React project's `src/App.tsx` and `src/main.tsx`, TypeScript files named
  one by one (`check src/*`), were "skipped (a tileset, not a map)", and `play App.tsx` said "is
  a tileset (a Tiled file)": Tiled's `.tsx` is XML, so a `.tsx` that is not is no Tiled file;
- the same project's `package.json` ("type": "module") was "a file of type 'module'", as if
  Tiled had written that type: a `type` is Tiled's only in a file Tiled wrote;
- Defold's Tiled example keeps, beside its maps, a `tileset.json` of its own (`tilesets`,
  `by_id`): `check FOLDER` counted it as a broken map ("`width` is missing", exit code 2), as
  `tilesets` alone made a JSON file a map."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.file_faults import cli_fault, run_cli

MAP = Path(__file__).resolve().parent.parent / "maps" / "tutoriel.toml"
APP_TSX = '''import { useEffect } from "react";
import kaplay from "kaplay";

export default function App() {
  useEffect(() => { kaplay({ width: 640, height: 480 }); }, []);
  return <canvas id="game" />;
}
'''
PACKAGE = {"name": "practice-kaplay", "private": True, "version": "0.0.0", "type": "module",
           "scripts": {"dev": "vite"}, "dependencies": {"kaplay": "^3001.0.0"}}
DEFOLD_TILESET = {"tilesets": {"objects": {"end_gid": 1, "first_gid": 1, "name": "objects", "properties": {}},
                               "tile": {"end_gid": 3, "first_gid": 2, "name": "tile", "properties": {}}},
                  "by_id": [{"image": "player", "id": 1, "properties": {"type": "player"}},
                            {"image": "row-1-column-1", "properties": {}, "id": 2}]}


def test_s52_a_typescript_tsx_file_is_no_tileset(tmp_path, capsys):
    app = tmp_path / "App.tsx"
    app.write_text(APP_TSX, encoding="utf-8")
    tileset = tmp_path / "tiles.tsx"
    tileset.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="t" tilewidth="8" tileheight="8"/>\n',
                       encoding="utf-8")
    code, lines, out = run_cli(capsys, "check", "--lang", "en", app, tileset)
    assert (code, lines) == (0, [])
    assert out.splitlines() == [f"{app}: skipped (not a Tiled file, not a map)",
                                f"{tileset}: skipped (a tileset, not a map)"]
    assert cli_fault(capsys, "play", "--lang", "en", "--frames", "0", app) == (
        f"arena-game: {app}: not a Tiled file: Tiled writes its .tsx files in XML, and this one is not")
    assert cli_fault(capsys, "play", "--lang", "fr", "--frames", "0", app) == (
        f"arena-game : {app} : pas un fichier Tiled : Tiled écrit ses fichiers .tsx en XML, et celui-ci n'en est pas")


@pytest.mark.parametrize("body", [b"", b"\xff\xfe<\x00t\x00", b'\xef\xbb\xbf  <tileset name="t"/>'])
def test_s52_an_empty_utf16_or_bom_tsx_keeps_its_endings_kind(tmp_path, capsys, body):
    p = tmp_path / "t.tsx"
    p.write_bytes(body)
    code, _, out = run_cli(capsys, "check", "--lang", "en", p)
    assert (code, out) == (0, f"{p}: skipped (a tileset, not a map)\n")


def test_s52_a_json_template_that_is_no_json_is_no_tiled_file(tmp_path, capsys):
    p = tmp_path / "spawn.tj"
    p.write_text("# notes\n", encoding="utf-8")
    assert cli_fault(capsys, "play", "--lang", "en", "--frames", "0", p) == (
        f"arena-game: {p}: not a Tiled file: Tiled writes its .tj files in JSON, and this one is not")


def _maps_with(folder, name, data):
    """A folder holding a shipped map and another tool's JSON file `name`."""
    folder.mkdir()
    shutil.copy(MAP, folder / "tutoriel.toml")
    (folder / name).write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_s52_a_package_json_beside_the_maps_is_another_tools_file(tmp_path, capsys):
    folder = _maps_with(tmp_path / "maps", "package.json", PACKAGE)
    code, lines, out = run_cli(capsys, "check", "--lang", "en", folder)
    assert code in (0, 1) and lines == []
    assert out.splitlines()[0] == f"{folder / 'package.json'}: skipped (a JSON file of another kind, not a map)"
    assert cli_fault(capsys, "play", "--lang", "en", "--frames", "0", folder / "package.json") == (
        f"arena-game: {folder / 'package.json'}: not a Tiled map (no Tiled `type`, `width` or `layers` at the top level)")


def test_s52_a_tiled_file_of_a_type_tiled_never_writes_keeps_that_type(tmp_path, capsys):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"type": "spaceship", "width": 4}), encoding="utf-8")
    assert cli_fault(capsys, "play", "--lang", "en", "--frames", "0", p) == (
        f"arena-game: {p}: is a file of type 'spaceship' (a Tiled file), not a map")


def test_s52_another_tools_tileset_json_beside_the_maps_is_passed_over(tmp_path, capsys):
    folder = _maps_with(tmp_path / "levels", "tileset.json", DEFOLD_TILESET)
    code, lines, out = run_cli(capsys, "check", "--lang", "en", folder)
    assert code in (0, 1) and lines == [], out  # was 2: "error [file-problem] `width` is missing"
    assert out.splitlines()[0] == f"{folder / 'tileset.json'}: skipped (a JSON file of another kind, not a map)"


def test_s52_a_tiled_map_missing_its_width_is_still_a_map(tmp_path, capsys):
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"height": 3, "tilesets": [], "layers": []}), encoding="utf-8")
    code, _, out = run_cli(capsys, "check", "--lang", "en", p)
    assert code == 2 and out == f"{p}: error [file-problem] `width` is missing\n"
