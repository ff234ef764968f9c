"""s57 audit, defect 4: the teleport's potion and spell are named with the game's term. The
English sheet said "Teleport potions: 0" while the action, its key and its cards say
"Téléportation (teleport)": the named actions keep their French name with the English in
brackets (en.toml's [term] convention), and a French term keeps its capital inside a phrase
("potion de Téléportation", as "sort de Téléportation")."""

from __future__ import annotations

import re

import pytest

from arena_game.core.errors import IllegalAction
from arena_game.i18n import catalog, refusal_line, t

TERM = {"en": "Téléportation (teleport)", "fr": "Téléportation"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s57_the_sheet_and_the_roster_name_the_potions_with_the_actions_term(lang):
    assert t("ui.act_teleport", lang) == TERM[lang]
    assert TERM[lang] in t("ui.sheet_potions", lang, n=0)
    assert TERM[lang] in t("roster.field_teleport_potions", lang)


def test_s57_no_english_line_names_a_bare_teleport_potion_or_spell():
    bare = re.compile(r"\bteleport (potion|spell)", re.IGNORECASE)
    assert [k for k, v in catalog("en").items() if bare.search(v)] == []


def test_s57_no_french_line_writes_the_term_in_lower_case():
    assert [k for k, v in catalog("fr").items() if re.search(r"\btéléportation", v)] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s57_the_potion_and_spell_refusals_say_the_term(lang):
    for code, fields in (("no_potion", {"fighter": "A"}), ("potion_used_up", {"fighter": "A", "had": 1}),
                         ("spell_mana", {"fighter": "A", "cost": 5, "mana": 0})):
        err = IllegalAction("R6.1", "core words", code=code, fields=fields)
        assert TERM[lang] in refusal_line(err, lang), code
