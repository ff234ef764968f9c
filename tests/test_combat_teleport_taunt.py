"""R6 teleportation, R10 mana at zero, R7 taunts and R7.3 renown."""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import (
    Fainted,
    ManaChanged,
    ModifierAdded,
    RenownGained,
    Taunted,
    Teleported,
)
from arena_game.core.rules.taunt import advantaged_window
from arena_game.core.settings import RulesSettings
from arena_game.i18n import refusal_line
from arena_game.i18n.narration import dice_line
from tests.builders import play, tiny_match, types

ARENA = """
..........
..........
.....#....
..........
"""


def match(faces=(), a=None, b=None, more=None, grid=ARENA, **kw):
    fighters = {
        "a": {"team": "red", "at": (0, 0), **(a or {})},
        "b": {"team": "blue", "at": (9, 3), **(b or {})},
        **(more or {}),
    }
    return tiny_match(grid, fighters, faces=list(faces), **kw)


# -- R6 ---------------------------------------------------------------------------------


def test_r6_1_potion_teleports_anywhere_free_and_walkable_and_is_used_up():
    state, dice = match(a={"teleport_potions": 2})
    state, events = play(state, dice, {"kind": "teleport", "to": (8, 3), "means": "potion"})
    assert events == [Teleported(fighter="a", origin=(0, 0), to=(8, 3), means="potion")]
    assert state.fighters["a"].position == (8, 3)
    assert state.fighters["a"].teleport_potions == 1
    assert state.budget.acted


def test_r6_1_potion_refusals():
    state, dice = match(a={"teleport_potions": 1})
    with pytest.raises(IllegalAction, match=r"^R6\.1: the wall at \(5, 2\) is not a walkable square"):
        play(state, dice, {"kind": "teleport", "to": (5, 2), "means": "potion"})
    with pytest.raises(IllegalAction, match=r"^R6\.1: \(9, 3\) is occupied by B"):
        play(state, dice, {"kind": "teleport", "to": (9, 3), "means": "potion"})


@pytest.mark.parametrize("lang, never, used", [
    ("en", "R6.1: A carries no Téléportation (teleport) potion",
     "R6.1: A has no Téléportation (teleport) potion left (carried at the start: 1)"),
    ("fr", "R6.1 : A n'a pas de potion de Téléportation", "R6.1 : A n'a plus de potion de Téléportation (au départ : 1)"),
])
def test_19_6_r6_1_no_potion_is_worded_apart_from_a_potion_used_up(lang, never, used):
    # a fighter that never carried a potion is not told it has none "left"
    state, dice = match()
    with pytest.raises(IllegalAction) as err:
        play(state, dice, {"kind": "teleport", "to": (3, 3), "means": "potion"})
    assert err.value.code == "no_potion" and refusal_line(err.value, lang) == never
    state, dice = match(a={"teleport_potions": 1})
    state, _ = play(state, dice, {"kind": "teleport", "to": (3, 3), "means": "potion"})
    state, _ = play(state, dice, {"kind": "end_turn"})
    state, _ = play(state, dice, {"kind": "end_turn"})
    with pytest.raises(IllegalAction) as err:
        play(state, dice, {"kind": "teleport", "to": (4, 3), "means": "potion"})
    assert err.value.code == "potion_used_up" and err.value.fields["had"] == 1
    assert refusal_line(err.value, lang) == used


def test_r9_1_teleport_into_lava_is_suicide_and_refused():
    grid = """
..L.......
..........
"""
    state, dice = match(a={"teleport_potions": 1}, grid=grid, b={"at": (9, 1)})
    with pytest.raises(IllegalAction, match=r"^R9\.1: the lava at \(2, 0\) is a deadly square"):
        play(state, dice, {"kind": "teleport", "to": (2, 0), "means": "potion"})


def test_r6_2_spell_within_magie_squares_costs_mana():
    state, dice = match(a={"attributes": {"magie": 3}, "mana": 8})
    state, events = play(state, dice, {"kind": "teleport", "to": (3, 2), "means": "spell"})
    assert events == [
        Teleported(fighter="a", origin=(0, 0), to=(3, 2), means="spell"),
        ManaChanged(fighter="a", delta=-5, mana=3, reason="teleport_spell"),
    ]
    assert state.fighters["a"].mana == 3
    state, dice = match(a={"attributes": {"magie": 3}, "mana": 8})
    with pytest.raises(IllegalAction, match=r"^R6\.2: \(4, 0\) is beyond the spell's reach of 3 squares"):
        play(state, dice, {"kind": "teleport", "to": (4, 0), "means": "spell"})
    state, dice = match(a={"attributes": {"magie": 3}, "mana": 4})
    with pytest.raises(IllegalAction, match=r"^R6\.2: the teleport spell costs 5 mana; A has 4"):
        play(state, dice, {"kind": "teleport", "to": (1, 0), "means": "spell"})


def test_r10_1_mana_at_zero_faints_for_2_turns_and_r10_2_wakes_with_locked_mana():
    state, dice = match(a={"attributes": {"magie": 3}, "mana": 5}, faces=[3])
    state, events = play(state, dice, {"kind": "teleport", "to": (1, 1), "means": "spell"})
    assert types(events) == ["teleported", "mana_changed", "fainted", "turn_ended", "turn_started"]
    assert events[2] == Fainted(fighter="a", turns=2)
    a = state.fighters["a"]
    assert a.mana == 0 and a.asleep_turns == 2 and a.status() == "asleep"
    assert state.active.id == "b"
    state, events = play(state, dice, {"kind": "end_turn"})  # a's 1st sleeping turn skipped
    assert types(events) == ["turn_ended", "turn_started", "turn_skipped", "turn_started"]
    state, events = play(state, dice, {"kind": "end_turn"})  # a's 2nd: skipped, wakes with 1d4 = 3
    assert types(events) == ["turn_ended", "turn_started", "turn_skipped", "dice_rolled", "woke_up", "turn_started"]
    a = state.fighters["a"]
    assert a.mana == 3 and a.mana_locked and a.asleep_turns == 0
    state, _ = play(state, dice, {"kind": "end_turn"})
    assert state.active.id == "a"
    with pytest.raises(IllegalAction, match=r"^R10\.2: the mana A woke up with cannot be used for spells"):
        play(state, dice, {"kind": "teleport", "to": (1, 0), "means": "spell"})


def test_r10_1_a_sleeping_fighter_can_do_nothing():
    state, dice = match()
    state.fighters["a"].asleep_turns = 1
    with pytest.raises(IllegalAction, match=r"^R10\.1: A has fainted and can do nothing"):
        play(state, dice, {"kind": "taunt", "style": "simple"})


# -- R7 ---------------------------------------------------------------------------------


def test_r7_2_simple_taunt_success_gives_the_team_dex_plus_5_and_the_first_2_pr():
    state, dice = match(
        faces=[20], a={"attributes": {"charisme": 3}, "skills": {"seduction": 2}},
        more={"c": {"team": "red", "at": (0, 3)}},
    )
    state, events = play(state, dice, {"kind": "taunt", "style": "simple"})
    assert dice_line(events[0]) == "Provocation simple : d20 20 + Charisme 3 + Séduction 2 = 25 [réussite critique]"
    assert events[1:] == [
        Taunted(fighter="a", style="simple", difficulty=25, success=True),
        ModifierAdded(fighter="a", source="taunt_simple", rule="R7.2", applies_to="dexterite", value=5, turns=1),
        ModifierAdded(fighter="c", source="taunt_simple", rule="R7.2", applies_to="dexterite", value=5, turns=1),
        RenownGained(team="red", amount=2, pr=2),
    ]
    assert state.teams["red"].pr == 2
    # the bonus shows in the next attack roll's breakdown and lasts to the end of a's next turn
    m = state.fighters["a"].modifiers[0]
    assert m.expires_after == state.fighters["a"].turns_taken + 2  # this turn and the next


def test_r7_3_only_the_first_success_earns_pr():
    state, dice = match(faces=[20, 20])
    state.teams["red"].taunt_success_done = True
    state, events = play(state, dice, {"kind": "taunt", "style": "simple"})
    assert "renown_gained" not in types(events)


def test_r7_2_simple_taunt_failure_gives_the_whole_team_dex_minus_5():
    state, dice = match(faces=[19], more={"c": {"team": "red", "at": (0, 3)}})
    state, events = play(state, dice, {"kind": "taunt", "style": "simple"})
    assert events[1] == Taunted(fighter="a", style="simple", difficulty=25, success=False)
    assert [(e.fighter, e.value) for e in events[2:]] == [("a", -5), ("c", -5)]


def test_r7_1_advantaged_taunt_only_in_the_turn_after_a_team_kill():
    sword = {"name": "Épée", "family": "melee", "damage": "1d8"}
    fighters = {
        "a": {"team": "red", "at": (0, 0), "weapon": sword},
        "c": {"team": "red", "at": (5, 0)},
        "b": {"team": "blue", "at": (1, 0), "pv": 1},
        "d": {"team": "blue", "at": (9, 3)},
    }
    state, dice = tiny_match(ARENA, fighters, faces=[15, 2, 12, 4, 15, 15, 15])
    with pytest.raises(IllegalAction, match=r"^R7\.1: the advantaged taunt is only for the turn after"):
        play(state, dice, {"kind": "taunt", "style": "advantaged"})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert events[-1].type == "died"
    assert not advantaged_window(state, state.active)  # not in the killer's own turn
    state, _ = play(state, dice, {"kind": "end_turn"})
    assert state.active.id == "c"  # teammate's first turn after the kill: open
    state, events = play(state, dice, {"kind": "taunt", "style": "advantaged"})
    assert events[1] == Taunted(fighter="c", style="advantaged", difficulty=15, success=True)
    assert [(e.fighter, e.value, e.rule) for e in events if e.type == "modifier_added"] == [
        ("a", 3, "R7.1"), ("c", 3, "R7.1"),
    ]
    state, _ = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    assert state.active.id == "a"  # the killer's own next turn: still open for it
    state, events = play(state, dice, {"kind": "taunt", "style": "advantaged"})
    assert events[1].success
    state, _ = play(state, dice, {"kind": "end_turn"})
    assert state.active.id == "c"  # c's second turn after the kill: closed
    with pytest.raises(IllegalAction, match=r"^R7\.1"):
        play(state, dice, {"kind": "taunt", "style": "advantaged"})


def test_r7_1_advantaged_failure_gives_only_the_taunter_dex_minus_3():
    state, dice = match(faces=[5], more={"c": {"team": "red", "at": (0, 3)}})
    state.teams["red"].kills.append(("x", state.turn_serial - 1))
    state, events = play(state, dice, {"kind": "taunt", "style": "advantaged"})
    assert events[1].success is False
    assert [(e.fighter, e.value) for e in events if e.type == "modifier_added"] == [("a", -3)]


def test_r7_taunt_modifier_changes_the_attack_roll():
    state, dice = match(faces=[20, 10, 10, 10, 4], a={"at": (8, 3), "attributes": {"charisme": 5}})
    state, _ = play(state, dice, {"kind": "taunt", "style": "simple"}, {"kind": "end_turn"}, {"kind": "end_turn"})
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert dice_line(events[0]) == "Attaque : d20 10 + Dextérité 0 + Compétence d'arme (mêlée) 0 + 5 (bonus : Provocation simple) = 15"


def test_r7_settings_change_difficulties():
    settings = RulesSettings.model_validate({"taunt": {"simple_difficulty": 10}})
    state, dice = match(faces=[10], settings=settings)
    state, events = play(state, dice, {"kind": "taunt", "style": "simple"})
    assert events[1].difficulty == 10 and events[1].success


def test_r6_2_spell_needs_sight_setting_refuses_a_square_behind_a_wall():
    # teleport.spell_needs_sight on: the wall at (5, 2) hides (6, 2) from (4, 2); the potion does not care
    settings = RulesSettings.model_validate({"teleport": {"spell_needs_sight": True}})
    state, dice = match(
        a={"at": (4, 2), "attributes": {"magie": 3}, "mana": 10, "teleport_potions": 1}, settings=settings,
    )
    with pytest.raises(IllegalAction, match=r"^R1\.6: no line of sight to \(6, 2\): the wall at \(5, 2\) is in the way"):
        play(state, dice, {"kind": "teleport", "to": (6, 2), "means": "spell"})
    state, events = play(state, dice, {"kind": "teleport", "to": (6, 2), "means": "potion"})
    assert events[0].to == (6, 2)
