"""The `deep` level: the strong level's best candidates played forward a round with the core's
own `apply` and seeded dice (`bots/rollouts.py`)."""

import random

from arena_game.bots import Bot
from arena_game.bots.baselines import MAX_ACTIONS_PER_TURN, GreedyPlayer
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.rollouts import ALIVE_WORTH, material, play_out, policy_bots
from arena_game.bots.style import LEVEL_STYLES, PLAY_LEVELS
from arena_game.core import apply
from arena_game.core.actions import Attack, EndTurn, Walk
from tests.builders import tiny_match

DUEL = """
......
......
......
"""


def _duel(**a: object):
    return tiny_match(DUEL, {"a": {"team": "red", "at": (1, 1), "pv": 20, **a},
                             "b": {"team": "blue", "at": (2, 1), "pv": 12},
                             "c": {"team": "blue", "at": (5, 2), "pv": 15}})


def test_r0_7_material_counts_each_living_fighters_pv_and_its_life():
    state, _ = _duel()
    assert material(state, "red") == (20 + ALIVE_WORTH) - (12 + ALIVE_WORTH) - (15 + ALIVE_WORTH)
    assert material(state, "blue") == -material(state, "red")


def test_r0_5_a_play_out_ends_when_the_fighters_next_turn_starts():
    state, _ = _duel()
    seen: list[tuple[str, int]] = []
    policy = policy_bots(["red", "blue"], 1)
    for bot in policy.values():
        choose = bot.choose

        def watched(s, choose=choose):
            seen.append((s.active.id, s.turn_serial))
            return choose(s)
        bot.choose = watched  # type: ignore[method-assign]
    got = play_out(state, EndTurn(), 7, policy)
    assert got is not None
    # everyone after a acted, and a's own next turn was not played
    assert {fid for fid, _ in seen} == {"b", "c"}


def test_r0_6_a_play_out_of_an_action_the_core_refuses_is_none():
    state, _ = _duel()
    assert play_out(state, Walk(to=(5, 2)), 7, policy_bots(["red", "blue"], 1)) is None


def test_r0_4_play_outs_are_light_each_team_strikes_when_it_can_else_steps_nearer():
    state, _ = _duel()
    policy = policy_bots(["red", "blue"], 1)
    assert all(isinstance(p, GreedyPlayer) for p in policy.values())
    first: dict[str, object] = {}
    blue = policy["blue"]
    choose = blue.choose

    def watched(s):
        act = choose(s)
        first.setdefault(s.active.id, act)
        return act
    blue.choose = watched  # type: ignore[method-assign]
    assert play_out(state, EndTurn(), 7, policy) is not None
    assert first["b"] == Attack(target="a")  # beside a: it strikes
    assert isinstance(first["c"], Walk)  # far from a: it walks nearer


def test_a_greedy_player_forgets_the_turn_it_counted_at_a_new_match():
    state, _ = _duel()
    player = GreedyPlayer(random.Random(1))
    for _ in range(MAX_ACTIONS_PER_TURN):
        player.tick(state)
    assert player.choose(state) == EndTurn()  # its safety net: too many actions this turn
    player.new_match()  # a rollout replays this turn serial: counted afresh
    assert player.choose(state) == Attack(target="b")


def test_the_same_seed_gives_the_same_deep_choices():
    state, dice = _duel()
    one, two = Bot.at_level("deep", random.Random(3)), Bot.at_level("deep", random.Random(3))
    for _ in range(6):  # a few decisions of the match, both bots fed the same states
        if state.over:
            break
        act = one.choose(state)
        assert two.choose(state) == act
        state, _ = apply(state, act, dice)


def test_far_from_every_enemy_deep_chooses_as_strong_without_a_rollout():
    state, _ = tiny_match("." * 30, {"a": {"team": "red", "at": (0, 0)}, "e": {"team": "blue", "at": (29, 0)}})
    deep, strong = Bot.at_level("deep", random.Random(5)), Bot.at_level("strong", random.Random(5))
    assert deep.choose(state) == strong.choose(state)
    assert deep.rng.getstate() == strong.rng.getstate()  # no rollout seeds were drawn


def test_beside_an_enemy_deep_plays_rollouts_and_strikes():
    state, _ = _duel(attributes={"dexterite": 4})
    bot = Bot.at_level("deep", random.Random(5))
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    before = bot.rng.getstate()
    act = bot.choose(state)
    assert bot.rng.getstate() != before  # rollout seeds drawn: the round was played forward
    assert isinstance(act, Attack) and act.target == "b"


def test_deep_is_offered_to_simulate_not_to_play():
    assert "deep" not in PLAY_LEVELS
    assert LEVEL_STYLES["deep"].rollouts > 0 and LEVEL_STYLES["strong"].rollouts == 0


def test_r0_7_from_round_20_deep_plays_no_rollout_and_chooses_as_strong():
    state, _ = _duel(attributes={"dexterite": 4})
    state = state.clone()
    state.round = 20
    deep, strong = Bot.at_level("deep", random.Random(5)), Bot.at_level("strong", random.Random(5))
    assert deep.choose(state) == strong.choose(state)
    assert deep.rng.getstate() == strong.rng.getstate()  # two waiting sides would meet the round cap
