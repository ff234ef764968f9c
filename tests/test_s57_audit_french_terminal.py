"""s57 audit, defect 5: every line the program says by its name follows one rule per language.
French puts a space before the colon: its usage refusal wrote "arena-game : erreur : …" while
its other lines (a bad map, a missing autosave, a scenario's fault) began "arena-game: ". Both
now come from the catalog (`commands.usage.program_line`); English keeps "arena-game: "."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.cli import main

DATA = Path(__file__).parent / "data"
BROKEN = str(DATA / "maps" / "broken.toml")  # line 4, column 3: a 'Q' the legend lacks
PREFIX = {"en": "arena-game: ", "fr": "arena-game : "}


def _line(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line
    return err.rstrip("\n")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s57_a_refused_map_and_a_refused_command_line_begin_alike(lang, capsys):
    refused = _line(capsys, "play", BROKEN, "--lang", lang)
    usage = _line(capsys, "play", "--lang", lang, "--size", "huge")
    assert refused.startswith(PREFIX[lang]) and usage.startswith(PREFIX[lang]), (refused, usage)
    assert refused.startswith(f"{PREFIX[lang]}{BROKEN}:4:3{PREFIX[lang].removeprefix('arena-game')}")  # the same colon


def test_s57_the_french_lines_of_resume_and_scenario_too(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "empty"))
    assert _line(capsys, "resume", "--lang", "fr").startswith("arena-game : ")
    assert _line(capsys, "scenario", str(DATA / "bad" / "scenario_missing_map.toml"), "--lang", "fr") \
        .startswith("arena-game : ")
