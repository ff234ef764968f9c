"""Bot tactics on tiny maps: each uses the core's queries and picks the sensible action."""

import random

import pytest

from arena_game.bots import Bot
from arena_game.core import apply
from arena_game.core.queries import attack_targets, open_action_kinds
from tests.builders import tiny_match


def test_r0_6_open_action_kinds_follow_the_turn_budget():
    state, dice = tiny_match(
        """
.....
.....
""",
        {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}},
    )
    fresh = open_action_kinds(state)
    assert {"end_turn", "walk", "run_start", "attack", "push", "taunt"} <= fresh
    assert "run_step" not in fresh and "stand_up" not in fresh
    state, _ = apply(state, {"kind": "walk", "to": (1, 0)}, dice)
    after_walk = open_action_kinds(state)
    assert "walk" not in after_walk and "run_start" not in after_walk and "attack" in after_walk


def test_r0_4_bot_odds_are_the_querys_exact_forecast():
    state, _ = tiny_match(
        """
....
""",
        {"a": {"team": "red", "at": (0, 0), "attributes": {"dexterite": 3}},
         "b": {"team": "blue", "at": (1, 0), "pv": 5}},
    )
    bot = Bot(random.Random(0))
    a, b = state.fighters["a"], state.fighters["b"]
    fc = next(t.forecast for t in attack_targets(state) if t.target == "b")
    assert bot.hit_odds(state, a, b) == float(fc.hit)
    assert bot.hit_damage(state, a) == pytest.approx(float(sum(d * p for d, p in fc.damage_if_hit.items())))
    assert bot.hit_odds(state, a, b) == float(fc.hit)  # kept, same answer


def test_r5_3_bot_pushes_an_enemy_into_lava():
    state, _ = tiny_match(
        """
....
....
..L.
""",
        {"a": {"team": "red", "at": (2, 0), "attributes": {"physique": 6}, "skills": {"corps_a_corps": 4}},
         "b": {"team": "blue", "at": (2, 1)}},
    )
    act = Bot(random.Random(0)).choose(state)
    assert act.kind == "push" and act.target == "b"


def test_r5_3_bot_steps_away_from_lava_beside_a_pusher():
    state, _ = tiny_match(
        """
L.....
......
......
""",
        {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (3, 2), "pv": 40}},
        order=["a", "b"],
    )
    act = Bot(random.Random(0)).choose(state)
    # Beside the lava with b able to come round and push: a does not stay on (1, 1).
    assert act.kind in ("walk", "run_start")
    to = act.to if act.kind == "walk" else act.declared[-1]
    assert to not in ((0, 1), (1, 0), (1, 1), (0, 2))


def test_r6_1_a_cornered_bot_drinks_its_teleport_potion():
    state, _ = tiny_match(
        """
.........
.........
.........
""",
        {"a": {"team": "red", "at": (0, 0), "pv": 20, "teleport_potions": 1},
         "b": {"team": "blue", "at": (1, 0), "pv": 30, "attributes": {"dexterite": 6}},
         "c": {"team": "blue", "at": (0, 1), "pv": 30, "attributes": {"dexterite": 6}},
         "d": {"team": "red", "at": (8, 2), "pv": 3}},
        order=["a", "b", "c", "d"],
    )
    state.fighters["a"].pv = 3  # badly hurt, on the weaker side: time to get out
    act = Bot(random.Random(0)).choose(state)
    assert act.kind == "teleport" and act.means == "potion"
    assert max(abs(act.to[0] - 0), abs(act.to[1] - 0)) >= 4  # far from both enemies


def test_r7_2_bot_taunts_when_the_odds_are_good_and_a_friend_is_about_to_strike():
    state, dice = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (6, 0), "attributes": {"charisme": 10}, "skills": {"seduction": 10}},
         "f": {"team": "red", "at": (7, 0)},
         "e": {"team": "blue", "at": (8, 0)}},
        order=["a", "f", "e"],
    )
    bot = Bot(random.Random(0))
    kinds = []
    # a cannot reach e past its friend f, who stands beside e: a 80% taunt (R7.2) helps f.
    while state.active.id == "a" and len(kinds) < 6:
        act = bot.choose(state)
        kinds.append(act.kind)
        state, _ = apply(state, act, dice)
    assert "taunt" in kinds and kinds[-1] == "end_turn"


def test_r7_2_bot_does_not_taunt_against_long_odds():
    state, _ = tiny_match(
        """
..........
""",
        {"a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": (7, 0)},
         "e": {"team": "blue", "at": (8, 0)}},
        order=["a", "f", "e"],
    )
    assert Bot(random.Random(0)).choose(state).kind != "taunt"  # d20 alone against 25


def _first_move(pv: int, alone: bool = False, tempo: bool = True) -> tuple[str, int]:
    """The bot's first choice and how far from its foe it leaves it (Chebyshev, R0.8);
    a hurt friend far behind (unless `alone`); `tempo` False: the strong style without it
    (and without `iso`)."""
    import random

    from arena_game.bots import Bot
    from arena_game.core import apply
    from arena_game.core.geometry import chebyshev

    state, dice = tiny_match(
        """
.........
.........
.........
""",
        {"a": {"team": "red", "at": (4, 1), "pv": 20}, "b": {"team": "blue", "at": (7, 1), "pv": 20},
         **({} if alone else {"g": {"team": "red", "at": (0, 2), "pv": 20}})},
    )
    state.fighters["a"].pv = pv
    if not alone:
        state.fighters["g"].pv = 4  # hurt: it keeps back, no one to wait for (cohesion)
    from dataclasses import replace

    from arena_game.bots.style import LEVEL_STYLES

    # without the tempo, nor the rule that a fighter alone keeps out of reach (`iso`), which
    # holds it 3 off as well while its friend is far behind
    bot = Bot(random.Random(1), LEVEL_STYLES["strong"] if tempo else replace(LEVEL_STYLES["strong"], tempo=0.0, iso=0.0))
    act = bot.choose(state)
    after, _ = apply(state, act, dice)
    while after.active.id == "a" and after.budget.run is not None and not after.budget.run.finished:
        after, _ = apply(after, bot.choose(after), dice)  # a run goes on one square at a time (R4.1)
    return act.kind, chebyshev(after.fighters["a"].position, after.fighters["b"].position)


def test_r3_a_badly_hurt_bot_on_the_losing_side_moves_away_a_healthy_one_closes_in():
    kind, far = _first_move(3)  # 3 PV of 20 against a foe at 20: losing
    assert kind in ("walk", "run_start") and far > 3
    kind, near = _first_move(20)
    assert near <= 3  # it holds 3 squares off, where the foe must step in to strike first (tempo)
    kind, near = _first_move(20, tempo=False)
    assert near < 3


def test_r0_7_the_last_fighter_of_a_team_turns_and_fights_instead_of_running_out_the_clock():
    kind, gap = _first_move(3, alone=True)  # fleeing would only end in a draw at the round cap
    assert gap <= 3  # it does not move away (it holds where the foe must step in first: tempo)
    kind, gap = _first_move(3, alone=True, tempo=False)
    assert gap < 3


def _path_gap(state, a: str, b: str) -> int:
    from arena_game.bots.navigation import navigator_for

    return navigator_for(state.board).distance(state.fighters[a].position, state.fighters[b].position)


def test_r3_a_hurt_bot_on_the_losing_side_that_cannot_get_away_turns_and_fights():
    import random

    from arena_game.bots import Bot
    from arena_game.bots.brain import TRIED_FAMILIES
    from arena_game.core import apply

    state, dice = tiny_match(
        """
#########
#.......#
#########
""",
        {"a": {"team": "red", "at": (4, 1), "pv": 20}, "b": {"team": "blue", "at": (6, 1), "pv": 20}},
        seed=5,
    )
    state.fighters["a"].pv = 3  # badly hurt, on the weaker side (it would flee in the open: R3 test above)
    # two steps down a corridor from a foe that walks as fast: fleeing only drags the chase on
    bot = Bot(random.Random(1))
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    kinds = []
    while state.active.id == "a" and not state.over:
        act = bot.choose(state)
        kinds.append(act.kind)
        state, _ = apply(state, act, dice)
    assert kinds == ["walk", "attack", "end_turn"]
    assert state.fighters["a"].position == (5, 1)  # it closed in rather than back away


def test_r1_2_a_ranged_bot_walks_the_maze_towards_a_foe_behind_a_wall():
    import random

    from arena_game.bots import Bot
    from arena_game.core import apply

    bow = {"name": "Arc", "family": "bow", "range": 2, "damage": "1d6"}
    state, dice = tiny_match(
        """
#########
#.......#
#.#######
#.......#
#########
""",
        {"a": {"team": "red", "at": (5, 1), "weapon": bow}, "b": {"team": "blue", "at": (7, 3)}},
        labyrinth=True, seed=3,
    )
    before = _path_gap(state, "a", "b")  # two squares as the crow flies, twelve along the corridor
    assert before == 12
    bot = Bot(random.Random(1))
    while state.active.id == "a" and not state.over:
        state, _ = apply(state, bot.choose(state), dice)
    assert _path_gap(state, "a", "b") < before


def test_r3_a_hurt_bot_does_not_flee_from_a_shooter_that_reaches_it_anyway():
    import random

    from arena_game.bots import Bot
    from arena_game.core import apply

    bow = {"name": "Arc", "family": "bow", "range": 4, "damage": "1d6"}
    state, dice = tiny_match(
        """
###########
#.........#
###########
""",
        {"a": {"team": "red", "at": (3, 1), "pv": 20}, "b": {"team": "blue", "at": (6, 1), "pv": 20, "weapon": bow}},
        seed=5,
    )
    state.fighters["a"].pv = 3  # badly hurt and losing, but the bow reaches it down the corridor (R1.2)
    bot = Bot(random.Random(1))
    while state.active.id == "a" and not state.over:
        state, _ = apply(state, bot.choose(state), dice)
    assert state.fighters["a"].position[0] > 3  # it closed in rather than back away


def test_r1_6_a_bow_walks_round_a_wall_to_a_square_with_a_line_of_sight_and_shoots():
    # The foe is two squares away but behind a wall: the bow must go round to a square from
    # which the core's range query shows it a line of sight (R1.6), not pace beside the wall.
    # The foe sleeps (R10): every square that sees it lies within an awake blade's walk and
    # blow, which a kiting bow would not stand on (tests/test_bots_kite.py).
    bow = {"name": "Arc", "family": "bow", "range": 4, "damage": "1d6"}
    state, dice = tiny_match(
        """
#########
#.......#
#.#####.#
#.......#
#########
""",
        {"a": {"team": "red", "at": (3, 1), "weapon": bow}, "b": {"team": "blue", "at": (3, 3), "pv": 99}},
        labyrinth=True, seed=3,
    )
    state.fighters["b"].asleep_turns = 9
    assert all(t.refusal is not None for t in attack_targets(state, state.fighters["a"]))
    bot = Bot(random.Random(1))
    shots = []
    while state.round <= 5 and not shots:
        if state.active.id == "b":
            state, _ = apply(state, {"kind": "end_turn"}, dice)
            continue
        state, events = apply(state, bot.choose(state), dice)
        shots = [e for e in events if e.type == "attacked" and e.attacker == "a"]
    assert shots, "the bow never found a square to shoot from"
    assert state.round <= 4
