"""A refused command line in the language asked for with `--lang` (commands/usage.py):
argparse's refusals and the argument types', from the catalog's `[usage]` section."""

import re

import pytest

from arena_game.cli import main
from arena_game.commands.usage import asked_lang, in_language
from arena_game.i18n import catalog

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
     "arena-game : erreur : argument --seed : valeur invalide pour le type int : 'x' (voir arena-game --help)"),
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
