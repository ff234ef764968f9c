"""A corridor's bend: an enemy blade strikes across the wall's corner (R1.1: melee reaches the
8 neighbours, R2.2 bars only the diagonal step), from a square it walks to while it stands 3
path squares away; and a run declared to strike there ends in a forced stop (R4.6) whose
malus the declaration did not weigh (docs/bots.md, "Blows across a corridor's bend")."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.navigation import navigator_for
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.actions import EndTurn, RunStart, Walk
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}

# A bend: (2, 0) and (3, 1) touch across the corner of the wall (2, 1); the way between them
# goes round by (3, 0). A blade on (3, 2) is 3 path squares from (2, 0), walks to (3, 1) and
# strikes it.
BEND = """
....
###.
###.
"""


def _bot(**changes: object) -> Bot:
    """The strong level, with `changes`."""
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], **changes))  # type: ignore[arg-type]


def test_r1_1_the_strike_field_reaches_across_a_corridors_bend():
    state, _ = tiny_match(BEND, {"a": {"team": "red", "at": (0, 0)}, "e": {"team": "blue", "at": (3, 2)}})
    nav = navigator_for(state.board)
    w = nav.width
    walk, strike = nav.field((3, 2)), nav.strike_field((3, 2))
    assert walk[0 * w + 2] == 3  # round the bend
    assert strike[0 * w + 2] == 2  # a walk to (3, 1) and a blow across the corner
    assert strike[0 * w + 1] == walk[0 * w + 1] == 4  # beyond it, no blow next turn
    for y in range(3):  # never farther than walking there, on every square but its own
        for x in range(4):
            if 0 < walk[y * w + x] < 10_000:
                assert strike[y * w + x] <= walk[y * w + x]


def test_r0_6_a_blade_does_not_wait_where_a_blow_across_the_corner_strikes_first():
    fighters = {"a": {"team": "red", "at": (1, 0), **BLADE}, "e": {"team": "blue", "at": (3, 2), **BLADE}}
    state, _ = tiny_match(BEND, fighters, order=["a", "e"])
    seen = Context(_bot(), state, open_action_kinds(state))  # the strong level (`BotStyle.corner_reach`)
    blind = Context(_bot(corner_reach=False), state, open_action_kinds(state))
    assert seen.danger.tempo_at((2, 0)) == seen.odds.incoming("e") > 0
    assert blind.danger.tempo_at((2, 0)) == 0  # path squares ≤ 2 only: (2, 0) is 3 away
    assert seen.value((2, 0), can_act=True) < seen.value((1, 0), can_act=True)
    # Without the switch (the strong level before 2026-12-05) the blade steps to the bend's
    # corner and gives e the first blow; with it, it waits out of reach.
    assert _bot(corner_reach=False).choose(state) == Walk(to=(2, 0))
    assert _bot().choose(state) == EndTurn()


# A runner at the bend of a corridor that the enemy on (3, 2) blocks: a run to strike it stops
# on (2, 2) with no square beyond (R4.6), so every square granted past it is a point of malus for
# five turns; a blow across the corner reaches (1, 1) next turn, not (1, 0).
DEAD_END = """
#.###
#.###
#....
"""


def test_r4_6_a_run_to_a_forced_stop_is_not_declared_to_be_dropped_after_the_roll():
    fighters = {"a": {"team": "red", "at": (1, 1), **BLADE}, "e": {"team": "blue", "at": (3, 2), **BLADE}}
    state, dice = tiny_match(DEAD_END, fighters, faces=[10], order=["a", "e"], labyrinth=True)
    # The strong level (`BotStyle.forced_runs` is off at every level: no gain in the bench)
    # declares the run to (2, 2); then, 5 squares granted (10 + 10), the forced stop's malus
    # weighs more than the blow, and it stops a square on, at −4 on every roll, within e's
    # walk and blow. (`engaged_runs` off: in a labyrinth the level lets a fresh enemy come to
    # it before round 13, tests/test_bots_s45_engaged_clock.py; this is about the declaration;
    # the maze's twice-heavier tempo, session 53, keeps it out of e's reach altogether.)
    bot = _bot(engaged_runs=False, iso_strike=0.0, in_maze=())
    act = bot.choose(state)
    assert isinstance(act, RunStart) and bot.last_plan is not None and bot.last_plan.end == (2, 2)
    after, _ = apply(state, act, dice)
    assert after.budget.run is not None and after.budget.run.granted == 5
    while after.active.id == "a":
        after, _ = apply(after, bot.choose(after), dice)
    a = after.fighters["a"]
    assert a.position != (2, 2) and sum(m.value for m in a.modifiers) <= -3
    # With `forced_runs` the declaration weighs that malus as the steps after the roll do: it
    # steps back out of e's reach instead.
    assert _bot(forced_runs=True, engaged_runs=False, in_maze=()).choose(state) == Walk(to=(1, 0))
