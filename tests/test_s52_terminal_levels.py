"""Session 52: the bots' level in a French `simulate` report is said in French, the code one
types (`--level strong`) beside it ("niveau fort (strong)"), not the bare code; the English
report says the code, which is its English name; `--json` keeps the code."""

from __future__ import annotations

import json
import re

import pytest

from arena_game.bots.style import LEVELS
from arena_game.cli import main
from arena_game.design.simulation.report import basis_text

FRENCH = {"easy": "facile (easy)", "normal": "normal", "strong": "fort (strong)", "fast": "rapide (fast)",
          "deep": "profond (deep)"}


def said_level(line: str, lang: str) -> str:
    m = re.match(r"Bots : niveau (.*?) pour chaque équipe \(" if lang == "fr" else r"Bots: level (.*?) on every team \(",
                 line)
    assert m, line
    return m.group(1)


@pytest.mark.parametrize("level", LEVELS)
def test_s52_each_level_is_named_in_the_reports_language(level):
    basis = {"bots": level, "rules": None, "teams": None}
    assert said_level(basis_text(basis, "fr"), "fr") == FRENCH[level]
    assert said_level(basis_text(basis, "en"), "en") == level


def test_s52_french_level_words_name_no_bare_code():
    """The words about a level name another level in French too ("du niveau fort (strong)")."""
    for level in LEVELS:
        line = basis_text({"bots": level, "rules": None, "teams": None}, "fr")
        assert "« strong »" not in line and not line.split("(", 2)[-1].startswith("strong,"), line


def test_s52_simulate_says_the_level_in_french_and_keeps_the_code_in_json(tmp_path, capsys):
    argv = ["simulate", "tutoriel", "--matches", "2", "--rounds", "4", "--jobs", "1", "--level", "fast",
            "--out", str(tmp_path), "--no-progress", "--lang", "fr"]
    assert main(argv) == 0
    assert said_level(capsys.readouterr().out.splitlines()[1], "fr") == "rapide (fast)"
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["basis"]["bots"] == "fast"
