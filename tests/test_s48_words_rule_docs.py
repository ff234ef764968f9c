"""The French rules (docs/regles.md) say every clause the English reference
(docs/rules-reference.md) says: the same rules, sections and numbered steps, and in each one
the same dice, rule references, setting keys, setting values and numbers.

Both documents are shown in the window's rules screen, so a clause missing from one
language is a rule a player of that language never reads (s48 review #4: the d4 flight
roll before the run roll of R4.7 was only in English).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"

BLOCK_START = re.compile(r"^(?=- \*\*R\d+\.\d+|#{2,3} |\d+\. \*\*)", re.M)
LABEL = re.compile(r"- \*\*(R\d+\.\d+)|(#{2,3}) |(\d+)\. \*\*")
# In a backquoted span: a setting key (`run.tackle_die`) or a file value (`"halving"`) is
# kept whole; a formula (`1d20 + Physique + Course`) gives its dice and numbers only, since
# its words are translated.
KEY_OR_VALUE = re.compile(r"`(?:[a-z_]+\.[a-z_0-9.]+|\"[^\"`]+\")`")
SPAN = re.compile(r"`[^`]+`")
TERM = re.compile(r"\b\d*d\d+\b|\bR\d+(?:\.\d+)?\b|[−+]?\d+")


def blocks(name: str) -> dict[str, str]:
    """The document's rules, numbered steps and sections after its introduction, by label:
    "R4.7", "step 2 of R4", "section 9" (the 9th heading)."""
    text = (DOCS / name).read_text(encoding="utf-8")
    parts = BLOCK_START.split(text)[1:]  # [0] is the introduction: its own words per language
    found: dict[str, str] = {}
    rule, sections = "", 0
    for part in parts:
        m = LABEL.match(part)
        assert m, part[:60]
        if m.group(1):
            label = m.group(1)
        elif m.group(2):
            sections += 1
            label = f"section {sections}"
            rule = part.split()[1]
        else:
            label = f"step {m.group(3)} of {rule}"
        assert label not in found, f"{name}: {label} twice"
        found[label] = part
    return found


def terms(block: str) -> Counter[str]:
    """The untranslated content of a block: dice, rule references, keys, values, numbers."""
    kept = Counter(KEY_OR_VALUE.findall(block))
    rest = KEY_OR_VALUE.sub(" ", block)
    rest = SPAN.sub(lambda m: " " + m.group(0)[1:-1] + " ", rest)
    kept.update(TERM.findall(rest))
    return kept


def test_both_rule_documents_have_the_same_rules_steps_and_sections():
    english, french = blocks("rules-reference.md"), blocks("regles.md")
    assert list(english) == list(french)
    assert len([label for label in english if label.startswith("R")]) >= 45


def test_each_rule_has_the_same_dice_references_settings_and_numbers_in_both_documents():
    english, french = blocks("rules-reference.md"), blocks("regles.md")
    differ = {
        label: (dict(terms(english[label]) - terms(french[label])), dict(terms(french[label]) - terms(english[label])))
        for label in english
        if label in french and terms(english[label]) != terms(french[label])
    }
    assert not differ, f"only in English, only in French: {differ}"


def test_r4_7_says_in_french_the_flight_roll_before_the_run_roll_and_the_later_tackle():
    rule = " ".join(blocks("regles.md")["R4.7"].split())
    assert "un d4 avant le jet de Course" in rule
    assert "les trois cases annoncées restent voisines" in rule
    assert "lance son tacle" in rule
