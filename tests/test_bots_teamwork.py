"""The strong bot's runs and team play on tiny maps with scripted dice: runs that do not
end in a forced stop (R4.6), and fighters that do not run ahead of their friends."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.navigation import navigator_for
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.actions import RunStart
from tests.builders import tiny_match


def _run_out(state, dice, bot, fid):
    """Let the bot play `fid`'s run to its end; the run's end reason and where it stands."""
    reasons = []
    while state.active.id == fid and len(reasons) < 30:
        state, events = apply(state, bot.choose(state), dice)
        reasons += [e.reason for e in events if e.type == "run_ended"]
        if reasons:
            break
    return reasons, state.fighters[fid].position

def test_r4_6_a_runner_stops_short_of_a_dead_end_rather_than_be_stopped_there():
    # A corridor closed by a wall at x = 6; the foe is beyond it. A roll of 20 + 10 grants
    # 7 squares (R4.2): running on to (5, 0) would leave 2 squares with no way on, a forced
    # stop (R4.6: a malus for 5 turns); stopping on (4, 0) leaves 3 for one turn (R4.5).

    state, dice = tiny_match(
        """
......#....
""",
        {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 5}, "skills": {"course": 5}},
         "e": {"team": "blue", "at": (10, 0)}},
        faces=[20],
    )
    state, events = apply(state, RunStart(declared=[(1, 0), (2, 0), (3, 0)]), dice)
    assert state.budget.run is not None and state.budget.run.granted == 7
    reasons, at = _run_out(state, dice, Bot.at_level("strong", random.Random(0)), "a")
    assert reasons == ["voluntary_stop"] and at == (4, 0)

def test_r4_6_with_room_beyond_the_runner_runs_its_squares_out():
    # The same run in an open corridor: no stop is forced anywhere, it closes in on the foe.

    state, dice = tiny_match(
        """
..................
""",
        {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 5}, "skills": {"course": 5}},
         "e": {"team": "blue", "at": (17, 0)}},
        faces=[20],
    )
    state, _ = apply(state, RunStart(declared=[(1, 0), (2, 0), (3, 0)]), dice)
    reasons, at = _run_out(state, dice, Bot.at_level("strong", random.Random(0)), "a")
    assert reasons == ["completed"] and at == (7, 0)

def _corridor_lead(friend_at: tuple[int, int], friend_weapon: dict | None = None):
    """A maze corridor: the red lead `a`, a red friend, and two blue foes far ahead."""

    friend = {"team": "red", "at": friend_at}
    if friend_weapon:
        friend["weapon"] = friend_weapon
    return tiny_match(
        """
..........................
""",
        {"a": {"team": "red", "at": (6, 0), "skills": {"course": 4}}, "b": friend,
         "e": {"team": "blue", "at": (24, 0)}, "f": {"team": "blue", "at": (25, 0)}},
        labyrinth=True,
    )

def _together() -> Bot:
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], cohesion=3))


def _gap_after_turn(state, dice, bot):
    nav = navigator_for(state.board)
    while state.active.id == "a":
        state, _ = apply(state, bot.choose(state), dice)
    return nav.distance(state.fighters["a"].position, state.fighters["e"].position)

def test_with_cohesion_a_lead_fighter_waits_for_its_friends_instead_of_meeting_the_foes_alone():
    # 18 squares from the foes with its friend 6 squares behind: it does not run or walk
    # on (it would arrive alone and take every foe's blows), it lets the friend catch up...
    state, dice = _corridor_lead((0, 0))
    assert _gap_after_turn(state, dice, _together()) >= 18
    # ...and a bow behind it counts as a friend to wait for too (its arrows arrive with it).
    state, dice = _corridor_lead((0, 0), {"name": "Arc", "family": "bow", "range": 6, "damage": "1d8"})
    assert _gap_after_turn(state, dice, _together()) >= 18
    # With the friend beside it, it closes in.
    state, dice = _corridor_lead((5, 0))
    assert _gap_after_turn(state, dice, _together()) < 18


def test_r4_with_wait_coming_a_foe_closing_in_is_walked_to_a_foe_standing_off_is_run_at():
    # 8 squares apart at the first turn: both sides close in, so a run that cannot strike
    # would only bring the runner into the foe's reach first; it walks (or waits) instead.
    state, dice = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (0, 0), "skills": {"course": 4}}, "e": {"team": "blue", "at": (8, 0)}},
    )
    # (`strike_runs` off: with the whole enemy team near it would not run at a foe it cannot reach)
    bot = Bot(random.Random(0), replace(LEVEL_STYLES["strong"], wait_coming=10, strike_runs=0))
    kinds = []
    while state.active.id == "a":
        act = bot.choose(state)
        kinds.append(act.kind)
        state, _ = apply(state, act, dice)
    assert "run_start" not in kinds
    state, _ = apply(state, {"kind": "end_turn"}, dice)  # the foe stands off: it does not come nearer
    assert state.active.id == "a" and navigator_for(state.board).distance(
        state.fighters["a"].position, state.fighters["e"].position) >= 4
    assert bot.choose(state).kind == "run_start"
