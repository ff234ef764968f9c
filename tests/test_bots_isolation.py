"""No fighter alone in the enemies' reach (`BotStyle.iso`, on in the strong level; docs/bots.md,
"Alone in reach"): a fighter is charged the hits of every enemy that reaches its square next
turn when no friend stands within two path squares of it, so a blade ahead of its team waits
out of reach for its friends rather than strike first and take every enemy's blow alone."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from tests.builders import tiny_match


def _blade_turn(style, friend_at, labyrinth=True):
    """Our blade two squares from an enemy blade, another enemy right behind it, in a corridor
    (a labyrinth's, or the same row as an open map); our other fighter at `friend_at`: what
    the blade does on its turn and where it ends."""
    state, dice = tiny_match(
        "..............",
        {"a": {"team": "red", "at": (5, 0)}, "f": {"team": "red", "at": friend_at},
         "e": {"team": "blue", "at": (3, 0)}, "g": {"team": "blue", "at": (2, 0)}},
        labyrinth=labyrinth,
    )
    assert state.active.id == "a"
    bot = Bot(random.Random(0), style)
    kinds = []
    while state.active.id == "a":
        action = bot.choose(state)
        kinds.append(action.kind)
        state, _ = apply(state, action, dice)
    return state.fighters["a"].position, kinds


def test_the_strong_blade_alone_waits_out_of_the_enemies_reach():
    at, kinds = _blade_turn(LEVEL_STYLES["strong"], friend_at=(13, 0))
    assert "attack" not in kinds and at == (6, 0)  # e at 3 walks to 4 at best: not beside 6


def test_the_strong_blade_with_a_friend_beside_it_strikes():
    # (`iso_strike` off: in a labyrinth corridor it reads f behind a as no support, test_s47_bot_iso_strike.py)
    at, kinds = _blade_turn(replace(LEVEL_STYLES["strong"], iso_strike=0.0), friend_at=(6, 0))
    assert kinds[:2] == ["walk", "attack"] and at == (4, 0)


def test_without_the_rule_the_blade_alone_strikes_into_both_enemies_reach():
    at, kinds = _blade_turn(replace(LEVEL_STYLES["strong"], iso=0.0), friend_at=(13, 0))
    assert kinds[:2] == ["walk", "attack"] and at == (4, 0)
