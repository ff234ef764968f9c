"""Dice rolled at the table (issue 18): the core asks for each face it needs (`NeedsFace`,
raised before anything changes), the action is played again with the face, and the faces go
into the save so the match replays byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.core.dice import NeedsFace, ScriptedFaceError, TableDice
from arena_game.core.events import TackleChecked
from arena_game.core.match import Match, MatchSetup
from arena_game.core.sheets import Team
from arena_game.formats.save import dump_save, match_from_save, save_from_match, setup_from_save
from tests.builders import sheet, tiny_board, types

OPEN = "\n".join(["." * 12] * 5)


def table_setup(mode: str = "physical", order: list[str] | None = None, scripted: list[int] | None = None) -> MatchSetup:
    board = tiny_board(OPEN)
    teams = [Team(id="red", name="Red", colour="#c0392b", fighters=[sheet("a", "red", attributes={"physique": 3}, skills={"course": 2})]),
             Team(id="blue", name="Blue", colour="#2471a3", fighters=[sheet("z", "blue")])]
    return MatchSetup(board=board, teams=teams, placements={"a": (0, 2), "z": (2, 1)}, seed=5,
                      turn_order=order, scripted=list(scripted or []), dice_mode=mode)  # type: ignore[arg-type]


def ask(match: Match, action: dict, answers: dict[str, list[int]]) -> tuple[list, list[NeedsFace]]:
    """Play `action`, answering each need with the next faces for its purpose."""
    faces: list[int] = []
    needs: list[NeedsFace] = []
    while True:
        try:
            return match.play(action, faces=faces), needs
        except NeedsFace as need:
            needs.append(need)
            faces += [answers[need.purpose].pop(0) for _ in range(need.count)]


RUN = {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}


def test_r4_2_r4_7_a_run_asks_for_a_d20_and_the_tackle_for_a_d8_then_replays_from_the_save():
    match = Match(table_setup(order=["a", "z"]))
    before = match.state
    with pytest.raises(NeedsFace) as got:
        match.play(RUN)
    need = got.value
    assert (need.sides, need.count, need.purpose, need.fighter) == (20, 1, "run", "a")
    assert [(t.key, t.value) for t in need.terms] == [("physique", 3), ("course", 2)]
    assert match.state is before and match.actions == []  # nothing changed
    answers = {"run": [12], "tackle": [5]}
    events, needs = ask(match, RUN, answers)
    for square in RUN["declared"]:  # R4.3: a step per square; moving on from (1, 2) passes z
        more, asked = ask(match, {"kind": "run_step", "to": square}, answers)
        events, needs = events + more, needs + asked
    assert [(n.purpose, n.sides, n.against) for n in needs] == [("run", 20, None), ("tackle", 8, "z")]
    assert TackleChecked(fighter="a", opponent="z", tackled=False) in events
    assert match.dice_position.scripted == (12, 5) and match.dice_position.table
    text = dump_save(save_from_match(match.setup, match.actions, match.dice_position))
    save = save_from_match(match.setup, match.actions, match.dice_position)
    setup, actions, position, _, _ = setup_from_save(Path("x"), save)
    again = match_from_save("x", setup, actions, position)
    assert dump_save(save_from_match(again.setup, again.actions, again.dice_position)) == text
    assert types(again.log) == types(match.log)


def test_r0_5_initiative_at_the_table_is_asked_when_the_match_starts():
    with pytest.raises(NeedsFace) as got:
        Match(table_setup())
    assert (got.value.purpose, got.value.fighter, got.value.sides) == ("initiative", "a", 20)
    match = Match(table_setup(scripted=[3, 17]))  # z rolls higher: z plays first
    assert match.state.active.id == "z"


def test_r0_1_a_face_outside_the_die_is_refused_and_changes_nothing():
    match = Match(table_setup(order=["a", "z"]))
    with pytest.raises(ScriptedFaceError):
        match.play(RUN, faces=[21])
    assert match.actions == [] and match.dice_position.used == 0
    with pytest.raises(NeedsFace):  # the refused face was not kept for the next roll
        match.play(RUN)


def test_r0_1_faces_given_for_a_refused_action_are_forgotten():
    match = Match(table_setup(order=["a", "z"]))
    with pytest.raises(Exception):  # noqa: B017 - a run to a square off the board is refused
        match.play({"kind": "run_start", "declared": [(-1, 2), (-2, 2), (-3, 2)]}, faces=[12])
    with pytest.raises(NeedsFace):
        match.play(RUN)


def test_undo_at_the_table_works_as_with_computer_dice():
    match = Match(table_setup(order=["a", "z"]))
    match.play({"kind": "walk", "to": (1, 2)})
    assert match.can_undo() and match.undo()
    ask(match, RUN, {"run": [12]})
    assert not match.can_undo()  # a roll is never taken back


def test_table_dice_rewind_to_a_checkpoint():
    dice = TableDice([4, 6])
    mark = dice.checkpoint()
    assert dice.face(6) == 4
    dice.restore(mark)
    assert dice.face(6) == 4 and dice.face(8) == 6
    with pytest.raises(NeedsFace):
        dice.face(8)
