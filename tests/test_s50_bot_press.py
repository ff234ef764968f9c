"""Late in the match every fighter presses (`BotStyle.press_from`; docs/bots.md, "Late kiting, and
the round cap"): from that round the strong level's replies no longer count, no escaping teleport
is weighed, and a bow in range keeps its ground after its shot. A walking blade never catches a bow
that shoots and steps back a square each turn (R2.1: one square a walk), so two sides that kept
doing it past round 20 met the round cap."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core import apply
from arena_game.core.actions import Attack, Teleport, Walk
from arena_game.core.state import MatchState
from tests.builders import tiny_match

AXE = {"name": "Hache", "family": "melee", "damage": "2d6"}
BOW = {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}


# the strong level without this session's settings (the death charges and the press), each test
# setting its own (the press the level carries in labyrinths since session 60 left out too)
SESSION_49 = replace(LEVEL_STYLES["strong"], death=0.0, death_replies=0.0, death_floor=0.0, death_until=0,
                     death_maze=False, press_from=0, press_maze=False, press_behind=False,
                     in_maze=tuple((k, v) for k, v in LEVEL_STYLES["strong"].in_maze if not k.startswith("press")))


def _style(press_from: int, **changes: object) -> BotStyle:
    return replace(SESSION_49, press_from=press_from, **changes)


def _kite_scene(labyrinth: bool = True, round_: int = 30) -> tuple[MatchState, object]:
    """A one-square corridor: our bow b on (6, 0), the enemy blade g two squares west on (4, 0),
    who acts next; b's friend f far east. At round 30 the caution, the kite and the tempo have
    faded (round 20): only the replies' floor tells b's squares apart."""
    state, dice = tiny_match("............", {
        "b": {"team": "red", "at": (6, 0), "weapon": BOW, "skills": {"weapons": {"bow": 4}}},
        "g": {"team": "blue", "at": (4, 0), "weapon": AXE},
        "f": {"team": "red", "at": (11, 0)},
    }, order=["b", "g", "f"], labyrinth=labyrinth)
    state.round = round_
    return state, dice


def _turn(state: MatchState, dice: object, style: BotStyle, who: str) -> list[object]:
    bot = Bot(random.Random(0), style)
    acts: list[object] = []
    while state.active.id == who and len(acts) < 4:
        act = bot.choose(state)
        acts.append(act)
        state, _ = apply(state, act, dice)  # type: ignore[arg-type]
    return acts


def test_s50_past_the_round_the_bow_shoots_and_keeps_its_ground() -> None:
    state, dice = _kite_scene()
    acts = _turn(state, dice, _style(25), "b")
    assert isinstance(acts[0], Attack) and acts[0].target == "g"
    assert not any(isinstance(a, Walk) for a in acts)  # g walks a square and strikes it next


def test_s50_without_it_the_bow_shoots_and_steps_back_out_of_the_blades_reach() -> None:
    state, dice = _kite_scene()
    acts = _turn(state, dice, _style(0), "b")
    assert isinstance(acts[0], Attack) and acts[0].target == "g"
    assert any(isinstance(a, Walk) and a.to == (7, 0) for a in acts)


def test_s50_before_the_round_the_bow_still_steps_back() -> None:
    state, dice = _kite_scene(round_=24)
    acts = _turn(state, dice, _style(25), "b")
    assert any(isinstance(a, Walk) and a.to == (7, 0) for a in acts)


def test_s50_with_press_maze_an_open_map_plays_as_without_it() -> None:
    maze_only = _style(25, press_maze=True)
    state, dice = _kite_scene(labyrinth=False)
    open_map = _turn(state, dice, maze_only, "b")
    state, dice = _kite_scene(labyrinth=False)
    assert open_map == _turn(state, dice, _style(0), "b")
    state, dice = _kite_scene(labyrinth=True)
    assert not any(isinstance(a, Walk) for a in _turn(state, dice, maze_only, "b"))


def _cornered_scene() -> tuple[MatchState, object]:
    """Our bow a on 4 PV with a potion, an enemy axe beside it whose blow likely kills it; a sound
    friend far off (its side is not losing). `test_bots_families`' cornered bow, at round 30."""
    state, dice = tiny_match("..........\n" * 4, {
        "a": {"team": "red", "at": (1, 1), "pv": 22, "teleport_potions": 1, "weapon": BOW,
              "skills": {"weapons": {"bow": 4}}},
        "b": {"team": "blue", "at": (2, 1), "pv": 10, "skills": {"weapons": {"melee": 4}}, "weapon": AXE},
        "d": {"team": "red", "at": (9, 3), "pv": 30},
    })
    state.fighters["a"].pv = 4
    state.round = 30
    return state, dice


def test_s50_past_the_round_no_fighter_teleports_away_from_the_fight() -> None:
    state, _ = _cornered_scene()
    assert isinstance(Bot(random.Random(0), _style(0)).choose(state), Teleport)  # the escape, as the level
    state, _ = _cornered_scene()
    assert not isinstance(Bot(random.Random(0), _style(25)).choose(state), Teleport)


def test_s50_the_bow_keeps_its_ground_whatever_the_draws() -> None:
    # past round 20 nothing else tells its squares apart in range: without the preference for its
    # own square, the bot's tie-breaking draws would walk it a square one way or the other
    for seed in range(8):
        state, dice = _kite_scene()
        bot = Bot(random.Random(seed), _style(25))
        acts: list[object] = []
        while state.active.id == "b" and len(acts) < 4:
            act = bot.choose(state)
            acts.append(act)
            state, _ = apply(state, act, dice)  # type: ignore[arg-type]
        assert not any(isinstance(a, Walk) for a in acts), seed


def test_s50_with_press_behind_only_the_side_not_ahead_presses() -> None:
    behind_only = _style(25, press_behind=True)
    state, dice = _kite_scene()  # b and f: 40 PV against g's 20: ahead, b still steps back
    assert any(isinstance(a, Walk) and a.to == (7, 0) for a in _turn(state, dice, behind_only, "b"))
    state, dice = _kite_scene()
    state.fighters["f"].pv = 1  # 21 against 20: still ahead
    assert any(isinstance(a, Walk) and a.to == (7, 0) for a in _turn(state, dice, behind_only, "b"))
    state, dice = _kite_scene()
    # 11 against 20 (12 at least after b's shot, 1d8): not ahead, b keeps its ground
    state.fighters["f"].pv, state.fighters["b"].pv = 1, 10
    acts = _turn(state, dice, behind_only, "b")
    assert isinstance(acts[0], Attack) and not any(isinstance(a, Walk) for a in acts)
