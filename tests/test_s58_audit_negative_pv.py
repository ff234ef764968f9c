"""A fighter struck below 0 PV: the log's line writes the PV left with a minus (U+2212), as the
rolls and cards write theirs, never with a hyphen (s58 audit: "Sielle perd 9 PV (torse) → -3 PV",
"Sielle loses 9 PV (HP) to the torso → -3 PV (HP)")."""

from __future__ import annotations

import pytest

from arena_game.core.events import Damaged
from arena_game.i18n.narration import describe


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s58_the_log_writes_pv_below_zero_with_a_minus(lang):
    line = describe(Damaged(fighter="sielle", amount=9, location="torso", pv=-3), {"sielle": "Sielle"}, lang)
    assert "→ −3\u00a0PV" in line.replace(" PV", "\u00a0PV")
    assert "-" not in line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s58_pv_left_at_or_above_zero_keep_their_figure(lang):
    line = describe(Damaged(fighter="sielle", amount=9, location="torso", pv=0), {"sielle": "Sielle"}, lang)
    assert "→ 0" in line and "−" not in line
