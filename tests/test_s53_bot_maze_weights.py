"""Weights for the maze (`BotStyle.in_maze`, session 53; docs/bots.md, "Weights tuned for the
maze"): a style carries other values of some fields for labyrinth maps (`Board.labyrinth`), played
there and only there; names and values are checked against the fields."""

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.style import LEVEL_STYLES, BotStyle
from arena_game.core import apply
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match
from tests.test_bots_isolation import _blade_turn

FAR_BEHIND = (13, 0)  # our other fighter, out of the fight: the blade is alone ahead

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_bots import style_with  # noqa: E402


def test_s53_a_maze_value_changes_the_play_in_a_labyrinth_only():
    # the strong level alone ahead waits out of reach (`iso`); with `iso` 0 in the maze it strikes
    # there, and on the same corridor as an open map it still waits
    strong = LEVEL_STYLES["strong"]
    # (no try of a push either: `try_bonus` would lift the first push over the blow, session 63)
    maze_off = replace(strong, try_bonus=0.0, in_maze=(("iso", 0.0),))
    at, kinds = _blade_turn(strong, FAR_BEHIND)
    assert "attack" not in kinds and at == (6, 0)
    at, kinds = _blade_turn(maze_off, FAR_BEHIND)
    assert kinds[:2] == ["walk", "attack"] and at == (4, 0)
    at, kinds = _blade_turn(maze_off, FAR_BEHIND, labyrinth=False)
    assert "attack" not in kinds and at == (6, 0)


def test_s53_the_decision_reads_the_maze_values_on_a_labyrinth_board():
    style = BotStyle(caution=0.35, lookahead=4, in_maze={"caution": 0.9, "lookahead": 2})
    for labyrinth, caution, lookahead, kept in ((True, 0.9, 2, ()), (False, 0.35, 4, style.in_maze)):
        state, _ = tiny_match("......", {"a": {"team": "red", "at": (0, 0)}, "e": {"team": "blue", "at": (5, 0)}},
                              labyrinth=labyrinth)
        bot = Bot(random.Random(0), style)
        ctx = Context(bot, state, open_action_kinds(state))
        assert (ctx.style.caution, ctx.style.lookahead, ctx.style.in_maze) == (caution, lookahead, kept)
        assert bot.style is style  # the configured style is kept as given
        assert bot.style_on(state.board) is ctx.style  # worked out once for the board


def test_s53_maze_values_are_checked_and_kept_sorted():
    style = BotStyle(in_maze={"tempo": 3, "caution": 0.5, "jam_maze": True, "lookahead": 2})
    assert style.in_maze == (("caution", 0.5), ("jam_maze", True), ("lookahead", 2), ("tempo", 3.0))
    assert isinstance(dict(style.in_maze)["tempo"], float)
    assert hash(style) == hash(BotStyle(in_maze=(("lookahead", 2), ("caution", 0.5), ("tempo", 3.0),
                                                 ("jam_maze", True))))
    played = style.on_board(True)
    assert (played.caution, played.tempo, played.jam_maze, played.lookahead, played.in_maze) == (0.5, 3.0, True, 2, ())
    assert style.on_board(False) is style
    for bad, words in (({"cuation": 0.5}, "no field 'cuation'"), ({"in_maze": ()}, "no field 'in_maze'"),
                       ({"lookahead": 1.5}, "'lookahead' takes an int"), ({"jam_maze": 1}, "'jam_maze' takes a bool"),
                       ({"caution": "high"}, "'caution' takes a float"),
                       ((("caution", 0.5), ("caution", 0.6)), "'caution' given twice")):
        with pytest.raises(ValueError, match=words):
            BotStyle(in_maze=bad)


def test_s53_only_the_strong_level_carries_maze_weights():
    # shipped where a confirmed gain says so (docs/bots.md): a bow half as careful and twice the
    # tempo in the strong level's labyrinths, a death priced apart there (session 59) and the last
    # fighter's press (session 60), the tempo held only while someone came (session 62), a smaller
    # try of pushes and jumps (session 63, `deep` too); `deep` (measured without the others) and the
    # other levels as before
    carried = {level: style.in_maze for level, style in LEVEL_STYLES.items()}
    strong = (("death", 2.0), ("death_floor", 0.3), ("death_replies", 2.0), ("death_until", 28),
              ("press_after_run", True), ("press_from", 25), ("press_last", True),
              ("ranged_caution", 0.35), ("tempo", 4.0), ("tempo_held", 2), ("try_bonus", 0.75))
    expected = {level: () for level in LEVEL_STYLES}
    expected |= {"strong": strong, "deep": (("try_bonus", 0.75),)}
    assert carried == expected
    played = LEVEL_STYLES["strong"].on_board(True)
    assert (played.ranged_caution, played.tempo) == (0.35, 4.0)
    assert LEVEL_STYLES["strong"].on_board(False) is LEVEL_STYLES["strong"]


BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"}, "skills": {"weapons": {"bow": 4}}}
RING = ("..........\n"
        ".####.###.\n"
        ".#......#.\n"
        ".#.####.#.\n"
        "..........")


def _bow_turn(style, labyrinth):
    """A small maze of loops at round 8: our bow at (8, 0) at the top, our sword at (9, 3), an
    enemy blade inside at (7, 2) and an enemy bow far left at (0, 1): where our bow ends its turn."""
    state, dice = tiny_match(
        RING,
        {"a": {"team": "red", "at": (8, 0), **BOW}, "c": {"team": "red", "at": (9, 3)},
         "e": {"team": "blue", "at": (7, 2)}, "g": {"team": "blue", "at": (0, 1), **BOW}},
        faces=[10] * 60, labyrinth=labyrinth,
    )
    state.round = 8
    bot = Bot(random.Random(0), style)
    while state.active.id == "a":
        state, _ = apply(state, bot.choose(state), dice)
    return state.fighters["a"].position


def test_s53_the_strong_bow_in_a_maze_steps_up_where_it_held_back():
    # with the maze weights the bow walks one square toward the fight; the level without them (as
    # before session 53), and the same board as an open map, keep it where it stood
    strong = LEVEL_STYLES["strong"]
    assert _bow_turn(strong, labyrinth=True) == (7, 0)
    assert _bow_turn(replace(strong, in_maze=()), labyrinth=True) == (8, 0)
    assert _bow_turn(strong, labyrinth=False) == (8, 0)


def test_s53_the_bench_sets_maze_values():
    strong = LEVEL_STYLES["strong"]
    got = style_with(strong, "maze.caution=0.5,tempo=1,maze.lookahead=2,maze.jam_maze=0")
    assert got.tempo == 1.0 and got.caution == strong.caution
    # added to the level's own maze values (`death`…, `ranged_caution`, `tempo`)
    assert got.in_maze == tuple(sorted((dict(strong.in_maze) | {"caution": 0.5, "jam_maze": False,
                                                                  "lookahead": 2}).items()))
    assert dict(got.in_maze)["caution"] == 0.5 and dict(got.in_maze)["tempo"] == 4.0
    again = style_with(got, "maze.caution=0.7")  # a maze value given again replaces the old one
    assert dict(again.in_maze)["caution"] == 0.7 and dict(again.in_maze)["lookahead"] == 2
    with pytest.raises(SystemExit, match="no BotStyle field 'nope'"):
        style_with(strong, "maze.nope=1")
