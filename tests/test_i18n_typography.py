"""Typography and the one-language rule in the texts the player reads: no French mark in
English ("n°", "55 %"), the French terms the English keeps always with their English beside
them and the same on a button, its legend and the key list, no line broken at a no-break
space nor before the dot of a " · " list, rules-file words marked as such in the rules
screen, and the lesson list's fonts in order (title largest)."""

from __future__ import annotations

import re
import typing

import pygame
import pytest

from arena_game.core.settings import RulesSettings
from arena_game.i18n import LANGS, catalog, t
from arena_game.render.text import breakable_words, font, wrap_words
from arena_game.resources import rules_document
from arena_game.ui.rules_text import CODE, SETTING, rules_sections, section_html

ACTIONS = ("walk", "run", "swim", "jump", "attack", "circle", "push", "teleport", "taunt", "stand")
KEPT = {"Course": "run", "Poussée": "push", "Téléportation": "teleport", "Provocation": "taunt", "Nage": "swim",
        "Fuite": "flee", "Esquive": "dodge", "Acrobatie": "acrobatics"}
"""The French terms the English keeps (en.toml, the convention above [term]), each with the
English word shown beside it."""
FRENCH_ONLY = ("n°", "Nager", "Marcher", "Sauter", "Attaquer", "Attaque circulaire", "Se relever", "Fin du tour",
               "Arme ")
"""French words the English catalog never says: action names it does not keep, "n°"."""


def test_english_catalog_has_no_french_marks_or_words():
    wrong = [(key, text) for key, text in catalog("en").items()
             if any(word in text for word in FRENCH_ONLY) or re.search(r"\s:", text)]
    assert wrong == []


def test_percentages_have_no_space_before_the_sign_in_english_and_a_narrow_one_in_french():
    """"44%" in English, "44\u202f%" in French (arena_game/i18n/numbers.py writes a "{p:.0%}"
    field so); "%(default)s" is argparse's, "(%)" a legend's unit."""
    english = [(key, text) for key, text in catalog("en").items() if re.search(r"\s%(?!\()", text)]
    french = [(key, text) for key, text in catalog("fr").items()
              if re.search(r"(?<![\u202f(])%(?!\()", re.sub(r"\{[^{}]*%\}", "", text))]
    assert english == [] and french == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_rules_document_writes_percentages_as_its_language_does(lang):
    """English "55%"; French "55 %", a narrow no-break space before the sign, as the catalog."""
    words = rules_document(lang).read_text(encoding="utf-8")
    if lang == "en":
        assert not re.search(r"\d\s%", words)
    else:
        assert not re.search(r"\d(?!\u202f%)\s*%", words) and re.search(r"\d\u202f%", words)


def test_a_kept_french_term_on_a_button_legend_or_key_list_has_its_english_beside_it():
    en = catalog("en")
    for section, prefix in (("ui", "act_"), ("ui", "legend_"), ("key_does", "")):
        for action in ACTIONS:
            text = en.get(f"{section}.{prefix}{action}")
            for term, english in KEPT.items():
                if text is not None and term in text:
                    assert f"{term} ({english}" in text, (section, action, text)


@pytest.mark.parametrize("lang", LANGS)
def test_an_action_is_named_alike_on_its_button_its_legend_and_the_key_list(lang):
    cat = catalog(lang)
    for action in ACTIONS:
        button = cat[f"ui.act_{action}"]
        assert cat[f"key_does.{action}"] == button, action
        legend = cat.get(f"ui.legend_{action}")
        if legend is not None and action != "attack":  # the attack's legend is its range classes
            assert legend.rstrip(" :\u00a0") == button, action


@pytest.mark.parametrize("lang, place, percent", [("en", "#2\u00a0of\u00a03", "0%"),
                                                 ("fr", "n°\u00a02\u00a0sur\u00a03", "0\u202f%")])
def test_the_circle_forecast_numbers_the_place_in_the_language(lang, place, percent):
    line = t("ui.circle_forecast", lang, name="Kael", place=2, count=3, hit=0.43, dmg=1.2, kill=0.0)
    assert place in line and percent in line and " %" not in line


# -- where a line may break --------------------------------------------------------------

@pytest.fixture
def ui_font() -> pygame.font.Font:
    pygame.font.init()
    return font(16)


def test_the_wrapper_never_breaks_at_a_no_break_space(ui_font):
    for space in ("\u00a0", "\u202f"):
        text = f"Esq{space}(dodge){space}3 Course{space}(run){space}4 Nage{space}(swim){space}2"
        widest = max(ui_font.size(piece)[0] for piece in text.split(" "))  # narrower: see below
        for width in range(widest, 400, 7):
            lines = wrap_words(text, ui_font, width)
            assert all(not line.startswith(("(", "3", "4", "2")) for line in lines), (space, width, lines)
            assert " ".join(lines) == text


def test_a_piece_wider_than_the_line_is_broken_at_its_no_break_spaces_rather_than_overflow(ui_font):
    """The last resort: a roll term held together ("+ weapon skill (firearm) 4") on a card
    narrower than it is broken, not drawn past the card's edge."""
    term = "+\u00a0weapon\u00a0skill\u00a0(firearm)\u00a04"
    text = f"d20 {term}\u00a0=\u00a0d20\u00a0+5"
    for width in range(ui_font.size("(firearm)\u00a04\u00a0=\u00a0d20\u00a0+5")[0], ui_font.size(term)[0], 5):
        lines = wrap_words(text, ui_font, width)
        assert all(ui_font.size(line)[0] <= width for line in lines), (width, lines)
        assert re.sub(r"\s", " ", " ".join(lines)) == re.sub(r"\s", " ", text)
        assert not any(line.startswith("=") for line in lines), (width, lines)


def test_a_dotted_list_breaks_after_its_dot_and_punctuation_stays_with_its_word(ui_font):
    text = "Phy 5 · Sen 3 · Mag 2 · Cha 5 · Dex 5 · Agi 4 — tuer : 0% « oui »"
    for width in range(30, 500, 5):
        for line in wrap_words(text, ui_font, width):
            assert not line.startswith(("·", ":", "%", "»")) and not line.endswith(("«",)), (width, line)
    assert breakable_words("a · b : c ( d") == ["a ·", "b :", "c", "( d"]
    assert breakable_words("walks (2, 3) » (−1, 4) on") == ["walks", "(2, 3) »", "(−1, 4)", "on"]  # a square whole
    # a square whole even held to the words before it; a dash never starts a line
    assert breakable_words("1\u00a0square\u00a0»\u00a0(5, 6) lava — deadly") == [
        "1\u00a0square\u00a0»\u00a0(5, 6)", "lava —", "deadly"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_lines_hold_each_value_to_its_name_and_the_dot_after_it(lang):
    for key in ("ui.sheet_attributes", "ui.sheet_skills"):
        text = t(key, lang, phy=1, sen=2, mag=3, cha=4, dex=5, agi=6, cac=1, acro=2, sed=3, esq=4, course=5, nage=6)
        # the only plain spaces are the ones after a dot: a line may break there and nowhere else
        assert [piece.endswith("·") for piece in text.split(" ")[:-1]] == [True] * text.count("·"), text


@pytest.mark.parametrize("key, fields, never_first", [
    ("ui.card_attack", {"name": "Nyssa", "parts": "+ Dextérité 6", "bonus": 5}, r"=|d20\u00a0|\+5"),
    ("ui.tackle_risk", {"risk": 0.12}, r"lost|to\s|moins|de\s"),
    ("ui.hit_forecast", {"name": "Brakka", "hit": 0.34, "dmg": 2.6, "kill": 0.0}, r"\d"),
    ("ui.circle_forecast", {"name": "Kael", "place": 2, "count": 3, "hit": 0.43, "dmg": 1.2, "kill": 0.0}, r"\d"),
])
@pytest.mark.parametrize("lang", LANGS)
def test_a_forecast_never_starts_a_line_with_a_figure_torn_from_its_label(lang, key, fields, never_first, ui_font):
    """"tuer" / "0%", "12%" / "less", a line starting "= d20 +5": what the screenshots showed."""
    text = t(key, lang, **fields)
    widest = max(ui_font.size(piece)[0] for piece in breakable_words(text))  # narrower: the last resort
    for width in range(max(40, widest), 400, 5):
        for line in wrap_words(text, ui_font, width)[1:]:
            assert not re.match(never_first, line), (width, line)


def test_pygame_guis_text_boxes_break_at_plain_spaces_only(fresh_pygame):
    """The sheet and the rules screen are pygame_gui text boxes: they too hold words joined by a
    no-break space together."""
    import pygame_gui
    from pygame_gui.elements import UITextBox

    pygame.display.set_mode((600, 400))
    manager = pygame_gui.UIManager((600, 400))
    text = t("ui.sheet_skills", "en", cac=3, acro=3, sed=6, esq=4, course=4, nage=2)
    for width in (200, 260, 330, 420):
        box = UITextBox(text, pygame.Rect(0, 0, width, -1), manager)
        rows = ["".join(getattr(chunk, "text", "") for chunk in row.items) for row in box.text_box_layout.layout_rows]
        assert len(rows) > 1 and all(row.rstrip().endswith("·") for row in rows[:-1]), (width, rows)
        box.kill()


# -- the rules screen ----------------------------------------------------------------------

def _setting_values() -> set[str]:
    """Every word a rules file may give a setting as its value ("previous_step", "agilite")."""
    out: set[str] = set()
    for section in RulesSettings.model_fields.values():
        assert section.annotation is not None
        for field in section.annotation.model_fields.values():
            for x in (field.annotation, *typing.get_args(field.annotation)):
                if typing.get_origin(x) is typing.Literal:
                    out |= {str(v) for v in typing.get_args(x)}
    return out


def _outside_settings(html: str) -> str:
    """The section's words but its rules-file keys and values, and its other code."""
    plain = re.sub(f"(?:{re.escape(SETTING)}|{re.escape(CODE)}).*?</font>", " ", html)
    return re.sub(r"<[^>]+>", " ", plain)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_screen_shows_rules_file_words_only_marked_as_such(lang):
    values = _setting_values()
    assert {"previous_step", "first_step", "own_turns", "dexterite"} <= values
    own_words = {w.lower() for text in catalog(lang).values() for w in re.findall(r"[^\W\d]+", text)}
    foreign = {v for v in values if "_" in v or v not in own_words}  # "halving" in French, "dexterite"
    for family, markdown in rules_sections(lang).items():
        said = _outside_settings(section_html(markdown))
        for value in values:
            assert not re.search(rf"[\"«(]\s*{value}\s*[\")»]", said), (family, value)  # "(agilite)", « rounds »
        if lang == "fr":
            stray = {v for v in foreign if re.search(rf"(?<![\w.]){v}(?!\w)", said)}
            assert not stray, (family, stray)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_screen_never_leaves_a_bracket_alone_beside_a_setting(lang):
    """pygame_gui may break a line where one colour of text meets another, space or not: a
    bracket touching a rules-file key is drawn with it, and so is the default after it."""
    for family, markdown in rules_sections(lang).items():
        html = section_html(markdown)
        assert not re.search(r"[(\[«]<font", html), family
        assert not re.search(r"</font>[)\],.;]", html), family
        assert not re.search(r"</font>\s[−-]?\d+[)\],.;]", html), family  # `run.tackle_die` 8, : 8 with its key
        assert not re.search(r"\([−-]?\d+, [−-]?\d+\)", html), family  # a square "(2, 3)" is never split


def test_the_french_45_degree_rule_says_turning_not_going_round_in_circles():
    text = rules_document("fr").read_text(encoding="utf-8")
    assert "en rond" not in text and "tourner de 45° à la fois" in text


# -- the lesson list -----------------------------------------------------------------------

def test_the_lesson_list_title_is_its_largest_text_at_any_window_size():
    from arena_game.ui.app import scaled_theme
    from arena_game.ui.screens.tutorial import picker_theme

    for scale in (1.0, 1.5, 2.0):
        theme = scaled_theme(picker_theme(), scale)
        size = {name: int(theme[name]["font"]["size"]) for name in ("#picker_title", "#lesson_todo",
                                                                    "#lesson_done", "#picker_line")}
        assert size["#picker_title"] > size["#lesson_todo"] == size["#lesson_done"] > size["#picker_line"], scale
        assert size["#lesson_todo"] == round(20 * scale)  # grown once, not once per block sharing a font


@pytest.mark.parametrize("lang", LANGS)
def test_a_completed_lesson_is_marked_after_a_single_space(lang, tmp_path, fresh_pygame):
    import json

    from arena_game.learn.lessons import shipped_lessons
    from arena_game.ui.screens.tutorial import tutorial_window

    lessons = shipped_lessons()
    progress = tmp_path / "progress.json"
    progress.write_text(json.dumps({"completed": [lessons[0].id]}), encoding="utf-8")
    app = tutorial_window(lessons, lang, progress, (1280, 720), realtime=False)
    app.run(frames=2)
    labels = [b.text for b in app.stack[-1].buttons]
    assert labels[0].endswith(" " + t("tutorial.done_mark", lang)) and "  " not in labels[0]


# -- rolls: on the cards, in the log ---------------------------------------------------------

SQUARE_HALVES = re.compile(r"\([−-]?\d+,$|^[−-]?\d+\)")
"""A line ending in the first half of a square "(5," or starting with its second, "6)"."""


def _roll(terms: list[tuple[str, str, int]], modifiers: tuple[tuple[str, int], ...] = ()) -> typing.Any:
    from arena_game.core.dice import RollModifier, ScriptedDice, Term, roll

    return roll(ScriptedDice([14]), "push", 20, [Term(kind=kind, key=key, value=v) for kind, key, v in terms],
                [RollModifier(source=source, value=v, rule="R4.5") for source, v in modifiers])


ROLL_TERMS = [("attribute", "physique", 7), ("weapon_skill", "firearm", 5), ("skill", "esquive", 3)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_roll_line_holds_each_term_and_its_total_together(lang, ui_font):
    """"… + Corps à corps 5 =" / "26" and "+ Corps à" / "corps 3 = 14" in the log: a line
    breaks between the terms of a roll only, never inside one nor before its total."""
    from arena_game.i18n.terms import roll_line

    roll = _roll(ROLL_TERMS, (("voluntary_stop", -2),))
    line = roll_line(roll, lang, held_terms=True)
    assert line.replace("\u00a0", " ") == roll_line(roll, lang)  # the same words as elsewhere
    assert re.search(r"\u00a0=\u00a0\d+$", line), line
    pieces = breakable_words(line)
    assert any(re.search(r"\(firearm\)\s5$|\(arme\sà\sfeu\)\s5$", p) for p in pieces), pieces
    assert all(re.search(r"[+−]\u00a0\S+", p) for p in pieces[2:]), pieces  # each piece after the die a term
    assert line.replace("\u00a0", " ").endswith("(penalty: voluntary stop) = 27" if lang == "en" else "(malus : arrêt volontaire) = 27")
    widest = max(ui_font.size(p)[0] for p in pieces)
    for width in range(widest, 700, 9):
        for row in wrap_words(line, ui_font, width)[1:]:
            assert not re.match(r"[(=\d]|corps|feu\)|skill", row), (width, row)


@pytest.mark.parametrize("lang", LANGS)
def test_an_attack_card_holds_each_term_with_its_gloss_and_value(lang, ui_font):
    """"+ Esquive" / "(dodge) 2 = d20 +5", "weapon skill" / "(firearm) 4", "Arme (arme à" / "feu) 4"
    on the hover cards (`sides_lines`)."""
    from arena_game.core.dice import Term
    from arena_game.i18n.terms import roll_term, term_text

    parts = " ".join(roll_term("+", term_text(Term(kind=kind, key=key, value=v), 20, lang), v)
                     for kind, key, v in ROLL_TERMS)
    assert " " not in parts.replace(" +", "")  # plain spaces only between the terms
    text = t("ui.card_attack", lang, name="Nyssa", parts=parts, bonus=15)
    widest = max(ui_font.size(p)[0] for p in breakable_words(text))
    for width in range(widest, 700, 7):
        for row in wrap_words(text, ui_font, width)[1:]:
            assert not re.match(r"[(=\d]|skill|feu\)|Esquive \(|à", row), (width, row)


def test_sides_lines_joins_the_terms_it_is_given_with_roll_term():
    import inspect

    from arena_game.ui.modes import base

    assert "roll_term(" in inspect.getsource(base.sides_lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_push_forecast_is_one_fact_a_line_and_keeps_squares_and_dashes_whole(lang, ui_font):
    """The push card (push-lava): "1 square » (5," / "6) lava — deadly", a line starting
    "— mortel", "(10%)" alone on the last line. The mode gives each " · " fact its own line."""
    deadly = t("ui.deadly", lang, square="(5, 6)", terrain=t("ui.terrain_lava", lang))
    both = t("ui.push_both", lang, n=1, m=3, crit=0.1, outcome=t("ui.push_ends", lang, where=deadly))
    apart = " · ".join([t("ui.push_full", lang, n=1, where="(6, 6)"),
                        t("ui.push_critical", lang, crit=0.1, push=t("ui.push_short", lang, n=3, where=deadly))])
    for landings, lines in ((both, 2), (apart, 3)):
        text = t("ui.push_forecast", lang, name="Tarn", ok=0.66, landings=landings)
        card = text.replace(" · ", "\n")  # as fighting.push_card does
        assert card.count("\n") == lines - 1, card
        _push_card_keeps_squares_and_dashes_whole(text, card, ui_font)


def _push_card_keeps_squares_and_dashes_whole(text, card, ui_font):
    for width in range(max(ui_font.size(p)[0] for p in breakable_words(text)), 700, 5):
        for tip in (text, card):
            rows = wrap_words(tip, ui_font, width)
            for row in rows:
                assert not SQUARE_HALVES.search(row.strip()), (width, rows)
                assert not row.startswith(("—", "(", "·")), (width, rows)
                assert not row.rstrip().endswith("—"), (width, rows)


def test_the_english_glosses_the_course_as_elsewhere():
    """"declares a run (Course)", "runs (Course)", "Stop the Course": "Course (run)" everywhere,
    the simulation report's table too ("Courses (runs)")."""
    wrong = [(key, text) for key, text in catalog("en").items()
             if re.search(r"\(Course[),]|\bthe Course(?!\s\(run)", text)]
    assert wrong == []


def test_the_log_holds_each_roll_term_together(fresh_pygame):
    from arena_game.core.events import DiceRolled
    from arena_game.ui.panels_html import log_html

    event = DiceRolled(fighter="a", roll=_roll(ROLL_TERMS))
    html = log_html(event, {"a": "Oruk"}, "fr")
    assert "+\u00a0Compétence\u00a0d'arme\u00a0(arme\u00a0à\u00a0feu)\u00a05" in html and re.search(r"\u00a0=\u00a0\d+", html), html
