"""The rarer rule families (R8 circle attack, R5 pushes, …) as the bot prices them: on tiny
maps it takes the family where its exact forecast pays, and leaves it where it does not."""

import random
from dataclasses import replace

import pytest

from arena_game.bots import Bot
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.context import Context
from arena_game.bots.options import circle_worth, death_risk
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.events import Attacked
from arena_game.core.queries import (
    circle_forecast,
    mean_hit_damage,
    open_action_kinds,
    strike_chance,
    strike_outcomes,
)
from tests.builders import tiny_match

AXE = {"name": "Grande hache", "family": "two_handed", "damage": "2d6"}


def _axe_scene(b_pv: int = 20, c_pv: int = 20, ally: bool = False, at: tuple[int, int] = (1, 1)):
    fighters = {
        "a": {"team": "red", "at": at, "pv": 30, "attributes": {"dexterite": 4},
              "skills": {"weapons": {"two_handed": 4}}, "weapon": AXE},
        "b": {"team": "blue", "at": (2, 1), "pv": b_pv},
        "c": {"team": "blue", "at": (1, 2), "pv": c_pv},
    }
    if ally:
        fighters["d"] = {"team": "red", "at": (0, 1)}
    return tiny_match("....\n....\n....\n", fighters)


def test_r8_2_bot_prices_a_circle_attack_by_its_exact_shared_forecast():
    state, _ = _axe_scene(b_pv=4)
    ctx = Context(Bot(random.Random(0)), state, open_action_kinds(state))
    worth, order, hits, plain = circle_worth(ctx, [(2, 1), (1, 2)])
    fc = {t.target: t for t in circle_forecast(state, order).targets}
    # A lone hit takes the whole roll (R8.2): the damage dealt is the roll whenever anyone is hit.
    assert plain == pytest.approx(sum(float(t.hit) * sum(min(s, state.fighters[t.target].pv) * q
                                                         for s, q in t.damage_if_hit.items())
                                      for t in fc.values()))
    hit, _, kill_if_hit = hits["b"]
    assert hit * kill_if_hit == pytest.approx(float(fc["b"].kill))
    assert order[0] == (2, 1)  # the weak foe first: the larger share finishes it more often
    assert worth > 0


def test_r8_bot_swings_at_two_sound_foes_beside_its_two_handed_weapon():
    state, dice = _axe_scene()
    act = Bot(random.Random(0)).choose(state)
    assert act.kind == "circle_attack" and set(act.order) == {(2, 1), (1, 2)}
    _, events = apply(state, act, dice)  # legal as sent: one roll, both foes dodge it
    assert {e.target for e in events if isinstance(e, Attacked)} == {"b", "c"}


@pytest.mark.parametrize("kw", [{"ally": True}, {"b_pv": 6, "c_pv": 6}])
def test_r8_bot_strikes_one_foe_when_the_circle_does_not_pay(kw):
    # A friend beside the axe would share the swing; two foes on 6 PV die more often to a
    # whole blow with its location bonus than to two halves of one roll.
    state, _ = _axe_scene(**kw)
    assert Bot(random.Random(0)).choose(state).kind == "attack"


def test_r8_a_two_handed_bot_values_a_square_with_two_foes_beside_it_at_the_circles_worth():
    state, _ = _axe_scene(at=(3, 0))
    # (without the tempo, whose charge differs with and without a blow: tests/test_bots_tempo.py)
    ctx = Context(Bot(random.Random(0), replace(LEVEL_STYLES["strong"], tempo=0.0)), state, open_action_kinds(state))
    lone = ctx.value((3, 1), can_act=True) - ctx.value((3, 1), can_act=False)  # beside b only
    both = ctx.value((1, 1), can_act=True) - ctx.value((1, 1), can_act=False)  # beside b and c
    assert lone == pytest.approx(ctx.odds.expected_hit(state.fighters["a"], state.fighters["b"]))
    assert both == pytest.approx(circle_worth(ctx, [(2, 1), (1, 2)])[3]) and both > lone


def _water_scene(foe_weapon: dict | None = None, friend_beside_water: bool = False):
    # a: a strong pusher with a dagger; b beside the pool, which a push sends it into (R5.3).
    foe = {"team": "blue", "at": (2, 1), "pv": 30, "attributes": {"dexterite": 5, "physique": 2}}
    if foe_weapon:
        foe |= {"weapon": foe_weapon, "skills": {"weapons": {foe_weapon["family"]: 4}}}
    fighters = {
        "a": {"team": "red", "at": (1, 1), "pv": 30, "attributes": {"physique": 8, "dexterite": 0},
              "skills": {"corps_a_corps": 5}, "weapon": {"name": "Dague", "family": "melee", "damage": "1d4"}},
        "b": foe,
    }
    if friend_beside_water:
        fighters["d"] = {"team": "red", "at": (4, 0)}
    return tiny_match(".......\n..~~~~.\n.......\n", fighters)


def test_r2_3_bot_pushes_a_blade_into_water_where_it_must_swim_instead_of_striking():
    state, dice = _water_scene()
    act = Bot(random.Random(0)).choose(state)
    assert act.kind == "push" and act.target == "b"


@pytest.mark.parametrize("kw", [
    {"foe_weapon": {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}},  # shoots from the water
    {"friend_beside_water": True},  # strikes the friend beside its water square without moving
])
def test_r2_3_bot_does_not_push_into_water_a_foe_that_still_attacks_from_there(kw):
    state, _ = _water_scene(**kw)
    bot = Bot(random.Random(0))
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    assert bot.choose(state).kind == "attack"


BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}


def _cornered_bow(foe_damage: str):
    # a: a bow on 4 PV with a potion, an axe beside it; its side is not losing (d is sound).
    fighters = {
        "a": {"team": "red", "at": (1, 1), "pv": 22, "teleport_potions": 1, "weapon": BOW,
              "skills": {"weapons": {"bow": 4}}},
        "b": {"team": "blue", "at": (2, 1), "pv": 10, "skills": {"weapons": {"melee": 4}},
              "weapon": {"name": "Hache", "family": "melee", "damage": foe_damage}},
        "d": {"team": "red", "at": (9, 3), "pv": 30},
    }
    state, _ = tiny_match("..........\n" * 4, fighters)
    state.fighters["a"].pv = 4
    return state


def test_r6_1_bot_drinks_its_potion_where_the_foe_beside_it_likely_kills_it():
    state = _cornered_bow("2d6")
    ctx = Context(Bot(random.Random(0)), state, open_action_kinds(state))
    assert death_risk(ctx, (1, 1)) > 0.5  # one axe blow: hit, then 4+ on 2d6 and its location
    act = Bot(random.Random(0)).choose(state)
    assert act.kind == "teleport" and act.means == "potion"
    assert death_risk(ctx, act.to) == 0.0


def test_r6_1_bot_keeps_its_potion_when_the_foe_beside_it_rarely_kills():
    state = _cornered_bow("1d4")
    assert Bot(random.Random(0)).choose(state).kind != "teleport"


def test_r0_7_death_risk_adds_the_blows_of_every_enemy_that_reaches_the_square():
    state = _cornered_bow("1d4")
    ctx = Context(Bot(random.Random(0)), state, open_action_kinds(state))
    a, b = state.fighters["a"], state.fighters["b"]
    one = strike_outcomes(state, b, a)
    assert death_risk(ctx, (1, 1)) == pytest.approx(sum(p for d, p in one.items() if d >= 4))
    assert death_risk(ctx, (9, 0)) == 0.0  # 7 path squares: out of a run's reach too


def test_r0_4_strike_outcomes_are_a_miss_or_a_hits_damage_with_the_querys_odds():
    state = _cornered_bow("2d6")
    a, b = state.fighters["a"], state.fighters["b"]
    out = strike_outcomes(state, b, a, extra=-8)
    assert sum(out.values()) == pytest.approx(1.0)
    assert out[0] == pytest.approx(1 - strike_chance(state, b, a, -8))
    assert sum(d * p for d, p in out.items()) == pytest.approx(strike_chance(state, b, a, -8) * mean_hit_damage(state, b))


# -- R2.4 jumps ----------------------------------------------------------------------------

ACROBAT = {"team": "red", "at": (1, 1), "skills": {"acrobatie": 3}, "attributes": {"agilite": 2}}


@pytest.mark.parametrize("level", ["strong", "normal", "fast"])
@pytest.mark.parametrize(("grid", "why"), [
    ("#########\n#.x.....#\n#########", "the crate closes the corridor: no way round"),
    ("#########\n#.x.....#\n#.#####.#\n#.......#\n#########", "the way round is 10 squares, over the crate 6"),
])
def test_r2_4_bot_jumps_a_crate_that_shortens_its_way_to_the_enemy(level, grid, why):
    state, dice = tiny_match(grid, {"a": ACROBAT, "b": {"team": "blue", "at": (7, 1)}})
    action = Bot.at_level(level, random.Random(0)).choose(state)
    assert (action.kind, getattr(action, "over", None)) == ("jump", (2, 1)), why
    state, events = apply(state, action, dice)
    landed = [e for e in events if e.type == "jump_attempted"]
    assert landed and landed[0].landing == (3, 1)

