"""`Match`: the one loop that plays a match (set-up + dice position + state + log), its undo
(R0.6 hot seat: no take-back after a roll or across teams), replay and resume."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena_game.core import ScriptedDice, SeededDice
from arena_game.core.dice import DicePosition
from arena_game.core.errors import IllegalAction
from arena_game.core.events import EVENT_LIST_ADAPTER
from arena_game.core.match import Match, MatchSetup, NotRefused, ReplayFailed
from arena_game.core.sheets import Team
from arena_game.core.summary import state_summary
from tests.builders import sheet, tiny_board, types

GRID = """
.......
...#...
.......
"""


def _setup(scripted: list[int] | None = None, seed: int = 3, order: list[str] | None = None) -> MatchSetup:
    """Red (a, a2) against blue (b) on a 7×3 floor with one wall at (3, 1)."""
    teams = [
        Team(id="red", name="Red", fighters=[sheet("a", "red"), sheet("a2", "red")]),
        Team(id="blue", name="Blue", fighters=[sheet("b", "blue")]),
    ]
    placements = {"a": (0, 0), "a2": (0, 2), "b": (6, 1)}
    return MatchSetup(board=tiny_board(GRID), teams=teams, placements=placements, seed=seed,
                      scripted=list(scripted or []), turn_order=order)


def _dump(events) -> str:
    return EVENT_LIST_ADAPTER.dump_json(list(events)).decode()


RUN = {"kind": "run_start", "declared": [(1, 0), (2, 0), (3, 0)]}


# -- the dice position -------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), script=st.lists(st.integers(1, 4), max_size=3),
       before=st.lists(st.sampled_from([4, 6, 8, 10, 12, 20, 100]), max_size=30),
       after=st.lists(st.sampled_from([4, 6, 8, 10, 12, 20, 100]), min_size=1, max_size=30))
def test_r0_1_dice_made_from_a_position_show_the_faces_the_dice_would_have_shown(seed, script, before, after):
    dice = ScriptedDice(script, seed) if script else SeededDice(seed)
    for sides in before:
        dice.face(max(sides, 4))
    again = dice.where().dice()
    assert [again.face(s) for s in after] == [dice.face(s) for s in after]


def test_r0_1_seeded_dice_show_the_same_faces_as_pythons_generator():
    import random

    rng = random.Random(11)
    dice = SeededDice(11)
    sides = [20, 6, 100, 3, 20, 8] * 20
    assert [dice.face(s) for s in sides] == [rng.randint(1, s) for s in sides]
    position = dice.where()
    assert position.seed == 11 and position.drawn >= len(sides)  # a word per draw, more on a redraw
    again = position.dice()
    assert again.where() == position
    assert [again.face(s) for s in sides] == [rng.randint(1, s) for s in sides]


def test_r0_5_a_match_state_carries_its_dice_position():
    m = Match(_setup(seed=8))  # initiative rolled: three d20
    assert m.state.dice == m.dice_position and m.dice_position.drawn >= 3
    fixed = Match(_setup(seed=8, order=["a", "a2", "b"]))
    assert fixed.dice_position == DicePosition(seed=8)


# -- playing ------------------------------------------------------------------------------


def test_play_returns_the_events_and_keeps_state_log_and_action():
    m = Match(_setup(order=["a", "a2", "b"]))
    start = len(m.log)
    events = m.play({"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved"] and m.state.fighters["a"].position == (1, 0)
    assert m.log[start:] == events and [a.kind for a in m.actions] == ["walk"]


def test_r0_6_a_refused_action_raises_and_changes_nothing():
    m = Match(_setup([15], order=["a", "a2", "b"]))
    m.play(RUN)
    state, log, position = m.state, list(m.log), m.dice_position
    with pytest.raises(IllegalAction) as e:
        m.play({"kind": "walk", "to": (0, 1)})  # one move a turn
    assert e.value.rule == "R0.6"
    assert m.state is state and m.log == log and m.dice_position == position and len(m.actions) == 1


def test_an_expected_refusal_is_logged_and_an_allowed_action_expected_refused_changes_nothing():
    m = Match(_setup(order=["a", "a2", "b"]))
    with pytest.raises(IllegalAction) as e:
        m.play({"kind": "walk", "to": (5, 5)})
    rule = e.value.rule
    events = m.play({"kind": "walk", "to": (5, 5)}, expect_refused=rule)
    assert types(events) == ["action_refused"] and events[0].rule == rule and m.log[-1] == events[0]
    assert m.actions == []  # a refused action is not part of what a save replays
    state, position, log = m.state, m.dice_position, list(m.log)
    with pytest.raises(NotRefused, match="expected a refusal under R2.2"):
        m.play(RUN, expect_refused="R2.2")  # a run rolls dice: they must be put back
    assert m.state is state and m.dice_position == position and m.log == log
    fresh = Match(_setup(order=["a", "a2", "b"]))
    assert _dump(m.play(RUN)) == _dump(fresh.play(RUN))  # the same faces as if never tried


# -- undo (today's table rules) ------------------------------------------------------------


def test_undo_takes_back_moves_that_rolled_nothing_within_the_same_team():
    m = Match(_setup(order=["a", "a2", "b"]))
    start_state, start_log = m.state, list(m.log)
    assert not m.can_undo()
    m.play({"kind": "walk", "to": (1, 0)})
    m.play({"kind": "end_turn"})  # a → a2: the same team still plays
    assert m.state.active.id == "a2" and m.can_undo()
    assert m.undo() and m.state.active.id == "a" and m.can_undo()
    assert m.undo() and m.state is start_state and m.log == start_log and m.actions == []
    assert not m.undo()


def test_undo_never_takes_back_a_roll_nor_the_other_teams_turn():
    m = Match(_setup([15], order=["a", "a2", "b"]))
    m.play(RUN)
    assert not m.can_undo() and not m.undo()
    m.play({"kind": "end_turn"})
    m.play({"kind": "end_turn"})  # a2 → b: blue's turn now
    assert m.state.active.id == "b" and not m.can_undo()
    m.play({"kind": "walk", "to": (5, 1)})
    assert m.undo() and not m.can_undo()  # b's walk, but not red's end of turn before it


def test_a_sealed_action_cannot_be_taken_back():
    m = Match(_setup(order=["a", "a2", "b"]))
    m.play({"kind": "walk", "to": (1, 0)})
    m.seal()
    assert not m.can_undo()


# -- replay and resume -----------------------------------------------------------------------

ACTIONS = [
    {"kind": "walk", "to": (1, 0)}, {"kind": "end_turn"},
    {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}, {"kind": "end_turn"},
    {"kind": "walk", "to": (5, 1)}, {"kind": "end_turn"},
    {"kind": "walk", "to": (2, 0)}, {"kind": "end_turn"},
]


def test_replay_gives_the_same_events_byte_for_byte_and_the_same_dice_position():
    m = Match(_setup(seed=21, order=["a", "a2", "b"]))
    for a in ACTIONS:
        m.play(a)
    again = Match.replay(m.setup, m.actions)
    assert _dump(again.log) == _dump(m.log) and again.dice_position == m.dice_position
    assert state_summary(again.state) == state_summary(m.state)


def test_replay_names_the_action_that_failed_and_keeps_the_match_before_it():
    with pytest.raises(ReplayFailed) as e:
        Match.replay(_setup(order=["a", "a2", "b"]), [{"kind": "walk", "to": (1, 0)}, {"kind": "walk", "to": (2, 0)}])
    assert e.value.index == 1 and isinstance(e.value.error, IllegalAction)
    assert e.value.match.state.fighters["a"].position == (1, 0)
    with pytest.raises(ReplayFailed) as e:
        Match.replay(_setup([25], order=["a", "a2", "b"]), [RUN])
    assert e.value.index == 0 and "d20" in str(e.value.error)  # a d20 cannot show 25


def test_a_state_alone_resumes_the_match_with_the_same_faces():
    whole = Match(_setup(seed=5, order=["a", "a2", "b"]))
    for a in ACTIONS[:4]:
        whole.play(a)
    resumed = Match.resume(whole.setup, whole.state)  # the state alone: no dice object passed on
    mark = len(whole.log)
    tail = [e for a in ACTIONS[4:] for e in resumed.play(a)]
    for a in ACTIONS[4:]:
        whole.play(a)
    assert _dump(tail) == _dump(whole.log[mark:]) and resumed.dice_position == whole.dice_position
    bare = whole.state.clone()
    bare.dice = None  # a state made without dice that can say where they stand
    with pytest.raises(ValueError, match="without its dice position"):
        Match.resume(whole.setup, bare)


# -- answers kept per state -----------------------------------------------------------------


def test_queries_answer_a_state_once_and_a_played_state_afresh():
    from arena_game.core import queries
    from arena_game.core.rules import targets

    m = Match(_setup(order=["a", "a2", "b"]))
    first = m.available_actions()
    assert m.available_actions() is first and queries.available_actions(m.state) is first
    assert queries.teleport_targets(m.state) is queries.teleport_targets(m.state)
    m.play({"kind": "walk", "to": (1, 0)})
    after = m.available_actions()
    assert after is not first and after["walk"] is not None and first["walk"] is None  # one move a turn
    assert m.state.memo.keys() == {("available_actions",)}
    what_if = replace_position(m.state.active, (5, 0))  # a fighter object not of this state
    assert queries.attack_range_squares(m.state, what_if) == targets.attack_range_squares(m.state, what_if)
    assert ("attack_range_squares", False) not in m.state.memo and len(m.state.memo) == 1


def replace_position(fighter, square):
    """A what-if copy of a fighter standing elsewhere."""
    from dataclasses import replace

    return replace(fighter, position=square)
