"""Where wrapped lines break (s48 review 2, item 4): the English sheet's weapon line left its
"—" at a line's end ("Weapon: Grande hache (great axe) —" / "two-handed weapon, 2d6"); the
attack card's sum started a line with its penalty ("− 8 (penalty: beyond range, R1.3) = d20 +2"),
a fact of its own to the eye; and a log path broke after its arrow ("(6, 6) –›" / "(5, 6)")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.events import Moved, Pushed
from arena_game.i18n import t
from arena_game.i18n.narration import describe, path_text
from arena_game.i18n.terms import card_sum, held, roll_term
from arena_game.render.text import breakable_words, font, wrap_words

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.fixture
def ui_font() -> pygame.font.Font:
    pygame.font.init()
    return font(15)

NAMES = {"tarn": "Tarn", "oruk": "Oruk"}


def _widths(text: str, f: pygame.font.Font) -> range:
    """Every line width from the widest piece that cannot break up to the whole line."""
    return range(max(f.size(p)[0] for p in breakable_words(text)), f.size(text)[0] + 10, 3)


def test_the_english_sheet_never_leaves_the_weapon_dash_at_a_lines_end(ui_font):
    family = held(t("term.family_two_handed", "en"))  # as the sheet holds it (ui/panels_html.py)
    line = t("ui.sheet_weapon", "en", weapon="Grande hache (great axe)", family=family, damage="2d6")
    for width in _widths(line, ui_font):
        rows = wrap_words(line, ui_font, width)
        assert not any(row.rstrip().endswith("—") for row in rows), (width, rows)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r1_3_an_attack_cards_sum_never_starts_a_line_with_its_penalty(lang, ui_font):
    terms = [roll_term("+", t("term.attr_dexterite", lang), 6), roll_term("+", "weapon skill (firearm)", 4)]
    penalty = held(t("ui.card_modifier", lang, sign="−", amount=8, word=t("term.malus", lang),
                     source="beyond range", rule="R1.3"))
    line = t("ui.card_attack", lang, name="Nyssa", parts=card_sum(terms, [penalty]), bonus="+2")
    broken = 0
    for width in _widths(line, ui_font):
        rows = wrap_words(line, ui_font, width)
        broken += len(rows) > 1
        assert not any(row.startswith("−") for row in rows), (width, rows)
        assert any(penalty in row for row in rows), (width, rows)  # the penalty whole, with its term
    assert broken  # the widths tried did break the sum


def test_a_sum_without_terms_keeps_its_modifiers_apart():
    assert card_sum([], ["−\u00a02", "+\u00a03"]) == "−\u00a02 +\u00a03"
    assert card_sum(["+\u00a0A\u00a01"], []) == "+\u00a0A\u00a01"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_log_path_never_ends_a_line_on_its_arrow(lang, ui_font):
    pushed = describe(Pushed(fighter="tarn", by="oruk", path=[(6, 6), (5, 6)], fell=False, into="floor"), NAMES, lang,
                      held_terms=True)
    ran = describe(Moved(fighter="tarn", path=[(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)], mode="walk"), NAMES, lang,
                   held_terms=True)
    for line in (pushed, ran):
        for width in _widths(line, ui_font):
            rows = wrap_words(line, ui_font, width)
            assert not any(row.rstrip().endswith("→") for row in rows), (width, rows)
            if line is pushed:  # two squares: the pair stays whole
                assert any("(6, 6)\u00a0→\u00a0(5, 6)" in row for row in rows), (width, rows)


def test_a_path_in_plain_text_keeps_plain_spaces():
    """The terminal's log (`arena-game scenario`) and the board's summary are not wrapped."""
    assert path_text([(1, 1), (2, 1)]) == "(1, 1) → (2, 1)"
    assert path_text([(1, 1), (2, 1), (3, 1)], held_arrows=True) == "(1, 1) →\u00a0(2, 1) →\u00a0(3, 1)"
