"""R0.4 attacks, R0.7 deaths, R11 kills, R12.2 locations, R1 ranges and R1.6 line of sight."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import Attacked, Damaged, Died, MatchEnded
from arena_game.core.rules.ranges import classify_target, sight_blocker, sight_cells
from arena_game.i18n.narration import dice_line
from tests.builders import play, tiny_board, tiny_match, types

SWORD = {"name": "Épée", "family": "melee", "damage": "1d8+1"}
BOW = {"name": "Arc", "family": "bow", "range": 2, "damage": "1d6"}
MUSKET = {"name": "Mousquet", "family": "firearm", "range": 2, "damage": "2d6"}
KNIFE = {"name": "Couteau", "family": "thrown", "damage": "1d4"}


def duel(grid, a_at, b_at, faces, a=None, b=None, **kw):
    fighters = {
        "a": {"team": "red", "at": a_at, **(a or {})},
        "b": {"team": "blue", "at": b_at, **(b or {})},
    }
    fighters.update(kw.pop("more", {}))
    return tiny_match(grid, fighters, faces=faces, **kw)


ROW = """
......
......
"""


def test_r0_4_attack_hits_when_strictly_higher_and_rolls_location_then_damage():
    # attack d20 12 + Dex 2 + Arme 1 = 15 ; dodge d20 9 + Agi 3 + Esquive 2 = 14 → hit
    # location d20 1 → tête (+3); damage d8 5 + arme 1 + tête 3 = 9
    state, dice = duel(
        ROW, (0, 0), (1, 0), [12, 9, 1, 5],
        a={"attributes": {"dexterite": 2}, "skills": {"weapons": {"melee": 1}}, "weapon": SWORD},
        b={"attributes": {"agilite": 3}, "skills": {"esquive": 2}},
    )
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert types(events) == ["dice_rolled", "dice_rolled", "attacked", "dice_rolled", "dice_rolled", "damaged"]
    assert dice_line(events[0]) == "Attaque : d20 12 + Dextérité 2 + Compétence d'arme (mêlée) 1 = 15"
    assert dice_line(events[1]) == "Esquive : d20 9 + Agilité 3 + Esquive 2 = 14"
    assert events[2] == Attacked(attacker="a", target="b", attack_total=15, dodge_total=14, hit=True)
    assert events[3].roll.purpose == "location" and events[3].roll.face == 1
    assert dice_line(events[4]) == "Dégâts : d8 5 + arme 1 + localisation (tête) 3 = 9"
    assert events[5] == Damaged(fighter="b", amount=9, location="tête", pv=11, by="a")
    assert state.fighters["b"].pv == 11
    assert state.budget.acted


def test_r0_4_tie_goes_to_the_dodger():
    state, dice = duel(ROW, (0, 0), (1, 0), [10, 10])
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert types(events) == ["dice_rolled", "dice_rolled", "attacked"]
    assert events[2].hit is False
    assert state.fighters["b"].pv == 20


def test_r0_4_criticals_do_not_change_the_comparison():
    # a natural 20 attack still needs to beat the dodge total (R0.4 Reading)
    state, dice = duel(ROW, (0, 0), (1, 0), [20, 15], b={"attributes": {"agilite": 6}})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert events[0].roll.critical == "success"
    assert events[2].hit is False


def test_r12_2_location_table_legs_give_no_bonus_and_several_damage_dice():
    state, dice = duel(ROW, (0, 0), (1, 0), [15, 2, 18, 3, 6], a={"weapon": {"name": "Masse", "family": "melee", "damage": "2d6"}})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert dice_line(events[4]) == "Dégâts : d6 3 + deuxième d6 6 + localisation (jambes) 0 = 9"
    assert events[5] == Damaged(fighter="b", amount=9, location="jambes", pv=11, by="a")


def test_r0_7_death_leaves_the_board_credits_the_team_and_ends_the_match():
    state, dice = duel(ROW, (0, 0), (1, 0), [15, 2, 5, 8], a={"weapon": SWORD}, b={"pv": 9})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert types(events)[-3:] == ["damaged", "died", "match_ended"]
    assert events[-3].pv == -1
    assert events[-2] == Died(fighter="b", cause="attack", by="a", credited_team="red", at=(1, 0))
    assert events[-1] == MatchEnded(winner="red", reason="last_team_standing")
    assert not state.fighters["b"].alive
    assert state.fighter_at((1, 0)) is None
    assert state.teams["red"].kills == [("b", state.turn_serial)]
    assert state.over and state.winner == "red"


def test_r0_7_match_goes_on_while_two_teams_live():
    state, dice = duel(
        ROW, (0, 0), (1, 0), [15, 2, 5, 8], a={"weapon": SWORD}, b={"pv": 5},
        more={"c": {"team": "blue", "at": (5, 1)}},
    )
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert types(events)[-2:] == ["damaged", "died"]
    assert not state.over


def test_r0_6_one_action_per_turn():
    state, dice = duel(ROW, (0, 0), (1, 0), [1, 20])
    state, _ = play(state, dice, {"kind": "attack", "target": "b"})
    with pytest.raises(IllegalAction, match=r"^R0\.6: A has already acted this turn"):
        play(state, dice, {"kind": "attack", "target": "b"})


def test_r2_1_walk_then_attack():
    state, dice = duel(ROW, (0, 0), (2, 0), [11, 10, 12, 2])
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)}, {"kind": "attack", "target": "b"})
    assert types(events) == ["moved", "dice_rolled", "dice_rolled", "attacked", "dice_rolled", "dice_rolled", "damaged"]
    assert events[-1].amount == 2


def test_r2_4_attack_after_a_jump_has_minus_15():
    grid = """
.x...
.....
"""
    # jump: acrobatie d20 19 ≥ 10 (100 cm ÷ 10); attack d20 20 − 15 = 5 vs dodge 4 → hit
    state, dice = duel(grid, (0, 0), (3, 0), [19, 20, 4, 12, 3], a={"weapon": SWORD})
    state, events = play(state, dice, {"kind": "jump", "over": (1, 0)}, {"kind": "attack", "target": "b"})
    att = [e for e in events if e.type == "dice_rolled" and e.roll.purpose == "attack"][0]
    assert dice_line(att) == "Attaque : d20 20 + Dextérité 0 + Compétence d'arme (mêlée) 0 − 15 (malus : Acrobatie) = 5 [réussite critique]"
    assert [e for e in events if e.type == "attacked"][0].hit is True


def test_r10_1_a_sleeping_target_dodges_only_on_a_critical_success():
    state, dice = duel(ROW, (0, 0), (1, 0), [2, 19, 3, 1, 2, 20], b={"attributes": {"agilite": 10}})
    state.fighters["b"].asleep_turns = 2
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert [e for e in events if e.type == "attacked"][0].hit is True  # 2 against 29: still a hit
    assert state.fighters["b"].pv == 18  # d6 1 + torse 1
    state, _ = play(state, dice, {"kind": "end_turn"})  # b sleeps: a again
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert [e for e in events if e.type == "attacked"][0].hit is False  # natural 20 dodges


def test_r9_1_attacking_oneself_is_refused_without_a_magic_effect():
    state, dice = duel(ROW, (0, 0), (1, 0), [10, 10])
    with pytest.raises(IllegalAction, match=r"^R9\.1: A may not attack themselves"):
        play(state, dice, {"kind": "attack", "target": "a"})
    assert dice.position == 0


def test_r9_2_allowed_suicide_is_lost_for_good_unless_spared():
    from arena_game.core.settings import RulesSettings

    settings = RulesSettings.model_validate({"teams": {"suicide_allowed": True}})
    state, dice = duel(
        ROW, (0, 0), (3, 0), [15, 2, 5, 8], a={"weapon": SWORD, "pv": 3},
        more={"c": {"team": "red", "at": (0, 1)}}, settings=settings,
    )
    state, events = play(state, dice, {"kind": "attack", "target": "a"})
    assert types(events)[5:8] == ["damaged", "died", "turn_ended"]
    assert events[6] == Died(fighter="a", cause="suicide", by=None, credited_team=None, at=(0, 0))
    assert state.suicide_pending == "a" and state.lost_for_good == []
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": False})
    assert types(events) == ["lost_for_good"]
    assert state.lost_for_good == ["a"]
    assert state.teams["blue"].kills == [] and state.teams["red"].kills == []
    assert state.active.id == "b"


def test_r9_1_under_a_magic_effect_self_harm_is_no_suicide():
    state, dice = duel(
        ROW, (0, 0), (3, 0), [15, 2, 5, 8], a={"weapon": SWORD, "pv": 3, "magic_effect": True},
        more={"c": {"team": "red", "at": (0, 1)}},
    )
    state, events = play(state, dice, {"kind": "attack", "target": "a"})
    assert "lost_for_good" not in types(events)
    assert state.lost_for_good == []
    assert [e for e in events if e.type == "died"][0].cause == "attack"


# -- R1 ranges --------------------------------------------------------------------------

LONG = """
.........
.........
"""


def test_r1_1_melee_only_adjacent():
    state, dice = duel(LONG, (0, 0), (2, 0), [10, 10])
    with pytest.raises(IllegalAction, match=r"^R1\.1: B is not adjacent: Poings is a melee weapon"):
        play(state, dice, {"kind": "attack", "target": "b"})


def test_r1_2_bow_range_is_physique_plus_arme_never_beyond():
    a = {"weapon": BOW, "attributes": {"physique": 3}}  # reach 5
    state, dice = duel(LONG, (0, 0), (5, 1), [11, 10, 12, 4], a=a)
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert dice_line(events[0]) == "Attaque : d20 11 + Dextérité 0 + Compétence d'arme (arc / arbalète) 0 = 11"
    assert events[2].hit is True
    state, dice = duel(LONG, (0, 0), (6, 0), [11, 10], a=a)
    with pytest.raises(IllegalAction, match=r"^R1\.2: B is 6 squares away, beyond Arc's range of 5"):
        play(state, dice, {"kind": "attack", "target": "b"})


def test_r1_3_firearm_beyond_range_at_minus_8():
    a = {"weapon": MUSKET, "attributes": {"sensoriel": 2}}  # reach 4
    state, dice = duel(LONG, (0, 0), (8, 0), [19, 10, 12, 4, 4], a=a)
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert dice_line(events[0]) == (
        "Attaque : d20 19 + Dextérité 0 + Compétence d'arme (arme à feu) 0 − 8 (malus : hors de portée) = 11"
    )
    assert events[2].hit is True
    assert events[-1].amount == 8


def test_r1_5_throw_range_is_physique():
    a = {"weapon": KNIFE, "attributes": {"physique": 2}}
    state, dice = duel(LONG, (0, 0), (3, 0), [11, 10], a=a)
    with pytest.raises(IllegalAction, match=r"^R1\.5: .*beyond Couteau's range of 2"):
        play(state, dice, {"kind": "attack", "target": "b"})


def test_r1_7_ranged_weapon_against_adjacent_target_minus_8():
    state, dice = duel(LONG, (0, 0), (1, 1), [20, 11], a={"weapon": BOW, "attributes": {"physique": 3}})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert events[0].roll.modifiers[0].source == "ranged_adjacent"
    assert events[0].roll.total == 12
    assert events[2].hit is True


def test_r1_6_walls_and_pillars_block_the_shot_fighters_do_not():
    grid = """
.........
....#....
.........
"""
    a = {"weapon": BOW, "attributes": {"physique": 6}}
    state, dice = duel(grid, (0, 1), (8, 1), [11, 10], a=a, more={"c": {"team": "blue", "at": (2, 1)}})
    with pytest.raises(IllegalAction, match=r"^R1\.6: no line of sight to B: the wall at \(4, 1\) is in the way"):
        play(state, dice, {"kind": "attack", "target": "b"})
    # the fighter c on the line does not block a shot at the square before the wall
    state, dice = duel(grid, (0, 1), (3, 1), [11, 10], a=a, more={"c": {"team": "blue", "at": (2, 1)}})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert events[2].type == "attacked"


def test_r1_6_obstacles_block_only_when_taller_than_the_shooter():
    grid = """
..x..
"""
    low = tiny_board(grid)  # obstacle 100 cm
    tall = tiny_board(grid, legend={"x": {"terrain": "obstacle", "height_cm": 200}})
    assert sight_blocker(low, (0, 0), (4, 0), 175) is None
    assert sight_blocker(tall, (0, 0), (4, 0), 175) == (2, 0)
    assert sight_blocker(low, (0, 0), (4, 0), 90) == (2, 0)
    assert sight_blocker(low, (0, 0), (4, 0), 100) is None  # as tall as the shooter: seen over


def test_r1_6_sight_line_is_the_supercover_of_the_centre_segment():
    assert sight_cells((0, 0), (4, 0)) == [((1, 0),), ((2, 0),), ((3, 0),)]
    # (0,0)→(3,1) passes exactly through the corner (1.5, 0.5) between (1,0) and (2,1)
    assert sight_cells((0, 0), (3, 1)) == [((1, 0),), ((2, 0), (1, 1)), ((2, 1),)]
    assert sight_cells((0, 0), (2, 2)) == [((1, 0), (0, 1)), ((1, 1),), ((2, 1), (1, 2))]
    # (0,0)→(4,2): y = x/2 crosses row 1 at x = 1, inside column 1
    assert sight_cells((0, 0), (4, 2)) == [((1, 0),), ((1, 1),), ((2, 1),), ((3, 1),), ((3, 2),)]
    # symmetric: the same squares both ways
    a, b = (1, 5), (7, 2)
    flat = {sq for cell in sight_cells(a, b) for sq in cell}
    back = {sq for cell in sight_cells(b, a) for sq in cell}
    assert flat == back


def test_r1_6_a_corner_touch_blocks_only_between_two_blockers():
    one = tiny_board("""
.#.
...
...
""")
    two = tiny_board("""
.#.
#..
...
""")
    assert sight_blocker(one, (0, 0), (2, 2), 175) is None
    assert sight_blocker(two, (0, 0), (2, 2), 175) == (1, 0)


def test_r1_6_line_of_sight_setting_off_lets_every_shot_through():
    from arena_game.core.settings import RulesSettings

    grid = """
.....
..#..
.....
"""
    board = tiny_board(grid)
    state, _ = duel(grid, (0, 1), (4, 1), [], a={"weapon": BOW, "attributes": {"physique": 4}})
    sheet = state.fighters["a"].sheet
    assert classify_target(board, sheet, (0, 1), (4, 1), True).cls == "no_line_of_sight"
    assert classify_target(board, sheet, (0, 1), (4, 1), False).cls == "in_range"
    off = RulesSettings.model_validate({"combat": {"line_of_sight": False}})
    state, dice = duel(grid, (0, 1), (4, 1), [11, 10], a={"weapon": BOW, "attributes": {"physique": 4}}, settings=off)
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert events[2].type == "attacked"


def test_r0_4_refused_attack_changes_nothing():
    state, dice = duel(LONG, (0, 0), (5, 0), [10, 10])
    with pytest.raises(IllegalAction):
        play(state, dice, {"kind": "attack", "target": "b"})
    with pytest.raises(IllegalAction, match="no fighter 'zz'"):
        play(state, dice, {"kind": "attack", "target": "zz"})
    assert dice.position == 0 and not state.budget.acted
