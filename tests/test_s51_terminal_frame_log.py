"""Session 51: `play --frame-log` into a place that cannot be written says why in the player's
language (the system's "No such file or directory" is English), before any window opens."""

from __future__ import annotations

import pytest

from arena_game.cli import main


@pytest.mark.parametrize(("locale", "why"), [
    ("fr_FR.UTF-8", "impossible d'écrire le journal des images : introuvable"),
    ("C", "cannot write the frame log: no such file or directory"),
])
def test_s51_an_unwritable_frame_log_is_said_in_the_locales_language(locale, why, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    log = tmp_path / "missing" / "frames.txt"
    assert main(["play", "--frames", "1", "--frame-log", str(log)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    colon = " :" if locale.startswith("fr") else ":"  # French: a space before the colon
    assert err == [f"arena-game{colon} {log}{colon} {why}"]


def test_s51_a_frame_log_that_is_a_folder_is_said_in_french(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["play", "--frames", "1", "--frame-log", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"arena-game : {tmp_path} : impossible d'écrire le journal des images : c'est un dossier")
