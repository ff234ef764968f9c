"""A body in the corridor (`BotStyle.body_block`, off at every level; docs/bots.md, "A body in
the corridor"): an enemy blade's reach next turn is read with the fighter's friends as obstacles
(R2.1, R4.9: nobody walks or runs through a fighter's square), so in a one-square corridor a bow
behind the friend that faces the blade is not charged the blade's blows, and shoots over its
friend (R1.6: fighters do not block sight) from where it stands."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.navigation import UNREACHABLE, navigator_for
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import ScriptedDice, apply
from arena_game.core.actions import Attack
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}

# A corridor: the enemy blade e on (4, 0) faces the friend b on (5, 0); the bow c stands right
# behind b on (6, 0). Through b, e would walk to (5, 0) and strike (6, 0); b bars the way.
CORRIDOR = ".............."


def _corridor() -> tuple[MatchState, ScriptedDice]:
    return tiny_match(CORRIDOR, {
        "c": {"team": "red", "at": (6, 0), **BOW}, "b": {"team": "red", "at": (5, 0)},
        "e": {"team": "blue", "at": (4, 0)}, "e2": {"team": "blue", "at": (0, 0)},
    }, labyrinth=True, order=["c", "e", "b", "e2"])


def _bot(**changes: object) -> Bot:
    """The strong level, with `changes`."""
    return Bot(random.Random(0), replace(LEVEL_STYLES["strong"], **changes))  # type: ignore[arg-type]


def test_r2_1_the_blocked_strike_field_stops_at_a_friend_in_the_corridor() -> None:
    state, _ = _corridor()
    nav = navigator_for(state.board)
    w = nav.width
    plain = nav.strike_field((4, 0))
    blocked = nav.blocked_strike_field((4, 0), ((0 * w) + 5,))
    assert plain[6] == 2 and plain[7] == 3  # through b: a walk to (5, 0) and a blow
    assert blocked[5] == 1  # b itself is struck from where e stands
    assert blocked[6] > 8 and blocked[7] > 8  # nothing behind b within a run's reach
    assert blocked[3] == plain[3] == 1 and blocked[1] == plain[1] == 3  # the other side is free
    for i, v in enumerate(plain):  # never nearer than the plain field
        assert blocked[i] >= v or blocked[i] == UNREACHABLE


def test_r1_6_a_bow_behind_its_friend_shoots_over_it_and_stays() -> None:
    state, _ = _corridor()
    seen = Context(_bot(body_block=True), state, open_action_kinds(state))
    blind = Context(_bot(), state, open_action_kinds(state))
    # the kiting charge and the caution read e's walk and blow through b without the switch
    assert blind.value((6, 0), can_act=True) < blind.value((7, 0), can_act=True)
    assert seen.value((6, 0), can_act=True) == seen.value((7, 0), can_act=True)
    for switch, end in ((False, (7, 0)), (True, (6, 0))):
        state, dice = _corridor()
        bot = _bot(body_block=switch)
        actions = []
        while state.active.id == "c":
            action = bot.choose(state)
            actions.append(action)
            state, _ = apply(state, action, dice)
        assert actions[0] == Attack(target="e")
        # the strong level steps back out of a reach e does not have; the switch stays behind b
        assert state.fighters["c"].position == end
