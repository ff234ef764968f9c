"""The roster editor's model (issue 18): fields checked by the teams files' own models, the
chest limit (R12.1), atomic saves in the user data folder, import/export, R9.2 struck-off sheets."""

import shutil
from pathlib import Path

import pytest

from arena_game.core.settings import RulesSettings, TeamSettings
from arena_game.formats.problems import FileProblem
from arena_game.formats.roster import (
    FIGHTER_FIELDS,
    TEAM_FIELDS,
    RosterDraft,
    export_roster,
    import_roster,
    roster_dir,
    roster_files,
)
from arena_game.formats.teamfile import load_teams, remove_fighter_for_good
from arena_game.resources import default_teams_path

DATA = Path(__file__).resolve().parent / "data"
FIELD = {s.key: s for s in FIGHTER_FIELDS}


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_every_r0_3_field_is_in_the_form_once():
    keys = [s.key for s in FIGHTER_FIELDS]
    assert len(keys) == len(set(keys)) == 26
    for key in ("name", "pv", "mana", "height_cm", "teleport_potions", "attributes.physique", "attributes.agilite",
                "skills.corps_a_corps", "skills.nage", "skills.weapons.bow", "weapon.name", "weapon.family",
                "weapon.range", "weapon.damage"):
        assert key in keys


def test_a_bad_value_is_refused_by_the_sheet_model_then_fixed():
    draft = RosterDraft.new("mine", "en")
    fault = draft.set_fighter_field(0, 0, FIELD["pv"], "abc")
    assert fault is not None and fault.text("en") == "a whole number" and fault.text("fr") == "un nombre entier"
    assert draft.teams[0]["fighters"][0]["pv"] == 20  # the last accepted value is kept
    assert draft.set_fighter_field(0, 0, FIELD["pv"], "0").text("en") == "at least 1"  # FighterSheet: pv >= 1
    assert draft.problems() and draft.problems()[0].key == "fault_at_least"
    with pytest.raises(ValueError):
        draft.save()
    assert draft.set_fighter_field(0, 0, FIELD["pv"], " 12 ") is None
    assert draft.teams[0]["fighters"][0]["pv"] == 12 and draft.problems() == []
    path = draft.save()
    assert load_teams(path)[0].fighters[0].pv == 12


@pytest.mark.parametrize(("key", "typed", "fault"), [
    ("height_cm", "401", "at most 400"), ("height_cm", "19", "at least 20"), ("mana", "-1", "at least 0"),
    ("weapon.damage", "2d", "NdM or NdM+K (2d6+1)"), ("weapon.damage", "0d6", "at least 1"),
    ("name", "   ", "cannot be empty"), ("name", "x" * 61, "at most 60 characters"),
    ("attributes.magie", "2.5", "a whole number"), ("weapon.range", "-3", "at least 0"),
])
def test_each_refusal_comes_from_the_files_model_in_the_window_language(key, typed, fault):
    draft = RosterDraft.new("mine", "en")
    assert draft.set_fighter_field(0, 0, FIELD[key], typed).text("en") == fault


def test_accepted_values_are_stored_as_the_file_writes_them():
    draft = RosterDraft.new("mine", "en")
    assert draft.set_fighter_field(0, 0, FIELD["weapon.damage"], "2 d 6 + 1") is None
    assert draft.set_fighter_field(0, 0, FIELD["skills.weapons.thrown"], "3") is None
    assert draft.set_fighter_field(0, 0, FIELD["weapon.family"], "thrown") is None
    sheet = load_teams(draft.save())[0].fighters[0]
    assert str(sheet.weapon.damage) == "2d6+1" and sheet.skill("thrown") == 3 and sheet.weapon.family == "thrown"


def test_team_colour_checked_by_the_team_model():
    draft = RosterDraft.new("mine", "fr")
    colour = next(s for s in TEAM_FIELDS if s.key == "colour")
    assert draft.set_team_field(0, colour, "rouge").text("fr") == "une couleur #rrvvbb, par ex. #2471a3"
    assert draft.set_team_field(0, colour, "#00aa11") is None and draft.teams[0]["colour"] == "#00aa11"


def test_r12_1_a_fifth_chest_animal_is_refused_naming_the_rule():
    draft = RosterDraft.new("mine", "en")
    for animal in ("chien", "faucon", "esclave porteur", "mule"):
        assert draft.add_to_chest(0, animal) is None
    fault = draft.add_to_chest(0, "ours")
    assert fault is not None and fault.rule == "R12.1"
    assert fault.text("en") == "R12.1: a team's chest holds at most 4 animals and slaves"
    assert fault.text("fr") == "R12.1 : le coffre d'une équipe tient au plus 4 animaux et esclaves"
    assert draft.teams[0]["chest"] == ["chien", "faucon", "esclave porteur", "mule"]


def test_r12_1_the_chest_limit_follows_the_rules_settings():
    draft = RosterDraft.new("mine", "en")
    draft.settings = RulesSettings(teams=TeamSettings(chest_limit=1))
    assert draft.add_to_chest(0, "chien") is None
    assert draft.add_to_chest(0, "faucon").fields == {"limit": 1}


def test_saved_atomically_in_the_user_data_folder(data_folder):
    draft = RosterDraft.new("mine", "en")
    path = draft.save()
    assert path == data_folder / "teams" / "mine.toml" and roster_dir() == data_folder / "teams"
    assert sorted(p.name for p in path.parent.iterdir()) == ["mine.toml"]  # no temporary file left
    assert [tm.name for tm in load_teams(path)] == ["Team 1", "Team 2"]
    assert roster_files() == [path]


def test_create_duplicate_and_delete_keep_ids_unique():
    draft = RosterDraft.from_file(default_teams_path())
    f = draft.duplicate_fighter(0, 0, "fr")
    assert draft.teams[0]["fighters"][f]["name"] == "Brakka (copie)"
    t2 = draft.duplicate_team(1, "en")
    n = draft.add_fighter(t2, "en")
    ids = [x["id"] for tm in draft.teams for x in tm["fighters"]]
    assert len(ids) == len(set(ids)) and draft.teams[t2]["fighters"][n]["name"] == "Fighter 4"
    draft.delete_fighter(0, f)
    draft.delete_team(t2)
    draft.name = "copy"
    assert [tm.id for tm in load_teams(draft.save())] == ["lions", "vipers"]


def test_a_team_without_fighters_is_not_saved():
    draft = RosterDraft.new("mine", "en")
    draft.delete_fighter(1, 0)
    assert [p.text("en") for p in draft.problems()] == ["team Team 2 has no fighters (a team needs at least one)"]
    draft.name = "../escape"
    assert "fault_file_name" in [p.key for p in draft.problems()]


def test_import_checks_the_file_and_export_writes_it(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[teams]]\nid = "a"\nname = "A"\nchest = ["1", "2", "3", "4", "5"]\n'
                   '[[teams.fighters]]\nid = "x"\nname = "X"\npv = 3\n', encoding="utf-8")
    with pytest.raises(FileProblem, match=r"bad.toml: teams\[0\].chest: R12.1"):
        import_roster(bad)
    assert roster_files() == []
    first = import_roster(DATA / "teams" / "mirror.toml")
    second = import_roster(DATA / "teams" / "mirror.toml")
    assert [first.name, second.name] == ["mirror.toml", "mirror-2.toml"]
    out = export_roster(RosterDraft.from_file(first), tmp_path / "out" / "shared.toml")
    assert load_teams(out) == load_teams(DATA / "teams" / "mirror.toml")


def test_r9_2_a_fighter_struck_off_keeps_its_sheet_in_the_file_never_played(tmp_path):
    roster = tmp_path / "r.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    remove_fighter_for_good(roster, "r1")
    assert [f.id for tm in load_teams(roster) for f in tm.fighters] == ["r2", "b1", "b2"]
    draft = RosterDraft.from_file(roster)
    assert [f["id"] for f in draft.struck_off_of(0)] == ["r1"] and draft.struck_off_of(1) == []
    assert "r1" in draft.fighter_ids()  # a new fighter never takes a lost one's id
    draft.name = "r"
    draft.save(tmp_path)
    again = RosterDraft.from_file(roster)
    assert again.struck_off == draft.struck_off and [f.id for tm in load_teams(roster) for f in tm.fighters] == ["r2", "b1", "b2"]


def test_the_shelf_writes_after_the_typing_pauses_and_renames_the_file(data_folder):
    from arena_game.formats.roster_shelf import SAVE_AFTER_MS, RosterShelf

    shelf = RosterShelf("en")
    assert shelf.read_only and shelf.files[0] == default_teams_path() and shelf.path is None
    assert shelf.duplicate() and shelf.saved_name == "my-teams" and not shelf.read_only
    first = data_folder / "teams" / "my-teams.toml"
    assert shelf.path == first and load_teams(first) == load_teams(default_teams_path())
    shelf.draft.set_fighter_field(0, 0, FIELD["mana"], "9")
    shelf.draft.name = "bande"
    shelf.changed()
    assert not shelf.tick(SAVE_AFTER_MS - 1) and load_teams(first)[0].fighters[0].mana == 4
    assert shelf.tick(1) and shelf.status[0].startswith("Saved: ")
    assert [p.name for p in roster_files()] == ["bande.toml"]  # renamed: the old name is gone
    assert load_teams(shelf.path)[0].fighters[0].mana == 9
    shelf.delete()
    assert roster_files() == [] and shelf.read_only and shelf.status == ("Deleted: bande", False)
