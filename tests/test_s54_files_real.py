"""Session 54: files of real game projects beside their Tiled maps, each on a minimal hand-made
file of the same shape (the projects' licences are not known):

- a Phaser game's web app manifest (`pwa/manifest.json`: `"orientation": "landscape"`, a name,
  icons) was read as a Tiled map, as `orientation` is a map's key: `check FOLDER` counted it as
  a broken map ("`width` is missing", exit code 2). An orientation makes a map only when it is
  one Tiled writes, or beside a key only a map has;
- a character generator's sprite description (the Universal LPC Spritesheet Generator's JSON,
  beside a LÖVE game's maps: `bodyTypeName`, `url`, `credits` and a list of `layers`, each a
  sprite sheet) was read as a Tiled map ("`width` is missing"), as `layers` is a map's key: a
  `layers` makes a map only when its items are Tiled layers (a `type` of tilelayer, objectgroup,
  imagelayer or group), or beside a key only a map has;
- a C++ game's table of resources by kind (`assets/data/resource_mapping.json`: `sound`, `music`
  and `textures`, each a table of names to paths) was "skipped (a texture atlas)": `textures` makes
  an atlas only as a list of sheets with their frames (Phaser 3's multi-atlas), `frames` only as a
  table or a list;
- a game's own data, a JSON list of named things (its characters, its weapons: `[{"name",
  "displayName", "startingWeapon", …}]`), was "skipped (a custom types file)", and given as a
  map said to be "a custom types file (a Tiled file)": Tiled's custom types are entries of
  `name`, `color` and `properties` (objecttypes.json) or an `id`, a `name` and a `type` "class"
  or "enum" (propertytypes.json); any other list is a JSON file of another kind.
"""

from __future__ import annotations

import json

import pytest

from tests.file_faults import cli_fault, folder_beside_maps, run_cli

MANIFEST = {"short_name": "Cat", "name": "Cat Got Your Tongue", "icons": [{"src": "/icon.png", "type": "image/png",
            "sizes": "192x192"}], "start_url": "./index.html", "display": "fullscreen", "orientation": "landscape",
            "theme_color": "#ffffff"}
CHARACTERS = [{"name": "purple", "displayName": "Three-eye", "startingWeapon": "rocket-small", "difficulty": "Easy"},
              {"name": "pink", "displayName": "Cyclops", "startingWeapon": "plane", "difficulty": "Easy"}]
SPRITE = {"bodyTypeName": "male", "url": "https://example.org/#?body=Body_color_light", "version": 1,
          "credits": [{"fileName": "body/bodies/male/light.png", "licenses": "CC-BY-SA 3.0"}],
          "layers": [{"fileName": "weapon/crossbow.png", "zPos": -1, "name": "Crossbow", "variant": "crossbow"},
                     {"fileName": "body/bodies/male/light.png", "zPos": 10, "name": "Body_color", "variant": "light"}]}
RESOURCES = {"sound": {"ui_click": "assets/audio/click.wav"}, "music": {"title": "assets/music/title.ogg"},
             "textures": {"archer": "assets/textures/archer.png", "tree": "assets/textures/tree.png"}}
WEAPONS = [{"name": "rocket-small", "displayName": "Seeker rocket", "baseSpeed": 1.4, "baseDamage": 2,
            "blockedUpgradeAttributes": ["Size"]}]


def test_s54_a_web_app_manifest_beside_the_maps_is_passed_over(tmp_path, capsys):
    folder = folder_beside_maps(tmp_path, manifest=MANIFEST)
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'manifest.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]
    assert cli_fault(capsys, "play", "--frames", "0", folder / "manifest.json") == (
        f"arena-game: {folder / 'manifest.json'}: not a Tiled map (no Tiled `type`, `width` or `layers` at the top "
        "level)")


@pytest.mark.parametrize(("body", "line"), [
    ({"orientation": "orthogonal"}, "`width` is missing"),  # Tiled's word alone: a map missing its keys
    ({"orientation": "landscape", "tilewidth": 16}, "`width` is missing"),  # beside a key only a map has
    ({"orientation": "landscape", "width": 4, "height": 4}, "`tilewidth` is missing"),  # among a map's keys only
])
def test_s54_an_orientation_still_makes_a_map_where_tiled_would_write_it(tmp_path, capsys, body, line):
    p = tmp_path / "m.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", p) == f"arena-game: {p}: {line}"


def test_s54_a_games_list_of_named_things_is_no_custom_types_file(tmp_path, capsys):
    folder = folder_beside_maps(tmp_path, characters=CHARACTERS, weapons=WEAPONS)
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'characters.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'weapons.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]
    assert cli_fault(capsys, "play", "--frames", "0", folder / "characters.json") == (
        f"arena-game: {folder / 'characters.json'}: not a Tiled file (the top level is not a JSON object)")


@pytest.mark.parametrize("body", [
    [{"color": "#ffa0a0a4", "name": "Enemy", "properties": [{"name": "hp", "type": "int", "value": 10}]}],
    [{"name": "Door", "properties": []}],
    [{"id": 1, "name": "Monster", "type": "class", "useAs": ["object"], "members": []},
     {"id": 2, "name": "Colour", "type": "enum", "storageType": "string", "values": ["red"], "valuesAsFlags": False}],
])
def test_s54_tiled_custom_types_are_still_said_to_be_some(tmp_path, capsys, body):
    p = tmp_path / "types.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    code, err, out = run_cli(capsys, "check", p)
    assert (code, err, out) == (0, [], f"{p}: skipped (a custom types file, not a map)\n")


def test_s54_a_sprite_generators_layers_beside_the_maps_are_passed_over(tmp_path, capsys):
    folder = folder_beside_maps(tmp_path, crossbow=SPRITE)
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'crossbow.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]
    assert cli_fault(capsys, "play", "--frames", "0", folder / "crossbow.json") == (
        f"arena-game: {folder / 'crossbow.json'}: not a Tiled map: another tool's file (its `layers` is not a Tiled "
        "map's)")


@pytest.mark.parametrize(("body", "line"), [
    ({"name": "x", "credits": [], "layers": [{"type": "tilelayer", "name": "terrain"}]},
     "`width` is missing"),  # Tiled's layers: a map missing its keys
    ({"type": "map", "layers": [{"name": "Crossbow"}]}, "`width` is missing"),  # Tiled's `type`: a map all the same
    ({"name": "x", "credits": [], "layers": [{"name": "Crossbow"}]},
     "not a Tiled map: another tool's file (its `layers` is not a Tiled map's)"),
    ({"type": "character", "layers": [{"fileName": "a.png"}]},  # a `type` of its own, nothing else of Tiled's
     "not a Tiled map: another tool's file (its `layers` is not a Tiled map's)"),
])
def test_s54_layers_make_a_map_when_they_are_tileds(tmp_path, capsys, body, line):
    p = tmp_path / "m.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", p) == f"arena-game: {p}: {line}"


def test_s54_a_games_table_of_textures_is_no_atlas(tmp_path, capsys):
    folder = folder_beside_maps(tmp_path, resource_mapping=RESOURCES)
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'resource_mapping.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]


@pytest.mark.parametrize("body", [
    {"frames": {"a.png": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}}}, "meta": {"image": "a.png"}},  # TexturePacker
    {"frames": [{"filename": "a.png", "frame": {"x": 0, "y": 0, "w": 8, "h": 8}}], "meta": {}},  # its array form
    {"textures": [{"image": "a.png", "frames": []}]},  # Phaser 3's multi-atlas
])
def test_s54_texture_atlases_are_still_said_to_be_some(tmp_path, capsys, body):
    p = tmp_path / "atlas.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    code, err, out = run_cli(capsys, "check", p)
    assert (code, err, out) == (0, [], f"{p}: skipped (a texture atlas, not a map)\n")
