"""The strong level prices a fighter's death apart in a labyrinth (`BotStyle.in_maze`: `death` 2,
`death_replies` 2, `death_floor` 0.3, `death_until` 28; docs/bots.md, "A wounded blade kept out of
the lethal line in the maze"): a wounded blade that the enemy blade and bow would likely finish
where it stands strikes and steps where the bow has no line, past round 20 too (the floor), until
the clock at round 28; on an open map it plays as before."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack, Walk
from tests.builders import fighter_turn
from tests.test_s49_bot_death import _scene

STRONG = LEVEL_STYLES["strong"]
DEATH = ("death", "death_replies", "death_floor", "death_until")


def _turn(style: BotStyle, labyrinth: bool, round_no: int) -> list[object]:
    """a's actions in its turn at `round_no` (session 49's corridor with a niche: our blade a on
    3 PV beside the enemy blade g, the enemy bow e down the corridor; the dice seeded alike)."""
    state, dice = _scene(labyrinth)
    state.round = round_no
    assert state.active.id == "a"
    return fighter_turn(state, dice, Bot(random.Random(0), style))


def _steps_into_the_niche(acts: list[object]) -> bool:
    return isinstance(acts[0], Attack) and acts[0].target == "g" and Walk(to=(5, 0)) in acts


def test_s59_the_strong_level_carries_the_death_charge_in_labyrinths_only() -> None:
    maze = dict(STRONG.in_maze)
    assert {k: maze[k] for k in DEATH} == {"death": 2.0, "death_replies": 2.0, "death_floor": 0.3, "death_until": 28}
    assert (STRONG.death, STRONG.death_replies, STRONG.death_floor, STRONG.death_until) == (0.0, 0.0, 0.0, 0)


def test_s59_a_wounded_strong_blade_steps_out_of_the_bows_line_in_a_maze_past_round_20() -> None:
    for round_no in (15, 22, 27):  # the caution has faded by 20: past it the floor holds the charge
        assert _steps_into_the_niche(_turn(STRONG, labyrinth=True, round_no=round_no)), round_no


def test_s59_without_the_maze_charge_it_stays_in_the_line() -> None:
    without = replace(STRONG, in_maze=tuple((k, v) for k, v in STRONG.in_maze if k not in DEATH))
    for round_no in (15, 22, 27):
        acts = _turn(without, labyrinth=True, round_no=round_no)
        assert isinstance(acts[0], Attack) and not any(isinstance(a, Walk) for a in acts), round_no


def test_s59_on_an_open_map_and_from_round_28_it_plays_as_before() -> None:
    without = replace(STRONG, in_maze=tuple((k, v) for k, v in STRONG.in_maze if k not in DEATH))
    assert _turn(STRONG, labyrinth=False, round_no=22) == _turn(without, labyrinth=False, round_no=22)
    assert not _steps_into_the_niche(_turn(STRONG, labyrinth=False, round_no=22))
    # the clock: two sides that keep their wounded out of each other's lethal reach would wait out the cap
    assert _turn(STRONG, labyrinth=True, round_no=28) == _turn(without, labyrinth=True, round_no=28)
