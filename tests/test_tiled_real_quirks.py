"""Faults a run over 658 real Tiled files found (pytmx, baylej/tmx, excalibur-tiled, melonJS,
Phaser's examples…), each on a small Tiled file written here, in `.tmx` and `.tmj` alike where
both apply:

A. an object's `rotation` (clockwise, around its x, y) moves its centre, and the spawn square;
B. a tileset's `objectalignment` says which point of a tile object x, y is;
C. a template instance without a gid of its own takes its template tile's `team` (and that
   tile's tileset, found from the template's folder);
D. `check FOLDER` checks `.json` Tiled maps, any case, and passes over other JSON;
E. suffixes count in any case, and a Tiled file that is no map says what it is, in one line;
F. a tileset or an atlas saved as JSON without a `type`; a map name on several lines; a whole
   number written as a float property, in both formats.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem, one_line, shorten

TILE = 16
SIZE = 10  # squares a side
TEAM_2 = {"id": 99, "x": 152, "y": 152, "point": True, "props": [("team", "int", 2)]}  # square (9, 9)
FORMATS = ("tmj", "tmx")


# -- small Tiled files, written as Tiled writes them ----------------------------------------------------


def _tiles(extra: list[tuple[str, str, Any]] | None = None) -> list[tuple[int, list[tuple[str, str, Any]]]]:
    """Tile 0 floor, 1 wall, 2 floor with `team` 1 (a spawn tile), 3 an obstacle with `extra`."""
    return [(0, [("terrain", "string", "floor")]), (1, [("terrain", "string", "wall")]),
            (2, [("terrain", "string", "floor"), ("team", "int", 1)]),
            (3, [("terrain", "string", "obstacle"), *(extra or [])])]


def _xml_value(value: Any) -> str:
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return escape(text, {'"': "&quot;", "\t": "&#9;"})  # as Tiled writes a tab in an attribute


def _props_json(props: list[tuple[str, str, Any]]) -> list[dict[str, Any]]:
    return [{"name": n, "type": t, "value": v} for n, t, v in props]


def _props_xml(props: list[tuple[str, str, Any]]) -> str:
    if not props:
        return ""
    items = []
    for n, t, v in props:
        text = _xml_value(v)
        if "\n" in text:  # Tiled writes a multi-line string as the element's text
            items.append(f'<property name="{n}">{text}</property>')
        else:
            items.append(f'<property name="{n}" type="{t}" value="{text}"/>')
    return "<properties>" + "".join(items) + "</properties>"


def tileset_json(alignment: str | None = None, extra: list[tuple[str, str, Any]] | None = None,
                 typed: bool = True) -> dict[str, Any]:
    ts: dict[str, Any] = {
        "name": "t", "tilewidth": TILE, "tileheight": TILE, "tilecount": 4, "columns": 4, "image": "t.png",
        "imagewidth": 4 * TILE, "imageheight": TILE, "margin": 0, "spacing": 0,
        "tiles": [{"id": i, "properties": _props_json(p)} for i, p in _tiles(extra)]}
    if typed:
        ts = {"type": "tileset", "version": "1.10", "tiledversion": "1.11.0", **ts}
    if alignment is not None:
        ts["objectalignment"] = alignment
    return ts


def tileset_xml(alignment: str | None = None, extra: list[tuple[str, str, Any]] | None = None,
                firstgid: int | None = None) -> str:
    align = f' objectalignment="{alignment}"' if alignment is not None else ""
    gid = f' firstgid="{firstgid}"' if firstgid is not None else ""
    tiles = "".join(f'<tile id="{i}">{_props_xml(p)}</tile>' for i, p in _tiles(extra))
    return (f'<tileset{gid} version="1.10" tiledversion="1.11.0" name="t" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="4" columns="4"{align}><image source="t.png" width="{4 * TILE}" height="{TILE}"/>{tiles}'
            "</tileset>")


def _object_json(o: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in o.items() if k not in ("props", "point")}
    if o.get("props"):
        out["properties"] = _props_json(o["props"])
    if o.get("point"):
        out["point"] = True
    return out


def _object_xml(o: dict[str, Any]) -> str:
    attrs = " ".join(f'{k}="{v}"' for k, v in o.items() if k not in ("props", "point"))
    return f"<object {attrs}>{_props_xml(o.get('props', []))}{'<point/>' if o.get('point') else ''}</object>"


def write_map(folder: Path, fmt: str, objects: list[dict[str, Any]], *, alignment: str | None = None,
              embedded: bool = False, firstgid: int = 1, props: list[tuple[str, str, Any]] | None = None,
              extra: list[tuple[str, str, Any]] | None = None, name: str | None = None,
              terrain: list[int] | None = None) -> Path:
    """A 10×10 map of floor, tiles of 16 px, its tileset `t` external (beside it) or embedded,
    an object layer `spawns` holding `objects` and team 2's point at square (9, 9)."""
    folder.mkdir(parents=True, exist_ok=True)
    objects = [*objects, TEAM_2]
    data = [firstgid + t for t in (terrain or [0] * SIZE * SIZE)]
    if fmt == "tmj":
        if embedded:
            ts = {"firstgid": firstgid, **{k: v for k, v in tileset_json(alignment, extra).items()
                                           if k not in ("type", "version", "tiledversion")}}
        else:
            (folder / "t.tsj").write_text(json.dumps(tileset_json(alignment, extra)), encoding="utf-8")
            ts = {"firstgid": firstgid, "source": "t.tsj"}
        doc = {"type": "map", "version": "1.10", "tiledversion": "1.11.0", "orientation": "orthogonal",
               "renderorder": "right-down", "width": SIZE, "height": SIZE, "tilewidth": TILE, "tileheight": TILE,
               "infinite": False, "nextlayerid": 3, "nextobjectid": 100, "properties": _props_json(props or []),
               "tilesets": [ts],
               "layers": [{"id": 1, "type": "tilelayer", "name": "terrain", "width": SIZE, "height": SIZE,
                           "visible": True, "opacity": 1, "x": 0, "y": 0, "data": data},
                          {"id": 2, "type": "objectgroup", "name": "spawns", "visible": True, "opacity": 1,
                           "x": 0, "y": 0, "draworder": "topdown", "objects": [_object_json(o) for o in objects]}]}
        p = folder / (name or "m.tmj")
        p.write_text(json.dumps(doc), encoding="utf-8")
        return p
    if embedded:
        ts_xml = tileset_xml(alignment, extra, firstgid)
    else:
        (folder / "t.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + tileset_xml(alignment, extra),
                                      encoding="utf-8")
        ts_xml = f'<tileset firstgid="{firstgid}" source="t.tsx"/>'
    csv = ",\n".join(",".join(str(g) for g in data[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" '
            f'width="{SIZE}" height="{SIZE}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="3" '
            f'nextobjectid="100">{_props_xml(props or [])}{ts_xml}'
            f'<layer id="1" name="terrain" width="{SIZE}" height="{SIZE}"><data encoding="csv">\n{csv}\n</data></layer>'
            f'<objectgroup id="2" name="spawns">{"".join(_object_xml(o) for o in objects)}</objectgroup></map>')
    p = folder / (name or "m.tmx")
    p.write_text(text, encoding="utf-8")
    return p


def team_1(p: Path) -> tuple[int, int]:
    """The square of team 1's only spawn."""
    (sq,) = load_map(p).spawns["1"]
    return sq


def check(*args: str) -> tuple[int, list[str]]:
    """`arena-game check ARGS`: its exit code and the lines it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", *args])
    return code, out.getvalue().splitlines()


def fault(p: Path) -> str:
    with pytest.raises(FileProblem) as e:
        load_map(p)
    line = e.value.one_line()
    assert "\n" not in line
    return line


def tile_object(x: float, y: float, rotation: float = 0, gid: int = 1, w: float = TILE, h: float = TILE,
                team: int = 1) -> dict[str, Any]:
    return {"id": 1, "gid": gid, "x": x, "y": y, "width": w, "height": h, "rotation": rotation,
            "props": [("team", "int", team)]}


# -- A. rotation ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("x", "y", "rotation", "square"), [
    # pytmx's acid0.tmx: 16 px tile objects turned about their bottom-left corner
    (48, 128, 90, (3, 8)), (64, 112, 180, (3, 7)), (80, 128, 270, (4, 7)), (80, 128, -90, (4, 7)),
    (48, 128, 0, (3, 7)), (48, 128, 450, (3, 8)),
])
def test_a_a_rotated_tile_object_spawns_under_its_turned_centre(tmp_path, fmt, x, y, rotation, square):
    assert team_1(write_map(tmp_path, fmt, [tile_object(x, y, rotation)])) == square


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("rect", "rotation", "square"), [
    ((32, 32, 64, 16), 0, (4, 2)),     # centre (64, 40)
    ((32, 32, 64, 16), 90, (1, 4)),    # turned about its top-left corner: centre (24, 64)
    ((16, 16, 96, 16), 45, (2, 3)),    # centre (16 + 40 cos 45°, 16 + 56 sin 45°) = (44.3, 55.6)
    ((16, 16, 96, 16), 22.5, (3, 2)),  # as baylej/tmx's csv.tmx rectangle: (16 + 48 cos − 8 sin, 16 + 48 sin + 8 cos)
])
def test_a_a_rotated_rectangle_turns_about_its_top_left_corner(tmp_path, fmt, rect, rotation, square):
    x, y, w, h = rect
    obj = {"id": 1, "x": x, "y": y, "width": w, "height": h, "rotation": rotation, "props": [("team", "int", 1)]}
    assert team_1(write_map(tmp_path, fmt, [obj])) == square
    if rotation == 22.5:  # the worked example, by the formula
        t = math.radians(rotation)
        cx, cy = x + 48 * math.cos(t) - 8 * math.sin(t), y + 48 * math.sin(t) + 8 * math.cos(t)
        assert square == (int(cx // TILE), int(cy // TILE))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_a_point_does_not_move_when_rotated(tmp_path, fmt):
    obj = {"id": 1, "x": 40, "y": 40, "rotation": 135, "point": True, "props": [("team", "int", 1)]}
    assert team_1(write_map(tmp_path, fmt, [obj])) == (2, 2)


# -- B. objectalignment ------------------------------------------------------------------------------------


# a 32 px tile object at (64, 64): its centre is (64, 64) + (½ − ax, ½ − ay) × 32
ALIGNED = {None: (5, 3), "unspecified": (5, 3), "bottomleft": (5, 3), "topleft": (5, 5), "top": (4, 5),
           "topright": (3, 5), "left": (5, 4), "center": (4, 4), "right": (3, 4), "bottom": (4, 3),
           "bottomright": (3, 3), "no-such-word": (5, 3)}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("embedded", [False, True], ids=["external", "embedded"])
@pytest.mark.parametrize("alignment", list(ALIGNED))
def test_b_tileset_objectalignment_places_tile_objects(tmp_path, fmt, embedded, alignment):
    p = write_map(tmp_path, fmt, [tile_object(64, 64, w=32, h=32)], alignment=alignment, embedded=embedded)
    assert team_1(p) == ALIGNED[alignment]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("alignment", "square"), [("center", (4, 4)), ("topleft", (3, 5)), ("bottomright", (5, 3))])
def test_b_a_tile_object_turns_about_its_alignment_point(tmp_path, fmt, alignment, square):
    # turned 90° about its alignment point: the centre's offset (dx, dy) becomes (−dy, dx)
    p = write_map(tmp_path, fmt, [tile_object(64, 64, 90, w=32, h=32)], alignment=alignment)
    assert team_1(p) == square


def test_b_alignment_is_not_applied_to_rectangles(tmp_path):
    obj = {"id": 1, "x": 64, "y": 64, "width": 32, "height": 32, "props": [("team", "int", 1)]}
    assert team_1(write_map(tmp_path, "tmj", [obj], alignment="bottomright")) == (5, 5)


# -- C. a template instance takes its template tile's team --------------------------------------------------


def write_template(folder: Path, fmt: str, gid: int = 3, alignment: str | None = None) -> str:
    """A template in `folder/templates/` of a 16 px tile object (gid 3 of its own tileset, at
    firstgid 1: tile 2, floor with team 1), its tileset `../tt.ts?` named from the template's folder."""
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    if fmt == "tmj":
        (folder / "tt.tsj").write_text(json.dumps(tileset_json(alignment)), encoding="utf-8")
        doc = {"type": "template", "tileset": {"firstgid": 1, "source": "../tt.tsj"},
               "object": {"id": 1, "name": "spawner", "gid": gid, "width": 16, "height": 16, "rotation": 0,
                          "visible": True, "x": 0, "y": 0}}
        (folder / "templates" / "spawner.tj").write_text(json.dumps(doc), encoding="utf-8")
        return "templates/spawner.tj"
    (folder / "tt.tsx").write_text(tileset_xml(alignment), encoding="utf-8")
    (folder / "templates" / "spawner.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template><tileset firstgid="1" source="../tt.tsx"/>'
        f'<object name="spawner" gid="{gid}" width="16" height="16"/></template>', encoding="utf-8")
    return "templates/spawner.tx"


@pytest.mark.parametrize("fmt", FORMATS)
def test_c_template_instance_without_its_own_gid_takes_the_template_tiles_team(tmp_path, fmt):
    ref = write_template(tmp_path, fmt)
    # the map's own tileset starts at gid 101: the template's gid 3 means something only in its tileset
    p = write_map(tmp_path, fmt, [{"id": 1, "template": ref, "x": 40, "y": 40}], firstgid=101)
    assert team_1(p) == (3, 2)  # bottom-left at (40, 40): the tile's centre (48, 32)


@pytest.mark.parametrize("fmt", FORMATS)
def test_c_the_template_tilesets_alignment_places_the_instance(tmp_path, fmt):
    ref = write_template(tmp_path, fmt, alignment="topleft")
    p = write_map(tmp_path, fmt, [{"id": 1, "template": ref, "x": 40, "y": 40}], firstgid=101)
    assert team_1(p) == (3, 3)  # top-left at (40, 40): centre (48, 48)


@pytest.mark.parametrize("fmt", FORMATS)
def test_c_an_instance_with_its_own_gid_reads_it_in_the_maps_tilesets(tmp_path, fmt):
    ref = write_template(tmp_path, fmt)
    # its own gid 101 is tile 0 of the map's tileset (floor, no team): no spawn for team 1
    p = write_map(tmp_path, fmt, [{"id": 1, "template": ref, "gid": 101, "x": 40, "y": 40}], firstgid=101)
    assert fault(p).endswith("no spawns for team 1 (put objects with team = 1 on a visible object layer)")
    p = write_map(tmp_path, fmt, [{"id": 1, "template": ref, "gid": 103, "x": 40, "y": 40}], firstgid=101)
    assert team_1(p) == (3, 2)  # its own gid 103: tile 2 of the map's tileset, team 1


@pytest.mark.parametrize("fmt", FORMATS)
def test_c_a_template_tileset_that_is_missing_names_the_template(tmp_path, fmt):
    ref = write_template(tmp_path, fmt)
    (tmp_path / f"tt.ts{'j' if fmt == 'tmj' else 'x'}").unlink()
    p = write_map(tmp_path, fmt, [{"id": 1, "template": ref, "x": 40, "y": 40}], firstgid=101)
    suffix = "tsj" if fmt == "tmj" else "tsx"
    assert fault(p) == f"{tmp_path / ref}: tileset file '../tt.{suffix}' not found (it must sit in the map's folder)"


# -- D. check FOLDER: .json maps, any case; other JSON passed over ------------------------------------------


def test_d_check_folder_checks_json_maps_in_any_case_and_passes_over_other_json(tmp_path):
    maps = tmp_path / "maps"
    a = write_map(maps, "tmj", [tile_object(48, 128)], name="a.json")
    b = write_map(maps, "tmx", [tile_object(48, 128)], name="B.TMX")
    c = write_map(maps, "tmj", [tile_object(48, 128)], name="c.Tmj")
    d = write_map(maps, "tmj", [tile_object(48, 128)], name="D.JSON")
    (maps / "tiles.json").write_text(json.dumps(tileset_json(typed=False)), encoding="utf-8")
    (maps / "typed.json").write_text(json.dumps(tileset_json()), encoding="utf-8")
    (maps / "atlas.json").write_text(json.dumps({"frames": {"a.png": {}}, "meta": {}}), encoding="utf-8")
    (maps / "w.json").write_text(json.dumps({"type": "world", "maps": []}), encoding="utf-8")
    (maps / "notes.json").write_text(json.dumps({"todo": ["more maps"]}), encoding="utf-8")
    (maps / "dungeon.world").write_text(json.dumps({"type": "world", "maps": []}), encoding="utf-8")
    code, lines = check(str(maps))
    assert code in (0, 1)  # design warnings at most: no JSON counted as a broken map
    assert lines[:5] == [f"{maps / 'atlas.json'}: skipped (a texture atlas, not a map)",
                         f"{maps / 'notes.json'}: skipped (a JSON file of another kind, not a map)",
                         f"{maps / 'tiles.json'}: skipped (a tileset, not a map)",
                         f"{maps / 'typed.json'}: skipped (a tileset, not a map)",
                         f"{maps / 'w.json'}: skipped (a world, not a map)"]
    checked = {line.split(" (")[0] for line in lines[5:] if not line.startswith(" ")}
    assert checked == {str(a), str(b), str(c), str(d)}
    assert not any("error" in line for line in lines)
    # named one by one (a shell glob): the same
    code, lines = check(*(str(f) for f in sorted(maps.iterdir())))
    assert code in (0, 1) and f"{maps / 'dungeon.world'}: skipped (a world, not a map)" in lines
    assert f"{maps / 'tiles.json'}: skipped (a tileset, not a map)" in lines
    assert f"{maps / 't.tsj'}: skipped (a tileset, not a map)" in lines
    code, lines = check("--lang", "fr", str(maps / "tiles.json"))
    assert (code, lines) == (0, [f"{maps / 'tiles.json'} : ignoré (un jeu de tuiles, pas une carte)"])


def test_d_a_json_file_that_does_not_read_is_checked_and_its_fault_shown(tmp_path):
    (tmp_path / "broken.json").write_text('{"type": "map", ', encoding="utf-8")
    code, lines = check(str(tmp_path))
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{tmp_path / 'broken.json'}: error [file-problem]")


# -- E. suffixes in any case; Tiled's other files say what they are ---------------------------------------------


@pytest.mark.parametrize(("name", "fmt"), [("MAP.TMX", "tmx"), ("map.Tmj", "tmj"), ("MAP.JSON", "tmj"), ("m.TmX", "tmx")])
def test_e_a_map_suffix_in_any_case_is_a_tiled_map(tmp_path, name, fmt):
    p = write_map(tmp_path, fmt, [tile_object(48, 128, 90)], name=name)
    assert team_1(p) == (3, 8)
    assert check(str(p))[0] in (0, 1)


def test_e_a_native_map_in_capitals_is_read_as_toml(tmp_path):
    p = tmp_path / "ARENA.TOML"
    p.write_text('name = "A"\ngrid = """\n#####\n#1.2#\n#####\n"""\n', encoding="utf-8")
    assert load_map(p).spawns == {"1": ((1, 1),), "2": ((3, 1),)}


@pytest.mark.parametrize(("name", "body", "line"), [
    ("dungeon.world", {"type": "world", "maps": []}, "is a world (a Tiled file), not a map"),
    ("tiles.tsj", tileset_json(), "is a tileset (a Tiled file), not a map"),
    ("tiles.TSX", tileset_xml(), "is a tileset (a Tiled file), not a map"),
    ("tiles.json", tileset_json(), "is a tileset (a Tiled file), not a map"),
    ("spawn.tj", {"type": "template", "object": {}}, "is a template (a Tiled file), not a map"),
    ("expected.py", "x = 1\n", "not a map file: a map ends in .toml, .tmj, .tmx or .json"),
    ("README", "# maps\n", "not a map file: a map ends in .toml, .tmj, .tmx or .json"),
])
def test_e_a_file_that_is_no_map_says_what_it_is_in_one_line(tmp_path, name, body, line):
    p = tmp_path / name
    p.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    assert fault(p) == f"{p}: {line}"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["render", str(p), "-o", str(tmp_path / "x.png")])
    assert code == 2 and "TOML" not in out.getvalue() and line in out.getvalue()


def test_e_a_missing_file_is_said_missing_whatever_its_suffix(tmp_path):
    for name in ("nothing.py", "nothing.world", "NOTHING.TMX"):
        assert fault(tmp_path / name) == f"{tmp_path / name}: file not found"


# -- F1. a tileset or an atlas saved as JSON without Tiled's `type` ------------------------------------------


@pytest.mark.parametrize(("body", "line"), [
    (tileset_json(typed=False), "is a tileset (a Tiled file), not a map"),  # melonJS platformer/map/tileset.json
    ({"frames": {"a.png": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}}}, "meta": {"image": "a.png"}},
     "is a texture atlas, not a Tiled map"),  # TexturePacker's atlas.json
    ({"textures": [{"image": "a.png", "frames": []}]}, "is a texture atlas, not a Tiled map"),  # Phaser 3 multi-atlas
    ({"maps": [{"fileName": "a.tmx", "x": 0, "y": 0}]}, "is a world (a Tiled file), not a map"),
    ({"todo": 1}, "not a Tiled map (no Tiled `type`, `width` or `layers` at the top level)"),
    ({"width": 3}, "`height` is missing"),  # a map (Tiled 1.0 wrote no `type`) missing its height
])
def test_f1_json_without_a_type_is_told_by_its_keys(tmp_path, body, line):
    p = tmp_path / "x.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert fault(p) == f"{p}: {line}"


def test_f1_a_map_without_a_type_still_loads(tmp_path):
    p = write_map(tmp_path, "tmj", [tile_object(48, 128)])
    doc = json.loads(p.read_text(encoding="utf-8"))
    del doc["type"]
    p.write_text(json.dumps(doc), encoding="utf-8")
    assert team_1(p) == (3, 7)


# -- F2. text from a file stays on one line --------------------------------------------------------------------


def test_f2_one_line_folds_line_breaks_controls_and_bidi():
    assert one_line("Arena\nof doom") == "Arena⏎of doom"
    assert one_line("a\r\nb\rc\u2028d\x85e\x0bf\x0cg") == "a⏎b⏎c⏎d⏎e⏎f⏎g"
    assert one_line("tab\there") == "tab here"
    assert one_line("\u202eevil\u202c \u2067x\u2069 \u200fy") == "evil x y"
    assert one_line("\x1b[31mred\x00") == "\ufffd[31mred\ufffd"
    assert shorten("x\n" * 3).splitlines() == [shorten("x\n" * 3)]
    assert FileProblem("a\nb.tmj", "bad\nthing").one_line() == "a⏎b.tmj: bad⏎thing"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("name", "shown"), [("Arena\nof doom", "Arena⏎of doom"), ("\u202eevil\u202c", "evil"),
                                             ("tab\tbed", "tab bed")])
def test_f2_a_map_name_on_several_lines_keeps_checks_line_whole(tmp_path, fmt, name, shown):
    p = write_map(tmp_path, fmt, [tile_object(48, 128)], props=[("name", "string", name)])
    assert load_map(p).name == name  # the map keeps its name; only the report folds it
    code, lines = check(str(p))
    assert code in (0, 1)
    assert lines[0].startswith(f"{p} ({shown}): ")
    assert all(line.startswith((str(p), "  ")) for line in lines)


# -- F3. a whole number written as a float, in both formats ----------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_f3_teams_written_as_a_float_property(tmp_path, fmt):
    assert load_map(write_map(tmp_path, fmt, [tile_object(48, 128)], props=[("teams", "float", 2.0)])).spawns
    bad = write_map(tmp_path / "bad", fmt, [tile_object(48, 128)], props=[("teams", "float", 2.5)])
    assert fault(bad) == f"{bad}: properties: map property `teams` must be a whole number from 2 to 9"


@pytest.mark.parametrize("fmt", FORMATS)
def test_f3_team_written_as_a_float_property(tmp_path, fmt):
    obj = {**tile_object(48, 128), "props": [("team", "float", 1.0)]}
    assert team_1(write_map(tmp_path, fmt, [obj])) == (3, 7)
    bad = write_map(tmp_path / "bad", fmt, [{**obj, "props": [("team", "float", 1.5)]}])
    assert fault(bad) == f"{bad}: layer 'spawns' object 1: `team` must be a whole number from 1 to 9 (found 1.5)"


@pytest.mark.parametrize("fmt", FORMATS)
def test_f3_height_cm_written_as_a_float_property(tmp_path, fmt):
    terrain = [3 if i == 0 else 0 for i in range(SIZE * SIZE)]  # an obstacle at (0, 0)
    p = write_map(tmp_path, fmt, [tile_object(48, 128)], extra=[("height_cm", "float", 90.0)], terrain=terrain)
    assert load_map(p).heights == {(0, 0): 90}
    bad = write_map(tmp_path / "bad", fmt, [tile_object(48, 128)], extra=[("height_cm", "float", 90.5)], terrain=terrain)
    ts = bad.parent / ("t.tsj" if fmt == "tmj" else "t.tsx")
    assert fault(bad) == f"{ts}: tileset 't' tile 3: height_cm must be a whole number from 1 to 1000 (found 90.5)"


def test_f3_the_same_fraction_gives_the_same_line_in_both_formats(tmp_path):
    lines = {}
    for f in FORMATS:
        bad = write_map(tmp_path / f, f, [{**tile_object(48, 128), "props": [("team", "float", 2.5)]}])
        lines[f] = fault(bad).removeprefix(str(bad))
    assert lines["tmj"] == lines["tmx"]
