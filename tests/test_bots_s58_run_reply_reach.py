"""The strong level's replies (`bots/lookahead.py`) and the danger of a square (`bots/danger.py`)
read an enemy blade's run (R4.8) to the same reach, `reach.RUN_REACH` (docs/bots.md, "Seat bias,
and the run's reach", session 58): the lookahead counted a run reply from 7 strike-field squares
while the caution and the death risk stopped at 6."""

import random

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.lookahead import reply_damage
from arena_game.bots.reach import RUN_REACH
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

CORRIDOR = """
..............
"""


def test_r4_8_lookahead_reply_and_danger_see_an_enemy_blade_run_equally_far():
    # The enemy blade at the corridor's west end strikes a square x from x strike-field squares.
    fighters = {
        "a": {"team": "red", "at": (13, 0), "pv": 30},
        "e": {"team": "blue", "at": (0, 0), "pv": 30},
    }
    state, _ = tiny_match(CORRIDOR, fighters, order=["a", "e"])
    ctx = Context(Bot.at_level("strong", random.Random(0)), state, open_action_kinds(state))
    enemy = state.fighters["e"]
    replied = [x for x in range(1, 14) if reply_damage(ctx, enemy, (x, 0)) > 0]
    threatened = [x for x in range(1, 14) if ctx.danger.threat_at((x, 0)) > 0]
    assert replied == threatened == list(range(1, RUN_REACH + 1))
