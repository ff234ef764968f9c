"""Rules audit (session 41): edge cases of RULES.md on tiny maps with scripted dice, each
checking the exact events and state the rule asks for; and every kind of illegal action,
refused with a typed error naming its rule, changing nothing."""

from __future__ import annotations

import pytest

from arena_game.core import IllegalAction, apply, queries
from arena_game.core.settings import RulesSettings
from tests.builders import play, run, steps, tiny_match, types

HOUSE = RulesSettings.model_validate({"teams": {"suicide_allowed": True}})


def _rolls(events):
    """(fighter, purpose, face, total) of each roll, in order."""
    return [(e.fighter, e.roll.purpose, e.roll.face, e.roll.total) for e in events if e.type == "dice_rolled"]


def _refused(state, dice, action, message):
    before = state.clone()
    mark = dice.checkpoint()
    with pytest.raises(IllegalAction) as err:
        apply(state, action, dice)
    assert str(err.value) == message
    assert state == before and dice.checkpoint() == mark
    return err.value


# -- R2.4 with R3.1: a jump that leaves an adjacent opponent is a flight -------------------------

JUMP_AWAY = "..x..\n....."


def test_r2_4_r3_1_a_jump_away_from_an_opponent_rolls_the_flight_first():
    # a at (1, 0) beside b at (0, 0) jumps the crate at (2, 0) to (3, 0), no longer beside b
    fighters = {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (0, 0)}}
    state, dice = tiny_match(JUMP_AWAY, fighters, faces=[2, 10])
    state, events = play(state, dice, {"kind": "jump", "over": (2, 0)})
    assert types(events) == ["dice_rolled", "flee_checked", "dice_rolled", "jump_attempted", "moved"]
    assert _rolls(events) == [("a", "flee", 2, 2), ("a", "jump", 10, 10)]
    assert (events[1].opponents, events[1].success) == (["b"], True)
    assert state.fighters["a"].position == (3, 0) and state.budget.acrobatics


def test_r2_4_r3_1_a_failed_flight_is_no_jump_its_move_spent_and_no_malus_on_the_attack():
    fighters = {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (0, 0)}}
    state, dice = tiny_match(JUMP_AWAY, fighters, faces=[1, 10, 9])
    state, events = play(state, dice, {"kind": "jump", "over": (2, 0)})
    assert types(events) == ["dice_rolled", "flee_checked"] and not events[1].success
    assert state.fighters["a"].position == (1, 0)
    assert state.budget.move_spent and not state.budget.acrobatics  # no acrobatics: no −15 (R2.4)
    _refused(state, dice, {"kind": "walk", "to": (1, 1)}, "R0.6: A has already moved this turn")
    state, events = play(state, dice, {"kind": "attack", "target": "b"})  # its action is left (R0.6)
    assert events[0].roll.modifiers == [] and events[0].roll.total == 10


def test_r2_4_jumping_over_the_opponent_one_is_beside_is_no_flight():
    # the landing (2, 0) is beside the jumped b at (1, 0): nothing is fled (R3.1)
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0), "height_cm": 100}}
    state, dice = tiny_match("....\n....", fighters, faces=[10])
    state, events = play(state, dice, {"kind": "jump", "over": (1, 0)})
    assert types(events) == ["dice_rolled", "jump_attempted", "moved"]
    assert state.fighters["a"].position == (2, 0)


def test_r2_4_r2_2_a_diagonal_jump_past_a_dead_square_corner_is_refused_a_pillar_corner_is_not():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 1), "height_cm": 100}}
    state, dice = tiny_match("...\nL..\n...", fighters)
    _refused(state, dice, {"kind": "jump", "over": (1, 1)}, "R2.2: diagonal jump blocked by the lava at (0, 1)")
    state, dice = tiny_match("...\n..O\n...", fighters, faces=[10])  # the pillar beside the landing's half
    state, events = play(state, dice, {"kind": "jump", "over": (1, 1)})
    assert state.fighters["a"].position == (2, 2) and events[-1].path == [(0, 0), (2, 2)]


def test_r2_2_a_diagonal_walk_beside_an_obstacle_and_water_is_allowed():
    state, dice = tiny_match("x...\n....\n..~.", {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (3, 2)}})
    state, events = play(state, dice, {"kind": "walk", "to": (0, 1)})  # corner (0, 0) is an obstacle
    assert types(events) == ["moved"] and state.fighters["a"].position == (0, 1)


# -- R4: a fighter dying mid-run; tackles at the run's first and last squares ------------------

RUNWAY = "\n".join(["......."] * 3)


def test_r4_8_r0_7_a_mid_run_attack_kills_the_opponent_passed_no_tackle_is_rolled_for_it():
    # b beside the first run square (1, 1), not the start; the run attack there kills it, the run goes on
    fighters = {"a": {"team": "red", "at": (0, 1), "weapon": {"name": "Epee", "family": "melee", "damage": "1d6"}},
                "b": {"team": "blue", "at": (2, 0), "pv": 3}, "c": {"team": "blue", "at": (6, 2)}}
    # run 20 → 5 squares; attack 20 − 8 = 12 vs dodge 1; location 20 (legs), damage 6 + 1 square
    state, dice = tiny_match(RUNWAY, fighters, faces=[20, 20, 1, 20, 6])
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)])[:2], {"kind": "run_attack", "target": "b"})
    died = [e for e in events if e.type == "died"]
    assert [(d.fighter, d.cause, d.by, d.credited_team) for d in died] == [("b", "attack", "a", "red")]
    assert events[-2].amount == 7 and state.teams["red"].kills == [("b", state.turn_serial)]
    state, events = play(state, dice, *steps((2, 1), (3, 1)))
    assert "tackle_checked" not in types(events) and state.fighters["a"].position == (3, 1)
    assert state.budget.run.tackle_checked == []


def test_r4_7_no_tackle_leaving_the_start_square_a_tackle_leaving_the_first_run_square():
    # c beside the start (0, 1) and the first square (1, 1) is fled before the roll (R3); d beside
    # the first run square (1, 1) only rolls a d8 when the runner moves on from it (R4.7)
    fighters = {"a": {"team": "red", "at": (0, 1)}, "c": {"team": "blue", "at": (0, 0)},
                "d": {"team": "blue", "at": (2, 0)}}
    state, dice = tiny_match(RUNWAY, fighters, faces=[3, 20, 5])
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)])[:2])
    assert _rolls(events) == [("a", "flee", 3, 3), ("a", "run", 20, 20)]
    assert (events[2].type, events[2].opponents) == ("flee_checked", ["c"])
    state, events = play(state, dice, *steps((2, 1)))
    assert [(e.opponent, e.tackled) for e in events if e.type == "tackle_checked"] == [("d", False)]


def test_r4_7_the_run_ending_on_its_last_granted_square_beside_an_opponent_rolls_nothing():
    fighters = {"a": {"team": "red", "at": (0, 1)}, "d": {"team": "blue", "at": (4, 0)}}
    state, dice = tiny_match(RUNWAY, fighters, faces=[10])  # 10 → 3 squares: it ends on (3, 1)
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)]))
    assert "tackle_checked" not in types(events)
    assert (events[-1].type, events[-1].reason, events[-1].squares_left) == ("run_ended", "completed", 0)
    assert state.fighters["a"].modifiers == []


def test_r9_1_a_magic_runner_dies_on_a_dead_square_chosen_after_the_declared_ones():
    fighters = {"a": {"team": "red", "at": (0, 1), "magic_effect": True}, "c": {"team": "red", "at": (0, 0)},
                "z": {"team": "blue", "at": (5, 0)}}
    state, dice = tiny_match("......\n....L.\n......", fighters, faces=[20])
    state, events = play(state, dice, *run([(1, 1), (2, 1), (3, 1)], (4, 1)))
    tail = [e for e in events if e.type in ("moved", "died", "run_ended", "turn_ended", "turn_started")][-5:]
    assert [e.type for e in tail] == ["moved", "died", "run_ended", "turn_ended", "turn_started"]
    assert (tail[1].cause, tail[1].at, tail[1].credited_team) == ("hazard", (4, 1), None)
    assert (tail[2].reason, tail[2].squares_left) == ("died", 1)
    assert not state.fighters["a"].alive and state.active.id == "c" and state.lost_for_good == []


# -- R5: pushes at the edges ---------------------------------------------------------------------


def test_r5_2_r5_3_a_critical_push_against_a_fighter_right_behind_moves_nothing_but_fells():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)},
                "c": {"team": "blue", "at": (2, 0)}}
    state, dice = tiny_match("....\n....", fighters, faces=[20, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert types(events)[-2:] == ["pushed", "fell"]
    assert (events[-2].path, events[-2].fell, events[-2].into) == ([(1, 0)], True, "floor")
    assert state.fighters["b"].position == (1, 0) and state.fighters["b"].fallen


def test_r5_2_r5_3_a_critical_push_into_water_swims_and_does_not_fall():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)}}
    state, dice = tiny_match(".~~~.\n.....", fighters, faces=[20, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    # through the water and out on the floor beyond: the fall happens there (R5.2)
    assert types(events)[-2:] == ["pushed", "fell"]
    assert (events[-2].path, events[-2].fell, events[-2].into) == ([(1, 0), (2, 0), (3, 0), (4, 0)], True, "floor")
    state, dice = tiny_match(".~~~~\n.....", fighters, faces=[20, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert (events[-1].path[-1], events[-1].fell, events[-1].into) == ((4, 0), False, "water")
    assert not state.fighters["b"].fallen


def test_r5_3_a_push_off_the_map_corner_stays_put():
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (0, 0)}}
    state, dice = tiny_match("...\n...", fighters, faces=[15, 5])
    state, events = play(state, dice, {"kind": "push", "target": "b"})
    assert (events[-1].type, events[-1].path, events[-1].fell) == ("pushed", [(0, 0)], False)


# -- R6 with R9: teleporting onto a hazard -------------------------------------------------------


def test_r6_2_r9_1_a_magic_fighter_teleported_into_lava_dies_is_never_lost_and_pays_no_mana():
    fighters = {"a": {"team": "red", "at": (0, 0), "magic_effect": True, "mana": 5, "attributes": {"magie": 3}},
                "c": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match("..L..\n.....", fighters)
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 0), "means": "spell"})
    assert types(events) == ["teleported", "died", "turn_ended", "turn_started"]
    assert (events[1].cause, events[1].by, events[1].credited_team) == ("hazard", None, None)
    assert state.fighters["a"].mana == 5 and state.lost_for_good == [] and state.suicide_pending is None


def test_r6_1_r9_2_a_potion_into_lava_where_the_house_allows_waits_for_the_opponents_verdict():
    fighters = {"a": {"team": "red", "at": (0, 0), "teleport_potions": 1},
                "c": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match("..L..\n.....", fighters, settings=HOUSE)
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 0), "means": "potion"})
    assert types(events) == ["teleported", "died", "turn_ended", "turn_started"]
    assert events[1].cause == "suicide" and state.suicide_pending == "a"
    _refused(state, dice, {"kind": "end_turn"}, "R9.2: A committed suicide: their opponents first say whether they grant the exception")
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": True})
    assert types(events) == ["fighter_spared"] and state.lost_for_good == []


def test_r6_1_without_a_magic_effect_or_the_house_setting_a_teleport_into_a_hole_is_refused():
    fighters = {"a": {"team": "red", "at": (0, 0), "teleport_potions": 1}, "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match(".._..\n.....", fighters)
    _refused(state, dice, {"kind": "teleport", "to": (2, 0), "means": "potion"},
             "R9.1: the hole at (2, 0) is a deadly square (R2.5): moving into it would be suicide")


@pytest.mark.parametrize("height,blocked", [(175, False), (176, True)])
def test_r6_2_r1_6_with_spell_needs_sight_only_an_obstacle_taller_than_the_caster_blocks_the_spell(height, blocked):
    settings = RulesSettings.model_validate({"teleport": {"spell_needs_sight": True}})
    fighters = {"a": {"team": "red", "at": (0, 0), "mana": 5, "attributes": {"magie": 3}, "height_cm": 175},
                "b": {"team": "blue", "at": (3, 1)}}
    state, dice = tiny_match(".h..\n....", fighters, settings=settings, legend={"h": {"terrain": "obstacle", "height_cm": height}})
    action = {"kind": "teleport", "to": (2, 0), "means": "spell"}
    assert ((2, 0) in queries.teleport_targets(state).spell) is not blocked
    if blocked:
        _refused(state, dice, action, "R1.6: no line of sight to (2, 0): the obstacle at (1, 0) is in the way")
    else:
        state, events = play(state, dice, action)
        assert types(events)[:2] == ["teleported", "mana_changed"] and state.fighters["a"].position == (2, 0)


# -- R7.4: taunt modifiers replace each other --------------------------------------------------


def test_r7_4_a_failed_advantaged_taunt_replaces_only_the_taunters_running_bonus():
    # taunts lasting 3 turns (a setting) so both bonuses still run: a's simple taunt succeeds (+5 for
    # red); c kills b2; then a's advantaged taunt fails: a's +5 gives way to −3 (R7.1, R7.4), c keeps +5
    fighters = {"a": {"team": "red", "at": (0, 0), "skills": {"seduction": 10}}, "b": {"team": "blue", "at": (4, 0)},
                "c": {"team": "red", "at": (2, 1)}, "b2": {"team": "blue", "at": (3, 1), "pv": 1}}
    faces = [15,  # a: simple taunt 15 + 10 = 25 ≥ 25
             20, 1, 20, 1,  # c kills b2: attack 20 + 5 vs dodge 1, location 20, damage 1
             1]  # a: advantaged taunt 1 + 10 = 11 < 15
    settings = RulesSettings.model_validate({"taunt": {"duration_turns": 3}})
    state, dice = tiny_match(".....\n.....", fighters, faces=faces, order=["a", "b", "c", "b2"], settings=settings)
    state, _ = play(state, dice, {"kind": "taunt", "style": "simple"}, {"kind": "end_turn"}, {"kind": "end_turn"},
                    {"kind": "attack", "target": "b2"})
    assert not state.fighters["b2"].alive
    state, _ = play(state, dice, {"kind": "end_turn"})  # b2 is dead: a plays next
    assert state.active.id == "a"
    state, events = play(state, dice, {"kind": "taunt", "style": "advantaged"})
    assert [(e.type, e.fighter, getattr(e, "value", None)) for e in events if e.type.startswith("modifier")] == [
        ("modifier_expired", "a", None), ("modifier_added", "a", -3)]
    assert [(m.source, m.value) for m in state.fighters["a"].modifiers] == [("taunt_advantaged_failed", -3)]
    assert [(m.source, m.value) for m in state.fighters["c"].modifiers] == [("taunt_simple", 5)]


# -- R8: circle attack with friends around ---------------------------------------------------

AXE = {"name": "Hache", "family": "two_handed", "damage": "1d6"}


def test_r8_1_r10_1_a_sleeping_friend_in_the_round_is_hit_unless_its_dodge_is_a_natural_20():
    fighters = {"a": {"team": "red", "at": (1, 1), "weapon": AXE}, "f": {"team": "red", "at": (1, 0)},
                "b": {"team": "blue", "at": (2, 1)}}
    # attack 2; the sleeping friend dodges 19 (no critical): hit; b dodges 1: hit; location 20, damage 5
    state, dice = tiny_match("...\n...\n...", fighters, faces=[2, 19, 1, 20, 5])
    state.fighters["f"].asleep_turns = 1
    state, events = play(state, dice, {"kind": "circle_attack", "order": [(1, 0), (2, 1)]})
    assert [(e.target, e.hit) for e in events if e.type == "attacked"] == [("f", True), ("b", True)]
    assert [(e.fighter, e.amount, e.location) for e in events if e.type == "damaged"] == [
        ("f", 3, "jambes"), ("b", 2, "jambes")]
    state, dice = tiny_match("...\n...\n...", fighters, faces=[19, 1, 20, 20, 5])
    state.fighters["f"].asleep_turns = 1
    state, events = play(state, dice, {"kind": "circle_attack", "order": [(2, 1), (1, 0)]})
    assert [(e.target, e.hit) for e in events if e.type == "attacked"] == [("b", True), ("f", False)]
    assert [(e.fighter, e.amount) for e in events if e.type == "damaged"] == [("b", 5)]


# -- R10: mana at zero ------------------------------------------------------------------------


def test_r10_1_with_no_faint_turns_mana_at_zero_leaves_the_caster_awake_in_its_turn():
    settings = RulesSettings.model_validate({"magic": {"faint_turns": 0}})
    fighters = {"a": {"team": "red", "at": (0, 0), "mana": 5, "attributes": {"magie": 2}},
                "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match(".....\n.....", fighters, settings=settings)
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 0), "means": "spell"})
    assert types(events) == ["teleported", "mana_changed"] and state.fighters["a"].mana == 0
    assert state.active.id == "a" and state.fighters["a"].asleep_turns == 0
    state, events = play(state, dice, {"kind": "walk", "to": (3, 0)})
    assert types(events) == ["moved"]
    state, _ = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    _refused(state, dice, {"kind": "teleport", "to": (0, 0), "means": "spell"},
             "R6.2: the teleport spell costs 5 mana; A has 0")


def test_r10_1_mana_reaching_zero_ends_the_turn_and_the_sleeper_loses_its_next_two():
    fighters = {"a": {"team": "red", "at": (0, 0), "mana": 5, "attributes": {"magie": 2}},
                "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match(".....\n.....", fighters, faces=[3])
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 0), "means": "spell"})
    assert types(events) == ["teleported", "mana_changed", "fainted", "turn_ended", "turn_started"]
    state, events = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    assert [(e.type, getattr(e, "fighter", None)) for e in events] == [
        ("turn_ended", "b"), ("turn_started", "a"), ("turn_skipped", "a"), ("turn_started", "b"),
        ("turn_ended", "b"), ("turn_started", "a"), ("turn_skipped", "a"), ("dice_rolled", "a"), ("woke_up", "a"),
        ("turn_started", "b")]
    assert (state.fighters["a"].mana, state.fighters["a"].mana_locked) == (3, True)


# -- R2.3: swimming ---------------------------------------------------------------------------


def test_r2_3_a_swim_granted_fewer_squares_than_its_path_stops_in_the_water():
    fighters = {"a": {"team": "red", "at": (0, 0), "skills": {"nage": 2}}, "b": {"team": "blue", "at": (4, 1)}}
    state, dice = tiny_match(".~~~.\n.....", fighters, faces=[18])  # 18 + 2 = 20: two squares
    state, events = play(state, dice, {"kind": "swim", "path": [(1, 0), (2, 0), (3, 0), (4, 0)]})
    assert types(events) == ["dice_rolled", "swim_rolled", "moved"]
    assert (events[1].squares, events[2].path) == (2, [(0, 0), (1, 0), (2, 0)])
    _refused(state, dice, {"kind": "attack", "target": "b"}, "R2.3: a swimmer performs no action in a turn spent swimming")


# -- every kind of illegal action: a typed refusal naming its rule, nothing changed ----------------

DUEL = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}, "c": {"team": "red", "at": (0, 2)}}


@pytest.mark.parametrize("action,message", [
    ({"kind": "walk", "to": (3, 3)}, "R2.1: (3, 3) is not adjacent to (1, 1)"),
    ({"kind": "walk", "to": (2, 1)}, "R2.1: (2, 1) is occupied by B"),
    ({"kind": "walk", "to": (1, 0)}, "R13: (1, 0) is a wall"),
    ({"kind": "swim", "path": [(1, 2)]}, "R2.3: A is not in the water and (1, 2) is not water"),
    ({"kind": "jump", "over": (0, 2)}, "R2.4: C is a teammate: one jumps over an opponent or an object"),
    ({"kind": "stand_up"}, "R5.2: A is not on the ground"),
    ({"kind": "run_start", "declared": [(2, 1), (3, 1), (4, 1)]}, "R4.9: (2, 1) is occupied by B"),
    ({"kind": "run_start", "declared": [(2, 2), (3, 2), (3, 1)]}, "R4.4: a run turns at most 45° per step: "
     "(3, 2) → (3, 1) after (2, 2) → (3, 2) is a right angle (90°), allowed only on a labyrinth map"),
    ({"kind": "run_start", "declared": [(1, 2)]}, "R4.1: a run declares 3 squares before the roll: 1 declared and (2, 3) could follow"),
    ({"kind": "run_step", "to": (1, 2)}, "R4.3: A is not running: a run starts by declaring its squares"),
    ({"kind": "run_stop"}, "R4.3: A is not running: a run starts by declaring its squares"),
    ({"kind": "run_attack", "target": "b"}, "R4.8: A is not running this turn"),
    ({"kind": "attack", "target": "a"}, "R9.1: A may not attack themselves: suicide is forbidden unless under a magic effect"),
    ({"kind": "attack", "target": "zed"}, "R0.4: there is no fighter 'zed'"),
    ({"kind": "circle_attack", "order": [(2, 1)]}, "R8.1: a circle attack needs a two-handed or very long weapon, not Poings"),
    ({"kind": "push", "target": "a"}, "R5.1: A cannot push themselves"),
    ({"kind": "push", "target": "zed"}, "R5.1: there is no fighter 'zed'"),
    ({"kind": "teleport", "to": (3, 3), "means": "potion"}, "R6.1: A carries no teleport potion"),
    ({"kind": "teleport", "to": (3, 3), "means": "spell"}, "R6.2: the teleport spell costs 5 mana; A has 0"),
    ({"kind": "taunt", "style": "advantaged"}, "R7.1: the advantaged taunt is only for the turn after the team killed an opponent"),
    ({"kind": "suicide_verdict", "target": "a", "spared": True}, "R9.2: no suicide of 'a' awaits the opponents' verdict"),
    ({"kind": "walk", "to": (1, 2), "fighter": "b"}, "R0.5: it is A's turn, not 'b''s"),
])
def test_r0_6_an_illegal_action_names_its_rule_and_reason_and_changes_nothing(action, message):
    state, dice = tiny_match(".#...\n.....\n.....\n.....", DUEL, faces=[7, 7, 7])
    err = _refused(state, dice, action, message)
    assert err.code and err.rule == message.split(":")[0]


def test_r0_7_every_action_after_the_match_is_over_is_refused_changing_nothing():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0), "pv": 1}}
    state, dice = tiny_match("...\n...", fighters, faces=[20, 1, 20, 1])
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert state.over and state.winner == "red" and types(events)[-1] == "match_ended"
    for action in ({"kind": "end_turn"}, {"kind": "walk", "to": (0, 1)}, {"kind": "taunt", "style": "simple"}):
        _refused(state, dice, action, "R0.7: the match is over")
    assert queries.open_action_kinds(state) == set()
