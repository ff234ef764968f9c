"""The strong bot's march in file (`BotStyle.march`): while the enemies are far, the team takes
one route (each fighter closes on the one ahead of it, not on the target by its own shortest
way, which in a maze of loops splits the team) and its leader does not run away from the file."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.actions import RunStart, Walk
from tests.builders import tiny_match

# A loop (rows 0 and 4, columns 0 and 10) with a long corridor east from (10, 2) to the foes.
LOOP = """
...........##################
.#########.##################
.#########...................
.#########.##################
...........##################
"""


def _loop_match():
    """`b` (west side of the loop) is nearer the foes by the south row; its friend `a`, nearer
    the foes, stands on the north row."""
    return tiny_match(
        LOOP,
        {"b": {"team": "red", "at": (0, 3)}, "a": {"team": "red", "at": (4, 0)},
         "e": {"team": "blue", "at": (27, 2)}, "f": {"team": "blue", "at": (28, 2)}},
        labyrinth=True,
    )


def _first_square(action) -> tuple[int, int]:
    if isinstance(action, RunStart):
        return tuple(action.declared[0])
    assert isinstance(action, Walk), action
    return tuple(action.to)


def _style(**changes):
    return replace(LEVEL_STYLES["strong"], **changes)


def test_marching_the_follower_takes_its_leaders_route_round_the_loop():
    state, _ = _loop_match()
    alone = Bot(random.Random(0), _style(march=0)).choose(state)
    marching = Bot(random.Random(0), _style(march=10)).choose(state)
    assert _first_square(alone) == (0, 4)  # its own shortest way: the south row
    assert _first_square(marching) == (0, 2)  # the way its friend `a` takes: the north row


def test_marching_stops_once_the_enemies_are_near():
    state, _ = _loop_match()
    # with an enemy within `march` path squares of the team, each goes its own way again
    near = Bot(random.Random(0), _style(march=40)).choose(state)
    assert _first_square(near) == (0, 4)


def _lead_after_turn(march: int) -> int:
    """A straight corridor, the foes far: where the lead `a`, 8 squares ahead of its friend
    `b`, stands after its turn."""
    state, dice = tiny_match(
        """
..............................................
""",
        {"a": {"team": "red", "at": (10, 0), "skills": {"course": 4}}, "b": {"team": "red", "at": (2, 0)},
         "e": {"team": "blue", "at": (44, 0)}, "f": {"team": "blue", "at": (45, 0)}},
        labyrinth=True,
    )
    bot = Bot(random.Random(0), _style(march=march))
    while state.active.id == "a":
        state, _ = apply(state, bot.choose(state), dice)
    return state.fighters["a"].position[0]


def test_the_leader_does_not_run_away_from_the_file():
    assert _lead_after_turn(march=10) <= 10  # it waits for the file (`march_slack` 3)
    assert _lead_after_turn(march=0) > 10  # on its own it closes on the foes
