"""R8 circle attack with a two-handed or very long weapon."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import Attacked, Damaged
from arena_game.core.rules.circle import halving_split
from arena_game.i18n.narration import dice_line
from tests.builders import play, tiny_match, types

AXE = {"name": "Hache à deux mains", "family": "two_handed", "damage": "2d6+1"}
GRID = """
.....
.....
.....
"""


def ring(faces, settings=None, **extra):
    fighters = {
        "a": {"team": "red", "at": (2, 1), "weapon": AXE},
        "b": {"team": "blue", "at": (2, 0)},
        "c": {"team": "red", "at": (3, 1)},  # an ally: dodges too
        "d": {"team": "blue", "at": (1, 2), "attributes": {"agilite": 4}},
        **extra,
    }
    kw = {"settings": settings} if settings else {}
    return tiny_match(GRID, fighters, faces=faces, **kw)


def test_r8_2_halving_split():
    assert halving_split(9, 1) == [9]
    assert halving_split(9, 2) == [5, 4]
    assert halving_split(9, 3) == [5, 2, 2]
    assert halving_split(10, 3) == [5, 3, 2]
    assert halving_split(1, 3) == [1, 0, 0]
    for total in range(0, 30):
        for n in range(1, 6):
            s = halving_split(total, n)
            assert sum(s) == total and s == sorted(s, reverse=True)


def test_r8_1_one_attack_roll_everyone_around_dodges_r8_2_shared_r8_3_one_location():
    # attack d20 14; b dodges 10 (hit), c 14 (tie: dodged), d 9 + 4 = 13 (hit)
    # location d20 1 = tête, but no location bonus (R8.3); damage 2d6+1 = 4 + 5 + 1 = 10
    state, dice = ring([14, 10, 14, 9, 1, 4, 5])
    order = [(2, 0), (3, 1), (1, 2)]
    state, events = play(state, dice, {"kind": "circle_attack", "order": order})
    assert types(events) == [
        "dice_rolled", "dice_rolled", "attacked", "dice_rolled", "attacked", "dice_rolled", "attacked",
        "dice_rolled", "dice_rolled", "damaged", "damaged",
    ]
    assert events[0].roll.purpose == "circle_attack"
    assert [e for e in events if e.type == "attacked"] == [
        Attacked(attacker="a", target="b", attack_total=14, dodge_total=10, hit=True, mode="circle"),
        Attacked(attacker="a", target="c", attack_total=14, dodge_total=14, hit=False, mode="circle"),
        Attacked(attacker="a", target="d", attack_total=14, dodge_total=13, hit=True, mode="circle"),
    ]
    assert dice_line(events[8]) == "Dégâts (cercle) : d6 4 + deuxième d6 5 + arme 1 = 10"
    assert events[9:] == [
        Damaged(fighter="b", amount=5, location="tête", pv=15, by="a"),
        Damaged(fighter="d", amount=5, location="tête", pv=15, by="a"),
    ]


def test_r8_2_the_declared_order_decides_the_shares():
    state, dice = ring([19, 1, 1, 1, 12, 6, 6])  # all hit, damage 13
    order = [(1, 2), (3, 1), (2, 0)]
    state, events = play(state, dice, {"kind": "circle_attack", "order": order})
    assert [(e.fighter, e.amount) for e in events if e.type == "damaged"] == [("d", 7), ("c", 3), ("b", 3)]


def test_r8_2_the_players_own_split_non_increasing_and_adding_up():
    state, dice = ring([19, 1, 1, 1, 12, 6, 6])
    order = [(1, 2), (3, 1), (2, 0)]
    state, events = play(state, dice, {"kind": "circle_attack", "order": order, "split": [11, 2, 0]})
    assert [(e.fighter, e.amount) for e in events if e.type == "damaged"] == [("d", 11), ("c", 2)]


def test_r8_2_a_split_that_does_not_fit_the_roll_is_refused_and_the_dice_rewound():
    state, dice = ring([19, 1, 1, 1, 12, 6, 6])
    order = [(1, 2), (3, 1), (2, 0)]
    with pytest.raises(IllegalAction, match=r"^R8\.2: the split \[7, 5\] does not share 13 damage among the 3"):
        play(state, dice, {"kind": "circle_attack", "order": order, "split": [7, 5]})
    assert dice.position == 0 and state.fighters["d"].pv == 20
    with pytest.raises(IllegalAction, match=r"^R8\.2: the split \[3, 5, 5\] is not in decreasing order"):
        play(state, dice, {"kind": "circle_attack", "order": order, "split": [3, 5, 5]})


def test_r8_1_order_must_name_every_fighter_around_and_only_adjacent_squares():
    state, dice = ring([19])
    with pytest.raises(IllegalAction, match=r"^R8\.1: every fighter around must be in the round: C at \(3, 1\) is missing"):
        play(state, dice, {"kind": "circle_attack", "order": [(2, 0), (1, 2)]})
    with pytest.raises(IllegalAction, match=r"^R8\.1: \(4, 1\) is not adjacent to A"):
        play(state, dice, {"kind": "circle_attack", "order": [(2, 0), (1, 2), (3, 1), (4, 1)]})
    with pytest.raises(IllegalAction, match=r"^R8\.1: \(2, 0\) is named twice"):
        play(state, dice, {"kind": "circle_attack", "order": [(2, 0), (2, 0), (1, 2), (3, 1)]})
    # empty squares may be part of the round
    state, events = play(state, dice, {"kind": "circle_attack", "order": [(1, 0), (2, 0), (3, 1), (1, 2)]})
    assert len([e for e in events if e.type == "attacked"]) == 3


def test_r8_1_needs_a_two_handed_weapon():
    fighters = {"a": {"team": "red", "at": (2, 1)}, "b": {"team": "blue", "at": (2, 0)}}
    state, dice = tiny_match(GRID, fighters, faces=[19])
    with pytest.raises(IllegalAction, match=r"^R8\.1: a circle attack needs a two-handed or very long weapon, not Poings"):
        play(state, dice, {"kind": "circle_attack", "order": [(2, 0)]})


def test_r8_circle_kills_are_credited_only_against_opponents():
    state, dice = ring([19, 1, 1, 1, 12, 6, 6], c={"team": "red", "at": (3, 1), "pv": 2})
    state, events = play(state, dice, {"kind": "circle_attack", "order": [(3, 1), (2, 0), (1, 2)]})
    died = [e for e in events if e.type == "died"]
    assert len(died) == 1 and died[0].fighter == "c" and died[0].credited_team is None
    assert state.teams["red"].kills == []
