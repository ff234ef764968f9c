"""The runs' hold in a maze standoff (`BotStyle.engaged_coming`; docs/bots.md, "The fight starts
sooner in the maze (session 62)"): until round 13 a blade runs to strike (R4.8, at −8) only an
enemy a friend already holds or one a hit likely kills (`engaged_runs`, `engaged_until`), so two
sides a step out of each other's reach wait for the clock; the hold now stands only while an enemy
came nearer the team within `engaged_coming` rounds (`Bot.came`), as `iso_strike_coming` holds the
support's. Greedy's fighters keep coming, so against them the hold stands as before."""

import random
from dataclasses import replace
from typing import Any

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import RunStart
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}
STRONG = LEVEL_STYLES["strong"]
BEFORE = replace(STRONG, in_maze=tuple((k, v) for k, v in STRONG.in_maze if k != "engaged_coming"))


def _corridor(round_: int, e_at: Square = (7, 0)) -> MatchState:
    """A labyrinth's corridor: the blade a on (2, 0), its friend f two squares behind, the enemy e on
    `e_at` (5 squares ahead by default: out of a walk and a blow, within a run and its blow)."""
    fighters: dict[str, dict[str, Any]] = {"a": {"team": "red", "at": (2, 0), **BLADE},
                                           "f": {"team": "red", "at": (0, 0), **BLADE},
                                           "e": {"team": "blue", "at": e_at, **BLADE}}
    state, _ = tiny_match("............\n", fighters, order=list(fighters), labyrinth=True)
    state.round = round_
    return state


def _choice(style: BotStyle, round_: int = 9, last_look: int | None = 6, came_from: Square = (7, 0)) -> Bot:
    """The bot after choosing a's first action at `round_`; with `last_look`, it first looked at the
    board at that round, e on `came_from`."""
    bot = Bot(random.Random(0), style)
    state = _corridor(round_)
    if last_look is not None:
        before = _corridor(last_look, e_at=came_from)
        bot.choose(before)
        state.turn_serial = before.turn_serial + 1
    bot.choose(state)
    return bot


def _runs_to_strike(bot: Bot) -> bool:
    plan = bot.last_plan
    return plan is not None and isinstance(plan.action, RunStart) and plan.end == (6, 0)


def test_s62_the_strong_level_carries_the_gate_in_the_maze_only() -> None:
    assert dict(STRONG.in_maze)["engaged_coming"] == 2
    assert STRONG.engaged_coming == 0 and LEVEL_STYLES["deep"].in_maze == ()


def test_s62_no_enemy_came_for_three_rounds_the_blade_runs_to_strike() -> None:
    assert _runs_to_strike(_choice(STRONG))  # e stood on (7, 0) since round 6
    assert not _runs_to_strike(_choice(BEFORE))  # the level before it lets e come until round 13


def test_s62_an_enemy_that_came_lately_is_let_come() -> None:
    assert not _runs_to_strike(_choice(STRONG, came_from=(10, 0)))  # e came 3 squares nearer since round 6
    assert not _runs_to_strike(_choice(STRONG, last_look=8))  # seen first at round 8: every enemy comes
    assert not _runs_to_strike(_choice(STRONG, last_look=None))  # the bot's first look
