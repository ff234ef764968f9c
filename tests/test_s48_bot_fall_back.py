"""Fall back (`BotStyle.fall_back`, with `make_way`; docs/bots.md, "Make way, and the hold while
the enemy comes"): in a straight one-square corridor the front blade beside an enemy blade, where
no friend strikes that blade back, is charged per path square to the nearest square where the
blade that follows meets two (a bend: the square it would strike from has a second free square
beside it, across the wall's corner); the friend behind it gives way toward there."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Walk
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import team_turns, tiny_match

# A corridor along the top row that bends down at x = 10. Our blade a on (7, 0) beside the enemy
# blade e on (6, 0), a second enemy g behind e; our friend f right behind a on (8, 0). The bend
# square (10, 0) is where e, following, must stand on (9, 0), beside (10, 1) round the corner.
CORRIDOR = "...........#\n##########.#\n##########.#\n##########.#"


def _corridor() -> tuple[MatchState, object]:
    return tiny_match(CORRIDOR, {
        "a": {"team": "red", "at": (7, 0)}, "f": {"team": "red", "at": (8, 0)},
        "e": {"team": "blue", "at": (6, 0)}, "g": {"team": "blue", "at": (4, 0)},
    }, labyrinth=True, order=["f", "a", "e", "g"])


def _style(fall_back: float) -> BotStyle:
    """The strong level with `iso_strike` as session 47 shipped it, `make_way` and `fall_back`."""
    return replace(LEVEL_STYLES["strong"], iso_strike=5.0, iso_strike_until=13, iso_strike_maze=True,
                   iso_strike_coming=0, make_way=1.0, fall_back=fall_back)


def _walks(style: BotStyle) -> dict[str, list[tuple[int, int]]]:
    """The walks of f then a in their turns (the dice are not read: the test is the choice)."""
    state, dice = _corridor()
    walks: dict[str, list[tuple[int, int]]] = {"f": [], "a": []}
    for who, action in team_turns(state, dice, Bot(random.Random(0), style)):
        if isinstance(action, Walk):
            walks[who].append(action.to)
    return walks


def test_the_file_falls_back_toward_the_bend() -> None:
    walks = _walks(_style(2.0))
    assert walks["f"] == [(9, 0)]  # the friend behind gives way toward the bend
    assert walks["a"] == [(8, 0)]  # the front blade acts, then steps back after it


def test_without_the_switch_the_file_holds_in_the_corridor() -> None:
    assert _walks(_style(0.0)) == {"f": [], "a": []}


def test_the_square_where_the_follower_meets_two_is_the_bend() -> None:
    state, _ = _corridor()
    ctx = Context(Bot(random.Random(0), _style(2.0)), state, open_action_kinds(state))
    w = ctx.nav.width
    dist = ctx.fall_back.fall_dist(state.fighters["a"], state.fighters["e"])
    assert dist is not None
    assert [i for i, d in dist.items() if d == 0] == [0 * w + 10]  # only the bend square
    assert dist[0 * w + 7] == 3 and dist[0 * w + 9] == 1  # a's square, the square before the bend
