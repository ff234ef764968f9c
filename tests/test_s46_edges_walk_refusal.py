"""R2.1: `queries.walk_refusal` is the refusal `apply` raises for a walk to any square (rule,
code, fields and words), on tiny boards, for every square of the board and the ring around
it, in every state a turn can be in (walls, R2.2 corners, water, R2.5 dead squares, occupied,
far, fallen, asleep, already moved, a failed or a good R3 flight, acted, the match waiting
or over, another fighter's walk); and the walk mode's hover card gives that very refusal."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core import IllegalAction, ScriptedDice, SeededDice, apply, queries
from arena_game.core.actions import Walk
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.core.state import MatchState, PendingSplit
from arena_game.i18n import refusal_line
from arena_game.ui.modes.moving import WalkMode
from tests.builders import tiny_match
from tests.ui_driver import board, click_square, hover_square, open_app, press_key, ui_match

# `a` (red) walks; `b` (blue) stands beside it (R3: leaving it is a flight); `c` is a's ally
BOARDS = {
    # walls and a pillar cutting corners (R2.2), an obstacle (R2.4), water (R2.3)
    "walls": (".#...\n..O..\nx~...\n.....",
              {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (0, 1)},
               "c": {"team": "red", "at": (3, 3)}}),
    # the dead squares (R2.5): lava, acid and a hole beside the walker, water in a corner
    "dead": ("L..\n._.\n%.~\n...",
             {"a": {"team": "red", "at": (1, 2)}, "b": {"team": "blue", "at": (2, 1)},
              "c": {"team": "red", "at": (0, 3)}}),
    # a corridor's mouth: walls on both sides, its corners cut (R2.2), the way out held
    "corridor": ("#.#\n#.#\n#.#\n...",
                 {"a": {"team": "red", "at": (1, 2)}, "b": {"team": "blue", "at": (0, 3)},
                  "c": {"team": "red", "at": (1, 3)}}),
}


def _settings(**turns_or_teams: dict) -> object:
    return DEFAULT_SETTINGS.model_copy(update={
        k: getattr(DEFAULT_SETTINGS, k).model_copy(update=v) for k, v in turns_or_teams.items()})


def _play_scripted(state: MatchState, action: Walk, faces: list[int]) -> MatchState:
    return apply(state, action, ScriptedDice(list(faces), 0))[0]


def _states(grid: str, fighters: dict) -> dict[str, MatchState]:
    """The walker's turn in each state it can be in, from plain play where play gets there."""
    fresh, _ = tiny_match(grid, fighters)
    out = {"fresh": fresh}
    fled_failed = _play_scripted(fresh, _away(fresh), [1])  # R3: a 1 on the d4 spends the move
    assert fled_failed.budget.move_spent and fled_failed.active.id == "a"
    out["fled and failed"] = fled_failed
    fled = _play_scripted(fresh, _away(fresh), [4])
    assert fled.budget.moved == "walk" and fled.active.id == "a"
    out["fled"] = fled
    for name, change in (("fallen", lambda s: setattr(s.active, "fallen", True)),
                         ("asleep", lambda s: setattr(s.active, "asleep_turns", 2)),
                         ("acted", lambda s: setattr(s.budget, "acted", True)),
                         ("over", lambda s: setattr(s, "over", True)),
                         ("suicide pending", lambda s: setattr(s, "suicide_pending", "b")),
                         ("split pending", lambda s: setattr(s, "split_pending", PendingSplit("a", 4, ("b", "c"), "torse")))):
        s = fresh.clone()
        change(s)
        out[name] = s
    acted_no_walk = fresh.clone()  # R0.6 Reading: no walk once the action is taken
    acted_no_walk.settings = _settings(turns={"walk_then_action": False})
    acted_no_walk.budget.acted = True
    out["acted, walk before action only"] = acted_no_walk
    suicides = fresh.clone()  # R9.1 Reading: a dead square may be walked into
    suicides.settings = _settings(teams={"suicide_allowed": True})
    out["suicide allowed"] = suicides
    edge = fresh.clone()  # R13: beside the map's edge, a step off it
    edge.active.position = next(sq for sq in _squares(fresh) if sq[0] == fresh.board.width - 1 and sq[1] >= 0
                                and fresh.board.terrain(sq).value == "floor" and fresh.fighter_at(sq) is None)
    out["at the edge"] = edge
    swimmer = fresh.clone()  # R2.3: a fighter in the water swims
    water = next((sq for sq in _squares(fresh) if fresh.board.inside(sq) and fresh.board.terrain(sq).value == "water"), None)
    if water is not None:
        swimmer.active.position = water
        out["in the water"] = swimmer
    return out


def _away(state: MatchState) -> Walk:
    b = state.fighters["b"]
    return Walk(to=next(sq for sq in queries.walk_squares(state)
                        if max(abs(sq[0] - b.position[0]), abs(sq[1] - b.position[1])) > 1))


def _squares(state: MatchState) -> list[tuple[int, int]]:
    """Every square of the board and the ring just outside it."""
    return [(x, y) for y in range(-1, state.board.height + 1) for x in range(-1, state.board.width + 1)]


def _engine(state: MatchState, action: Walk) -> IllegalAction | None:
    try:
        apply(state, action, SeededDice(11))
    except IllegalAction as e:
        return e
    return None


def _same(query: IllegalAction | None, engine: IllegalAction | None) -> bool:
    if query is None or engine is None:
        return query is engine
    return (type(query), query.rule, query.code, query.fields, str(query)) == \
        (type(engine), engine.rule, engine.code, engine.fields, str(engine))


@pytest.mark.parametrize("name", BOARDS)
def test_r2_1_walk_refusal_is_the_refusal_apply_raises_for_every_square_and_turn_state(name):
    grid, fighters = BOARDS[name]
    codes: set[str | None] = set()
    for label, state in _states(grid, fighters).items():
        for sq in _squares(state):
            query = queries.walk_refusal(state, state.active, sq)
            engine = _engine(state, Walk(to=sq))
            assert _same(query, engine), (name, label, sq, str(query), str(engine))
            assert queries.walk_refusal(state, None, sq) is not None or query is None, (label, sq)
            codes.add(query.code if query is not None else None)
            # another fighter's walk is refused as `apply` refuses a walk naming it (R0.5)
            other = state.fighters["b"]
            assert _same(queries.walk_refusal(state, other, sq), _engine(state, Walk(to=sq, fighter="b"))), (label, sq)
    # the boards reach what they are for
    expected = {None, "step_not_adjacent", "outside_map", "occupied", "already_moved", "fallen", "asleep",
                "match_over", "suicide_verdict_pending", "split_pending"}
    expected |= {"walls": {"solid_square", "diagonal_blocked", "obstacle_jump_only", "water_swim_only",
                           "in_water_swims", "already_acted"},
                 "dead": {"dead_square", "water_swim_only", "in_water_swims", "already_acted"},
                 "corridor": {"solid_square", "diagonal_blocked", "already_acted"}}[name]
    assert expected <= codes, expected - codes


@pytest.mark.parametrize("name", BOARDS)
def test_r2_1_the_walk_modes_refusal_is_the_query_on_every_square_even_when_walking_is_closed(name):
    """The hover card's reason comes from `walk_refusal` alone: a far square of a fighter on
    the ground or done moving says so (R5.2, R0.6), not only that it is not adjacent."""
    grid, fighters = BOARDS[name]
    mode = WalkMode()
    for label, state in _states(grid, fighters).items():
        for sq in _squares(state):
            if sq == state.active.position:
                assert mode.refusal(state, sq) is None  # a click there does nothing
                continue
            assert _same(mode.refusal(state, sq), _engine(state, Walk(to=sq))), (label, sq)


def test_r0_6_a_far_square_of_a_walker_who_already_moved_says_it_already_moved():
    grid, fighters = BOARDS["walls"]
    fled = _states(grid, fighters)["fled and failed"]
    err = WalkMode().refusal(fled, (4, 3))
    assert err is not None and err.code == "already_moved", err


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r2_1_the_walk_hover_card_shows_the_querys_refusal_on_every_square(lang):
    """Walk mode open on a board with a wall, a pillar's corner, water, lava and an ally:
    every square's hover card carries `walk_refusal`'s line (edged as a refusal) or none,
    and a click on a refused square is refused with that line."""
    grid = ".#L.\n..O.\n~...\n...."
    fighters = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (3, 3)},
                "c": {"team": "red", "at": (0, 1)}}
    app = open_app(ui_match(grid, fighters), lang=lang)
    press_key(app, pygame.K_1)
    screen = board(app)
    assert screen.mode.name == "walk"
    state = screen.ctrl.state
    seen = set()
    for y in range(state.board.height):
        for x in range(state.board.width):
            sq = (x, y)
            err = None if sq == state.active.position else queries.walk_refusal(state, state.active, sq)
            hover_square(app, sq)
            card = board(app).card_text
            if err is None:
                assert not board(app).card_refused, (sq, card)
                continue
            seen.add(err.code)
            assert refusal_line(err, lang) in card and board(app).card_refused, (sq, card)
    assert {"solid_square", "diagonal_blocked", "water_swim_only", "dead_square", "occupied",
            "step_not_adjacent"} <= seen, seen
    click_square(app, (3, 1))  # two squares away: the click is refused with the card's line
    assert refusal_line(queries.walk_refusal(state, state.active, (3, 1)), lang) in board(app).hud.status_text
