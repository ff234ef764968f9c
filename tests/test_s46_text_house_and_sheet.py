"""What the house rules say on the fighter sheet and in their panel (s46, review items 7 and 19):
a changed Reading whose explanation lists its choices is named by what it sets, so the sheet
does not repeat the choice ("circle attack damage: halved in turn, or the player's split: the
player's split"); the panel's rows stand under their rule's heading without repeating its
number; the French window has no English gloss ("Graine (seed)") and the English title no
capital in the middle ("the Readings")."""

from __future__ import annotations

import re

import pytest
from pygame_gui.elements import UILabel

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.formats.house_rules import with_readings
from arena_game.i18n import LANGS, t
from arena_game.ui.house_draft import settings_lines, value_words
from tests.ui_driver import house_rules_pages, open_app

CHOICES = {"combat.circle_split": "player", "run.heading_reference": "first_step",
           "turns.duration_clock": "rounds", "taunt.first_success_scope": "team"}


@pytest.mark.parametrize("lang", LANGS)
def test_r8_2_the_sheet_says_a_changed_choice_once(lang):
    lines = settings_lines(with_readings(DEFAULT_SETTINGS, CHOICES), lang)[1:]
    assert len(lines) == len(CHOICES)
    for value in CHOICES.values():
        words = value_words(value, lang)
        line = next(x for x in lines if x.endswith(words))
        assert line.count(words) == 1, line  # the value, not the explanation's list of choices too
    circle = next(x for x in lines if x.startswith("R8.2"))
    assert circle == {"en": "R8.2 circle attack damage: the player's split",
                      "fr": "R8.2 dégâts de l'attaque circulaire : partage du joueur"}[lang]


def test_a_reading_without_a_list_of_choices_keeps_its_explanation_on_the_sheet():
    lines = settings_lines(with_readings(DEFAULT_SETTINGS, {"combat.line_of_sight": False}), "en")
    assert lines[1] == f"R1.6 {t('house.combat.line_of_sight', 'en')}: no"


def test_the_french_start_screen_names_the_seed_without_an_english_gloss():
    assert t("ui.start_seed", "fr") == "Graine"


def test_the_house_rules_title_has_no_capital_in_the_middle():
    assert t("house_ui.title", "en") == "House rules: rule interpretations"
    assert not re.search(r"\s[A-Z]", t("house_ui.title", "en").split(": ", 1)[1])


def test_the_house_rules_rows_do_not_repeat_their_rules_number(fresh_pygame):
    app = open_app(None, lang="en", size=(1280, 720))
    for page, panel in enumerate(house_rules_pages(app)):
        assert panel.page_box is not None
        labels = [el.text for el in panel.page_box.get_container().elements if isinstance(el, UILabel)]
        numbers = [x for x in labels if re.search(r"R\d+\.\d+", x)]
        headings = sorted(panel.links.values())  # each heading's number, a link to its rule (s61 audit)
        assert numbers == [] and headings, (page, labels)  # each number once, in its heading
        assert sorted(link.text for link in panel.links) == headings
        assert len(set(headings)) == len(headings)
