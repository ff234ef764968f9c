"""R0.5 Reading as a setting: "for N turns" counts the affected fighter's own turns by
default, or whole rounds with `turns.duration_clock = "rounds"`."""

import pytest

from arena_game.core.settings import RulesSettings, TurnSettings
from arena_game.core.summary import state_summary
from arena_game.i18n.narration import describe
from arena_game.render.glyphs import drawable
from tests.builders import play, run, tiny_match, types

GRID = "\n".join(["." * 10] * 3)
FIGHTERS = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (9, 2)}}
# a runs: d20 20 → 5 squares, runs its 3 declared squares, stops with 2 left (R4.5: −2, 1 turn)
RUN_AND_STOP = (*run([(1, 0), (2, 0), (3, 0)]), {"kind": "run_stop"})


def _malus(state):
    return [m for m in state_summary(state)["fighters"][0]["modifiers"] if m["source"] == "voluntary_stop"]


def test_r0_5_own_turns_clock_expires_at_the_end_of_the_fighters_next_turn():
    state, dice = tiny_match(GRID, FIGHTERS, faces=[20])
    state, _ = play(state, dice, *RUN_AND_STOP)
    assert _malus(state)[0]["turns_left"] == 2  # this turn and the next
    state, _ = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})  # a, then b
    assert _malus(state)[0]["turns_left"] == 1
    state, events = play(state, dice, {"kind": "end_turn"})  # a's next turn ends
    assert types(events)[:2] == ["turn_ended", "modifier_expired"] and _malus(state) == []


def test_r0_5_rounds_clock_expires_at_the_end_of_the_next_round():
    settings = RulesSettings(turns=TurnSettings(duration_clock="rounds"))
    state, dice = tiny_match(GRID, FIGHTERS, faces=[20], settings=settings)
    state, _ = play(state, dice, *RUN_AND_STOP)
    assert _malus(state)[0]["turns_left"] == 2  # this round and the next
    state, _ = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})  # round 1 over
    assert state.round == 2 and _malus(state)[0]["turns_left"] == 1
    state, events = play(state, dice, {"kind": "end_turn"})  # a's turn ends: round 2 goes on
    assert "modifier_expired" not in types(events) and len(_malus(state)) == 1
    state, events = play(state, dice, {"kind": "end_turn"})  # b ends round 2
    assert types(events) == ["turn_ended", "modifier_expired", "turn_started"] and _malus(state) == []


def _sheet_mod_line(state, lang):
    from arena_game.ui.panels_html import sheet_html

    return next(line for line in sheet_html(state, lang, "a").split("<br>") if "R4.5" in line)


@pytest.mark.parametrize("clock", ["own_turns", "rounds"])
@pytest.mark.parametrize("lang, one", [("en", "1 turn"), ("fr", "1 tour")])
def test_r0_5_the_sheet_says_the_same_duration_as_the_log(clock, lang, one):
    settings = RulesSettings(turns=TurnSettings(duration_clock=clock))
    state, dice = tiny_match(GRID, FIGHTERS, faces=[20], settings=settings)
    state, events = play(state, dice, *RUN_AND_STOP)
    [added] = [e for e in events if e.type == "modifier_added"]
    assert added.turns == 1 and one in describe(added, {"a": "A"}, lang)
    assert state.turns_to_come(state.fighters["a"], state.fighters["a"].modifiers[0]) == added.turns
    assert one in _sheet_mod_line(state, lang)  # not "2 turns": the one source is the state
    state, _ = play(state, dice, {"kind": "end_turn"})  # b plays: a's next turn is still to come
    assert one in _sheet_mod_line(state, lang)
    state, _ = play(state, dice, {"kind": "end_turn"})  # a's next turn: the malus's last one
    last = {"own_turns": {"en": "end of this turn", "fr": "fin de ce tour"},
            "rounds": {"en": "end of this round", "fr": "fin de ce tour de table"}}[clock][lang]
    assert last in _sheet_mod_line(state, lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r4_5_the_sheet_signs_a_malus_with_a_minus_as_the_log_does(lang):
    state, dice = tiny_match(GRID, FIGHTERS, faces=[20])
    state, events = play(state, dice, *RUN_AND_STOP)
    [added] = [e for e in events if e.type == "modifier_added"]
    line = _sheet_mod_line(state, lang)
    n = abs(added.value)
    assert f"{drawable('−')}{n}" in line and f"-{n}" not in line  # a minus as the log signs it, as the window draws it
    assert f"−{abs(added.value)}" in describe(added, {"a": "A"}, lang)
