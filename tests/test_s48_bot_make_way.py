"""Make way (`BotStyle.make_way`; docs/bots.md, "Make way"): in a one-square corridor the friend
right behind the front blade strikes nobody and bars the front blade's step back to the bend,
where the enemy blade that follows would meet two of the team (`iso_strike`'s hold). With the
switch a fighter is charged an engaged friend's plight on every square from which it neither
strikes back the blade beside that friend nor leaves the friend a free step back to a square
where the team strikes back: the friend behind steps round the bend, and the front blade
strikes and falls back to the bend square."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack, Walk
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import team_turns, tiny_match

# A corridor along the top row that bends down at x = 7. Our blade a on (6, 0) stands beside the
# enemy blade e on (5, 0), a second enemy g behind e; our friend f stands right behind a on the
# bend square (7, 0), the only square a could fall back to.
BEND = "........#\n#######.#\n#######.#\n#######.#"


def _corridor(order: list[str], f_at: tuple[int, int] = (7, 0), labyrinth: bool = True) -> tuple[MatchState, object]:
    return tiny_match(BEND, {
        "a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": f_at},
        "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
    }, labyrinth=labyrinth, order=order)


def _style(make_way: float) -> BotStyle:
    """The strong level with `iso_strike` as session 47 shipped it (labyrinths, round 13: no watch
    of the enemies needed, so a `Context` made outside a turn reads it too) and `make_way`."""
    return replace(LEVEL_STYLES["strong"], iso_strike=5.0, iso_strike_until=13, iso_strike_maze=True,
                   iso_strike_coming=0, make_way=make_way, fall_back=0.0)


def _red_turns(style: BotStyle, labyrinth: bool = True) -> list[tuple[str, object]]:
    """f then a act (the dice are not read: the test is the choice); their actions in order."""
    state, dice = _corridor(["f", "a", "e", "g"], labyrinth=labyrinth)
    return team_turns(state, dice, Bot(random.Random(0), style))


def test_the_friend_behind_steps_round_the_bend_and_the_front_blade_falls_back() -> None:
    acts = _red_turns(_style(1.0))
    assert acts[0] == ("f", Walk(to=(7, 1)))  # out of the way, round the corner
    mine = [a for who, a in acts if who == "a"]
    assert mine[:2] == [Attack(target="e"), Walk(to=(7, 0))]  # e must come to (6, 0), beside f


def test_without_the_switch_the_friend_stays_and_the_front_blade_cannot_fall_back() -> None:
    acts = _red_turns(_style(0.0))
    assert all(not isinstance(a, Walk) for who, a in acts if who == "f")
    assert [a for who, a in acts if who == "a"][0] == Attack(target="e")
    assert all(not isinstance(a, Walk) for who, a in acts if who == "a")


def test_scoped_as_iso_strike_the_friend_stays_on_a_map_not_a_labyrinth() -> None:
    acts = _red_turns(_style(1.0), labyrinth=False)
    assert all(not isinstance(a, Walk) for who, a in acts if who == "f")


def test_r2_1_the_square_behind_the_front_blade_is_charged_the_square_round_the_bend_is_not() -> None:
    state, _ = _corridor(["f", "a", "e", "g"])
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    w = ctx.nav.width
    hit = ctx.odds.expected_hit(state.fighters["e"], state.fighters["a"])
    assert hit > 0.0
    assert ctx.fall_back.barring_at((7, 0), 7) == hit  # a cannot fall back, f strikes nobody from here
    assert ctx.fall_back.barring_at((7, 1), 1 * w + 7) == 0.0  # a falls back to (7, 0); e comes beside f
    assert ctx.fall_back.barring_at((7, 2), 2 * w + 7) == 0.0  # a walk to (7, 1) and a blow at (6, 0)
    assert ctx.fall_back.barring_at((7, 3), 3 * w + 7) == hit  # too far to strike e on (6, 0) next turn


def test_a_friend_that_already_strikes_back_is_not_moved() -> None:
    # f round the bend on (7, 1) already leaves a its step back: nothing to make way for
    state, _ = _corridor(["f", "a", "e", "g"], f_at=(7, 1))
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    assert ctx.fall_back.barring_at((7, 1), 1 * ctx.nav.width + 7) == 0.0
