"""The strong bot's runs with the whole enemy team near (`BotStyle.strike_runs`): a blade runs
only to strike (R4.8), a bow walks; with an enemy far off, runs that do not strike stay open."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.runs import run_plans
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.geometry import chebyshev
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

GRID = """
....................
....................
....................
"""
BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}
BOW = {"weapon": {"name": "Arc", "family": "bow", "range": 6, "damage": {"count": 1, "sides": 8}},
       "skills": {"course": 5, "weapons": {"bow": 4}}, "attributes": {"dexterite": 5, "physique": 5}}


def _context(fighters: dict, strike_runs: bool = True) -> Context:
    state, _ = tiny_match(GRID, fighters, order=list(fighters))
    style = LEVEL_STYLES["strong"]
    assert style.strike_runs  # the strong level's default
    if not strike_runs:
        style = replace(style, strike_runs=0)
    return Context(Bot(random.Random(0), style), state, open_action_kinds(state))


def _strikes(ctx: Context, sq) -> bool:
    return any(chebyshev(sq, e.position) == 1 for e in ctx.enemies)


def test_r4_8_with_the_enemy_team_near_a_blade_runs_only_to_strike():
    # Both enemies 8 and 9 squares off: a run could end short of them, ahead of nobody's reach.
    team = {"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (8, 1), **BLADE},
            "f": {"team": "blue", "at": (9, 2), **BLADE}}
    plain = run_plans(_context(team, strike_runs=False))
    assert any(not _strikes(_context(team), p.end) for p in plain)  # without the style it runs short
    plans = run_plans(_context(team))
    assert all(p.end is not None and _strikes(_context(team), p.end) for p in plans)


def test_r4_with_the_enemy_team_near_a_bow_walks():
    team = {"b": {"team": "red", "at": (0, 1), **BOW}, "e": {"team": "blue", "at": (9, 1), **BLADE},
            "f": {"team": "blue", "at": (9, 2), **BLADE}}
    assert run_plans(_context(team, strike_runs=False))  # it would run without the style
    assert run_plans(_context(team)) == []


def test_r4_with_one_enemy_far_off_runs_that_do_not_strike_stay_open():
    # f stands 19 squares away: the enemy team is not all near, the blade runs as it would.
    team = {"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (8, 1), **BLADE},
            "f": {"team": "blue", "at": (19, 2), **BLADE}}
    ctx = _context(team)
    assert any(not _strikes(ctx, p.end) for p in run_plans(ctx))
