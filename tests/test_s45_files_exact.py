"""Exact file reading, session 45: what the loaders took that the file does not say.

- Numbers in a TMX file went through pydantic's lax mode or Python's int()/float(), which take
  `1_0` (10), ` 7`, `+3`, `٣` and `７`: a gid, an object's x, a layer's width or an int property
  written so was read as a number Tiled would never write (and `visible="yes"` as true).
  Now an attribute is a number only when written as Tiled writes one; anything else is refused
  by name. A string property (Tiled before 1.0 wrote no types) is a team only in ASCII digits.
- A zlib or gzip layer's bytes after the stream (a second gzip member) were silently dropped,
  a stream cut short before its check sum was read, and only the first Zstandard frame was
  read. Now as Tiled reads them (`Tiled::decompress`): one zlib/gzip stream, whole, nothing
  after it; every Zstandard frame.
- An `object`- or `file`-typed `team` (or `teams`, `height_cm`) property counted as a number.
- A folder named `x.toml` in the teams (or rules) folder was listed as a file.
- A TOML string in a list, or a comment, holding `a.b.c.d.e.f.g.h.i` was taken for a long
  dotted key by the pre-scan that bounds tomllib's cost: a legitimate file refused.
- Two native `heights` keys naming one square (`"3,1"`, `"3, 1"`), two Tiled properties of one
  name, or Tiled 1.0 tile keys `"1"` and `"01"`: one silently replaced the other.
"""

from __future__ import annotations

import base64
import gzip
import json
import shutil
import struct
import time
import zlib
from pathlib import Path

import pytest
import zstandard

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from tests.file_faults import count_unpacking, play_fault

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


def plays(capsys, path: Path) -> None:
    """`path` loads: `check` finds no error in it."""
    code = main(["check", str(path)])
    out = capsys.readouterr().out
    assert code in (0, 1) and "error" not in out, out


# -- TMX numbers ------------------------------------------------------------------------------


def tmx(folder: Path, *, gid: str = "1", x: str = "8", width: str = "4", team: str = 'type="int" value="1"',
        visible: str = "", old_data: bool = False) -> Path:
    """A 4×4 TMX map on the shipped tileset, teams 1 and 2 at (0, 0) and (2, 2); the first
    square's gid, the first spawn's x and team property and the layer's width as given."""
    shutil.copy(MAPS / "arena-tiles.tsx", folder / "arena-tiles.tsx")
    if old_data:  # the oldest TMX form: one <tile gid="…"/> per square
        data = "<data>" + "".join(f'<tile gid="{gid if i == 0 else 1}"/>' for i in range(16)) + "</data>"
    else:
        data = '<data encoding="csv">' + ",".join(["1"] * 16) + "</data>"
    path = folder / "m.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="4" height="4" '
        'tilewidth="16" tileheight="16" infinite="0">\n'
        ' <tileset firstgid="1" source="arena-tiles.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{width}" height="4"{visible}>{data}</layer>\n'
        ' <objectgroup id="2" name="spawns">\n'
        f'  <object id="1" x="{x}" y="8"><properties><property name="team" {team}/></properties><point/></object>\n'
        '  <object id="2" x="40" y="40"><properties><property name="team" type="int" value="2"/></properties>'
        '<point/></object>\n'
        ' </objectgroup>\n'
        '</map>\n', encoding="utf-8")
    return path


ODD_NUMBERS = ["1_0", " 1", "1 ", "+1", "١", "１"]


def test_the_tmx_written_as_tiled_writes_it_plays(tmp_path, capsys):
    plays(capsys, tmx(tmp_path))
    plays(capsys, tmx(tmp_path, old_data=True, x="8.5", visible=' visible="1"'))
    plays(capsys, tmx(tmp_path, x="1e1"))  # QString::number writes large and small numbers so


@pytest.mark.parametrize("gid", ODD_NUMBERS)
def test_a_tmx_gid_is_ascii_digits(tmp_path, capsys, gid):
    """`<tile gid="1_0"/>` was read as tile 10 (int() takes underscores)."""
    path = tmx(tmp_path, gid=gid, old_data=True)
    assert play_fault(capsys, path) == f"layer 'terrain' data item 1: must be a whole number (found {gid!r})"


@pytest.mark.parametrize("x", ["8_0", " 8", "+8", "٨", "８", "nan", "1e999"])
def test_a_tmx_coordinate_is_a_number_as_tiled_writes_one(tmp_path, capsys, x):
    assert play_fault(capsys, tmx(tmp_path, x=x)) == f"layer 'spawns' object 1: `x` must be a number (found {x!r})"


@pytest.mark.parametrize("width", ["4_0", " 4", "+4", "٤", "4.0"])
def test_a_tmx_size_is_ascii_digits(tmp_path, capsys, width):
    assert play_fault(capsys, tmx(tmp_path, width=width)) == (
        f"layer 'terrain': `width` must be a whole number (found {width!r})")


@pytest.mark.parametrize("word", ["yes", "true", "on", " 1"])
def test_a_tmx_visible_flag_is_0_or_1(tmp_path, capsys, word):
    """pydantic's lax mode read `visible="yes"` (or "on", "t", "y") as true."""
    path = tmx(tmp_path, visible=f' visible="{word}"')
    assert play_fault(capsys, path) == f"layer 'terrain': `visible` must be true or false (found {word!r})"


@pytest.mark.parametrize(("kind", "value"), [("int", v) for v in ODD_NUMBERS]
                         + [("float", "١.0"), ("float", "1_0.0"), ("string", " 1"), ("string", "+1")])
def test_a_team_property_is_ascii_digits(tmp_path, capsys, kind, value):
    """A TMX int property `٣` was team 3, `+1` and ` 1` team 1 (int() takes them)."""
    path = tmx(tmp_path, team=f'type="{kind}" value="{value}"')
    assert play_fault(capsys, path) == f"layer 'spawns' object 1: team {value!r} must be 1 to 9"


def test_a_team_as_tiled_writes_it_in_each_type_plays(tmp_path, capsys):
    for team in ('type="int" value="1"', 'type="float" value="1.0"', 'value="1"'):  # untyped: Tiled 0.x
        plays(capsys, tmx(tmp_path, team=team))


def test_a_second_properties_block_is_read_as_tiled_reads_it(tmp_path, capsys):
    """Tiled merges every `<properties>` block of an element (`mergeProperties`): the loader
    read the first only, so a `team` in a second block was dropped ("no spawns for team 1")."""
    path = tmx(tmp_path)
    one = '<properties><property name="team" type="int" value="1"/></properties>'
    two = '<properties><property name="note" value="start"/></properties>' + one
    text = path.read_text(encoding="utf-8")
    assert text.count(one) == 1
    path.write_text(text.replace(one, two), encoding="utf-8")
    plays(capsys, path)


# -- property types ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["object", "file", "color"])
def test_a_team_property_of_a_type_holding_no_number_is_refused(tmp_path, capsys, kind):
    """An object reference `team` (id 1) or a file `team` ("1") counted as team 1."""
    path = tmx(tmp_path, team=f'type="{kind}" value="1"')
    assert play_fault(capsys, path) == (f"layer 'spawns' object 1: property `team` is of type '{kind}', which "
                                       "holds no number: make it an int property")


def _json_map(folder: Path, map_props: list[dict[str, object]] | None = None,
              spawn_props: list[dict[str, object]] | None = None) -> Path:
    shutil.copy(MAPS / "arena-tiles.tsj", folder / "arena-tiles.tsj")

    def spawn(i: int, x: int, props: list[dict[str, object]]) -> dict[str, object]:
        return {"id": i, "x": x, "y": x, "point": True, "properties": props}

    doc = {"type": "map", "orientation": "orthogonal", "infinite": False, "width": 4, "height": 4, "tilewidth": 16,
           "tileheight": 16, "properties": map_props or [], "tilesets": [{"firstgid": 1, "source": "arena-tiles.tsj"}],
           "layers": [{"type": "tilelayer", "name": "terrain", "visible": True, "width": 4, "height": 4, "data": [1] * 16},
                      {"type": "objectgroup", "name": "spawns", "visible": True, "objects": [
                          spawn(1, 8, spawn_props or [{"name": "team", "type": "int", "value": 1}]),
                          spawn(2, 40, [{"name": "team", "type": "int", "value": 2}])]}]}
    path = folder / "m.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_map_teams_property_of_type_file_is_refused(tmp_path, capsys):
    path = _json_map(tmp_path, map_props=[{"name": "teams", "type": "file", "value": "2"}])
    assert play_fault(capsys, path) == ("map: property `teams` is of type 'file', which holds no number: "
                                       "make it an int property")


def test_a_tile_height_of_type_object_is_refused_naming_the_tileset(tmp_path, capsys):
    tileset = tmp_path / "t.tsj"
    tileset.write_text(json.dumps({"type": "tileset", "name": "crates", "tiles": [
        {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]},
        {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "obstacle"},
                                 {"name": "height_cm", "type": "object", "value": 120}]}]}), encoding="utf-8")
    path = _json_map(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["tilesets"] = [{"firstgid": 1, "source": "t.tsj"}]
    doc["layers"][0]["data"] = [1] * 15 + [2]
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["play", "--frames", "0", str(path)])
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and err == [f"arena-game: {tileset}: tileset 'crates' tile 1: property `height_cm` is of type "
                                 "'object', which holds no number: make it an int property"]


def test_a_property_given_twice_is_refused(tmp_path, capsys):
    """Two `team` properties on one object: the first was dropped unread."""
    twice = [{"name": "team", "type": "int", "value": 1}, {"name": "team", "type": "int", "value": 2}]
    path = _json_map(tmp_path, spawn_props=twice)
    assert play_fault(capsys, path) == "layer 'spawns' object 1: property `team` is given twice (keep one)"
    path = _json_map(tmp_path, map_props=[{"name": "teams", "type": "int", "value": 2},
                                          {"name": "teams", "type": "int", "value": 3}])
    assert play_fault(capsys, path) == "map: property `teams` is given twice (keep one)"


def test_a_tiled_1_0_tile_key_with_a_leading_zero_names_no_tile(tmp_path, capsys):
    """Tiles `"01"` (wall) and `"1"` (floor) were both tile 1, the first's terrain kept."""
    path = _json_map(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["tilesets"] = [{"firstgid": 1, "name": "old", "tileproperties": {
        "0": {"terrain": "floor"}, "01": {"terrain": "wall"}, "1": {"terrain": "floor"}}}]
    doc["layers"][0]["data"] = [2] * 16
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_map(path).cells[0].value == "floor"


# -- packed tile data -------------------------------------------------------------------------

FLOOR16 = struct.pack("<16I", *[1] * 16)
HALF = struct.pack("<8I", *[1] * 8)


def packed_map(folder: Path, compression: str, packed: bytes) -> Path:
    path = _json_map(folder)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["layers"][0].update(encoding="base64", compression=compression, data=base64.b64encode(packed).decode())
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(("compression", "packed"), [
    ("zlib", zlib.compress(FLOOR16)), ("gzip", gzip.compress(FLOOR16)), ("zstd", zstandard.compress(FLOOR16)),
    ("zlib", gzip.compress(FLOOR16)), ("gzip", zlib.compress(FLOOR16)),  # Tiled takes either header (15 + 32)
    ("zstd", zstandard.compress(HALF) + zstandard.compress(HALF)),  # frame after frame, as ZSTD_decompress
])
def test_packed_data_tiled_reads_plays(tmp_path, capsys, compression, packed):
    plays(capsys, packed_map(tmp_path, compression, packed))


@pytest.mark.parametrize(("compression", "packed", "n"), [
    ("gzip", gzip.compress(HALF) + gzip.compress(HALF), len(gzip.compress(HALF))),  # a second member
    ("gzip", gzip.compress(FLOOR16) + b"\0", 1),
    ("zlib", zlib.compress(FLOOR16) + b"junk", 4),
])
def test_bytes_after_a_zlib_or_gzip_stream_are_refused(tmp_path, capsys, compression, packed, n):
    """They were dropped unread (Tiled refuses the layer: `avail_in != 0`)."""
    unit = "byte" if n == 1 else "bytes"
    assert play_fault(capsys, packed_map(tmp_path, compression, packed)) == (
        f"layer 'terrain': its {compression} tile data goes on for {n} {unit} after its end (Tiled writes one "
        "stream and reads no further)")


@pytest.mark.parametrize(("compression", "packed"), [
    ("zlib", zlib.compress(FLOOR16)[:-4]),  # every tile there, the check sum cut off: it was read
    ("gzip", gzip.compress(FLOOR16)[:-8]),
    ("zstd", zstandard.compress(FLOOR16)[:-1]),
    ("zstd", zstandard.compress(FLOOR16) + b"junk"),
])
def test_a_stream_cut_short_or_followed_by_junk_is_damaged(tmp_path, capsys, compression, packed):
    assert play_fault(capsys, packed_map(tmp_path, compression, packed)) == (
        f"layer 'terrain': its {compression} tile data is damaged")


def test_zstd_frames_unpacking_to_more_than_the_map_are_refused_unread(tmp_path, capsys, monkeypatch):
    bomb = zstandard.compress(FLOOR16) + zstandard.compress(bytes(16 * 1024 * 1024))  # 16 MB in 531 bytes
    assert len(bomb) < 64 + 1024  # within what a 4×4 layer may hold packed: it is unpacked
    unpacked = count_unpacking(monkeypatch)
    assert play_fault(capsys, packed_map(tmp_path, "zstd", bomb)) == (
        "layer 'terrain': its zstd tile data unpacks to more than 64 bytes")
    # the first frame whole (the map's 64 bytes); of the second, what the first 64 packed bytes
    # fed hold: a few blocks, never the 16 MB
    assert unpacked[0] == 64 and 0 < sum(unpacked[1:]) <= 4 * 1024 * 1024, unpacked


# -- files listed -----------------------------------------------------------------------------


@pytest.fixture
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_a_folder_named_like_a_teams_file_is_not_listed(user_data):
    from arena_game.formats.roster import roster_dir, roster_files

    (roster_dir() / "x.toml").mkdir(parents=True)
    shutil.copy(ROOT / "arena_game" / "data" / "teams" / "default.toml", roster_dir() / "mine.toml")
    assert roster_files() == [roster_dir() / "mine.toml"]


def test_a_folder_named_like_a_rules_file_is_not_listed(user_data):
    from arena_game.formats.house_rules import house_rules_dir, house_rules_files

    (house_rules_dir() / "x.toml").mkdir(parents=True)
    (house_rules_dir() / "table.toml").write_text("", encoding="utf-8")
    assert house_rules_files() == [house_rules_dir() / "table.toml"]


# -- TOML --------------------------------------------------------------------------------------

DOTTED = "a.b.c.d.e.f.g.h.i"


@pytest.mark.parametrize(("line", "value"), [
    (f'x = ["{DOTTED}"]', [DOTTED]), (f"x = ['{DOTTED}']", [DOTTED]), (f'x = [\n  "v",\n  "{DOTTED}",\n]', ["v", DOTTED]),
    (f'x = {{ y = ["{DOTTED}"] }}', {"y": [DOTTED]}), (f"x = 1  # version {DOTTED}", 1),
    (f'x = ["a", """{DOTTED}"""]', ["a", DOTTED]), (f'x = ["a\\"", "{DOTTED}"]', ['a"', DOTTED]),
])
def test_a_dotted_text_in_a_list_or_a_comment_is_no_key(line, value):
    """The pre-scan blanked only strings right after `=`: these were refused as "a key with
    more than 8 dotted parts"."""
    from arena_game.formats.safe_read import parse_toml

    assert parse_toml("t.toml", line + "\n") == {"x": value}


def test_a_map_with_a_dotted_comment_plays(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(f'# after {DOTTED}\nname = "m"\ngrid = """\n#####\n#1.2#\n#####\n"""\n', encoding="utf-8")
    plays(capsys, path)


@pytest.mark.parametrize("text", ["x = [" + f'"{DOTTED}", ' * 50_000 + '"a"]', "#" + "a." * 500_000 + "\n",
                                  "x = [" + "'" * 1_000_000])
def test_the_scan_over_lists_and_comments_is_linear(text):
    from arena_game.formats.safe_read import _long_dotted_key

    start = time.process_time()  # CPU time: a busy machine does not count
    assert _long_dotted_key(text, 8) is None
    assert time.process_time() - start < 5  # about 0.4 s for a megabyte (the TOML cap); quadratic would be hours


def test_a_long_dotted_key_in_an_inline_table_is_still_refused(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(f'x = ["v"]  # {DOTTED}\ny = {{ {DOTTED} = 1 }}\n', encoding="utf-8")
    assert play_fault(capsys, path) == ":2:7: a key with more than 8 dotted parts"


# -- native heights ----------------------------------------------------------------------------

GRID = 'name = "m"\ngrid = """\n#####\n#1x2#\n#####\n"""\n[heights]\n'


@pytest.mark.parametrize(("first", "second"), [("2,1", "2, 1"), ("2,1", "02,1"), ("2,1", "2,01")])
def test_one_square_given_two_heights_is_refused(tmp_path, capsys, first, second):
    """`"2,1" = 80` then `"2, 1" = 120`: the second silently replaced the first."""
    path = tmp_path / "m.toml"
    path.write_text(GRID + f'"{first}" = 80\n"{second}" = 120\n', encoding="utf-8")
    assert play_fault(capsys, path) == (f"heights: height given twice for (2, 1), as '{first}' and '{second}' "
                                       "(keep one)")


@pytest.mark.parametrize("key", ["2,1\\n", "2,1\\u3000", "\\u20282,1", "+2,1", "2_0,1"])
def test_a_heights_key_is_ascii_digits_and_spaces(tmp_path, capsys, key):
    """`$` took a line break after the key, and `\\s` any script's spaces."""
    path = tmp_path / "m.toml"
    path.write_text(GRID + f'"{key}" = 80\n', encoding="utf-8")
    assert play_fault(capsys, path).startswith("heights: height key ")


def test_a_heights_key_with_spaces_plays(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(GRID + '" 2 ,\t1 " = 80\n', encoding="utf-8")
    assert load_map(path).heights[(2, 1)] == 80


# -- scenarios ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["R1.\u0666", "R\uff11.6", "R1.6\n"])
def test_a_scenario_expect_refused_is_a_rule_number_in_ascii(tmp_path, capsys, rule):
    """`R1.٦` was taken for a rule number (`\\d`), then matched no refusal: the scenario failed on
    the action, with no word of the typo."""
    text = (ROOT / "scenarios" / "combat" / "duel-to-the-end.toml").read_text(encoding="utf-8")
    assert 'expect_refused = "R1.6"' in text
    path = tmp_path / "s.toml"
    path.write_text(text.replace('expect_refused = "R1.6"', f"expect_refused = {json.dumps(rule)}", 1), encoding="utf-8")
    code = main(["scenario", str(path), "--lang", "en"])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and err == [f"arena-game: {path}: actions[0].expect_refused: expect_refused must be a rule "
                                 f"number such as \"R2.2\", not {rule!r}"]


def test_the_new_faults_read_in_french(tmp_path, capsys):
    folders = [tmp_path / name for name in "abc"]
    for folder in folders:
        folder.mkdir()
    heights = tmp_path / "h.toml"
    heights.write_text(GRID + '"2,1" = 80\n"2, 1" = 120\n', encoding="utf-8")
    cases = [
        (packed_map(folders[0], "gzip", gzip.compress(FLOOR16) + b"\0\0"),
         "calque 'terrain' : ses données de tuiles gzip continuent sur 2 octets après leur fin (Tiled écrit un seul "
         "flux et ne lit rien au-delà)"),
        (tmx(folders[1], team='type="file" value="1"'),
         "calque 'spawns' objet 1 : la propriété `team` est de type 'file', qui ne contient pas de nombre : "
         "faites-en une propriété int (nombre entier)"),
        (_json_map(folders[2], map_props=[{"name": "teams", "type": "int", "value": 2}] * 2),
         "carte : la propriété `teams` est donnée deux fois (n'en gardez qu'une)"),
        (heights, "heights : hauteur donnée deux fois pour (2, 1), en '2,1' et en '2, 1' (n'en gardez qu'une)"),
    ]
    for path, said in cases:
        assert main(["play", "--frames", "0", "--lang", "fr", str(path)]) == 2
        assert capsys.readouterr().err.splitlines() == [f"arena-game : {path} : {said}"]
