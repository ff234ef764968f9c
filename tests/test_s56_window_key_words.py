"""s56 audit: the walk and teleport keys said "refusé (la carte dit pourquoi)" — but "carte" is the
French window's word for the map (the start screen's "Carte", every "hors de la carte"): a
French player read "the map says why". The box that says why is the hover card, an info-bulle."""

from __future__ import annotations

import re

from arena_game.ui.strings import text


def test_s56_the_french_keys_refused_swatch_does_not_call_the_hover_card_the_map():
    map_word = text("start_map", "fr").lower()
    words = re.findall(r"\w+", text("legend_refused", "fr").lower())
    assert map_word not in words, words
    assert "info-bulle" in text("legend_refused", "fr")
