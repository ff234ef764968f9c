"""S44, task 2: every number of the rules settings has a documented bound. A rules file with a
64-bit extreme (`jump_attack_malus = -9223372036854775808`, `voluntary_stop_turns`, push
`squares`, …) was taken; it is now refused in one line naming the file, the key and the bound,
exit code 2, and each bound itself is accepted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from annotated_types import Ge, Le

from arena_game.cli import main
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.formats.problems import FileProblem
from arena_game.formats.rulesfile import load_rules, settings_from_data

ROOT = Path(__file__).resolve().parent.parent
I64_MIN, I64_MAX = -(2**63), 2**63 - 1


def int_settings() -> list[tuple[str, str, int | None, int | None]]:
    """(section, key, ge, le) of every whole-number setting."""
    out = []
    for section in RulesSettings.model_fields:
        model = type(getattr(DEFAULT_SETTINGS, section))
        for key, info in model.model_fields.items():
            if info.annotation is int:
                low = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
                high = next((m.le for m in info.metadata if isinstance(m, Le)), None)
                out.append((section, key, low, high))
    return out


INTS = int_settings()


def test_every_whole_number_setting_has_both_bounds():
    unbounded = [f"{s}.{k}" for s, k, low, high in INTS if low is None or high is None]
    assert not unbounded, unbounded


def test_docs_give_every_bound():
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for section, key, low, high in INTS:
        row = re.search(rf"^\| `{re.escape(section)}\.{key}` \|.*\| ([^|]*) \|$", doc, re.M)
        assert row is not None, key
        assert row.group(1) == f"{low} to {high}", (key, row.group(1))


def _write(tmp_path: Path, section: str, key: str, value: int) -> Path:
    rules = tmp_path / "r.toml"
    rules.write_text(f"[{section}]\n{key} = {value}\n", encoding="utf-8")
    return rules


@pytest.mark.parametrize(("section", "key", "low", "high"), INTS, ids=[f"{s}.{k}" for s, k, _, _ in INTS])
def test_64_bit_extremes_are_refused_and_the_bounds_taken(tmp_path, section, key, low, high):
    assert low is not None and high is not None
    for value, bound in ((I64_MAX, f"at most {high}"), (I64_MIN, f"at least {low}"),
                         (high + 1, f"at most {high}"), (low - 1, f"at least {low}")):
        with pytest.raises(FileProblem) as got:
            load_rules(_write(tmp_path, section, key, value))
        line = str(got.value)
        assert "\n" not in line
        assert line.startswith(f"{tmp_path / 'r.toml'}: {section}.{key}: should be {bound}, not "), line
    for value in (low, high):
        # a bound is taken unless another key's rule (a face on the die) says otherwise
        data = {section: {key: value}}
        if (section, key) in (("dice", "die"), ("run", "tackle_die")):
            data[section] = {key: value, **({"critical_success": [value]} if key == "die" else {"tackle_faces": [1]})}
        if (section, key) == ("combat", "location_die"):  # R12.2: the rows cover the die's faces
            data[section] = {key: value, "locations": [{"name": "tête", "low": 1, "high": value}]}
        if (section, key) == ("push", "squares"):  # R5.2: a critical push goes at least as far (s54)
            data[section] = {key: value, "critical_squares": max(value, 3)}
        if (section, key) == ("run", "above_table_base"):  # R4.2: the table ends at or below the base (s54)
            data[section] = {key: value, "table": [{"high": value, "squares": 1}]}
        assert getattr(getattr(settings_from_data("r.toml", data), section), key) == value


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena_game", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


@pytest.mark.parametrize(("section", "key", "value", "fault"), [
    ("movement", "jump_attack_malus", I64_MIN, "should be at least -100, not the number -9223372036854775808"),
    ("run", "voluntary_stop_turns", I64_MAX, "should be at most 100, not the number 9223372036854775807"),
    ("push", "squares", I64_MAX, "should be at most 128, not the number 9223372036854775807"),
    ("taunt", "simple_difficulty", I64_MIN, "should be at least -1000, not the number -9223372036854775808"),
])
def test_the_real_command_refuses_a_huge_value_in_one_line(tmp_path, section, key, value, fault):
    rules = _write(tmp_path, section, key, value)
    done = _child("play", "tutoriel", "--rules", str(rules), "--frames", "0")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"arena-game: {rules}: {section}.{key}: {fault}"]


def test_the_real_command_takes_a_bound(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("[movement]\njump_attack_malus = -100\n[run]\nvoluntary_stop_turns = 100\n"
                     "[push]\nsquares = 128\ncritical_squares = 128\n[taunt]\nsimple_difficulty = 1000\n", encoding="utf-8")
    done = _child("play", "tutoriel", "--rules", str(rules), "--frames", "0")
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize(("text", "fault"), [
    ("[flee]\nfail_faces = [9223372036854775807]\n", "flee: fail_faces: face 9223372036854775807 is not on a d4"),
    ("[run]\ntackle_faces = [-5]\n", "run: tackle_faces: face -5 is not on a d8"),
    ("[[combat.locations]]\nname = 'tête'\nlow = 1\nhigh = 9223372036854775807\n",
     "combat.locations[0].high: should be at most 100, not the number 9223372036854775807"),
    ("[[combat.locations]]\nname = 'tête'\nlow = 1\nhigh = 20\ndamage_bonus = -9223372036854775808\n",
     "combat.locations[0].damage_bonus: should be at least -100, not the number -9223372036854775808"),
    ("[[combat.locations]]\nname = '" + "x" * 5000 + "'\nlow = 1\nhigh = 20\n",
     "combat.locations[0].name: should have at most 60 characters, not 5000"),
])
def test_faces_and_hit_locations_are_bounded_too(tmp_path, capsys, text, fault):
    rules = tmp_path / "r.toml"
    rules.write_text(text, encoding="utf-8")
    code = main(["play", "tutoriel", "--rules", str(rules), "--frames", "0"])
    assert (code, capsys.readouterr().err.splitlines()) == (2, [f"arena-game: {rules}: {fault}"])


def test_a_scenario_rules_table_is_bounded_the_same(tmp_path, capsys):
    scenario = (ROOT / "scenarios" / "running" / "cap-du-premier-pas.toml").read_text(encoding="utf-8")
    assert "[rules" in scenario
    bad = tmp_path / "s.toml"
    bad.write_text(scenario + "\n[rules.magic]\nfaint_turns = 9223372036854775807\n", encoding="utf-8")
    code = main(["scenario", str(bad)])
    err = capsys.readouterr().err.splitlines()
    assert code == 2
    assert err == [f"arena-game: {bad}: rules.magic.faint_turns: should be at most 100, not the number 9223372036854775807"]


def test_shipped_rules_and_scenarios_still_load():
    from arena_game.formats.scenario import load_scenario

    assert load_rules(ROOT / "docs" / "rules.example.toml") == RulesSettings()
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        load_scenario(path)


def test_the_house_rules_panel_refuses_an_absurd_location_row_without_raising():
    """The panel makes hit-location rows of what is typed: a bonus past ±100 or a long name is a
    fault beside the field (the bound is checked with the Readings, not by the row itself)."""
    from arena_game.ui.house_draft import HouseRulesDraft

    draft = HouseRulesDraft(lang="en")
    before = draft.values["combat.locations"]
    for text in ("1-2 head +999, 3-20 torso", "1-20 " + "x" * 200, "1-20 torso -9223372036854775808"):
        assert draft.type_text("combat.locations", text) is False
        assert draft.faults["combat.locations"]
        assert draft.values["combat.locations"] == before
    assert draft.type_text("combat.locations", "1-2 head +100, 3-20 torso -100") is True


def test_the_house_rules_panel_takes_its_number_bounds_from_the_model():
    from arena_game.ui.house_draft import FIELDS

    numbers = [f for f in FIELDS if f.kind == "number"]
    assert numbers and all(f.low is not None and f.high is not None for f in numbers), numbers
