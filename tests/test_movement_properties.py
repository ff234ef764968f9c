"""Properties of the movement rules on random tiny maps (hypothesis): whatever is tried, a
refused action changes nothing, fighters never share a square or stand on a wall, and the
same seed replays the same events."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena_game.core import IllegalAction, SeededDice, apply
from arena_game.core.summary import state_summary
from arena_game.core.terrain import Terrain
from tests.builders import tiny_match

SYMBOLS = ".....#O~Lx"


@st.composite
def matches(draw):
    w, h = draw(st.integers(3, 6)), draw(st.integers(3, 5))
    rows = [[draw(st.sampled_from(SYMBOLS)) for _ in range(w)] for _ in range(h)]
    rows[0][0] = "."
    rows[h - 1][w - 1] = "."
    grid = "\n".join("".join(r) for r in rows)
    fighters = {
        "a": {"team": "red", "at": (0, 0), "attributes": {"physique": 3, "agilite": 2}, "skills": {"nage": 4, "acrobatie": 3}},
        "b": {"team": "blue", "at": (w - 1, h - 1), "height_cm": draw(st.sampled_from([120, 175]))},
    }
    return grid, fighters


SQUARE = st.tuples(st.integers(-1, 6), st.integers(-1, 5))
ACTION = st.one_of(
    st.builds(lambda sq: {"kind": "walk", "to": sq}, SQUARE),
    st.builds(lambda p: {"kind": "swim", "path": p}, st.lists(SQUARE, min_size=1, max_size=3)),
    st.builds(lambda sq: {"kind": "jump", "over": sq}, SQUARE),
    st.just({"kind": "end_turn"}),
    st.just({"kind": "stand_up"}),
)


def _play(grid, fighters, actions, seed):
    state, _ = tiny_match(grid, fighters)
    dice = SeededDice(seed)
    log = []
    for action in actions:
        before, mark = state_summary(state), dice.rolled
        try:
            state, events = apply(state, action, dice)
        except IllegalAction:
            assert state_summary(state) == before and dice.rolled == mark
            log.append("refused")
            continue
        log.extend(e.model_dump_json() for e in events)
        living = [f for f in state.fighters.values() if f.alive]
        assert len({f.position for f in living}) == len(living)
        for f in living:
            t = state.board.terrain(f.position)
            assert t in (Terrain.FLOOR, Terrain.WATER), (f.id, f.position, t)
        if state.over:
            break
    return log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.lists(ACTION, max_size=25), st.integers(0, 10_000))
def test_movement_invariants_and_replay(match, actions, seed):
    grid, fighters = match
    assert _play(grid, fighters, actions, seed) == _play(grid, fighters, actions, seed)
