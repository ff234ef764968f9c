"""Session 57's hunt over hand-made hostile files (docs/fuzzing.md, "Found by the hunt of
2026-12-06 (session 57)"):

- a Tiled CSV layer whose rows end without their comma was read with the line break taken out,
  so "1⏎1" was the tile 11: a wrong board when the tileset has that tile and the count comes
  out right, else "holds 21 tiles where 24 are needed" with no word of why; Tiled refuses it;
- a list property nested in lists (Tiled 1.12) too deep was named "value 1  1  1  1 …", one
  " 1" a level;
- a save's `version` written `true`, `1.0` or `3.0` was taken as 1 or 3 (JSON's true and 3.0
  equal them to Python and to pydantic's Literal): 3.0 loaded, true said "says version 1, but
  holds `board_changes`";
- a file asked for by a name whose accents are written in another Unicode form than the name
  on disk (NFC typed, NFD as macOS writes names) was "not found", though the two names print
  alike: the line now says that the other one is there.
"""

from __future__ import annotations

import json
import unicodedata

import pytest

from arena_game.formats.save import seal
from tests.file_faults import cli_fault, run_cli
from tests.test_save_versions import _played

TWELVE_TILES = "\n".join(
    f'  <tile id="{i}"><properties><property name="terrain" value="{"wall" if i == 10 else "floor"}"/></properties></tile>'
    for i in range(12))


def _tmx(tmp_path, data: str, width: int, height: int = 1):
    p = tmp_path / "m.tmx"
    p.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{width}" height="{height}" tilewidth="32" tileheight="32">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="12" columns="12">
{TWELVE_TILES}
 </tileset>
 <layer id="1" name="terrain" width="{width}" height="{height}"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="spawns">
  <object id="1" x="16" y="16"><properties><property name="team" type="int" value="1"/></properties><point/></object>
  <object id="2" x="{32 * width - 16}" y="16"><properties><property name="team" type="int" value="2"/></properties><point/></object>
 </objectgroup>
</map>""", encoding="utf-8")
    return p


NO_COMMA = ("layer 'terrain': CSV item 2 is two tile numbers on two lines, without a comma between them "
            "(found '1\\n1'): every row but the last ends with a comma, as Tiled writes it")


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_s57_a_csv_row_ending_without_its_comma_is_never_read_as_one_number(tmp_path, capsys, newline):
    # 1,1⏎1,1 on a 3×1 map: three items; read without the line break, the middle one was the
    # tile 11 (this tileset's wall) and the map loaded with a wall Tiled never shows
    p = _tmx(tmp_path, f"1,1{newline}1,1", width=3)
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}: {NO_COMMA}"


def test_s57_rows_without_their_commas_name_the_first_missing_comma_in_both_languages(tmp_path, capsys):
    p = _tmx(tmp_path, "1,1\n1,1\n1,1\n1,1", width=2, height=4)
    code, err, out = run_cli(capsys, "check", "--lang", "en", p)
    assert (code, err, out.splitlines()) == (2, [], [f"{p}: error [file-problem] {NO_COMMA}"])
    code, err, out = run_cli(capsys, "check", "--lang", "fr", p)
    assert code == 2 and "l'élément CSV 2 est fait de deux numéros de tuile sur deux lignes" in out, out


def test_s57_a_json_csv_string_without_a_row_comma_is_said_so(tmp_path, capsys):
    p = _tmx(tmp_path, "1,1,1", width=3)
    doc = {"type": "map", "orientation": "orthogonal", "width": 3, "height": 1, "tilewidth": 32, "tileheight": 32,
           "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 1, "columns": 1,
                         "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]}]}],
           "layers": [{"type": "tilelayer", "name": "terrain", "width": 3, "height": 1, "visible": True,
                       "encoding": "csv", "data": "1,1\n1,1"}]}
    p = tmp_path / "m.tmj"
    p.write_text(json.dumps(doc), encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == f"arena-game: {p}: {NO_COMMA}"


def test_s57_blanks_around_csv_items_still_load(tmp_path, capsys):
    p = _tmx(tmp_path, "\n  1 ,\r\n 1,\n\t1,\n", width=3)
    code, err, _ = run_cli(capsys, "check", p)
    assert code in (0, 1) and err == [], err


def test_s57_a_list_property_nested_too_deep_is_named_once(tmp_path, capsys):
    tileset = {"type": "tileset", "name": "e", "tilewidth": 32, "tileheight": 32, "tilecount": 1, "columns": 1,
               "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]}]}
    text = json.dumps(tileset).replace('"value": "floor"}', '"value": "floor"}, {"name": "deep", "type": "list", "value": '
                                       + "[" * 60 + "]" * 60 + "}")
    (tmp_path / "t.tsj").write_text(text, encoding="utf-8")
    p = _tmx(tmp_path, "1,1,1", width=3)
    p.write_text(p.read_text(encoding="utf-8").split(" <tileset")[0] + ' <tileset firstgid="1" source="t.tsj"/>\n <layer'
                 + p.read_text(encoding="utf-8").split(" <layer", 1)[1], encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p)
    assert line == f"arena-game: {tmp_path / 't.tsj'}: tile 0 property 'deep' value 1: nested more than 48 levels deep"


@pytest.mark.parametrize(("version", "found"), [(True, "true/false"), (False, "true/false"), (1.0, "the number 1.0"),
                                                (3.0, "the number 3.0")])
@pytest.mark.parametrize("accept", [False, True])
def test_s57_a_save_version_written_true_or_as_a_fraction_is_refused_by_name(tmp_path, capsys, version, found, accept):
    path = _played().save(tmp_path / "s.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    body = json.dumps(seal({**data, "version": version}))
    path.write_text(body, encoding="utf-8")
    argv = ["resume", path, *(["--accept-edited"] if accept else []), "--frames", "0", "--lang", "en"]
    assert cli_fault(capsys, *argv) == f"arena-game: {path}: version: should be a whole number, not {found}"
    assert path.read_text(encoding="utf-8") == body  # refused, never rewritten


NFC, NFD = unicodedata.normalize("NFC", "Arène"), unicodedata.normalize("NFD", "Arène")
AS_MARKS = ("the same name written with its accents as marks of their own (Unicode NFD, as macOS writes names), "
            "which looks alike but is not: type the name again in one of the two places")
WHOLE = ("the same name written with its accented letters whole (Unicode NFC), which looks alike but is not: "
         "type the name again in one of the two places")


def test_s57_a_map_named_in_another_unicode_form_than_on_disk_says_the_other_is_there(tmp_path, capsys):
    from arena_game.resources import find_map

    (tmp_path / f"{NFD}.toml").write_bytes(find_map("arene-classique").read_bytes())
    asked = tmp_path / f"{NFC}.toml"
    for argv in (["play", asked, "--frames", "0", "--lang", "en"], ["render", asked, "-o", tmp_path / "o.png"]):
        line = cli_fault(capsys, *argv)
        assert line == f"arena-game: {asked}: file not found: {f'{NFD}.toml'!r} is there, {AS_MARKS}"


def test_s57_teams_named_nfd_beside_an_nfc_file_say_the_other_is_there(tmp_path, capsys):
    from arena_game.resources import default_teams_path

    (tmp_path / f"{NFC}.toml").write_bytes(default_teams_path().read_bytes())
    asked = tmp_path / f"{NFD}.toml"
    line = cli_fault(capsys, "play", "--frames", "0", "--teams", asked, "--lang", "en")
    assert line == f"arena-game: {asked}: file not found: {f'{NFC}.toml'!r} is there, {WHOLE}"


def test_s57_a_tileset_and_a_scenario_map_in_another_unicode_form_say_so(tmp_path, capsys):
    (tmp_path / f"{NFD}.tsx").write_text('<?xml version="1.0"?><tileset name="t" tilewidth="32" tileheight="32" '
                                         'tilecount="1" columns="1"/>', encoding="utf-8")
    p = _tmx(tmp_path, "1,1,1", width=3)
    text = p.read_text(encoding="utf-8")
    p.write_text(text.split(" <tileset")[0] + f' <tileset firstgid="1" source="{NFC}.tsx"/>\n <layer'
                 + text.split(" <layer", 1)[1], encoding="utf-8")
    code, err, out = run_cli(capsys, "check", "--lang", "en", p)
    assert code == 2 and out.splitlines() == [
        f"{p}: error [file-problem] tileset file {f'{NFC}.tsx'!r} not found (it must sit in the map's folder): "
        f"{f'{NFD}.tsx'!r} is there, {AS_MARKS}"]
    code, err, out = run_cli(capsys, "check", "--lang", "fr", p)
    assert code == 2 and f"introuvable (il doit se trouver dans le dossier de la carte) : {f'{NFD}.tsx'!r} est là" in out
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'title = "x"\nmap = "{NFC}.toml"\n', encoding="utf-8")
    (tmp_path / f"{NFD}.toml").write_text('name = "x"\n', encoding="utf-8")
    assert cli_fault(capsys, "scenario", scenario, "--lang", "en") == (
        f"arena-game: {scenario}: map: no map file or shipped map named {f'{NFC}.toml'!r}: {f'{NFD}.toml'!r} is there, {AS_MARKS}")


def test_s57_a_name_missing_without_a_twin_is_still_just_not_found(tmp_path, capsys):
    (tmp_path / "Arene.toml").write_text('name = "x"\n', encoding="utf-8")  # no accent: another name, not a twin
    asked = tmp_path / f"{NFC}.toml"
    assert cli_fault(capsys, "play", "--frames", "0", asked, "--lang", "en") == f"arena-game: {asked}: file not found"


def test_s57_a_slip_is_looked_for_among_at_most_so_many_unknown_keys():
    from arena_game.formats.near_keys import MAX_NEAR_KEYS, near_key

    others = [f"t{i}" for i in range(MAX_NEAR_KEYS - 1)]
    assert near_key("teams", ["teamz", *others]) == "teamz"
    assert near_key("teams", ["teamz", *others, "t-last"]) is None


def test_s57_a_teams_file_of_thousands_of_unknown_tables_says_the_missing_key(tmp_path, capsys):
    # 70,000 such tables cost 3 s of comparing each name with `teams`, letter by letter
    p = tmp_path / "t.toml"
    p.write_text("[teamz]\n" + "".join(f"[t{i}.a]\n" for i in range(2000)), encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--teams", p, "--lang", "en")
    assert line == f"arena-game: {p}: teams: required key is missing (and 2001 more)"


@pytest.mark.parametrize(("prop", "found"), [
    ('<property name="terrain" type="class" propertytype="terrain"><properties><property name="x" value="wall"/>'
     '</properties></property>', "an object"),
    ('<property name="terrain" type="list"><item value="wall"/></property>', "a list"),
    ('<property name="terrain" type="int" value="1"/>', "1"),
])
def test_s57_a_terrain_given_as_a_class_a_list_or_a_number_is_said_without_python_words(tmp_path, capsys, prop, found):
    # was "terrain {'x': 'wall'} is not one of …": a Python dict's repr
    p = _tmx(tmp_path, "1,1,1", width=3)
    p.write_text(p.read_text(encoding="utf-8").replace('<property name="terrain" value="floor"/>', prop, 1), encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p)
    assert line == (f"arena-game: {p}: tileset 't' tile 0: `terrain` must be one of floor, wall, pillar, obstacle, water, "
                    f"lava, acid, hole, as text (found {found})")
