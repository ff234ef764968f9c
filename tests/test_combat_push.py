"""R5 pushing (Poussée): opposed roll, 1 square, criticals (3 and a fall), stops, hazards."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import Died, Fell, Pushed, PushFailed
from arena_game.core.settings import RulesSettings
from arena_game.i18n.narration import dice_line
from tests.builders import play, tiny_match, types


def pushing(grid, a_at, b_at, faces, a=None, b=None, more=None, **kw):
    fighters = {
        "a": {"team": "red", "at": a_at, **(a or {})},
        "b": {"team": "blue", "at": b_at, **(b or {})},
        **(more or {}),
    }
    return tiny_match(grid, fighters, faces=faces, **kw)


OPEN = """
........
........
........
"""


def test_r5_1_push_one_square_straight_away():
    # Poussée d20 12 + Physique 2 + Corps à corps 1 = 15 against d20 13 + 1 = 14
    state, dice = pushing(
        OPEN, (1, 1), (2, 1), [12, 13],
        a={"attributes": {"physique": 2}, "skills": {"corps_a_corps": 1}},
        b={"attributes": {"physique": 1}},
    )
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert types(events) == ["dice_rolled", "dice_rolled", "pushed"]
    assert dice_line(events[0]) == "Poussée : d20 12 + Physique 2 + Corps à corps 1 = 15"
    assert dice_line(events[1]) == "Poussée (résistance) : d20 13 + Physique 1 + Corps à corps 0 = 14"
    assert events[2] == Pushed(fighter="b", by="a", path=[(2, 1), (3, 1)], fell=False, into="floor")
    assert state.fighters["b"].position == (3, 1)
    assert not state.fighters["b"].fallen
    assert state.budget.acted


def test_r5_1_the_pusher_must_win_strictly():
    state, dice = pushing(OPEN, (1, 1), (2, 1), [12, 12])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1] == PushFailed(fighter="a", target="b")
    assert state.fighters["b"].position == (2, 1)


def test_r5_1_diagonal_push_goes_diagonally_away():
    state, dice = pushing(OPEN, (1, 0), (2, 1), [15, 3])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1].path == [(2, 1), (3, 2)]


def test_r5_2_pusher_critical_success_pushes_3_squares_and_the_pushed_falls():
    state, dice = pushing(OPEN, (0, 1), (1, 1), [20, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[0].roll.critical == "success"
    assert types(events)[-2:] == ["pushed", "fell"]
    assert events[-2] == Pushed(fighter="b", by="a", path=[(1, 1), (2, 1), (3, 1), (4, 1)], fell=True, into="floor")
    assert events[-1] == Fell(fighter="b")
    assert state.fighters["b"].fallen and state.fighters["b"].position == (4, 1)


def test_r5_2_pushed_critical_failure_also_means_3_squares_even_when_totals_lose():
    # a: 3 against b: 1 + Physique 5 = 6, but b's natural 1 is a critical failure (Reading)
    state, dice = pushing(OPEN, (0, 1), (1, 1), [3, 1], b={"attributes": {"physique": 5}})
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[1].roll.critical == "failure"
    assert events[-2].path == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert state.fighters["b"].fallen


def test_r5_2_critical_push_setting_off_needs_the_totals_too():
    settings = RulesSettings.model_validate({"push": {"critical_always_succeeds": False}})
    state, dice = pushing(OPEN, (0, 1), (1, 1), [3, 1], b={"attributes": {"physique": 5}}, settings=settings)
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1] == PushFailed(fighter="a", target="b")


def test_r5_2_the_fallen_fighter_spends_its_next_turn_standing_up():
    state, dice = pushing(OPEN, (0, 1), (1, 1), [20, 5])
    state, _ = play(state, dice, {"kind": "push", "target": "b"}, {"kind": "end_turn"})
    assert state.active.id == "b"
    with pytest.raises(IllegalAction, match=r"^R5\.2"):
        play(state, dice, {"kind": "attack", "target": "a"})
    state, events = play(state, dice, {"kind": "stand_up"})
    assert types(events) == ["stood_up"]
    assert not state.fighters["b"].fallen


def test_r5_3_push_stops_before_walls_pillars_obstacles_and_fighters():
    grid = """
......#.
......O.
......x.
........
"""
    for row, blocker in ((0, (5, 0)), (1, (5, 1)), (2, (5, 2))):
        state, dice = pushing(grid, (2, row), (3, row), [20, 5])
        state, events = play(state, dice, {"kind": "push", "target": "b"})
        assert events[-2].path == [(3, row), (4, row), (5, row)], blocker
        assert state.fighters["b"].position == (5, row)
    state, dice = pushing(grid, (2, 3), (3, 3), [20, 5], more={"c": {"team": "red", "at": (5, 3)}})
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-2].path == [(3, 3), (4, 3)]


def test_r5_3_push_stops_at_the_map_edge():
    state, dice = pushing(OPEN, (5, 1), (6, 1), [20, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-2].path == [(6, 1), (7, 1)]


def test_r5_3_diagonal_push_obeys_r2_2():
    grid = """
.....
.....
..#..
.....
"""
    # b at (1,1) pushed from (0,0) toward (2,2)? That is a wall: stops at once.
    # b at (2,1) pushed from (1,0) toward (3,2): corners (3,1) floor and (2,2) wall → blocked.
    state, dice = pushing(grid, (1, 0), (2, 1), [15, 3])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1] == Pushed(fighter="b", by="a", path=[(2, 1)], fell=False, into="floor")
    assert state.fighters["b"].position == (2, 1)


def test_r5_3_push_into_lava_kills_and_credits_the_pushers_team():
    grid = """
...L.
.....
"""
    state, dice = pushing(grid, (1, 0), (2, 0), [15, 3])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert types(events)[-3:] == ["pushed", "died", "match_ended"]
    assert events[-3] == Pushed(fighter="b", by="a", path=[(2, 0), (3, 0)], fell=False, into="lava")
    assert events[-2] == Died(fighter="b", cause="push_into_hazard", by="a", credited_team="red", at=(3, 0))
    assert state.teams["red"].kills == [("b", state.turn_serial)]
    assert state.winner == "red"


def test_r5_3_a_critical_push_stops_in_the_first_hole():
    grid = """
..._..
......
"""
    state, dice = pushing(grid, (1, 0), (2, 0), [20, 3], more={"c": {"team": "blue", "at": (5, 1)}})
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-2].path == [(2, 0), (3, 0)] and events[-2].into == "hole"
    assert events[-1].type == "died"
    assert "fell" not in types(events)


def test_r5_3_push_into_water_leaves_the_fighter_swimming():
    grid = """
...~~~
......
"""
    state, dice = pushing(grid, (1, 0), (2, 0), [20, 3])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1] == Pushed(fighter="b", by="a", path=[(2, 0), (3, 0), (4, 0), (5, 0)], fell=False, into="water")
    b = state.fighters["b"]
    assert b.position == (5, 0) and not b.fallen and b.alive
    state, _ = play(state, dice, {"kind": "end_turn"})
    with pytest.raises(IllegalAction, match=r"^R2\.3: B is in the water: a fighter in the water moves by swimming"):
        play(state, dice, {"kind": "walk", "to": (5, 1)})


def test_r5_1_push_refusals():
    state, dice = pushing(OPEN, (0, 0), (2, 0), [15, 3])
    with pytest.raises(IllegalAction, match=r"^R5\.1: B at \(2, 0\) is not adjacent"):
        play(state, dice, {"kind": "push", "target": "b"})
    with pytest.raises(IllegalAction, match=r"^R5\.1: A cannot push themselves"):
        play(state, dice, {"kind": "push", "target": "a"})
    assert dice.position == 0


def test_r5_1_an_adjacent_ally_can_be_pushed_too():
    # R5.1 says "an adjacent fighter": the core lets a teammate be pushed, and the prompt says so.
    from arena_game.core.queries import push_options
    from arena_game.i18n import t

    state, dice = pushing(OPEN, (1, 1), (5, 1), [15, 3], more={"c": {"team": "red", "at": (2, 1)}})
    assert [o.target for o in push_options(state)] == ["c"]
    assert push_options(state, include_allies=False) == []  # what the bots ask: foes only
    state, events = play(state, dice, {"kind": "push", "target": "c"})
    assert events[-1] == Pushed(fighter="c", by="a", path=[(2, 1), (3, 1)], fell=False, into="floor")
    assert state.fighters["c"].position == (3, 1)
    for lang, ally, opponent in (("fr", "allié", "adversaire"), ("en", "ally", "opponent")):
        prompt = t("ui.mode_push", lang)
        assert ally in prompt and opponent in prompt


def test_r5_3_reading_off_corners_do_not_stop_a_diagonal_push():
    # push.diagonal_corners_stop = false: the wall corner at (2, 2) no longer stops b.
    grid = """
.....
.....
..#..
.....
"""
    settings = RulesSettings.model_validate({"push": {"diagonal_corners_stop": False}})
    state, dice = pushing(grid, (1, 0), (2, 1), [15, 3], settings=settings)
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert events[-1] == Pushed(fighter="b", by="a", path=[(2, 1), (3, 2)], fell=False, into="floor")
    assert state.fighters["b"].position == (3, 2)


def test_r5_3_reading_off_water_stops_a_push_like_a_wall():
    # push.into_water = false: the critical push stops on the floor before the water, and b falls.
    grid = """
...~~~
......
"""
    settings = RulesSettings.model_validate({"push": {"into_water": False}})
    state, dice = pushing(grid, (1, 0), (2, 0), [20, 3], settings=settings)
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert types(events)[-2:] == ["pushed", "fell"]
    assert events[-2] == Pushed(fighter="b", by="a", path=[(2, 0)], fell=True, into="floor")
    assert state.fighters["b"].position == (2, 0) and state.fighters["b"].fallen
