"""Wording of the s48 review (items 9 and 10): one name for one thing across screens, real
sentences, and written French ("cliquez sur", plural "chances", "arme de lancer")."""

from __future__ import annotations

import re

import pytest

from arena_game.core.events import Died
from arena_game.core.rules.circle import halving_split
from arena_game.i18n import catalog, t
from arena_game.i18n.narration import describe


def test_r2_3_the_swim_setting_reads_as_a_sentence():
    said = t("house.movement.swim_squares_per", "en")
    assert "per full this many" not in said and said.startswith("Nage (swim) roll points per square swum")


@pytest.mark.parametrize("lang, taller", [("en", "taller than the shooter"), ("fr", "plus grands que le tireur")])
def test_r1_6_the_line_of_sight_setting_says_taller_than_what(lang, taller):
    assert taller in t("house.combat.line_of_sight", lang)


def test_the_roster_says_team_files_and_pv_as_every_other_screen():
    assert t("roster.files", "en") == "Team files"
    assert t("roster.field_pv", "en") == "PV (HP)"
    assert [key for key, text in catalog("en").items() if re.search(r"\bPV \((?!HP\))", text)] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r8_2_the_split_button_and_the_house_rule_name_the_halving_alike(lang):
    """"Half each" beside "halved in turn": with three fighters hit the split is 6, 3, 2 of 11,
    so only "halved in turn" is true, and the button says it as the house rule does."""
    assert halving_split(11, 3) == [6, 3, 2]
    button, word = t("ui.split_halving", lang), t("house_ui.word_halving", lang)
    assert button.lower() == word.lower()
    assert word in t("house.combat.circle_split", lang)
    assert word not in ("half each", "moitié à chacun")


def test_the_match_over_bar_says_what_esc_does_now_and_next():
    assert t("ui.over_bar_hint", "en", keys={"back": "Esc"}) == "Esc: see the board (Esc again quits)"
    assert t("ui.over_bar_hint", "fr", keys={"back": "Échap"}) == "Échap : voir le plateau (Échap encore : quitter)"


def test_r6_the_teleport_caption_gives_the_rule_no_gender():
    said = t("demo.teleport", "en")
    assert "her Magie" not in said and "as the caster's Magie (magic)" in said


@pytest.mark.parametrize("lang, tail", [("en", "two-handed weapon,\u00a02d6"), ("fr", "(arme à deux mains,\u00a02d6)")])
def test_the_sheet_holds_the_weapon_dice_with_the_word_before(lang, tail):
    """"Weapon: Grande hache (great axe), two-handed weapon," then "2d6" alone on a line."""
    family = t("term.family_two_handed", lang)
    assert t("ui.sheet_weapon", lang, weapon="Grande hache", family=family, damage="2d6").endswith(tail)


def test_r2_5_a_french_push_death_is_not_a_participle_of_the_wrong_gender():
    line = describe(Died(fighter="n", cause="push_into_hazard", by="o", at=(5, 6)), {"n": "Nyssa", "o": "Oruk"}, "fr")
    assert line == "Nyssa meurt en (5, 6) (par Poussée dans une case mortelle, R2.5)"
    causes = [t(f"simulate.cause_{c}", "fr") for c in ("attack", "run_attack", "circle_attack", "push_into_hazard", "hazard")]
    assert causes == ["attaque", "attaque en Course", "attaque circulaire", "case mortelle (par Poussée)", "case mortelle"]


def test_the_french_thrown_family_is_a_weapon_not_a_verb():
    assert t("term.family_thrown", "fr") == "arme de lancer"
    assert t("roster.field_weapon_skill", "fr", family=t("term.family_thrown", "fr")) == "Compétence (arme de lancer)"


def test_french_chances_are_plural_in_legends_cards_and_tips():
    assert [key for key, text in catalog("fr").items() if re.search(r"\bchance (?:de |d')|, chance \{", text)] == []
    assert t("ui.legend_reach_scale", "fr") == "chances d'y arriver (%)"


def test_french_hints_click_on_things():
    """Written French says "cliquez sur une case", not "cliquez une case"."""
    assert [key for key, text in catalog("fr").items() if re.search(r"\b[Cc]liquez(?:-l[ae]\b| (?!sur\b|ou\b|dessus\b))", text)] == []
    assert t("ui.mode_walk", "fr").startswith("Marcher : cliquez sur une case")
