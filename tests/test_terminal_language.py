"""Refused files on the terminal: English for scripts and bug reports, in the player's
language when a command is given `--lang`; scenarios, lessons, sprites and map set-ups are
said from the catalog like every other file (`FileProblem.in_language`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.bots.match import MatchSetup, SetupProblem
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.scenario import load_scenario, play
from arena_game.formats.teamfile import load_teams
from arena_game.learn.lessons import load_lesson
from arena_game.render.sprites import read_png
from arena_game.resources import default_teams_path
from tests.test_bad_input import run_cli
from tests.test_file_problems_language_more import english_words

BAD = Path(__file__).parent / "data" / "bad"
SCENARIOS = sorted(p.name for p in BAD.iterdir() if p.name.startswith("scenario_"))


def scenario_problem(path: Path) -> FileProblem:
    """What a bad scenario file is refused for: at loading, else at playing."""
    try:
        scenario = load_scenario(path)
    except FileProblem as e:
        return e
    error = play(scenario).error
    assert error is not None, path
    return error


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_bad_scenario_reads_in_french(name):
    got = scenario_problem(BAD / name)
    french = got.in_language("fr")
    assert french.split(" : ", 1)[0] == got.one_line().split(": ", 1)[0]  # the same file and place
    assert english_words(french.removeprefix(got.place("fr")), BAD / name) == [], french


def test_a_file_named_by_a_scenario_says_in_french_which_scenario_led_there(tmp_path):
    (tmp_path / "t.toml").write_text("[[teams]\n", encoding="utf-8")
    (tmp_path / "s.toml").write_text('map = "tutoriel"\nteams = "t.toml"\n', encoding="utf-8")
    with pytest.raises(FileProblem) as got:
        load_scenario(tmp_path / "s.toml")
    assert got.value.path == str(tmp_path / "t.toml")
    assert got.value.one_line().endswith("(read for `teams` of s.toml)")
    assert got.value.in_language("fr").endswith("(lu pour `teams` de s.toml)")


def test_the_terminal_says_a_bad_file_in_the_language_asked_for():
    english = run_cli("scenario", str(BAD / "scenario_missing_map.toml"))
    french = run_cli("scenario", "--lang", "fr", str(BAD / "scenario_missing_map.toml"))
    assert english.returncode == french.returncode == 2
    path = BAD / "scenario_missing_map.toml"
    assert english.stderr.splitlines() == [f"arena-game: {path}: map: no map file or shipped map named 'no-such-map'"]
    assert french.stderr.splitlines() == [
        f"arena-game : {path} : map : aucun fichier de carte ni carte livrée nommé 'no-such-map'"]


def test_a_refused_action_under_a_rules_file_names_it_in_both_languages(tmp_path):
    (tmp_path / "r.toml").write_text("[movement]\nswim_squares_per = 2\n", encoding="utf-8")
    text = (BAD / "scenario_refused_action.toml").read_text(encoding="utf-8")
    (tmp_path / "s.toml").write_text('rules_file = "r.toml"\n' + text, encoding="utf-8")
    error = play(load_scenario(tmp_path / "s.toml")).error
    assert error is not None
    assert error.one_line().endswith("diagonal step blocked by the wall at (2, 1) (under the rules file r.toml)")
    assert error.in_language("fr").endswith("(avec le fichier de règles r.toml)")
    assert english_words(error.in_language("fr").removeprefix(error.place("fr")), tmp_path) == []


@pytest.mark.parametrize("goal,english,french", [
    ("", "goal: a lesson needs a [goal] table", "goal : une leçon a besoin d'une table [goal]"),
    ('[goal]\nfighter = "nobody"\ntext = "x"\nreach = [1, 1]\n', "goal.fighter: unknown fighter 'nobody'",
     "goal.fighter : combattant inconnu 'nobody'"),
    ('[goal]\nfighter = "tarn"\ntext = "x"\n', "goal: a goal needs `reach` or `event`",
     "goal : un objectif a besoin de `reach` ou de `event`"),
    ('[goal]\nfighter = "tarn"\ntext = "x"\nreach = [90, 1]\n', "goal.reach: (90, 1) is outside the map",
     "goal.reach : (90, 1) est hors de la carte"),
])
def test_a_bad_lessons_goal_in_both_languages(tmp_path, goal, english, french):
    (tmp_path / "l.toml").write_text('map = "tutoriel"\n' + goal, encoding="utf-8")
    with pytest.raises(FileProblem) as got:
        load_lesson(tmp_path / "l.toml")
    assert got.value.one_line() == f"{tmp_path / 'l.toml'}: {english}"
    assert got.value.in_language("fr") == f"{tmp_path / 'l.toml'} : {french}"


@pytest.mark.parametrize("grid,english,french", [
    ("#####\n#1.2#\n#####", "spawn slot 1 of 'small' has 1 square for a team of 3",
     "l'emplacement de départ 1 de 'small' a 1 case pour une équipe de 3"),
    ("######\n#11.2#\n######", "spawn slot 1 of 'small' has 2 squares for a team of 3",
     "l'emplacement de départ 1 de 'small' a 2 cases pour une équipe de 3"),
])
def test_a_map_too_small_for_the_teams_has_real_plurals(tmp_path, grid, english, french):
    p = tmp_path / "small.toml"
    p.write_text(f'name = "small"\ngrid = """\n{grid}\n"""\n', encoding="utf-8")
    setup = MatchSetup(load_map(p), tuple(load_teams(default_teams_path())))
    with pytest.raises(SetupProblem) as got:
        setup.check()
    assert str(got.value) == english
    proc = run_cli("simulate", str(p), "--matches", "2", "--no-progress", "--lang", "fr")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"arena-game : {p} : {french}"]


def test_a_sprite_that_is_not_a_png_in_both_languages(tmp_path):
    p = tmp_path / "x.png"
    p.write_bytes(b"GIF89a not a png at all, long enough")
    with pytest.raises(FileProblem) as got:
        read_png(p)
    assert got.value.one_line() == f"{p}: cannot be read as a PNG image (it is not a PNG file)"
    assert got.value.in_language("fr") == f"{p} : illisible comme image PNG (ce n'est pas un fichier PNG)"
