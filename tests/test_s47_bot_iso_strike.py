"""Support read as a blow (`BotStyle.iso_strike`, in the strong level's labyrinths, until round 13
in session 47, while the enemy comes since session 48; docs/bots.md, "Support read as a blow"):
`iso` charges a fighter the hits of the enemies that reach its square when no friend stands
within two path squares; with the switch, a friend supports the square against an enemy blade
only if it can strike, next turn, the square that blade would strike from (a walk and a blow
with the fighter and the other friends as obstacles, R2.1, R1.1; a bow by a shot, R1.6). In a
one-square corridor the friend right behind the front blade strikes nobody; round a bend it
strikes across the corner the enemy that follows."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.brain import TRIED_FAMILIES
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, LEVELS, BotStyle
from arena_game.core import apply
from arena_game.core.actions import Attack, Walk
from arena_game.core.queries import open_action_kinds
from arena_game.core.state import MatchState
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 9, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}

# A corridor along the top row that bends down at x = 7. Our blade a on (6, 0) stands beside the
# enemy blade e on (5, 0), a second enemy g behind e; our friend f waits round the bend on (7, 1).
# From the bend square (7, 0) a can be struck only from (6, 0), which f strikes across the corner.
BEND = "........#\n#######.#\n#######.#\n#######.#"


def _bend() -> MatchState:
    state, _ = tiny_match(BEND, {
        "a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": (7, 1)},
        "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
    }, labyrinth=True, order=["a", "e", "f", "g"])
    return state


def _style(**changes: object) -> BotStyle:
    """The strong level with the switch's settings as session 47 shipped them (labyrinths, round
    13; session 48's hold while the enemy comes, making way and falling back off)."""
    base = replace(LEVEL_STYLES["strong"], iso_strike_until=13, iso_strike_maze=True, iso_strike_coming=0,
                   make_way=0.0, fall_back=0.0)
    return replace(base, **changes)  # type: ignore[arg-type]


def _turn(style: BotStyle, labyrinth: bool = True, round_: int = 1) -> list[object]:
    """The actions of a's turn on the bend at round `round_` (the dice are not read: the test
    is the choice)."""
    state, dice = tiny_match(BEND, {
        "a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": (7, 1)},
        "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
    }, labyrinth=labyrinth, order=["a", "e", "f", "g"])
    state.round = round_
    bot = Bot(random.Random(0), style)
    bot.tried.update(TRIED_FAMILIES)  # tried earlier this match (`BotStyle.try_bonus`)
    actions: list[object] = []
    while state.active.id == "a" and len(actions) < 6:
        action = bot.choose(state)
        actions.append(action)
        state, _ = apply(state, action, dice)
    return actions


def test_the_strong_levels_read_support_as_a_blow_in_a_labyrinth_while_the_enemy_comes() -> None:
    for level in LEVELS:
        st = LEVEL_STYLES[level]
        on = level in ("strong", "deep")
        assert ((st.iso_strike, st.iso_strike_until, st.iso_strike_maze, st.iso_strike_coming)
                == ((5.0, 0, True, 2) if on else (0.0, 0, False, 0)))
    strong = LEVEL_STYLES["strong"]
    assert _turn(strong)[:2] == [Attack(target="e"), Walk(to=(7, 0))]
    # no clock since session 48: at round 13 the hold stands while the enemy comes (every enemy
    # counts as coming at the bot's first turn)
    assert _turn(strong, round_=13)[:2] == [Attack(target="e"), Walk(to=(7, 0))]
    late = _turn(strong, labyrinth=False)  # an open map: the level as it was
    assert late[0] == Attack(target="e")
    assert all(not isinstance(a, Walk) for a in late)
    clocked = _turn(_style(iso_strike=5.0), round_=13)  # session 47's clock at round 13
    assert clocked[0] == Attack(target="e") and all(not isinstance(a, Walk) for a in clocked)


def test_r1_1_the_blade_strikes_then_steps_back_to_the_bend_its_friend_covers() -> None:
    actions = _turn(_style(iso_strike=1.0))
    assert actions[0] == Attack(target="e")
    assert actions[1] == Walk(to=(7, 0))  # e must come to (6, 0), beside f across the corner


def test_scoped_to_the_maze_the_switch_steps_back_in_a_labyrinth_only() -> None:
    scoped = _style(iso_strike=1.0, iso_strike_maze=True)
    assert _turn(scoped)[1] == Walk(to=(7, 0))
    open_map = _turn(scoped, labyrinth=False)  # the same corridor on a map not marked a labyrinth
    assert open_map[0] == Attack(target="e")
    assert all(not isinstance(a, Walk) for a in open_map)


def test_the_clock_ends_the_switch_at_its_round() -> None:
    clocked = _style(iso_strike=5.0, iso_strike_until=13)  # (the charge fades by round 20: 5 at 12)
    assert _turn(clocked, round_=12)[1] == Walk(to=(7, 0))
    late = _turn(clocked, round_=13)  # from the clock's round, `iso` by distance as the level
    assert late[0] == Attack(target="e")
    assert all(not isinstance(a, Walk) for a in late)


def test_the_hold_ends_when_no_enemy_came_nearer_lately() -> None:
    # `iso_strike_coming` 2, round 5: the bot saw e and g where they stand at its last turn; e
    # last came nearer at round 4 (within 2 rounds: the hold stands) or at round 2 (it ends)
    style = _style(iso_strike=1.0, iso_strike_until=0, iso_strike_coming=2)
    for came, steps_back in ((4, True), (2, False)):
        state, dice = tiny_match(BEND, {
            "a": {"team": "red", "at": (6, 0)}, "f": {"team": "red", "at": (7, 1)},
            "e": {"team": "blue", "at": (5, 0)}, "g": {"team": "blue", "at": (3, 0)},
        }, labyrinth=True, order=["a", "e", "f", "g"])
        state.round = 5
        bot = Bot(random.Random(0), style)
        bot._seen = {"e": (5, 0), "g": (3, 0)}
        bot.came = {"e": came, "g": 1}
        actions: list[object] = []
        while state.active.id == "a" and len(actions) < 6:
            action = bot.choose(state)
            actions.append(action)
            state, _ = apply(state, action, dice)
        assert actions[0] == Attack(target="e")
        assert (Walk(to=(7, 0)) in actions) is steps_back


def test_without_the_switch_the_blade_strikes_and_stays_in_the_corridor() -> None:
    actions = _turn(_style(iso_strike=0.0))
    assert actions[0] == Attack(target="e")
    assert all(not isinstance(a, Walk) for a in actions)  # f is within 2 path squares: not alone


def test_r2_1_a_friend_behind_in_the_corridor_does_not_support_the_front_square() -> None:
    state = _bend()
    on = Context(Bot(random.Random(0), _style(iso_strike=1.0)), state, open_action_kinds(state))
    off = Context(Bot(random.Random(0), _style(iso_strike=0.0)), state, open_action_kinds(state))
    e = state.fighters["e"]
    w = on.nav.width
    assert not on.support.struck_back(e, (6, 0), 6)  # f cannot reach a square beside e past a
    assert on.support.struck_back(e, (7, 0), 7)  # e strikes (7, 0) only from (6, 0): f strikes it there
    assert on.support.alone_at((6, 0), 0 * w + 6) > 0.0 == off.support.alone_at((6, 0), 0 * w + 6)
    assert on.support.alone_at((7, 0), 0 * w + 7) == 0.0
    assert on.value((7, 0), can_act=False, struck=True) > on.value((6, 0), can_act=False, struck=True)
    assert off.value((7, 0), can_act=False, struck=True) < off.value((6, 0), can_act=False, struck=True)


def test_r1_6_a_friend_bow_behind_supports_by_a_shot_a_blade_does_not() -> None:
    # a straight corridor: our a on (5, 0), our f two squares behind it on (7, 0); the enemy blade
    # e on (3, 0) would walk to (4, 0) and strike a. A bow f shoots (4, 0) along the corridor, over
    # a (R1.6: fighters never block sight); a blade f cannot get past a to strike it (R2.1).
    for friend, backed in (({}, False), (BOW, True)):
        state, _ = tiny_match("...........", {
            "a": {"team": "red", "at": (5, 0)}, "f": {"team": "red", "at": (7, 0), **friend},
            "e": {"team": "blue", "at": (3, 0)}, "g": {"team": "blue", "at": (1, 0)},
        }, labyrinth=True, order=["a", "e", "f", "g"])
        ctx = Context(Bot(random.Random(0), _style(iso_strike=1.0)), state, open_action_kinds(state))
        assert ctx.support.struck_back(state.fighters["e"], (5, 0), 5) is backed
        assert (ctx.support.alone_at((5, 0), 5) == 0.0) is backed  # charged e's hit where nobody strikes back
