"""s48 review 2, item 9: the R12.2 hit-location table reads as the rules write it ("1–2 head
+3", en dashes) and takes a hyphen or an en dash when typed; its explanation's box does not end
inside its band beside an empty cell."""

from __future__ import annotations

import pytest

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.ui.house_draft import (
    PAGES,
    HouseRulesDraft,
    page_groups,
    parse_locations,
    typed_text,
)
from arena_game.ui.screens.house_rules import page_plan


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r12_2_the_table_is_shown_with_en_dashes_and_read_back_the_same(lang):
    rows = DEFAULT_SETTINGS.combat.locations
    shown = typed_text(rows, lang)
    assert "–" in shown and "-" not in shown.replace(" -", ""), shown  # ranges 1–2, not 1-2 (a bonus may be -1)
    assert shown.startswith("1–2 ")
    assert parse_locations(shown, 20, lang) == rows  # what is shown reads back as the same table
    assert parse_locations(shown.replace("–", "-"), 20, lang) == rows  # typed with hyphens: the same


def test_r12_2_a_table_typed_with_hyphens_or_en_dashes_is_the_same_and_shown_with_en_dashes():
    hyphens, dashes = HouseRulesDraft(lang="en"), HouseRulesDraft(lang="en")
    assert hyphens.type_text("combat.locations", "1-3 head +4, 4-10 torso +1, 11-20 legs -1")
    assert dashes.type_text("combat.locations", "1–3 head +4, 4 – 10 torso +1, 11–20 legs -1")
    assert hyphens.values["combat.locations"] == dashes.values["combat.locations"]
    hyphens.cycle("run.declared_must_be_free")  # another Reading changed: the table's text is written afresh
    again = HouseRulesDraft(hyphens.settings(), lang="en")
    assert again.texts["combat.locations"] == "1–3 head +4, 4–10 torso +1, 11–20 legs -1"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [752, 1232, 1872])
def test_the_table_rows_explanation_box_is_as_wide_as_its_field(lang, width):
    """On the full-width field's row the explanation's box (its faint shadow shows on the band)
    ends where the field under it ends, not where the value column of the other rows starts."""
    page = next(i for i in range(len(PAGES)) if any(f.key == "combat.locations" for _, fs in page_groups(i) for f in fs))
    rows, _ = page_plan(page, width, 1.0, lang)
    row = next(r for r in rows if r.reading is not None and r.reading.key == "combat.locations")
    assert row.text.x == row.value.x and row.text.right == row.value.right
    assert row.text.bottom <= row.value.top
