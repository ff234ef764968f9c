"""The rules reference shows the language's quotes, not the document's straight ones: the
English document writes ("Stopper une course"), the window “Stopper une course”; French
text gets « … » with no-break spaces. Code spans keep theirs."""

from __future__ import annotations

import re

import pytest

from arena_game.ui.rules_text import rules_sections, section_html, window_markdown


def _shown(html: str) -> str:
    """The words a text box shows: the tags (whose attributes use single quotes) left out."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r0_no_section_of_the_rules_window_shows_a_straight_double_quote(lang):
    straight = {key: _shown(section_html(text)).count('"') for key, text in rules_sections(lang).items()}
    assert {key: n for key, n in straight.items() if n} == {}


def test_r4_6_the_english_window_quotes_the_french_name_in_english_quotes():
    shown = _shown(section_html(rules_sections("en")["R4"]))
    assert "(“Stopper une course”)" in shown


def test_r0_french_text_gets_french_quotes_with_no_break_spaces_and_code_keeps_its_own():
    text = window_markdown('Il dit "bonjour", puis "au\nrevoir".\n\nUn " seul, et `a.b "x"`.', "fr")
    assert "«\u00a0bonjour\u00a0»" in text and "«\u00a0au\nrevoir\u00a0»" in text
    assert 'Un " seul' in text  # an unpaired quote is not paired across the blank line
    assert '`a.b "x"`' in text  # a code span as written


def test_r0_english_text_gets_curly_quotes():
    assert window_markdown('The "first step".', "en") == "The “first step”."
