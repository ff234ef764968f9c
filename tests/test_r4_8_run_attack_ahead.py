"""R4.8: the run's attack is made on a square of the run, never before the first square: the
core says whether it is still to come (`queries.run_attack_ahead`), and the bot values the
squares further on with it from the first decision after the roll. Valued without it there,
a run rolled to strike was worth less than stopping where it started (its squares left a
malus on every roll for a turn, R4.5), and the bot stopped."""

import random

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply, queries
from tests.builders import play, tiny_match

RUNNER = {"attributes": {"physique": 5, "dexterite": 5}, "skills": {"course": 5, "corps_a_corps": 3}}
AXE = {"weapon": {"name": "Hache", "family": "two_handed", "range": 0, "damage": "3d6"},
       "skills": {"weapons": {"two_handed": 4}}}


def _corridor(faces, a=None):
    return tiny_match(
        "..........",
        {"a": {"team": "red", "at": (0, 0), **RUNNER, **(a or {})}, "f": {"team": "red", "at": (9, 0)},
         "e": {"team": "blue", "at": (6, 0), "pv": 3, **AXE}},
        faces=faces,
    )


def test_r4_8_the_run_attack_is_ahead_from_the_roll_until_it_is_made():
    state, dice = _corridor([12] * 6)  # run roll 12 + 5 + 5 = 22: 5 squares (R4.2)
    assert not queries.run_attack_ahead(state)  # not running
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 0), (2, 0), (3, 0)]})
    assert state.budget.run is not None and state.budget.run.granted == 5 and state.budget.run.moved == 0
    assert "run_attack" not in queries.open_action_kinds(state)  # before the first square: not open yet
    assert queries.run_attack_ahead(state)  # …but still to come
    state, _ = play(state, dice, *({"kind": "run_step", "to": (x, 0)} for x in range(1, 6)))
    assert queries.run_attack_ahead(state) and "run_attack" in queries.open_action_kinds(state)
    state, _ = play(state, dice, {"kind": "run_attack", "target": "e"})
    assert not queries.run_attack_ahead(state)  # one attack a run


def test_r4_8_a_bow_has_no_run_attack_ahead():
    bow = {"weapon": {"name": "Arc", "family": "bow", "range": 6, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}
    state, dice = _corridor([12] * 6, a=bow)
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 0), (2, 0), (3, 0)]})
    assert not queries.run_attack_ahead(state)


def test_r4_8_the_bot_values_the_square_it_runs_to_strike_from_alike_at_every_step():
    """The same destination, the same blow: the first step after the roll is worth what the
    next steps are worth."""
    state, dice = _corridor([12] * 10)
    bot = Bot(random.Random(0), LEVEL_STYLES["normal"])
    steps: list[float] = []
    while state.active.id == "a":
        action = bot.choose(state)
        assert bot.last_plan is not None
        if action.kind == "run_step":
            steps.append(bot.last_plan.score)
        state, _ = apply(state, action, dice)
    assert len(steps) == 5 and state.fighters["a"].position == (5, 0)
    assert steps[0] == steps[1] == steps[-1]
