"""The shipped data's French names in the English window (s46, review item 14): a weapon, a
map, a plain-word team name or a chest animal comes with its English gloss ("Épée longue (long
sword)"), as the French game terms do; the French window shows it as written, and a name a
player made up shows as written in both. The data files are unchanged (they still load)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n import t
from arena_game.i18n.glosses import glossed, glosses
from arena_game.resources import find_scenario, maps_dir, scenarios_dir
from arena_game.ui.panels_html import sheet_html, teams_html

ROOT = Path(__file__).resolve().parents[1]


def _state(name: str):
    result = play(load_scenario(find_scenario(name)))
    assert result.error is None and result.state is not None
    return result.state


def _fighter_with(state, weapon: str) -> str:
    return next(fid for fid, f in state.fighters.items() if f.sheet.weapon.name == weapon)


def test_the_english_sheet_glosses_a_shipped_weapon_and_the_french_one_does_not():
    state = _state("demo/01-walk-and-diagonals")
    tarn = _fighter_with(state, "Épée longue")
    assert "Épée longue (long sword)" in sheet_html(state, "en", tarn).replace("\u00a0", " ")
    french = sheet_html(state, "fr", tarn)
    assert "Épée longue" in french and "long sword" not in french


def test_a_weapon_name_a_player_made_up_shows_as_written_in_english():
    state = _state("demo/01-walk-and-diagonals")
    tarn = _fighter_with(state, "Épée longue")
    weapon = state.fighters[tarn].sheet.weapon.model_copy(update={"name": "Lame de Tarn"})
    state.fighters[tarn].sheet = state.fighters[tarn].sheet.model_copy(update={"weapon": weapon})
    sheet = sheet_html(state, "en", tarn)
    assert "Weapon: Lame de Tarn\u00a0· " in sheet


def test_plain_word_team_names_are_glossed_in_english_panels_and_log_lines():
    state = _state("basics/swim")
    assert "Rouges (Reds)" in teams_html(state, "en") and "Bleus (Blues)" in teams_html(state, "en")
    assert "(Reds)" not in teams_html(state, "fr")
    red = next(fid for fid, f in state.fighters.items() if state.teams[f.team].name == "Rouges")
    assert "Rouges (Reds)" in sheet_html(state, "en", red)
    assert t("log.winner", "en", team="Rouges") == "winner: Rouges (Reds)"


@pytest.mark.parametrize("name, english", [("Bassin", "Bassin (pool)"), ("Petite arène du tutoriel",
                                                                        "Petite arène du tutoriel (small tutorial arena)")])
def test_map_names_in_catalog_lines_carry_their_gloss_in_english_only(name, english):
    """Every catalog template glosses a field that is a shipped name (`fill`): no caller passes it."""
    assert t("ui.title", "en", map=name) == f"Arena — {english}"
    assert name in t("ui.title", "fr", map=name) and "(" not in t("ui.title", "fr", map=name)


def test_glossed_leaves_unknown_names_and_the_french_window_alone():
    assert glossed("Épée longue", "en") == "Épée longue (long sword)"
    assert glossed("Épée longue", "fr") == "Épée longue"
    assert glossed("Tarn", "en") == "Tarn"
    assert glossed("chien de guerre", "en") == "chien de guerre (war dog)"


def _shipped_names() -> dict[str, set[str]]:
    """The weapon, map and chest names every shipped data file gives."""
    found: dict[str, set[str]] = {"weapon": set(), "map": set(), "chest": set()}

    def walk(node: object, parent: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str) and parent in found:
                    found[parent].add(value)
                elif key == "chest":
                    found["chest"].update(value)
                else:
                    walk(value, key)
        elif isinstance(node, list):
            for item in node:
                walk(item, parent)

    files = [*scenarios_dir().rglob("*.toml"), *(ROOT / "arena_game" / "data").rglob("*.toml")]
    for path in files:
        walk(tomllib.loads(path.read_text(encoding="utf-8")), "")
    for path in maps_dir().glob("*.toml"):
        found["map"].add(tomllib.loads(path.read_text(encoding="utf-8"))["name"])
    return found


def test_every_shipped_weapon_map_and_chest_name_has_an_english_gloss():
    """A new shipped weapon or map needs its line in glosses.toml, or English shows it French only."""
    names = _shipped_names()
    assert len(names["weapon"]) >= 6 and len(names["map"]) >= 10 and names["chest"]
    missing = {kind: sorted(n for n in found if n not in glosses()) for kind, found in names.items()}
    assert missing == {"weapon": [], "map": [], "chest": []}


def test_a_name_english_writes_the_same_way_gets_no_gloss():
    from arena_game.i18n.glosses import glossed, glosses

    same = [name for name, gloss in glosses().items() if gloss.casefold() == name.casefold()]
    assert same  # the shipped chest's "mule" is one
    assert all(glossed(name, "en") == name for name in same)


@pytest.mark.parametrize("lang, shown", [("en", "Petite arène du tutoriel (small tutorial arena)"),
                                         ("fr", "Petite arène du tutoriel")])
def test_the_start_screen_lists_shipped_maps_glossed_in_english_only(lang, shown):
    from arena_game.resources import shipped_maps
    from arena_game.ui.screens.start import map_labels

    maps = shipped_maps()
    labels = map_labels(maps, lang)
    assert labels[[p.stem for p in maps].index("tutoriel")] == shown


@pytest.mark.parametrize("size, shown", [((1920, 1080), "Le Labyrinthe du Minotaure (the Minotaur's maze)"),
                                         ((800, 560), "Le Labyrinthe du Minotaure")])
def test_the_start_screens_map_list_glosses_a_name_where_its_row_holds_it(size, shown):
    from arena_game.ui.screens.start import StartScreen
    from tests.ui_driver import open_app, top, wait_while_building

    app = open_app(None, lang="en", size=size)
    wait_while_building(app)
    start = top(app, StartScreen)
    assert start is not None
    assert shown in start.map_labels
