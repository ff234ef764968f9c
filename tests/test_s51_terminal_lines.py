"""Session 51: the closing lines of `render` and `sweep` are the catalog's, in the locale's
language with its typography (French puts a space before the colon)."""

from __future__ import annotations

import pytest

from arena_game.cli import main


@pytest.mark.parametrize(("locale", "colon"), [("fr_FR.UTF-8", " :"), ("C", ":")])
def test_s51_render_says_the_picture_it_wrote_in_the_locales_language(locale, colon, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    out = tmp_path / "t.png"
    assert main(["render", "tutoriel", "-o", str(out), "--tile", "8"]) == 0
    w, h = (8 * n for n in _tutoriel_size())
    assert capsys.readouterr().out.strip() == f"{out}{colon} {w}×{h} px"


@pytest.mark.parametrize(("locale", "tail"), [("fr_FR.UTF-8", " : 1 combinaison × 2 matchs"),
                                              ("C", ": 1 combination × 2 matches")])
def test_s51_sweeps_closing_line_is_in_the_locales_language(locale, tail, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    out = tmp_path / "sw"
    assert main(["sweep", "--maps", "tutoriel", "--matches", "2", "--rounds", "4", "--jobs", "1", "--no-progress",
                 "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out / 'sweep.csv'}, {out / 'sweep.png'}{tail}"


def _tutoriel_size() -> tuple[int, int]:
    from arena_game.formats.mapfile import load_map
    from arena_game.resources import find_map

    board = load_map(find_map("tutoriel"))
    return board.width, board.height


@pytest.mark.parametrize(("locale", "line"), [
    ("fr_FR.UTF-8", "arena-game : erreur : argument --seed : 'x' n'est pas un nombre entier "
                    "(voir arena-game --help)"),
    ("C", "arena-game: error: argument --seed: invalid int value: 'x' (see arena-game --help)"),
])
@pytest.mark.parametrize("command", [["simulate", "tutoriel"], ["sweep", "--maps", "tutoriel"]])
def test_s51_a_seed_that_is_not_a_number_is_refused_without_pythons_type_name_in_french(locale, line, command,
                                                                                       monkeypatch, capsys):
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main([*command, "--seed", "x"]) == 2
    assert capsys.readouterr().err.strip() == line  # argparse's "int" is Python's word, not French
