"""House rules (issue 18): every Reading of docs/rules.md can be changed by a table, is
explained in both languages, is saved as a rules file in the user data folder, and a
changed Reading changes the roll in play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena_game.core.match import Match, MatchSetup
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.core.sheets import Team
from arena_game.formats.house_rules import (
    READINGS,
    changed_readings,
    house_rules_files,
    load_house_rules,
    save_house_rules,
    with_readings,
)
from arena_game.formats.problems import FileProblem
from arena_game.i18n import LANGS, has
from tests.builders import sheet, tiny_board

DOCS = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")


def test_every_reading_of_the_rules_document_is_a_house_rule_with_its_rule_number():
    rows = re.findall(r"^\| `([\w.]+)` \| `([^`]*)` \| (R[\d.]+) Reading", DOCS, re.M)
    documented = {(key, rule) for key, default, rule in rows}
    assert documented == set(READINGS)  # the hit-location table (R12.2) included
    assert len(READINGS) == len({k for k, _ in READINGS})


@pytest.mark.parametrize("lang", LANGS)
def test_every_house_rule_is_explained_in_the_catalog(lang):
    assert [k for k, _ in READINGS if not has(f"house.{k}", lang)] == []


def test_a_house_rules_file_is_saved_and_offered_by_name(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    settings = with_readings(DEFAULT_SETTINGS, {"flee.one_roll_per_attempt": False, "dice.critical_success": (19, 20)})
    path = save_house_rules("Chez Paul", settings)
    assert path.parent == tmp_path / "rules" and [p.stem for p in house_rules_files()] == ["Chez Paul"]
    again = load_house_rules("Chez Paul")
    assert again == settings
    assert changed_readings(again) == {"dice.critical_success": (19, 20), "flee.one_roll_per_attempt": False}
    with pytest.raises(ValueError):
        save_house_rules("../out", settings)


def test_a_bad_house_rule_value_is_refused_by_the_same_model_as_the_files():
    with pytest.raises(FileProblem, match="critical"):
        with_readings(DEFAULT_SETTINGS, {"dice.critical_success": (21,)})


def test_r0_5_a_changed_initiative_reading_changes_the_roll_in_play():
    settings = with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "physique"})
    teams = [Team(id="red", name="Red", colour="#c0392b",
                  fighters=[sheet("a", "red", attributes={"physique": 4, "agilite": 1})]),
             Team(id="blue", name="Blue", colour="#2471a3", fighters=[sheet("z", "blue")])]
    setup = MatchSetup(board=tiny_board("....\n...."), teams=teams, placements={"a": (0, 0), "z": (3, 1)},
                       seed=1, scripted=[10, 10], settings=settings)
    rolls = [e.roll for e in Match(setup).log if e.type == "dice_rolled"]
    assert [(x.key, x.value) for x in rolls[0].terms] == [("physique", 4)] and rolls[0].total == 14


def test_a_saved_house_rules_file_is_offered_at_the_start_and_its_reading_changes_the_roll(tmp_path, monkeypatch):
    from arena_game.ui.screens.start import StartScreen
    from tests.ui_driver import board, click_button, open_app, top

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    save_house_rules("physique", with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "physique"}))
    app = open_app(None, lang="en")
    start = top(app, StartScreen)
    assert start.rules_labels == {"Rules: standard": None, "House rules: physique": "physique"}
    start.rules_name = "physique"
    click_button(app, start.go)
    ctrl = board(app).ctrl
    assert ctrl is not None and ctrl.state.settings.turns.initiative_attribute == "physique"
    first = next(e.roll for e in ctrl.log if e.type == "dice_rolled")
    assert first.purpose == "initiative" and [x.key for x in first.terms] == ["physique"]
    assert ctrl.to_save().rules["turns"]["initiative_attribute"] == "physique"  # the match's settings in the save


# -- the panel's editing, without the window ------------------------------------------------


def test_every_house_rule_is_editable_in_the_panel_on_exactly_one_page():
    from arena_game.ui.house_draft import FIELDS, PAGES, page_groups

    shown = [f.key for p in range(len(PAGES)) for _, fields in page_groups(p) for f in fields]
    assert sorted(shown) == sorted(k for k, _ in READINGS) and len(FIELDS) == len(READINGS)
    for p in range(len(PAGES)):
        rules = [rule for rule, _ in page_groups(p)]
        assert rules and len(rules) == len(set(rules))  # each rule once, its Readings together


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_of_the_panel_has_a_title_and_every_choice_its_words(lang):
    from arena_game.ui.house_draft import FIELDS, value_words

    assert [f.rule for f in FIELDS if not has(f"house_ui.rule.{f.rule}", lang)] == []
    for f in FIELDS:
        for choice in f.choices:
            words = value_words(choice, lang)
            assert words and (words != choice or not isinstance(choice, str)), (f.key, choice)


def test_r0_5_a_choice_cycles_both_ways_and_marks_its_default():
    from arena_game.ui.house_draft import HouseRulesDraft

    draft = HouseRulesDraft(lang="en")
    key = "turns.initiative_attribute"
    assert draft.is_default(key) and draft.default_words(key) == "default"
    assert draft.cycle(key) == "physique"  # agilite is the last choice: the first comes next
    assert draft.default_words(key) == "changed · default: Agilité (agility)"
    assert draft.cycle(key, -1) == "agilite" and draft.is_default(key)
    assert draft.cycle("flee.one_roll_per_attempt") is False
    assert draft.changed() == {"flee.one_roll_per_attempt": False}


def test_r0_1_a_typed_value_is_checked_with_its_fault_beside_it_in_the_window_language():
    from arena_game.ui.house_draft import HouseRulesDraft

    draft = HouseRulesDraft(lang="fr")
    assert not draft.type_text("dice.die", "deux")
    assert draft.faults["dice.die"] == "un nombre entier, s'il vous plaît"
    assert not draft.type_text("dice.die", "1") and draft.faults["dice.die"] == "de 2 à 100"
    assert not draft.type_text("dice.die", "12")  # the critical 20 is not on a d12
    assert draft.faults["dice.die"] == "d'abord les faces critiques : sur un d12"
    assert draft.values["dice.die"] == 20 and draft.texts["dice.die"] == "12"  # the text stays to be fixed
    assert not draft.type_text("dice.critical_success", "1")  # 1 is the critical failure
    assert draft.faults["dice.critical_success"] == "faces du d20, jamais critiques deux fois"
    assert draft.type_text("dice.critical_success", "19 , 20")
    assert draft.texts["dice.critical_success"] == "19, 20" and "dice.critical_success" not in draft.faults
    draft.revert("dice.die")
    assert draft.texts["dice.die"] == "20" and draft.faults == {}
    assert draft.changed() == {"dice.critical_success": (19, 20)}
    draft.reset()
    assert draft.changed() == {}


def test_the_panel_saves_under_a_good_name_only(tmp_path, monkeypatch):
    from arena_game.ui.house_draft import HouseRulesDraft

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    draft = HouseRulesDraft(lang="en")
    draft.cycle("run.declared_must_be_free")
    assert draft.save("../x") is None and draft.name_fault.startswith("a name:")
    path = draft.save(" Chez Paul ")
    assert path == tmp_path / "rules" / "Chez Paul.toml"
    assert path.read_text(encoding="utf-8") == "[run]\ndeclared_must_be_free = false\n"
    assert load_house_rules("Chez Paul").run.declared_must_be_free is False


def test_r12_2_the_hit_location_table_is_typed_in_the_window_language_and_saved_as_rows(tmp_path, monkeypatch):
    from arena_game.ui.house_draft import HouseRulesDraft

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    draft = HouseRulesDraft(lang="en")
    assert draft.texts["combat.locations"] == "1–2 head +3, 3–10 torso +1, 11–15 arms, 16–20 legs"
    assert not draft.type_text("combat.locations", "1-3 head +4, 3-10 torso")  # 3 twice
    assert draft.faults["combat.locations"] == "rows like 1–2 head +3, in order, on the d20"
    assert not draft.type_text("combat.locations", "1-3 head, 4-21 legs")  # no 21 on a d20
    assert draft.type_text("combat.locations", "1-3 head +4, 4-10 torso +1, 11-15 arms, 16-20 tail -1")
    assert draft.default_words("combat.locations") == "changed · default: the standard table"
    draft.save("long necks")
    rows = load_house_rules("long necks").combat.locations
    assert [(r.name, r.low, r.high, r.damage_bonus) for r in rows] == [
        ("tête", 1, 3, 4), ("torse", 4, 10, 1), ("bras", 11, 15, 0), ("tail", 16, 20, -1)]
    assert HouseRulesDraft(load_house_rules("long necks"), lang="fr").texts["combat.locations"] == \
        "1–3 tête +4, 4–10 torse +1, 11–15 bras, 16–20 tail -1"
