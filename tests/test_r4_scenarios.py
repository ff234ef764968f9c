"""Running scenario files (scenarios/running/*.toml) played end to end (R4)."""

from pathlib import Path

import pytest

from arena_game.core.events import ModifierAdded, ModifierExpired, RunEnded, TackleChecked, Tackled
from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n.narration import dice_line

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "running"


def _play(name):
    scenario = load_scenario(FOLDER / name)
    result = play(scenario)
    assert result.error is None, result.error
    assert result.applied == len(scenario.actions)
    return result


def _of(events, kind):
    return [e for e in events if e.type == kind]


def test_r4_5_scenario_run_and_voluntary_stop():
    r = _play("course-et-arret.toml")
    assert [(e.total, e.squares) for e in _of(r.events, "run_rolled")] == [(20, 5), (14, 3)]
    refused = _of(r.events, "action_refused")
    assert [(e.kind, e.rule) for e in refused] == [("run_step", "R4.4")]
    ends = _of(r.events, "run_ended")
    assert ends == [
        RunEnded(fighter="lina", path=[(1, 2), (2, 2), (3, 2), (4, 2), (5, 1)], reason="voluntary_stop", squares_left=1),
        RunEnded(fighter="lina", path=[(5, 1), (6, 1), (7, 2), (8, 2)], reason="completed", squares_left=0),
    ]
    assert _of(r.events, "modifier_added") == [
        ModifierAdded(fighter="lina", source="voluntary_stop", rule="R4.5", applies_to="all", value=-1, turns=1)
    ]
    assert _of(r.events, "tackle_checked") == [TackleChecked(fighter="lina", opponent="borg", tackled=False)]
    assert _of(r.events, "modifier_expired") == [ModifierExpired(fighter="lina", source="voluntary_stop")]
    assert r.state.fighters["lina"].position == (8, 2)


def test_r4_7_scenario_tackle():
    r = _play("tacle.toml")
    assert _of(r.events, "tackle_checked") == [
        TackleChecked(fighter="kai", opponent="ash", tackled=False),
        TackleChecked(fighter="kai", opponent="bo", tackled=True),
    ]
    assert _of(r.events, "tackled") == [Tackled(fighter="kai", by="bo", at=(4, 2))]
    assert _of(r.events, "run_ended")[0].squares_left == 3
    assert [(e.source, e.value, e.turns) for e in _of(r.events, "modifier_added")] == [("tackle", -3, 1)]
    assert r.state.fighters["kai"].position == (4, 2)


def test_r4_6_scenario_forced_stop_lasts_5_turns():
    r = _play("course-stoppee.toml")
    assert _of(r.events, "run_ended") == [
        RunEnded(fighter="zia", path=[(1, 2), (2, 2), (3, 2), (4, 2)], reason="forced_stop", squares_left=2)
    ]
    assert [(e.source, e.value, e.turns) for e in _of(r.events, "modifier_added")] == [("forced_stop", -2, 5)]
    # it runs out with zia's 6th turn end (her current turn, then 5 more)
    zia_ends = [i for i, e in enumerate(r.events) if e.type == "turn_ended" and e.fighter == "zia"]
    expired = [i for i, e in enumerate(r.events) if e.type == "modifier_expired"]
    assert len(zia_ends) == 6 and expired == [zia_ends[5] + 1]
    assert r.state.fighters["zia"].modifiers == []


def test_r4_8_scenario_four_squares_then_a_hit_is_plus_4_damage():
    r = _play("course-et-attaque.toml")
    assert _of(r.events, "run_ended")[0].path == [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]
    (attacked,) = _of(r.events, "attacked")
    assert attacked.mode == "run" and attacked.hit and attacked.attack_total == 14
    (damaged,) = _of(r.events, "damaged")
    assert damaged.amount == 7 and damaged.pv == 9  # d6 3 + 4 squares run
    assert "+ 4 (bonus : 4 cases de Course)" in dice_line([e for e in r.events if e.type == "dice_rolled"][-1])


def test_r4_4_scenario_labyrinth_right_angle():
    r = _play("labyrinthe.toml")
    assert [(e.kind, e.rule) for e in _of(r.events, "action_refused")] == [("run_step", "R4.4")]
    assert _of(r.events, "run_ended")[0].path == [(5, 4), (5, 3), (5, 2), (5, 1), (4, 1), (3, 1)]


@pytest.mark.parametrize("name", sorted(p.name for p in FOLDER.glob("*.toml")))
def test_running_scenarios_are_deterministic(name):
    a = play(load_scenario(FOLDER / name))
    b = play(load_scenario(FOLDER / name))
    assert [e.model_dump_json() for e in a.events] == [e.model_dump_json() for e in b.events]
