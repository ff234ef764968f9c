"""A Tiled `bool` custom property (the map's `labyrinth`, R4.4) is read as Tiled reads it, the
same in `.tmx` and `.tmj` (`src/libtiled/properties.cpp`: the value goes through Qt's
QString → bool conversion, false for "", "0" and "false" in any case, true for any other text;
a JSON number through number → bool, 0 false).

- Read as Tiled reads them: `TRUE`, `False`, `1`, `0`, an empty value (false), a JSON 1 or 0.
  Before, only the exact words `true`/`false` (and JSON true/false) were taken.
- Refused in one line showing the word, since Tiled would read it as true whatever it says:
  `no`, `off`, `yes`, ` false`, `0.0`, a JSON 2 or "no".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_files import bool_property
from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx
from tests.builders import write_tiled

DATA = Path(__file__).resolve().parent / "data"
SMALL = DATA / "maps" / "diagonal-pillars.toml"


def _tmx(folder: Path, value: str) -> Path:
    text = board_to_tmx(load_map(SMALL))
    old = '<property name="labyrinth" type="bool" value="false" />'
    assert old in text
    return write_tiled(folder, text.replace(old, f'<property name="labyrinth" type="bool" value="{value}" />'), "m.tmx")


def _tmj(folder: Path, value: object) -> Path:
    doc = board_to_tmj(load_map(SMALL))
    (prop,) = [p for p in doc["properties"] if p["name"] == "labyrinth"]
    prop["value"] = value
    return write_tiled(folder, doc)


@pytest.mark.parametrize("word, read", [("true", True), ("TRUE", True), ("True", True), ("1", True),
                                        ("false", False), ("FALSE", False), ("False", False), ("0", False),
                                        ("", False)])
def test_a_tmx_bool_property_is_read_as_tiled_reads_it(tmp_path, word, read):
    assert load_map(_tmx(tmp_path, word)).labyrinth is read


@pytest.mark.parametrize("value, read", [(True, True), (False, False), ("True", True), ("FALSE", False),
                                         ("1", True), ("0", False), ("", False), (1, True), (0, False),
                                         (1.0, True), (0.0, False)])
def test_a_tmj_bool_property_is_read_as_tiled_reads_it(tmp_path, value, read):
    assert load_map(_tmj(tmp_path, value)).labyrinth is read


def _one_line(capsys, path: Path) -> str:
    code = main(["play", "--frames", "0", str(path)])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and len(err) == 1, err
    return err[0]


@pytest.mark.parametrize("word", ["no", "off", "yes", " false", "false ", "0.0", "00", "-0", "faux"])
def test_a_tmx_bool_word_tiled_would_read_as_true_is_refused_showing_it(tmp_path, capsys, word):
    path = _tmx(tmp_path, word)
    line = _one_line(capsys, path)
    assert line == (f"arena-game: {path}: properties: map property `labyrinth` must be a bool: true or false "
                    f"(found {word!r}; Tiled reads any other word as true)"), line


@pytest.mark.parametrize("value, shown", [("no", "'no'"), (2, "2"), (0.5, "0.5"), (-1, "-1"), (None, "null"),
                                          ([True], "a list")])
def test_a_tmj_bool_value_tiled_would_misread_is_refused_showing_it(tmp_path, capsys, value, shown):
    path = _tmj(tmp_path, value)
    line = _one_line(capsys, path)
    assert line.endswith(f"must be a bool: true or false (found {shown}; Tiled reads any other word as true)"), line
    assert line.startswith(f"arena-game: {path}: properties: map property `labyrinth`"), line


def test_a_refused_bool_word_reads_in_french_too(tmp_path):
    with pytest.raises(FileProblem) as e:
        load_map(_tmx(tmp_path, "non"))
    assert "doit être un booléen : true ou false (trouvé : 'non' ; Tiled lit tout autre mot comme true)" in \
        e.value.in_language("fr")


def test_bool_property_keeps_what_it_cannot_read_for_the_fault():
    assert [bool_property(v) for v in ("tRuE", "0", "", 1, 0.0, True)] == [True, False, False, True, False, True]
    assert [bool_property(v) for v in ("no", " 1", 2, 0.5, None)] == ["no", " 1", 2, 0.5, None]


def _tmx_property(folder: Path, element: str, english: str = '<property name="description_en" value="" />') -> Path:
    text = board_to_tmx(load_map(SMALL))
    old = '<property name="labyrinth" type="bool" value="false" />'
    empty = '<property name="description_en" value="" />'
    assert old in text and empty in text
    return write_tiled(folder, text.replace(old, element).replace(empty, english), "m.tmx")


def test_an_empty_value_gives_way_to_the_elements_text_as_in_tiled(tmp_path):
    """Tiled's readPropertyValue takes the element's text when `value` is missing or empty
    (the loader took the empty `value`: this map was no labyrinth, its English text lost)."""
    path = _tmx_property(tmp_path, '<property name="labyrinth" type="bool" value="">true</property>',
                         '<property name="description_en" value="">Round pillars, in English</property>')
    board = load_map(path)
    assert board.labyrinth is True and board.description_en == "Round pillars, in English"


def test_a_bool_written_as_text_between_line_breaks_is_refused_as_tiled_reads_it_as_true(tmp_path, capsys):
    path = _tmx_property(tmp_path, '<property name="labyrinth" type="bool">\n  false\n</property>')
    assert "(found '\\n  false\\n'; Tiled reads any other word as true)" in _one_line(capsys, path)


def test_blank_text_is_no_value_as_in_tiled(tmp_path):
    path = _tmx_property(tmp_path, '<property name="labyrinth" type="bool">\n  </property>')
    assert load_map(path).labyrinth is False
