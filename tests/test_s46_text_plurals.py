"""Counted messages say their counts with real plural forms in both languages (s46): a count
inside a sentence takes its words' singular or plural where it stands, `{n|square|squares}`
(French counts 0 and 1 as singular), so a refusal with two counts ("2 shares for 1 fighter")
or a roster fault ("at most 1 animal or slave") is right in either; and no catalog template
writes a count before a plural noun without a singular form."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from arena_game.core import IllegalAction
from arena_game.formats.roster import Fault
from arena_game.i18n import LANGS, fill, placeholders, refusal_text

CATALOGS = Path(__file__).resolve().parents[1] / "arena_game" / "i18n"


def _refusal(code: str, **fields: object) -> IllegalAction:
    return IllegalAction("R8.2", "core reason", code=code, fields=fields)


def test_inline_plurals_pick_the_form_of_their_count_in_each_language():
    template = "{n} {n|square|squares}"
    assert [fill(template, "en", n=n) for n in (0, 1, 2)] == ["0 squares", "1 square", "2 squares"]
    assert [fill("{n} {n|case|cases}", "fr", n=n) for n in (0, 1, 2)] == ["0 case", "1 case", "2 cases"]
    assert placeholders("at most {limit} {limit|animal|animals}") == {"limit"}


def test_r8_2_a_split_with_too_many_shares_counts_both_with_real_plurals():
    one = _refusal("split_count", shares=2, victims=1)
    two = _refusal("split_count", shares=3, victims=2)
    assert refusal_text(one, "en") == "the split has 2 shares for 1 fighter"
    assert refusal_text(two, "en") == "the split has 3 shares for 2 fighters"
    assert refusal_text(one, "fr") == "la répartition a 2 parts pour 1 combattant"
    assert refusal_text(two, "fr") == "la répartition a 3 parts pour 2 combattants"


def test_r4_1_and_r1_2_refusals_count_squares_with_a_singular():
    declared = IllegalAction("R4.1", "x", code="declared_count", fields={"n": 1, "declared": 2})
    assert refusal_text(declared, "en") == "a run declares 1 square before the roll, not 2"
    assert refusal_text(declared, "fr") == "une Course annonce 1 case avant le jet, pas 2"
    far = IllegalAction("R1.2", "x", code="out_of_range", fields={"fighter": "Oruk", "distance": 1, "weapon": "Arc",
                                                                  "reach": 0})
    assert refusal_text(far, "en").startswith("Oruk is 1 square away")
    assert refusal_text(far, "fr").startswith("Oruk est à 1 case,")


def test_r12_1_a_full_chest_counts_its_limit_with_a_singular():
    assert Fault("fault_chest_full", {"limit": 1}, rule="R12.1").text("en") == \
        "R12.1: a team's chest holds at most 1 animal or slave"
    assert Fault("fault_chest_full", {"limit": 4}, rule="R12.1").text("en") == \
        "R12.1: a team's chest holds at most 4 animals and slaves"
    assert Fault("fault_chest_full", {"limit": 1}, rule="R12.1").text("fr") == \
        "R12.1 : le coffre d'une équipe tient au plus 1 animal ou esclave"


COUNTS = {"n", "count", "limit", "shares", "victims", "distance", "digits", "depth", "size", "need", "parts",
          "used", "drawn", "draws", "total", "reach", "max", "min", "hit", "declared", "done", "squares", "turns",
          "amount", "cap", "matches", "had", "mana", "cost"}
"""Field names that hold a count."""
NOT_NOUNS = {"ms", "s", "vs", "is", "has", "was", "des", "les", "mais", "dans", "pas", "sous", "sans", "plus"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_template_counts_before_a_plural_noun_without_a_singular(lang):
    """"{limit} animals" reads "1 animals": the words take `{limit|animal|animals}`, or the
    message has `_one` and `_other` forms (`tn`), or a `_one` form the refusals pick."""
    data = tomllib.loads((CATALOGS / f"{lang}.toml").read_text(encoding="utf-8"))
    wrong = []
    for section, table in data.items():
        for key, template in table.items():
            if key.endswith(("_one", "_other")) or f"{key}_one" in table:
                continue
            for m in re.finditer(r"\{(\w+)\}(?:[–-]\{\w+\})? (\w+)", template):
                if m[1] in COUNTS and re.search(r"[sx]$", m[2]) and m[2] not in NOT_NOUNS:
                    wrong.append((section, key, m[0]))
    assert wrong == []
