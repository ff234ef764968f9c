"""`arena-game check` in one language at a time: findings and figures from the catalog's
`[check]` section, with real plural forms (never "square(s)")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.design.checkwords import figure_lines, squares_text
from arena_game.design.mapcheck import Finding, check_map
from arena_game.i18n import catalog
from arena_game.resources import maps_dir

BAD = Path(__file__).parent / "data" / "maps"
DUO = str(BAD.parent / "teams" / "duo.toml")  # teams of 2: the test maps' spawns fit
EVERY_BAD_MAP = sorted(BAD.glob("*.toml"))

# English words that must not reach a French report, and French ones an English report
ENGLISH = re.compile(r"\b(team|teams|spawn|spawns|square|squares|walking|nearest|cover|warning|error|ok)\b")
FRENCH = re.compile(r"\b(équipe|équipes|départ|départs|case|cases|avertissement|erreur|abri)\b")


def _checked(lang: str, capsys: pytest.CaptureFixture[str], *maps: Path) -> list[str]:
    main(["check", "--lang", lang, "--teams", DUO, *map(str, maps)])
    return capsys.readouterr().out.splitlines()


def _words(line: str) -> str:
    """A report line without the map's path, own name and finding code (data, not sentences)."""
    for path in EVERY_BAD_MAP:
        name = check_map(path).name
        for prefix in (f"{path} ({name})", str(path)):
            if line.startswith(prefix):
                line = line[len(prefix):]
                break
    return re.sub(r"\[[a-z-]+\]", "", line)


def test_check_report_in_french_has_no_english_words(capsys):
    lines = _checked("fr", capsys, *EVERY_BAD_MAP)
    assert len(lines) > 30
    for line in lines:
        words = _words(line)
        if "[file-problem]" in line:
            continue  # the loader's own line, tested with the loaders
        assert not ENGLISH.search(words), line
        assert "(s)" not in words, line
    assert any("avertissement [unreachable-pocket] 2 cases qu'aucun combattant" in line for line in lines)
    assert any(line.endswith("rien à signaler") for line in _checked("fr", capsys, BAD / "symmetric.toml"))


def test_check_report_in_english_has_no_french_words(capsys):
    lines = _checked("en", capsys, *EVERY_BAD_MAP)
    for line in lines:
        if "[file-problem]" in line:
            continue
        assert not FRENCH.search(_words(line)), line
        assert "(s)" not in line, line


def test_check_without_lang_is_english_like_a_refused_file_line(capsys):
    main(["check", str(BAD / "pocket.toml"), "--teams", DUO])
    out = capsys.readouterr().out
    assert "warning [unreachable-pocket] 2 squares no fighter can reach" in out
    assert "team 1: " in out


def test_check_json_messages_follow_lang(capsys):
    assert main(["check", "--json", "--lang", "fr", str(BAD / "sealed.toml"), str(BAD / "broken.toml")]) == 2
    doc = json.loads(capsys.readouterr().out)
    sealed = doc[0]["errors"][0]
    assert sealed["code"] == "sealed-teams"
    assert sealed["message"] == "les équipes 1 et 2 ne peuvent pas s'atteindre en marchant, en nageant ou en sautant"
    assert "symbole inconnu 'Q'" in doc[1]["errors"][0]["message"]
    assert "team 1 fairness" in doc[0]["figures"]  # the JSON's keys are data, the same in every language


def test_plural_forms_of_pockets_and_spawns():
    one = Finding("unreachable-pocket", "warning", {}, ((7, 1),))
    two = Finding("unreachable-pocket", "warning", {}, ((7, 1), (8, 1)))
    assert one.text("en").startswith("1 square no fighter") and two.text("en").startswith("2 squares no fighter")
    assert one.text("fr").startswith("1 case qu'aucun") and two.text("fr").startswith("2 cases qu'aucun")
    short = Finding("too-few-spawns", "warning", {"size": 3, "short": {"1": 1, "2": 2}})
    assert "team 1 has 1 spawn, team 2 has 2 spawns" in short.text("en")
    assert "l'équipe 1 a 1 départ, l'équipe 2 a 2 départs" in short.text("fr")


def test_a_long_pocket_names_four_squares_and_counts_the_rest():
    squares = tuple((x, 0) for x in range(9))
    assert squares_text(squares, "en") == "(0, 0), (1, 0), (2, 0), (3, 0) and 5 more"
    assert squares_text(squares, "fr") == "(0, 0), (1, 0), (2, 0), (3, 0) et 5 autres"
    assert squares_text(squares[:5], "fr").endswith("et 1 autre")


def test_figures_are_worded_with_each_languages_decimal_mark():
    report = check_map(BAD / "dead-by-spawn.toml")
    en, fr = figure_lines(report, "en"), figure_lines(report, "fr")
    assert en[0] == ("  team 1: nearest enemy spawn 6–7 walking squares away (mean 6.5); walks first to 38% of the map; "
                     "3.5 squares to the centre; 1 square to a deadly square; cover 5 around a spawn")
    assert fr[0] == ("  équipe 1 : départ ennemi le plus proche à 6–7 cases de marche (moyenne 6,5) ; arrive la première "
                     "sur 38\u202f% de la carte ; 3,5 cases jusqu'au centre ; 1 case jusqu'à une case mortelle ; abri 5 autour d'un départ")
    assert en[-1] == "  corridors: 23% of floor squares in no 2×2 block of floor"


def test_r2_4_obstacles_a_jump_shortens_a_path_past_are_listed_in_the_language():
    report = check_map(maps_dir() / "arene-inondee.tmj")
    assert figure_lines(report, "en")[-1] == (
        "  jumps: a jump over any of these 2 obstacles shortens a path (R2.4): (9, 5), (8, 8)")
    assert figure_lines(report, "fr")[-1] == (
        "  sauts : sauter l'un de ces 2 obstacles raccourcit un chemin (R2.4) : (9, 5), (8, 8)")
    assert {"from": [8, 4], "over": [9, 5], "to": [10, 6]} in report.figures["jumps that shorten a path"]
    # a map whose obstacles a walk goes round as fast (or without any) says nothing of jumps
    assert not any("jump" in line for line in figure_lines(check_map(maps_dir() / "tutoriel.toml"), "en"))


def test_dead_square_by_spawn_names_the_terrain_in_the_language():
    report = check_map(BAD / "dead-by-spawn.toml")
    dead = next(f for f in report.findings if f.code == "dead-square-by-spawn")
    assert dead.text("en") == "team 1's spawn (1, 1) is next to lava at (2, 1): one push kills (R5, R2.5)"
    assert dead.text("fr") == "le départ (1, 1) de l'équipe 1 touche une case de lave en (2, 1) : une Poussée tue (R5, R2.5)"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_check_key_is_in_both_catalogs_with_the_same_fields(lang):
    other = "en" if lang == "fr" else "fr"
    keys = {k for k in catalog(lang) if k.startswith("check.")}
    assert keys == {k for k in catalog(other) if k.startswith("check.")}
    fields = re.compile(r"{(\w+)")
    for key in keys:
        assert set(fields.findall(catalog(lang)[key])) == set(fields.findall(catalog(other)[key])), key


def test_every_finding_is_worded_in_both_languages_without_a_missing_field():
    findings = [
        Finding("unequal-spawns", "warning", {"counts": {"1": 3, "2": 2}}),
        Finding("no-walk-path", "warning", {"a": "1", "b": "2"}),
        Finding("sealed-teams", "error", {"a": "1", "b": "3"}),
        Finding("trapped-spawn", "error", {"team": "2"}, ((1, 1), (2, 2))),
        Finding("unequal-distance", "warning", {"means": {"1": 4.0, "2": 6.5}}),
        Finding("maze-without-flag", "warning", {"share": 0.9, "limit": 0.5}),
        Finding("flag-on-open-map", "warning", {"share": 0.1, "limit": 0.25}),
    ]
    assert findings[0].text("en") == "teams have different numbers of spawns: team 1: 3, team 2: 2"
    assert findings[0].text("fr") == "les équipes n'ont pas le même nombre de départs : équipe 1 : 3, équipe 2 : 2"
    assert findings[3].text("fr").startswith("les départs (1, 1), (2, 2) de l'équipe 2 sont hors d'atteinte")
    assert "(90% of floor squares" in findings[5].text("en") and "(90\u202f% des cases de sol" in findings[5].text("fr")
    for f in findings:
        for lang in ("en", "fr"):
            assert "{" not in f.text(lang) and f.text(lang) != f"check.{f.code.replace('-', '_')}"
