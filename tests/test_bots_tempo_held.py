"""The tempo's charge in a maze standoff (`BotStyle.tempo_held`; docs/bots.md, "The fight starts
sooner in the maze (session 62)"): a fighter that would end its turn in a free enemy's reach
without striking gives that enemy the first strike (`BotStyle.tempo`), so two sides a step out of
each other's reach wait. The charge now holds only while someone came nearer within `tempo_held`
rounds: an enemy nearer the team (`Bot.came`) or one of the team nearer the enemies (`Bot.went`).
Once both sides have kept their ground that long, the blade steps up."""

import random
from dataclasses import replace
from typing import Any

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core import apply
from arena_game.core.actions import Walk
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from tests.builders import tiny_match

AXE = {"weapon": {"name": "Hache", "family": "melee", "damage": "2d6"}}
STRONG = LEVEL_STYLES["strong"]
BEFORE = replace(STRONG, in_maze=tuple((k, v) for k, v in STRONG.in_maze if k != "tempo_held"))
STEP_UP = Walk(to=(4, 0))


def _corridor(round_: int, g_at: Square = (6, 0), a_at: Square = (3, 0)) -> tuple[MatchState, Any]:
    """A one-square corridor: our axe a on `a_at`, its friend f on (2, 0), the enemy axe g on `g_at`
    (by default three squares ahead of a: out of a walk and a blow, R2.1, R0.6)."""
    fighters: dict[str, dict[str, Any]] = {
        "a": {"team": "red", "at": a_at, **AXE},
        "g": {"team": "blue", "at": g_at, **AXE},
        "f": {"team": "red", "at": (2, 0), **AXE},
    }
    state, dice = tiny_match("................", fighters, order=list(fighters), labyrinth=True)
    state.round = round_
    return state, dice


def _first_act(style: BotStyle, look: int | None = 9, g_was: Square = (6, 0), a_was: Square = (3, 0)) -> object:
    """a's first action at round 12; with `look`, the bot first looked at the board at that round,
    g on `g_was` and a on `a_was`."""
    bot = Bot(random.Random(0), style)
    state, dice = _corridor(12)
    if look is not None:
        before, _ = _corridor(look, g_was, a_was)
        bot.choose(before)
        state.turn_serial = before.turn_serial + 1
    act = bot.choose(state)
    apply(state, act, dice)  # a legal action
    return act


def test_s62_the_strong_level_carries_the_gate_in_the_maze_only() -> None:
    assert dict(STRONG.in_maze)["tempo_held"] == 2
    assert STRONG.tempo_held == 0 and LEVEL_STYLES["deep"].in_maze == (("try_bonus", 0.75),)


def test_s62_both_sides_kept_their_ground_three_rounds_the_blade_steps_up() -> None:
    assert _first_act(STRONG) == STEP_UP  # g on (6, 0) and a on (3, 0) since round 9
    assert _first_act(BEFORE) != STEP_UP  # the level before it waits: g would strike first


def test_s62_someone_came_lately_the_blade_waits() -> None:
    assert _first_act(STRONG, g_was=(9, 0)) != STEP_UP  # g came 3 squares nearer since round 9
    assert _first_act(STRONG, a_was=(0, 0)) != STEP_UP  # a came 3 squares nearer since round 9
    assert _first_act(STRONG, look=11) != STEP_UP  # seen first at round 11: every enemy comes
    assert _first_act(STRONG, look=None) != STEP_UP  # the bot's first look
