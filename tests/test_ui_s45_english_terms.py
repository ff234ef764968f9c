"""The English catalog shows every French game term with its translation beside it, as the
fighter sheet does ("PV (HP)", "Course (run)"), and counts without a plural that fails at one ("1 squares")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from arena_game.i18n import t

CATALOG = Path(__file__).resolve().parent.parent / "arena_game" / "i18n" / "en.toml"
# the French terms a player meets in the English window (the sheet's attributes and skills, the
# named actions, the points), their plurals and the sheet's short forms
TERMS = ("PV", "PR", "Course", "Courses", "Fuite", "Nage", "Nages", "Acrobatie", "Poussée", "Poussées", "Provocation",
         "Provocations", "Esquive", "Téléportation", "Téléportations", "Physique", "Sensoriel", "Magie", "Charisme",
         "Dextérité", "Agilité", "Séduction", "Corps à corps", "CàC", "Acro", "Séd", "Esq", "Phy", "Sen", "Mag", "Cha",
         "Dex", "Agi")
NBSP = "\u00a0\u202f"
# a term with its translation: in brackets after it (an adjective of the term's own between:
# "Provocation simple (simple taunt)", "Course! (run)"), or after a comma inside brackets
# ("(Fuite, flee)"); or itself the bracket after its English ("renown points (PR)")
TRANSLATED = re.compile(rf"[ {NBSP}]*(?:(?:simple|avantagée)[ {NBSP}]*)?(?:!?[ {NBSP}]*\(|, [a-z])")


def english_values() -> list[tuple[str, str]]:
    def walk(prefix: str, table: dict[str, object]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for key, value in table.items():
            if isinstance(value, dict):
                out += walk(f"{prefix}{key}.", value)
            elif isinstance(value, str):
                out.append((f"{prefix}{key}", value))
        return out

    return walk("", tomllib.loads(CATALOG.read_text(encoding="utf-8")))


def bare_terms(value: str) -> list[str]:
    """The French terms of `value` shown without their translation."""
    found = []
    for term in TERMS:
        for m in re.finditer(rf"(?<![\w-]){re.escape(term)}(?![\w-])", value):
            before = value[:m.start()].rstrip(NBSP + " ")
            if before.endswith("(") and value[m.end():].startswith(")"):
                continue  # "renown points (PR)": the term is the translation's bracket
            if not TRANSLATED.match(value, m.end()):
                found.append(term)
    return found


def test_english_catalog_gives_every_french_term_its_translation() -> None:
    bare = [(key, value, bare_terms(value)) for key, value in english_values() if bare_terms(value)]
    assert bare == []


def test_spell_reach_refusal_counts_one_square_without_a_plural() -> None:
    """A caster with Magie 1 reaches one square: the refusal never says "1 squares"."""
    line = t("refusal.spell_reach", "en", square="(4, 0)", reach=1)
    assert "1 squares" not in line and "Magie (magic)" in line


@pytest.mark.parametrize(("key", "fields", "shown"), [
    ("ui.split_card", {"name": "Oruk", "place": 1, "count": 2, "share": 6, "pv": 32}, "32\u00a0PV (HP)"),
    ("log.damaged", {"fighter": "Oruk", "amount": 5, "location": "torso", "pv": 27}, "loses 5 PV (HP)"),
    ("anim.damaged_sub", {"where": "torso", "pv": 27}, "27 PV (HP) left"),
])
def test_hp_shown_in_english_with_its_french_term(key: str, fields: dict[str, object], shown: str) -> None:
    assert shown in t(key, "en", **fields)
