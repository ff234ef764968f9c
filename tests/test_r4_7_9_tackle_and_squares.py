"""R4.7 tackles (1d8 once per opponent passed, tackled on a 1) and R4.9 free, walkable
squares with R2.2 on diagonal steps; dead squares refused (R9.1)."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import (
    ModifierAdded,
    Moved,
    RunEnded,
    TackleChecked,
    Tackled,
)
from arena_game.core.settings import RulesSettings
from arena_game.i18n.narration import dice_line
from tests.builders import play, run, tiny_match, types

OPEN = "\n".join(["." * 12] * 5)


def _match(fighters, faces, grid=OPEN, physique=0, settings=None):
    spec = {"a": {"team": "red", "at": (0, 2), "attributes": {"physique": physique}}}
    spec.update(fighters)
    return tiny_match(grid, spec, faces=faces, settings=settings or RulesSettings())


def test_r4_7_passing_beside_an_opponent_rolls_1d8_and_goes_on():
    # z stands at (2, 1), beside (1, 2), (2, 2), (3, 2). a moves on from (1, 2): one d8 (5).
    state, dice = _match({"z": {"team": "blue", "at": (2, 1)}}, faces=[20, 5])
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert types(events) == [
        "run_started", "dice_rolled", "run_rolled", "moved", "dice_rolled", "tackle_checked", "moved", "moved",
    ]
    assert events[3] == Moved(fighter="a", path=[(0, 2), (1, 2)], mode="run")
    assert events[4].against == "z" and events[4].roll.purpose == "tackle"
    assert dice_line(events[4], {"z": "Zed"}) == "Tacle (Zed) : d8 5"
    assert dice_line(events[4], {"z": "Zed"}, "en") == "Tackle by Zed: d8 5"
    assert events[5] == TackleChecked(fighter="a", opponent="z", tackled=False)
    assert events[6] == Moved(fighter="a", path=[(1, 2), (2, 2)], mode="run")
    assert events[7] == Moved(fighter="a", path=[(2, 2), (3, 2)], mode="run")
    assert state.budget.run.tackle_checked == ["z"]
    # one roll per opponent per run: moving on from (3, 2), still beside z, rolls nothing
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 2)})
    assert events == [Moved(fighter="a", path=[(3, 2), (4, 2)], mode="run")]


def test_r4_7_tackled_on_a_1_stays_and_squares_left_become_a_1_turn_malus():
    state, dice = _match({"z": {"team": "blue", "at": (2, 1)}}, faces=[20, 1])  # 5 squares
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[:3])
    assert types(events) == [
        "run_started", "dice_rolled", "run_rolled", "moved", "dice_rolled", "tackle_checked", "tackled",
        "run_ended", "modifier_added",
    ]
    assert events[5] == TackleChecked(fighter="a", opponent="z", tackled=True)
    assert events[6] == Tackled(fighter="a", by="z", at=(1, 2))
    assert events[7] == RunEnded(fighter="a", path=[(0, 2), (1, 2)], reason="tackled", squares_left=4)
    assert events[8] == ModifierAdded(fighter="a", source="tackle", rule="R4.7", applies_to="all", value=-4, turns=1)
    assert state.fighters["a"].position == (1, 2)
    assert state.budget.run.finished


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6, 7, 8])
def test_r4_7_tackle_on_1_only(face):
    state, dice = _match({"z": {"team": "blue", "at": (2, 1)}}, faces=[12, face])
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert [e for e in events if e.type == "tackle_checked"] == [
        TackleChecked(fighter="a", opponent="z", tackled=False)
    ]
    assert state.fighters["a"].position == (3, 2)


def test_r4_7_one_roll_per_opponent_in_sheet_order():
    # y and z both beside (2, 2): moving on from it rolls one d8 for each.
    state, dice = _match(
        {"y": {"team": "blue", "at": (2, 1)}, "z": {"team": "blue", "at": (2, 3)}}, faces=[12, 4, 6]
    )
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    checks = [e for e in events if e.type == "tackle_checked"]
    assert checks == [
        TackleChecked(fighter="a", opponent="y", tackled=False),
        TackleChecked(fighter="a", opponent="z", tackled=False),
    ]
    # both are rolled when moving on from (1, 2), the first square beside them
    assert types(events)[3:8] == ["moved", "dice_rolled", "tackle_checked", "dice_rolled", "tackle_checked"]
    assert events[3].path == [(0, 2), (1, 2)]


def test_r4_7_teammates_never_tackle():
    state, dice = _match({"b": {"team": "red", "at": (2, 1)}, "z": {"team": "blue", "at": (11, 0)}}, faces=[12])
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert "tackle_checked" not in types(events)


def test_r4_7_a_run_ending_beside_an_opponent_rolls_nothing():
    state, dice = _match({"z": {"team": "blue", "at": (4, 1)}}, faces=[12])  # 3 squares, ends at (3, 2)
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "moved", "moved", "run_ended"]
    assert events[-1].reason == "completed"


def test_r4_7_start_square_is_a_flight_not_a_tackle():
    # z beside the start square; the first step stays beside it, the third leaves it: that is
    # a flight (R3, one d4 before the roll), and no tackle die for z later in the run.
    state, dice = _match({"z": {"team": "blue", "at": (1, 1)}}, faces=[3, 12])
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert types(events) == [
        "run_started", "dice_rolled", "flee_checked", "dice_rolled", "run_rolled", "moved", "moved", "moved",
        "run_ended",
    ]
    assert dice_line(events[1]) == "Fuite : d4 3"
    assert events[-1].path == [(0, 2), (1, 2), (2, 2), (3, 2)]
    assert state.budget.run.tackle_checked == ["z"]


def test_r4_7_tackled_mid_free_steps():
    state, dice = _match({"z": {"team": "blue", "at": (5, 1)}}, faces=[20, 1])  # 5 squares
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 2)})
    assert events == [Moved(fighter="a", path=[(3, 2), (4, 2)], mode="run")]
    state, events = play(state, dice, {"kind": "run_step", "to": (5, 2)})
    assert types(events) == ["dice_rolled", "tackle_checked", "tackled", "run_ended", "modifier_added"]
    assert events[3] == RunEnded(
        fighter="a", path=[(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)], reason="tackled", squares_left=1
    )
    assert state.fighters["a"].position == (4, 2)


# -- R4.9 squares ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "symbol, row, to, rule, words",
    [
        # walls and dead squares also cut the diagonals beside them (R2.2): put them on row 1
        ("#", 1, (4, 1), "R4.9", "(4, 1) is a wall"),
        ("~", 2, (4, 2), "R4.9", "water at (4, 2)"),
        ("x", 2, (4, 2), "R4.9", "obstacle at (4, 2)"),
        ("L", 1, (4, 1), "R9.1", "lava at (4, 1) is a deadly square"),
    ],
)
def test_r4_9_free_step_into_unwalkable_square_refused(symbol, row, to, rule, words):
    rows = ["." * 12] * 5
    rows[row] = "...." + symbol + "......."
    grid = "\n".join(rows)
    state, dice = _match({"z": {"team": "blue", "at": (11, 0)}}, faces=[20], grid=grid)
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_step", "to": to})
    assert e.value.rule == rule and words in str(e.value)
    assert dice.position == 1


def test_r4_9_occupied_square_refused():
    state, dice = _match({"z": {"team": "blue", "at": (11, 0)}, "b": {"team": "red", "at": (4, 2)}}, faces=[20])
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    with pytest.raises(IllegalAction, match="R4.9: \\(4, 2\\) is occupied by B"):
        play(state, dice, {"kind": "run_step", "to": (4, 2)})


def test_r2_2_diagonal_run_step_past_a_wall_corner_refused():
    grid = "\n".join(["." * 12, "...#........", "." * 12, "." * 12, "." * 12])
    state, dice = _match({"z": {"team": "blue", "at": (11, 4)}}, faces=[20], grid=grid)
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    with pytest.raises(IllegalAction, match="R2.2: diagonal step blocked by the wall at \\(3, 1\\)"):
        play(state, dice, {"kind": "run_step", "to": (4, 1)})


def test_r2_2_diagonal_past_a_pillar_allowed_in_a_run():
    grid = "\n".join(["." * 12, "....O.......", "." * 12, "." * 12, "." * 12])
    state, dice = _match({"z": {"team": "blue", "at": (11, 4)}}, faces=[20], grid=grid)
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 3)})
    assert events == [Moved(fighter="a", path=[(3, 2), (4, 3)], mode="run")]


def test_r4_9_lax_declaration_wall_declared_forces_a_stop():
    grid = "\n".join(["." * 12, "..#.........", "." * 12, "." * 12, "." * 12])
    lax = RulesSettings.model_validate({"run": {"declared_must_be_free": False}})
    state, dice = _match({"z": {"team": "blue", "at": (11, 4)}}, faces=[12], grid=grid, settings=lax)
    state, events = play(state, dice, *run([(1, 2), (2, 1), (3, 0)])[:2])
    # (2, 1) is the wall itself: the run stops at (1, 2) with 2 squares cancelled
    assert events[-2] == RunEnded(fighter="a", path=[(0, 2), (1, 2)], reason="forced_stop", squares_left=2)


def test_r9_1_run_into_lava_refused_at_declaration():
    grid = "\n".join(["." * 12, "." * 12, "..L.........", "." * 12, "." * 12])
    state, dice = _match({"z": {"team": "blue", "at": (11, 4)}}, faces=[12], grid=grid)
    with pytest.raises(IllegalAction) as e:
        play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert str(e.value) == "R9.1: the lava at (2, 2) is a deadly square (R2.5): moving into it would be suicide"
    assert dice.position == 0


def test_r9_1_magic_runner_dies_on_a_declared_dead_square():
    grid = "\n".join(["." * 12, "." * 12, "..%.........", "." * 12, "." * 12])
    state, dice = tiny_match(
        grid,
        {"a": {"team": "red", "at": (0, 2), "magic_effect": True}, "b": {"team": "red", "at": (0, 0)},
         "z": {"team": "blue", "at": (11, 4)}},
        faces=[12],
    )
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[:3])
    assert types(events)[:8] == [
        "run_started", "dice_rolled", "run_rolled", "moved", "moved", "died", "run_ended", "turn_ended",
    ]
    assert events[5].cause == "hazard" and events[6].reason == "died"
    assert state.suicide_pending is None and state.lost_for_good == []  # magic: never lost for good
    assert not state.fighters["a"].alive


def test_r4_8_mid_run_attack_then_the_run_goes_on_and_the_tackle_is_rolled():
    # 5 squares; the declared squares end beside z at (4, 1); attack (R4.8), then run on.
    state, dice = _match({"z": {"team": "blue", "at": (4, 1), "pv": 40}}, faces=[20, 15, 2, 5, 3, 6])
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)]))
    assert events[-1].type == "moved" and state.budget.run.moved == 3
    state, events = play(state, dice, {"kind": "run_attack", "target": "z"})
    attacked = [e for e in events if e.type == "attacked"][0]
    assert attacked.mode == "run" and attacked.hit
    assert state.budget.run.attacked and not state.budget.run.finished
    state, events = play(state, dice, {"kind": "run_step", "to": (4, 2)})
    assert types(events) == ["dice_rolled", "tackle_checked", "moved"]
    assert events[1] == TackleChecked(fighter="a", opponent="z", tackled=False)
    assert state.budget.run.moved == 4
