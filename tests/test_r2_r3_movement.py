"""R2.1 walk, R2.2 diagonals, R2.3 swim, R2.4 jump, R2.5/R9.1 dead squares, R3 flee."""

import pytest

from arena_game.core import IllegalAction, apply
from arena_game.core.rules.budget import action_refusal
from arena_game.core.settings import FleeSettings, MovementSettings, RulesSettings, TeamSettings
from arena_game.i18n.narration import dice_line
from tests.builders import play, tiny_match, types

FAR = (5, 5)


def _solo(grid, at, faces=None, settings=None, **sheet):
    """`a` (red) alone at `at`, `b` (blue) far away in the bottom-right corner."""
    rows = grid.strip("\n").split("\n")
    corner = (len(rows[0]) - 1, len(rows) - 1)
    fighters = {"a": {"team": "red", "at": at, **sheet}, "b": {"team": "blue", "at": corner}}
    kw = {"settings": settings} if settings else {}
    return tiny_match(grid, fighters, faces=faces, **kw)


def _refused(state, dice, action, message):
    with pytest.raises(IllegalAction) as err:
        apply(state, action, dice)
    assert str(err.value) == message
    return err.value


# -- R2.1 walk ---------------------------------------------------------------------------------


def test_r2_1_walk_one_square_then_end_turn():
    state, dice = _solo("...\n...", (0, 0))
    state, events = play(state, dice, {"kind": "walk", "to": (1, 1)}, {"kind": "end_turn"})
    assert types(events) == ["moved", "turn_ended", "turn_started"]
    assert (events[0].fighter, events[0].path, events[0].mode) == ("a", [(0, 0), (1, 1)], "walk")
    assert state.fighters["a"].position == (1, 1) and state.active.id == "b"


def test_r2_1_walk_only_to_an_adjacent_square():
    state, dice = _solo("....\n....", (0, 0))
    _refused(state, dice, {"kind": "walk", "to": (2, 0)}, "R2.1: (2, 0) is not adjacent to (0, 0)")
    _refused(state, dice, {"kind": "walk", "to": (0, 0)}, "R2.1: (0, 0) is not adjacent to (0, 0)")


def test_r2_1_walk_refused_into_walls_pillars_fighters_and_off_the_map():
    fighters = {"a": {"team": "red", "at": (1, 1)}, "c": {"team": "red", "at": (2, 2)},
                "b": {"team": "blue", "at": (3, 2)}}
    state, dice = tiny_match("#O..\n....\n....", fighters)
    _refused(state, dice, {"kind": "walk", "to": (0, 0)}, "R13: (0, 0) is a wall")
    _refused(state, dice, {"kind": "walk", "to": (1, 0)}, "R13: (1, 0) is a pillar")
    _refused(state, dice, {"kind": "walk", "to": (2, 2)}, "R2.1: (2, 2) is occupied by C")
    state, dice = _solo("..\n..", (0, 0))
    _refused(state, dice, {"kind": "walk", "to": (-1, 0)}, "R13: (-1, 0) is outside the map")


def test_r2_1_walk_into_an_obstacle_is_refused():
    state, dice = _solo(".x.\n...", (0, 0))
    _refused(state, dice, {"kind": "walk", "to": (1, 0)}, "R2.4: the obstacle at (1, 0) can only be jumped over")


# -- R2.2 diagonals --------------------------------------------------------------------------------

DIAG = """
......
......
......
......
......
......
"""


def _diag(symbol):
    rows = [list(r) for r in DIAG.strip().split("\n")]
    rows[4][3] = symbol  # the square (3, 4)
    return "\n".join("".join(r) for r in rows)


def test_r2_2_diagonal_step_blocked_by_a_wall_corner():
    state, dice = _solo(_diag("#"), (2, 4))
    _refused(state, dice, {"kind": "walk", "to": (3, 5)}, "R2.2: diagonal step blocked by the wall at (3, 4)")
    _refused(state, dice, {"kind": "walk", "to": (3, 3)}, "R2.2: diagonal step blocked by the wall at (3, 4)")


@pytest.mark.parametrize("symbol,name", [("L", "lava"), ("%", "acid"), ("_", "hole")])
def test_r2_2_diagonal_step_blocked_by_a_dead_square(symbol, name):
    state, dice = _solo(_diag(symbol), (2, 4))
    _refused(state, dice, {"kind": "walk", "to": (3, 5)}, f"R2.2: diagonal step blocked by the {name} at (3, 4)")


@pytest.mark.parametrize("symbol", ["O", "x", "~"])
def test_r2_2_pillars_obstacles_and_water_do_not_block_diagonals(symbol):
    state, dice = _solo(_diag(symbol), (2, 4))
    state, events = play(state, dice, {"kind": "walk", "to": (3, 5)})
    assert events[0].path == [(2, 4), (3, 5)]


def test_r2_2_the_other_corner_blocks_too():
    state, dice = _solo(_diag("#"), (3, 5))
    # (3, 5) → (2, 4): the corners are (2, 5) and (3, 4).
    _refused(state, dice, {"kind": "walk", "to": (2, 4)}, "R2.2: diagonal step blocked by the wall at (3, 4)")


def test_r2_2_a_fighter_in_the_corner_does_not_block():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "c": {"team": "red", "at": (1, 0)},
                "b": {"team": "blue", "at": (3, 3)}}
    state, dice = tiny_match("....\n....\n....\n....", fighters)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 1)})
    assert types(events) == ["moved"]


# -- R2.3 swim -----------------------------------------------------------------------------------

POOL = "~~~~~~.\n......."


def test_r2_3_swim_one_square_per_full_ten():
    # Physique 2 + Nage 3 + face 15 = 20: two squares of the declared five.
    state, dice = _solo(".~~~~~.\n.......", (0, 0), faces=[15],
                        attributes={"physique": 2}, skills={"nage": 3})
    path = [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    state, events = play(state, dice, {"kind": "swim", "path": path})
    assert types(events) == ["dice_rolled", "swim_rolled", "moved"]
    assert dice_line(events[0]) == "Nage : d20 15 + Physique 2 + Nage 3 = 20"
    assert events[1].squares == 2
    assert (events[2].path, events[2].mode) == ([(0, 0), (1, 0), (2, 0)], "swim")
    assert state.fighters["a"].position == (2, 0)


def test_r2_3_swim_total_19_gives_one_square():
    state, dice = _solo(".~~~~~.\n.......", (0, 0), faces=[19])
    state, events = play(state, dice, {"kind": "swim", "path": [(1, 0), (2, 0)]})
    assert events[1].squares == 1 and state.fighters["a"].position == (1, 0)


def test_r2_3_swim_below_ten_goes_nowhere_and_spends_the_move():
    state, dice = _solo(".~~.\n....", (0, 0), faces=[9])
    state, events = play(state, dice, {"kind": "swim", "path": [(1, 0)]})
    assert types(events) == ["dice_rolled", "swim_rolled"] and events[1].squares == 0
    assert state.fighters["a"].position == (0, 0)
    _refused(state, dice, {"kind": "walk", "to": (1, 1)}, "R0.6: A has already moved this turn")


def test_r2_3_no_action_after_swimming():
    state, dice = _solo(".~~.\n....", (0, 0), faces=[12])
    state, _ = play(state, dice, {"kind": "swim", "path": [(1, 0)]})
    assert str(action_refusal(state, state.active)) == "R2.3: a swimmer performs no action in a turn spent swimming"


def test_r2_3_swim_squares_per_is_a_setting():
    settings = RulesSettings(movement=MovementSettings(swim_squares_per=5))
    state, dice = _solo(".~~~~~.\n.......", (0, 0), faces=[12], settings=settings)
    state, events = play(state, dice, {"kind": "swim", "path": [(1, 0), (2, 0), (3, 0)]})
    assert events[1].squares == 2


def test_r2_3_climbing_out_ends_the_swim():
    state, dice = _solo("~~.\n...", (1, 0), faces=[10])
    state, events = play(state, dice, {"kind": "swim", "path": [(2, 0)]})
    assert events[2].path == [(1, 0), (2, 0)] and state.fighters["a"].position == (2, 0)


def test_r2_3_climbing_out_must_be_the_last_square():
    state, dice = _solo("~~.~\n....", (1, 0))
    _refused(state, dice, {"kind": "swim", "path": [(2, 0), (3, 0)]},
             "R2.3: climbing out at (2, 0) ends the swim: it must be the last square")


def test_r2_3_water_is_entered_by_swimming_not_walking():
    state, dice = _solo(".~.\n...", (0, 0))
    _refused(state, dice, {"kind": "walk", "to": (1, 0)}, "R2.3: the water at (1, 0) is entered by swimming")


def test_r2_3_a_fighter_in_the_water_moves_by_swimming():
    state, dice = _solo(".~.\n...", (1, 0))
    _refused(state, dice, {"kind": "walk", "to": (2, 0)}, "R2.3: A is in the water: a fighter in the water moves by swimming")


def test_r2_3_a_swim_starts_in_or_into_water():
    state, dice = _solo(".~.\n...", (0, 1))
    _refused(state, dice, {"kind": "swim", "path": [(1, 1)]}, "R2.3: A is not in the water and (1, 1) is not water")


def test_r2_3_a_fighter_in_the_water_may_act_without_moving():
    state, dice = _solo(".~.\n...", (1, 0))
    assert action_refusal(state, state.active) is None


def test_r2_3_swim_path_steps_must_be_adjacent():
    state, dice = _solo(".~~~\n....", (0, 0))
    _refused(state, dice, {"kind": "swim", "path": [(1, 0), (3, 0)]}, "R2.1: (3, 0) is not adjacent to (1, 0)")


# -- R2.4 jump -----------------------------------------------------------------------------------

JUMPERS = {
    "a": {"team": "red", "at": (0, 0), "skills": {"acrobatie": 3}, "attributes": {"agilite": 2}},
    "b": {"team": "blue", "at": (1, 0), "height_cm": 175},
}


def test_r2_4_jump_over_an_opponent_lands_beyond():
    state, dice = tiny_match("....\n....", JUMPERS, faces=[12])  # 12 + 5 = 17 ≥ 175 ÷ 10
    state, events = play(state, dice, {"kind": "jump", "over": (1, 0)})
    assert types(events) == ["dice_rolled", "jump_attempted", "moved"]
    assert dice_line(events[0]) == "Acrobatie : d20 12 + Acrobatie 3 + Agilité 2 = 17"
    j = events[1]
    assert (j.over, j.landing, j.difficulty, j.success) == ((1, 0), (2, 0), 17, True)
    assert (events[2].path, events[2].mode) == ([(0, 0), (2, 0)], "jump")
    assert state.fighters["a"].position == (2, 0)
    assert state.budget.acrobatics  # R2.4: attacks this turn at −15
    assert action_refusal(state, state.active) is None  # then optionally one action
    _refused(state, dice, {"kind": "walk", "to": (3, 0)}, "R0.6: A has already moved this turn")


def test_r2_4_failed_jump_stays_and_spends_the_move():
    state, dice = tiny_match("....\n....", JUMPERS, faces=[11])  # 16 < 17
    state, events = play(state, dice, {"kind": "jump", "over": (1, 0)})
    assert types(events) == ["dice_rolled", "jump_attempted"] and not events[1].success
    assert state.fighters["a"].position == (0, 0)
    assert state.budget.acrobatics and state.budget.move_spent
    _refused(state, dice, {"kind": "walk", "to": (0, 1)}, "R0.6: A has already moved this turn")
    assert action_refusal(state, state.active) is None


def test_r2_4_failed_jump_keeps_the_move_when_the_reading_is_off():
    settings = RulesSettings(movement=MovementSettings(jump_fail_spends_move=False))
    state, dice = tiny_match("....\n....", JUMPERS, faces=[11], settings=settings)
    state, _ = play(state, dice, {"kind": "jump", "over": (1, 0)})
    state, events = play(state, dice, {"kind": "walk", "to": (0, 1)})
    assert types(events) == ["moved"] and state.budget.acrobatics


def test_r2_4_jump_over_an_obstacle_difficulty_is_its_height():
    state, dice = tiny_match("x..\n.x.\n...", {"a": {"team": "red", "at": (0, 1)},
                                               "b": {"team": "blue", "at": (2, 2)}}, faces=[10])
    state, events = play(state, dice, {"kind": "jump", "over": (1, 1)})
    assert (events[1].difficulty, events[1].success) == (10, True)  # 100 cm ÷ 10
    assert state.fighters["a"].position == (2, 1)


def test_r2_4_jump_refusals():
    fighters = {
        "a": {"team": "red", "at": (1, 1)}, "c": {"team": "red", "at": (0, 1)},
        "b": {"team": "blue", "at": (1, 0)}, "d": {"team": "blue", "at": (2, 1)},
        "e": {"team": "blue", "at": (2, 2)},
    }
    state, dice = tiny_match("...#\n...#\n...#\n...#", fighters)
    _refused(state, dice, {"kind": "jump", "over": (0, 1)}, "R2.4: C is a teammate: one jumps over an opponent or an object")
    _refused(state, dice, {"kind": "jump", "over": (1, 2)}, "R2.4: there is no opponent or obstacle to jump over at (1, 2)")
    _refused(state, dice, {"kind": "jump", "over": (1, 0)}, "R2.4: the landing square (1, -1) is outside the map")
    _refused(state, dice, {"kind": "jump", "over": (2, 1)}, "R2.4: the landing square (3, 1) is not walkable (wall)")
    _refused(state, dice, {"kind": "jump", "over": (3, 3)}, "R2.4: (3, 3) is not adjacent to A")
    assert dice.position == 0


def test_r2_4_landing_must_be_free_and_walkable():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)},
                "c": {"team": "blue", "at": (2, 0)}}
    state, dice = tiny_match("...\n~~~", fighters)
    _refused(state, dice, {"kind": "jump", "over": (1, 0)}, "R2.4: the landing square (2, 0) is occupied by C")
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (0, 1)}}
    state, dice = tiny_match("...\n...\n~..", fighters)
    _refused(state, dice, {"kind": "jump", "over": (0, 1)}, "R2.4: the landing square (0, 2) is not walkable (water)")


def test_r2_4_diagonal_jump_obeys_r2_2():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 1)}}
    state, dice = tiny_match(".#.\n...\n...", fighters)
    _refused(state, dice, {"kind": "jump", "over": (1, 1)}, "R2.2: diagonal jump blocked by the wall at (1, 0)")


def test_r2_4_no_second_move_before_a_jump():
    state, dice = tiny_match("....\n....", JUMPERS)
    state, _ = play(state, dice, {"kind": "walk", "to": (0, 1)})
    _refused(state, dice, {"kind": "jump", "over": (1, 0)}, "R0.6: A has already moved this turn")


# -- R2.5 / R9.1 dead squares ----------------------------------------------------------------------


@pytest.mark.parametrize("symbol,name", [("L", "lava"), ("%", "acid"), ("_", "hole")])
def test_r2_5_walking_into_a_dead_square_is_refused_as_suicide(symbol, name):
    state, dice = _solo(f".{symbol}.\n...", (0, 0))
    _refused(state, dice, {"kind": "walk", "to": (1, 0)},
             f"R9.1: the {name} at (1, 0) is a deadly square (R2.5): moving into it would be suicide")


def test_r2_5_swimming_or_jumping_into_a_dead_square_is_refused():
    state, dice = _solo(".~L\n...", (0, 0))
    _refused(state, dice, {"kind": "swim", "path": [(1, 0), (2, 0)]},
             "R9.1: the lava at (2, 0) is a deadly square (R2.5): moving into it would be suicide")
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)}}
    state, dice = tiny_match("..L", fighters)
    _refused(state, dice, {"kind": "jump", "over": (1, 0)},
             "R9.1: the lava at (2, 0) is a deadly square (R2.5): moving into it would be suicide")


def test_r9_1_under_a_magic_effect_the_move_kills():
    fighters = {"a": {"team": "red", "at": (0, 0), "magic_effect": True},
                "c": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 1)}}
    state, dice = tiny_match(".%.\n...", fighters)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved", "died", "turn_ended", "turn_started"]
    assert (events[1].cause, events[1].at) == ("hazard", (1, 0))
    assert state.lost_for_good == []


def test_r9_2_a_suicide_the_house_allows_is_lost_for_good_unless_spared():
    settings = RulesSettings(teams=TeamSettings(suicide_allowed=True))
    fighters = {"a": {"team": "red", "at": (0, 0)}, "c": {"team": "red", "at": (0, 1)},
                "b": {"team": "blue", "at": (2, 1)}}
    state, dice = tiny_match("._.\n...", fighters, settings=settings)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved", "died", "turn_ended", "turn_started"]
    assert events[1].cause == "suicide" and state.suicide_pending == "a"
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": False})
    assert [(e.type, e.fighter, e.team) for e in events] == [("lost_for_good", "a", "red")]
    assert state.lost_for_good == ["a"] and state.suicide_pending is None


# -- R3 flee ---------------------------------------------------------------------------------------

FLEE = {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (0, 0)}}


def test_r3_1_flight_on_a_1_fails_and_spends_the_move():
    state, dice = tiny_match("....\n....", FLEE, faces=[1])
    state, events = play(state, dice, {"kind": "walk", "to": (2, 0)})
    assert types(events) == ["dice_rolled", "flee_checked"]
    assert dice_line(events[0]) == "Fuite : d4 1"
    assert (events[1].fighter, events[1].opponents, events[1].success) == ("a", ["b"], False)
    assert state.fighters["a"].position == (1, 0)
    _refused(state, dice, {"kind": "walk", "to": (1, 1)}, "R0.6: A has already moved this turn")
    assert action_refusal(state, state.active) is None  # only the move is spent


def test_r3_1_flight_on_2_to_4_succeeds():
    state, dice = tiny_match("....\n....", FLEE, faces=[2])
    state, events = play(state, dice, {"kind": "walk", "to": (2, 0)})
    assert types(events) == ["dice_rolled", "flee_checked", "moved"] and events[1].success
    assert state.fighters["a"].position == (2, 0)


def test_r3_1_staying_adjacent_is_no_flight():
    state, dice = tiny_match("....\n....", FLEE, faces=[1])
    state, events = play(state, dice, {"kind": "walk", "to": (1, 1)})
    assert types(events) == ["moved"] and dice.position == 0


def test_r3_1_one_d4_per_attempt_whatever_the_number_of_opponents():
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (0, 0)},
                "c": {"team": "blue", "at": (0, 2)}}
    state, dice = tiny_match("....\n....\n....", fighters, faces=[2, 1])
    state, events = play(state, dice, {"kind": "walk", "to": (2, 1)})
    assert types(events) == ["dice_rolled", "flee_checked", "moved"]
    assert events[1].opponents == ["b", "c"]


def test_r3_1_one_d4_per_opponent_setting():
    settings = RulesSettings(flee=FleeSettings(one_roll_per_attempt=False))
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (0, 0)},
                "c": {"team": "blue", "at": (0, 2)}}
    state, dice = tiny_match("....\n....\n....", fighters, faces=[2, 1], settings=settings)
    state, events = play(state, dice, {"kind": "walk", "to": (2, 1)})
    assert types(events) == ["dice_rolled", "dice_rolled", "flee_checked"] and not events[2].success
    state, dice = tiny_match("....\n....\n....", fighters, faces=[3, 4], settings=settings)
    state, events = play(state, dice, {"kind": "walk", "to": (2, 1)})
    assert types(events) == ["dice_rolled", "dice_rolled", "flee_checked", "moved"]


def test_r3_1_swimming_away_is_a_flight_rolled_after_the_swim_roll():
    fighters = {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (0, 0)}}
    state, dice = tiny_match(".~~~\n....", fighters, faces=[15, 1])
    state, events = play(state, dice, {"kind": "swim", "path": [(2, 0), (3, 0)]})
    assert types(events) == ["dice_rolled", "swim_rolled", "dice_rolled", "flee_checked"]
    assert state.fighters["a"].position == (1, 0) and state.budget.moved == "swim"


def test_r3_1_teammates_are_not_fled():
    fighters = {"a": {"team": "red", "at": (1, 0)}, "c": {"team": "red", "at": (0, 0)},
                "b": {"team": "blue", "at": (3, 1)}}
    state, dice = tiny_match("....\n....", fighters)
    state, events = play(state, dice, {"kind": "walk", "to": (2, 0)})
    assert types(events) == ["moved"]
