"""The strong bot: runs planned on the exact run queries, taunts that pay, the lookahead
against the opponents who act next, difficulty levels."""

import random
from dataclasses import replace

import pytest

from arena_game.bots import Bot
from arena_game.bots.lookahead import next_opponents
from arena_game.bots.style import LEVELS
from arena_game.core import apply
from arena_game.core.actions import Attack, RunStart, Taunt, Walk
from arena_game.core.queries import declared_options, open_action_kinds, run_probability_map
from arena_game.core.state import Modifier
from tests.builders import tiny_match


def test_r4_1_a_far_bot_runs_along_a_declaration_the_run_query_accepts():
    # A corridor: the foe is 12 squares away, a walk gains one square, a run several.
    state, dice = tiny_match(
        """
..............
""",
        {"a": {"team": "red", "at": (0, 0), "skills": {"course": 5}}, "e": {"team": "blue", "at": (13, 0)}},
    )
    bot = Bot(random.Random(0))
    act = bot.choose(state)
    assert isinstance(act, RunStart)
    decl = list(act.declared)
    for k in range(len(decl)):  # every declared square was open when declared (R4.1, R4.4)
        assert declared_options(state, decl[:k], state.active)[decl[k]] is None
    assert decl == [(1, 0), (2, 0), (3, 0)]
    chance = run_probability_map(state, state.active, count_tackles=True, declared=decl)
    assert bot.last_plan.end in chance and chance[bot.last_plan.end] > 0
    # The run then goes on toward the foe until its squares run out, never away from it.
    state, _ = apply(state, act, dice)
    xs = [state.active.position[0]]
    while state.active.id == "a" and state.budget.run is not None and len(xs) < 20:
        state, _ = apply(state, bot.choose(state), dice)
        xs.append(state.fighters["a"].position[0])
    assert xs == sorted(xs) and xs[-1] > 3


def test_r7_3_a_free_try_for_renown_is_taken_a_costly_one_is_not():
    # Out of contact (no one on either side can strike next turn, a run included), a failed
    # simple taunt costs nothing and the match's first success earns 2 PR (R7.3): it tries.
    def far_apart(at_e: int, charisme: int = 5):
        return tiny_match(
            """
..............................
""",
            {"a": {"team": "red", "at": (0, 0), "attributes": {"charisme": charisme}, "skills": {"seduction": 5}},
             "e": {"team": "blue", "at": (at_e, 0)}},
        )

    state, dice = far_apart(29)
    state, _ = apply(state, Walk(to=(1, 0)), dice)  # its move is spent; its action is not
    assert "taunt" in open_action_kinds(state)
    assert Bot.at_level("normal", random.Random(0)).choose(state) == Taunt(style="simple")
    # A foe a run away: the −5 Dextérité of a failure (R7.2) would spoil the run's attack.
    state, dice = far_apart(9)
    state, _ = apply(state, Walk(to=(1, 0)), dice)
    assert Bot.at_level("normal", random.Random(0)).choose(state).kind != "taunt"
    # A taunter who would almost surely fail (5%) does not waste its action on it.
    state, dice = far_apart(29, charisme=0)
    state, _ = apply(state, Walk(to=(1, 0)), dice)
    assert Bot.at_level("normal", random.Random(0)).choose(state).kind != "taunt"
    # Beside a foe that a friend strikes next, a likely taunt (R7.2, +5 Dextérité) is made.
    state, dice = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (6, 0), "attributes": {"charisme": 10}, "skills": {"seduction": 10}},
         "f": {"team": "red", "at": (7, 0)}, "e": {"team": "blue", "at": (8, 0)}},
        order=["a", "f", "e"],
    )
    kinds = []
    bot = Bot.at_level("normal", random.Random(0))
    while state.active.id == "a" and len(kinds) < 6:
        act = bot.choose(state)
        kinds.append(act)
        state, _ = apply(state, act, dice)
    assert Taunt(style="simple") in kinds


def test_r7_2_no_simple_taunt_when_friends_strike_next_and_it_likely_fails():
    state, _ = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (6, 0), "attributes": {"charisme": 5}, "skills": {"seduction": 5}},
         "f": {"team": "red", "at": (7, 0), "attributes": {"dexterite": 5}},
         "e": {"team": "blue", "at": (8, 0)}},
        order=["a", "f", "e"],
    )
    state.teams["red"].taunt_success_done = True  # no renown left to win
    for seed in range(4):
        assert Bot(random.Random(seed)).choose(state).kind != "taunt"


GRID3 = """
.....
.....
.....
"""


def test_r0_5_strong_bot_strikes_the_opponent_who_acts_next():
    # Two equal foes beside the bot; "n" acts right after it, "l" after the bot's friend.
    fighters = {
        "a": {"team": "red", "at": (2, 1), "pv": 30},
        "n": {"team": "blue", "at": (1, 1), "pv": 6},
        "f": {"team": "red", "at": (4, 2), "pv": 30},
        "l": {"team": "blue", "at": (3, 1), "pv": 6},
    }
    for order in (["a", "n", "f", "l"], ["a", "l", "f", "n"]):
        state, _ = tiny_match(GRID3, fighters, order=order)
        nxt = order[1]
        assert [o.id for o in next_opponents_ctx(state)] == [nxt]
        picks = {Bot.at_level("strong", random.Random(seed)).choose(state) for seed in range(6)}
        assert picks == {Attack(target=nxt)}


def next_opponents_ctx(state):
    from arena_game.bots.context import Context

    bot = Bot(random.Random(0))
    return next_opponents(Context(bot, state, open_action_kinds(state)))


def test_levels_are_known_and_an_unknown_one_is_refused():
    assert LEVELS == ("easy", "normal", "strong", "fast", "deep")
    for level in LEVELS:
        assert Bot.at_level(level, random.Random(0)).style is not None
    with pytest.raises(ValueError, match="unknown bot level"):
        Bot.at_level("grandmaster", random.Random(0))


def test_play_offers_the_bots_levels():
    from arena_game.bots.style import PLAY_LEVELS
    from arena_game.commands.play import BOT_LEVELS

    assert BOT_LEVELS == PLAY_LEVELS == ("easy", "normal", "strong")


def test_window_bot_seats_play_at_the_chosen_level():
    from arena_game.bots.seats import BotSeats
    from arena_game.bots.style import LEVEL_STYLES

    seats = BotSeats(["all"], ["red", "blue"], seed=1, level="easy")
    assert {b.style for b in seats.bots.values()} == {LEVEL_STYLES["easy"]}


def test_r8_2_bot_circle_attacks_to_finish_one_foe_and_hurt_another():
    # A two-handed axe between two foes: the first share finishes the weak one (R8.2),
    # the rest hurts the other; a plain attack would only kill.
    axe = {"name": "Hache", "family": "two_handed", "damage": "2d6"}
    state, _ = tiny_match(
        GRID3,
        {"a": {"team": "red", "at": (2, 1), "weapon": axe, "pv": 30},
         "w": {"team": "blue", "at": (1, 1), "pv": 2},
         "s": {"team": "blue", "at": (3, 1), "pv": 20}},
    )
    act = Bot.at_level("normal", random.Random(0)).choose(state)
    assert act.kind == "circle_attack" and list(act.order)[0] == (1, 1)


def test_r7_2_strong_bot_prices_a_simple_taunt_on_the_exact_odds_of_its_striker():
    # a (30% to taunt: 10 against 25, R7.2) cannot reach e past its friend f, who strikes e
    # next. Against a hard-to-hit e (dodge +9), +5 Dextérité raises f's chance more than −5
    # lowers it (opposed d20s): with the match's first renown (R7.3) to win, the strong
    # level tries the taunt. Against an easy one it does not, nor with one face per point.
    def beside(agilite: int):
        state, _ = tiny_match(
            """
..........
""",
            {"a": {"team": "red", "at": (6, 0), "attributes": {"charisme": 5}, "skills": {"seduction": 5}},
             "f": {"team": "red", "at": (7, 0), "attributes": {"dexterite": 3}},
             "e": {"team": "blue", "at": (8, 0), "attributes": {"agilite": agilite}}},
            order=["a", "f", "e"],
        )
        return state

    def choice(state, exact: bool = True):
        bot = Bot.at_level("strong", random.Random(0))
        bot.style = replace(bot.style, exact_taunts=exact)
        return bot.choose(state)

    assert choice(beside(9)) == Taunt(style="simple")
    assert choice(beside(0)).kind == "end_turn"
    assert choice(beside(9), exact=False).kind == "end_turn"


def test_r7_4_strong_bot_sees_a_new_taunt_would_only_replace_the_running_bonus():
    # An 80% taunter (20 against 25) behind a friend who strikes a dodge +9 foe next: the
    # taunt pays. With the team's +5 from an earlier taunt still running on the friend, a new
    # success replaces it (R7.4): nothing gained, a failure's −5 risked, so it does not taunt.
    state, _ = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (6, 0), "attributes": {"charisme": 10}, "skills": {"seduction": 10}},
         "f": {"team": "red", "at": (7, 0), "attributes": {"dexterite": 3}},
         "e": {"team": "blue", "at": (8, 0), "attributes": {"agilite": 9}}},
        order=["a", "f", "e"],
    )
    state.teams["red"].taunt_success_done = True  # no renown left to win (R7.3)
    assert Bot.at_level("strong", random.Random(0)).choose(state) == Taunt(style="simple")
    for fid in ("a", "f"):
        state.fighters[fid].modifiers.append(Modifier("taunt_simple", "R7.2", "dexterite", 5, 1))
    assert Bot.at_level("strong", random.Random(0)).choose(state).kind != "taunt"
