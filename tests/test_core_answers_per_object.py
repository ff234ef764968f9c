"""Answers the rules keep about one sheet or weapon (roll terms, sums of a sheet's values, a
weapon's damage) are kept with that object and go when it goes: a window plays every match
with sheets of its own, and the last match's answers do not stay behind in a shared table."""

from __future__ import annotations

import gc
import weakref

from arena_game.core import resolution
from arena_game.core.kept import answers_of
from arena_game.core.rules import forecast
from tests.builders import tiny_match

SWORD = {"name": "Épée", "family": "melee", "damage": "1d8+1"}


class Thing:
    """Any object that can be weakly referenced."""


def test_answers_are_kept_per_object_while_it_lives():
    table: dict = {}
    a, b = Thing(), Thing()
    answers_of(table, a)["x"] = 1
    assert answers_of(table, a) == {"x": 1} and answers_of(table, b) == {}
    key = id(a)
    del a
    gc.collect()
    assert key not in table and id(b) in table


def test_a_sheets_terms_and_a_weapons_damage_go_with_them():
    def match():
        return tiny_match("....", {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 3}, "weapon": SWORD},
                                   "b": {"team": "blue", "at": (1, 0)}})[0]

    first = match()  # its sword may be the one `_DAMAGE` keeps for every sword of that kind
    forecast.mean_damage(first, first.fighters["a"])
    state = match()
    a = state.fighters["a"]
    assert resolution.term_of(a, "physique").value == 3
    assert resolution.sheet_terms(a.sheet, ("physique", "agilite")) == 3
    assert resolution.term_of(a, "physique") is resolution.term_of(a, "physique")  # kept
    keys = ("physique", "agilite", "esquive", "melee")
    for pair in [(k,) for k in keys] + [(k, m) for k in keys for m in keys]:
        assert resolution.terms_of(a, pair) == tuple(resolution.term_of(a, k) for k in pair)
    assert resolution.terms_of(a, ("physique",))[0].value == 3
    assert forecast.mean_damage(state, a) == forecast.mean_damage(first, first.fighters["a"])
    sheet_key, weapon_key = id(a.sheet), id(a.sheet.weapon)
    assert sheet_key in resolution._TERMS and sheet_key in resolution._SHEET_TERMS and sheet_key in resolution._TERM_LISTS
    assert weapon_key in forecast._DAMAGE_BY_ID
    gone = weakref.ref(a.sheet)
    del state, a
    gc.collect()
    assert gone() is None
    assert sheet_key not in resolution._TERMS and sheet_key not in resolution._SHEET_TERMS
    assert sheet_key not in resolution._TERM_LISTS
    assert weapon_key not in forecast._DAMAGE_BY_ID
