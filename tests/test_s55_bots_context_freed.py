"""Session 55: a decision's `Context` is split into collaborators it owns (`odds`, `enemy_reach`,
`danger`, `support`, `fall_back`, `closing`). None of them holds a reference back to the context,
so a context is freed by reference counting the moment its decision is done, as the single
class was: a cycle would leave every one of them (with all its tables) to the cyclic collector,
about 100 a match at the fast level and over 200 at the strong one."""

import gc
import random
import weakref
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

# A corridor along the top row that bends down at x = 7 (tests/test_s48_bot_make_way.py): our
# blade a on (6, 0) beside the enemy blade e on (5, 0), the enemy g behind e, our f on the bend.
BEND = "........#\n#######.#\n#######.#\n#######.#"
BOW = {"weapon": {"name": "Arc", "family": "bow", "range": 6, "damage": "1d6"}}


def _every_part() -> BotStyle:
    """The strong level with every weight the value reads switched on (labyrinths, no clock, no
    watch of the enemies needed), so a decision asks every collaborator."""
    return replace(LEVEL_STYLES["strong"], iso_strike=5.0, iso_strike_until=0, iso_strike_maze=True,
                   iso_strike_coming=0, make_way=1.0, fall_back=4.0, death=1.0, death_floor=1.0, jam=1.0,
                   kite=1.0, march=3)


def _freed_after_a_decision(f_sheet: dict) -> tuple[bool, int, int]:
    """Whether the context of f's decision is gone once dropped, with the collector off (only
    reference counting frees it); and how many squares and engaged friends it weighed."""
    state, _ = tiny_match(BEND, {
        "f": {"team": "red", "at": (7, 0), **f_sheet}, "a": {"team": "red", "at": (6, 0)},
        "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
    }, labyrinth=True, order=["f", "a", "e", "g"])
    was = gc.isenabled()
    gc.disable()
    try:
        ctx = Context(Bot(random.Random(0), _every_part()), state, open_action_kinds(state))
        ctx.action_plans()
        ctx.move_plans()
        weighed, engaged = len(ctx.square_parts), len(ctx.fall_back.engaged())
        gone = weakref.ref(ctx)
        del ctx
        return gone() is None, weighed, engaged
    finally:
        if was:
            gc.enable()


def test_s55_a_blades_context_is_freed_once_its_decision_is_done() -> None:
    freed, weighed, engaged = _freed_after_a_decision({})
    assert weighed > 1 and engaged == 1  # it weighed squares, and a beside e (make way)
    assert freed


def test_s55_a_bows_context_is_freed_once_its_decision_is_done() -> None:
    freed, weighed, engaged = _freed_after_a_decision(BOW)  # the kite and the jam asked too
    assert weighed > 1 and engaged == 1
    assert freed
