"""A fighter's death priced apart from its expected damage (`BotStyle.death`; docs/bots.md, "A
fighter's death priced apart"): a square is charged the chance the enemies that reach it next turn
kill the fighter there (the blows' exact outcomes added up) times its life's worth, so a wounded
blade does not stay in an enemy bow's line where the caution and the tempo price the bow's shot as
they would on a sound fighter."""

import random
from dataclasses import replace

import pytest

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.lookahead import reply_damage
from arena_game.bots.options import KILL_BONUS, kill_chance
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core.actions import Attack, Walk
from arena_game.core.queries import open_action_kinds, strike_outcomes
from arena_game.core.state import MatchState
from tests.builders import fighter_turn, tiny_match

AXE = {"name": "Hache", "family": "melee", "damage": "1d8"}
BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}
# A corridor along row 1 with a niche at (5, 0). Our blade a, on 3 PV, on (5, 1) beside the enemy
# blade g on (4, 1); the enemy bow e on (1, 1) shoots over g down the corridor (R1.6: fighters do
# not block sight), not into the niche (the wall above the corridor); g strikes the niche across
# the wall's corner (R1.1). Our friend d, sound, on (7, 1): the side is not losing (a does not flee).
CORRIDOR = "#####.####\n..........\n##########"


def _scene(labyrinth: bool = False) -> tuple[MatchState, object]:
    state, dice = tiny_match(CORRIDOR, {
        "a": {"team": "red", "at": (5, 1), "weapon": AXE, "skills": {"weapons": {"melee": 4}}},
        "d": {"team": "red", "at": (7, 1), "pv": 40, "weapon": AXE},
        "e": {"team": "blue", "at": (1, 1), "weapon": BOW, "skills": {"weapons": {"bow": 4}}},
        "g": {"team": "blue", "at": (4, 1), "weapon": AXE},
    }, order=["a", "e", "d", "g"], labyrinth=labyrinth)
    state.fighters["a"].pv = 3
    return state, dice


def _style(death: float) -> BotStyle:
    return replace(LEVEL_STYLES["strong"], death=death)


def _turn(style: BotStyle, labyrinth: bool = False) -> list[object]:
    """a's actions in its turn (the dice seeded, the same for both styles)."""
    state, dice = _scene(labyrinth)
    assert state.active.id == "a"
    return fighter_turn(state, dice, Bot(random.Random(0), style))


def test_the_wounded_blade_strikes_and_steps_out_of_the_bows_line() -> None:
    acts = _turn(_style(1.0))
    assert isinstance(acts[0], Attack) and acts[0].target == "g"
    assert isinstance(acts[1], Walk) and acts[1].to == (5, 0)  # the niche: g alone strikes it there


def test_without_the_weight_it_strikes_and_stays_in_the_line() -> None:
    acts = _turn(_style(0.0))
    assert isinstance(acts[0], Attack) and acts[0].target == "g"
    assert not any(isinstance(a, Walk) for a in acts)


def test_the_death_chance_adds_the_blows_that_reach_the_square() -> None:
    state, _ = _scene()
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    a, e, g = (state.fighters[k] for k in "aeg")
    w = ctx.nav.width
    bow, blade = strike_outcomes(state, e, a), strike_outcomes(state, g, a)
    # in the corridor both strike it; in the niche the blade alone (the bow has no line)
    assert ctx.danger.death_at(1 * w + 5) == pytest.approx(kill_chance([bow, blade], 3))
    assert ctx.danger.death_at(0 * w + 5) == pytest.approx(sum(p for dmg, p in blade.items() if dmg >= 3))
    assert ctx.danger.death_at(0 * w + 5) < ctx.danger.death_at(1 * w + 5)
    # a life's worth: the kill bonus and its own blow on the enemy it strikes best
    assert ctx.odds.life_of(a) == pytest.approx(KILL_BONUS + max(ctx.odds.expected_hit(a, e), ctx.odds.expected_hit(a, g)))


def test_a_sound_fighter_is_charged_no_death() -> None:
    state, _ = _scene()
    a, e, g = (state.fighters[k] for k in "aeg")
    most = max(strike_outcomes(state, e, a)) + max(strike_outcomes(state, g, a))
    a.pv = most + 1  # the two blows together fall a point short
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    assert ctx.danger.death_at(1 * ctx.nav.width + 5) == 0.0
    a.pv = most
    ctx = Context(Bot(random.Random(0), _style(1.0)), state, open_action_kinds(state))
    assert ctx.danger.death_at(1 * ctx.nav.width + 5) > 0.0


def test_with_death_maze_the_charge_holds_in_a_labyrinth_only() -> None:
    # the strong level's own maze switches and values off (its maze death charge, session 59, among
    # them), so that the corridor plays alike open or a labyrinth
    base = replace(LEVEL_STYLES["strong"], iso_strike=0.0, engaged_runs=False, in_maze=())
    weighed, maze_only = replace(base, death=1.0), replace(base, death=1.0, death_maze=True)
    for labyrinth in (False, True):
        assert not any(isinstance(a, Walk) for a in _turn(base, labyrinth))
        assert any(isinstance(a, Walk) and a.to == (5, 0) for a in _turn(weighed, labyrinth))
    # on an open map the wounded blade then plays as without the weight: it stays in the bow's line
    assert _turn(maze_only) == _turn(base)
    # in a labyrinth it steps into the niche, as without the switch
    assert _turn(maze_only, labyrinth=True) == _turn(weighed, labyrinth=True)


def test_with_death_maze_the_replies_price_no_death_off_the_maze() -> None:
    def reply(labyrinth: bool, **changes: object) -> float:
        state, _ = _scene(labyrinth)
        ctx = Context(Bot(random.Random(0), replace(LEVEL_STYLES["strong"], in_maze=(), **changes)), state,
                      open_action_kinds(state))  # (without the level's own maze death charge, session 59)
        return reply_damage(ctx, state.fighters["e"], (5, 1))
    for labyrinth in (False, True):  # the bow's shot on the wounded blade, its death priced apart
        assert reply(labyrinth, death_replies=2.0) > reply(labyrinth)
    assert reply(False, death_replies=2.0, death_maze=True) == reply(False)
    assert reply(True, death_replies=2.0, death_maze=True) == reply(True, death_replies=2.0)
