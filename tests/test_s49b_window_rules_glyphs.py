"""The rules screen draws every character of the rules documents: R8's worked example wrote
the halving "⌈11 ÷ 2⌉ = 6" with ceiling brackets the UI fonts lack, shown as two empty boxes;
the window now says it in words ("11 ÷ 2 rounded up", "11 ÷ 2 arrondi au-dessus")."""

from __future__ import annotations

import html
import re

import pytest

from arena_game.i18n import LANGS, t
from arena_game.render.glyphs import missing_glyphs, ui_font_paths
from arena_game.resources import rules_document
from arena_game.ui import keys
from arena_game.ui.rules_text import rules_sections, section_html


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


@pytest.mark.parametrize("lang", LANGS)
def test_s49b_every_rules_page_is_drawable_by_the_ui_fonts(lang):
    pages = {**rules_sections(lang), "keys": keys.help_markdown(lang)}
    bad = {}
    for name, markdown in pages.items():
        shown = _plain(section_html(markdown))
        for font in ui_font_paths():
            if missing := missing_glyphs(shown, font):
                bad[(name, font.name)] = missing
    assert bad == {}


@pytest.mark.parametrize("lang", LANGS)
def test_s49b_r8_halving_example_says_rounded_up_in_words(lang):
    assert "⌈11 ÷ 2⌉" in rules_document(lang).read_text(encoding="utf-8")  # the document keeps its notation
    shown = _plain(section_html(rules_sections(lang)["R8"]))
    words = t("ui.rules_rounded_up", lang, x="11 ÷ 2")
    assert words.replace("\u00a0", " ") in shown.replace("\u00a0", " ")
    assert "⌈" not in shown and "⌉" not in shown
