"""The team's charges held till the fight (`BotStyle.team_fade_from`; docs/bots.md, "Where the
maze's losses come from"): `iso`, `make_way` and `fall_back` fade with the caution from the match's
start (`Context.late`, nothing left at round 20), so in the maze, where the first blows fall about
round 9, they are at half their weight when the team meets the enemy. With the switch they keep
their full weight in a labyrinth until its round, then fade to nothing at round 20 all the same."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, STALL_ROUNDS, BotStyle
from arena_game.core.actions import Attack, EndTurn, Walk
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import team_turns, tiny_match

# A corridor along the top row that bends down at x = 7 (as tests/test_s48_bot_make_way.py): our
# blade a on (6, 0) beside the enemy blade e on (5, 0), a second enemy g behind e; our friend f
# right behind a on the bend square (7, 0), the only square a could fall back to.
BEND = "........#\n#######.#\n#######.#\n#######.#"


def _scene(round_: int, labyrinth: bool = True) -> tuple[MatchState, object]:
    state, dice = tiny_match(BEND, {
        "a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": (7, 0)},
        "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
    }, labyrinth=labyrinth, order=["f", "a", "e", "g"])
    state.round = round_
    return state, dice


def _level(fade_from: int) -> BotStyle:
    return replace(LEVEL_STYLES["strong"], team_fade_from=fade_from)


def _red_turns(style: BotStyle, round_: int, labyrinth: bool = True) -> list[tuple[str, object]]:
    """f then a act, as the level's first turn of a match (every enemy counts as coming, so
    `iso_strike`'s watch holds); the dice are not read: the test is the choice."""
    state, dice = _scene(round_, labyrinth)
    return team_turns(state, dice, Bot(random.Random(0), style))


MADE_WAY = [("f", Walk(to=(7, 1))), ("a", Attack(target="e")), ("a", Walk(to=(7, 0)))]


def _made_way(acts: list[tuple[str, object]]) -> bool:
    """f stepped round the bend, a struck and fell back to the bend square (in that order)."""
    moves = [(who, a) for who, a in acts if not isinstance(a, EndTurn)]
    return moves == MADE_WAY


def test_s52_the_level_makes_way_early_but_no_longer_at_round_10() -> None:
    assert LEVEL_STYLES["strong"].team_fade_from == 0
    assert _made_way(_red_turns(_level(0), 2))
    acts = _red_turns(_level(0), 10)  # the charge at half its weight: f stays, a cannot fall back
    assert all(not isinstance(a, Walk) for who, a in acts if who == "f")
    assert all(not isinstance(a, Walk) for who, a in acts if who == "a")


def test_s52_with_the_switch_the_team_makes_way_at_full_weight_till_its_round() -> None:
    for round_ in (10, 12, 14):
        assert _made_way(_red_turns(_level(12), round_)), round_
    assert _made_way(_red_turns(_level(16), 16))


def test_s52_the_charges_still_fade_to_nothing_at_round_20() -> None:
    state, _ = _scene(STALL_ROUNDS)
    assert Context(Bot(random.Random(0), _level(12)), state, open_action_kinds(state)).team_late == 0.0
    state, _ = _scene(16)  # halfway from round 12 to round 20
    assert Context(Bot(random.Random(0), _level(12)), state, open_action_kinds(state)).team_late == 0.5
    acts = _red_turns(_level(12), 18)
    assert all(not isinstance(a, Walk) for who, a in acts if who == "f")


def test_s52_scoped_to_labyrinths_the_fade_is_the_caution_s_elsewhere() -> None:
    state, _ = _scene(10, labyrinth=False)
    ctx = Context(Bot(random.Random(0), _level(12)), state, open_action_kinds(state))
    assert ctx.team_late == ctx.late == 0.5
    assert _red_turns(_level(12), 10, labyrinth=False) == _red_turns(_level(0), 10, labyrinth=False)
