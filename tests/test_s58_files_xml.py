"""Session 58's hunt over hand-made Tiled XML (docs/fuzzing.md, "Found by the hunt of
2026-12-07 (session 58)"):

- a TMX map whose elements are in an XML namespace (`<map xmlns="…">`, or `<t:map xmlns:t="…">`
  and `<t:layer>`) was "not a Tiled file (the XML starts with <{http://…}map>)", in Python's own
  notation for a namespaced name, while Tiled reads elements by their local name and opens it;
- a TMX file whose XML declares another encoding than UTF-8 (`encoding="ISO-8859-1"`, which
  Tiled reads and never writes) and holds a byte UTF-8 cannot read was "is not UTF-8 text
  (byte 172)", with no word of the declaration that explains it.
"""

from __future__ import annotations

import pytest

from arena_game.core.terrain import Terrain
from arena_game.formats.tiled import load_tiled_map
from tests.file_faults import cli_fault, run_cli

TILES = "\n".join(
    f'  <tile id="{i}"><properties><property name="terrain" value="{"wall" if i == 1 else "floor"}"/></properties></tile>'
    for i in range(2))
SPAWNS = """<objectgroup id="2" name="spawns">
  <object id="1" x="16" y="16"><properties><property name="team" type="int" value="1"/></properties><point/></object>
  <object id="2" x="80" y="16"><properties><property name="team" type="int" value="2"/></properties><point/></object>
 </objectgroup>"""


def _tmx(map_open: str = "<map", close: str = "</map>", prefix: str = "", head: str = "UTF-8", name: str = "t") -> str:
    p = prefix
    return f"""<?xml version="1.0" encoding="{head}"?>
{map_open} version="1.10" orientation="orthogonal" width="3" height="1" tilewidth="32" tileheight="32">
 <{p}tileset firstgid="1" name="{name}" tilewidth="32" tileheight="32" tilecount="2" columns="2">
{TILES.replace("<tile ", f"<{p}tile ").replace("</tile>", f"</{p}tile>").replace("<properties>", f"<{p}properties>").replace("</properties>", f"</{p}properties>").replace("<property ", f"<{p}property ")}
 </{p}tileset>
 <{p}layer id="1" name="terrain" width="3" height="1"><{p}data encoding="csv">1,2,1</{p}data></{p}layer>
 {SPAWNS.replace("<objectgroup", f"<{p}objectgroup").replace("</objectgroup>", f"</{p}objectgroup>").replace("<object ", f"<{p}object ").replace("</object>", f"</{p}object>").replace("<properties>", f"<{p}properties>").replace("</properties>", f"</{p}properties>").replace("<property ", f"<{p}property ").replace("<point/>", f"<{p}point/>")}
{close}"""


@pytest.mark.parametrize("text", [
    _tmx('<map xmlns="http://mapeditor.org/ns"'),
    _tmx('<t:map xmlns:t="urn:x"', "</t:map>", prefix="t:"),
], ids=["default-namespace", "prefixed"])
def test_s58_a_tmx_map_in_an_xml_namespace_loads_as_tiled_reads_it(tmp_path, text):
    plain = tmp_path / "plain.tmx"
    plain.write_text(_tmx(), encoding="utf-8")
    spaced = tmp_path / "spaced.tmx"
    spaced.write_text(text, encoding="utf-8")
    board = load_tiled_map(spaced)
    assert [board.terrain((x, 0)) for x in range(3)] == [Terrain.FLOOR, Terrain.WALL, Terrain.FLOOR]
    assert board.spawns == load_tiled_map(plain).spawns and board.width == 3


def test_s58_a_namespaced_tileset_file_loads_too(tmp_path):
    (tmp_path / "t.tsx").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset xmlns="urn:x" version="1.10" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">
{TILES}
</tileset>""", encoding="utf-8")
    text = _tmx().replace(
        f' <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">\n{TILES}\n </tileset>',
        ' <tileset firstgid="1" source="t.tsx"/>')
    assert 'source="t.tsx"' in text
    p = tmp_path / "m.tmx"
    p.write_text(text, encoding="utf-8")
    assert load_tiled_map(p).terrain((1, 0)) == Terrain.WALL


def test_s58_an_xml_element_tiled_does_not_know_is_still_named_by_its_local_name(tmp_path, capsys):
    p = tmp_path / "m.tmx"
    p.write_text('<?xml version="1.0"?>\n<x:scene xmlns:x="urn:x"/>', encoding="utf-8")
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p) == (
        f"arena-game: {p}: not a Tiled file (the XML starts with <scene>)")


def test_s58_a_tmx_declaring_latin_1_with_a_latin_1_byte_names_its_declaration(tmp_path, capsys):
    p = tmp_path / "m.tmx"
    p.write_bytes(_tmx(head="ISO-8859-1", name="t\xe9").encode("latin-1"))
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p)
    assert line == (f"arena-game: {p}:3:31: is not UTF-8 text (byte 172): its XML declares the encoding "
                    "'ISO-8859-1', which Tiled reads but the game does not; open it in Tiled and save it again "
                    "(Tiled writes UTF-8)")
    code, err, out = run_cli(capsys, "check", "--lang", "fr", p)
    assert code == 2 and "son XML déclare l'encodage 'ISO-8859-1', que Tiled lit mais pas le jeu" in out, out


@pytest.mark.parametrize("head", ["UTF-8", "utf8"])
def test_s58_a_tmx_declaring_utf_8_with_a_latin_1_byte_is_only_not_utf_8(tmp_path, capsys, head):
    p = tmp_path / "m.tmx"
    raw = _tmx(head=head, name="t\xe9").encode("latin-1")
    p.write_bytes(raw)
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", p)
    at = raw.index(b"\xe9")
    assert line == f"arena-game: {p}:3:31: is not UTF-8 text (byte {at})"


def test_s58_a_tmx_declaring_latin_1_that_is_ascii_loads(tmp_path):
    p = tmp_path / "m.tmx"
    p.write_bytes(_tmx(head="ISO-8859-1").encode("ascii"))
    assert load_tiled_map(p).terrain((1, 0)) == Terrain.WALL
