"""Rules audit (session 41): the queries agree with `apply`, and a refused action changes nothing.

Found by the audit: with `run.declared_must_be_free` off (R4.1 Reading), a declared square the
runner cannot reach (a diagonal cut by a wall corner, R2.2, or a square it cannot pass, R4.9)
stops the run before it (R4.6). `run_reach` offered the squares beyond a cut corner, and
`run_route` found no route to the declared squares before a blocked one.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from arena_game.core import IllegalAction, apply, queries
from arena_game.core.dice import SeededDice
from arena_game.core.geometry import neighbours
from arena_game.core.settings import RulesSettings
from tests.builders import play, random_rows, squares_of, tiny_match, types

LAX = RulesSettings.model_validate({"run": {"declared_must_be_free": False}})


def _lax_run(grid, declared, face=20):
    """`a` at (0, 0) declares `declared` (accepted: the lax Reading) and rolls `face` (no bonus)."""
    state, dice = tiny_match(
        grid, {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (5, 2)}},
        faces=[face], settings=LAX,
    )
    return play(state, dice, {"kind": "run_start", "declared": declared})[0], dice


CORNER = """
..#...
......
......
"""


def test_r4_6_run_reach_stops_before_a_declared_diagonal_a_wall_corner_cuts():
    # (1, 0) → (2, 1) passes the wall corner (2, 0): R2.2 forbids it, so the run stops on (1, 0)
    state, dice = _lax_run(CORNER, [(1, 0), (2, 1), (3, 1)])
    assert state.budget.run.granted == 5
    assert queries.run_reach(state) == {(1, 0): 1}
    assert queries.run_route(state, (1, 0)) == [(1, 0)]
    assert queries.run_route(state, (2, 1)) is None
    assert queries.run_probability_map(state) == {(1, 0): Fraction(1)}
    assert set(queries.run_probability_map(state, count_tackles=True)) == {(1, 0)}
    # and what apply does there: one square, then the forced stop (R4.6), 4 squares left
    after, events = play(state, dice, {"kind": "run_step", "to": (1, 0)})
    assert types(events) == ["moved", "run_ended", "modifier_added"]
    assert (events[1].reason, events[1].squares_left) == ("forced_stop", 4)
    assert (events[2].value, events[2].turns, events[2].rule) == (-4, 5, "R4.6")


WATER = """
..~...
......
......
"""


def test_r4_1_run_route_runs_the_declared_squares_before_one_that_stops_the_run():
    # (2, 0) is water: the lax Reading accepts it and the run will stop on (1, 0) before it
    state, dice = _lax_run(WATER, [(1, 0), (2, 0), (3, 0)])
    assert queries.run_reach(state) == {(1, 0): 1}
    assert queries.run_route(state, (1, 0)) == [(1, 0)]
    assert queries.run_tackle_risks(state) == {}
    after, events = play(state, dice, *[{"kind": "run_step", "to": sq} for sq in queries.run_route(state, (1, 0))])
    assert after.fighters["a"].position == (1, 0)
    assert events[1].reason == "forced_stop"


# -- every query against apply, on small random maps ------------------------------------------

READINGS = [
    RulesSettings(),
    LAX,
    RulesSettings.model_validate({"run": {"heading_reference": "first_step"}}),
    RulesSettings.model_validate({"teams": {"suicide_allowed": True}}),
    RulesSettings.model_validate({"teleport": {"into_water": False, "spell_needs_sight": True}}),
    RulesSettings.model_validate({"turns": {"walk_then_action": False}, "push": {"into_water": False}}),
    RulesSettings.model_validate({"movement": {"jump_fail_spends_move": False}, "run": {"declared_squares": 2}}),
]
WEAPONS = [
    {"name": "Epee", "family": "melee", "damage": "1d6"},
    {"name": "Hache", "family": "two_handed", "damage": "2d6"},
    {"name": "Arc", "family": "bow", "range": 2, "damage": "1d6"},
    {"name": "Fusil", "family": "firearm", "range": 1, "damage": "1d8"},
    {"name": "Dague", "family": "thrown", "damage": "1d4"},
]
MESSAGE = re.compile(r"^R\d+(\.\d+)?: \S")


class _TopFaces:
    """Every die shows its highest face: no failed flight, no tackle (R3.1, R4.7)."""

    def face(self, sides):
        return sides

    def checkpoint(self):
        return 0

    def restore(self, mark):
        pass

    def where(self):
        return None


def _accepted(state, action):
    """Apply `action`; on a refusal check that it names a rule and changed nothing (the state
    and the dice as they were). True when applied."""
    before = state.clone()
    dice = SeededDice(5)
    mark = dice.checkpoint()
    try:
        apply(state, action, dice)
    except IllegalAction as err:
        assert MESSAGE.match(str(err)), (action, str(err))
        assert state == before, action
        assert dice.checkpoint() == mark, action
        return False
    assert state == before, action
    return True


def _random_match(rng, case):
    w, h = rng.randint(4, 6), rng.randint(3, 5)
    rows = random_rows(rng, w, h, "..........#Ox~~L_")
    free = squares_of(rows, ".~")
    if len(free) < 4:
        return None
    fighters = {}
    for i, at in enumerate(rng.sample(free, rng.randint(2, 4))):
        fighters[f"f{i}"] = {
            "team": "red" if i % 2 == 0 else "blue", "at": at, "weapon": rng.choice(WEAPONS),
            "teleport_potions": rng.randint(0, 1), "mana": rng.choice([0, 5, 9]),
            "attributes": {"magie": rng.randint(0, 3), "physique": rng.randint(0, 3)},
            "magic_effect": rng.random() < 0.2,
        }
    state, _ = tiny_match("\n".join(rows), fighters, settings=READINGS[case % len(READINGS)],
                          labyrinth=rng.random() < 0.2)
    return state


def _offered(state, rng):
    """Some action each query calls legal now (to move the match on)."""
    out = [{"kind": "end_turn"}]
    out += [{"kind": "walk", "to": sq} for sq in queries.walk_squares(state)]
    out += [{"kind": "jump", "over": t.over} for t in queries.jump_targets(state) if t.refusal is None]
    out += [{"kind": "attack", "target": t.target} for t in queries.attack_targets(state) if t.refusal is None]
    out += [{"kind": "push", "target": p.target} for p in queries.push_options(state) if p.refusal is None]
    out += [{"kind": "taunt", "style": o.style} for o in queries.taunt_options(state) if o.refusal is None]
    if state.budget.run is not None:
        out += [{"kind": "run_step", "to": sq} for sq, v in queries.run_step_options(state).items() if v is None]
        out += [{"kind": "run_attack", "target": t.target} for t in queries.run_attack_targets(state) if t.refusal is None]
    elif queries.kind_refusal(state, "run_start") is None:
        declared: list = []
        while options := list(queries.declared_options(state, declared)):
            declared.append(rng.choice(options))
        if declared:
            out.append({"kind": "run_start", "declared": declared})
    tele = queries.teleport_targets(state)
    for means, squares in (("potion", tele.potion), ("spell", tele.spell)):
        if squares:
            out.append({"kind": "teleport", "means": means, "to": rng.choice(squares)})
    if queries.circle_attack_squares(state).refusal is None:
        out.append({"kind": "circle_attack", "order": queries.circle_attack_squares(state).squares})
    return out


def _check_queries(state, rng):
    f = state.active
    walks = queries.walk_options(state)
    for sq in neighbours(f.position):
        assert _accepted(state, {"kind": "walk", "to": sq}) == (walks.get(sq, "off") is None), sq
    jumps = {t.over: t.refusal for t in queries.jump_targets(state)}
    for sq in neighbours(f.position):
        assert _accepted(state, {"kind": "jump", "over": sq}) == (jumps.get(sq, "none") is None), sq
    for o in state.fighters.values():
        if o.id == f.id:
            continue
        targets = {t.target: t.refusal for t in queries.attack_targets(state, include_allies=True)}
        assert _accepted(state, {"kind": "attack", "target": o.id}) == (targets.get(o.id, "none") is None), o.id
        pushes = {p.target: p.refusal for p in queries.push_options(state)}
        assert _accepted(state, {"kind": "push", "target": o.id}) == (pushes.get(o.id, "none") is None), o.id
    tele = queries.teleport_targets(state)
    for means, squares in (("potion", tele.potion), ("spell", tele.spell)):
        for sq in state.board.squares():
            if state.board.terrain(sq).dead:
                continue  # never offered: only a magic effect or the house setting lets one in (R9)
            assert _accepted(state, {"kind": "teleport", "to": sq, "means": means}) == (sq in squares), (means, sq)
    for option in queries.taunt_options(state):
        assert _accepted(state, {"kind": "taunt", "style": option.style}) == (option.refusal is None)
    circle = queries.circle_attack_squares(state)
    if circle.squares:
        assert _accepted(state, {"kind": "circle_attack", "order": circle.squares}) == (circle.refusal is None)
    if state.budget.run is None and queries.kind_refusal(state, "run_start") is None:
        for _ in range(4):  # a declaration grown from the query is accepted; a random walk as the rule says
            declared: list = []
            while options := list(queries.declared_options(state, declared)):
                declared.append(rng.choice(options))
            if declared:
                assert _accepted(state, {"kind": "run_start", "declared": declared}), declared
            walk, at = [], f.position
            for _ in range(3):
                at = rng.choice(neighbours(at))
                walk.append(at)
            legal = queries.declaration_refusal(state, f, walk) is None
            assert _accepted(state, {"kind": "run_start", "declared": walk}) == legal, walk
    if state.budget.run is not None:
        steps = queries.run_step_options(state)
        for sq in neighbours(f.position):
            assert _accepted(state, {"kind": "run_step", "to": sq}) == (steps.get(sq, "off") is None), sq
        for sq, n in queries.run_reach(state).items():
            route = queries.run_route(state, sq)
            assert route is not None and len(route) == n, (sq, n, route)
            after = state
            for step in route:  # every route runs as the query says, on dice that tackle no one
                after, _ = apply(after, {"kind": "run_step", "to": step}, _TopFaces())
            assert after.fighters[f.id].position == sq or not after.fighters[f.id].alive
    assert _accepted(state, {"kind": "end_turn"})
    open_kinds = queries.open_action_kinds(state)
    for kind, refusal in queries.available_actions(state).items():
        if refusal is None and kind != "suicide_verdict":
            assert kind in open_kinds, kind


def test_r0_6_every_query_agrees_with_apply_and_every_refusal_changes_nothing():
    """On small random maps with every terrain and every weapon family, under several Readings,
    played on by random legal actions: what a query offers is accepted, what it refuses is
    refused with a message naming the rule, and a refusal leaves the state and the dice as they were."""
    rng = random.Random(41)
    checked = 0
    for case in range(70):
        state = _random_match(rng, case)
        if state is None:
            continue
        dice = SeededDice(case)
        for _ in range(14):
            if state.over:
                break
            if state.suicide_pending is not None:
                state, _ = apply(state, {"kind": "suicide_verdict", "target": state.suicide_pending,
                                         "spared": True}, dice)
                continue
            _check_queries(state, rng)
            checked += 1
            state, _ = apply(state, rng.choice(_offered(state, rng)), dice)
    assert checked > 500



BOXED = """
.#.
#.#
.#.
"""


def test_r4_9_a_run_is_not_offered_where_no_square_can_be_declared():
    """Walled in on every side (R2.2 cuts the diagonals), nothing can be declared (R4.1, R4.9):
    the query that greys the buttons says so, in its own words, and apply agrees."""
    state, dice = tiny_match(BOXED, {"a": {"team": "red", "at": (1, 1)}, "z": {"team": "blue", "at": (0, 0)}})
    assert queries.declared_options(state, []) == {}
    refusal = queries.kind_refusal(state, "run_start")
    assert refusal is not None and (refusal.rule, refusal.code) == ("R4.9", "no_run_square")
    assert str(refusal) == "R4.9: no square can be declared for a run"
    assert queries.available_actions(state)["run_start"] is not None
    for sq in neighbours((1, 1)):
        assert not _accepted(state, {"kind": "run_start", "declared": [sq]})
    # the budget's own refusal still comes first (R0.6)
    after, _ = play(state, dice, {"kind": "taunt", "style": "simple"})
    assert queries.kind_refusal(after, "run_start").code == "run_after_action"
