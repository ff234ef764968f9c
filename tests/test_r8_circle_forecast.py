"""R8 circle attack forecast: per fighter around, the exact chance to be hit, its share and the kill."""

import itertools
from fractions import Fraction as F

import pytest

from arena_game.core import queries
from arena_game.core.settings import DiceSettings, RulesSettings
from arena_game.ui.modes import CircleMode
from arena_game.ui.modes.base import pct
from tests.builders import play, tiny_match

AXE = {"name": "Hache", "family": "two_handed", "damage": "1d6"}
GRID = """
.....
.....
.....
"""


def ring(b=None, c=None, **kw):
    return tiny_match(GRID, {
        "a": {"team": "red", "at": (2, 1), "weapon": AXE},
        "b": {"team": "blue", "at": (2, 0), **(b or {})},
        "c": {"team": "red", "at": (3, 1), **(c or {})},  # an ally: hit too (R8.1)
    }, **kw)


def test_r8_1_r8_2_circle_forecast_counts_one_attack_roll_and_the_halving_shares():
    state, _ = ring(c={"pv": 3})
    fc = queries.circle_forecast(state, [(2, 0), (3, 1)])
    b, c = fc.targets
    assert (b.target, b.place, c.target, c.place) == ("b", 1, "c", 2)
    # one attack roll against two dodges, all bonuses 0: each is hit 190 times in 400 (ties dodge)
    assert b.hit == c.hit == F(19, 40)
    # both hit when both dodges are below the same attack face: sum of (face-1)² over 20³
    both, alone = F(2470, 8000), F(19, 40) - F(2470, 8000)
    # R8.2: both hit, the first takes d6 halved up (mean 2), the second the rest (mean 1.5)
    assert b.expected_damage == both * 2 + alone * F(7, 2)
    assert c.expected_damage == both * F(3, 2) + alone * F(7, 2)
    # c (3 PV) dies with the rest of a 6 when both are hit, with a 3+ when alone
    assert c.kill == both * F(1, 6) + alone * F(4, 6)
    assert b.kill == 0  # 20 PV: a d6 never kills
    assert min(c.damage_if_hit) == 0 and max(c.damage_if_hit) == 6 and sum(c.damage_if_hit.values()) == 1
    assert min(b.damage_if_hit) == 1 and max(b.damage_if_hit) == 6


def test_r8_2_circle_forecast_follows_the_declared_order():
    state, _ = ring()
    first, second = queries.circle_forecast(state, [(3, 1), (2, 0)]).targets
    assert (first.target, second.target) == ("c", "b")
    assert first.expected_damage > second.expected_damage


def test_r8_1_r0_4_circle_forecast_shows_both_sides_with_every_modifier():
    state, _ = ring(b={"attributes": {"agilite": 4}, "skills": {"esquive": 2}})
    fc = queries.circle_forecast(state, [(2, 0), (3, 1)])
    assert fc.attack.fighter == "a" and fc.attack.bonus == 0
    b = fc.targets[0]
    assert b.dodge.fighter == "b" and b.dodge.bonus == 6
    assert [(x.key, x.value) for x in b.dodge.terms] == [("agilite", 4), ("esquive", 2)]
    # a dodge of d20+6 against d20: hit when attack − dodge > 6 … counted face by face
    assert b.hit == F(sum(max(0, a - 1 - 6) for a in range(1, 21)), 400)


def test_r10_1_circle_forecast_a_sleeper_dodges_only_on_a_natural_20():
    state, _ = ring(b={"attributes": {"agilite": 30}})
    state.fighters["b"].asleep_turns = 1
    b, _c = queries.circle_forecast(state, [(2, 0), (3, 1)]).targets
    assert b.hit == F(19, 20)


def test_r8_circle_forecast_agrees_with_every_scripted_roll_of_the_engine():
    # On a d4 every face of the attack and of both dodges is played through `apply` with
    # scripted dice (location face 1: no bonus anyway, R8.3; each d6 damage face): the
    # forecast's chances are the engine's outcomes counted, exactly.
    settings = RulesSettings(dice=DiceSettings(die=4, critical_success=(4,), critical_failure=(1,)))
    order = [(2, 0), (3, 1)]
    counted = {"b": {}, "c": {}}
    deaths = {"b": 0, "c": 0}
    for att, db, dc in itertools.product(range(1, 5), repeat=3):
        for dmg in range(1, 7):
            state, dice = ring(c={"pv": 3}, settings=settings, faces=[att, db, dc, 1, dmg])
            state, events = play(state, dice, {"kind": "circle_attack", "order": order})
            taken = {e.fighter: e.amount for e in events if e.type == "damaged"}
            for e in events:
                if e.type == "died":
                    deaths[e.fighter] += 1
            for fid in ("b", "c"):
                key = taken.get(fid, 0)
                counted[fid][key] = counted[fid].get(key, 0) + 1
    state, _ = ring(c={"pv": 3}, settings=settings)
    for t in queries.circle_forecast(state, order).targets:
        expected = sum(F(share * n, 4**3 * 6) for share, n in counted[t.target].items())
        assert t.expected_damage == expected
        assert t.kill == F(deaths[t.target], 4**3 * 6)
    assert deaths["c"] > 0


@pytest.mark.parametrize("lang, words", [("en", ("#1\u00a0of\u00a02", "#2\u00a0of\u00a02", "not picked yet", "an ally",
                                                 "dodges")),
                                         ("fr", ("n°\u00a01\u00a0sur\u00a02", "n°\u00a02\u00a0sur\u00a02", "pas encore choisi",
                                                 "un allié", "esquive"))])
def test_r8_circle_mode_shows_each_fighters_forecast_and_its_place_in_the_order(lang, words):
    state, _ = ring()
    mode = CircleMode()
    mode.order = [(2, 0)]
    marks = mode.highlights(state, lang)
    by_square = {}
    for h in marks:
        by_square.setdefault(h.square, {})[h.kind] = h
    fc = queries.circle_forecast(state, [(2, 0), (3, 1)])
    # b picked first: a numbered badge and its hit chance; c not picked: its chance, counted second
    assert by_square[(2, 0)]["order"].label == "1"
    assert by_square[(2, 0)]["target"].label == pct(float(fc.targets[0].hit), lang)
    assert set(by_square[(3, 1)]) == {"target"} and by_square[(3, 1)]["target"].label == pct(float(fc.targets[1].hit), lang)
    first, second = by_square[(2, 0)]["target"].tip, by_square[(3, 1)]["target"].tip
    assert words[0] in first and words[1] in second and words[2] in second and words[2] not in first
    assert words[3] in second and words[4] in first  # c is a's ally; both sides of the roll shown


def test_r8_1_r6_1_mode_prompts_word_the_refusal_in_the_readers_language():
    from arena_game.ui.modes import TeleportMode

    state, _ = tiny_match(GRID, {"a": {"team": "red", "at": (2, 1)}, "b": {"team": "blue", "at": (0, 0)}})
    circle = CircleMode().prompt(state, "fr")  # no two-handed weapon, no one around
    teleport = TeleportMode().prompt(state, "fr")  # no potion
    assert "R8.1 : " in circle and "R6.1 : " in teleport
    for line in (circle, teleport):
        assert " is " not in line and " has " not in line and " no " not in line, line
