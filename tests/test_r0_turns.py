"""R0.5 turn order and modifier durations, R0.6 the turn's budget, R0.7 death, R0.8 distance,
R5.2 standing up, R10.1/R10.2 sleeping turns, and the engine's contract."""

import pytest

from arena_game.core import IllegalAction, MatchOver, ScriptedDice, apply, start_match
from arena_game.core import engine as engine_module
from arena_game.core.geometry import chebyshev, is_adjacent
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import action_refusal, move_refusal
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings, TurnSettings
from arena_game.core.sheets import Team
from arena_game.core.summary import state_summary
from arena_game.i18n.narration import dice_line
from arena_game.i18n.terms import roll_line
from tests.builders import play, run, sheet, tiny_board, tiny_match, types

TWO = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 0)}}


def _initiative(faces, agilities):
    board = tiny_board(".....")
    ids = list(agilities)
    teams = [
        Team(id="red", name="Red", fighters=[sheet(i, "red", attributes={"agilite": agilities[i]}) for i in ids[:2]]),
        Team(id="blue", name="Blue", fighters=[sheet(i, "blue", attributes={"agilite": agilities[i]}) for i in ids[2:]]),
    ]
    placements = {fid: (x, 0) for x, fid in enumerate(ids)}
    return start_match(board, teams, placements, DEFAULT_SETTINGS, ScriptedDice(faces))


# -- R0.5 turn order -------------------------------------------------------------------


def test_r0_5_initiative_highest_total_first():
    state, events = _initiative([5, 12, 9], {"a": 1, "b": 1, "c": 1})
    assert types(events) == [
        "match_started", "dice_rolled", "dice_rolled", "dice_rolled", "turn_order_set", "turn_started",
    ]
    rolls = [e for e in events if e.type == "dice_rolled"]
    assert [(e.fighter, e.roll.total) for e in rolls] == [("a", 6), ("b", 13), ("c", 10)]
    assert dice_line(rolls[0]) == "Initiative : d20 5 + Agilité 1 = 6"
    assert events[4].order == ["b", "c", "a"] and events[4].rolled
    assert (events[5].fighter, events[5].round) == ("b", 1)
    assert state.order == ["b", "c", "a"] and state.active.id == "b"


def test_r0_5_initiative_ties_go_to_agilite_then_sheet_order():
    # Totals all 12: c has the highest Agilité; a and b tie on Agilité too, so sheet order.
    state, events = _initiative([10, 10, 8], {"a": 2, "b": 2, "c": 4})
    assert state.order == ["c", "a", "b"]


def test_r0_5_fixed_turn_order_rolls_nothing():
    state, dice = tiny_match(".....", TWO, order=["b", "a"])
    assert state.order == ["b", "a"] and dice.position == 0


def test_r0_5_turn_order_must_name_every_fighter():
    board = tiny_board(".....")
    teams = [Team(id="red", name="R", fighters=[sheet("a", "red")]),
             Team(id="blue", name="B", fighters=[sheet("b", "blue")])]
    with pytest.raises(IllegalAction, match="^R0.5: the turn order must name every fighter exactly once$"):
        start_match(board, teams, {"a": (0, 0), "b": (1, 0)}, DEFAULT_SETTINGS, ScriptedDice([]), ["a"])


def test_r0_5_rounds_count_full_cycles():
    state, dice = tiny_match(".....", TWO)
    state, events = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    assert [(e.fighter, e.round) for e in events if e.type == "turn_started"] == [("b", 1), ("a", 2)]
    assert state.round == 2


def test_r0_5_action_for_another_fighter_is_refused():
    state, dice = tiny_match(".....", TWO)
    with pytest.raises(IllegalAction, match="^R0.5: it is A's turn, not 'b''s$"):
        apply(state, {"kind": "end_turn", "fighter": "b"}, dice)
    state, events = apply(state, {"kind": "end_turn", "fighter": "a"}, dice)
    assert state.active.id == "b"


# -- R0.5 modifier durations -----------------------------------------------------------


def _modifier(state, dice, who, turns, value=-5):
    r = Resolution(state, dice)
    r.add_modifier(state.fighters[who], "taunt_simple_failed", "R7.2", "dexterite", value, turns)
    return r.events


def test_r0_5_modifier_given_in_own_turn_lasts_until_end_of_next_own_turn():
    state, dice = tiny_match(".....", TWO)
    added = _modifier(state, dice, "a", 1)
    assert [(e.type, e.fighter, e.turns, e.value) for e in added] == [("modifier_added", "a", 1, -5)]
    state, ev1 = play(state, dice, {"kind": "end_turn"})  # end of a's current turn: still on
    state, ev2 = play(state, dice, {"kind": "end_turn"})  # b's turn
    assert "modifier_expired" not in types(ev1 + ev2)
    assert [m.source for m in state.fighters["a"].modifiers] == ["taunt_simple_failed"]
    state, ev3 = play(state, dice, {"kind": "end_turn"})  # end of a's next turn: gone
    assert types(ev3) == ["turn_ended", "modifier_expired", "turn_started"]
    assert (ev3[1].fighter, ev3[1].source) == ("a", "taunt_simple_failed")
    assert state.fighters["a"].modifiers == []


def test_r0_5_modifier_given_in_another_fighters_turn_ends_with_its_next_turn():
    state, dice = tiny_match(".....", TWO)
    _modifier(state, dice, "b", 1)  # given to b during a's turn
    assert state_summary(state)["fighters"][1]["modifiers"][0]["turns_left"] == 1
    state, ev1 = play(state, dice, {"kind": "end_turn"})
    assert "modifier_expired" not in types(ev1)
    state, ev2 = play(state, dice, {"kind": "end_turn"})  # end of b's next (first) turn
    assert types(ev2) == ["turn_ended", "modifier_expired", "turn_started"]
    assert ev2[1].fighter == "b" and state.fighters["b"].modifiers == []


def test_r0_5_five_turn_modifier_ends_with_the_fifth_next_turn():
    state, dice = tiny_match(".....", TWO)
    _modifier(state, dice, "b", 5)
    expired_after = None
    for n in range(1, 12):  # n-th end_turn: odd n end a's turns, even n end b's
        state, events = play(state, dice, {"kind": "end_turn"})
        if "modifier_expired" in types(events):
            expired_after = n
            break
    assert expired_after == 10  # b's 5th turn


def test_r0_5_modifier_applies_to_matching_rolls_only():
    state, dice = tiny_match(".....", TWO, faces=[10, 10])
    _modifier(state, dice, "a", 1, value=-3)
    r = Resolution(state, dice)
    dex = r.check_roll(state.fighters["a"], "Attaque", ("dexterite",), "attack")
    swim = r.check_roll(state.fighters["a"], "Nage", ("physique", "nage"), "swim")
    assert (dex.total, swim.total) == (7, 10)
    assert roll_line(dex, "fr") == "Attaque : d20 10 + Dextérité 0 − 3 (malus : Provocation simple ratée) = 7"


def test_r0_5_zero_modifier_or_zero_turns_is_not_added():
    state, dice = tiny_match(".....", TWO)
    assert _modifier(state, dice, "a", 0) == [] and _modifier(state, dice, "a", 2, value=0) == []
    assert state.fighters["a"].modifiers == []


# -- R0.6 the turn's budget ----------------------------------------------------------------


def test_r0_6_walk_then_action_is_allowed_but_not_a_second_walk():
    state, dice = tiny_match(".....", TWO)
    state, _ = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert action_refusal(state, state.active) is None
    with pytest.raises(IllegalAction, match="^R0.6: A has already moved this turn$"):
        apply(state, {"kind": "walk", "to": (2, 0)}, dice)


def test_r0_6_action_then_walk_is_allowed_but_no_second_action():
    state, dice = tiny_match(".....", TWO)
    state.budget.acted = True  # as an attack would leave it
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved"]
    assert str(action_refusal(state, state.active)) == "R0.6: A has already acted this turn"


def test_r0_6_walk_after_action_can_be_switched_off():
    settings = RulesSettings(turns=TurnSettings(walk_then_action=False))
    state, dice = tiny_match(".....", TWO, settings=settings)
    state.budget.acted = True
    with pytest.raises(IllegalAction, match="^R0.6: A has already acted this turn$"):
        apply(state, {"kind": "walk", "to": (1, 0)}, dice)


def test_r0_6_no_jump_swim_or_run_after_an_action():
    state, dice = tiny_match(".~...", TWO)
    state.budget.acted = True
    f = state.active
    assert str(move_refusal(state, f, "jump")) == "R0.6: the jump comes before the action, not after it"
    assert str(move_refusal(state, f, "swim")) == "R2.3: a fighter who acted this turn cannot swim: swimming leaves no action"
    assert str(move_refusal(state, f, "run")) == "R0.6: a run cannot follow an action in the same turn"


def test_r0_6_end_turn_is_always_legal():
    state, dice = tiny_match(".....", TWO)
    state.fighters["a"].fallen = True
    state.budget.acted = True
    state.budget.move_spent = True
    state, events = play(state, dice, {"kind": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started"]


def test_r0_6_auto_end_turn_once_moved_and_acted():
    settings = RulesSettings(turns=TurnSettings(auto_end_turn=True))
    state, dice = tiny_match(".....", TWO, settings=settings)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved"] and state.active.id == "a"  # an action is still left
    state, _ = play(state, dice, {"kind": "end_turn"})
    state.budget.acted = True  # b acted, then walks: nothing left, the turn ends by itself
    state, events = apply(state, {"kind": "walk", "to": (3, 0)}, dice)
    assert types(events) == ["moved", "turn_ended", "turn_started"]
    assert state.active.id == "a" and state.fighters["b"].position == (3, 0)


# -- R0.7 death ------------------------------------------------------------------------------


def test_r0_7_dead_fighter_leaves_the_board_and_its_turn_passes():
    fighters = {
        "a": {"team": "red", "at": (0, 0), "magic_effect": True},
        "c": {"team": "red", "at": (0, 1)},
        "b": {"team": "blue", "at": (3, 1)},
    }
    state, dice = tiny_match(".L..\n....", fighters)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved", "died", "turn_ended", "turn_started"]
    died = events[1]
    assert (died.fighter, died.cause, died.by, died.credited_team, died.at) == ("a", "hazard", None, None, (1, 0))
    assert events[3].fighter == "c"
    assert not state.fighters["a"].alive and state.fighter_at((1, 0)) is None
    assert (1, 0) not in state.occupied()
    assert state_summary(state)["fighters"][0]["status"] == "dead"
    # Its later turns are skipped.
    state, events = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    assert [e.fighter for e in events if e.type == "turn_started"] == ["b", "c"]


def test_r0_7_last_team_standing_ends_the_match():
    fighters = {"a": {"team": "red", "at": (0, 0), "magic_effect": True}, "b": {"team": "blue", "at": (3, 0)}}
    state, dice = tiny_match(".L..", fighters)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert types(events) == ["moved", "died", "match_ended"]
    assert (events[2].winner, events[2].reason) == ("blue", "last_team_standing")
    assert state.over and state.winner == "blue"
    assert state_summary(state)["active"] is None
    with pytest.raises(MatchOver, match="^R0.7: the match is over$"):
        apply(state, {"kind": "end_turn"}, dice)


def test_r0_7_kill_is_credited_to_the_killers_team():
    state, dice = tiny_match(".....", TWO)
    r = Resolution(state, dice)
    r.kill(state.fighters["b"], "attack", state.fighters["a"])
    assert [(e.type, e.credited_team, e.by) for e in r.events] == [("died", "red", "a")]
    assert state.teams["red"].kills == [("b", state.turn_serial)]


# -- R0.8 distance -----------------------------------------------------------------------------


def test_r0_8_distance_is_chebyshev():
    assert chebyshev((0, 0), (3, 2)) == 3
    assert chebyshev((2, 2), (1, 1)) == 1
    assert is_adjacent((2, 2), (3, 3)) and not is_adjacent((2, 2), (2, 2))
    assert not is_adjacent((0, 0), (2, 1))


# -- R5.2 standing up -------------------------------------------------------------------------


def _fallen_b():
    state, dice = tiny_match(".....", TWO)
    state.fighters["b"].fallen = True  # as a critical push in a's turn would leave it
    state, _ = play(state, dice, {"kind": "end_turn"})
    return state, dice


def test_r5_2_fallen_fighter_spends_its_turn_standing_up():
    state, dice = _fallen_b()
    assert state_summary(state)["fighters"][1]["status"] == "fallen"
    with pytest.raises(IllegalAction, match="^R5.2: B is on the ground: this turn is spent standing up$"):
        apply(state, {"kind": "walk", "to": (3, 0)}, dice)
    state, events = play(state, dice, {"kind": "stand_up"})
    assert types(events) == ["stood_up"] and not state.fighters["b"].fallen
    with pytest.raises(IllegalAction, match="^R0.6: B has already moved this turn$"):
        apply(state, {"kind": "walk", "to": (3, 0)}, dice)
    assert str(action_refusal(state, state.active)) == "R0.6: B has already acted this turn"
    state, events = play(state, dice, {"kind": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started"]


def test_r5_2_ending_the_turn_on_the_ground_stands_up():
    state, dice = _fallen_b()
    state, events = play(state, dice, {"kind": "end_turn"})
    assert types(events) == ["stood_up", "turn_ended", "turn_started"]
    assert not state.fighters["b"].fallen


def test_r5_2_stand_up_when_not_fallen_is_refused():
    state, dice = tiny_match(".....", TWO)
    with pytest.raises(IllegalAction, match="^R5.2: A is not on the ground$"):
        apply(state, {"kind": "stand_up"}, dice)


# -- R10.1 / R10.2 sleeping ----------------------------------------------------------------------


def test_r10_1_sleeper_skips_its_turns_then_r10_2_wakes_with_unusable_mana():
    state, dice = tiny_match(".....", TWO, faces=[3])
    state.fighters["b"].asleep_turns = 2  # as fainting (R10.1) would leave it
    state.fighters["b"].mana = 0
    state, ev1 = play(state, dice, {"kind": "end_turn"})
    assert types(ev1) == ["turn_ended", "turn_started", "turn_skipped", "turn_started"]
    assert (ev1[2].fighter, ev1[2].reason) == ("b", "asleep")
    assert state.active.id == "a" and state_summary(state)["fighters"][1]["status"] == "asleep"
    state, ev2 = play(state, dice, {"kind": "end_turn"})
    assert types(ev2) == ["turn_ended", "turn_started", "turn_skipped", "dice_rolled", "woke_up", "turn_started"]
    assert dice_line(ev2[3]) == "Réveil (mana) : d4 3"
    assert (ev2[4].fighter, ev2[4].mana) == ("b", 3)
    b = state.fighters["b"]
    assert (b.mana, b.mana_locked, b.asleep_turns, b.turns_taken) == (3, True, 0, 2)
    state, ev3 = play(state, dice, {"kind": "end_turn"})
    assert types(ev3) == ["turn_ended", "turn_started"] and state.active.id == "b"


def test_r10_1_sleeper_can_do_nothing():
    state, dice = tiny_match(".....", TWO)
    state.fighters["a"].asleep_turns = 1
    with pytest.raises(IllegalAction, match="^R10.1: A has fainted and can do nothing$"):
        apply(state, {"kind": "walk", "to": (1, 0)}, dice)


def test_r10_1_skipped_turns_count_for_modifier_durations():
    state, dice = tiny_match(".....", TWO, faces=[2])
    _modifier(state, dice, "b", 1)
    state.fighters["b"].asleep_turns = 1
    state, events = play(state, dice, {"kind": "end_turn"})
    assert types(events) == [
        "turn_ended", "turn_started", "turn_skipped", "modifier_expired", "dice_rolled", "woke_up",
        "turn_started",
    ]


# -- the engine's contract ------------------------------------------------------------------------


def test_illegal_action_changes_nothing():
    state, dice = tiny_match(".#...", TWO, faces=[4])
    before = state_summary(state)
    with pytest.raises(IllegalAction):
        apply(state, {"kind": "walk", "to": (1, 0)}, dice)
    assert state_summary(state) == before and dice.position == 0


def test_refusal_after_a_roll_rewinds_the_dice(monkeypatch):
    state, dice = tiny_match(".....", TWO, faces=[4, 5])

    def rolls_then_refuses(r, action):
        r.plain_roll(r.state.active, "Test", 6)
        r.state.active.pv = 1
        raise IllegalAction("R0.6", "changed my mind")

    monkeypatch.setitem(engine_module.HANDLERS, "taunt", rolls_then_refuses)
    before = state_summary(state)
    with pytest.raises(IllegalAction, match="^R0.6: changed my mind$"):
        apply(state, {"kind": "taunt", "style": "simple"}, dice)
    assert dice.position == 0 and state_summary(state) == before
    assert dice.face(6) == 4


def test_apply_leaves_the_callers_state_untouched():
    state, dice = tiny_match(".....", TWO)
    new, _ = apply(state, {"kind": "walk", "to": (1, 0)}, dice)
    assert state.fighters["a"].position == (0, 0) and new.fighters["a"].position == (1, 0)
    assert new.board is state.board and new.settings is state.settings


def test_r0_6_auto_end_turn_after_a_finished_run_unless_its_attack_is_left():
    """With auto_end_turn, a run that ends with no adjacent opponent ends the turn; a run
    that ends beside one leaves the turn open for the R4.8 run attack."""
    settings = RulesSettings(turns=TurnSettings(auto_end_turn=True))
    grid = "\n".join(["." * 10] * 3)
    far = {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (9, 1)}}
    state, dice = tiny_match(grid, far, faces=[5], settings=settings)  # 5 → 2 squares
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)])[:3])
    assert types(events)[-3:] == ["run_ended", "turn_ended", "turn_started"]
    assert state.active.id == "b"
    near = {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (3, 0)}}
    state, dice = tiny_match(grid, near, faces=[5], settings=settings)
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)])[:3])
    assert types(events)[-1] == "run_ended" and state.active.id == "a"


def test_r0_7_the_match_ends_exactly_when_at_most_one_team_has_a_living_fighter():
    import itertools

    from arena_game.core.rules.turns import check_match_end

    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "red", "at": (1, 0)},
                "c": {"team": "blue", "at": (2, 0)}, "d": {"team": "green", "at": (3, 0)},
                "e": {"team": "blue", "at": (4, 0)}}
    ended = 0
    for alive in itertools.product([False, True], repeat=5):
        state, dice = tiny_match(".....", fighters)
        for f, living in zip(state.fighters.values(), alive, strict=True):
            f.alive = living
        r = Resolution(state, dice)
        check_match_end(r)
        teams = state.living_teams()
        assert state.over == (len(teams) <= 1), alive
        assert state.winner == (teams[0] if len(teams) == 1 else None), alive
        assert types(r.events) == (["match_ended"] if state.over else []), alive
        ended += state.over
    assert ended == 1 + 3 + 3 + 1  # no one, or one team alone: red (3 ways), blue (3 ways), green (1 way)
