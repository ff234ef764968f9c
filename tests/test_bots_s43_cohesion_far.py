"""The team gathers on the way and fights as it comes (`BotStyle.cohesion` with
`cohesion_far`, both off at every level): on labyrinthe the bot's fighters met the enemy one
at a time, 19 path squares apart at the first attack against greedy's 8. Held back only while
the enemies are far, a blade waits for its friends, and the two sides do not wait each other
out at the front as with `cohesion` alone (docs/bots.md, "The fight after the first blow")."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.actions import EndTurn, RunStart, Walk
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}

# A corridor: the friend f at its west end, the blade a some squares ahead of it, the enemy e
# farther east.
CORRIDOR = "." * 20 + "\n"
GATHER = {"cohesion": 3, "cohesion_far": 10}


def _bot(**changes: object) -> Bot:
    """The strong level, with `changes`."""
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], **changes))  # type: ignore[arg-type]


def _corridor(blade: int, enemy: int):
    fighters = {"a": {"team": "red", "at": (blade, 0), **BLADE}, "f": {"team": "red", "at": (0, 0), **BLADE},
                "e": {"team": "blue", "at": (enemy, 0), **BLADE}}
    state, _ = tiny_match(CORRIDOR, fighters, order=["a", "f", "e"])
    return state


def test_r0_6_a_blade_far_ahead_of_its_friend_waits_while_the_enemy_is_far():
    assert not LEVEL_STYLES["strong"].cohesion and not LEVEL_STYLES["strong"].cohesion_far
    for blade in (4, 5, 6):  # 13 to 15 path squares from e, 4 to 6 ahead of f
        state = _corridor(blade, 19)
        # The strong level runs the blade on alone.
        assert isinstance(_bot().choose(state), RunStart)
        # With the switches it closes no nearer than 3 squares ahead of f: it waits.
        assert _bot(**GATHER).choose(state) == EndTurn()


def test_r0_6_with_the_enemy_near_the_blade_fights_as_it_comes():
    for blade in (8, 9, 10):  # 7 to 9 path squares from e
        state = _corridor(blade, 17)
        plain = _bot().choose(state)
        assert plain == Walk(to=(blade + 1, 0))
        assert _bot(**GATHER).choose(state) == plain  # the enemy is near: no hold
        # `cohesion` alone holds it there too, and the front waits (round-cap draws)
        assert _bot(cohesion=3).choose(state) == EndTurn()
