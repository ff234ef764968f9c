"""S54, task 1b: a rules file that contradicts itself was taken without a word. Each is now
refused in one line naming the file, the key and the fault, exit code 2: a critical push
(R5.2) moving fewer squares than a plain one, every flee face failing (R3.1), a face listed
twice (critical, flee and tackle faces), two hit locations of one name (R12.2), and, of the
same kind, a run table (R4.2) whose better roll runs fewer squares, or whose rows go past
`above_table_base` (never read: a total past the base takes the rule above the table).
What stays a house rule (equal squares, all flee faces but one) still loads."""

from __future__ import annotations

import pytest

from arena_game.cli import main
from arena_game.formats.problems import FileProblem
from arena_game.formats.rulesfile import load_rules

LOC = "[[combat.locations]]\nname = '{}'\nlow = {}\nhigh = {}\n"

REFUSED = [
    ("[push]\nsquares = 3\ncritical_squares = 2\n",
     "push: critical_squares 2 is fewer than squares 3: a critical push (R5.2) moves at least as far as a plain one",
     "push : critical_squares 2 est inférieur à squares 3 : une poussée critique (R5.2) va au moins aussi loin "
     "qu'une poussée simple"),
    ("[flee]\nfail_faces = [1, 2, 3, 4]\n",
     "flee: fail_faces: every face of the d4 fails, so no fighter could ever flee (R3.1): leave at least one face out",
     "flee : fail_faces : toutes les faces du d4 échouent, personne ne pourrait jamais fuir (R3.1) : laissez au "
     "moins une face de côté"),
    ("[flee]\ndie = 2\nfail_faces = [2, 1]\n",
     "flee: fail_faces: every face of the d2 fails, so no fighter could ever flee (R3.1): leave at least one face out",
     None),
    ("[flee]\nfail_faces = [1, 1]\n", "flee: fail_faces: face 1 is listed twice (list each face once)",
     "flee : fail_faces : la face 1 est donnée deux fois (chaque face une seule fois)"),
    ("[dice]\ncritical_success = [20, 19, 20]\n",
     "dice: critical_success: face 20 is listed twice (list each face once)", None),
    ("[dice]\ncritical_failure = [1, 1]\n", "dice: critical_failure: face 1 is listed twice (list each face once)",
     None),
    ("[run]\ntackle_faces = [2, 1, 2]\n", "run: tackle_faces: face 2 is listed twice (list each face once)", None),
    (LOC.format("tête", 1, 10) + LOC.format("Tête", 11, 20),
     "combat: locations row 2 (Tête): row 1 has this name already (name each location once)",
     "combat : locations, ligne 2 (Tête) : la ligne 1 porte déjà ce nom (chaque localisation une seule fois)"),
    (LOC.format("bras", 1, 5) + LOC.format("jambes", 6, 10) + LOC.format("bras", 11, 20),
     "combat: locations row 3 (bras): row 1 has this name already (name each location once)", None),
    ("[run]\ntable = [{ high = 4, squares = 2 }, { low = 5, high = 50, squares = 1 }]\n",
     "run: run.table row 2 gives 1 square, fewer than the row before it (2): a higher total runs at least as far (R4.2)",
     "run : la ligne 2 de run.table donne 1 case, moins que la ligne précédente (2) : un total plus haut court au "
     "moins aussi loin (R4.2)"),
    ("[run]\nabove_table_base = 30\n",
     "run: above_table_base 30 is below the top of run.table (50): its rows past 30 would never be read (R4.2)",
     "run : above_table_base 30 est sous le haut de run.table (50) : ses lignes au-delà de 30 ne seraient jamais "
     "lues (R4.2)"),
    ("[run]\nabove_table_base = 60\ntable = [{ high = 4, squares = 1 }, { low = 70, squares = 2 }]\n",
     "run: above_table_base 60 is below the top of run.table (70): its rows past 60 would never be read (R4.2)", None),
]


@pytest.mark.parametrize(("text", "english", "french"), REFUSED, ids=[r[1][:40] for r in REFUSED])
def test_s54_a_contradicting_rules_file_is_refused_in_one_line(tmp_path, capsys, text, english, french):
    rules = tmp_path / "r.toml"
    rules.write_text(text, encoding="utf-8")
    code = main(["play", "tutoriel", "--rules", str(rules), "--frames", "0"])
    assert (code, capsys.readouterr().err.splitlines()) == (2, [f"arena-game: {rules}: {english}"])
    if french is not None:
        with pytest.raises(FileProblem) as got:
            load_rules(rules)
        assert got.value.in_language("fr") == f"{rules} : {french}"


def test_s54_a_scenario_rules_table_is_refused_the_same(tmp_path, capsys):
    from pathlib import Path

    shipped = Path(__file__).resolve().parent.parent / "scenarios" / "running" / "cap-du-premier-pas.toml"
    bad = tmp_path / "s.toml"
    bad.write_text(shipped.read_text(encoding="utf-8") + "\n[rules.push]\nsquares = 4\n", encoding="utf-8")
    assert main(["scenario", str(bad)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arena-game: {bad}: rules.push: critical_squares 3 is fewer than squares 4: a critical push (R5.2) moves "
        "at least as far as a plain one"]


@pytest.mark.parametrize("text", [
    "[push]\nsquares = 3\ncritical_squares = 3\n",
    "[flee]\nfail_faces = [1, 2, 3]\n",
    "[flee]\nfail_faces = []\n",
    "[run]\ntackle_faces = [1, 2, 3, 4, 5, 6, 7, 8]\n",
    "[run]\ntable = [{ high = 9, squares = 1 }, { low = 10, high = 19, squares = 1 }, { low = 20, high = 50, squares = 3 }]\n",
    "[run]\nabove_table_base = 60\n",
    "[run]\nabove_table_base = 20\ntable = [{ high = 9, squares = 1 }, { low = 10, squares = 2 }]\n",
    LOC.format("tête", 1, 10) + LOC.format("torse", 11, 20),
])
def test_s54_what_does_not_contradict_itself_still_loads(tmp_path, capsys, text):
    rules = tmp_path / "r.toml"
    rules.write_text(text, encoding="utf-8")
    assert main(["play", "tutoriel", "--rules", str(rules), "--frames", "0"]) == 0
    assert capsys.readouterr().err == ""


def test_s54_the_house_rules_panel_names_the_row_of_a_location_given_twice():
    from arena_game.ui.house_draft import HouseRulesDraft

    draft = HouseRulesDraft(lang="fr")
    before = draft.values["combat.locations"]
    assert draft.type_text("combat.locations", "1-10 bras, 11-20 Bras") is False
    assert draft.faults["combat.locations"] == ("locations, ligne 2 (bras) : la ligne 1 porte déjà ce nom "
                                                "(chaque localisation une seule fois)")
    assert draft.values["combat.locations"] == before
