"""Wording of log lines, labels, cards and captions (s47 reviews: review4 #5, #7–#11; review3 #9)."""

from __future__ import annotations

import re

import pytest

from arena_game.core.dice import ScriptedDice, Term, roll
from arena_game.core.events import (
    Died,
    FleeChecked,
    Pushed,
    RenownGained,
    Teleported,
    TurnSkipped,
    TurnStarted,
    WokeUp,
)
from arena_game.i18n import LANGS, catalog, t, tn
from arena_game.i18n.narration import describe
from arena_game.i18n.terms import modifier_source, roll_line
from tests.builders import play, tiny_match

NAMES = {"oruk": "Oruk", "tarn": "Tarn", "kael": "Kael", "sielle": "Sielle", "blue": "Les Vipères d'Onyx"}
TWO_GROUPS = re.compile(r"\)\s*\(")  # "(90°) (right angles…)": two bracket groups in a row


# -- brackets (review4 #5, review3 #9 "Stop button") ----------------------------------------

def test_r4_4_right_angle_refusal_has_one_bracket_group():
    fighters = {"a": {"team": "red", "at": (1, 2)}, "b": {"team": "blue", "at": (5, 0)}}
    state, dice = tiny_match("......\n......\n......\n......\n", fighters, faces=[10] * 5)
    from arena_game.core import IllegalAction
    from arena_game.i18n import refusal_text

    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_start", "declared": [(2, 2), (3, 2), (3, 1)]})
    assert e.value.code == "run_right_angle_off_labyrinth"
    en, fr = refusal_text(e.value, "en"), refusal_text(e.value, "fr")
    assert en.endswith("is a right angle (90°), allowed only on a labyrinth map")
    assert fr.endswith("fait un angle droit (90°), permis seulement dans un labyrinthe")
    assert not TWO_GROUPS.search(en) and not TWO_GROUPS.search(fr)


@pytest.mark.parametrize("lang", LANGS)
def test_r7_2_modifier_label_sub_line_has_no_two_bracket_groups(lang):
    sub = tn("anim.modifier_sub", 1, lang, source=modifier_source("taunt_simple", lang), rule="R7.2", turns=1)
    assert not TWO_GROUPS.search(sub), sub
    assert sub.endswith("R7.2, 1 turn" if lang == "en" else "R7.2, 1 tour")


def test_r4_5_stop_button_keeps_the_rule_out_of_the_gloss():
    text = t("ui.run_stop", "en", keys={"confirm": "Enter"})
    assert "Course (run)" in text and not re.search(r"\([^()]*R\d", text), text


@pytest.mark.parametrize("lang", LANGS)
def test_r0_5_sheet_and_log_word_a_modifier_the_same_way(lang):
    words = dict(value="−2", applies_to=t("log.applies_all", lang), source="tackled", rule="R4.7", turns=1)
    sheet = t("ui.sheet_mod_one", lang, **words)
    log = t("log.modifier_added_one", lang, fighter="Tarn", **words)
    assert log.endswith(sheet.split(" ", 1)[1]) or sheet in log, (sheet, log)
    assert t("log.applies_all", lang) == {"en": "to all rolls", "fr": "à tous les jets"}[lang]


# -- French agreement for a fighter of unknown gender (review4 #7) ---------------------------

FEMININE_OR_MASCULINE = re.compile(r"\b(évanouie?s?|taclée?s?|inutilisables?|poussée? dans|il chute|il reste)\b")


def test_r10_1_french_faint_label_and_log_need_no_agreement():
    label = (t("anim.fainted", "fr"), tn("anim.fainted_sub", 2, "fr", turns=2))
    assert label == ("Évanouissement", "pendant 2 tours")
    skipped = describe(TurnSkipped(fighter="sielle", reason="asleep"), NAMES, "fr")
    woke = describe(WokeUp(fighter="sielle", mana=3), NAMES, "fr")
    assert skipped == "Sielle passe son tour (évanouissement, sans mana)"
    assert woke == "Sielle se réveille : 3 mana, sans sort possible"
    for line in (*label, skipped, woke, t("ui.status_asleep", "fr"), t("refusal.asleep", "fr", fighter="Sielle")):
        assert not FEMININE_OR_MASCULINE.search(line), line


def test_r4_7_french_tackle_and_fall_lines_need_no_agreement():
    from arena_game.core.events import Tackled

    tackled = describe(Tackled(fighter="sielle", by="oruk", at=(6, 2)), NAMES, "fr")
    pushed = describe(Pushed(fighter="sielle", by="oruk", path=[(6, 6), (5, 6)], fell=True, into="floor"), NAMES, "fr")
    flee = describe(FleeChecked(fighter="sielle", opponents=["oruk"], success=False), NAMES, "fr")
    assert tackled == "Oruk tacle Sielle en (6, 2)"
    for line in (tackled, pushed, flee, t("anim.tackled", "fr"), t("log.run_end_tackled", "fr")):
        assert not FEMININE_OR_MASCULINE.search(line), line


# -- label second lines that say something new (review4 #8) --------------------------------

def _words(text: str) -> set[str]:
    """Its words' stems: "réveil" and "réveille", "taunt" and "taunts" count as one."""
    return {w.casefold()[:5] for w in re.findall(r"[^\W\d_]{4,}", text)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("head, sub", [("taunt_simple", "taunt_sub"), ("crowd_ok", "crowd_ok_sub"),
                                       ("crowd_fail", "crowd_fail_sub"), ("tackled", "tackled_sub"),
                                       ("turn_skipped", "turn_skipped_sub"), ("woke_up", "woke_up_sub")])
def test_a_label_second_line_does_not_repeat_its_headline(lang, head, sub):
    fields = {"by": "Nyssa", "reason": "x", "mana": 3}
    h, s = t(f"anim.{head}", lang), t(f"anim.{sub}", lang, **fields)
    assert not _words(h) & _words(s), (h, s)


def test_r7_the_crowd_label_says_the_same_in_both_languages():
    """EN headline "The crowd roars!" and FR headline "Le public suit !" (its sub-line "la foule gronde")."""
    assert t("anim.crowd_ok", "fr") == "Le public acclame !"
    assert t("anim.crowd_ok_sub", "en") == "the taunt works" and t("anim.crowd_ok_sub", "fr") == "la provocation réussit"


# -- log wording (review4 #9) ----------------------------------------------------------------

def test_r2_5_push_line_says_the_verb_then_the_term():
    ev = Pushed(fighter="tarn", by="oruk", path=[(6, 6), (5, 6)], fell=False, into="lava")
    assert describe(ev, NAMES, "en") == "Oruk pushes Tarn — Poussée (push): (6, 6) → (5, 6)"


def test_r6_teleport_line_names_the_move_once():
    """s48 review #9: "teleports … by spell — Téléportation (teleport)" said the verb twice."""
    ev = Teleported(fighter="sielle", origin=(9, 6), to=(12, 10), means="spell")
    assert describe(ev, NAMES, "en") == "Sielle: (9, 6) → (12, 10), Téléportation (teleport) by spell"


@pytest.mark.parametrize("lang, line", [
    ("en", "Tarn dies at (5, 6) (pushed onto a deadly square, R2.5)"),
    ("fr", "Tarn meurt en (5, 6) (par Poussée dans une case mortelle, R2.5)")])
def test_r2_5_death_line_gives_the_square_before_the_aside(lang, line):
    ev = Died(fighter="tarn", cause="push_into_hazard", by="oruk", at=(5, 6))
    assert describe(ev, NAMES, lang) == line


@pytest.mark.parametrize("lang, line", [
    ("en", "Les Vipères d'Onyx (Onyx Vipers) gains 2 PR (renown), 2 in total"),
    ("fr", "L'équipe des Vipères d'Onyx gagne 2 PR (total 2)")])
def test_r7_3_renown_line_names_the_team_as_each_language_does(lang, line):
    assert describe(RenownGained(team="blue", amount=2, pr=2), NAMES, lang) == line


@pytest.mark.parametrize("lang, line", [("en", "Tackle by Nyssa: d8 1"), ("fr", "Tacle (Nyssa) : d8 1")])
def test_r4_7_a_lone_die_is_not_followed_by_its_own_total(lang, line):
    r = roll(ScriptedDice([1]), "tackle", 8, [])
    assert roll_line(r, lang, "Nyssa") == line
    with_term = roll(ScriptedDice([3]), "damage", 6, [Term(kind="weapon", key="w", value=1)])
    assert roll_line(with_term, lang).endswith("= 4")  # something added: the total is news


@pytest.mark.parametrize("lang, part", [("en", "d6 6 + second d6 5 = 11"), ("fr", "d6 6 + deuxième d6 5 = 11")])
def test_r8_2_the_second_die_of_a_roll_is_named_by_its_ordinal(lang, part):
    r = roll(ScriptedDice([6, 5]), "circle_damage", 6, [Term(kind="die", key="2", value=5)])
    assert roll_line(r, lang).endswith(part)


@pytest.mark.parametrize("lang", LANGS)
def test_r0_5_the_round_banner_is_held_whole_in_a_wrapping_log(lang):
    ev = TurnStarted(fighter="sielle", round=2)
    held, plain = describe(ev, NAMES, lang, held_terms=True), describe(ev, NAMES, lang)
    assert " " not in held and held.replace("\u00a0", " ") == plain
    assert "\u00a0" not in plain  # the CLI's log stays plain text


@pytest.mark.parametrize("lang, line", [("en", "Oruk's circle attack deals 9 damage: Oruk's player shares it among Tarn, Kael and Sielle (R8.2)"),
                                        ("fr", "le répartit entre Tarn, Kael et Sielle")])
def test_r8_2_names_are_listed_with_the_languages_and(lang, line):
    from arena_game.core.events import CircleSplitAwaited

    said = describe(CircleSplitAwaited(attacker="oruk", total=9, hit=["tarn", "kael", "sielle"]), NAMES, lang)
    assert said == line if lang == "en" else line in said.replace("les répartit", "le répartit")


# -- captions (review4 #10) ------------------------------------------------------------------

def test_r6_teleport_caption_says_the_spells_reach_in_words():
    en, fr = t("demo.teleport", "en"), t("demo.teleport", "fr")
    assert "within Magie (magic) squares" not in en and "as many squares as the caster's Magie (magic)" in en
    assert "Magie cases" not in fr and "autant de cases que sa Magie" in fr


def test_r10_french_mana_caption_says_for_how_long():
    assert "pendant 2 tours" in t("demo.mana", "fr")


# -- cards and refusals (review3 #9) ---------------------------------------------------------

@pytest.mark.parametrize("lang, shown", [("en", "88%\u00a0chance to get there"), ("fr", "88\u202f%\u00a0de chances d'y arriver")])
def test_r4_reach_card_gives_a_chance_not_a_fact(lang, shown):
    assert t("ui.reach_chance", lang, sq="(6, 2)", p=0.88).endswith(shown)


@pytest.mark.parametrize("lang, shown", [("en", "critical\u00a0(10%): "), ("fr", "critique\u00a0(10\u202f%)\u00a0: ")])
def test_r2_5_push_card_labels_its_critical_chance(lang, shown):
    assert t("ui.push_critical", lang, crit=0.1, push="3 squares –› (5, 8)").startswith(shown)


def test_french_refusals_read_without_a_false_negation_or_a_repeated_death():
    assert t("refusal.diagonal_blocked", "fr", terrain="le mur", square="(1, 1)").startswith("pas diagonal bloqué")
    taunt = t("refusal.taunt_advantage_not_earned", "fr")
    assert "la mort d'un adversaire tué" not in taunt and "suit une mise à mort par l'équipe" in taunt


def test_r7_1_english_taunt_refusal_names_the_game_term():
    assert "Provocation avantagée (advantaged taunt)" in t("refusal.taunt_advantage_not_earned", "en")


def test_rules_are_not_called_readings_in_english():
    readings = [key for key, text in catalog("en").items() if re.search(r"\breadings\b", text)]
    assert readings == []
    assert t("house_ui.sheet_default", "en") == "Rules: standard"


@pytest.mark.parametrize("lang", LANGS)
def test_r8_circle_card_says_each_rule_in_words(lang):
    card = t("ui.circle_share", lang, low=1, high=12)
    assert "halves" not in card and "moitiés" not in card
    assert card.endswith({"en": "no location bonus (R8.3)", "fr": "sans bonus de localisation (R8.3)"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_and_roster_key_hints_agree_on_shift_tab(lang):
    keys = {"next_field": "Tab", "previous_field": "Shift+Tab", "confirm": "Enter", "cycle": "Space",
            "page": "PgDn", "back": "Esc"}
    house = t("house_ui.keys", lang, keys=keys)
    # Shift+Tab goes back: not "next field" for both keys
    assert {"en": "Tab / Shift+Tab: fields ·", "fr": "Tab / Shift+Tab : champs ·"}[lang] in house


def test_r9_2_french_suicide_and_exception_lines_need_no_agreement():
    from arena_game.core.events import FighterSpared, LostForGood

    lost = describe(LostForGood(fighter="sielle", team="blue"), NAMES, "fr")
    spared = describe(FighterSpared(fighter="sielle", team="blue"), NAMES, "fr")
    assert lost == "Suicide de Sielle : perte définitive pour l'équipe des Vipères d'Onyx"
    assert spared == "Les adversaires épargnent Sielle, qui reste dans l'équipe des Vipères d'Onyx (R9.2)"
    for line in (lost, spared, t("anim.lost_for_good", "fr", name="Sielle"), t("anim.lost_for_good_sub", "fr"),
                 t("anim.fighter_spared", "fr", name="Sielle")):
        assert not re.search(r"\b(suicidée?|perdue?|épargnée?|il|elle)\b", line), line


def test_the_french_handoff_names_the_team_with_a_contracted_de():
    """"Dernier tour de l'équipe Les Lions de Braise": the name's article contracts, "des Lions"."""
    assert t("ui.handoff_summary", "fr", team="Les Lions de Braise") == "Dernier tour de l'équipe des Lions de Braise\u00a0:"
    assert t("ui.handoff_summary", "fr", team="Rouge") == "Dernier tour de l'équipe de Rouge\u00a0:"
