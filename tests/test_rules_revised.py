"""The six readings revised against the French text (issue 15): R4.1/R4.9 declared squares,
R4.5/R4.8 square by square from the first declared square, R4.4 reference heading (in
test_r4_4_headings.py), R6 teleport, R7.3/R7.4 taunts, R9.2 suicide. Tiny maps, scripted
dice, exact events and state; each reading's scenario file is played at the end."""

from pathlib import Path

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import (
    Attacked,
    Damaged,
    Died,
    FighterSpared,
    LostForGood,
    ModifierAdded,
    ModifierExpired,
    Moved,
    RenownGained,
    RunEnded,
    TackleChecked,
    Teleported,
)
from arena_game.core.queries import taunt_replaces
from arena_game.core.settings import RulesSettings
from arena_game.formats.scenario import load_scenario
from arena_game.formats.scenario import play as play_scenario
from arena_game.i18n.narration import dice_line
from tests.builders import play, run, steps, tiny_match, types

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
OPEN = "\n".join(["." * 8] * 5)


def _runner(grid, faces=(), settings=None, **others):
    fighters = {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (7, 0)}}
    fighters.update(others)
    return tiny_match(grid, fighters, faces=list(faces), settings=settings or RulesSettings())


# -- R4.1 / R4.9: a declaration through a wall, water, a fighter or a cut corner is refused ------


@pytest.mark.parametrize(
    "row1, declared, rule, code, words",
    [
        ("..#.....", [(1, 2), (2, 1), (3, 0)], "R4.9", "solid_square", "(2, 1) is a wall"),
        ("..~.....", [(1, 2), (2, 1), (3, 0)], "R4.9", "water_swim_only", "the water at (2, 1) is entered by swimming"),
        ("..x.....", [(1, 2), (2, 1), (3, 0)], "R4.9", "obstacle_jump_only", "the obstacle at (2, 1) can only be jumped over"),
        ("..#.....", [(1, 2), (2, 2), (3, 1)], "R2.2", "diagonal_blocked", "diagonal step blocked by the wall at (2, 1)"),
    ],
)
def test_r4_1_declared_wall_refused(row1, declared, rule, code, words):
    rows = ["." * 8] * 5
    rows[1] = row1
    state, dice = _runner("\n".join(rows), faces=[12])
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_start", "declared": declared})
    assert (e.value.rule, e.value.code) == (rule, code)
    assert str(e.value) == f"{rule}: {words}"
    assert dice.position == 0  # refused before the roll
    assert state.budget.run is None and state.budget.moved is None  # nothing spent


def test_r4_1_declared_fighter_square_refused():
    state, dice = _runner(OPEN, faces=[12], b={"team": "red", "at": (2, 2)})
    with pytest.raises(IllegalAction, match=r"^R4\.9: \(2, 2\) is occupied by B$"):
        play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]})
    assert dice.position == 0


def test_r4_1_declared_must_be_free_off_accepts_and_stops_the_run_there():
    lax = RulesSettings.model_validate({"run": {"declared_must_be_free": False}})
    rows = ["." * 8] * 5
    rows[2] = "..#....."
    state, dice = _runner("\n".join(rows), faces=[12], settings=lax)  # 12 → 3 squares
    state, events = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[:2])
    assert types(events) == ["run_started", "dice_rolled", "run_rolled", "moved", "run_ended", "modifier_added"]
    assert events[4] == RunEnded(fighter="a", path=[(0, 2), (1, 2)], reason="forced_stop", squares_left=2)
    assert (events[5].rule, events[5].value, events[5].turns) == ("R4.6", -2, 5)


# -- R4.5 / R4.8: square by square from the first declared square --------------------------------


def test_r4_5_the_runner_stops_on_a_declared_square():
    state, dice = _runner(OPEN, faces=[20])  # 20 → 5 squares
    state, events = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]})
    assert state.fighters["a"].position == (0, 2) and not state.budget.run.finished
    state, events = play(state, dice, *steps((1, 2)), {"kind": "run_stop"})
    assert events == [
        Moved(fighter="a", path=[(0, 2), (1, 2)], mode="run"),
        RunEnded(fighter="a", path=[(0, 2), (1, 2)], reason="voluntary_stop", squares_left=4),
        ModifierAdded(fighter="a", source="voluntary_stop", rule="R4.5", applies_to="all", value=-4, turns=1),
    ]
    assert state.fighters["a"].position == (1, 2)


def test_r4_1_a_step_off_the_declared_squares_is_refused():
    state, dice = _runner(OPEN, faces=[20])
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[:2])
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_step", "to": (2, 1)})
    assert (e.value.rule, e.value.code, e.value.fields) == ("R4.1", "run_step_not_declared", {"square": (2, 2)})


def test_r4_8_attack_on_the_second_declared_square_then_run_on():
    # z at (2, 3) is beside declared squares 1 and 2 only: passed before the third, it can be hit.
    faces = [20, 5, 15, 4, 12, 3]  # 5 squares; tackle d8 5; attack 15 − 8 = 7 vs dodge 4; bras; d6 3
    state, dice = _runner(OPEN, faces=faces, z={"team": "blue", "at": (2, 3)})
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 1)]})
    state, events = play(state, dice, *steps((1, 2), (2, 2)))
    assert types(events) == ["moved", "dice_rolled", "tackle_checked", "moved"]
    assert events[2] == TackleChecked(fighter="a", opponent="z", tackled=False)
    with pytest.raises(IllegalAction, match="R4.8"):  # the one attack is a melee attack on an adjacent foe
        play(state, dice, {"kind": "attack", "target": "z"})
    state, events = play(state, dice, {"kind": "run_attack", "target": "z"})
    assert dice_line(events[0]) == "Attaque : d20 15 + Dextérité 0 + Compétence d'arme (mêlée) 0 − 8 (malus : attaque en Course) = 7"
    assert events[2] == Attacked(attacker="a", target="z", attack_total=7, dodge_total=4, hit=True, mode="run")
    assert dice_line(events[4]) == "Dégâts : d6 3 + localisation (bras) 0 + 2 (bonus : 2 cases de Course) = 5"
    assert events[5] == Damaged(fighter="z", amount=5, location="bras", pv=15, by="a")
    # the run goes on: z was rolled for already, no tackle die on leaving (2, 2)
    state, events = play(state, dice, *steps((3, 1), (4, 0)))
    assert types(events) == ["moved", "moved"]
    assert state.budget.run.moved == 4 and state.budget.run.attacked and not state.budget.run.finished
    assert dice.position == len(faces)


def test_r4_8_no_run_attack_on_the_start_square():
    state, dice = _runner(OPEN, faces=[2, 20], z={"team": "blue", "at": (1, 1)})  # flight d4 2, then 5 squares
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]})
    assert state.fighters["a"].position == (0, 2)
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "run_attack", "target": "z"})
    assert (e.value.rule, e.value.code) == ("R4.8", "run_attack_before_moving")


# -- R6: teleport ---------------------------------------------------------------------------------

POOL = """
......
.~~...
.~~#..
......
"""


def _teleporter(settings=None, **sheet):
    spec = {"team": "red", "at": (0, 0), "teleport_potions": 1, "mana": 10, "attributes": {"magie": 5}}
    spec.update(sheet)
    return tiny_match(
        POOL, {"a": spec, "z": {"team": "blue", "at": (5, 3)}}, settings=settings or RulesSettings(),
    )


def test_r6_1_the_potion_goes_into_water_and_the_fighter_swims():
    state, dice = _teleporter()
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 2), "means": "potion"})
    assert events == [Teleported(fighter="a", origin=(0, 0), to=(2, 2), means="potion")]
    assert state.fighters["a"].position == (2, 2) and state.fighters["a"].teleport_potions == 0
    state, _ = play(state, dice, {"kind": "end_turn"}, {"kind": "end_turn"})
    with pytest.raises(IllegalAction, match=r"^R2\.3: A is in the water: a fighter in the water moves by swimming"):
        play(state, dice, {"kind": "walk", "to": (3, 3)})


@pytest.mark.parametrize("to, code", [((3, 2), "not_walkable"), ((5, 3), "occupied")])
def test_r6_1_the_potion_never_lands_on_a_wall_or_a_fighter(to, code):
    state, dice = _teleporter()
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "teleport", "to": to, "means": "potion"})
    assert (e.value.rule, e.value.code) == ("R6.1", code)


def test_r6_into_water_off_refuses_water():
    state, dice = _teleporter(RulesSettings.model_validate({"teleport": {"into_water": False}}))
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "teleport", "to": (2, 2), "means": "potion"})
    assert (e.value.rule, e.value.code) == ("R6.1", "not_walkable")


def test_r6_2_the_spell_needs_no_line_of_sight():
    # the wall at (3, 2) stands between (4, 2) and (2, 2)
    state, dice = _teleporter(at=(4, 2))
    state, events = play(state, dice, {"kind": "teleport", "to": (2, 2), "means": "spell"})
    assert events[0] == Teleported(fighter="a", origin=(4, 2), to=(2, 2), means="spell")
    assert (events[1].type, events[1].delta, events[1].mana) == ("mana_changed", -5, 5)


def test_r6_2_the_spell_stays_within_magie_squares():
    state, dice = _teleporter(attributes={"magie": 2})
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "teleport", "to": (4, 3), "means": "spell"})
    assert (e.value.rule, e.value.code) == ("R6.2", "spell_reach")


# -- R7.3 / R7.4: taunts --------------------------------------------------------------------------

TAUNTER = {"attributes": {"charisme": 3}, "skills": {"seduction": 2}}  # a 20 reaches 25


def _taunts(settings=None, faces=(20, 20, 20)):
    return tiny_match(
        "......\n......",
        {"a": {"team": "red", "at": (0, 0), **TAUNTER}, "b": {"team": "blue", "at": (5, 1), **TAUNTER},
         "c": {"team": "red", "at": (0, 1), **TAUNTER}},
        faces=list(faces), settings=settings or RulesSettings(),
    )


SIMPLE = {"kind": "taunt", "style": "simple"}
END = {"kind": "end_turn"}


def test_r7_3_only_the_first_successful_taunt_of_the_match_earns_pr():
    state, dice = _taunts()
    state, events = play(state, dice, SIMPLE)
    assert events[-1] == RenownGained(team="red", amount=2, pr=2)
    state, events = play(state, dice, END, SIMPLE)  # b's success: not the match's first
    assert "taunted" in types(events) and "renown_gained" not in types(events)
    assert (state.teams["red"].pr, state.teams["blue"].pr) == (2, 0)


def test_r7_3_team_scope_gives_each_team_its_first():
    state, dice = _taunts(RulesSettings.model_validate({"taunt": {"first_success_scope": "team"}}))
    state, _ = play(state, dice, SIMPLE)
    state, events = play(state, dice, END, SIMPLE)
    assert events[-1] == RenownGained(team="blue", amount=2, pr=2)
    state, events = play(state, dice, END, SIMPLE)  # c: red's second success
    assert "renown_gained" not in types(events)


def test_r7_4_a_new_taunt_replaces_the_running_modifier():
    state, dice = _taunts()
    state, _ = play(state, dice, SIMPLE, END, END)  # a: +5 for a and c; b passes
    assert taunt_replaces(state, state.fighters["c"]) == 5  # the query the bots price a taunt with
    state, events = play(state, dice, SIMPLE)  # c taunts while a's +5 still runs
    assert events[2:] == [
        ModifierExpired(fighter="a", source="taunt_simple"),
        ModifierAdded(fighter="a", source="taunt_simple", rule="R7.2", applies_to="dexterite", value=5, turns=1),
        ModifierExpired(fighter="c", source="taunt_simple"),
        ModifierAdded(fighter="c", source="taunt_simple", rule="R7.2", applies_to="dexterite", value=5, turns=1),
    ]
    for fid in ("a", "c"):
        assert [m.value for m in state.fighters[fid].modifiers] == [5]  # +5, not +10


def test_r7_4_a_failed_taunt_replaces_a_running_bonus_too():
    state, dice = _taunts(faces=(20, 5))
    state, _ = play(state, dice, SIMPLE, END, END)
    state, _ = play(state, dice, SIMPLE)  # c fails: the team's +5 becomes −5
    assert [m.value for m in state.fighters["a"].modifiers] == [-5]


def test_r7_4_modifiers_stack_setting_adds_them_up():
    state, dice = _taunts(RulesSettings.model_validate({"taunt": {"modifiers_stack": True}}))
    state, _ = play(state, dice, SIMPLE, END, END)
    assert taunt_replaces(state, state.fighters["c"]) == 0  # nothing is replaced: they add up
    state, _ = play(state, dice, SIMPLE)
    assert [m.value for m in state.fighters["a"].modifiers] == [5, 5]


# -- R9.2: suicide ------------------------------------------------------------------------------

HOUSE = RulesSettings.model_validate({"teams": {"suicide_allowed": True}})
HOLE = "._.\n..."


def _hole(settings=HOUSE, **a):
    fighters = {"a": {"team": "red", "at": (0, 0), **a}, "c": {"team": "red", "at": (0, 1)},
                "b": {"team": "blue", "at": (2, 1)}}
    return tiny_match(HOLE, fighters, settings=settings)


def test_r9_2_suicide_refused_by_default():
    state, dice = _hole(RulesSettings())
    with pytest.raises(IllegalAction, match=r"^R9\.1: the hole at \(1, 0\) is a deadly square"):
        play(state, dice, {"kind": "walk", "to": (1, 0)})


def test_r9_2_opponents_spare_the_fighter():
    state, dice = _hole()
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert events[1] == Died(fighter="a", cause="suicide", by=None, credited_team=None, at=(1, 0))
    assert state.suicide_pending == "a" and state.active.id == "c"
    with pytest.raises(IllegalAction) as e:  # the match waits for the opponents' word
        play(state, dice, END)
    assert (e.value.rule, e.value.code) == ("R9.2", "suicide_verdict_pending")
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": True})
    assert events == [FighterSpared(fighter="a", team="red")]
    assert state.lost_for_good == [] and state.suicide_pending is None
    assert not state.fighters["a"].alive  # spared from the roster, not from death
    state, events = play(state, dice, END)
    assert types(events)[0] == "turn_ended"


def test_r9_2_without_the_exception_the_fighter_is_lost_for_good():
    state, dice = _hole()
    state, _ = play(state, dice, {"kind": "walk", "to": (1, 0)})
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": False})
    assert events == [LostForGood(fighter="a", team="red")]
    assert state.lost_for_good == ["a"]


def test_r9_2_a_fighter_killed_under_a_magic_effect_is_never_struck_off():
    state, dice = _hole(magic_effect=True)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert events[1].cause == "hazard"
    assert state.suicide_pending is None and state.lost_for_good == []
    with pytest.raises(IllegalAction) as e:
        play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": False})
    assert (e.value.rule, e.value.code) == ("R9.2", "no_suicide_verdict")


def test_r9_2_the_verdict_is_given_even_when_the_suicide_ends_the_match():
    state, dice = tiny_match(HOLE, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1)}},
                             settings=HOUSE)
    state, events = play(state, dice, {"kind": "walk", "to": (1, 0)})
    assert state.over and state.winner == "blue" and state.suicide_pending == "a"
    state, events = play(state, dice, {"kind": "suicide_verdict", "target": "a", "spared": False})
    assert events == [LostForGood(fighter="a", team="red")]


# -- the scenario of each reading ------------------------------------------------------------------


def _events(path):
    result = play_scenario(load_scenario(SCENARIOS / path))
    assert result.error is None, result.error
    return result


def test_scenario_r4_1_declared_pillar_refused():
    r = _events("running/case-annoncee-refusee.toml")
    assert [(e.kind, e.rule, e.code) for e in r.events if e.type == "action_refused"] == [
        ("run_start", "R4.9", "solid_square")
    ]
    assert r.state.fighters["zia"].position == (4, 1)


def test_scenario_r4_8_attack_on_a_declared_square():
    r = _events("running/attaque-sur-case-annoncee.toml")
    (hit,) = [e for e in r.events if e.type == "damaged"]
    assert (hit.fighter, hit.amount, hit.pv) == ("vex", 5, 11)
    (ended,) = [e for e in r.events if e.type == "run_ended"]
    assert (ended.path, ended.reason, ended.squares_left) == (
        [(1, 2), (2, 2), (3, 2), (4, 1), (5, 1)], "voluntary_stop", 1,
    )


def test_scenario_r4_4_first_step_heading():
    r = _events("running/cap-du-premier-pas.toml")
    assert [(e.rule, e.code) for e in r.events if e.type == "action_refused"] == [("R4.4", "run_off_first_heading")]
    assert r.state.fighters["mo"].position == (7, 3)


def test_scenario_r6_teleport_into_water_and_spell_without_sight():
    r = _events("combat/teleport-dans-l-eau.toml")
    assert [(e.fighter, e.to, e.means) for e in r.events if e.type == "teleported"] == [
        ("sielle", (3, 2), "potion"), ("garm", (4, 2), "spell"),
    ]
    assert [(e.rule, e.code) for e in r.events if e.type == "action_refused"] == [("R2.3", "in_water_swims")]


def test_scenario_r7_3_r7_4_the_matchs_taunts():
    r = _events("combat/provocations-du-match.toml")
    assert [(e.team, e.amount) for e in r.events if e.type == "renown_gained"] == [("braise", 2)]
    assert [m.value for m in r.state.fighters["tarn"].modifiers] == [5]
    assert [m.value for m in r.state.fighters["ilse"].modifiers] == [5]


def test_scenario_r9_2_a_suicide_spared():
    r = _events("combat/suicide-epargne.toml")
    assert [e.type for e in r.events if e.type in ("died", "fighter_spared", "lost_for_good")] == [
        "died", "fighter_spared",
    ]
    assert r.state.lost_for_good == []


def test_r9_2_rules_written_before_the_rename_still_load():
    old = RulesSettings.model_validate({"teams": {"suicide_allowed_by_opponents": True}})
    assert old.teams.suicide_allowed is True
