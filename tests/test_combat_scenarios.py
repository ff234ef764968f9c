"""Combat scenario files (scenarios/combat/*.toml) played end to end; R9.2 roster update."""

import shutil
from pathlib import Path

import pytest

from arena_game.core import ScriptedDice, apply, start_match
from arena_game.core.board import Board
from arena_game.core.events import Damaged, Died, MatchEnded, Pushed, RenownGained
from arena_game.core.settings import RulesSettings
from arena_game.core.terrain import Terrain
from arena_game.formats.scenario import load_scenario, play
from arena_game.formats.teamfile import load_teams, record_lost_for_good
from arena_game.resources import default_teams_path

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "combat"


def played(name):
    result = play(load_scenario(FOLDER / name))
    assert result.error is None, result.error
    assert result.applied == len(load_scenario(FOLDER / name).actions)
    return result


def of(result, kind):
    return [e for e in result.events if isinstance(e, kind)]


def test_every_combat_scenario_plays_to_its_last_action():
    names = sorted(p.name for p in FOLDER.glob("*.toml"))
    assert len(names) >= 4
    for name in names:
        played(name)


def test_r5_3_scenario_push_into_lava():
    r = played("push-into-lava.toml")
    assert of(r, Pushed) == [Pushed(fighter="ysolde", by="garm", path=[(3, 1), (4, 1)], fell=False, into="lava")]
    assert of(r, Died) == [Died(fighter="ysolde", cause="push_into_hazard", by="garm", credited_team="braise", at=(4, 1))]
    assert of(r, MatchEnded) == [MatchEnded(winner="braise", reason="last_team_standing")]
    assert r.state.teams["braise"].kills[0][0] == "ysolde"


def test_r0_7_scenario_full_duel_to_its_outcome():
    r = played("duel-to-the-end.toml")
    refused = [e for e in r.events if e.type == "action_refused"]
    assert [(e.rule, e.fighter) for e in refused] == [("R1.6", "lyra")]
    assert of(r, Damaged) == [
        Damaged(fighter="torvald", amount=5, location="torse", pv=7, by="lyra"),
        Damaged(fighter="lyra", amount=13, location="tête", pv=1, by="torvald"),  # +4: the run
        Damaged(fighter="torvald", amount=7, location="bras", pv=0, by="lyra"),
    ]
    assert of(r, MatchEnded) == [MatchEnded(winner="braise", reason="last_team_standing")]
    assert r.state.over and r.state.winner == "braise"


def test_r8_r7_scenario_circle_attack_and_taunt():
    r = played("circle-and-taunt.toml")
    assert [(e.fighter, e.amount, e.location) for e in of(r, Damaged)] == [
        ("fenn", 6, "tête"), ("mira", 5, "tête"),
    ]
    assert of(r, RenownGained) == [RenownGained(team="braise", amount=2, pr=2)]
    assert [m.value for m in r.state.fighters["oda"].modifiers] == [5]


def test_r6_r10_scenario_teleport_and_faint():
    r = played("teleport-and-faint.toml")
    assert [e.type for e in r.events if e.type in ("fainted", "turn_skipped", "woke_up")] == [
        "fainted", "turn_skipped", "turn_skipped", "woke_up",
    ]
    s = r.state.fighters["sielle"]
    assert s.position == (1, 3) and s.teleport_potions == 0 and s.mana == 3 and s.mana_locked


def test_r9_2_lost_for_good_is_removed_from_a_copy_of_the_roster(tmp_path):
    roster = tmp_path / "teams.toml"
    shutil.copy(default_teams_path(), roster)
    settings = RulesSettings.model_validate({"teams": {"suicide_allowed": True}})
    teams = load_teams(roster, settings)
    ids = [f.id for t in teams for f in t.fighters]
    assert "sielle" in ids
    rows = [[Terrain.FLOOR] * 8 for _ in range(3)]
    rows[0][7] = Terrain.LAVA
    board = Board.from_rows(rows, name="test")
    squares = [(x, y) for y in range(3) for x in range(7)]
    placements = dict(zip(ids, squares, strict=False))
    order = ["sielle", *[i for i in ids if i != "sielle"]]
    dice = ScriptedDice([])
    state, _ = start_match(board, teams, placements, settings, dice, order)
    state, events = apply(state, {"kind": "teleport", "to": (7, 0), "means": "potion"}, dice)
    assert [e.type for e in events][:2] == ["teleported", "died"] and state.suicide_pending == "sielle"
    state, verdict = apply(state, {"kind": "suicide_verdict", "target": "sielle", "spared": False}, dice)
    events += verdict
    assert [e.type for e in verdict] == ["lost_for_good"]
    assert record_lost_for_good(roster, events) == ["sielle"]
    after = [f.id for t in load_teams(roster, settings) for f in t.fighters]
    assert after == [i for i in ids if i != "sielle"]
    assert list(tmp_path.iterdir()) == [roster]  # no temporary file left behind
    # the shipped roster is untouched
    assert "sielle" in [f.id for t in load_teams(default_teams_path()) for f in t.fighters]


@pytest.mark.parametrize("name", sorted(p.name for p in FOLDER.glob("*.toml")))
def test_combat_scenarios_are_deterministic(name):
    a = play(load_scenario(FOLDER / name))
    b = play(load_scenario(FOLDER / name))
    assert [e.model_dump_json() for e in a.events] == [e.model_dump_json() for e in b.events]
