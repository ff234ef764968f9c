"""Session 59: what session 58's reread left (docs/fuzzing.md, "Found by the hunt of 2026-12-07
(session 59)"):

- a scenario's actions were checked one pydantic call each while a save's were checked in one
  call, the fault then found again action by action by a copy of the scenario's naming: both
  now check their list in one call and name a fault with one function (`problems.action_fault`),
  the lines as before, an `expect_refused` still said before its own action's fault;
- striking a fighter off a roster read the file three times (to check it, to parse it, for its
  text): a roster changed on disk between the reads was written back from two versions.
"""

from __future__ import annotations

import json

import pytest

from arena_game.core.actions import ACTION_ADAPTER
from arena_game.formats import safe_read
from arena_game.formats import scenario as scenario_format
from arena_game.formats.save import seal
from arena_game.formats.teamfile import load_teams, remove_fighter_for_good
from tests.file_faults import cli_fault
from tests.test_save_versions import _played

HEAD = """title = "t"
turn_order = ["sarn", "mael"]

[map]
name = "Salle"
grid = \"\"\"
######
#....#
#....#
######
\"\"\"

[[teams]]
id = "red"
name = "Rouges"
fighters = [{ id = "sarn", name = "Sarn", pv = 12 }]

[[teams]]
id = "blue"
name = "Bleus"
fighters = [{ id = "mael", name = "Mael", pv = 12 }]

[placements]
sarn = [1, 1]
mael = [4, 1]
"""


def _scenario(tmp_path, actions: list[str]):
    path = tmp_path / "s.toml"
    path.write_text(HEAD + "".join(f"\n[[actions]]\n{a}\n" for a in actions), encoding="utf-8")
    return path


def test_s59_a_scenarios_actions_are_checked_together_not_one_call_each(tmp_path, monkeypatch):
    path = _scenario(tmp_path, ['kind = "walk"\nto = [2, 1]', 'kind = "end_turn"\nexpect_refused = "R0.5"',
                                'kind = "end_turn"'])
    schemas: list[object] = []
    real = scenario_format.validate

    def spy(schema, data):
        schemas.append(schema)
        return real(schema, data)

    monkeypatch.setattr(scenario_format, "validate", spy)
    loaded = scenario_format.load_scenario(path)
    assert [a.kind for a in loaded.actions] == ["walk", "end_turn", "end_turn"]
    assert loaded.expected_refusals == [None, "R0.5", None]
    assert ACTION_ADAPTER not in schemas


@pytest.mark.parametrize(("actions", "said"), [
    (['kind = "end_turn"', 'kind = "walk"\nto = [1]'], "actions[1].to[1]: required key is missing"),
    (['kind = "fly"'], "actions[0]: unknown kind 'fly' (expected one of: end_turn, walk, swim, jump,"),
    (['kind = "end_turn"\nby = 1'], "actions[0].by: unknown key"),
    # an `expect_refused` at fault is said before a later action's fault, and before its own action's
    (['kind = "end_turn"\nexpect_refused = "R 2"', 'kind = "fly"'],
     "actions[0].expect_refused: expect_refused must be a rule number"),
    (['kind = "fly"\nexpect_refused = 3'], "actions[0].expect_refused: expect_refused must be a rule number"),
    # and after an earlier action's fault
    (['kind = "end_turn"\nby = 1', 'kind = "end_turn"\nexpect_refused = "R 2"'], "actions[0].by: unknown key"),
])
def test_s59_a_bad_action_in_a_scenario_is_named_as_before(tmp_path, capsys, actions, said):
    path = _scenario(tmp_path, actions)
    line = cli_fault(capsys, "scenario", "--lang", "en", path)
    assert line.startswith(f"arena-game: {path}: {said}"), line


@pytest.mark.parametrize("action", [{"kind": "walk", "to": [1]}, {"kind": "swim"}, {"kind": "end_turn", "by": 1},
                                    {"kind": "walk", "to": [1, "2"]}])
def test_s59_a_save_and_a_scenario_name_one_bad_action_alike(tmp_path, capsys, action):
    save = _played().save(tmp_path / "m.arena.json")
    data = json.loads(save.read_text(encoding="utf-8"))
    data["actions"][2] = action
    save.write_text(json.dumps(seal(data)), encoding="utf-8")
    in_save = cli_fault(capsys, "resume", "--frames", "0", "--lang", "en", save)
    toml = "\n".join(f"{k} = {json.dumps(v)}" for k, v in action.items())
    scenario = _scenario(tmp_path, ['kind = "end_turn"', 'kind = "end_turn"', toml])
    in_scenario = cli_fault(capsys, "scenario", "--lang", "en", scenario)
    assert in_save.removeprefix(f"arena-game: {save}: ") == in_scenario.removeprefix(f"arena-game: {scenario}: ")
    assert in_save.startswith(f"arena-game: {save}: actions[2]"), in_save


ROSTER = """# the club
[[teams]]
id = "a"
name = "A"

[[teams.fighters]]
id = "a1"
name = "Ana"  # the captain
pv = 9

[[teams.fighters]]
id = "a2"
name = "Abel"
pv = 9

[[teams]]
id = "b"
name = "B"
fighters = [{ id = "b1", name = "Bo", pv = 9 }]
"""


def test_s59_striking_off_reads_the_roster_once_and_writes_back_that_reading(tmp_path, monkeypatch):
    roster = tmp_path / "club.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    other = ROSTER.replace('name = "Bo"', 'name = "Bob"').replace("# the captain", "")
    reads: list[str] = []
    real = safe_read.read_bytes

    def read_then_changed(path, limits=None):
        data = real(path, limits)
        reads.append(str(path))
        roster.write_text(other, encoding="utf-8")  # another program saves the roster meanwhile
        return data

    monkeypatch.setattr(safe_read, "read_bytes", read_then_changed)
    remove_fighter_for_good(roster, "a2")
    monkeypatch.undo()
    assert reads == [str(roster)]
    text = roster.read_text(encoding="utf-8")
    # written from the one reading: its comments, Bo, no sheet of the later file
    assert "# the captain" in text and 'name = "Bo"' in text and "Bob" not in text
    assert [f.id for t in load_teams(roster) for f in t.fighters] == ["a1", "b1"]
    assert '[[struck_off]]\nid = "a2"\nteam = "a"' in text


def test_s59_striking_off_a_roster_no_longer_one_writes_nothing(tmp_path, capsys):
    roster = tmp_path / "club.toml"
    roster.write_text(ROSTER.replace('id = "b"', 'id = "a"'), encoding="utf-8")
    before = roster.read_bytes()
    with pytest.raises(safe_read.FileProblem) as e:
        remove_fighter_for_good(roster, "a2")
    assert str(e.value) == f"{roster}: teams[1]: team id 'a' appears twice"
    assert roster.read_bytes() == before


def test_s59_filling_team_ids_leaves_the_data_read_as_it_was():
    data = {"teams": [{"id": "a", "fighters": [{"id": "a1"}, {"id": "a2", "team": "b"}]}, "junk"]}
    filled = scenario_format.fill_team_ids(data)
    assert filled["teams"][0]["fighters"] == [{"id": "a1", "team": "a"}, {"id": "a2", "team": "b"}]
    assert filled["teams"][1] == "junk"
    assert data == {"teams": [{"id": "a", "fighters": [{"id": "a1"}, {"id": "a2", "team": "b"}]}, "junk"]}
