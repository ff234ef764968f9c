"""Session 61 audit, the terminal: `render` takes `--lang` as every command does (README's one
language rule), and a French `--help` line never starts with the colon or semicolon its word ended."""

from __future__ import annotations

import argparse

import pytest

from arena_game.cli import COMMANDS, build_parser, main


@pytest.mark.parametrize(("lang", "said"), [("fr", "{file} : 192×80 px"), ("en", "{file}: 192×80 px")])
def test_s61_audit_render_says_its_line_in_the_language_asked(lang, said, tmp_path, capsys):
    out = tmp_path / "tutoriel.png"
    assert main(["render", "tutoriel", "-o", str(out), "--tile", "16", "--lang", lang]) == 0
    assert capsys.readouterr().out.strip() == said.format(file=out)
    assert out.stat().st_size > 0


@pytest.mark.parametrize("columns", [50, 60, 70, 80, 90, 100, 120])
def test_s61_audit_french_help_keeps_punctuation_on_its_word_line(columns, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(columns))  # argparse wraps to the terminal's width
    parser = build_parser(lang="fr")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    starts = []
    for command in COMMANDS:
        for line in sub.choices[command].format_help().splitlines():
            if line.strip()[:1] in (":", ";", "?", "!", "»"):
                starts.append((command, line))
    assert starts == []
