"""Session 58: what large and hostile files cost to load or refuse (docs/fuzzing.md, "Found by
the hunt of 2026-12-07 (session 58)"):

- every sheet that left out its skills had pydantic deep-copy the default `Skills` (it holds a
  dict, so it was not hashable, and pydantic copies an unhashable default): half the load of a
  teams file of 20,000 sheets;
- the cyclic garbage collector walked every container a file had made so far, again and again,
  while it was parsed and checked, and while a save's actions were replayed: two thirds of the
  CPU of a hostile 1 MB TOML file of 71,000 tables, a third of a 200,000-action replay;
- a save's actions were checked one call each (two pydantic checks and a JSON text each).

The CPU figures are in docs/fuzzing.md; these tests check the behaviour the figures came from.
"""

from __future__ import annotations

import gc
import json

import pytest

from arena_game.core import match as core_match
from arena_game.core.sheets import FighterSheet, Skills
from arena_game.formats import safe_read
from arena_game.formats import save as save_format
from arena_game.formats.save import seal
from arena_game.formats.teamfile import load_teams
from tests.file_faults import cli_fault
from tests.test_save_versions import _played

TWO_TEAMS = """
[[teams]]
id = "a"
name = "A"
fighters = [{ id = "a1", name = "Ana", pv = 9 }, { id = "a2", name = "Abel", pv = 9, skills = { nage = 2 } }]

[[teams]]
id = "b"
name = "B"
fighters = [{ id = "b1", name = "Bo", pv = 9 }]
"""


def test_s58_a_sheet_without_skills_shares_the_default_and_nothing_is_deep_copied(tmp_path, monkeypatch):
    def no_copy(self, memo=None):
        raise AssertionError("a sheet's default skills were deep-copied")

    monkeypatch.setattr(Skills, "__deepcopy__", no_copy)
    p = tmp_path / "t.toml"
    p.write_text(TWO_TEAMS, encoding="utf-8")
    a, b = load_teams(p)
    default = FighterSheet.model_fields["skills"].default
    assert a.fighters[0].skills is default and b.fighters[0].skills is default
    assert a.fighters[1].skills.nage == 2 and a.fighters[1].skills is not default
    assert FighterSheet.model_json_schema()["properties"]["skills"]["default"] == default.model_dump(mode="json")


def test_s58_skills_hash_as_they_compare():
    one = Skills(nage=2, weapons={"bow": 3, "melee": 1})
    same = Skills(nage=2, weapons={"melee": 1, "bow": 3})
    assert one == same and hash(one) == hash(same)
    assert {one, same, Skills()} == {one, Skills()}


def _gc_seen(monkeypatch, module, name):
    """Record whether the cyclic collector was on each time `module.name` was called."""
    seen: list[bool] = []
    real = getattr(module, name)

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def test_s58_a_toml_file_is_parsed_and_refused_without_the_collector_which_is_back_after(tmp_path, capsys, monkeypatch):
    seen = _gc_seen(monkeypatch, safe_read.tomllib, "loads")
    p = tmp_path / "t.toml"
    p.write_text("".join(f"[t{i}.a.b]\n" for i in range(200)), encoding="utf-8")
    assert gc.isenabled()
    line = cli_fault(capsys, "check", "--lang", "en", "--teams", p, "arene-classique")
    assert line == f"arena-game: {p}: teams: required key is missing (and 200 more)"
    assert seen and not any(seen)
    assert gc.isenabled()


def test_s58_a_json_file_and_a_pydantic_check_run_without_the_collector(tmp_path, monkeypatch):
    parsed = _gc_seen(monkeypatch, safe_read.json, "loads")
    checked = _gc_seen(monkeypatch, save_format.SaveFile, "model_validate")
    path = _played().save(tmp_path / "m.arena.json")
    save_format.read_save_dice(path)
    assert parsed and not any(parsed) and checked and not any(checked)
    assert gc.isenabled()


def test_s58_a_replay_runs_without_the_collector_and_gives_it_back_when_refused(tmp_path, capsys, monkeypatch):
    seen = _gc_seen(monkeypatch, core_match.Match, "replay")
    path = _played().save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] += [{"kind": "end_turn"}] * 3
    path.write_text(json.dumps(seal(data)), encoding="utf-8")
    before = path.read_bytes()
    line = cli_fault(capsys, "resume", "--frames", "0", "--lang", "en", path)
    assert line.startswith(f"arena-game: {path}: events_digest: its 11 actions give other results now"), line
    assert seen == [False] and gc.isenabled()
    assert path.read_bytes() == before  # a refusal never rewrites the save


def test_s58_a_saves_actions_are_checked_together_not_one_call_each(tmp_path, monkeypatch):
    path = _played().save(tmp_path / "m.arena.json")
    schemas: list[object] = []
    real = save_format.validate

    def spy(schema, data):
        schemas.append(schema)
        return real(schema, data)

    monkeypatch.setattr(save_format, "validate", spy)
    loaded = save_format.read_save_dice(path)
    assert len(loaded.actions) == 8 and loaded.actions[-1].kind == "end_turn"
    assert save_format.ACTION_ADAPTER not in schemas


@pytest.mark.parametrize(("index", "action", "said"), [
    (3, {"kind": "walk", "to": [1]}, "actions[3].to[1]: required key is missing"),
    (0, {"kind": "fly"}, "actions[0]: unknown kind 'fly' (expected one of: end_turn, walk, swim, jump,"),
    (7, {"kind": "end_turn", "by": 1}, "actions[7].by: unknown key"),
])
def test_s58_a_bad_action_in_a_save_is_still_named_by_its_place(tmp_path, capsys, index, action, said):
    path = _played().save(tmp_path / "m.arena.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][index] = action
    path.write_text(json.dumps(seal(data)), encoding="utf-8")
    line = cli_fault(capsys, "resume", "--frames", "0", "--lang", "en", path)
    assert line.startswith(f"arena-game: {path}: {said}"), line
