"""Scenario files played end to end: the shipped examples, determinism, the readable log."""

import json
import subprocess
import sys
import typing

import pytest

from arena_game.core.events import Event
from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n.narration import _T, describe
from arena_game.resources import find_scenario, scenarios_dir, shipped_scenarios
from tests.test_bad_input import ROOT, run_cli

SHIPPED = shipped_scenarios()


def _play(name):
    result = play(load_scenario(find_scenario(name)))
    assert result.error is None, result.error
    return result


def test_scenarios_folder_is_shipped():
    assert scenarios_dir() == ROOT / "scenarios"
    assert {p.stem for p in SHIPPED} >= {"walk-and-diagonals", "swim", "jump", "flee", "dead-squares", "initiative"}


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_scenario_plays_to_the_end(path):
    scenario = load_scenario(path)
    result = play(scenario)
    assert result.error is None, result.error
    assert result.applied == len(scenario.actions)


def test_walk_and_diagonals_scenario():
    r = _play("basics/walk-and-diagonals")
    refused = [e for e in r.events if e.type == "action_refused"]
    assert [(e.fighter, e.kind, e.rule, e.code, e.fields) for e in refused] == [
        ("ilse", "walk", "R2.2", "diagonal_blocked", {"terrain": "wall", "square": (2, 2)}),
    ]
    assert r.state.fighters["ilse"].position == (1, 1)
    assert r.state.fighters["garm"].position == (4, 3)  # past the pillar's round corner


def test_swim_scenario():
    r = _play("basics/swim")
    assert [e.squares for e in r.events if e.type == "swim_rolled"] == [2, 2]
    assert r.state.fighters["naia"].position == (5, 1)  # climbed out


def test_jump_scenario():
    r = _play("basics/jump")
    jumps = [(e.fighter, e.difficulty, e.success) for e in r.events if e.type == "jump_attempted"]
    assert jumps == [("kira", 18, True), ("odo", 17, False), ("kira", 10, True)]
    assert [e.success for e in r.events if e.type == "flee_checked"] == [True]
    assert r.state.fighters["kira"].position == (5, 3) and r.state.fighters["odo"].position == (2, 1)
    assert r.state.budget.acrobatics


def test_flee_scenario():
    r = _play("basics/flee")
    assert [e.success for e in r.events if e.type == "flee_checked"] == [False, True]
    assert r.state.fighters["vell"].position == (3, 2)


def test_dead_squares_scenario():
    r = _play("basics/dead-squares")
    assert [e.rule for e in r.events if e.type == "action_refused"] == ["R9.1"]
    [died] = [e for e in r.events if e.type == "died"]
    assert (died.fighter, died.cause, died.at) == ("mael", "hazard", (3, 1))
    assert r.state.over and r.state.winner == "red"
    assert r.events[-1].type == "match_ended"


def test_initiative_scenario_orders_by_total_then_agilite_then_sheet():
    scenario = load_scenario(find_scenario("basics/initiative"))
    r = _play("basics/initiative")
    sheets = [f for t in scenario.teams for f in t.fighters]
    rolls = [e for e in r.events if e.type == "dice_rolled"]
    assert [e.fighter for e in rolls] == [s.id for s in sheets]
    expected = sorted(range(len(sheets)), key=lambda i: (-rolls[i].roll.total, -sheets[i].attributes.agilite, i))
    [order] = [e for e in r.events if e.type == "turn_order_set"]
    assert order.rolled and order.order == [sheets[i].id for i in expected]
    # Placements default to the map's spawns, team slot 1 first.
    board = scenario.board
    assert r.state.fighters[sheets[0].id].position == board.spawns["1"][0]


def test_same_seed_gives_byte_identical_json():
    runs = [run_cli("scenario", "scenarios/basics/initiative.toml", "--json") for _ in range(2)]
    assert all(p.returncode == 0 for p in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    doc = json.loads(runs[0].stdout)
    assert set(doc) == {"events", "final"}
    assert all("type" in e for e in doc["events"])
    fighter = doc["final"]["fighters"][0]
    assert set(fighter) >= {"id", "team", "position", "pv", "mana", "status", "modifiers"}
    assert [t["pr"] for t in doc["final"]["teams"]] == [0, 0]


def test_same_seed_same_events_step_by_step():
    a = play(load_scenario(find_scenario("basics/initiative")))
    b = play(load_scenario(find_scenario("basics/initiative")))
    assert [e.model_dump_json() for e in a.events] == [e.model_dump_json() for e in b.events]


def test_readable_log_in_french_and_english():
    fr = run_cli("scenario", "basics/dead-squares", "--lang", "fr")
    en = run_cli("scenario", "basics/dead-squares", "--lang", "en")
    assert fr.returncode == en.returncode == 0
    assert fr.stdout.splitlines()[-3:] == [
        "Maël (envoûté) marche (4, 1) → (3, 1)",
        "Maël (envoûté) meurt en (3, 1) (sur une case mortelle, R2.5)",
        "Fin du match — victoire de Rouges",
    ]
    assert en.stdout.splitlines()[-3:] == [
        "Maël (envoûté) walks (4, 1) → (3, 1)",
        "Maël (envoûté) dies at (3, 1) (on a deadly square, R2.5)",
        "Match over — winner: Rouges (Reds)",  # the team's name glossed in English (the scenario file)
    ]
    events = len(_play("basics/dead-squares").events)
    assert len(fr.stdout.splitlines()) == len(en.stdout.splitlines()) == events + 1  # + title


def test_log_shows_each_roll_with_its_breakdown():
    out = run_cli("scenario", "basics/swim", "--lang", "fr").stdout.splitlines()
    assert "  🎲 Naïa — Nage : d20 14 + Physique 3 + Nage 4 = 21" in out


def _event_types() -> list[str]:
    union = typing.get_args(typing.get_args(Event)[0])
    return [cls.model_fields["type"].default for cls in union]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_type_has_a_log_line(lang):
    for kind in _event_types():
        counted = f"{kind}_one" in _T[lang] and f"{kind}_other" in _T[lang]  # real plural forms
        assert kind in _T[lang] or counted or kind in ("dice_rolled", "flee_checked", "jump_attempted"), kind


def test_describe_falls_back_to_french_for_unknown_languages():
    r = _play("basics/flee")
    assert describe(r.events[-1], {}, "de") == describe(r.events[-1], {}, "fr")


def test_core_never_imports_pygame():
    """Every module of the rules core (walked, so a new one is covered), and the readers of it
    that say they draw nothing: scenarios, narration, lessons, map checks, hot reload."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import arena_game.core\n"
        "for m in pkgutil.walk_packages(arena_game.core.__path__, 'arena_game.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "import arena_game.formats.scenario, arena_game.i18n.narration, arena_game.learn.lessons\n"
        "import arena_game.design.mapcheck, arena_game.design.hotreload\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
        "print('clean')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "clean"
