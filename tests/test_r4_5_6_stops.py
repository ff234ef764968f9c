"""R4.5 voluntary stop (malus = squares left, 1 turn) and R4.6 forced stop (1 per cancelled
square, 5 turns), with the R0.5 durations checked at the right end of turn."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import ModifierAdded, ModifierExpired, Moved, RunEnded
from arena_game.core.settings import RulesSettings
from arena_game.i18n.narration import dice_line
from tests.builders import play, run, tiny_match, types

LAX = RulesSettings.model_validate({"run": {"declared_must_be_free": False}})

OPEN = "\n".join(["." * 12] * 5)
END = {"kind": "end_turn"}


def _match(grid=OPEN, faces=(), a_at=(1, 2), z_at=(11, 0), physique=0, settings=None):
    return tiny_match(
        grid,
        {"a": {"team": "red", "at": a_at, "attributes": {"physique": physique}}, "z": {"team": "blue", "at": z_at}},
        faces=list(faces), settings=settings or RulesSettings(),
    )


def _own_turn_ends(events, fighter="a"):
    return [i for i, e in enumerate(events) if e.type == "turn_ended" and e.fighter == fighter]


def test_r4_5_voluntary_stop_malus_is_squares_left_for_1_turn():
    state, dice = _match(faces=[20], physique=5)  # 25 → 6 squares, 3 declared
    state, _ = play(state, dice, *run([(2, 2), (3, 2), (4, 2)]))
    state, events = play(state, dice, {"kind": "run_step", "to": (5, 2)}, {"kind": "run_stop"})
    assert events == [
        Moved(fighter="a", path=[(4, 2), (5, 2)], mode="run"),
        RunEnded(fighter="a", path=[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)], reason="voluntary_stop", squares_left=2),
        ModifierAdded(fighter="a", source="voluntary_stop", rule="R4.5", applies_to="all", value=-2, turns=1),
    ]
    a = state.fighters["a"]
    assert [(m.source, m.value, m.applies_to) for m in a.modifiers] == [("voluntary_stop", -2, "all")]
    assert state.budget.run.finished and state.budget.move_spent
    with pytest.raises(IllegalAction, match="R4.3: A's run is over \\(voluntary stop\\)"):
        play(state, dice, {"kind": "run_step", "to": (6, 2)})
    # "for 1 turn": it lasts through a's next turn and runs out at that turn's end.
    state, events = play(state, dice, END, END)
    assert not any(e.type == "modifier_expired" for e in events)
    assert state.active.id == "a" and state.fighters["a"].modifiers
    state, events = play(state, dice, END)
    assert types(events)[:2] == ["turn_ended", "modifier_expired"]
    assert events[1] == ModifierExpired(fighter="a", source="voluntary_stop")
    assert state.fighters["a"].modifiers == []


def test_r4_5_the_malus_applies_to_the_next_rolls():
    state, dice = _match(faces=[20, 12], physique=5)
    state, _ = play(state, dice, *run([(2, 2), (3, 2), (4, 2)]), {"kind": "run_stop"})
    state, events = play(state, dice, END, END, {"kind": "run_start", "declared": [(3, 2), (2, 2), (1, 2)]})
    roll = [e for e in events if e.type == "dice_rolled"][0]
    assert dice_line(roll) == "Course : d20 12 + Physique 5 + Course 0 − 3 (malus : arrêt volontaire) = 14"


def test_r4_5_end_of_turn_with_a_run_under_way_is_a_voluntary_stop():
    state, dice = _match(faces=[20])  # 5 squares
    state, _ = play(state, dice, *run([(2, 2), (3, 2), (4, 2)]))
    state, events = play(state, dice, END)
    assert types(events)[:3] == ["run_ended", "modifier_added", "turn_ended"]
    assert events[0].reason == "voluntary_stop" and events[0].squares_left == 2
    assert events[1].value == -2 and events[1].turns == 1


def test_r4_5_stop_without_a_run_refused():
    state, dice = _match()
    with pytest.raises(IllegalAction, match="R4.3: A is not running"):
        play(state, dice, {"kind": "run_stop"})


def test_r4_6_lax_declaration_blocked_declared_square_forces_a_stop_for_5_turns():
    # run.declared_must_be_free off: the 3rd declared square is a pillar; the run stops at (2, 2)
    # with 6 − 2 = 4 squares cancelled.
    grid = "\n".join(["." * 12, "." * 12, "...O........", "." * 12, "." * 12])
    state2, dice2 = _match(grid, faces=[20], a_at=(0, 2), physique=5, settings=LAX)
    state2, events = play(state2, dice2, *run([(1, 2), (2, 2), (3, 2)])[:3])
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "moved", "run_ended", "modifier_added"]
    assert events[4] == Moved(fighter="a", path=[(1, 2), (2, 2)], mode="run")
    assert events[5] == RunEnded(fighter="a", path=[(0, 2), (1, 2), (2, 2)], reason="forced_stop", squares_left=4)
    assert events[6] == ModifierAdded(
        fighter="a", source="forced_stop", rule="R4.6", applies_to="all", value=-4, turns=5
    )
    assert state2.fighters["a"].position == (2, 2)
    # 5 turns: a's current turn, then its next 5 turns; it runs out at the end of the 5th.
    state2, events = play(state2, dice2, END, *[END] * 9)
    assert len(_own_turn_ends(events)) == 5 and not any(e.type == "modifier_expired" for e in events)
    assert state2.active.id == "a" and len(state2.fighters["a"].modifiers) == 1
    state2, events = play(state2, dice2, END)
    assert events[1] == ModifierExpired(fighter="a", source="forced_stop")
    assert state2.fighters["a"].modifiers == []


def test_r4_6_lax_declaration_occupied_declared_square_forces_a_stop_beside_the_opponent_without_tackle():
    state, dice = _match(faces=[12], a_at=(1, 2), z_at=(4, 2), settings=LAX)
    state, events = play(state, dice, *run([(2, 2), (3, 2), (4, 2)])[:3])
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "moved", "run_ended", "modifier_added"]
    assert events[5].reason == "forced_stop" and events[5].squares_left == 1
    assert state.fighters["a"].position == (3, 2)


def test_r4_6_no_legal_square_left_forces_a_stop():
    # Running east into the wall column: after (4, 2) every forward square is a wall.
    grid = "\n".join(["....#", "....#", "....#", "....#", "....#"])
    state, dice = _match(grid, faces=[20], a_at=(0, 2), z_at=(0, 0))
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert types(events)[-3:] == ["moved", "run_ended", "modifier_added"]
    events = events[-3:]
    assert events[1] == RunEnded(fighter="a", path=[(0, 2), (1, 2), (2, 2), (3, 2)], reason="forced_stop", squares_left=2)
    assert events[2].source == "forced_stop" and events[2].value == -2 and events[2].turns == 5


def test_r4_6_forced_stop_after_a_free_step():
    grid = "\n".join([".....#", ".....#", ".....#", ".....#"])
    state, dice = _match(grid, faces=[20], a_at=(0, 1), z_at=(0, 3), physique=5)  # 6 squares
    state, _ = play(state, dice, *run([(1, 1), (2, 1), (3, 1)]))
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 1)})
    assert types(events) == ["moved", "run_ended", "modifier_added"]
    assert events[1].reason == "forced_stop" and events[1].squares_left == 2
