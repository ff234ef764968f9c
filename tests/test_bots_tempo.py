"""The strong bot's tempo: it does not end a turn where an enemy strikes first (a walk and a
blow away, R0.6) unless that enemy would strike one of its team anyway, and a run's squares
left (R4.5) cost more where the enemies reach the runner."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.runs import STOP_COST_PER_SQUARE, _per_square
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

GRID = """
........
........
........
"""
BLADE = {"skills": {"corps_a_corps": 3}, "attributes": {"dexterite": 4}}


def _context(fighters: dict, tempo: bool = True) -> Context:
    """The strong bot's view, without the rule that a fighter alone keeps out of reach
    (`iso`, tests/test_bots_isolation.py), which would charge the same squares: the tempo alone."""
    state, _ = tiny_match(GRID, fighters, order=list(fighters))
    strong = replace(LEVEL_STYLES["strong"], iso=0.0)
    style = strong if tempo else replace(strong, tempo=0.0)
    return Context(Bot(random.Random(0), style), state, open_action_kinds(state))


def test_r0_6_a_blade_does_not_walk_to_where_a_free_enemy_strikes_first():
    # e stands 3 squares from a: a step to (1, 1) leaves it a walk and a blow away (R0.6),
    # and e reaches no other fighter of a's team.
    ctx = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (3, 1), **BLADE}})
    assert ctx.danger.tempo_at((1, 1)) == ctx.odds.incoming("e") > 0
    assert ctx.danger.tempo_at((0, 1)) == 0
    assert ctx.value((1, 1), can_act=True) < ctx.value((0, 1), can_act=True)
    # Without the tempo the step nearer is worth more (closing): the tempo decides it.
    plain = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (3, 1), **BLADE}},
                     tempo=False)
    assert plain.value((1, 1), can_act=True) > plain.value((0, 1), can_act=True)


def test_r0_6_stepping_in_gives_nothing_away_when_the_enemy_already_reaches_a_friend():
    # c stands beside e: e strikes someone of the team next turn whatever a does.
    ctx = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (3, 1), **BLADE},
                    "c": {"team": "red", "at": (4, 0)}})
    assert ctx.danger.tempo_at((1, 1)) == 0
    assert ctx.value((1, 1), can_act=True) > ctx.value((0, 1), can_act=True)


def test_r0_6_the_enemy_struck_from_a_square_is_spared_the_others_are_not():
    # From (1, 1) a strikes e (beside it); f, two squares off, would still strike first.
    ctx = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (2, 1), **BLADE},
                    "f": {"team": "blue", "at": (3, 2), **BLADE}})
    assert ctx.danger.tempo_at((1, 1), {"e"}) == ctx.odds.incoming("f") > 0
    assert ctx.danger.tempo_at((1, 1)) == ctx.odds.incoming("e") + ctx.odds.incoming("f")
    # The square it strikes e from is charged nothing for it (`BotStyle.tempo_strikes` off),
    # the same square without a blow is charged both first strikes.
    plain = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (2, 1), **BLADE},
                      "f": {"team": "blue", "at": (3, 2), **BLADE}}, tempo=False)
    assert ctx.value((1, 1), can_act=True) == plain.value((1, 1), can_act=True)
    assert ctx.value((1, 1), can_act=False) < plain.value((1, 1), can_act=False)


def test_r4_5_squares_left_cost_more_where_the_enemies_reach_the_runner():
    ctx = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (6, 1), **BLADE}})
    near, far = (5, 1), (0, 1)
    assert ctx.danger.threat_at(near) > ctx.danger.threat_at(far)
    assert _per_square(ctx, near) > _per_square(ctx, far) >= STOP_COST_PER_SQUARE
    plain = _context({"a": {"team": "red", "at": (0, 1), **BLADE}, "e": {"team": "blue", "at": (6, 1), **BLADE}},
                     tempo=False)
    plain.style = replace(plain.style, stop_threat=0.0)
    assert _per_square(plain, near) == _per_square(plain, far) == STOP_COST_PER_SQUARE
