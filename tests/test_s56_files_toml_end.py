"""A TOML file that ends inside something (s56): tomllib says "(at end of document)" with no place;
the line names where what is left open starts — a map cut short, its grid's opening quotes — or the
document's end, never no place at all."""

from __future__ import annotations

import pytest

from arena_game.cli import main


@pytest.mark.parametrize(("text", "english", "french"), [
    ('name = "Cut"\ngrid = """\n#####\n#1.2#\n', "2:8: TOML syntax error: Unterminated string",
     "2:8 : erreur de syntaxe TOML : texte entre guillemets non fermé"),
    ('name = "Cut', "1:8: TOML syntax error: Unterminated string",
     "1:8 : erreur de syntaxe TOML : texte entre guillemets non fermé"),
    ("grid = '''\n#1.2#\n", "1:8: TOML syntax error: Expected \"'''\"", None),
    ('name = "x"\nlegend = { a = ["floor",\n', "2:16: TOML syntax error: this `[` is never closed",
     "2:16 : erreur de syntaxe TOML : ce `[` n'est jamais refermé"),
    ('heights = [1, "]", # ]\n2,\n', "1:11: TOML syntax error: this `[` is never closed", None),
    ('name = "x"\nb', "2:2: TOML syntax error: Expected '=' after a key in a key/value pair (at end of document)",
     "2:2 : erreur de syntaxe TOML : un « = » est attendu après la clé (à la fin du document)"),
])
def test_s56_a_toml_map_cut_short_names_where_it_is_left_open(tmp_path, capsys, text, english, french):
    path = tmp_path / "cut.toml"
    path.write_text(text, encoding="utf-8")
    for lang, words in (("en", english), ("fr", french)):
        if words is None:
            continue
        assert main(["check", "--lang", lang, str(path)]) == 2
        out = capsys.readouterr()
        lines = (out.out + out.err).strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(words), lines
        assert str(path) in lines[0]


@pytest.mark.parametrize("kind", ["teams", "scenario", "rules"])
def test_s56_every_toml_file_kind_cut_short_names_the_line(tmp_path, capsys, kind):
    path = tmp_path / f"{kind}.toml"
    path.write_text('[x]\nname = "cut', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr()
    lines = (out.out + out.err).strip().splitlines()
    assert len(lines) == 1 and "2:8: TOML syntax error: Unterminated string" in lines[0], lines
