"""The rules window names the settings as the house rules panel does (s46, review item 15):
no rules-file key ("run.max_turn_45") nor file word ("previous_step") in either language, a
Reading by the panel's explanation in the language's quotes (« » in French), its value in the
panel's words; the settings the panel does not show are left out. The documents themselves
keep the keys for the game master who edits a rules file."""

from __future__ import annotations

import re

import pytest

from arena_game.formats.house_rules import READINGS
from arena_game.i18n import LANGS, t
from arena_game.resources import rules_document
from arena_game.ui.house_draft import value_words
from arena_game.ui.rules_text import quoted, rules_sections, section_html, window_markdown

FILE_KEY = re.compile(r"\b[a-z_]+\.[a-z_]+[a-z_0-9]*\b")


def _said(lang: str) -> str:
    """Every section of the window's rules, as the player reads them (tags out)."""
    return "\n".join(re.sub(r"<[^>]+>", "", section_html(md)) for md in rules_sections(lang).values())


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_window_shows_no_rules_file_key_nor_file_word(lang):
    said = _said(lang)
    keys = {m for m in FILE_KEY.findall(said) if m.split(".")[0] in {k.split(".")[0] for k, _ in READINGS}
            | {"teams", "taunt", "flee"}}
    assert keys == set()
    for word in ("previous_step", "first_step", "own_turns"):
        assert word not in said
    assert not re.search(r'"(?:halving|player|match|team|rounds|dexterite|agilite|esquive)"', said)
    assert "`" not in said and "<!--" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_r4_4_the_heading_reading_is_named_as_the_house_rules_panel_names_it(lang):
    r4 = re.sub(r"<[^>]+>", "", section_html(rules_sections(lang)["R4"]))
    assert quoted(t("house.run.heading_reference", lang), lang) in r4  # the panel's explanation
    assert quoted(value_words("first_step", lang), lang) in r4  # the panel's words for the value
    if lang == "fr":
        assert "«\u00a0le premier pas\u00a0»" in r4 and '"' not in r4  # French quotes, never straight ones


def test_a_setting_the_panel_does_not_show_is_left_out_with_its_brackets():
    markdown = ("- **R4.7 Tackle.** malus for 1 turn (`run.tackle_die` 8, `run.tackle_faces` [1],\n"
                "  `run.tackle_malus_turns` 1). A run that ends.")
    assert window_markdown(markdown, "en") == "- **R4.7 Tackle.** malus for 1 turn. A run that ends."


def test_a_reading_keeps_its_default_in_the_panels_words():
    assert window_markdown("Reading (`combat.line_of_sight`, true): walls", "en") == \
        "Reading (`“walls, pillars and obstacles taller than the shooter block ranged attacks”`, yes): walls"
    assert window_markdown("Lecture (`combat.line_of_sight`, vrai) : murs", "fr") == \
        "Lecture (`«\u00a0murs, piliers et obstacles plus grands que le tireur arrêtent tirs et lancers\u00a0»`, oui) : murs"


def test_the_documents_keep_the_keys_and_the_window_reads_its_own_sentence():
    for lang in LANGS:
        text = rules_document(lang).read_text(encoding="utf-8")
        assert "`run.max_turn_45` 1" in text and "<!-- window:" in text
    assert "in quotes, with its default" in rules_sections("en")["intro"]
    assert "`like.this`" not in rules_sections("en")["intro"]


def test_the_english_worked_example_glosses_the_sheets_french_terms():
    """English shows a French game term with its translation: "Physique (strength) 5"."""
    r4 = rules_sections("en")["R4"]
    assert "Tarn has Physique (strength) 5 and Course (run) 5" in r4


GLOSSES = {"Physique": "strength", "Sensoriel": "senses", "Magie": "magic", "Charisme": "charisma",
           "Dextérité": "dexterity", "Agilité": "agility", "Acrobatie": "acrobatics", "Séduction": "charm",
           "Esquive": "dodge", "Nage": "swim"}


def test_the_english_rules_prose_glosses_the_sheets_french_terms():
    """Outside a roll's formula (a code span) and a setting's default in brackets ("(Agilité)"),
    an attribute or skill the English rules name comes with its translation: "range = Physique
    (strength)", "Dextérité (dexterity) +3"."""
    bare = re.compile(r"(?<!\()\b(" + "|".join(GLOSSES) + r")\b(?!\s+\()")
    found = []
    for family, markdown in rules_sections("en").items():
        prose = "\n".join(line for line in re.sub(r"`[^`]*`", "", markdown).splitlines() if not line.startswith("#"))
        found += [(family, m[1], prose[m.start() - 30:m.end() + 10]) for m in bare.finditer(prose)]
    assert found == []
