"""Session 51: one language rule for every command, every terminal line and the window —
`--lang`, else the locale's language (LC_ALL, LC_MESSAGES, LANG, then the OS locale) when the
catalog has it, else English. Before, `check`, `resume` and `play`'s refusal lines were English
under a French locale while the window was French, and a "C" locale gave a French window."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.commands.arguments import terminal_lang
from arena_game.commands.play import window_lang

DATA = Path(__file__).parent / "data"
BROKEN = str(DATA / "maps" / "broken.toml")  # line 4, column 3: a 'Q' the legend lacks
DUO = str(DATA / "teams" / "duo.toml")
NO_MAP_SCENARIO = str(DATA / "bad" / "scenario_missing_map.toml")

FR_BROKEN = f"arena-game : {BROKEN}:4:3 : symbole inconnu 'Q' (absent de la légende)"
EN_BROKEN = f"arena-game: {BROKEN}:4:3: unknown symbol 'Q' (not in the legend)"


@pytest.fixture
def locale_is(monkeypatch):
    """Set the locale as a player's shell would: LANG alone (None: no locale at all)."""
    def set_to(lang: str | None) -> None:
        for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
        if lang is not None:
            monkeypatch.setenv("LANG", lang)
    return set_to


def _stderr(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line
    return err.rstrip("\n")


def test_s51_french_locale_play_refuses_a_map_in_french(locale_is, capsys):
    locale_is("fr_FR.UTF-8")
    assert _stderr(capsys, "play", BROKEN) == FR_BROKEN


def test_s51_french_locale_check_reports_and_refuses_in_french(locale_is, capsys, tmp_path):
    locale_is("fr_FR.UTF-8")
    nowhere = DATA / "nowhere.tmj"
    assert main(["check", "--teams", DUO, BROKEN, str(nowhere)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"{BROKEN} : erreur [file-problem] 4:3 : symbole inconnu 'Q' (absent de la légende)",
        f"{nowhere} : erreur [file-problem] fichier introuvable"]
    assert _stderr(capsys, "check", "--teams", DUO, str(tmp_path)) == (  # a folder without maps
        f"arena-game : {tmp_path} : est un dossier qui ne contient aucun fichier de carte (.toml, .tmj, .tmx ou .json)")
    locale_is("C.UTF-8")
    assert _stderr(capsys, "check", "--teams", DUO, str(tmp_path)) == (
        f"arena-game: {tmp_path}: is a folder that holds no map file (.toml, .tmj, .tmx or .json)")


def test_s51_french_locale_resume_says_no_autosave_and_a_bad_save_in_french(locale_is, capsys, tmp_path):
    locale_is("fr_FR.UTF-8")
    assert _stderr(capsys, "resume").startswith("arena-game : aucun match à reprendre pour l'instant (")
    assert _stderr(capsys, "resume", str(tmp_path / "gone.arena.json")) == (
        f"arena-game : {tmp_path / 'gone.arena.json'} : fichier introuvable")


def test_s51_lc_all_beats_lang_and_lc_messages(locale_is, capsys, monkeypatch):
    locale_is("en_GB.UTF-8")
    monkeypatch.setenv("LC_MESSAGES", "en_US.UTF-8")
    monkeypatch.setenv("LC_ALL", "fr_CA.UTF-8")
    assert _stderr(capsys, "play", BROKEN) == FR_BROKEN


@pytest.mark.parametrize("locale", ["C", "C.UTF-8", "POSIX", "de_DE.UTF-8", None])
def test_s51_c_unset_or_unknown_locale_is_english_everywhere(locale_is, capsys, locale):
    locale_is(locale)
    assert _stderr(capsys, "play", BROKEN) == EN_BROKEN
    assert _stderr(capsys, "resume").startswith("arena-game: no match to resume yet (")
    assert _stderr(capsys, "scenario", NO_MAP_SCENARIO).endswith("map: no map file or shipped map named 'no-such-map'")
    assert _stderr(capsys, "play", "--size", "5x5") == (
        "arena-game: error: argument --size: 5x5 is outside 800x560 to 3840x2160 (see arena-game --help)")
    assert window_lang(argparse.Namespace(lang=None)) == "en"


def test_s51_french_locale_scenario_usage_and_demo_lines_in_french(locale_is, capsys):
    locale_is("fr_FR.UTF-8")
    assert _stderr(capsys, "scenario", NO_MAP_SCENARIO) == (
        f"arena-game : {NO_MAP_SCENARIO} : map : aucun fichier de carte ni carte livrée nommé 'no-such-map'")
    assert _stderr(capsys, "play", "--size", "5x5") == (
        "arena-game : erreur : argument --size : 5x5 n'est pas entre 800x560 et 3840x2160 (voir arena-game --help)")
    assert _stderr(capsys, "demo", "--size", "640x480") == (
        "arena-game : erreur : argument --size : une fenêtre fait au moins 800x560 (les tailles plus petites "
        "sont pour --gif-dir) (voir arena-game --help)")


def test_s51_lang_option_beats_the_locale(locale_is, capsys):
    locale_is("fr_FR.UTF-8")
    assert _stderr(capsys, "play", "--lang", "en", BROKEN) == EN_BROKEN
    assert _stderr(capsys, "resume", "--lang=en").startswith("arena-game: no match to resume yet (")
    locale_is("C.UTF-8")
    assert _stderr(capsys, "play", "--lang", "fr", BROKEN) == FR_BROKEN
    assert _stderr(capsys, "demo", "--lang", "fr", "--size", "640x480").startswith(
        "arena-game : erreur : argument --size : une fenêtre fait au moins 800x560")  # was English whatever --lang
    assert window_lang(argparse.Namespace(lang="fr")) == "fr"


@pytest.mark.parametrize("locale,lang", [("fr_FR.UTF-8", "fr"), ("C", "en"), ("en_US.UTF-8", "en")])
def test_s51_terminal_and_window_share_one_language(locale_is, locale, lang):
    locale_is(locale)
    args = argparse.Namespace(lang=None)
    assert terminal_lang(args) == window_lang(args) == lang


def test_s51_play_says_a_rules_refusal_at_set_up_in_the_locale_language(locale_is, capsys, monkeypatch):
    """A set-up the rules refuse when the match starts (R13, checked again by the core after
    the files' own checks) is said in the player's language, as the files' faults are."""
    from arena_game.core.errors import IllegalAction

    def refuse(*args: object, **kwargs: object) -> None:
        raise IllegalAction("R13", "two fighters start on the same square", code="shared_start_square")

    monkeypatch.setattr("arena_game.ui.controller.MatchController", refuse)
    locale_is("fr_FR.UTF-8")
    assert _stderr(capsys, "play", "arene-classique") == (
        "arena-game : arene-classique : R13 : deux combattants commencent sur la même case")
    locale_is("C")
    assert _stderr(capsys, "play", "arene-classique") == (
        "arena-game: arene-classique: R13: two fighters start on the same square")
