"""The running queries the window draws (R4): declared options, reach after the roll, the
roll distribution and the exact probability map, against hand-computed values."""

from fractions import Fraction as F

from arena_game.core.queries import (
    available_actions,
    declared_options,
    run_distribution,
    run_probability_map,
    run_reach,
    run_route,
    run_step_options,
)
from arena_game.core.settings import RulesSettings
from arena_game.core.state import Modifier
from tests.builders import play, random_rows, run, squares_of, tiny_match

OPEN = "\n".join(["." * 9] * 5)
# With no bonus the d20 alone: 1–4 → 1, 5–9 → 2, 10–14 → 3, 15–19 → 4, 20 → 5 squares.
AT_LEAST = {1: F(1), 2: F(16, 20), 3: F(11, 20), 4: F(6, 20), 5: F(1, 20)}


def _open(a_at=(4, 2), z_at=(8, 0), grid=OPEN, **kw):
    return tiny_match(grid, {"a": {"team": "red", "at": a_at}, "z": {"team": "blue", "at": z_at}}, **kw)


def test_r4_2_run_distribution_with_modifiers():
    state, _ = tiny_match(
        OPEN,
        {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 3}, "skills": {"course": 2}},
         "z": {"team": "blue", "at": (8, 4)}},
    )
    state.fighters["a"].modifiers.append(Modifier("forced_stop", "R4.6", "all", -1, 5))
    state.fighters["a"].modifiers.append(Modifier("ruse", "R7", "dexterite", -5, 5))  # not a run roll
    # bonus 3 + 2 − 1 = 4: totals 5–24, five faces in each of the rows 2, 3, 4, 5
    assert run_distribution(state) == {2: F(1, 4), 3: F(1, 4), 4: F(1, 4), 5: F(1, 4)}


def test_r4_2_run_distribution_above_50():
    state, _ = tiny_match(
        OPEN, {"a": {"team": "red", "at": (0, 0), "attributes": {"physique": 40}}, "z": {"team": "blue", "at": (8, 4)}},
    )
    # totals 41–60: 41–44 → 8, 45–50 → 9, 51–55 → 10, 56–60 → 11
    assert run_distribution(state) == {8: F(4, 20), 9: F(6, 20), 10: F(5, 20), 11: F(5, 20)}


def test_r4_1_declared_options_follow_the_heading():
    state, _ = _open()
    first = declared_options(state, [])
    assert sorted(first) == sorted([(4, 1), (5, 1), (5, 2), (5, 3), (4, 3), (3, 3), (3, 2), (3, 1)])
    assert all(v is None for v in first.values())
    assert sorted(declared_options(state, [(5, 2)])) == [(6, 1), (6, 2), (6, 3)]
    assert sorted(declared_options(state, [(5, 2), (6, 1)])) == [(6, 0), (7, 0), (7, 1)]
    assert declared_options(state, [(5, 2), (6, 1), (7, 0)]) == {}  # complete
    assert declared_options(state, [(5, 2), (5, 1)]) == {}  # illegal prefix (90°)


def test_r4_1_declared_options_leave_out_squares_a_runner_cannot_pass():
    grid = "\n".join([".....#...", ".........", ".........", ".........", "........."])
    state, _ = _open(grid=grid, z_at=(6, 1))
    # heading north-east: a wall, a diagonal past its corner (R2.2) and z's square (R4.9)
    assert declared_options(state, [(5, 1)]) == {}


def test_r4_1_lax_declared_options_flag_squares_where_the_run_would_be_stopped():
    grid = "\n".join([".....#...", ".........", ".........", ".........", "........."])
    lax = RulesSettings.model_validate({"run": {"declared_must_be_free": False}})
    state, _ = _open(grid=grid, z_at=(6, 1), settings=lax)
    options = declared_options(state, [(5, 1)])  # heading north-east
    assert set(options) == {(5, 0), (6, 0), (6, 1)}
    assert str(options[(5, 0)]) == "R13: (5, 0) is a wall"
    assert str(options[(6, 0)]) == "R2.2: diagonal step blocked by the wall at (5, 0)"
    assert str(options[(6, 1)]) == "R2.1: (6, 1) is occupied by Z"


def test_r4_1_declared_options_leave_out_dead_squares():
    grid = "\n".join([".........", ".........", ".....L...", ".........", "........."])
    state, _ = _open(grid=grid)
    assert (5, 2) not in declared_options(state, [])


def test_r4_3_run_reach_and_step_options_after_the_roll():
    state, dice = _open(a_at=(0, 2), z_at=(8, 4), faces=[20])  # 5 squares, 2 left at (3, 2)
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]})
    # R4.1: on its start square the runner reaches the declared squares first, then beyond
    assert run_reach(state) == {
        (1, 2): 1, (2, 2): 2, (3, 2): 3, (4, 1): 4, (4, 2): 4, (4, 3): 4,
        (5, 0): 5, (5, 1): 5, (5, 2): 5, (5, 3): 5, (5, 4): 5, (4, 0): 5, (4, 4): 5,
    }
    assert run_route(state, (2, 2)) == [(1, 2), (2, 2)]
    assert run_route(state, (4, 0)) == [(1, 2), (2, 2), (3, 2), (4, 1), (4, 0)]
    assert [sq for sq, why in run_step_options(state).items() if why is None] == [(1, 2)]
    assert run_step_options(state)[(1, 1)].code == "run_step_not_declared"
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[1:])
    reach = run_reach(state)
    assert reach == {
        (4, 1): 1, (4, 2): 1, (4, 3): 1,
        (5, 0): 2, (5, 1): 2, (5, 2): 2, (5, 3): 2, (5, 4): 2, (4, 0): 2, (4, 4): 2,
    }
    options = run_step_options(state)
    assert [sq for sq, why in options.items() if why is None] == [(4, 1), (4, 2), (4, 3)]
    assert options[(3, 1)].rule == "R4.4"
    assert run_route(state, (4, 0)) == [(4, 1), (4, 0)]
    assert run_route(state, (2, 2)) is None
    acts = available_actions(state)
    assert acts["run_step"] is None and acts["run_stop"] is None and acts["run_start"] is not None


L_CORRIDOR = "######\n#....#\n####.#\n####.#\n####.#\n######"


def test_r4_4_run_reach_in_an_l_corridor_needs_a_labyrinth():
    for labyrinth in (False, True):
        state, dice = tiny_match(
            L_CORRIDOR, {"a": {"team": "red", "at": (4, 4)}, "z": {"team": "blue", "at": (1, 1)}},
            faces=[20], labyrinth=labyrinth,
        )
        # 5 squares: 3 declared up the corridor, 2 left at the corner (4, 1)
        state, _ = play(state, dice, *run([(4, 3), (4, 2), (4, 1)]))
        if labyrinth:
            assert run_reach(state) == {(3, 1): 1, (2, 1): 2}  # (1, 1) is z's
        else:  # only a right angle goes on: the run is stopped (R4.6)
            assert state.budget.run.end_reason == "forced_stop"
            assert run_reach(state) == {}


def test_r4_no_reach_without_a_rolled_run():
    state, _ = _open()
    assert run_reach(state) == {}
    assert run_route(state, (5, 2)) is None


# -- the probability map -------------------------------------------------------------------


def test_r4_probability_map_open_floor_is_chance_of_enough_squares():
    state, _ = _open(a_at=(4, 2), z_at=(8, 4))
    m = run_probability_map(state)
    # every square at Chebyshev distance d is d steps away on open floor (first step free)
    assert m[(5, 2)] == AT_LEAST[1] == 1
    assert m[(3, 1)] == 1
    assert m[(2, 2)] == AT_LEAST[2] == F(4, 5)
    assert m[(6, 0)] == F(4, 5)
    assert m[(1, 0)] == AT_LEAST[3] == F(11, 20)
    assert m[(0, 4)] == AT_LEAST[4] == F(3, 10)
    assert (4, 2) not in m  # its own square
    assert (8, 4) not in m  # occupied by z
    assert len(m) == 9 * 5 - 2


def test_r4_4_probability_map_respects_headings_and_walls():
    fighters = {"a": {"team": "red", "at": (4, 4)}, "z": {"team": "blue", "at": (1, 1)}}
    state, _ = tiny_match(L_CORRIDOR, fighters)
    # the corner needs a right angle, and R2.2 cuts the diagonal past the wall at (3, 2)
    assert run_probability_map(state) == {(4, 3): 1, (4, 2): F(4, 5), (4, 1): F(11, 20)}
    lab, _ = tiny_match(L_CORRIDOR, fighters, labyrinth=True)
    assert run_probability_map(lab) == {
        (4, 3): 1, (4, 2): F(4, 5), (4, 1): F(11, 20), (3, 1): F(3, 10), (2, 1): F(1, 20),
    }


def test_r3_probability_map_counts_the_flight_before_the_roll():
    # z north of a in the open: every declaration leaves z, so every chance is × 3/4.
    state, _ = tiny_match(
        "\n".join(["." * 7] * 7), {"a": {"team": "red", "at": (3, 3)}, "z": {"team": "blue", "at": (3, 2)}}
    )
    m = run_probability_map(state)
    assert m[(3, 4)] == F(3, 4)
    assert m[(1, 3)] == F(3, 4) * F(4, 5)
    assert m[(0, 0)] == F(3, 4) * F(11, 20)


def test_r3_probability_map_finds_the_declaration_that_stays_beside():
    # At the top edge, declaring (1, 1) then (1, 0) stays beside z at (2, 1) and nothing can be
    # declared after it (R4.1): no flight for those two squares.
    state, _ = tiny_match(
        "\n".join(["." * 5] * 4), {"a": {"team": "red", "at": (2, 2)}, "z": {"team": "blue", "at": (2, 1)}}
    )
    m = run_probability_map(state)
    assert m[(1, 1)] == 1 and m[(3, 1)] == 1
    assert m[(1, 0)] == F(4, 5) and m[(3, 0)] == F(4, 5)
    assert m[(2, 3)] == F(3, 4)
    assert m[(0, 3)] == F(3, 4) * F(4, 5)


def test_r4_7_probability_map_with_tackles_takes_the_safest_best_path():
    state, _ = _open(a_at=(0, 2), z_at=(2, 1))
    plain = run_probability_map(state)
    safe = run_probability_map(state, count_tackles=True)
    assert plain[(3, 2)] == F(11, 20)
    assert safe[(3, 2)] == F(11, 20)  # (1, 3), (2, 3), (3, 2) never moves on from beside z
    # (2, 2): both 2-step ways pass beside z ((1, 3) then (2, 2) would be a right angle)
    assert safe[(2, 2)] == F(4, 5) * F(7, 8)
    # (2, 0): the square before it is always beside z: one tackle die, 7/8 to go on
    assert plain[(2, 0)] == F(4, 5)
    assert safe[(2, 0)] == F(4, 5) * F(7, 8)
    # (3, 0): the fewest steps (3) pass beside z; there is no 4-step path around either
    assert safe[(3, 0)] == F(11, 20) * F(7, 8)


def test_r4_probability_map_during_a_run_is_certain_reach():
    state, dice = _open(a_at=(0, 2), z_at=(5, 1), faces=[20])
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]})
    assert run_probability_map(state) == {sq: 1 for sq in run_reach(state)}
    assert run_probability_map(state, count_tackles=True)[(5, 2)] == F(7, 8)  # via the declared squares
    state, _ = play(state, dice, *run([(1, 2), (2, 2), (3, 2)])[1:])
    m = run_probability_map(state)
    assert m == {sq: 1 for sq in run_reach(state)}
    t = run_probability_map(state, count_tackles=True)
    assert t[(4, 2)] == 1  # arriving beside z costs nothing
    assert t[(5, 3)] == 1  # via (4, 3), not beside z at (5, 1)
    assert t[(5, 2)] == F(7, 8)  # via (4, 1) or (4, 2), both beside z; (4, 3) would turn 90°


def test_r4_probability_map_empty_when_the_fighter_cannot_run():
    state, dice = _open(z_at=(8, 4))
    state, _ = play(state, dice, {"kind": "walk", "to": (5, 2)})
    assert run_probability_map(state) == {}
    # another fighter's map ignores the active fighter's budget
    assert run_probability_map(state, "z")[(7, 4)] == 1


def _engine_chances(state):
    """Brute force through the engine: for every legal declaration and every granted count,
    play the run and collect the squares passed or still reachable; best declaration wins."""
    from arena_game.core import ScriptedDice, apply
    from arena_game.core.rules.movement import fleeing_from

    f = state.active
    dist = run_distribution(state)
    bonus_face = {}
    for face in range(1, 21):  # one face per granted count
        bonus_face.setdefault(_granted(state, face), face)
    best = {}
    for declared in _legal_declarations(state, f):
        flight = bool(fleeing_from(state, f, declared))
        flee = F(3, 4) if flight else F(1)
        for g, face in bonus_face.items():
            dice = ScriptedDice(([2] if flight else []) + [face])
            after, _ = apply(state, {"kind": "run_start", "declared": declared}, dice)
            reached = set(after.budget.run.path[1:]) | set(run_reach(after))
            for sq in reached:
                best.setdefault(sq, {}).setdefault(tuple(declared), F(0))
                best[sq][tuple(declared)] += flee * dist[g]
    return {sq: max(per.values()) for sq, per in best.items()}


def _legal_declarations(state, f, declared=()):
    """Every declaration grown square by square from the rule's own `declared_options`
    (R4.1, each square checked by its refusal; the query reads the declarations table)."""
    from arena_game.core.rules.running import declared_options as rule_declared_options

    options = rule_declared_options(state, list(declared), f)
    if not options:
        return [list(declared)] if declared else []
    return [d for sq in options for d in _legal_declarations(state, f, (*declared, sq))]


READINGS = [  # R4.1 and R4.4 readings: the default, the lax declaration, the first-step heading
    RulesSettings(),
    RulesSettings.model_validate({"run": {"declared_must_be_free": False}}),
    RulesSettings.model_validate({"run": {"heading_reference": "first_step"}}),
]


def test_r4_1_the_probability_map_declarations_are_those_of_declared_options():
    import random

    from arena_game.core.rules.running_chances import _declarations

    rng = random.Random(7)
    for case in range(18):
        rows = random_rows(rng, 6, 5, "....#Ox~L_")
        free = squares_of(rows)
        if len(free) < 2:
            continue
        a_at, z_at = rng.sample(free, 2)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "magic_effect": case % 4 == 1}, "z": {"team": "blue", "at": z_at}},
            labyrinth=case % 3 == 0, settings=READINGS[case % len(READINGS)],
        )
        f = state.active
        got = [[sq for sq, _ in d] for d in _declarations(state, f)]
        assert got == _legal_declarations(state, f), rows
        if not got:
            continue  # walled in: no square can be declared (R4.9)
        first = got[0][:2]
        assert [[sq for sq, _ in d] for d in _declarations(state, f, first)] == _legal_declarations(state, f, first)


def test_r4_1_one_full_declaration_is_checked_as_the_table_lists_it():
    """Without the table, a full-length declaration is checked square by square: each one the
    table lists comes back alone, any other three squares come back as none."""
    import itertools
    import random

    from arena_game.core.geometry import neighbours
    from arena_game.core.rules.run_declarations import _declarations
    from arena_game.core.rules.running_reach import _grid

    rng = random.Random(29)
    checked = refused = 0
    for case in range(18):
        rows = random_rows(rng, 6, 5, "....#Ox~L_")
        free = squares_of(rows)
        if len(free) < 3:
            continue
        a_at, z_at, y_at = rng.sample(free, 3)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "magic_effect": case % 4 == 1}, "z": {"team": "blue", "at": z_at},
             "y": {"team": "red", "at": y_at}},
            labyrinth=case % 3 == 0, settings=READINGS[case % len(READINGS)],
        )
        f = state.active
        n = state.settings.run.declared_squares
        table = list(_declarations(state, f))
        full = {tuple(sq for sq, _ in d) for d in table if len(d) == n}
        paths = [(a, b, c) for a in neighbours(f.position) for b in neighbours(a) for c in neighbours(b)]
        for squares in itertools.chain(full, rng.sample(paths, 40)):
            _grid(state.board).declarations.clear()
            alone = _declarations(state, f, list(squares))
            want = [d for d in table if tuple(sq for sq, _ in d) == squares]
            assert list(alone) == want, (rows, squares)
            checked += 1
            refused += not want
    assert checked > 300 and refused > 100


def test_r4_1_declared_options_query_matches_the_rule_square_by_square():
    """The query reads the declarations table; the rule checks each square's refusal: the
    same squares in the same order after every prefix, illegal prefixes included."""
    import random

    from arena_game.core.geometry import neighbours
    from arena_game.core.rules.running import declared_options as rule_declared_options

    rng = random.Random(23)
    compared = 0
    for case in range(24):
        rows = random_rows(rng, 6, 5, "....#Ox~L_")
        free = squares_of(rows)
        if len(free) < 3:
            continue
        a_at, z_at, y_at = rng.sample(free, 3)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "magic_effect": case % 4 == 1}, "z": {"team": "blue", "at": z_at},
             "y": {"team": "red", "at": y_at}},
            labyrinth=case % 3 == 0, settings=READINGS[case % len(READINGS)],
        )
        f = state.active
        prefixes = [[], *([sq] for sq in neighbours(f.position))]
        prefixes += [[*p, sq] for p in prefixes[1:] for sq in neighbours(p[-1])]
        prefixes += [[*p, p[0]] for p in prefixes if len(p) == 2]  # one square too many
        if case % 2:
            run_probability_map(state, f)  # the table built: the query reads it
        for declared in prefixes:
            got, want = declared_options(state, declared, f), rule_declared_options(state, declared, f)
            assert [(sq, e and e.code) for sq, e in got.items()] == [(sq, e and e.code) for sq, e in want.items()], (
                rows, declared)
            compared += 1
    assert compared > 500


def test_r4_1_declared_options_are_the_squares_the_declaration_check_accepts():
    """The fast check in `declared_options` against the refusal `run_start` gives, square by square."""
    import random

    from arena_game.core.geometry import neighbours
    from arena_game.core.rules.running import declaration_refusal

    rng = random.Random(11)
    for case in range(10):
        rows = random_rows(rng, 6, 5, "....#Ox~L_")
        free = squares_of(rows)
        if len(free) < 2:
            continue
        a_at, z_at = rng.sample(free, 2)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "magic_effect": case % 3 == 1}, "z": {"team": "blue", "at": z_at}},
            labyrinth=case % 2 == 0,
        )
        f = state.active
        prefixes = [[]] + [d[:k] for d in _legal_declarations(state, f)[:6] for k in (1, 2)]
        for declared in prefixes:
            origin = declared[-1] if declared else f.position
            want = [sq for sq in neighbours(origin)
                    if (err := declaration_refusal(state, f, [*declared, sq])) is None or err.code == "declared_too_few"]
            assert list(declared_options(state, declared, f)) == want, (rows, declared)


def _granted(state, face):
    from arena_game.core.rules.running import run_squares

    f = state.active
    st = state.settings.run
    return run_squares(face + f.sheet.attribute(st.attribute) + f.sheet.skill(st.skill), st)


def test_r4_probability_map_matches_the_engine_on_random_small_maps():
    import random

    rng = random.Random(4)
    flights = 0
    for case in range(10):
        rows = random_rows(rng, 6, 5, "......#O~L")
        grid = "\n".join(rows)
        free = squares_of(rows)
        if len(free) < 3:
            continue
        a_at, z_at = rng.sample(free, 2)
        if case % 2:  # z beside a: flights (R3)
            beside = [sq for sq in free if max(abs(sq[0] - a_at[0]), abs(sq[1] - a_at[1])) == 1]
            if beside:
                z_at = beside[0]
                flights += 1
        state, _ = tiny_match(
            grid, {"a": {"team": "red", "at": a_at}, "z": {"team": "blue", "at": z_at}},
            labyrinth=rng.random() < 0.3,
        )
        assert run_probability_map(state) == _engine_chances(state), grid
    assert flights >= 3


def test_r4_1_probability_map_given_the_squares_declared_so_far():
    state, _ = _open(a_at=(4, 2), z_at=(8, 4))
    m = run_probability_map(state, declared=[(5, 2)])
    assert m[(5, 2)] == 1 and m[(6, 2)] == F(4, 5) and m[(6, 0)] == F(11, 20)
    # heading east from (5, 2), no U-turn fits in 5 rows: nothing west of it
    assert not any(x <= 4 for x, _ in m)
    assert run_probability_map(state, declared=[(5, 2), (5, 1)]) == {}  # 90°: not a declaration


def test_r4_1_the_declaration_tables_kept_with_a_board_are_bounded(monkeypatch):
    """A board outlives its matches (the window's next match on the same map shares it): the
    declaration tables kept with it, one per start square and nearby fighters, start over
    past `TABLES_KEPT` instead of piling up match after match, and still answer the same."""
    from arena_game.core.rules import run_declarations
    from arena_game.core.rules.running_chances import _declarations
    from arena_game.core.rules.running_reach import _grid

    monkeypatch.setattr(run_declarations, "TABLES_KEPT", 4)
    state, _ = _open()
    grid = _grid(state.board)
    starts = [(x, y) for y in range(5) for x in range(9) if (x, y) != (8, 0)]
    sizes, answers = [], {}
    for sq in starts:
        moved = state.clone()
        moved.fighters["a"].position = sq
        answers[sq] = [[s for s, _ in d] for d in _declarations(moved, moved.fighters["a"])]
        sizes.append(len(grid.declarations))
    assert max(sizes) == 4 and len(starts) > 4
    for sq in starts:  # asked again, most of them built anew: the same declarations
        moved = state.clone()
        moved.fighters["a"].position = sq
        assert [[s for s, _ in d] for d in _declarations(moved, moved.fighters["a"])] == answers[sq]
        assert answers[sq] == _legal_declarations(moved, moved.fighters["a"])
