"""Forecasts and combat queries, checked against hand-computed probabilities."""

from fractions import Fraction as F

from arena_game.core import queries
from arena_game.core.rules.forecast import damage_distribution, dice_sum_distribution, hit_chance
from arena_game.core.settings import RulesSettings
from tests.builders import play, random_rows, squares_of, tiny_match

BOW = {"name": "Arc", "family": "bow", "range": 1, "damage": "1d6"}
MUSKET = {"name": "Mousquet", "family": "firearm", "range": 0, "damage": "1d6"}
GRID = """
.......
...#...
.......
"""


def two(a=None, b=None, grid=GRID, faces=(), more=None):
    fighters = {
        "a": {"team": "red", "at": (0, 0), **(a or {})},
        "b": {"team": "blue", "at": (1, 0), **(b or {})},
        **(more or {}),
    }
    return tiny_match(grid, fighters, faces=list(faces))


def test_r0_4_forecast_hit_chance_includes_the_tie_rule():
    state, _ = two()
    a, b = state.fighters["a"], state.fighters["b"]
    assert hit_chance(state, a, b, []) == F(190, 400)  # strictly higher: (400 − 20 ties) / 2
    state, _ = two(a={"attributes": {"dexterite": 3}})
    # d ≤ a + 2: faces 1..18 give a + 2 each (3..20 = 207), faces 19 and 20 give 20 each
    assert hit_chance(state, state.fighters["a"], state.fighters["b"], []) == F(247, 400)


def test_r10_1_forecast_against_a_sleeper_misses_only_on_its_natural_20():
    state, _ = two(b={"attributes": {"agilite": 30}})
    state.fighters["b"].asleep_turns = 1
    assert hit_chance(state, state.fighters["a"], state.fighters["b"], []) == F(19, 20)


def test_r12_2_damage_distribution_and_forecast_expectations():
    state, _ = two(b={"pv": 7})
    dist = damage_distribution(state, state.fighters["a"])
    assert sum(dist.values()) == 1
    assert dist[9] == F(2, 20) * F(1, 6)  # only tête (+3) with a 6
    assert dist[1] == F(10, 20) * F(1, 6)  # bras or jambes with a 1
    [t] = queries.attack_targets(state)
    assert t.cls == "in_range" and t.refusal is None
    fc = t.forecast
    assert fc.hit == F(19, 40)
    assert fc.expected_damage == F(19, 40) * (F(7, 2) + F(2 * 3 + 8 * 1, 20))
    # kill at 7 PV: tête d6 ≥ 4 (1/2), torse d6 = 6 (1/6)
    assert fc.kill == F(19, 40) * (F(2, 20) * F(1, 2) + F(8, 20) * F(1, 6))


def test_dice_sum_distribution_2d6():
    d = dice_sum_distribution(2, 6)
    assert d[7] == F(6, 36) and d[2] == F(1, 36) and sum(d.values()) == 1


def test_r0_4_forecast_agrees_with_the_engine_on_every_face_pair():
    # an adjacent bow (−8, R1.7) with Dextérité 5 against Agilité 2: 400 scripted attacks
    a = {"weapon": BOW, "attributes": {"dexterite": 5, "physique": 2}}
    b = {"attributes": {"agilite": 2}}
    state, _ = two(a=a, b=b)
    [t] = queries.attack_targets(state)
    assert t.cls == "adjacent_ranged"
    assert [m.value for m in t.modifiers] == [-8]
    hits = 0
    for fa in range(1, 21):
        for fd in range(1, 21):
            s, dice = two(a=a, b=b, faces=[fa, fd, 5, 1])
            _, events = play(s, dice, {"kind": "attack", "target": "b"})
            hits += next(e for e in events if e.type == "attacked").hit
    assert t.forecast.hit == F(hits, 400)


def test_r1_attack_targets_classes():
    fighters_more = {
        "c": {"team": "blue", "at": (6, 2)},  # the wall at (3, 1) is in the way: no line of sight
        "d": {"team": "blue", "at": (6, 0)},  # beyond the musket's range of 4: allowed at −8
        "e": {"team": "red", "at": (0, 2)},  # an ally: not listed
    }
    state, _ = two(a={"weapon": MUSKET, "attributes": {"sensoriel": 4}}, b={"at": (1, 1)}, more=fighters_more)
    by_id = {t.target: t for t in queries.attack_targets(state)}
    assert set(by_id) == {"b", "c", "d"}
    assert by_id["b"].cls == "adjacent_ranged" and by_id["b"].refusal is None
    assert by_id["c"].cls == "no_line_of_sight" and by_id["c"].refusal.rule == "R1.6"
    assert by_id["c"].forecast is None
    assert by_id["d"].cls == "beyond_range" and [m.value for m in by_id["d"].modifiers] == [-8]
    assert by_id["d"].forecast.hit == by_id["b"].forecast.hit == F(66, 400)  # both at −8: a − d ≥ 9 in 11 + 10 + … + 1 pairs
    squares = queries.attack_range_squares(state)
    assert squares[(1, 0)] == "adjacent_ranged"
    assert squares[(4, 0)] == "in_range"
    assert squares[(6, 0)] == "beyond_range"
    assert squares[(5, 1)] == "no_line_of_sight"
    assert (3, 1) not in squares  # the wall itself


def test_r5_push_options_chances_and_landings_with_hazards():
    grid = """
..L...
......
"""
    state, _ = two(a={"at": (0, 0)}, b={"at": (1, 0)}, grid=grid)
    [opt] = queries.push_options(state)
    fc = opt.forecast
    # critical: pusher's 20 or pushed's 1 → 1 − (19/20)²; normal: 2 ≤ d < a ≤ 19 → 153 pairs
    assert fc.critical == F(39, 400)
    assert fc.normal == F(153, 400)
    assert fc.fail == F(208, 400)
    assert fc.normal_landing.path == ((1, 0), (2, 0)) and fc.normal_landing.hazard
    assert fc.critical_landing.end == (2, 0) and fc.critical_landing.hazard


def test_r6_teleport_targets():
    state, _ = two(a={"teleport_potions": 1, "attributes": {"magie": 1}, "mana": 5})
    t = queries.teleport_targets(state)
    assert t.potion_refusal is None and t.spell_refusal is None
    assert (3, 1) not in t.potion and (1, 0) not in t.potion and (6, 2) in t.potion
    assert sorted(t.spell) == [(0, 1), (1, 1)]
    assert t.spell_cost == 5
    state, _ = two()
    t = queries.teleport_targets(state)
    assert t.potion == [] and t.potion_refusal.rule == "R6.1" and t.spell_refusal.rule == "R6.2"


TELEPORT_READINGS = [  # R6: the default (water, no sight), no water, the spell in sight only
    RulesSettings(),
    RulesSettings.model_validate({"teleport": {"into_water": False}}),
    RulesSettings.model_validate({"teleport": {"spell_needs_sight": True}}),
]


def test_r6_teleport_targets_are_the_squares_destination_refusal_accepts():
    """The set difference in `teleport_targets` against the refusal, square by square."""
    import random

    from arena_game.core.rules.teleport import destination_refusal

    rng = random.Random(3)
    legend = {"h": {"terrain": "obstacle", "height_cm": 250}}
    for case in range(12):
        rows = random_rows(rng, 8, 6, "......#Ox~L_h")
        free = squares_of(rows)
        if len(free) < 3:
            continue
        a_at, b_at, c_at = rng.sample(free, 3)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "teleport_potions": 1, "attributes": {"magie": 3}, "mana": 9,
                   "magic_effect": case % 2 == 1},
             "b": {"team": "blue", "at": b_at}, "c": {"team": "red", "at": c_at}},
            legend=legend, settings=TELEPORT_READINGS[case % len(TELEPORT_READINGS)],
        )
        f = state.active
        t = queries.teleport_targets(state)
        for means, got in (("potion", t.potion), ("spell", t.spell)):
            want = [sq for sq in state.board.squares()
                    if destination_refusal(state, f, sq, means) is None and not state.board.terrain(sq).dead]
            assert got == want, (means, rows)


def test_r8_circle_attack_squares():
    axe = {"name": "Hache", "family": "two_handed", "damage": "2d6"}
    state, _ = two(a={"at": (1, 1), "weapon": axe}, b={"at": (1, 0)}, more={"c": {"team": "red", "at": (0, 2)}})
    opt = queries.circle_attack_squares(state)
    assert opt.squares == [(1, 0), (0, 2)] and opt.fighters == ["b", "c"] and opt.refusal is None


def test_r7_taunt_options_chances():
    state, _ = two(a={"attributes": {"charisme": 3}, "skills": {"seduction": 2}})
    adv, simple = queries.taunt_options(state)
    assert adv.style == "advantaged" and adv.refusal.rule == "R7.1"
    assert adv.chance == F(11, 20)  # face ≥ 10
    assert simple.refusal is None and simple.chance == F(1, 20)  # face ≥ 20


def test_combat_availability_for_greyed_buttons():
    axe = {"name": "Hache", "family": "two_handed", "damage": "2d6"}
    state, _ = two(a={"at": (0, 0), "weapon": axe}, b={"at": (5, 2)})
    avail = queries.available_actions(state)
    assert avail["attack"].rule == "R1" and "no opponent within reach of Hache" in avail["attack"].reason
    assert avail["circle_attack"].rule == "R8.1"
    assert avail["push"].rule == "R5.1"
    assert avail["teleport"].rule == "R6.1"
    assert avail["taunt"] is None
    assert avail["run_attack"].rule == "R4.1"
    state, _ = two(a={"at": (0, 0), "weapon": axe}, b={"at": (1, 1)})
    avail = queries.available_actions(state)
    assert avail["attack"] is None and avail["circle_attack"] is None and avail["push"] is None
