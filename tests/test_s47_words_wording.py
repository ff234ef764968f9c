"""The words the gallery review (s46/review2, items 7, 12, 13, 14 and 21) found unclear, in
both languages: the circle split's card, button and log line, the attack legend and the
modifiers of a roll (no "− penalty 8"), the tackle risk, a run that used every square, one word
a language for a fainted fighter, the dice-at-the-table refusal, French rounds ("tour de
table", never the fighter's "tour"), French typography ("66 %" with a narrow no-break space,
"n° 1", "Course" as a term) and the French weapon skill and roster labels."""

from __future__ import annotations

import re

import pytest

from arena_game.core.dice import RollModifier, ScriptedDice, Term, roll
from arena_game.core.events import CircleSplitAwaited, RunEnded, TurnSkipped
from arena_game.i18n import LANGS, catalog, t, tn
from arena_game.i18n.narration import describe
from arena_game.i18n.terms import roll_line, term_text

NAMES = {"tarn": "Tarn", "oruk": "Oruk", "kael": "Kael", "brakka": "Brakka", "sielle": "Sielle"}


# -- item 12: the circle split ---------------------------------------------------------------

@pytest.mark.parametrize("lang, share, card", [
    ("en", 6, "Oruk, #1\u00a0of\u00a02: takes 6 damage; 32\u00a0PV (HP) before\u00a0the\u00a0hit"),
    ("en", 1, "Oruk, #1\u00a0of\u00a02: takes 1 damage; 32\u00a0PV (HP) before\u00a0the\u00a0hit"),
    ("fr", 6, "Oruk, n°\u00a01\u00a0sur\u00a02 : subit 6\u00a0dégâts ; 32\u00a0PV avant\u00a0le\u00a0coup"),
    ("fr", 1, "Oruk, n°\u00a01\u00a0sur\u00a02 : subit 1\u00a0dégât ; 32\u00a0PV avant\u00a0le\u00a0coup"),
    ("fr", 0, "Oruk, n°\u00a01\u00a0sur\u00a02 : subit 0\u00a0dégât ; 32\u00a0PV avant\u00a0le\u00a0coup"),
])
def test_r8_2_the_split_card_says_the_pv_are_the_ones_before_the_hit(lang, share, card):
    """"PV (HP) 32 now" read as the PV after the hit as much as before it; the share is said as
    damage taken ("prend 6 des dégâts" was awkward French), in the count's plural form."""
    assert t("ui.split_card", lang, name="Oruk", place=1, count=2, share=share, pv=32) == card


def test_r8_2_the_halving_button_says_what_it_does():
    """s48 review #9: "Half each" was wrong for three fighters hit (6, 3, 2 of 11): it halves in turn."""
    assert t("ui.split_halving", "en") == "Halved in turn" and t("ui.split_halving", "fr") == "Moitiés successives"


@pytest.mark.parametrize("lang, line", [
    ("en", "Oruk's circle attack deals 1 damage: Oruk's player shares it among Tarn and Kael (R8.2)"),
    ("fr", "L'attaque circulaire d'Oruk inflige 1 dégât : le joueur d'Oruk le répartit entre Tarn et Kael (R8.2)"),
])
def test_r8_2_the_log_names_the_player_who_gives_the_split(lang, line):
    """Not "its player": the attacker's player, named (and "d'Oruk" elided in French)."""
    assert describe(CircleSplitAwaited(attacker="oruk", total=1, hit=["tarn", "kael"]), NAMES, lang) == line


# -- item 12: the attack legend and the modifiers of a roll ----------------------------------

def test_r1_3_r1_7_the_attack_legend_names_both_cases_of_the_minus_8():
    assert t("ui.legend_far", "en") == "out of range or too close: −8"
    assert t("ui.legend_far", "fr") == "hors de portée ou trop près : −8"


@pytest.mark.parametrize("lang, words", [("en", "− 2 (penalty: voluntary stop) = 20"),
                                         ("fr", "− 2 (malus : arrêt volontaire) = 20")])
def test_r4_5_a_malus_in_a_roll_line_is_a_signed_figure_then_what_it_is(lang, words):
    """"− penalty 2" read as a double negative: the sign goes with the figure."""
    r = roll(ScriptedDice([14]), "run", 20, [Term(kind="attribute", key="physique", value=8)],
             [RollModifier(source="voluntary_stop", value=-2, rule="R4.5")])
    line = roll_line(r, lang)
    assert line.endswith(words) and not re.search(r"[−+] (penalty|malus|bonus)\b", line), line


@pytest.mark.parametrize("lang", LANGS)
def test_r1_3_the_attack_card_signs_the_figure_not_the_word(lang):
    card = t("ui.card_modifier", lang, sign="−", word=t("term.malus", lang), amount=8,
             source=t("term.source_beyond_range", lang), rule="R1.3")
    assert card.startswith("− 8 (") and t("term.malus", lang) in card
    assert not any(re.search(r"\{sign\} \{word\}", text) for text in catalog(lang).values())


@pytest.mark.parametrize("lang, tip", [
    ("en", "12%\u00a0lost\u00a0to tackles on the way (R4.7, a d8 per opponent passed)"),
    ("fr", "12\u202f%\u00a0de\u00a0moins à cause des tacles en chemin (R4.7, un d8 par adversaire longé)"),
])
def test_r4_7_the_tackle_risk_says_what_the_tackles_take_off_the_chance(lang, tip):
    assert t("ui.tackle_risk", lang, risk=0.12) == tip


# -- item 12: the run's end, the fainted state, the dice at the table ------------------------

@pytest.mark.parametrize("lang, line", [("en", "Tarn's run ends: every square run"),
                                        ("fr", "Fin de Course de Tarn : toutes ses cases courues")])
def test_r4_a_run_that_used_every_square_ends_without_counting_none_left(lang, line):
    ended = RunEnded(fighter="tarn", path=[(0, 0), (1, 0)], reason="completed", squares_left=0)
    assert describe(ended, NAMES, lang) == line


def test_r4_5_a_stopped_run_still_says_the_squares_left():
    stopped = RunEnded(fighter="tarn", path=[(0, 0), (1, 0)], reason="voluntary_stop", squares_left=2)
    assert describe(stopped, NAMES, "en") == "Tarn's run ends (voluntary stop, 2 squares left)"


def test_r10_1_a_fighter_out_of_mana_is_fainted_in_one_word_a_language():
    """"faints" in one line and "asleep" in the next named one state twice. The English
    `refusal.asleep` is the core's own reason, word for word (tests/test_i18n_refusals.py), and
    says "has fainted" too."""
    sleepy = {key for key, text in catalog("en").items() if re.search(r"\basleep\b|\bsleep", text)}
    assert sleepy == set()
    assert not [key for key, text in catalog("fr").items() if re.search(r"endormi|\bdort\b|dormir", text)]
    assert t("ui.status_asleep", "en") == "fainted" and t("ui.status_asleep", "fr") == "évanouissement"
    skipped = TurnSkipped(fighter="sielle", reason="asleep")
    assert describe(skipped, NAMES, "en") == "Sielle's turn is skipped (fainted, out of mana)"


@pytest.mark.parametrize("lang, line", [("en", "A d20 has no face 25: type 1 to 20."),
                                        ("fr", "Un d20 n'a pas de face 25 : tapez de 1 à 20.")])
def test_r0_1_the_dice_dialog_says_why_a_face_is_refused_and_what_to_type(lang, line):
    assert t("table.face_bad", lang, sides=20, face=25) == line


# -- item 13: a French round is a "tour de table" --------------------------------------------

def test_r0_5_a_french_round_is_a_tour_de_table_and_a_turn_a_tour():
    """docs/regles.md R0.5 says "tours de table" for rounds; "Tour 1" beside "Fin du tour" said
    one word for both."""
    fr = catalog("fr")
    rounds = [key for key, text in fr.items() if "{round}" in text]
    assert rounds and all(re.search(r"[Tt]our de table \{round\}", fr[key]) for key in rounds), rounds
    assert t("ui.round", "fr", round=3) == "Tour de table 3"
    assert tn("ui.over_rounds", 1, "fr") == "1 tour de table joué"
    assert tn("ui.over_rounds", 4, "fr") == "4 tours de table joués"
    assert fr["ui.act_end"] == "Fin du tour"  # a fighter's turn stays a "tour"
    english_rounds = {key for key, text in catalog("en").items() if re.search(r"\b[Rr]ounds?\b", text)}
    said = {key for key in english_rounds if re.search(r"tours? de table", fr.get(key, ""), re.I)}
    assert said >= {"ui.round", "ui.over_rounds_one", "ui.over_rounds_other", "log.turn_started",
                    "anim.turn_started", "simulate.rounds", "simulate.contact", "help.simulate_rounds"}


# -- item 14: French typography --------------------------------------------------------------

@pytest.mark.parametrize("lang, shown", [("en", "success\u00a066%"), ("fr", "réussite\u00a066\u202f%")])
def test_a_percentage_is_written_as_the_language_writes_it(lang, shown):
    line = t("ui.push_forecast", lang, name="Tarn", ok=0.66, landings="1 square –› (5, 6)")
    assert shown in line


def test_french_numero_is_always_followed_by_a_no_break_space():
    wrong = [(key, text) for key, text in catalog("fr").items() if re.search(r"n°(?!\u00a0)", text)]
    assert wrong == []
    r = roll(ScriptedDice([3, 5]), "damage", 6, [Term(kind="die", key="9", value=5)])
    assert "+ d6 n°\u00a09 5" in roll_line(r, "fr")  # past the ordinals the catalog spells out


def test_french_writes_the_course_with_a_capital_as_every_game_term():
    """"Cases de course" on the dice dialog, "course stoppée" in the log: the term is "Course"."""
    wrong = [(key, text) for key, text in catalog("fr").items()
             if re.search(r"\bcourses?\b", re.sub(r"\{[^{}]*\}", "", text))]
    assert wrong == []
    assert t("table.run_table", "fr") == "Cases de Course selon la face :"


# -- items 21 and 7: the weapon skill and the roster labels ----------------------------------

def test_r0_4_the_french_weapon_skill_is_named_as_the_rules_name_it():
    """"+ Arme (arme à deux mains) 4" said "weapon" twice and no skill; docs/regles.md R0.4
    says "compétence d'arme", as the English "weapon skill (two-handed weapon)"."""
    term = Term(kind="weapon_skill", key="two_handed", value=4)
    assert term_text(term, 20, "fr") == "Compétence d'arme (arme à deux mains)"
    assert term_text(term, 20, "en") == "weapon skill (two-handed weapon)"


def test_the_french_roster_labels_the_weapons_range_and_skill_as_what_they_are():
    """"Arme (portée)" beside "Arme (mêlée)" read as two skill rows."""
    fr = catalog("fr")
    labels = [fr[f"roster.field_{name}"] for name in ("weapon_name", "weapon_family", "weapon_range", "weapon_damage")]
    assert not any(label.startswith("Arme (") for label in labels), labels
    assert fr["roster.field_weapon_range"] == "Portée de l'arme"
    assert t("roster.field_weapon_skill", "fr", family="mêlée") == "Compétence (mêlée)"


# -- the fonts draw the narrow no-break space --------------------------------------------------

def test_every_ui_font_draws_the_narrow_no_break_space_as_a_blank_no_wider_than_a_space():
    """"66\u202f%" on a card, a sheet, a caption: no box where a font lacks the glyph. The
    Noto faces have it; pygame's freesansbold (the board labels) has no glyph but draws a blank."""
    import pygame
    import pygame.freetype

    from arena_game.render.glyphs import ui_font_paths

    def ink(f: pygame.font.Font, text: str) -> int:
        surface = f.render(text, True, (255, 255, 255), (0, 0, 0))
        return sum(surface.get_at((x, y))[0] > 0 for x in range(surface.get_width())
                   for y in range(surface.get_height()))

    pygame.font.init()
    pygame.freetype.init()
    paths = ui_font_paths()
    assert [p for p in paths if pygame.freetype.Font(str(p), 14).get_metrics("\u202f")[0] is None] == []
    for path in paths:
        f = pygame.font.Font(str(path), 18)
        assert ink(f, "66\u202f%") == ink(f, "66%"), path.name
        assert f.size("66%")[0] < f.size("66\u202f%")[0] <= f.size("66 %")[0], path.name
