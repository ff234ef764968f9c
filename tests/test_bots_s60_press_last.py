"""The last fighter of its team presses late in a maze match once an enemy was seen to run
(`BotStyle.press_last`, `press_after_run`; docs/bots.md, "The round cap in the maze, again"): from
`press_from` a team's lone fighter no longer fears the replies nor steps back out of a walking
blade's reach after its shot, while a fighter with a friend left still does, and so does one that
never saw an enemy move farther than a walk (greedy's blades walk a square a turn, R2.1: a bow a
step ahead keeps them off). The maze's self-play matches that met the round cap ended one against
one or two: a lone bow a step ahead of a blade that runs at it and stops short (R4.2)."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core import apply
from arena_game.core.actions import Attack, Walk
from arena_game.core.geometry import Square
from arena_game.core.state import MatchState
from tests.builders import tiny_match

AXE = {"name": "Hache", "family": "melee", "damage": "2d6"}
BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}

PRESS = {"press_from": 25, "press_maze": True, "press_last": True, "press_after_run": True}
LAST = replace(LEVEL_STYLES["strong"], **PRESS)


def _scene(friend: bool, labyrinth: bool = True, round_: int = 30, g_at: Square = (4, 0)) -> tuple[MatchState, object]:
    """A one-square corridor: our bow b on (6, 0), the enemy blade g on `g_at` (two squares west by
    default), who acts next; with `friend`, b's friend f far east (b is then not the last of its team)."""
    fighters = {
        "b": {"team": "red", "at": (6, 0), "weapon": BOW, "skills": {"weapons": {"bow": 4}}},
        "g": {"team": "blue", "at": g_at, "weapon": AXE},
    }
    if friend:
        fighters["f"] = {"team": "red", "at": (11, 0)}
    state, dice = tiny_match("............", fighters, order=list(fighters), labyrinth=labyrinth)
    state.round = round_
    return state, dice


def _turn(state: MatchState, dice: object, style: BotStyle, came_from: Square | None = (0, 0),
          **scene: object) -> list[object]:
    """b's turn; with `came_from`, the bot first looked at the board a turn earlier with g there."""
    bot = Bot(random.Random(0), style)
    if came_from is not None:
        before, _ = _scene(**{**scene, "g_at": came_from, "round_": state.round - 1})  # type: ignore[arg-type]
        bot.choose(before)
        state.turn_serial = before.turn_serial + 1
    acts: list[object] = []
    while state.active.id == "b" and len(acts) < 4:
        act = bot.choose(state)
        acts.append(act)
        state, _ = apply(state, act, dice)  # type: ignore[arg-type]
    return acts


def _stepped_back(acts: list[object]) -> bool:
    return any(isinstance(a, Walk) and a.to == (7, 0) for a in acts)


def test_s60_the_last_bow_of_its_team_shoots_and_keeps_its_ground_once_a_blade_ran() -> None:
    state, dice = _scene(friend=False)  # g ran from (0, 0) to (4, 0) since b's last look
    acts = _turn(state, dice, LAST, friend=False)
    assert isinstance(acts[0], Attack) and acts[0].target == "g"
    assert not any(isinstance(a, Walk) for a in acts)  # g walks a square and strikes it next


def test_s60_without_the_press_the_last_bow_steps_back() -> None:
    before = replace(LEVEL_STYLES["strong"], in_maze=tuple(
        (k, v) for k, v in LEVEL_STYLES["strong"].in_maze if k not in PRESS))
    state, dice = _scene(friend=False)
    acts = _turn(state, dice, before, friend=False)
    assert isinstance(acts[0], Attack) and _stepped_back(acts)


def test_s60_the_last_bow_steps_back_from_a_blade_that_only_walked() -> None:
    state, dice = _scene(friend=False)  # g walked from (3, 0): one square
    assert _stepped_back(_turn(state, dice, LAST, came_from=(3, 0), friend=False))
    state, dice = _scene(friend=False)  # b's first look: nothing seen to run
    assert _stepped_back(_turn(state, dice, LAST, came_from=None))


def test_s60_a_bow_with_a_friend_left_still_steps_back() -> None:
    state, dice = _scene(friend=True)
    assert _stepped_back(_turn(state, dice, LAST, friend=True))


def test_s60_before_the_round_and_on_an_open_map_the_last_bow_steps_back() -> None:
    state, dice = _scene(friend=False, round_=24)
    assert _stepped_back(_turn(state, dice, LAST, friend=False))
    state, dice = _scene(friend=False, labyrinth=False)
    assert _stepped_back(_turn(state, dice, LAST, friend=False, labyrinth=False))
