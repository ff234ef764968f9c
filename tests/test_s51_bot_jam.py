"""The jam (`BotStyle.jam`; docs/bots.md, "The jam: a bow makes way"): a bow at the front of its
own file in a one-square corridor, an enemy blade beside it, its friend's blade right behind it
(R2.1: nobody walks through a fighter; R2.4: nor jumps over a friend). Past round 20 nothing else
moves the bow, and the blade strikes nobody; with the switch the bow steps into the side square at
the junction and the blade walks up and strikes."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.jam import jam_at, jammed
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack, Walk
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import team_turns, tiny_match

AXE = {"name": "Hache", "family": "melee", "damage": "2d6"}
BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}
# A corridor along the top row with one side square at (4, 1): our bow b on the junction square
# (4, 0), our axe a right behind it on (5, 0), the enemy axe e beside b on (3, 0), a second enemy
# axe g on (1, 0). The diagonal (5, 0)–(4, 1) is cut by the wall's corner (R2.2).
JUNCTION = "..........\n####.#####"


def _scene(round_: int = 30, labyrinth: bool = True) -> tuple[MatchState, object]:
    # every scripted face a 1: the bow's shot misses (nobody dies), no other roll is made
    state, dice = tiny_match(JUNCTION, {
        "b": {"team": "red", "at": (4, 0), "weapon": BOW, "skills": {"weapons": {"bow": 4}}},
        "a": {"team": "red", "at": (5, 0), "weapon": AXE},
        "e": {"team": "blue", "at": (3, 0), "weapon": AXE},
        "g": {"team": "blue", "at": (1, 0), "weapon": AXE},
    }, faces=[1] * 40, order=["b", "a", "e", "g"], labyrinth=labyrinth)
    state.round = round_
    return state, dice


def _style(jam: float, **changes: object) -> BotStyle:
    return replace(LEVEL_STYLES["strong"], jam=jam, **changes)


def _red_turns(style: BotStyle, round_: int = 30, labyrinth: bool = True) -> list[tuple[str, object]]:
    """b then a act; their actions in order."""
    state, dice = _scene(round_, labyrinth)
    return team_turns(state, dice, Bot(random.Random(0), style))


def test_s51_the_bow_steps_aside_at_the_junction_and_the_blade_strikes() -> None:
    acts = _red_turns(_style(1.0))
    mine = [a for who, a in acts if who == "b"]
    assert isinstance(mine[0], Attack) and Walk(to=(4, 1)) in mine
    assert [a for who, a in acts if who == "a"][:2] == [Walk(to=(4, 0)), Attack(target="e")]


def test_s51_without_the_switch_the_bow_stays_and_the_blade_strikes_nobody() -> None:
    acts = _red_turns(_style(0.0))
    assert not any(isinstance(a, Walk) for _, a in acts)
    assert not any(isinstance(a, Attack) for who, a in acts if who == "a")


def test_s51_the_charge_does_not_fade_with_the_round() -> None:
    for round_ in (21, 30, 39):
        acts = _red_turns(_style(1.0), round_=round_)
        assert ("a", Attack(target="e")) in acts, round_


def test_s51_with_jam_maze_an_open_map_plays_as_without_it() -> None:
    maze_only = _style(1.0, jam_maze=True)
    assert _red_turns(maze_only, labyrinth=False) == _red_turns(_style(0.0), labyrinth=False)
    assert ("a", Attack(target="e")) in _red_turns(maze_only)


def test_r2_1_the_junction_square_is_charged_the_blades_blow_the_side_square_is_not() -> None:
    state, _ = _scene()
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    w = ctx.nav.width
    hit = ctx.odds.expected_hit(state.fighters["a"], state.fighters["e"])
    assert hit > 0.0
    # a would strike e after a walk of one square, g after three: both barred by b alone
    assert [(f.id, e.id) for f, e, *_ in jammed(ctx)] == [("a", "e"), ("a", "g")]
    assert jam_at(ctx, 0 * w + 4) == hit  # b stays: a is barred (its best blow, e's)
    assert jam_at(ctx, 1 * w + 4) == 0.0  # b in the side square: a walks to (4, 0) and strikes


def test_s51_a_blade_in_front_is_no_jam() -> None:
    swapped, _ = tiny_match(JUNCTION, {
        "b": {"team": "red", "at": (5, 0), "weapon": BOW, "skills": {"weapons": {"bow": 4}}},
        "a": {"team": "red", "at": (4, 0), "weapon": AXE},
        "e": {"team": "blue", "at": (3, 0), "weapon": AXE},
    }, order=["b", "a", "e"], labyrinth=True)
    ctx = Context(Bot(random.Random(0), _style(1.0)), swapped, open_action_kinds(swapped))
    assert jammed(ctx) == [] and jam_at(ctx, 0 * ctx.nav.width + 5) == 0.0  # the blade leads: b bars nobody


def test_s51_before_jam_from_the_bow_plays_as_without_the_switch() -> None:
    late = _style(1.0, jam_from=31)
    assert _red_turns(late, round_=30) == _red_turns(_style(0.0), round_=30)
    assert ("a", Attack(target="e")) in _red_turns(late, round_=31)


def test_s51_the_strong_level_makes_way_in_a_labyrinth() -> None:
    level = LEVEL_STYLES["strong"]
    assert level.jam and level.jam_maze
    assert ("a", Attack(target="e")) in _red_turns(level)
