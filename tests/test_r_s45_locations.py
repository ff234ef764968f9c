"""S45 audit, R12.2 hit locations and the R4.2 run table: a table a rules file, a scenario, a save
or the House rules panel gives is refused at the model (`CombatSettings`, `RunSettings`) when a
row's low is above its high, a face is past the location die, rows overlap or leave a face of the
die without a row (a hit always lands somewhere: R0.4, R8.3), naming the row, in one line."""

from __future__ import annotations

import pytest

from arena_game.cli import main
from arena_game.core.settings import RulesSettings
from arena_game.formats.problems import FileProblem
from arena_game.formats.rulesfile import settings_from_data
from arena_game.ui.house_draft import HouseRulesDraft
from tests.builders import play, tiny_match


def _rows(*rows: tuple[str, int, int, int]) -> list[dict[str, object]]:
    return [{"name": n, "low": lo, "high": hi, "damage_bonus": b} for n, lo, hi, b in rows]


@pytest.mark.parametrize(("combat", "fault"), [
    ({"locations": _rows(("tête", 2, 1, 3), ("torse", 3, 20, 0))},
     "combat: locations row 1 (tête): low 2 is above high 1"),
    ({"locations": _rows(("tête", 1, 2, 3), ("torse", 3, 24, 0))},
     "combat: locations row 2 (torse): face 24 is not on the d20"),
    ({"location_die": 12},  # the standard rows go to 20
     "combat: locations row 3 (bras): face 15 is not on the d12"),
    ({"locations": _rows(("tête", 1, 5, 3), ("torse", 5, 20, 0))},
     "combat: locations row 2 (torse): faces 5 to 20 overlap a row before it or are out of order"),
    ({"locations": _rows(("torse", 3, 20, 0), ("tête", 1, 2, 3))},
     "combat: locations row 1 (torse) starts at face 3: face 1 has no row"),
    ({"locations": _rows(("tête", 1, 2, 3), ("torse", 4, 20, 0))},
     "combat: locations row 2 (torse) starts at face 4: face 3 has no row"),
    ({"locations": _rows(("tête", 1, 2, 3), ("torse", 3, 18, 0))},
     "combat: locations: face 19 of the d20 has no row (the last row ends at face 18)"),
    ({"location_die": 30},
     "combat: locations: face 21 of the d30 has no row (the last row ends at face 20)"),
    ({"locations": []}, "combat: locations: no row; every face of the d20 needs one"),
    ({"locations": _rows(("tête", 1, 2, 3), (" ", 3, 20, 0))}, "combat: locations row 2: a row needs a name"),
])
def test_r12_2_a_bad_hit_location_table_is_refused_naming_the_row(combat, fault):
    with pytest.raises(FileProblem) as got:
        settings_from_data("r.toml", {"combat": combat})
    assert str(got.value) == f"r.toml: {fault}"


def test_r12_2_a_whole_table_on_another_die_is_taken():
    settings = settings_from_data("r.toml", {"combat": {"location_die": 6, "locations": _rows(
        ("tête", 1, 1, 4), ("torse", 2, 4, 1), ("jambes", 5, 6, 0))}})
    assert [(r.low, r.high) for r in settings.combat.locations] == [(1, 1), (2, 4), (5, 6)]


def test_r12_2_a_rules_file_with_a_gap_is_one_line_exit_2_in_french_too(tmp_path, capsys):
    rules = tmp_path / "r.toml"
    rules.write_text('[combat]\nlocations = [{ name = "tête", low = 1, high = 2 }, '
                     '{ name = "torse", low = 4, high = 20 }]\n', encoding="utf-8")
    code = main(["play", "tutoriel", "--rules", str(rules), "--frames", "0"])
    assert (code, capsys.readouterr().err.splitlines()) == (
        2, [f"arena-game: {rules}: combat: locations row 2 (torse) starts at face 4: face 3 has no row"])
    with pytest.raises(FileProblem) as got:
        settings_from_data(rules, {"combat": {"location_die": 12}})
    assert got.value.in_language("fr").endswith(
        "locations, ligne 3 (bras) : la face 15 n'existe pas sur le d12")


def test_r4_2_an_empty_run_table_or_a_reversed_row_is_refused():
    """An empty table crashed the run roll above 50 (`table[-1]`); a row 10–5 was taken."""
    with pytest.raises(FileProblem) as got:
        settings_from_data("r.toml", {"run": {"table": []}})
    assert str(got.value) == "r.toml: run: run.table has no row"
    with pytest.raises(FileProblem) as got:
        settings_from_data("r.toml", {"run": {"table": [{"high": 4, "squares": 1},
                                                        {"low": 10, "high": 5, "squares": 3}]}})
    assert str(got.value) == "r.toml: run: run.table row 2: low 10 is above high 5"


def test_r12_2_the_panel_shows_the_models_refusal_of_a_gap_and_keeps_the_table():
    draft = HouseRulesDraft(lang="en")
    before = draft.values["combat.locations"]
    assert draft.type_text("combat.locations", "1-2 head +3, 4-20 torso") is False
    assert draft.faults["combat.locations"] == "locations row 2 (torso) starts at face 4: face 3 has no row"
    assert draft.type_text("combat.locations", "1-2 head +3, 3-18 torso") is False
    assert draft.faults["combat.locations"] == "locations: face 19 of the d20 has no row (the last row ends at face 18)"
    assert draft.values["combat.locations"] == before
    french = HouseRulesDraft(lang="fr")
    assert french.type_text("combat.locations", "2-20 torse") is False
    assert french.faults["combat.locations"] == "locations, ligne 1 (torse) : commence à la face 2 ; la face 1 n'a aucune ligne"


def test_r12_2_the_panels_location_die_carries_the_rows_onto_its_faces():
    """Changing the die alone would leave faces without a row (or rows past it): the last row
    kept ends on the die's top face, the rows past it dropped, and the table shows it."""
    draft = HouseRulesDraft(lang="en")
    assert draft.type_text("combat.location_die", "12") is True
    assert draft.texts["combat.locations"] == "1–2 head +3, 3–10 torso +1, 11–12 arms"
    assert draft.type_text("combat.location_die", "30") is True
    assert draft.texts["combat.locations"] == "1–2 head +3, 3–10 torso +1, 11–30 arms"
    settings = draft.settings()
    assert settings.combat.location_die == 30 and settings.combat.locations[-1].high == 30
    assert draft.type_text("combat.locations", "1-10 head +3, 11-30 legs") is True


def test_r12_2_r0_4_a_d6_table_gives_the_bonus_of_the_row_of_the_rolled_face():
    settings = RulesSettings.model_validate({"combat": {"location_die": 6, "locations": _rows(
        ("tête", 1, 1, 4), ("torse", 2, 4, 1), ("jambes", 5, 6, 0))}})
    # attack 15, dodge 3: a hit; location face 1 (tête +4), damage 1d6 → 2: 6 PV
    state, dice = tiny_match("...", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (1, 0)}},
                             faces=[15, 3, 1, 2], settings=settings)
    after, events = play(state, dice, {"kind": "attack", "target": "z"})
    damaged = next(e for e in events if e.type == "damaged")
    assert (damaged.location, damaged.amount, after.fighters["z"].pv) == ("tête", 6, 14)
