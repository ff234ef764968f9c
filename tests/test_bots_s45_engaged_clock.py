"""The clock of `BotStyle.engaged_runs` (`engaged_until`): a blade runs to strike (R4.8, at −8)
only an enemy a friend already holds, until that round; from it on it runs at a fresh enemy
again. With `engaged_maze` the switch holds on labyrinth maps only. Two sides that run at no fresh enemy wait each other out in self-play on labyrinthe and
meet the round cap; greedy comes before the clock runs out (docs/bots.md, "The team meets on
one way, and a clock on the runs")."""

import random
from dataclasses import replace
from typing import Any

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.actions import RunStart, Walk
from arena_game.core.state import MatchState
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}

# A corridor: the blade a on (2, 0), its friend f two squares behind, the enemy e 5 squares
# ahead, out of a walk and a blow, within a run and its blow (as in test_bots_s43_engaged_runs).
CORRIDOR = "............\n"
CLOCK = {"engaged_runs": True, "engaged_until": 10}
OFF = {"engaged_runs": False, "engaged_until": 0, "engaged_maze": False}


def _bot(**changes: object) -> Bot:
    """The strong level without `engaged_runs` and its clock, then `changes`."""
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], **{**OFF, **changes}))  # type: ignore[arg-type]


def _corridor(round_: int, maze: bool = False) -> MatchState:
    fighters: dict[str, dict[str, Any]] = {"a": {"team": "red", "at": (2, 0), **BLADE}, "f": {"team": "red", "at": (0, 0), **BLADE},
                "e": {"team": "blue", "at": (7, 0), **BLADE}}
    state, _ = tiny_match(CORRIDOR, fighters, order=list(fighters), labyrinth=maze)
    state.round = round_
    return state


def test_r4_8_before_the_clock_no_run_at_an_enemy_no_friend_holds() -> None:
    for round_ in (1, 9):
        state = _corridor(round_)
        plain = _bot()
        act = plain.choose(state)
        assert isinstance(act, RunStart) and plain.last_plan is not None and plain.last_plan.end == (6, 0)
        assert _bot(**CLOCK).choose(state) == Walk(to=(3, 0))  # it lets e come


def test_r4_8_from_the_clock_on_the_run_strikes_a_fresh_enemy_again() -> None:
    for round_ in (10, 14):
        state = _corridor(round_)
        bot = _bot(**CLOCK)
        act = bot.choose(state)
        assert isinstance(act, RunStart) and bot.last_plan is not None and bot.last_plan.end == (6, 0)
        assert _bot(engaged_runs=True).choose(state) == Walk(to=(3, 0))  # without the clock it still waits


def test_r4_8_with_engaged_maze_the_hold_is_for_labyrinths_only() -> None:
    maze, open_ = _corridor(1, maze=True), _corridor(1)
    bot = _bot(engaged_maze=True, **CLOCK)
    assert bot.choose(maze) == Walk(to=(3, 0))  # a labyrinth's corridor: it lets e come
    bot = _bot(engaged_maze=True, **CLOCK)
    act = bot.choose(open_)  # an open map: it runs to strike, as the level does
    assert isinstance(act, RunStart) and bot.last_plan is not None and bot.last_plan.end == (6, 0)
    assert _bot(**CLOCK).choose(open_) == Walk(to=(3, 0))  # without it the hold is everywhere


def test_r4_8_the_strong_level_lets_a_fresh_enemy_come_in_a_labyrinth_until_round_13() -> None:
    for level in ("strong", "deep"):
        style = LEVEL_STYLES[level]
        assert (style.engaged_runs, style.engaged_until, style.engaged_maze) == (True, 13, True)
    shipped = Bot(random.Random(0), LEVEL_STYLES["strong"])
    assert shipped.choose(_corridor(12, maze=True)) == Walk(to=(3, 0))
    # the runs' clock alone: since session 48 the level's hold against an enemy blade
    # (`iso_strike`, `iso_strike_coming`) stands while the enemy keeps coming, past round 13
    runs_only = replace(LEVEL_STYLES["strong"], iso_strike=0.0)
    for state in (_corridor(13, maze=True), _corridor(1)):  # the clock has run out; an open map
        bot = Bot(random.Random(0), runs_only)
        act = bot.choose(state)
        assert isinstance(act, RunStart) and bot.last_plan is not None and bot.last_plan.end == (6, 0)
