"""Numbers in the player's language: "5,1" in French, "5.1" in English (window, log, reports)."""

import re
from fractions import Fraction

import pytest

from arena_game.core import queries
from arena_game.design.simulation.report import build_report, format_report
from arena_game.i18n import t
from arena_game.i18n.numbers import decimal_mark, number
from arena_game.ui.modes.base import target_highlights
from tests.builders import tiny_match
from tests.test_simulation_report import _records, _setup

DECIMAL_POINT = re.compile(r"\d\.\d")
DECIMAL_COMMA = re.compile(r"\d,\d")


def test_number_writes_the_decimal_mark_of_the_language():
    assert decimal_mark("fr") == "," and decimal_mark("en") == "."
    assert number(5.125, "fr", ".1f") == "5,1" and number(5.125, "en", ".1f") == "5.1"
    assert number(Fraction(21, 4), "fr") == "5,25"
    assert number(0.125, "fr", ".1%") == "12,5\u202f%" and number(0.125, "en", ".1%") == "12.5%"
    assert number(12, "fr") == "12" and number(3, "fr", "+d") == "+3"


def test_catalog_templates_write_decimals_the_french_way_in_french_only():
    fields = {"name": "Oruk", "hit": 0.655, "dmg": 5.1, "kill": 0.0}
    fr, en = t("ui.hit_forecast", "fr", **fields), t("ui.hit_forecast", "en", **fields)
    assert "5,1" in fr and "66\u202f%" in fr and not DECIMAL_POINT.search(fr)
    assert "5.1" in en and not DECIMAL_COMMA.search(en)
    # a float field without a format spec too (the simulate report's means)
    assert "12,5" in t("simulate.rounds", "fr", mean=12.5, median=12, min=3, max=30)
    # an int given to a decimal spec still gets the French mark
    assert "5,0" in t("ui.hit_forecast", "fr", name="O", hit=1, dmg=5, kill=0)


@pytest.mark.parametrize("lang, mark, other", [("fr", DECIMAL_COMMA, DECIMAL_POINT), ("en", DECIMAL_POINT, DECIMAL_COMMA)])
def test_the_attack_forecast_card_writes_mean_damage_in_the_language(lang, mark, other):
    axe = {"name": "Hache", "family": "melee", "damage": "1d6"}
    state, _ = tiny_match("...\n...", {"a": {"team": "red", "at": (0, 0), "weapon": axe},
                                      "b": {"team": "blue", "at": (1, 0)}})
    [h] = target_highlights(state, queries.attack_targets(state), lang)
    first = h.tip.split("\n")[0]
    assert mark.search(first) and not other.search(h.tip), h.tip


@pytest.mark.parametrize("lang, mark, other", [("fr", DECIMAL_COMMA, DECIMAL_POINT), ("en", DECIMAL_POINT, DECIMAL_COMMA)])
def test_the_simulate_report_writes_decimals_in_the_language(lang, mark, other):
    setup = _setup()
    rep = build_report(setup, _records(setup, ["1", "2", None] * 10), 0)
    text = format_report(rep, lang)
    assert mark.search(text) and not other.search(text), text
