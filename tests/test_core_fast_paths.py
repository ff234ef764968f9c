"""The core's fast paths for bots and highlights give what the rule's full check gives.

Each fast path (a step checked without building a refusal, the sight walk on the board's
blocking grid, the attack refusal worked out once per query) is compared with the rule's
own refusal on every square of random small maps, so a change to either shows here.
"""

import random

from arena_game.core.geometry import neighbours
from arena_game.core.queries import attack_targets
from arena_game.core.rules.attack import attack_refusal
from arena_game.core.rules.movement import (
    _step_allowed,
    _step_refusal,
    step_allowed,
    step_refusal,
    walk_options,
    walk_refusal,
)
from arena_game.core.rules.ranges import sight_blocker
from tests.builders import random_rows, squares_of, tiny_match

WEAPONS = [
    {"name": "Arc", "family": "bow", "range": 4, "damage": "1d6"},
    {"name": "Epee", "family": "melee", "damage": "1d8"},
]


def _random_matches(seed: int, count: int):
    rng = random.Random(seed)
    for case in range(count):
        w, h = rng.randint(3, 7), rng.randint(3, 6)
        rows = random_rows(rng, w, h, "....#O~Lx_")
        free = squares_of(rows)
        if len(free) < 3:
            continue
        a_at, b_at, c_at = rng.sample(free, 3)
        state, _ = tiny_match(
            "\n".join(rows),
            {"a": {"team": "red", "at": a_at, "magic_effect": case % 3 == 1, "weapon": rng.choice(WEAPONS), "height_cm": rng.choice([120, 180])},
             "b": {"team": "blue", "at": b_at}, "c": {"team": "blue", "at": c_at}},
            labyrinth=case % 4 == 0,
        )
        yield rows, state


def test_r2_1_the_fast_step_check_accepts_exactly_the_steps_the_refusal_accepts():
    compared = accepted = 0
    for rows, state in _random_matches(5, 60):
        f = state.active
        h, w = len(rows), len(rows[0])
        for y in range(-1, h + 1):
            for x in range(-1, w + 1):
                for to in [*neighbours((x, y)), (x, y), (x + 2, y)]:
                    for water in (False, True):
                        fast = step_refusal(state, f, (x, y), to, water)
                        full = _step_refusal(state, f, (x, y), to, water)
                        assert (fast and fast.code) == (full and full.code), (rows, (x, y), to, water)
                        assert step_allowed(state, f, (x, y), to, water) == (full is None), (rows, (x, y), to, water)
                        assert _step_allowed(state, f, (x, y), to, water) == (full is None), (rows, (x, y), to, water)
                        compared += 1
                        accepted += full is None
    assert compared > 10_000 and accepted > 500


def test_r2_1_open_steps_are_the_squares_step_allowed_accepts_in_their_order():
    from arena_game.core.rules.movement import open_steps

    compared = kept = 0
    for case, (rows, state) in enumerate(_random_matches(7, 60)):
        if case % 3 == 2:
            state.fighters["c"].alive = False  # a dead fighter's square is free again
        h, w = len(rows), len(rows[0])
        for f in state.fighters.values():
            for y in range(-1, h + 1):
                for x in range(-1, w + 1):
                    squares = [*neighbours((x, y)), (x, y), (x + 2, y), f.position]
                    for water in (False, True):
                        want = [sq for sq in squares if step_allowed(state, f, (x, y), sq, water)]
                        assert open_steps(state, f, (x, y), squares, water) == want, (rows, f.id, (x, y), water)
                        compared += 1
                        kept += len(want)
    assert compared > 5_000 and kept > 10_000


def test_r0_8_distance_and_adjacency_are_the_grids_own():
    from arena_game.core.geometry import chebyshev, is_adjacent

    around = [(x, y) for x in range(-3, 4) for y in range(-3, 4)]
    for a in around:
        ring = set(neighbours(a))
        for b in around:
            assert chebyshev(a, b) == max(abs(a[0] - b[0]), abs(a[1] - b[1])), (a, b)
            assert is_adjacent(a, b) == (b in ring), (a, b)
            assert is_adjacent(list(a), b) == (b in ring), (a, b)  # a square read from a file


def test_r4_4_a_runs_next_squares_and_declarable_squares_are_those_the_refusals_accept():
    from arena_game.core.rules.run_headings import heading_allowed, heading_reference
    from arena_game.core.rules.running import (
        _declarable,
        _declared_square_refusal,
        run_next_squares,
    )
    from arena_game.core.settings import RulesSettings
    from arena_game.core.state import RunProgress

    readings = [RulesSettings(), RulesSettings.model_validate({"run": {"declared_must_be_free": False}}),
                RulesSettings.model_validate({"run": {"heading_reference": "first_step"}})]
    rng = random.Random(9)
    compared = kept = 0
    for case, (rows, state) in enumerate(_random_matches(13, 90)):
        state.settings = readings[case % 3]
        f = state.active
        h, w = len(rows), len(rows[0])
        for y in range(h):
            for x in range(w):
                origin = (x, y)
                # a run that came to `origin` along two random steps (or starts there)
                path = [origin]
                for _ in range(rng.choice([0, 1, 2])):
                    path.insert(0, rng.choice(neighbours(path[0])))
                run = RunProgress(declared=[], granted=5, path=path)
                ref = heading_reference(state, path)
                want = [sq for sq in neighbours(origin) if state.board.inside(sq)
                        and heading_allowed(state, ref, origin, sq) and step_allowed(state, f, origin, sq)]
                assert run_next_squares(state, f, run) == want, (rows, path)
                declarable = [sq for sq in neighbours(origin) if _declared_square_refusal(state, f, ref, origin, sq) is None]
                assert _declarable(state, f, ref, origin) == declarable, (rows, path, case % 3)
                compared += 1
                kept += len(want) + len(declarable)
    assert compared > 1_000 and kept > 3_000


def test_r2_1_walk_options_give_each_square_the_refusal_of_walk_refusal():
    for rows, state in _random_matches(6, 30):
        f = state.active
        got = walk_options(state, f)
        want = {sq: walk_refusal(state, f, sq) for sq in neighbours(f.position) if state.board.inside(sq)}
        assert [(sq, e and e.code) for sq, e in got.items()] == [(sq, e and e.code) for sq, e in want.items()], rows


def test_r1_attack_targets_carry_the_refusal_of_attack_refusal():
    seen_sight = 0
    for rows, state in _random_matches(8, 60):
        f = state.active
        for t in attack_targets(state, f):
            want = attack_refusal(state, f, t.target)
            assert (t.refusal and t.refusal.code) == (want and want.code), rows
            if t.cls == "no_line_of_sight":
                seen_sight += 1
                blocker = sight_blocker(state.board, f.position, t.square, f.sheet.height_cm)
                assert t.refusal is not None and t.refusal.fields["blocker"] == blocker
    assert seen_sight > 0


def test_r3_1_fleeing_from_lists_the_awake_adjacent_opponents_a_move_leaves():
    from arena_game.core.geometry import is_adjacent
    from arena_game.core.rules.movement import fleeing_from, holding_opponents

    rng = random.Random(9)
    found = 0
    for rows, state in _random_matches(10, 60):
        f = state.active
        for o in state.fighters.values():  # some beside it, some asleep (R10.1)
            if o.id != f.id and rng.random() < 0.5:
                o.position = (f.position[0] + rng.choice((-1, 1)), f.position[1] + rng.choice((-1, 0, 1)))
            o.asleep_turns = rng.choice((0, 0, 1))
        assert holding_opponents(state, f) == [o for o in state.awake_opponents_of(f) if is_adjacent(o.position, f.position)]
        for sq in [*neighbours(f.position), f.position]:
            want = [o for o in state.awake_opponents_of(f)
                    if is_adjacent(o.position, f.position) and not is_adjacent(o.position, sq)]
            got = fleeing_from(state, f, [sq])
            assert got == want, rows
            found += len(got)
    assert found > 20


def test_r1_range_grid_classes_every_square_as_classify_target_from_any_square():
    from arena_game.core.queries import RANGE_CODES, range_grid
    from arena_game.core.rules.ranges import classify_target
    from arena_game.core.sheets import Weapon

    weapons = [{"name": "Arc", "family": "bow", "range": 3, "damage": "1d6"},
               {"name": "Fusil", "family": "firearm", "range": 2, "damage": "1d6"},
               {"name": "Javelot", "family": "thrown", "damage": "1d6"}]
    compared = blind = 0
    for case, (rows, state) in enumerate(_random_matches(8, 40)):
        f = state.active
        board = state.board
        f.sheet = f.sheet.model_copy(update={"weapon": Weapon.model_validate(weapons[case % 3])})
        for at in board.squares():
            if board.terrain(at).solid:
                continue
            grid = range_grid(state, f, at)  # the blocker sums and the sight walk, kept with the board
            for sq in board.squares():
                got = RANGE_CODES[grid[sq[1] * board.width + sq[0]]]
                if sq == at or board.terrain(sq).solid:
                    assert got is None
                    continue
                want = classify_target(board, f.sheet, at, sq).cls
                assert got == (None if want == "out_of_range" else want), (rows, at, sq)
                compared += 1
                blind += want == "no_line_of_sight"
            assert range_grid(state, f, at) is grid
    assert compared > 5_000 and blind > 100


def test_r1_6_the_sight_walk_read_off_its_offsets_sees_what_sight_blocker_sees():
    from arena_game.core.board import Board
    from arena_game.core.rules.ranges import blocking_grid, sight_clear
    from arena_game.core.terrain import Terrain

    rng = random.Random(11)
    compared = blind = 0
    for _case in range(40):
        w, h = rng.randint(2, 12), rng.randint(2, 9)
        cells = tuple(rng.choice([Terrain.FLOOR] * 4 + [Terrain.WALL, Terrain.PILLAR, Terrain.OBSTACLE]) for _ in range(w * h))
        board = Board(width=w, height=h, cells=cells, heights={sq: 150 for sq in ((x, y) for y in range(h) for x in range(w))})
        height = rng.choice([120, 180])
        grid = blocking_grid(board, height)
        squares = list(board.squares())
        for a in squares:
            for b in squares:
                clear = sight_blocker(board, a, b, height) is None
                assert sight_clear(grid, w, a, b) == clear, (w, h, cells, a, b)
                compared += 1
                blind += not clear
    assert compared > 20_000 and blind > 2_000


def test_r1_a_sheets_kept_reach_and_kept_classes_are_the_rules_own():
    from arena_game.core.board import Board
    from arena_game.core.rules.ranges import classify_target, range_class, weapon_range
    from arena_game.core.terrain import Terrain
    from tests.builders import sheet

    board = Board(width=30, height=3, cells=(Terrain.FLOOR,) * 90)
    rng = random.Random(5)
    compared = 0
    for case in range(200):
        family = rng.choice(["melee", "two_handed", "bow", "firearm", "thrown"])
        physique, sensoriel, extra = rng.randint(-2, 8), rng.randint(-2, 8), rng.randint(0, 6)
        s = sheet(f"f{case}", "red", weapon={"name": "w", "family": family, "range": extra},
                  attributes={"physique": physique, "sensoriel": sensoriel})
        want = {"melee": 1, "two_handed": 1, "bow": physique + extra, "firearm": sensoriel + extra,
                "thrown": physique}[family]
        for other in (s, s.model_copy(update={"attributes": s.attributes.model_copy(update={"physique": physique + 1})})):
            reach = want + (other is not s and family in ("bow", "thrown"))
            assert weapon_range(other) == reach, (family, other)
            for x in range(1, 30):
                check = classify_target(board, other, (0, 1), (x, 1))
                assert (check.cls, check.distance, check.reach) == (range_class(other.weapon.family, x, reach), x, reach)
                compared += 1
    assert compared == 200 * 2 * 29


def test_r4_7_the_kept_opponent_masks_are_the_squares_beside_each_opponent():
    from arena_game.core.rules.running_chances import _opponent_masks
    from arena_game.core.rules.running_reach import _grid

    compared = 0
    for _rows, state in _random_matches(17, 60):
        grid = _grid(state.board)
        w, h = grid.width, grid.height
        for f in state.fighters.values():
            opponents = state.awake_opponents_of(f)
            want: dict[int, int] = {}
            for i, o in enumerate(opponents):
                for y in range(h):
                    for x in range(w):
                        if max(abs(x - o.position[0]), abs(y - o.position[1])) == 1:
                            want[y * w + x] = want.get(y * w + x, 0) | 1 << i
            assert _opponent_masks(grid, opponents) == want
            assert _opponent_masks(grid, opponents) == want  # kept, unchanged
            compared += 1
    assert compared > 100


def test_r1_6_the_kept_sight_walks_stay_within_their_offsets_on_the_widest_maps():
    from arena_game.core.rules.ranges import _Walks, sight_cells, sight_walk

    table = _Walks(5_000)
    for dx in range(-255, 256, 17):
        for dy in range(-255, 256, 13):
            walk = table.get((256, dx, dy)) or table.keep((256, dx, dy), sight_walk(256, dx, dy))
            assert table.offsets <= 5_000
            assert table.offsets == sum(1 + len(a) + 2 * len(b) for a, b in table.values())
            cells = sight_cells((0, 0), (dx, dy))
            assert walk == (tuple(c[0][1] * 256 + c[0][0] for c in cells if len(c) == 1),
                            tuple((p[1] * 256 + p[0], q[1] * 256 + q[0]) for p, q in (c for c in cells if len(c) == 2)))
    assert len(table) < 31 * 40  # emptied at least once on the way


def test_r0_4_planning_odds_are_the_forecasts_own_sums():
    from arena_game.core.dice import RollModifier
    from arena_game.core.queries import mean_hit_damage, strike_chance
    from arena_game.core.resolution import check_bonus, fighter_modifiers, term_of
    from arena_game.core.rules.forecast import damage_distribution, hit_chance
    from arena_game.core.state import Modifier

    compared = 0
    for case, (_rows, state) in enumerate(_random_matches(9, 20)):
        a, b = state.fighters["a"], state.fighters["b"]
        for k, key in enumerate(("all", "attack", "dodge", "dexterite", "esquive", "course")):
            (a if k % 2 else b).modifiers.append(Modifier("test", "R7.1", key, case % 5 - 2 + k, 9))
        for f in (a, b):
            for keys, category in ((("dexterite", "corps_a_corps"), "attack"), (("agilite", "esquive"), "dodge")):
                built = sum(m.value for m in fighter_modifiers(f, keys, category))
                bare = f.clone()
                bare.modifiers = []
                assert check_bonus(f, keys, category) == check_bonus(bare, keys, category) + built
                assert check_bonus(bare, keys, category) == sum(term_of(f, k).value for k in keys)  # the roll's terms
        for extra in (0, -8, 3):
            mods = [RollModifier(source="plan", value=extra, rule="R0.4")] if extra else []
            assert strike_chance(state, a, b, extra) == float(hit_chance(state, a, b, mods))
            compared += 1
        dist = damage_distribution(state, a)
        assert mean_hit_damage(state, a) == float(sum(d * p for d, p in dist.items()))
    assert compared >= 30


def test_r0_6_move_open_and_action_open_say_what_the_refusals_say_on_every_budget():
    import itertools

    from arena_game.core.queries import open_action_kinds
    from arena_game.core.rules.budget import action_open, action_refusal, move_open, move_refusal

    state, _ = tiny_match(".~.\n...", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1)}})
    f = state.active
    compared = 0
    moves = {"walk": "walk", "swim": "swim", "jump": "jump", "run_start": "run"}
    for moved, acted, spent, asleep, fallen, in_water, walk_then, acrobatics in itertools.product(
        [None, "walk", "run", "swim", "jump", "stand_up"], [False, True], [False, True], [0, 1], [False, True],
        [False, True], [False, True], [False, True],
    ):
        b = state.budget
        b.moved, b.acted, b.move_spent, b.acrobatics = moved, acted, spent, acrobatics
        f.asleep_turns, f.fallen, f.position = asleep, fallen, (1, 0) if in_water else (0, 0)
        state.settings = state.settings.model_copy(update={"turns": state.settings.turns.model_copy(
            update={"walk_then_action": walk_then})})
        for mode in ("walk", "run", "swim", "jump"):
            assert move_open(state, f, mode) == (move_refusal(state, f, mode) is None)
            compared += 1
        assert action_open(state, f) == (action_refusal(state, f) is None)
        state.memo.clear()
        kinds = open_action_kinds(state)  # its moves: `move_open`'s tests made once
        if not (fallen and not asleep):
            assert {k for k in kinds if k in moves} == {k for k, mode in moves.items() if move_open(state, f, mode)}
    assert compared == 4 * 6 * 2 ** 7


def test_r4_4_the_fast_heading_check_accepts_exactly_the_turns_the_refusal_accepts():
    from arena_game.core.rules.run_headings import heading_allowed, heading_refusal

    compared = refused = 0
    for _rows, state in _random_matches(7, 8):  # labyrinth maps among them (right angles allowed)
        o = (3, 3)
        for before in neighbours(o):
            for ref in (None, (before, o), ((before[0] - 1, before[1]), before)):
                for to in neighbours(o):
                    full = heading_refusal(state, ref, o, to)
                    assert heading_allowed(state, ref, o, to) == (full is None), (ref, to)
                    compared += 1
                    refused += full is not None
    assert compared > 1000 and refused > 100


def test_r2_1_walk_squares_are_the_squares_walk_options_allows_in_its_order():
    from arena_game.core.queries import walk_squares

    seen = 0
    for _rows, state in _random_matches(8, 40):
        for f in state.fighters.values():  # the active fighter and the others (asked about as the active one would be)
            want = [sq for sq, why in walk_options(state, f).items() if why is None]
            assert walk_squares(state, f) == want
            seen += len(want)
        state.budget.moved = "walk"  # the turn's move spent: nothing to walk to
        assert walk_squares(state) == [] == [sq for sq, why in walk_options(state).items() if why is None]
    assert seen > 50


def test_kept_tables_empty_themselves_when_full_and_answer_as_dicts():
    from arena_game.core.kept import Kept, by_identity

    table: Kept[int, str] = Kept(3)
    assert [table.keep(k, str(k)) for k in (1, 2, 3)] == ["1", "2", "3"]
    assert table.get(2) == "2" and len(table) == 3
    assert table.keep(4, "4") == "4"  # full: emptied first, then kept
    assert dict(table) == {4: "4"}

    calls: list[object] = []

    @by_identity(maxsize=2)
    def answer(obj: object, n: int) -> tuple[int, int]:
        calls.append(obj)
        return (id(obj), n)

    a, b = object(), object()
    assert answer(a, 1) == answer(a, 1) and calls == [a]  # worked out once per object and argument
    answer(b, 1)
    answer(a, 2)  # a third entry: the table starts over
    assert answer(b, 1) == (id(b), 1) and calls == [a, b, a, b]


def test_r2_3_swim_path_allowed_accepts_exactly_the_paths_the_refusal_accepts():
    from arena_game.core.rules.swimming import swim_path_allowed, swim_path_refusal

    rng = random.Random(11)
    accepted = refused = 0
    for rows, state in _random_matches(12, 80):
        f = state.active
        h, w = len(rows), len(rows[0])
        water = squares_of(rows, "~")
        for case in range(40):
            if water and case % 2:  # from the water too (a swim goes on from there)
                f.position = rng.choice(water)
            state.budget.moved = rng.choice([None, None, None, "walk"])
            state.budget.acted = rng.random() < 0.2
            sq, path = f.position, []
            for _step in range(rng.randint(1, 4)):  # mostly into water, now and then a jump or off the map
                near = [nb for nb in neighbours(sq) if 0 <= nb[0] < w and 0 <= nb[1] < h and rows[nb[1]][nb[0]] == "~"]
                sq = rng.choice(near) if near and rng.random() < 0.7 else rng.choice(
                    [*neighbours(sq), (sq[0] + 2, sq[1]), (rng.randint(-1, w), rng.randint(-1, h))])
                path.append(sq)
            full = swim_path_refusal(state, f, path)
            assert swim_path_allowed(state, f, path) == (full is None), (rows, f.position, path)
            accepted += full is None
            refused += full is not None
    assert accepted > 100 and refused > 1000


def test_r1_r7_open_attack_targets_and_open_taunts_are_the_options_without_a_refusal():
    from arena_game.core import queries
    from arena_game.core.rules import targets

    rng = random.Random(13)
    attacks = taunts = closed = 0
    for _rows, state in _random_matches(14, 80):
        for case in range(6):
            state.memo.clear()
            b = state.budget
            b.acted, b.moved = rng.random() < 0.25, rng.choice([None, None, "walk", "swim", "run"])
            for o in state.fighters.values():
                o.asleep_turns = 1 if rng.random() < 0.1 else 0
                o.alive = rng.random() < 0.9
            state.turn_serial = rng.randint(1, 3)
            state.last_turn_serial = {fid: rng.randint(0, 2) for fid in state.fighters}
            state.teams["red"].kills = [("b", rng.randint(0, 3))] if rng.random() < 0.5 else []
            for f in state.fighters.values():
                want = [t for t in targets.attack_targets(state, f) if t.refusal is None]
                assert targets.open_attack_targets(state, f) == want
                asked_first = case % 2 and f is state.active  # read off the full query kept in the memo
                if asked_first:
                    queries.attack_targets(state, f)
                assert queries.open_attack_targets(state, f) == want
                if f is state.active and not asked_first:
                    assert ("open_attack_targets", f.id) in state.memo
                options = targets.taunt_options(state, f)
                assert targets.open_taunts(state, f) == [o for o in options if o.refusal is None]
                attacks += len(want)
                taunts += sum(o.refusal is None for o in options)
                closed += sum(o.refusal is not None for o in options)
    assert attacks > 200 and taunts > 300 and closed > 300


def test_r8_1_open_circle_squares_are_the_circle_squares_when_the_circle_attack_has_no_refusal():
    from arena_game.core import queries

    rng = random.Random(29)
    weapons = [{"name": "Hache", "family": "two_handed", "damage": "1d10"}, *WEAPONS]
    opened = closed_two_handed = 0
    for _case in range(150):
        w, h = rng.randint(3, 5), rng.randint(3, 5)
        rows = random_rows(rng, w, h, ".....#~")
        free = squares_of(rows)
        if len(free) < 5:
            continue
        at = rng.sample(free, 5)
        state, _ = tiny_match("\n".join(rows), {
            fid: {"team": team, "at": sq, "weapon": rng.choice(weapons)}
            for fid, team, sq in zip("abcde", ["red", "red", "blue", "blue", "blue"], at, strict=True)})
        for _ in range(4):
            b = state.budget
            b.acted, b.moved = rng.random() < 0.25, rng.choice([None, None, "walk", "swim", "run"])
            for o in state.fighters.values():
                o.asleep_turns = 1 if rng.random() < 0.1 else 0
                o.fallen = rng.random() < 0.1
                o.alive = rng.random() < 0.85
            for f in state.fighters.values():
                opt = queries.circle_attack_squares(state, f)
                want = opt.squares if opt.refusal is None else []
                assert queries.open_circle_squares(state, f) == want, (rows, f.id, opt)
                opened += bool(want)
                closed_two_handed += opt.refusal is not None and bool(opt.squares) and \
                    f.sheet.weapon.family == "two_handed"
    assert opened > 50 and closed_two_handed > 50


def test_r4_8_run_attack_open_left_and_run_continue_open_say_what_the_refusals_say_on_every_run():
    import itertools

    from arena_game.core.queries import run_attack_ahead
    from arena_game.core.rules.attack import (
        run_attack_left,
        run_attack_open,
        run_attack_open_refusal,
    )
    from arena_game.core.rules.running import run_continue_open, run_continue_refusal
    from arena_game.core.state import RunProgress

    compared = 0
    for weapon in WEAPONS:
        state, _ = tiny_match("....\n....", {"a": {"team": "red", "at": (0, 0), "weapon": weapon},
                                             "b": {"team": "blue", "at": (3, 1)}})
        f = state.active
        for running, granted, moved, attacked, finished, asleep, fallen in itertools.product(
            [False, True], [None, 3], [0, 1, 2], [False, True], [False, True], [0, 1], [False, True],
        ):
            state.budget.run = RunProgress(declared=[(1, 0)], granted=granted, path=[(0, 0), (1, 0), (2, 0)][:moved + 1],
                                           attacked=attacked, finished=finished) if running else None
            f.asleep_turns, f.fallen = asleep, fallen
            full = run_attack_open_refusal(state, f)
            assert run_attack_open(state, f) == (full is None)
            assert run_attack_left(state, f) == (full is None or full.code == "run_attack_before_moving")
            assert run_attack_ahead(state, f) == run_attack_left(state, f)
            assert run_continue_open(state, f) == (run_continue_refusal(state, f) is None)
            compared += 1
    assert compared == 2 * 2 ** 6 * 3
