"""A refused command line in the language asked for with `--lang` (commands/usage.py):
argparse's refusals and the argument types', from the catalog's `[usage]` section."""

import argparse
import re

import pytest

from arena_game.cli import COMMANDS, build_parser, main
from arena_game.commands.usage import asked_lang, in_language
from arena_game.i18n import catalog, has, t

FRENCH = [
    ("simulate labyrinthe --level bogus --lang fr",
     "arena-game : erreur : argument --level : choix invalide : 'bogus' (au choix : 'easy', 'normal', 'strong', "
     "'fast', 'deep') (voir arena-game --help)"),
    ("simulate --lang fr", "arena-game : erreur : arguments obligatoires manquants : map (voir arena-game --help)"),
    ("simulate labyrinthe --matches 0 --lang=fr",
     "arena-game : erreur : argument --matches : doit valoir au moins 1 (voir arena-game --help)"),
    ("simulate labyrinthe --matches x --lang fr",
     "arena-game : erreur : argument --matches : 'x' n'est pas un nombre entier (voir arena-game --help)"),
    ("simulate labyrinthe --seed x --lang fr",
     "arena-game : erreur : argument --seed : 'x' n'est pas un nombre entier (voir arena-game --help)"),  # no Python "int"
    ("simulate labyrinthe --matches --lang fr",
     "arena-game : erreur : argument --matches : une valeur est attendue (voir arena-game --help)"),
    ("simulate labyrinthe --bogus 3 --lang fr", "arena-game : erreur : arguments inconnus : --bogus 3 (voir arena-game --help)"),
    ("play --size 10x10 --lang fr",
     "arena-game : erreur : argument --size : 10x10 n'est pas entre 800x560 et 3840x2160 (voir arena-game --help)"),
    ("play --size abc --lang fr",
     "arena-game : erreur : argument --size : 'abc' n'est pas LARGEURxHAUTEUR (par exemple 1280x800) "
     "(voir arena-game --help)"),
    ("render labyrinthe -o x.png --tile 4 --lang fr",
     "arena-game : erreur : argument --tile : doit être entre 8 et 256 (voir arena-game --help)"),
    ("render labyrinthe -o x.png --overlay zz --lang fr",
     "arena-game : erreur : argument --overlay : surcouche inconnue 'zz' (au choix : spawns, hazards, reach) "
     "(voir arena-game --help)"),
    ("render labyrinthe -o x.gif --lang fr",
     "arena-game : erreur : argument -o/--output : 'x.gif' : le nom doit finir par l'une de ces extensions : "
     ".bmp, .jpeg, .jpg, .png, .webp (voir arena-game --help)"),
    ("render labyrinthe -o x.png --time -1 --lang fr",
     "arena-game : erreur : argument --time : -1 ms n'est pas entre 0 et 3600000 (voir arena-game --help)"),
    ("scenario s.toml --gif x.png --lang fr",
     "arena-game : erreur : argument --gif : 'x.png' : le nom doit finir par .gif (voir arena-game --help)"),
]


@pytest.mark.parametrize(("line", "said"), FRENCH)
def test_a_refused_command_line_is_said_in_french_when_asked(line, said, capsys):
    assert main(line.split()) == 2
    assert capsys.readouterr().err.strip() == said


def test_a_refused_command_line_stays_english_by_default(capsys):
    assert main(["simulate", "labyrinthe", "--matches", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "arena-game: error: argument --matches: must be at least 1 (see arena-game --help)")


@pytest.mark.parametrize(("argv", "lang"), [
    (["check", "m", "--lang", "fr"], "fr"), (["check", "--lang=fr", "m"], "fr"), (["check", "m"], "en"),
    (["check", "m", "--lang", "de"], "en"), (["check", "m", "--lang"], "en"),
])
def test_the_language_is_read_from_the_command_line_before_it_is_parsed(argv, lang):
    assert asked_lang(argv) == lang


def test_a_refusal_no_template_knows_stays_in_english():
    assert in_language("something argparse may say one day", "fr") == "something argparse may say one day"


def test_every_usage_template_has_a_french_form_with_the_same_fields():
    en, fr = catalog("en"), catalog("fr")
    keys = [k for k in en if k.startswith("usage.")]
    assert len(keys) >= 20
    for key in keys:
        assert key in fr
        assert set(re.findall(r"\{(\w+)\}", en[key])) == set(re.findall(r"\{(\w+)\}", fr[key])), key


def _commands(lang: str = "en") -> dict[str, argparse.ArgumentParser]:
    parser = build_parser(lang=lang)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_command_and_option_has_its_help_in_the_catalog():
    missing = [f"help.{name}" for name in COMMANDS if not has(f"help.{name}", "en")]
    for name, command in _commands().items():
        missing += [f"help.{name}_{a.dest}" for a in command._actions
                    if a.help != argparse.SUPPRESS and a.dest != "help" and not has(f"help.{name}_{a.dest}", "en")]
    assert missing == []


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_is_in_french_when_asked_and_english_by_default(command, capsys):
    line = [command] if command else []
    for lang, words, foreign in (("fr", ["utilisation : arena-game", "options :", "affiche cette aide et quitte"],
                                  ["usage:", "show this help", "(default", "(see "]),
                                 ("en", ["usage: arena-game", "options:", "show this help message and exit"],
                                  ["utilisation", "par défaut", "affiche"])):
        with pytest.raises(SystemExit) as done:
            main([*line, "--help", *(["--lang", lang] if lang == "fr" else [])])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert all(w in out for w in words), (lang, out)
        assert not any(w in out for w in foreign), (lang, out)


def test_help_fills_argparse_defaults_in_the_catalog_text(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help", "--lang", "fr"])
    out = " ".join(capsys.readouterr().out.split())
    assert "limite de tours de table ; un match encore en cours est nul (par défaut 40)" in out
    assert "niveau des bots de chaque côté (par défaut strong ;" in out


def test_the_scheduler_help_names_the_variable_the_runner_reads():
    from arena_game.design.simulation.runner import SCHEDULER_ENV

    for lang in ("en", "fr"):
        assert f"${SCHEDULER_ENV}" in t("help.simulate_scheduler", lang)
        assert f"${SCHEDULER_ENV}" in t("help.sweep_scheduler", lang)
