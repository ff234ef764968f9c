"""English glosses of the shipped French names (s47, gallery review items 6 and the collision
risk of `fill`): every shipped team name has its gloss ("Les Lions de Braise (Ember Lions)"),
and a catalog template glosses only its fields named for such a name ("{map}", "{team}",
"{weapon}"), never a field that merely holds the same text (a fighter a player named "Bassin",
the new name of a duplicated team, which is data and must stay as the file wrote it)."""

from __future__ import annotations

import tomllib

import pytest

from arena_game.formats.roster import RosterDraft
from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n import t
from arena_game.i18n.glosses import glosses
from arena_game.resources import data_dir, default_teams_path, find_scenario, scenarios_dir
from arena_game.ui.panels_html import sheet_html, teams_html


def _shipped_team_names() -> set[str]:
    """The `name` of every team every shipped scenario and teams file gives."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "teams" and isinstance(value, list):
                    found.update(team["name"] for team in value if isinstance(team, dict) and "name" in team)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in [*scenarios_dir().rglob("*.toml"), *data_dir().rglob("*.toml")]:
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return found


def test_every_shipped_team_name_has_an_english_gloss():
    names = _shipped_team_names()
    assert {"Les Lions de Braise", "Les Vipères d'Onyx", "Rouges", "Braise"} <= names
    assert sorted(n for n in names if n not in glosses()) == []


def test_the_english_panels_and_banners_gloss_the_default_teams():
    state = play(load_scenario(find_scenario("lessons/07-circle-attack"))).state
    assert state is not None
    english = teams_html(state, "en")
    assert "Les Lions de Braise (Ember Lions)" in english and "Les Vipères d'Onyx (Onyx Vipers)" in english
    assert "Ember" not in teams_html(state, "fr")
    assert t("ui.handoff_team", "en", team="Les Vipères d'Onyx") == "Team: Les Vipères d'Onyx (Onyx Vipers)"
    assert t("log.renown_gained", "fr", team="Les Vipères d'Onyx", amount=2, pr=2).startswith(
        "L'équipe des Vipères d'Onyx gagne")


@pytest.mark.parametrize("key, fields, shown", [
    ("ui.handoff", {"name": "Bassin"}, "Bassin to play"),
    ("ui.square_fighter", {"square": "Square (3, 4)", "name": "Lave", "pv": 12}, "Square (3, 4) — Lave, 12\u00a0PV (HP)"),
    ("roster.copy_name", {"name": "Rouges"}, "Rouges (copy)"),
    ("log.moved", {"fighter": "Cour", "verb": "walks", "path": "Épée"}, "Cour walks Épée"),
])
def test_a_field_not_named_for_a_shipped_name_is_never_glossed(key, fields, shown):
    """A fighter named "Bassin" or "Lave", free text equal to a weapon: shown as written."""
    assert t(key, "en", **fields) == shown


@pytest.mark.parametrize("key, fields, name, gloss", [
    ("ui.title", {"map": "Bassin"}, "Bassin", "pool"),
    ("ui.sheet_weapon", {"weapon": "Épée longue", "family": "melee", "damage": "1d8"}, "Épée longue", "long sword"),
    ("ui.team_pr", {"team": "Les Lions de Braise", "pr": 2}, "Les Lions de Braise", "Ember Lions"),
    ("log.winner", {"team": "Rouges"}, "Rouges", "Reds"),
    ("ui.over_winner", {"team": "Givre"}, "Givre", "Frost"),
])
def test_the_fields_named_for_a_shipped_name_are_glossed_in_english_only(key, fields, name, gloss):
    assert f"{name} ({gloss})" in t(key, "en", **fields)
    french = t(key, "fr", **fields)
    assert name in french and gloss not in french


def test_a_refusal_glosses_the_weapon_it_names():
    from arena_game.core.errors import IllegalAction
    from arena_game.i18n import refusal_text

    err = IllegalAction("R8.1", "…", code="circle_weapon", fields={"weapon": "Arc court"})
    assert refusal_text(err, "en").endswith("not Arc court (short bow)")


@pytest.mark.parametrize("name", ["Les Lions de Braise", "Rouges"])
def test_duplicating_a_shipped_team_in_english_keeps_its_name_as_the_file_writes_it(name):
    """The copy's name is data: "Rouges (copy)", not "Rouges (Reds) (copy)" written to the file."""
    draft = RosterDraft.from_file(default_teams_path())
    draft.teams[0]["name"] = name
    copy = draft.duplicate_team(0, "en")
    assert draft.teams[copy]["name"] == f"{name} (copy)"


def test_the_english_sheet_glosses_its_weapon_through_the_weapon_field(fresh_pygame):
    state = play(load_scenario(find_scenario("lessons/07-circle-attack"))).state
    assert state is not None
    brakka = next(fid for fid, f in state.fighters.items() if f.sheet.weapon.name == "Grande hache")
    assert "Weapon: Grande\u00a0hache\u00a0(great\u00a0axe)\u00a0· " in sheet_html(state, "en", brakka)
