"""Hostile files, session 43: what the fuzzer does not make, found by hand through the real
command line (`play --frames 0`, `check`, `scenario`). Each bad file gives one line naming the
file, the place and the fault, exit code 2, never a traceback, never a hang:

- a Tiled map with thousands of spawns or thousands of tilesets (both within the limits) took
  5 to 20 s to load: each spawn rebuilt the set of all spawns, each tile looked up rebuilt the
  list of all tilesets' first gids (now made once per map);
- a tileset or template path holding a NUL, a map or tileset that is a link loop (Python 3.11's
  `Path.resolve` raised RuntimeError): a traceback;
- a template path naming a map or a tileset: read as an empty template, silently;
- digits that are digits to `str.isdigit` but not to `int` (`'²'`) or not ASCII (`'١'`) in a CSV
  layer, a `team` property, a Tiled 1.0 `tiles` / `tileproperties` table key (or one of 5,000
  digits), and a 5,000-digit native `heights` key: a traceback (or, for `'١'`, read as 1);
- a legitimate native map with a grid row `#1.O.O.O.O.O.O.O.O.2#`: refused as "a key with more
  than 8 dotted parts" (the pre-scan bounding tomllib's cost read inside strings);
- a scenario whose `map`, `teams` or `rules_file` names itself: a line with no word of why;
- a bound's fault on a 26-digit number said "not a number".
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from tests.file_faults import cli_fault, play_fault, run_cli

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
MISSING = "{kind} file {ref} not found (it must sit in the map's folder)"


def plays(capsys, path: Path) -> None:
    """`path` loads: `check` finds no error in it (design warnings aside: 1 spawn a team)."""
    code = main(["check", str(path)])
    out, _ = capsys.readouterr()
    assert code in (0, 1) and "error" not in out, out


def _spawn(i: int, x: float, y: float, team: object, kind: str = "int", **more: object) -> dict[str, object]:
    return {"id": i, "x": x, "y": y, "point": True, "visible": True,
            "properties": [{"name": "team", "type": kind, "value": team}], **more}


def tiled_map(folder: Path, name: str = "m.tmj", *, width: int = 4, height: int = 4, data: object = None,
              tilesets: list[dict[str, object]] | None = None, spawns: list[dict[str, object]] | None = None) -> Path:
    """A small JSON map on the shipped tileset (gid 1 is floor), teams 1 and 2 on (0, 0) and (2, 2)."""
    for f in ("arena-tiles.tsj", "arena-tiles.tsx"):
        if not (folder / f).exists():
            shutil.copy(MAPS / f, folder / f)
    doc = {
        "type": "map", "orientation": "orthogonal", "infinite": False, "width": width, "height": height,
        "tilewidth": 16, "tileheight": 16,
        "tilesets": tilesets if tilesets is not None else [{"firstgid": 1, "source": "arena-tiles.tsj"}],
        "layers": [
            {"type": "tilelayer", "name": "terrain", "visible": True, "width": width, "height": height,
             "data": data if data is not None else [1] * (width * height)},
            {"type": "objectgroup", "name": "spawns", "visible": True,
             "objects": spawns if spawns is not None else [_spawn(1, 8, 8, 1), _spawn(2, 40, 40, 2)]},
        ],
    }
    path = folder / name
    path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return path


def test_the_small_map_plays(tmp_path, capsys):
    plays(capsys, tiled_map(tmp_path))


def test_thousands_of_spawns_and_tilesets_load_in_linear_time(tmp_path, capsys):
    """128×128 squares, every one a spawn (16,384), each square's tile from its own one of
    12,000 tilesets: 25 s before (a quadratic search each), about 1 s now."""
    side, sets = 128, 12_000
    floor = [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]}]
    tilesets = [{"firstgid": 1 + i, "name": "", "tiles": floor} for i in range(sets)]
    data = [sets - i % sets for i in range(side * side)]
    spawns = [_spawn(i + 1, (i % side) * 16 + 8, (i // side) * 16 + 8, 1 + i % 2) for i in range(side * side)]
    path = tiled_map(tmp_path, width=side, height=side, data=data, tilesets=tilesets, spawns=spawns)
    assert path.stat().st_size < 4 * 1024 * 1024  # within the byte cap: the loader reads it all
    start = time.process_time()  # CPU time: a busy machine does not count
    board = load_map(path)
    assert time.process_time() - start < 10  # the fuzzer's hang limit: about 1 s now, 13 s before
    assert len(board.spawns["1"]) == len(board.spawns["2"]) == side * side // 2


def test_the_same_template_spelt_many_ways_is_read_once(tmp_path, capsys, monkeypatch):
    (tmp_path / "t.tj").write_text(json.dumps({"type": "template", "object": {
        "name": "spawn", "width": 16, "height": 16,
        "properties": [{"name": "team", "type": "int", "value": 1}]}}), encoding="utf-8")
    spawns = [{"id": 1, "x": 0, "y": 0, "template": "t.tj"}, {"id": 2, "x": 0, "y": 16, "template": "./t.tj"},
              {"id": 3, "x": 16, "y": 0, "template": "gone/../t.tj"}, _spawn(4, 40, 40, 2)]
    path = tiled_map(tmp_path, spawns=spawns)
    from arena_game.formats import safe_read, tiled_files

    reads: list[Path] = []
    real = safe_read.read_bytes
    monkeypatch.setattr(tiled_files, "read_bytes", lambda p, *a: reads.append(Path(p)) or real(p, *a))
    plays(capsys, path)
    assert sorted(p.name for p in reads) == ["arena-tiles.tsj", "m.tmj", "t.tj"]


@pytest.mark.parametrize(("where", "ref"), [("tileset", "arena\x00tiles.tsj"), ("template", "t\x00.tj")])
def test_a_path_holding_a_nul_is_not_found(tmp_path, capsys, where, ref):
    if where == "tileset":
        path = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "source": ref}])
        place = ""
    else:
        path = tiled_map(tmp_path, spawns=[{"id": 1, "x": 8, "y": 8, "template": ref}, _spawn(2, 40, 40, 2)])
        place = "layer 'spawns' object 1: "
    shown = repr(ref)
    assert play_fault(capsys, path) == place + MISSING.format(kind=where, ref=shown)


def test_a_map_that_is_a_link_loop_says_so(tmp_path, capsys):
    os.symlink("b.tmj", tmp_path / "a.tmj")
    os.symlink("a.tmj", tmp_path / "b.tmj")
    line = play_fault(capsys, tmp_path / "a.tmj")
    assert line.startswith("cannot be read ("), line
    code, lines, _ = run_cli(capsys, "check", tmp_path / "a.tmj")
    assert code == 2 and "Traceback" not in "".join(lines)


def test_a_tileset_that_is_a_link_loop_says_so_naming_it(tmp_path, capsys):
    os.symlink("loop.tsj", tmp_path / "loop.tsj")
    path = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "source": "loop.tsj"}])
    line = cli_fault(capsys, "play", "--frames", "0", path)
    assert line.startswith(f"arena-game: {tmp_path / 'loop.tsj'}: cannot be read ("), line


@pytest.mark.parametrize(("target", "kind"), [("other.tmj", "a map"), ("arena-tiles.tsj", "a tileset"),
                                              ("arena-tiles.tsx", "a tileset")])
def test_a_template_path_naming_another_kind_of_file_is_refused(tmp_path, capsys, target, kind):
    tiled_map(tmp_path, "other.tmj")
    path = tiled_map(tmp_path, spawns=[{"id": 1, "x": 8, "y": 8, "template": target}, _spawn(2, 40, 40, 2)])
    assert play_fault(capsys, path) == f"layer 'spawns' object 1: template path '{target}' names {kind}, not a template"


@pytest.mark.parametrize("item", ["²", "١", "1²"])
def test_csv_items_are_ascii_digits(tmp_path, capsys, item):
    csv = ",".join(["1"] * 15 + [item])
    path = tiled_map(tmp_path, data=None)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["layers"][0].update(data=csv, encoding="csv")
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert play_fault(capsys, path) == f"layer 'terrain': CSV item 16 is not a tile number (found {item!r})"


def test_csv_items_in_a_tmx_are_ascii_digits(tmp_path, capsys):
    shutil.copy(MAPS / "arena-tiles.tsx", tmp_path / "arena-tiles.tsx")
    path = tmp_path / "m.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16">\n'
        ' <tileset firstgid="1" source="arena-tiles.tsx"/>\n'
        ' <layer id="1" name="terrain" width="2" height="2"><data encoding="csv">1,1,\n1,²</data></layer>\n'
        '</map>\n', encoding="utf-8")
    assert play_fault(capsys, path) == "layer 'terrain': CSV item 4 is not a tile number (found '²')"


@pytest.mark.parametrize("team", ["²", "-²", "--1", "١"])
def test_a_team_written_in_odd_digits_is_refused(tmp_path, capsys, team):
    path = tiled_map(tmp_path, spawns=[_spawn(1, 8, 8, team, "string"), _spawn(2, 40, 40, 2)])
    assert play_fault(capsys, path) == f"layer 'spawns' object 1: team {team!r} must be 1 to 9"


@pytest.mark.parametrize("table", ["tiles", "tileproperties"])
def test_a_tiled_1_0_table_key_in_odd_digits_is_no_tile(tmp_path, capsys, table):
    """Tiled 1.0/1.1 wrote tiles as a table id → tile: a key that is no ASCII number names no tile."""
    floor = {"terrain": "floor"}
    entries = {"0": {"properties": floor}, "²": {"properties": floor}} if table == "tiles" else {"0": floor, "²": floor}
    path = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "name": "old", table: entries}])
    plays(capsys, path)


def test_a_native_heights_key_of_5000_digits_is_not_x_y(tmp_path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(f'name = "m"\ngrid = """\n#####\n#1x2#\n#####\n"""\n[heights]\n"{"9" * 5000},1" = 80\n',
                    encoding="utf-8")
    line = play_fault(capsys, path)
    assert line.startswith("heights: height key '999") and line.endswith("999,1' is not 'x,y'")
    path.write_text('name = "m"\ngrid = """\n#####\n#1x2#\n#####\n"""\n[heights]\n"٢,1" = 80\n', encoding="utf-8")
    assert play_fault(capsys, path) == "heights: height key '٢,1' is not 'x,y'"


PILLARS = 'name = "Salle des piliers"\ngrid = """\n#####################\n#1.................2#\n' \
          '#1.O.O.O.O.O.O.O.O.2#\n#1.................2#\n#####################\n"""\n'
LONG_KEY = ".".join(["a"] * 50) + " = 1\n"


def test_a_grid_row_of_pillars_between_floor_squares_is_no_dotted_key(tmp_path, capsys):
    """`1.O.O.O.O.O.O.O.O.2` looked like a TOML key of 10 dotted parts to the pre-scan that bounds
    tomllib's cost: a legitimate map was refused ("a key with more than 8 dotted parts")."""
    path = tmp_path / "pillars.toml"
    path.write_text(PILLARS, encoding="utf-8")
    plays(capsys, path)
    path.write_text(PILLARS.replace('"""', "'''"), encoding="utf-8")
    plays(capsys, path)
    rows = PILLARS.split('"""')[1].strip().split("\n")
    path.write_text('name = "p"\ngrid = "' + "\\n".join(rows) + '"\n', encoding="utf-8")  # one line, `\n` escapes
    plays(capsys, path)


@pytest.mark.parametrize(("text", "line"), [
    (PILLARS + LONG_KEY, 9),  # after the grid
    ('# a comment with """ in it\n' + LONG_KEY + '# """\n', 2),  # a quote in a comment opens no string
    ('x = "a \\"\\"\\" quote"\n' + LONG_KEY + 'y = """z"""\n', 2),  # nor one in a string
    ("x = '\"\"\"'\n" + LONG_KEY + 'y = """z"""\n', 2),
    ('grid = """\n1.O \\""" O.O\n"""\n' + LONG_KEY, 4),  # an escaped quote does not end a string
    ('x = "a = "\n' + LONG_KEY, 2),  # a value is blanked, the key after it still read
    ('"a"."b"."c"."d"."e"."f"."g"."h"."i"."j" = 1\n', 1),  # quoted key parts are no values
])
def test_a_long_dotted_key_outside_strings_is_still_refused(tmp_path, capsys, text, line):
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    assert play_fault(capsys, path) == f":{line}:1: a key with more than 8 dotted parts"


@pytest.mark.parametrize("text", ['"' * 1_000_000, "'a" * 500_000, '"""' + '\\"""' * 300_000, '#"""\n' * 200_000])
def test_the_string_scan_is_linear(text):
    from arena_game.formats.safe_read import _long_dotted_key

    start = time.process_time()  # CPU time: a busy machine does not count
    _long_dotted_key(text + "\nb.a.a.a.a.a.a.a.a.a = 1\n", 8)
    assert time.process_time() - start < 5  # about 0.4 s; quadratic would be hours


@pytest.mark.parametrize(("key", "line"), [("map", 'map = "s.toml"'), ("teams", 'map = "tutoriel"\nteams = "s.toml"'),
                                           ("rules_file", 'map = "tutoriel"\nrules_file = "./s.toml"')])
def test_a_scenario_naming_itself_says_so(tmp_path, capsys, key, line):
    """Read as its own map, a scenario was refused as `s.toml: name: required key is missing (and
    10 more)`: its own name, and no word of why."""
    path = tmp_path / "s.toml"
    path.write_text(f'title = "t"\n{line}\n', encoding="utf-8")
    code, lines, _ = run_cli(capsys, "scenario", path)
    assert code == 2 and lines == [f"arena-game: {path}: {key}: names this scenario file itself"]


@pytest.mark.parametrize("table", ["tiles", "tileproperties"])
def test_a_tiled_1_0_table_key_of_5000_digits_is_no_tile(tmp_path, capsys, table):
    floor = {"terrain": "floor"}
    key = "9" * 5000
    entries = {"0": {"properties": floor}, key: {"properties": floor}} if table == "tiles" else {"0": floor, key: floor}
    plays(capsys, tiled_map(tmp_path, tilesets=[{"firstgid": 1, "name": "old", table: entries}]))
    entries[key] = {"properties": 5} if table == "tiles" else 5  # a fault under that key is named
    path = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "name": "old", table: entries}])
    code, lines, _ = run_cli(capsys, "play", "--frames", "0", path)
    assert code == 2 and len(lines) == 1 and "Traceback" not in lines[0], lines


def test_a_number_too_long_to_show_is_not_called_not_a_number(tmp_path, capsys):
    """A bound's fault on a 26-digit number said "should be at most 999, not a number"."""
    teams = (ROOT / "arena_game" / "data" / "teams" / "default.toml").read_text(encoding="utf-8")
    path = tmp_path / "t.toml"
    path.write_text(teams.replace('damage = "1d8+1"', 'damage = "1d8+99999999999999999999999999"'), encoding="utf-8")
    assert main(["play", "--frames", "0", "--teams", str(path), "tutoriel"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arena-game: {path}: teams[0].fighters[2].weapon.damage.bonus: should be at most 999, not a very long number"]
