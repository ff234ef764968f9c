"""Session 58's hunt over hand-made files the mutator does not make (docs/fuzzing.md, "Found by
the hunt of 2026-12-07 (session 58)"):

- a key holding a character that shows as nothing (a zero-width space pasted from a web page, a
  no-break space, a soft hyphen) was named as it reads, `pv` and a zero-width space printing as
  `fighters[0].pv: unknown key (did you mean `pv`?)`, the key and its slip alike; now quoted with
  the character escaped;
- a Tiled JSON `team` written `true` was "team True must be 1 to 9", a tile whose `id` is true
  "tile True": Python's spelling; now `found true` and the tile's place;
- a JSON layer whose `encoding` is base64 and whose `data` is a list (or another encoding with a
  list) was played from the list, while Tiled reads a Base64 layer's text alone and refuses it
  ("Corrupt layer data").
"""

from __future__ import annotations

import pytest

from tests.file_faults import cli_fault, teams_with


@pytest.mark.parametrize(("key", "shown"), [
    ("pv\u200b", "'pv\\u200b'"),
    ("pv\u00a0", "'pv\\xa0'"),
    ("p\u00adv", "'p\\xadv'"),
    ("pv\t", "'pv\\t'"),
])
def test_s58_an_unknown_key_with_an_unseen_character_is_shown_escaped(tmp_path, capsys, key, shown):
    p = teams_with(tmp_path, "pv = 30", f'"{key}" = 30'.replace("\t", "\\t"))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--teams", p, "arene-classique") == (
        f"arena-game: {p}: teams[0].fighters[0].{shown}: unknown key (did you mean `pv`?)")


@pytest.mark.parametrize("key", ["pv x", "\u0440v", "pvé"])
def test_s58_a_key_of_visible_characters_is_shown_as_written(tmp_path, capsys, key):
    p = teams_with(tmp_path, "mana = 4", f'"{key}" = 30')
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--teams", p, "arene-classique")
    assert line.startswith(f"arena-game: {p}: teams[0].fighters[0].{key}: unknown key"), line


def test_s58_a_rules_key_with_a_zero_width_space_is_shown_escaped(tmp_path, capsys):
    p = tmp_path / "r.toml"
    p.write_text('[push]\n"squares\u200b" = 2\n', encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--rules", p, "arene-classique")
    assert line.startswith(f"arena-game: {p}: push.'squares\\u200b': unknown key"), line


def _tmj(tmp_path, change) -> object:
    import json

    doc = {"type": "map", "orientation": "orthogonal", "width": 3, "height": 1, "tilewidth": 32, "tileheight": 32,
           "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 2, "columns": 2,
                         "tiles": [{"id": i, "properties": [{"name": "terrain", "type": "string", "value": t}]}
                                   for i, t in enumerate(("floor", "wall"))]}],
           "layers": [{"type": "tilelayer", "name": "terrain", "width": 3, "height": 1, "visible": True, "data": [1, 2, 1]},
                      {"type": "objectgroup", "name": "spawns", "visible": True, "objects": [
                          {"id": n, "point": True, "x": x, "y": 16, "visible": True,
                           "properties": [{"name": "team", "type": "int", "value": n}]} for n, x in ((1, 16), (2, 80))]}]}
    change(doc)
    p = tmp_path / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


@pytest.mark.parametrize(("value", "found"), [(True, "true"), (False, "false")])
def test_s58_a_team_written_true_is_said_in_json_words(tmp_path, capsys, value, found):
    # was "team True must be 1 to 9": Python's spelling of JSON's true
    p = _tmj(tmp_path, lambda d: d["layers"][1]["objects"][0]["properties"][0].update(value=value))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: layer 'spawns' object 1: `team` must be a whole number from 1 to 9 (found {found})")


def test_s58_a_tile_whose_id_is_true_is_named_by_its_place(tmp_path, capsys):
    # was "tileset 't' tile True: `id` must be…"
    p = _tmj(tmp_path, lambda d: d["tilesets"][0]["tiles"][1].update(id=True))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: tileset 't' tile 2: `id` must be a whole number (found true)")


def test_s58_a_base64_layer_holding_a_list_is_refused_as_tiled_refuses_it(tmp_path, capsys):
    # Tiled reads a Base64 layer's data as text alone: a list is "Corrupt layer data"; it was played
    p = _tmj(tmp_path, lambda d: d["layers"][0].update(encoding="base64"))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: layer 'terrain': its `encoding` is base64 but its data is a list of tile numbers, "
        "which Tiled does not read (Corrupt layer data): remove the `encoding`, or write the data as Base64 text")
    p = _tmj(tmp_path, lambda d: d["layers"][0].update(encoding="zstd"))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: layer 'terrain': unknown tile data encoding 'zstd' (use CSV or Base64)")


@pytest.mark.parametrize("encoding", ["csv", None])
def test_s58_a_json_layer_list_with_csv_or_no_encoding_still_loads(tmp_path, encoding):
    from arena_game.core.terrain import Terrain
    from arena_game.formats.tiled import load_tiled_map

    p = _tmj(tmp_path, lambda d: d["layers"][0].update({} if encoding is None else {"encoding": encoding}))
    assert load_tiled_map(p).terrain((1, 0)) == Terrain.WALL
