"""R4.7 tackle risk on every square a run under way would reach past an opponent (the
window's tackle flags come from `queries.run_tackle_risks`, on the route a click runs)."""

from fractions import Fraction as F

from arena_game.core import queries
from arena_game.ui.modes import RunGoMode
from tests.builders import play, run, tiny_match

OPEN = "\n".join(["." * 12] * 5)


def _rolled(fighters, faces=(20,)):
    """a at (0, 2) has declared (1, 2), (2, 2), (3, 2) and rolled 5 squares; no step yet."""
    spec = {"a": {"team": "red", "at": (0, 2)}, **fighters}
    state, dice = tiny_match(OPEN, spec, faces=list(faces))
    state, _ = play(state, dice, run([(1, 2), (2, 2), (3, 2)])[0])
    return state, dice


def test_r4_7_every_square_past_an_opponent_carries_its_tackle_risk_not_only_those_beside_it():
    state, _ = _rolled({"z": {"team": "blue", "at": (2, 1)}})
    risks = queries.run_tackle_risks(state)
    # moving on from (1, 2), beside z, rolls z's d8 (a 1 in 8 tackles); the start square rolls
    # nothing (a flight, R3), so (1, 2) itself is safe
    assert (1, 2) not in risks
    assert risks[(2, 2)] == risks[(3, 2)] == F(1, 8)
    assert risks[(5, 2)] == F(1, 8)  # far from z, but its route passes z: flagged too
    assert set(queries.run_reach(state)) - set(risks) == {(1, 2)}


def test_r4_7_two_opponents_on_the_route_two_dice_and_a_rolled_one_is_not_counted_again():
    state, dice = _rolled({"z": {"team": "blue", "at": (2, 1)}, "y": {"team": "blue", "at": (4, 3)}},
                          faces=(20, 5))
    risks = queries.run_tackle_risks(state)
    assert risks[(2, 2)] == F(1, 8)
    assert risks[(5, 2)] == 1 - F(7, 8) ** 2  # z's d8 then y's
    assert queries.route_tackles(state, state.active, queries.run_route(state, (5, 2))) == ["z", "y"]
    state, _ = play(state, dice, {"kind": "run_step", "to": (1, 2)}, {"kind": "run_step", "to": (2, 2)})
    assert state.budget.run.tackle_checked == ["z"]  # rolled 5: not tackled
    risks = queries.run_tackle_risks(state)
    assert (3, 2) not in risks and risks[(5, 2)] == F(1, 8)  # only y's d8 is left


def test_r4_7_the_route_played_rolls_exactly_the_dice_the_flag_counted():
    state, dice = _rolled({"z": {"team": "blue", "at": (2, 1)}, "y": {"team": "blue", "at": (4, 3)}},
                          faces=(20, 5, 6))
    route = queries.run_route(state, (5, 2))
    counted = queries.route_tackles(state, state.active, route)
    state, events = play(state, dice, *({"kind": "run_step", "to": sq} for sq in route))
    assert [e.opponent for e in events if e.type == "tackle_checked"] == counted
    assert state.active.position == (5, 2)


def test_r4_7_the_run_mode_flags_the_squares_with_their_risk_in_the_card():
    state, _ = _rolled({"z": {"team": "blue", "at": (2, 1)}})
    for lang, words in (("en", "12% (R4.7, a d8 for Z)"), ("fr", "12\u202f% (R4.7, un d8 pour Z)")):
        flags = {h.square: h.tip for h in RunGoMode().highlights(state, lang) if h.kind == "tackle"}
        assert set(flags) == set(queries.run_tackle_risks(state))
        assert words in flags[(5, 2)]
