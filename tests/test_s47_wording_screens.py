"""The roster editor names its files in the window's language (s47 review3 #11)."""

from __future__ import annotations

from arena_game.formats.roster_shelf import shipped_team_files
from arena_game.i18n import t


def test_the_french_roster_names_the_shipped_file_in_french():
    """"default (fourni, lecture seule)": the file's name is an English word."""
    name = shipped_team_files()[0].stem
    fr, en = t("roster.shipped", "fr", name=name), t("roster.shipped", "en", name=name)
    assert name not in fr and fr == "équipes fournies (lecture seule)"
    assert en == "shipped teams (read-only)"

